/** Apply plans, Yaotzin's and goat-ball's, and the Undo that restores what they changed. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { planGoatballApply, planYaotzinApply } from "../../scripts/core/apply.mjs";
import { makeMapping } from "../../scripts/core/geometry.mjs";
import { fixture } from "../fakes/scenes.mjs";

test("Apply plans move the ball along its path and Undo restores everything", () => {
  const m = makeMapping({ originX: 0, originY: 0, gridSize: 100 });
  const scene = {
    ball: {
      id: "ball",
      x: 1000,
      y: 1200,
      flags: { ballcourt: { ball: { speed: 0, direction: null } } },
    },
    tokens: new Map([["yo", { id: "yo", x: 1300, y: 1200, nonlethal: 1 }]]),
  };
  const plan = planYaotzinApply(
    m,
    {
      ball: { x: 13, y: 14, speed: 0, direction: null },
      damage: [{ player: "yo", nonlethal: 6 }],
      events: [{ type: "ball", x: 13, y: 14 }],
      moves: [{ player: "yo", x: 12, y: 12 }],
      path: [{ x: 11, y: 12 }],
    },
    scene,
  );
  assert.deepEqual(plan.updates[0], {
    _id: "ball",
    x: 1300,
    y: 1400,
    "flags.ballcourt.ball": { speed: 0, direction: null },
  });
  assert.deepEqual(plan.updates[1], { _id: "yo", x: 1200, y: 1200 });
  assert.deepEqual(plan.damage, [{ tokenId: "yo", amount: 6 }]);
  assert.deepEqual(plan.undo.updates, [
    { _id: "ball", x: 1000, y: 1200, "flags.ballcourt.ball": { speed: 0, direction: null } },
    { _id: "yo", x: 1300, y: 1200 },
  ]);
  assert.deepEqual(
    Object.keys(plan.undo),
    ["updates"],
    "the sheets' damage is recorded when written, not planned",
  );
  assert.deepEqual(plan.animation, [{ x: 1100, y: 1200 }]);
});

test("the companion's dribble card names the ball's square only in its ball event: Apply moves the ball there with the dribbler", () => {
  const m = makeMapping({ originX: 0, originY: 0, gridSize: 100 });
  const scene = {
    ball: { id: "ball", x: 1000, y: 1200, flags: {} },
    tokens: new Map([["ix", { id: "ix", x: 1000, y: 1200 }]]),
  };
  const { payload } = fixture("dribble").chat_card.actions.find((a) => a.id === "apply");
  assert.equal(payload.ball, undefined, "as the companion sends it");
  const plan = planYaotzinApply(m, payload, scene);
  assert.deepEqual(plan.updates, [
    { _id: "ball", x: 1200, y: 1200, "flags.ballcourt.ball": { speed: 0, direction: null } },
    { _id: "ix", x: 1200, y: 1200 },
  ]);
  assert.deepEqual(plan.undo.updates[0], {
    _id: "ball",
    x: 1000,
    y: 1200,
    "flags.ballcourt.ball": { speed: 0, direction: null },
  });
});

test("goat-ball Apply: outs, returns, the ball to the new carrier; Undo puts them back", () => {
  const scene = {
    ball: { id: "ball", x: 0, y: 0 },
    tokens: new Map([
      ["r1", { id: "r1", x: 100, y: 100, out: false }],
      ["b2", { id: "b2", x: 700, y: 100, out: true }],
      ["b1", { id: "b1", x: 500, y: 500, out: false }],
    ]),
  };
  const plan = planGoatballApply(
    {
      out: ["r1"],
      returned: ["b2"],
      dead: [],
      possession: { team: "blue", carrier: "b1" },
      damage: [],
    },
    scene,
  );
  assert.deepEqual(plan.status, [
    { tokenId: "r1", out: true, dead: false },
    { tokenId: "b2", out: false, dead: false },
  ]);
  assert.deepEqual(plan.ballMove, { _id: "ball", x: 500, y: 500 });
  assert.deepEqual(plan.undo.status, [
    { tokenId: "r1", out: false, dead: false },
    { tokenId: "b2", out: true, dead: false },
  ]);
  const hot = planGoatballApply(
    {
      out: ["b1"],
      returned: [],
      possession: { team: "red", carrier: null },
      ball_on: "P8",
      damage: [{ player: "b1", total: 7, type: "piercing" }],
    },
    scene,
    { P8: { x: 800, y: 800 } },
  );
  assert.deepEqual(hot.ballMove, { _id: "ball", x: 800, y: 800 });
  assert.deepEqual(hot.damage, [{ tokenId: "b1", amount: 7, type: "piercing" }]);
  assert.equal(
    hot.undo.damage,
    undefined,
    "Undo restores the sheet's values recorded at the write, not the damage taken off",
  );
});
