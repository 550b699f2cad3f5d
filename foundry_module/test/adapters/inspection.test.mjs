/**
 * What the referee's inspection is sent for a player, read from each system's own
 * fields (sheets shaped as pf1, D35E and dnd5e keep them), or typed in by the GM in the entry
 * form; and the real companion takes each body as it is and judges it.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { adapterFor } from "../../scripts/adapters/index.mjs";
import { startCompanion } from "../fakes/live-companion.mjs";

const stats = await import("../../scripts/foundry/setup/stats-form.mjs");

const item = (type, name, system = {}, extra = {}) => ({ type, name, system, ...extra });

const PF1 = {
  system: {},
  items: [
    item("equipment", "Chain shirt", { equipmentType: "armor", equipped: true, carried: true }),
    item("equipment", "Chain shirt", {
      subType: "armor",
      equipped: true,
      material: { normal: { value: "mithral" } },
    }),
    item("equipment", "Cloak", {
      subType: "wondrous",
      equipped: true,
      cl: 5,
      aura: { school: "abj" },
    }),
    item("weapon", "Quarterstaff", { equipped: false, carried: false }),
    item("consumable", "Cure light wounds", { subType: "potion", carried: true }),
    item("buff", "Bull's Strength", { subType: "spell", active: true }),
    item("buff", "Haste", { subType: "temp", active: false }),
    item("buff", "Belt's strength", { subType: "item", active: true }),
    item("buff", "Gauntlets' power", { buffType: "item", active: true }), // an older pf1's name for the buff's kind
    item("feat", "Evasion", { subType: "classFeat", abilityType: "ex" }),
    item("feat", "Smite Evil", { subType: "classFeat", abilityType: "su" }),
    item("feat", "Fast Healing 5", { subType: "racial", abilityType: "ex", disabled: true }),
  ],
};

test("pf1: items with their material, caster level or aura, worn or carried; active buffs with their kind; feats with their ability type", () => {
  const sent = adapterFor("pf1").inspection(PF1);
  assert.deepEqual(sent.items, [
    { name: "Chain shirt", type: "armor", equipped: true, carried: true },
    { name: "Chain shirt", type: "armor", material: "mithral", equipped: true },
    { name: "Cloak", type: "equipment", magic: true, equipped: true },
    { name: "Quarterstaff", type: "weapon", equipped: false, carried: false },
    { name: "Cure light wounds", type: "potion", magic: true, carried: true },
  ]);
  assert.deepEqual(
    sent.effects,
    [
      { name: "Bull's Strength", source: "spell" },
      { name: "Belt's strength", source: "item" },
      { name: "Gauntlets' power", source: "item" },
    ],
    "a buff switched off is not in effect",
  );
  assert.deepEqual(
    sent.traits,
    ["Evasion (Ex)", "Smite Evil (Su)"],
    "a feat switched off does not count",
  );
});

test("D35E: its material item (an equivalent counts as its metal), enhancements and caster level, its buffs' and feats' types", () => {
  const actor = {
    system: {},
    items: [
      item("equipment", "Breastplate", {
        equipmentType: "armor",
        equipped: true,
        material: { data: { name: "Darkwood" } },
      }),
      item("weapon", "Longsword", {
        equipped: true,
        material: { data: { name: "Alchemical silver", isAlchemicalSilverEquivalent: true } },
      }),
      item("weapon", "Longsword +1", { equipped: false, carried: true, enh: 1 }),
      item("equipment", "Ring", { equipmentType: "misc", equipped: true, baseCl: "3" }),
      item("equipment", "Amulet", {
        equipmentType: "misc",
        equipped: true,
        enhancements: { items: [{ name: "Natural armor" }] },
      }),
      item("consumable", "Wand of light", { consumableType: "wand", carried: true }),
      item("buff", "Rage", { buffType: "temp", active: true }),
      item("buff", "Gauntlets' power", { buffType: "item", active: true }),
      item("aura", "Aura of Courage", { active: true }),
      item("feat", "Darkvision", { abilityType: "ex" }),
      item("feat", "Turn Undead (Su)", { abilityType: "su" }),
      item("feat", "Toughness", { abilityType: "" }),
    ],
  };
  const sent = adapterFor("D35E").inspection(actor);
  assert.deepEqual(sent.items, [
    { name: "Breastplate", type: "armor", material: "Darkwood", equipped: true },
    { name: "Longsword", type: "weapon", material: "silver", equipped: true },
    { name: "Longsword +1", type: "weapon", magic: true, equipped: false, carried: true },
    { name: "Ring", type: "equipment", magic: true, equipped: true },
    { name: "Amulet", type: "equipment", magic: true, equipped: true },
    { name: "Wand of light", type: "wand", magic: true, carried: true },
  ]);
  assert.deepEqual(sent.effects, [
    { name: "Rage" },
    { name: "Gauntlets' power", source: "item" },
    { name: "Aura of Courage" },
  ]);
  assert.deepEqual(
    sent.traits,
    ["Darkvision (Ex)", "Turn Undead (Su)", "Toughness"],
    "a type already written is not written twice",
  );
});

test("dnd5e: the magical property or attunement marks magic; effects in force, an item's only while it is equipped and attuned", () => {
  const bless = { name: "Bless", disabled: false, origin: "Actor.a1.Item.sp1" };
  const actor = {
    system: {},
    effects: [bless, { name: "Off", disabled: true }, { name: "Prone", disabled: false }],
    items: [
      item("spell", "Bless", {}, { id: "sp1" }),
      item("equipment", "Chain Shirt", {
        type: { value: "medium" },
        equipped: true,
        properties: new Set(),
      }),
      item(
        "equipment",
        "Cloak of Protection",
        {
          type: { value: "clothing" },
          equipped: true,
          attunement: "required",
          attuned: true,
          properties: new Set(["mgc"]),
        },
        { effects: [{ name: "Cloak of Protection", disabled: false, transfer: true }] },
      ),
      item(
        "equipment",
        "Ring of Warmth",
        {
          type: { value: "ring" },
          equipped: true,
          attunement: "required",
          attuned: false,
          properties: ["mgc"],
        },
        { effects: [{ name: "Warmth", disabled: false, transfer: true }] },
      ),
      item("weapon", "Club", { equipped: false, properties: new Set() }),
      item("consumable", "Potion of Healing", {
        type: { value: "potion" },
        properties: new Set(["mgc"]),
      }),
      item("feat", "Relentless Endurance", {}),
    ],
  };
  const sent = adapterFor("dnd5e").inspection(actor);
  assert.deepEqual(sent.items, [
    { name: "Chain Shirt", type: "armor", equipped: true },
    { name: "Cloak of Protection", type: "equipment", magic: true, equipped: true },
    { name: "Ring of Warmth", type: "equipment", magic: true, equipped: true },
    { name: "Club", type: "weapon", equipped: false },
    { name: "Potion of Healing", type: "potion", magic: true },
  ]);
  assert.deepEqual(
    sent.effects,
    [
      { name: "Bless", source: "spell" },
      { name: "Prone" },
      { name: "Cloak of Protection", source: "item" },
    ],
    "the unattuned ring's effect is suppressed, as dnd5e does",
  );
  assert.deepEqual(sent.traits, ["Relentless Endurance"]);
});

test("any other system: the GM lists items, effects and traits by hand in the entry form, and sees them again", () => {
  const values = {
    "inspection.items": "Chain shirt | armor\n  Cloak | | | magic\nRing | ring | gold\n\n",
    "inspection.effects": "Bull's Strength | spell\nMystery | psionic\nTroll blood | | healing",
    "inspection.traits": "Evasion (Ex)\nRegeneration 5\n",
  };
  const typed = stats.inspectionFromForm(values);
  assert.deepEqual(
    typed,
    {
      items: [
        { name: "Chain shirt", type: "armor" },
        { name: "Cloak", magic: true },
        { name: "Ring", type: "ring", material: "gold" },
      ],
      effects: [
        { name: "Bull's Strength", source: "spell" },
        { name: "Mystery" },
        { name: "Troll blood", healing: true },
      ],
      traits: ["Evasion (Ex)", "Regeneration 5"],
    },
    "an unknown source is left out: the companion judges it by name",
  );
  const actor = { flags: { ballcourt: { inspection: typed } } };
  assert.deepEqual(adapterFor("dnd35e").inspection(actor), typed);
  assert.deepEqual(adapterFor("dnd35e").inspection({ flags: {} }), {
    items: [],
    effects: [],
    traits: [],
  });
});

let companion;
before(async () => {
  companion = await startCompanion("inspect-token-of-the-referee");
});
after(() => companion?.stop());

test("the real companion takes each adapter's body as it is and judges it", async () => {
  const players = [
    { id: "pf1", ...adapterFor("pf1").inspection(PF1) },
    {
      id: "typed",
      ...stats.inspectionFromForm({
        "inspection.items": "Cloak | | | magic",
        "inspection.traits": "Regeneration 5",
      }),
    },
  ];
  const answer = await fetch(`${companion.url}/api/v1/yaotzin/inspect`, {
    method: "POST",
    headers: {
      Authorization: "Bearer inspect-token-of-the-referee",
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ players }),
  });
  assert.equal(answer.status, 200, await answer.clone().text());
  const [pf1, typed] = (await answer.json()).players;
  assert.deepEqual(
    pf1.findings.map((f) => [f.kind, f.what, f.by_name]),
    [
      ["metal", "Chain shirt", true],
      ["metal", "Chain shirt", false],
      ["magic_item", "Cloak", false],
      ["magic_item", "Cure light wounds", false],
      ["magic_effect", "Bull's Strength", false],
      ["magic_effect", "Belt's strength", false],
      ["magic_effect", "Gauntlets' power", false],
      ["extraordinary", "Evasion (Ex)", false],
      ["magic_effect", "Smite Evil (Su)", false],
    ],
  );
  assert.deepEqual(
    typed.findings.map((f) => f.kind),
    ["magic_item", "healing"],
  );
});
