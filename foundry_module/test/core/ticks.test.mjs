/** The ball's combatants in the tracker, and attacks of opportunity a round. */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ballCombatants,
  isBallCombatant,
  missingBallCombatants,
  aooPerRound,
} from "../../scripts/core/ticks.mjs";

test("six hidden ball combatants just below 25..1 lose ties to players", () => {
  const balls = ballCombatants();
  assert.deepEqual(
    balls.map((b) => b.flags.ballcourt.tick),
    [25, 20, 15, 10, 5, 1],
  );
  assert.ok(
    balls.every(
      (b) =>
        b.hidden &&
        b.initiative < b.flags.ballcourt.tick &&
        b.initiative > b.flags.ballcourt.tick - 0.01,
    ),
  );
  assert.ok(isBallCombatant(balls[0]) && !isBallCombatant({ flags: {} }));
  const missing = missingBallCombatants([balls[0], balls[3], { flags: {} }]);
  assert.deepEqual(
    missing.map((b) => b.flags.ballcourt.tick),
    [20, 15, 5, 1],
  );
});

test("attacks of opportunity a round: one, plus the Dex bonus with Combat Reflexes", () => {
  assert.equal(aooPerRound({ dex: 16, feats: [] }), 1);
  assert.equal(aooPerRound({ dex: 16, feats: ["combat_reflexes"] }), 4);
  assert.equal(aooPerRound({ dex: 8, feats: ["combat_reflexes"] }), 1);
});
