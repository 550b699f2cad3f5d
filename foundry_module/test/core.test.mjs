import assert from "node:assert/strict";
import { test } from "node:test";

import { courtScene } from "../scripts/core/court-drawings.mjs";
import {
  cornerPoint,
  makeMapping,
  squareAt,
  squareCenter,
  tokenPosition,
  tokenSquare,
} from "../scripts/core/geometry.mjs";
import { formatTemplate, makeLocalizer } from "../scripts/core/i18n.mjs";
import {
  kickRequest,
  previewRequest,
  interceptRequest,
  yaotzinPlayers,
} from "../scripts/core/requests.mjs";
import {
  ballCombatants,
  isBallCombatant,
  missingBallCombatants,
  aooPerRound,
} from "../scripts/core/ticks.mjs";
import { LatestWins } from "../scripts/core/preview.mjs";

const m = makeMapping({ originX: 500, originY: 100, gridSize: 100, length: 72, width: 24 });

test("pixels and squares round-trip through the court mapping", () => {
  assert.deepEqual(squareAt(m, { x: 500, y: 100 }), { x: 0, y: 0 });
  assert.deepEqual(squareAt(m, { x: 599, y: 199 }), { x: 0, y: 0 });
  assert.deepEqual(squareAt(m, { x: 499, y: 100 }), { x: -1, y: 0 });
  assert.deepEqual(squareCenter(m, { x: 3, y: 2 }), { x: 850, y: 350 });
  assert.deepEqual(cornerPoint(m, [11, 12]), { x: 1600, y: 1300 });
  for (const sq of [
    { x: 0, y: 0 },
    { x: 71, y: 23 },
    { x: -3, y: 5 },
  ]) {
    assert.deepEqual(tokenSquare(m, tokenPosition(m, sq)), sq);
  }
});

test("players come from team tokens on the court only", () => {
  const players = yaotzinPlayers(m, [
    {
      id: "a",
      name: "Ix",
      x: 1500,
      y: 1300,
      team: "sun",
      stats: { str: 14, dex: 17, bab: 2, reflex: 3, feats: ["power_attack"], aooLeft: 0 },
    },
    { id: "b", x: 1500, y: 1300, team: null, stats: {} },
    { id: "c", x: 0, y: 0, team: "moon", stats: {} },
  ]);
  assert.deepEqual(players, [
    {
      id: "a",
      name: "Ix",
      team: "sun",
      x: 10,
      y: 12,
      str: 14,
      dex: 17,
      bab: 2,
      reflex: 3,
      feats: ["power_attack"],
      prone: false,
      aoo_left: 0,
    },
  ]);
});

test("kick and preview bodies: the preview is the kick without dice", () => {
  const args = {
    mapping: m,
    players: [],
    ball: { x: 10, y: 12 },
    kicker: "a",
    target: { x: 18, y: 12 },
    standing: true,
    rolls: { attack: 9 },
  };
  const kick = kickRequest(args);
  assert.deepEqual(kick.rolls, { attack: 9 });
  assert.equal(kick.power_attack, 0);
  assert.deepEqual(kick.field, { length: 72, width: 24 });
  const { rolls, ...withoutDice } = kick;
  assert.deepEqual(rolls, { attack: 9 });
  assert.deepEqual(previewRequest(args), withoutDice);
});

test("an intercept body carries the card action's payload and the rolled save", () => {
  const action = {
    payload: {
      kind: "flight",
      player: "yo",
      dc: 15,
      rem: 7,
      ball: { x: 20, y: 12, speed: 0, direction: null },
      from: { x: 10, y: 12 },
      corner: 2,
    },
  };
  const body = interceptRequest({ mapping: m, players: [], action, save: 9 });
  assert.equal(body.from.x, 10);
  assert.equal(body.rem, 7);
  assert.equal(
    body.corner,
    2,
    "the kick's corner d2 goes along, so the companion checks that line",
  );
  assert.deepEqual(body.rolls, { save: 9 });
});

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

test("the court scene: size, mapping and drawings follow the court", () => {
  const plan = courtScene({ length: 72, width: 24, gridSize: 100 });
  assert.equal(plan.width, (72 + 10) * 100);
  assert.equal(plan.height, 26 * 100);
  assert.deepEqual(plan.mapping, {
    originX: 500,
    originY: 100,
    gridSize: 100,
    length: 72,
    width: 24,
  });
  assert.equal(plan.field.slope, 6);
  const northSlope = plan.drawings[0];
  assert.equal(northSlope.shape.height, 600);
  const hoops = plan.drawings.filter((d) => d.text === "◯");
  assert.deepEqual(
    hoops.map((h) => [h.x, h.y]),
    [
      [500 + 3600, 100],
      [500 + 3600, 100 + 2300],
    ],
  );
});

test("i18n: Foundry-style placeholders and nested keys", () => {
  assert.equal(formatTemplate("{a} and {b} and {c}", { a: 1, b: "x" }), "1 and x and {c}");
  const l = makeLocalizer({ A: { B: "hi {n}" }, "C.D": "flat" });
  assert.equal(l.format("A.B", { n: 2 }), "hi 2");
  assert.equal(l.localize("C.D"), "flat");
  assert.equal(l.has("A.Z"), false);
});

/** A companion that answers only when told: `release(i)` answers the i-th request sent. */
function slowCompanion() {
  const sent = [];
  const waiting = [];
  const send = (args) => {
    sent.push(args);
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  const settle = () => new Promise((r) => setImmediate(r));
  return {
    sent,
    send,
    settle,
    answer: async (i, value) => {
      waiting[i].resolve(value);
      await settle();
    },
    fail: async (i, err) => {
      waiting[i].reject(err);
      await settle();
    },
  };
}

test("latest request wins: the leading edge is sent at once, in the same turn as the hover", async () => {
  const companion = slowCompanion();
  const answers = [];
  const pw = new LatestWins(companion.send, (answer) => answers.push(answer));
  pw.request("a");
  assert.deepEqual(companion.sent, ["a"], "sent before any frame or timer");
  await companion.answer(0, "answer a");
  assert.deepEqual(answers, ["answer a"]);
  pw.request("b");
  assert.deepEqual(companion.sent, ["a", "b"], "idle again: the next hover is sent at once too");
});

test("latest request wins: many hovers under a slow companion make exactly one more send, the latest", async () => {
  const companion = slowCompanion();
  const answers = [];
  const pw = new LatestWins(companion.send, (answer, args) => answers.push([answer, args]));
  pw.request(0);
  for (let i = 1; i <= 50; i += 1) pw.request(i);
  await companion.settle();
  assert.deepEqual(companion.sent, [0], "one in flight: the 50 hovers wait");
  await companion.answer(0, "answer 0");
  assert.deepEqual(answers, [], "the answer to 0 is stale: 50 is newer");
  assert.deepEqual(companion.sent, [0, 50], "exactly one more send, with the latest");
  await companion.answer(1, "answer 50");
  assert.deepEqual(answers, [["answer 50", 50]]);
  assert.deepEqual(companion.sent, [0, 50], "nothing left to send");
});

test("latest request wins: stale answers and failures are dropped; cancel drops the one in flight", async () => {
  const companion = slowCompanion();
  const answers = [];
  const pw = new LatestWins(companion.send, (answer) => answers.push(answer));
  pw.request(1);
  pw.request(2);
  await companion.fail(0, new Error("gone"));
  assert.deepEqual(answers, [], "a superseded request's failure is not shown either");
  assert.deepEqual(companion.sent, [1, 2]);
  await companion.fail(1, new Error("down"));
  assert.equal(answers.length, 1);
  assert.equal(answers[0].error.message, "down", "the newest request's failure is shown");
  pw.request(3);
  pw.request(4);
  pw.cancel();
  await companion.answer(2, "answer 3");
  assert.equal(answers.length, 1, "the tool was closed: its answer is dropped");
  assert.deepEqual(companion.sent, [1, 2, 3], "and the pending 4 is never sent");
});
