/**
 * Goat-ball's checks in a pass: zone advantage, a defended knock-off target, a hot throw's
 * contest.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fixture } from "../../fakes/scenes.mjs";
import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeActor, FakeScene, FakeToken, asUser } from "../../fakes/foundry.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

/** Every browser with the module, on a fake companion answering `routes` (returned). */
async function table(routes = {}, options = {}) {
  const companion = fakeCompanion(routes);
  await openOn(companion, options);
  return companion;
}

test("goat-ball checks: zone advantage, a defended knock-off target, a hot throw's contest", async () => {
  await table({}, { system: "dnd5e" });
  const goatball = await moduleOf("gm", "goatball");
  const token = (id, team) =>
    new FakeToken({
      id,
      name: id,
      x: 0,
      y: 0,
      flags: { ballcourt: { team } },
      actor: new FakeActor(fixture("actors/dnd5e")),
    });
  const scene = new FakeScene({
    tokens: [
      token("r1", "red"),
      token("r2", "red"),
      token("r3", "red"),
      token("b1", "blue"),
      token("b2", "blue"),
    ],
    flags: { ballcourt: { game: "goatball", arena: { platforms: [], zones: [] } } },
  });
  const { Declarations } = await import("../../../scripts/core/goatball.mjs");
  const d = new Declarations(
    [
      { id: "r1", initiative: 9 },
      { id: "r2", initiative: 5 },
      { id: "r3", initiative: 4 },
      { id: "b1", initiative: 7 },
      { id: "b2", initiative: 3 },
    ],
    "r1",
  );
  d.declare("b2", { action: "knock_off", target: "r2" });
  d.declare("r3", { action: "defend", target: "r2" });
  d.declare("b1", { action: "intercept", skill: "acrobatics" });
  d.declare("r1", { action: "throw", skill: "athletics", throw: { kind: "hot", target: "b1" } });
  const players = new Map([
    ["r1", { zone: "A" }],
    ["r2", { zone: "B" }],
    ["r3", { zone: "B" }],
    ["b1", { zone: "C" }],
    ["b2", { zone: "B" }],
  ]);
  const made = [];
  const roll = globalThis.Roll;
  const formulas = [];
  globalThis.Roll = class extends roll {
    constructor(f, data) {
      super(f, data);
      formulas.push(f);
    }
  };
  globalThis.Roll.queue = [10, 10, 10, 10, 10, 10];
  roll.queue = globalThis.Roll.queue;
  const totals = await asUser("gm", () => goatball.rollChecks(scene, d, players, made));
  globalThis.Roll = roll;
  // b2's Athletics; r2's defence, defended by r3; b1 in the hot target's zone; r1 in his own; the hot contest
  assert.deepEqual(formulas, [
    "1d20 + @mod",
    "2d20kh + @mod",
    "2d20kh + @mod",
    "2d20kh + @mod",
    "2d20kh + @mod",
    "1d20 + @mod",
  ]);
  assert.deepEqual(Object.keys(totals).sort(), ["b1", "b2", "hot", "r1"]);
  // r2 is defended: both faces and the modifier go to the companion, which picks the face
  assert.deepEqual(
    [totals.b2.defense, totals.b2.defenseFaces, totals.b2.defenseModifier],
    [undefined, [10, 10], 7],
    "the target defends with his better skill (Athletics +7), both d20s for the companion",
  );
  assert.equal(made.length, 6);
  assert.deepEqual(totals.hot, { carrier: 10 + 1, target: 10 + 1 });
});
