/** The ball's combatants in a running encounter, and the tick card its turn posts. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { courtScene } from "../../fakes/scenes.mjs";
import { fakeCompanion } from "../../fakes/companion.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";
import { recorded } from "../../tables/yaotzin.mjs";

useTables();

/** Every browser with the module, on a fake companion answering `routes` (returned). */
async function table(routes = {}, options = {}) {
  const companion = fakeCompanion(routes);
  await openOn(companion, options);
  return companion;
}

test("combat: the ball's six combatants are added once, and its turn posts a tick card", async () => {
  const companion = await table({ "/api/v1/yaotzin/tick": recorded("tick") });
  const combat = await moduleOf("gm", "combat");
  const scene = courtScene();
  const created = [];
  const combatants = new Map();
  const fakeCombat = {
    scene,
    combatants: Object.assign(combatants, { contents: [] }),
    createEmbeddedDocuments: async (_t, data) => {
      created.push(...data);
      return data;
    },
  };
  await combat.ensureBallCombatants(fakeCombat);
  assert.deepEqual(
    created.map((c) => c.flags.ballcourt.tick),
    [25, 20, 15, 10, 5, 1],
  );
  combatants.set("c1", created[0]);
  scene.tokens.get("ball").flags.ballcourt.ball = { speed: 3, direction: "E" }; // a still ball's turn posts nothing
  const message = await combat.onCombatTurnChange(fakeCombat, {}, { combatantId: "c1" });
  assert.equal(message.flags.ballcourt.card.kind, "yaotzin.tick");
  const tickBody = companion.calls.find((c) => c.route === "/api/v1/yaotzin/tick").body;
  assert.deepEqual(tickBody.ball, { x: 10, y: 12, speed: 3, direction: "E" });
  assert.equal(tickBody.players.length, 2);
});
