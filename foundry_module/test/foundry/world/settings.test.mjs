/** The module's settings as each page registers them at its own init (world/settings.mjs). */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { openOn, useTables } from "../../tables/table.mjs";

useTables();

/** Every browser with the module, on a fake companion answering `routes` (returned). */
async function table(routes = {}, options = {}) {
  const companion = fakeCompanion(routes);
  await openOn(companion, options);
  return companion;
}

test("settings register with client-scoped connection and a GM-only Apply default", async () => {
  await table(); // each page registers them at its own init
  const reg = globalThis.game.settings.registered;
  assert.equal(reg.get("ballcourt.token").scope, "client");
  assert.equal(reg.get("ballcourt.companionUrl").scope, "client");
  assert.equal(reg.get("ballcourt.companionUrl").default, "http://127.0.0.1:7770");
  assert.equal(reg.get("ballcourt.applyPermission").default, "gm");
  assert.equal(reg.get("ballcourt.diceSource").default, "foundry");
});
