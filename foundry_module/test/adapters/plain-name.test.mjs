/**
 * A player's actor name the companion refuses (control characters and bidi overrides, which
 * could disguise a name on a card, are refused in every name) never fails the GM's request:
 * the module sends it plain.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { plainName } from "../../scripts/core/i18n.mjs";
import { startCompanion } from "../fakes/live-companion.mjs";

const TOKEN = "plain-name-token-0123";
let companion;

before(async () => {
  companion = await startCompanion(TOKEN);
});
after(() => companion?.stop());

const HOSTILE = "Bob\u001b]0;owned\u0007\u001b[2J\u202egnp.exe\n#2";

test("plainName takes out what the companion refuses and keeps the rest", () => {
  assert.equal(plainName(HOSTILE), "Bob ]0;owned [2J gnp.exe #2");
  assert.equal(plainName("Йолтеотль ☀"), "Йолтеотль ☀");
  assert.equal(plainName("\u001b\u202e"), undefined);
  assert.equal(plainName(undefined), undefined);
  assert.equal(plainName(null), undefined);
});

test("the companion refuses the raw name and takes the plain one", async () => {
  const kick = (name) =>
    fetch(`${companion.url}/api/v1/yaotzin/kick`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        players: [
          { id: "ix", team: "sun", x: 10, y: 12, str: 14, dex: 17, bab: 2, name },
          { id: "yo", team: "moon", x: 13, y: 12, reflex: 4 },
        ],
        ball: { x: 10, y: 12 },
        kicker: "ix",
        target: { x: 18, y: 12 },
        standing: true,
      }),
    });
  assert.equal((await kick(HOSTILE)).status, 422);
  assert.equal((await kick(plainName(HOSTILE))).status, 200);
});
