/**
 * The adapters on the actors of test/fixtures/actors: Yaotzin's numbers, nonlethal damage,
 * goat-ball's skills.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { adapterFor } from "../../scripts/adapters/index.mjs";

const actor = (name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/actors/${name}.json`, import.meta.url), "utf8"));

test("pf1 and D35E actors give Yaotzin's numbers; feats matched by name, items of type feat only", () => {
  assert.deepEqual(adapterFor("pf1").yaotzinStats(actor("pf1")), {
    str: 14,
    dex: 17,
    bab: 2,
    reflex: 3,
    feats: ["exotic_weapon_pelota", "point_blank_shot", "power_attack"],
    speed: 30,
  });
  assert.deepEqual(adapterFor("D35E").yaotzinStats(actor("d35e")).feats, [
    "combat_reflexes",
    "precise_shot",
  ]);
  assert.equal(adapterFor("D35E").yaotzinStats(actor("d35e")).reflex, 4);
});

test("nonlethal damage: pf1's own pool, dnd5e's in module flags", () => {
  const pf1 = adapterFor("pf1");
  assert.deepEqual(pf1.nonlethalUpdate(actor("pf1"), 6), { "system.attributes.hp.nonlethal": 8 });
  assert.deepEqual(adapterFor("dnd5e").nonlethalUpdate(actor("dnd5e"), 4), {
    "flags.ballcourt.nonlethal": 4,
  });
});

test("dnd5e actors give goat-ball's skills; unknown systems fall back to typed numbers", () => {
  assert.deepEqual(adapterFor("dnd5e").goatballSkills(actor("dnd5e")), {
    athletics: 7,
    acrobatics: 1,
    strMod: 4,
    dexMod: 1,
  });
  const generic = adapterFor("swade");
  assert.equal(generic.needsDialog, true);
  assert.equal(generic.hasStats({ flags: {} }), false);
  assert.equal(
    generic.yaotzinStats({ flags: { ballcourt: { stats: { str: 16, reflex: 5 } } } }).str,
    16,
  );
});
