/**
 * Goat-ball's declarations (core/goatball.mjs): their order, the carrier's sealed slip, a
 * Defend's faces.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { Declarations, facesOf } from "../../scripts/core/goatball.mjs";

test("declarations: reverse initiative, the carrier last and sealed until the others are in", () => {
  const d = new Declarations(
    [
      { id: "r1", team: "red", initiative: 15 },
      { id: "r2", team: "red", initiative: 8 },
      { id: "b1", team: "blue", initiative: 12 },
    ],
    "r1",
  );
  assert.deepEqual(d.order(), ["r2", "b1", "r1"]);
  d.declare("r2", { action: "throw", check: 11 });
  assert.throws(() => d.declare("r2", { action: "intercept" }), /already/);
  assert.throws(() => d.declare("r1", { action: "throw" }), /needs a target/);
  d.declare("r1", { action: "throw", check: 14, throw: { kind: "pass", target: "r2" } });
  assert.deepEqual(
    d.visibleTo({}).find((x) => x.player === "r1"),
    { player: "r1", sealed: true },
  );
  assert.equal(d.visibleTo({ isGM: true }).find((x) => x.player === "r1").action, "throw");
  assert.equal(d.visibleTo({ ownsCarrier: true }).find((x) => x.player === "r1").action, "throw");
  d.declare("b1", { action: "intercept", check: 9 });
  assert.equal(
    d.visibleTo({}).find((x) => x.player === "r1").action,
    "throw",
    "revealed once all are in",
  );
  const body = d.toPassRequest({ teams: [], possession: { team: "red", carrier: "r1" } }, {});
  assert.deepEqual(
    body.actions.map((a) => a.player),
    ["r1", "b1", "r2"],
  );
  assert.deepEqual(body.throw, { kind: "pass", target: "r2" });
});

test("declarations: the carrier declares at his own place, sealed until everyone is in", () => {
  const d = new Declarations(
    [
      { id: "r1", team: "red", initiative: 10 },
      { id: "r2", team: "red", initiative: 8 },
      { id: "b1", team: "blue", initiative: 12 },
      { id: "b2", team: "blue", initiative: 5 },
    ],
    "r1",
  );
  assert.deepEqual(d.order(), ["b2", "r2", "r1", "b1"], "reverse initiative, the carrier at 10");
  assert.deepEqual(d.turn(), { player: "b2", sealed: false });
  d.declare("b2", { action: "intercept" });
  d.declare("r2", { action: "throw" });
  assert.deepEqual(
    d.turn(),
    { player: "r1", sealed: true },
    "the carrier's slip comes at his place",
  );
  d.declare("r1", { action: "throw", throw: { kind: "pass", target: "r2" } });
  assert.deepEqual(d.turn(), { player: "b1", sealed: false });
  assert.deepEqual(
    d.visibleTo({}).find((x) => x.player === "r1"),
    { player: "r1", sealed: true },
    "b1, after him, declares without knowing it",
  );
  d.declare("b1", { action: "intercept" });
  assert.equal(d.turn(), null);
  assert.equal(
    d.visibleTo({}).find((x) => x.player === "r1").action,
    "throw",
    "revealed once all are in",
  );
  // equal initiative: the carrier's slip after the others on his count
  const tied = new Declarations(
    [
      { id: "z", initiative: 5 },
      { id: "r1", initiative: 5 },
      { id: "a", initiative: 5 },
    ],
    "r1",
  );
  assert.deepEqual(tied.order(), ["a", "z", "r1"]);
});

test("declarations: the carrier's owner never sees the declarations after his place before his own", () => {
  const d = new Declarations(
    [
      { id: "r1", initiative: 10 },
      { id: "r2", initiative: 8 },
      { id: "b1", initiative: 12 },
    ],
    "r1",
  );
  d.declare("r2", { action: "throw" });
  d.declare("b1", { action: "intercept" }); // out of turn, as a GM may enter it by hand
  assert.deepEqual(
    d.visibleTo({ ownsCarrier: true }).map((x) => x.player),
    ["r2"],
  );
  assert.deepEqual(
    d.visibleTo({ isGM: true }).map((x) => x.player),
    ["r2", "b1"],
  );
  d.declare("r1", { action: "throw", throw: { kind: "pass", target: "r2" } });
  assert.deepEqual(
    d.visibleTo({ ownsCarrier: true }).map((x) => x.player),
    ["r2", "r1", "b1"],
  );
});

/** Two Defends (b3 for b1, r2 for r3), three knock-offs and a hot throw at b1, declared in a pass of six. */
function defendedPass() {
  const d = new Declarations(
    [
      { id: "r1", initiative: 20 },
      { id: "r2", initiative: 3 },
      { id: "r3", initiative: 4 },
      { id: "b1", initiative: 12 },
      { id: "b2", initiative: 9 },
      { id: "b3", initiative: 2 },
    ],
    "r1",
  );
  d.declare("b3", { action: "defend", target: "b1" });
  d.declare("r2", { action: "defend", target: "r3" });
  d.declare("r3", { action: "knock_off", target: "b2" });
  d.declare("b2", { action: "knock_off", target: "r3" });
  d.declare("b1", { action: "knock_off", target: "r3" });
  d.declare("r1", { action: "throw", throw: { kind: "hot", target: "b1" } });
  return d;
}

test("declarations: a defended target's two faces go to the companion, which alone picks the one that counts", () => {
  const d = defendedPass();
  assert.deepEqual([...d.defendedTargets()].sort(), ["b1", "r3"]);
  const body = d.toPassRequest(
    { teams: [], possession: { team: "red", carrier: "r1" } },
    {
      b1: { total: 14, defenseFaces: [3, 17], defenseModifier: 2 },
      b2: { total: 11, defenseFaces: [12, 5], defenseModifier: 2 },
      r3: { total: 9, defense: 8 },
      hot: { carrier: 15, targetFaces: [4, 19], targetModifier: 1 },
    },
  );
  const by = Object.fromEntries(body.actions.map((a) => [a.player, a]));
  assert.deepEqual(
    [by.b1.defense_faces, by.b1.defense_modifier, by.b1.defense],
    [[3, 17], 2, undefined],
  );
  assert.deepEqual([by.b2.defense_faces, by.b2.defense_modifier], [[12, 5], 2]);
  assert.equal(by.r3.defense, 8);
  assert.deepEqual(
    [
      body.throw.carrier_check,
      body.throw.target_faces,
      body.throw.target_modifier,
      body.throw.target_check,
    ],
    [15, [4, 19], 1, undefined],
  );
  assert.equal(d.defenceAdvantage, undefined);
});

test("declarations: a carrier's slip that throws must name its target; it is refused when handed in", () => {
  const d = new Declarations(
    [
      { id: "r1", initiative: 20 },
      { id: "b1", initiative: 3 },
    ],
    "r1",
  );
  d.declare("b1", { action: "intercept" });
  assert.match(d.problemWith("r1", { action: "throw" }), /needs a target/);
  assert.match(d.problemWith("r1", { action: "throw", throw: { kind: "hot" } }), /needs a target/);
  assert.throws(
    () => d.declare("r1", { action: "throw", throw: { kind: "pass", target: "" } }),
    /needs a target/,
  );
  assert.equal(d.declared.has("r1"), false);
  d.declare("r1", { action: "throw", throw: { kind: "pass", target: "r2" } });
  assert.ok(d.complete());
});

test("declarations: a Defend names a teammate only; oneself or an opponent is refused (rulings, turn 5)", () => {
  const d = new Declarations(
    [
      { id: "r1", team: "red", initiative: 20 },
      { id: "r2", team: "red", initiative: 3 },
      { id: "b1", team: "blue", initiative: 12 },
    ],
    "r1",
  );
  assert.match(d.problemWith("r2", { action: "defend", target: "b1" }), /teammate/);
  assert.match(d.problemWith("r2", { action: "defend", target: "r2" }), /teammate/);
  assert.equal(d.problemWith("b1", { action: "defend", target: "r1" }) === null, false);
  assert.equal(d.problemWith("r2", { action: "defend", target: "r1" }), null);
});

test("facesOf: the d20s in the order rolled and the modifier; null unless one or two", () => {
  const roll = (results, total) => ({ total, dice: [{ faces: 20, results }] });
  assert.deepEqual(
    facesOf(
      roll(
        [
          { result: 3, active: false },
          { result: 17, active: true },
        ],
        19,
      ),
    ),
    { faces: [3, 17], modifier: 2 },
  );
  assert.deepEqual(
    facesOf({
      total: 9,
      terms: [{ class: "Die", faces: 20, results: [{ result: 8 }, { result: 2 }] }],
    }),
    { faces: [8, 2], modifier: 1 },
  );
  assert.deepEqual(facesOf(roll([{ result: 12 }], 14)), { faces: [12], modifier: 2 });
  assert.equal(facesOf(roll([{ result: 1 }, { result: 2 }, { result: 3 }], 5)), null);
  assert.equal(facesOf(roll([], 5)), null);
});

test("declarations: a Defend covers its target's next check by initiative, so the table rolls two d20s there and one for the next", () => {
  const d = defendedPass();
  const covered = d.coveredChecks();
  // r3's one Defend covers b1's knock-off (initiative 12), not b2's (9); b2 has none
  assert.deepEqual([...covered.knockOffs].sort(), ["b1"]);
  assert.equal(covered.hot, true); // b1's Defend, spent on nothing before the dodge
  d.declared.set("b2", { player: "b2", action: "knock_off", target: "b1" });
  assert.deepEqual([...d.coveredChecks().knockOffs].sort(), ["b1", "b2"]);
  assert.equal(d.coveredChecks().hot, false); // b1's Defend went on b2's knock-off
});

test("declarations: what the companion's rules refuse is refused when handed in, so it is asked again", () => {
  const players = [
    { id: "r1", team: "red", initiative: 15, zone: "Z1" },
    { id: "r2", team: "red", initiative: 8, zone: "Z2" },
    { id: "b1", team: "blue", initiative: 12, zone: "Z1" },
    { id: "b2", team: "blue", initiative: 10, zone: "Z3" },
  ];
  const rules = { possession: { team: "red", carrier: "r1", hot: false } };
  const zoned = { ...rules, zones: { links: { Z1: ["Z2"], Z2: ["Z1", "Z3"], Z3: ["Z2"] } } };
  const refused = (declaration, player, given = zoned) =>
    new Declarations(players, "r1", given).problemWith(player, declaration);
  assert.match(refused({ action: "knock_off" }, "b1"), /needs a target/);
  assert.match(refused({ action: "defend" }, "r2"), /needs a target/);
  assert.match(refused({ action: "knock_off", target: "b1" }, "b1"), /not a target/);
  assert.match(refused({ action: "knock_off", target: "b2" }, "b1"), /opponent/);
  assert.match(refused({ action: "knock_off", target: "r2" }, "b1"), /r2's zone/);
  assert.equal(refused({ action: "knock_off", target: "r2" }, "b1", rules), null, "zones off");
  assert.match(refused({ action: "intercept" }, "r2"), /own team's throw/);
  assert.match(refused({ action: "throw" }, "b1"), /red has the ball/);
  assert.match(refused({ action: "move", zone: "Z3" }, "b1"), /not next to/);
  assert.equal(refused({ action: "move", zone: "Z2" }, "b1"), null);
  assert.match(refused({ action: "block" }, "b1", rules), /zones rule/);
  const pass = (kind, target) => ({ action: "throw", throw: { kind, target } });
  assert.match(refused(pass("pass", "b1"), "r1"), /to a teammate/);
  assert.match(refused(pass("hot", "b1"), "r1"), /not hot yet/);
  assert.equal(refused(pass("pass", "r2"), "r1"), null);
  const hot = { possession: { ...rules.possession, hot: true } };
  assert.match(refused(pass("hot", "r2"), "r1", hot), /at an opponent/);
  assert.equal(refused(pass("hot", "b1"), "r1", hot), null);
  assert.equal(
    new Declarations(players, "r1").problemWith("r2", { action: "intercept" }),
    null,
    "without the possession, the companion judges",
  );
});
