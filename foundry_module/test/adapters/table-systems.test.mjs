/**
 * The systems' own roll methods as dnd5e and pf1 run them: the GM's roll on
 * his page, the owner's on Bob's (each browser its own copy of the module, openTable).
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../fakes/companion.mjs";
import { FakeDnd5eActor, FakeToken, asUser } from "../fakes/foundry.mjs";
import { fixture } from "../fakes/scenes.mjs";
import { rollGlue } from "../tables/roll-requests.mjs";
import { moduleOf, openOn, useTables } from "../tables/table.mjs";

useTables();

/** Grunnak with advantage on Athletics from his sheet (an effect, a feature): dnd5e's roll.mode 1. */
function grunnak() {
  const actor = new FakeDnd5eActor(fixture("actors/dnd5e"));
  actor.system.skills.ath.roll = { mode: 1 };
  actor.system.abilities.dex.save.roll = { mode: 1 };
  return actor;
}

test("item 9: dnd5e keeps the sheet's advantage on a check the rules give none", async () => {
  await openOn(fakeCompanion(), { system: "dnd5e" });
  const [goatball, rr] = [await moduleOf("gm", "goatball"), await rollGlue("bob")];
  const actor = grunnak();
  const token = new FakeToken({ id: "r1", name: "Grunnak", actor });
  globalThis.Roll.queue = [3, 17];
  const roll = await asUser("gm", () => goatball.skillCheck(token, "athletics", false));
  assert.equal(roll.formula, "2d20kh + @mod", "the GM's roll keeps the sheet's advantage");
  assert.equal(roll.total, 17 + 7);
  globalThis.Roll.queue = [3, 17];
  const owners = await asUser("bob", () =>
    rr.rollOnSheet(actor, { type: "skill", id: "athletics" }, false),
  );
  assert.equal(owners.formula, "2d20kh + @mod", "so does the owner's, from a roll request");
  globalThis.Roll.queue = [3, 17];
  const save = await asUser("bob", () =>
    rr.rollOnSheet(actor, { type: "save", id: "reflex" }, false),
  );
  assert.equal(save.formula, "2d20kh + @mod", "and a save");
  assert.ok(actor.rollConfigs.every((c) => c.advantage === true));
});
