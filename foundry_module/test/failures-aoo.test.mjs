/**
 * Issue 25, section 2, attacks of opportunity at a table: the round's budget (item 1), the
 * question after a reload (item 11 and "Also"), and a stale question dialog (item 9).
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectTo, contestCompanion } from "./fakes/companion.mjs";
import { installFoundry } from "./fakes/foundry.mjs";
import { courtScene, runningEncounter } from "./fakes/scenes.mjs";

const link = await import("../scripts/foundry/link.mjs");
const yaotzin = await import("../scripts/foundry/yaotzin.mjs");

const aooLeft = (scene, id) => yaotzin.playersOn(scene).find((p) => p.id === id)?.aoo_left;

test("item 1: last round's attacks of opportunity are not counted in the next round (Foundry merges the flag)", async () => {
  installFoundry();
  await connectTo(link, contestCompanion());
  const scene = courtScene();
  const encounter = runningEncounter(scene);
  await yaotzin.spendAoo(scene, "yo");   // round 1: Yolteotl intercepts
  assert.equal(aooLeft(scene, "yo"), 2, "one of his three (Combat Reflexes) is spent");
  await encounter.update({ round: 2 });
  assert.equal(aooLeft(scene, "yo"), undefined, "a new round: nothing spent (the companion counts his full budget)");
  await yaotzin.spendAoo(scene, "ix");   // round 2: Ixpoetchitl's attack of opportunity
  assert.equal(aooLeft(scene, "ix"), 0, "his one is spent");
  assert.equal(aooLeft(scene, "yo"), undefined, "Yolteotl's round-1 attack does not survive the write");
  assert.equal(encounter.getFlag("ballcourt", "aoo").round, 2);
});
