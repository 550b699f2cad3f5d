/** The squares a dribbler may still reach (core/dribble-reach.mjs), by the companion's rules. */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  courtOf,
  dribbleReach,
  moveBudget,
  splitCost,
  rowHeight,
} from "../../scripts/core/dribble-reach.mjs";

const FIELD = { length: 72, width: 24 };
const keys = (reach) => new Set(reach.map((s) => `${s.x},${s.y}`));
const at = (reach, x, y) => reach.find((s) => s.x === x && s.y === y);

test("the court's slopes follow the companion's defaults", () => {
  assert.deepEqual(courtOf(FIELD), { length: 72, width: 24, slope: 6, endZone: 4 });
  assert.equal(courtOf({ width: 12 }).slope, 3, "a width without a slope: a quarter of it");
  assert.equal(courtOf({ width: 24, slope: 2 }).slope, 2);
  const court = courtOf(FIELD);
  assert.deepEqual(
    [0, 5, 6, 17, 18, 23].map((y) => rowHeight(court, y)),
    [6, 1, 0, 0, 1, 6],
  );
});

test("half speed plus one square when the turn started on the ball, else one square", () => {
  assert.equal(moveBudget(30, true, false), 3);
  assert.equal(moveBudget(20, true, false), 2);
  assert.equal(moveBudget(30, false, false), 0, "the standard action's square only");
  assert.equal(moveBudget(30, true, true), 0, "readied: the standard action's square only");
  assert.equal(
    splitCost(
      [
        [false, false],
        [false, false],
        [false, false],
        [false, false],
      ],
      3,
    ),
    4,
    "15 ft + 5 ft",
  );
  assert.equal(
    splitCost(
      [
        [false, false],
        [false, false],
        [false, false],
        [false, true],
      ],
      3,
    ),
    null,
    "the standard action's square is never uphill",
  );
  assert.equal(
    splitCost(
      [
        [false, true],
        [false, false],
        [false, false],
      ],
      3,
    ),
    4,
    "an uphill square on the move action (2 + 1), the last flat one on the standard action",
  );
});

test("on the flat: four squares straight, diagonals alternate 1 and 2", () => {
  const reach = dribbleReach({
    field: FIELD,
    players: [{ id: "ix", team: "sun", x: 30, y: 12 }],
    dribbler: "ix",
  });
  const k = keys(reach);
  assert.ok(k.has("34,12") && !k.has("35,12"), "4 squares east, not 5");
  assert.ok(k.has("33,9") && !k.has("34,8"), "3 diagonals cost 1+2+1 = 4; a fourth would cost 6");
  assert.equal(at(reach, 32, 10).cost, 3, "two diagonals: 1 + 2");
  assert.ok(!k.has("30,12"), "not the ball's own square");
  assert.equal(
    reach.length,
    68,
    "the move action's 3 squares then the standard action's one, diagonals" +
      " counted within each action: 8 + 16 + 24, and 20 squares four steps out",
  );
});

test("uphill squares cost double; downhill do not", () => {
  const reach = dribbleReach({
    field: FIELD,
    players: [{ id: "ix", team: "sun", x: 30, y: 6 }],
    dribbler: "ix",
  });
  const k = keys(reach);
  assert.ok(
    k.has("30,5") && !k.has("30,4"),
    "up the north slope: one uphill square on the move action (2); the standard action's never is",
  );
  assert.equal(at(reach, 30, 5).cost, 2);
  assert.ok(k.has("30,10") && !k.has("30,11"), "along the flat floor south: 4 squares");
});

test("an opponent's square is closed, and so is the walk through it; a team-mate's is passed through, never ended on", () => {
  const players = [
    { id: "ix", team: "sun", x: 30, y: 12 },
    { id: "yo", team: "moon", x: 32, y: 12 },
    { id: "tl", team: "sun", x: 28, y: 12 },
  ];
  const k = keys(dribbleReach({ field: FIELD, players, dribbler: "ix" }));
  assert.ok(k.has("31,12"));
  assert.ok(!k.has("32,12") && !k.has("33,12"), "into or past the opponent");
  assert.ok(k.has("27,12"), "through a team-mate");
  assert.ok(!k.has("28,12"), "but not onto him (the companion refuses a dribble ending there)");
});

test("over the goal line the walk stops; beyond the walls nothing; readied means one square", () => {
  const k = keys(
    dribbleReach({
      field: FIELD,
      players: [{ id: "ix", team: "sun", x: 1, y: 23 }],
      dribbler: "ix",
    }),
  );
  assert.ok(k.has("-1,23"), "into the scoring area");
  assert.ok(!k.has("-2,23"), "the dribble already crossed the goal line");
  assert.ok(![...k].some((s) => s.endsWith(",24")), "beyond the south wall");
  const readied = dribbleReach({
    field: FIELD,
    players: [{ id: "ix", team: "sun", x: 30, y: 12 }],
    dribbler: "ix",
    readied: true,
  });
  assert.equal(readied.length, 8);
  const slow = dribbleReach({
    field: FIELD,
    players: [{ id: "ix", team: "sun", x: 30, y: 12, speed: 20 }],
    dribbler: "ix",
  });
  assert.ok(keys(slow).has("33,12") && !keys(slow).has("34,12"), "20 ft: 2 + 1 squares");
  assert.deepEqual(dribbleReach({ field: FIELD, players: [], dribbler: "ix" }), []);
});

test("a dribble may pass an opponent he just overran, never end on him, and has no standard-action square", () => {
  const players = [
    { id: "d", team: "sun", x: 10, y: 12 },
    { id: "o", team: "moon", x: 11, y: 12 },
  ];
  const closedOff = keys(dribbleReach({ field: FIELD, players, dribbler: "d" }));
  assert.ok(
    !closedOff.has("12,12") && !closedOff.has("11,12"),
    "without the overrun his square is closed",
  );
  const reach = dribbleReach({ field: FIELD, players, dribbler: "d", overran: ["o"] });
  const open = keys(reach);
  assert.ok(
    open.has("12,12") && open.has("13,12"),
    "through o's square with the ball (the companion's overran)",
  );
  assert.ok(!open.has("11,12"), "never ending in the overran player's square");
  assert.ok(!open.has("14,12"), "the overrun took the standard action: three squares, not four");
  assert.equal(at(reach, 13, 12).cost, 3);
});
