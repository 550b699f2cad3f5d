/** The systems' own roll methods as dnd5e and pf1 run them (issue 17, item 9). */
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeDnd5eActor, FakeToken, installFoundry } from "./fakes/foundry.mjs";
import { fixture } from "./fakes/scenes.mjs";

const goatball = await import("../scripts/foundry/goatball/goatball.mjs");
const rr = { ...await import("../scripts/foundry/requests/roll-requests.mjs"), ...await import("../scripts/foundry/requests/roll-answers.mjs"),
  ...await import("../scripts/foundry/requests/roll-request-view.mjs") };

/** Grunnak with advantage on Athletics from his sheet (an effect, a feature): dnd5e's roll.mode 1. */
function grunnak() {
  const actor = new FakeDnd5eActor(fixture("actors/dnd5e"));
  actor.system.skills.ath.roll = { mode: 1 };
  actor.system.abilities.dex.save.roll = { mode: 1 };
  return actor;
}

test("item 9: dnd5e keeps the sheet's advantage on a check the rules give none", async () => {
  installFoundry({ system: "dnd5e" });
  const actor = grunnak();
  const token = new FakeToken({ id: "r1", name: "Grunnak", actor });
  globalThis.Roll.queue = [3, 17];
  const roll = await goatball.skillCheck(token, "athletics", false);
  assert.equal(roll.formula, "2d20kh + @mod", "the GM's roll keeps the sheet's advantage");
  assert.equal(roll.total, 17 + 7);
  globalThis.Roll.queue = [3, 17];
  const owners = await rr.rollOnSheet(actor, { type: "skill", id: "athletics" }, false);
  assert.equal(owners.formula, "2d20kh + @mod", "so does the owner's, from a roll request");
  globalThis.Roll.queue = [3, 17];
  const save = await rr.rollOnSheet(actor, { type: "save", id: "reflex" }, false);
  assert.equal(save.formula, "2d20kh + @mod", "and a save");
  assert.ok(actor.rollConfigs.every((c) => c.advantage === true));
});
