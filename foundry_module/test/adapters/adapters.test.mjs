/**
 * The adapters against the systems' own sources (dnd5e 5.x, pf1 10.8,
 * D35E 2.4/3.0, dnd35e). dnd35e's numbers are typed in; every feat the companion's rules use is
 * read, by its compendium source before its name, pf1's switched-off ones skipped; D35E's
 * conditions live in its own fields; pf1 caps nonlethal at maximum hit points; speeds in
 * metric worlds are converted to feet; the fakes roll and keep statuses as those systems do.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { adapterFor } from "../../scripts/adapters/index.mjs";
import { FEAT_IDS } from "../../scripts/adapters/feats.mjs";
import { hasStatus, restoreStatuses, setStatus } from "../../scripts/adapters/sheet-writes.mjs";
import { connectTo, fakeCompanion } from "../fakes/companion.mjs";
import { FakeHooks, FakePf1Actor, installFoundry } from "../fakes/foundry.mjs";
import { applyOnlyCard, courtScene, damageTo, fixture } from "../fakes/scenes.mjs";
import { FakeD35EActor } from "../fakes/systems.mjs";

const chat = await import("../../scripts/foundry/cards/chat.mjs");
const link = await import("../../scripts/foundry/world/link.mjs");
const scene = await import("../../scripts/foundry/world/scene.mjs");
const stats = await import("../../scripts/foundry/setup/stats-form.mjs");
await import("../../scripts/foundry/yaotzin/yaotzin.mjs");

const feat = (name, extra = {}) => ({ type: "feat", name, ...extra });

/**
 * A world of `options` (its system) with the companion linked and the court of fakes/scenes.mjs,
 * Yolteotl's sheet made by `sheet()` in it (the system's own actor double); the world too, for
 * its notices.
 */
async function courtWithYolteotl(options, sheet) {
  const world = installFoundry(options);
  await connectTo(link, fakeCompanion());
  const court = courtScene();
  const yo = sheet();
  court.tokens.get("yo").actor = yo;
  return { court, yo, world };
}

/** A Yaotzin card of a `kind` on the court, titled `title`, whose Apply carries `payload`, posted by the GM. */
const yaotzinCard = (court, title, payload, kind = "intercept") =>
  chat.postCard(applyOnlyCard(title, payload), {
    game: "yaotzin",
    kind,
    sceneId: court.id,
    matchId: "m1",
    owners: {},
  });

test("dnd35e has no actor data model yet: its players' numbers are typed in, and a player without them is named", () => {
  const a = adapterFor("dnd35e");
  assert.equal(a.needsDialog, true);
  const sheet = { system: { abilities: { str: { value: 18 } } }, flags: {} };
  assert.equal(
    a.hasStats(sheet),
    false,
    "a sheet the system filled in says nothing the module can read",
  );
  installFoundry({ system: "dnd35e" });
  const court = courtScene();
  assert.ok(scene.missingStats(court).length > 0, "the GM is told who still counts as 10s and 0s");
});

test("every feat the companion's rules use is read by name, the entry form offers each", () => {
  const names = [
    "Power Attack",
    "Point Blank Shot",
    "Precise Shot",
    "Combat Reflexes",
    "Exotic Weapon Proficiency (Pelota)",
    "Improved Grapple",
    "Improved Bull Rush",
    "Improved Trip",
    "Improved Overrun",
    "Improved Disarm",
  ];
  const actor = { system: {}, items: names.map((n) => feat(n)) };
  assert.deepEqual(adapterFor("pf1").yaotzinStats(actor).feats, [...FEAT_IDS].sort());
  assert.deepEqual(stats.FEATS, FEAT_IDS, "the form's checkboxes are the rules' feats");
  assert.deepEqual(
    stats.statsFromForm({ "feat.improved_disarm": "on", "feat.improved_trip": "on" }, "yaotzin")
      .feats,
    ["improved_trip", "improved_disarm"],
  );
});

test("a feat copied from the system's compendium is known by its source, whatever its (translated) name", () => {
  const source = (system, id) => ({
    _stats: { compendiumSource: `Compendium.${system}.feats.Item.${id}` },
  });
  const pf1Actor = {
    system: {},
    items: [
      feat("Ataque poderoso", source("pf1", "FUW5mIXHNBBIQ1Sq")),
      feat("Desarme mejorado", {
        flags: { core: { sourceId: "Compendium.pf1.feats.Item.711B9WNFgpdDKKf2" } },
      }),
      feat("Improved Precise Shot", source("pf1", "h1vqUG9Kh3f7oKWK")),
    ],
  };
  assert.deepEqual(
    adapterFor("pf1").yaotzinStats(pf1Actor).feats,
    ["improved_disarm", "power_attack"],
    "Improved Precise Shot is no Precise Shot",
  );
  const d35eActor = {
    system: {},
    items: [feat("Derribo mejorado", source("D35E", "9igITV6htZUcgpWr"))],
  };
  assert.deepEqual(adapterFor("D35E").yaotzinStats(d35eActor).feats, ["improved_trip"]);
});

test("pf1: a feat the sheet has switched off does not count", () => {
  const actor = {
    system: {},
    items: [
      feat("Power Attack", { system: { disabled: true } }),
      feat("Combat Reflexes", { system: { disabled: false } }),
    ],
  };
  assert.deepEqual(adapterFor("pf1").yaotzinStats(actor).feats, ["combat_reflexes"]);
});

test("pf1 caps nonlethal damage at maximum hit points; the excess is lethal, off temporary hit points first", () => {
  const pf1 = adapterFor("pf1");
  const actor = (nonlethal, temp = 0) => ({
    type: "character",
    system: { attributes: { hp: { value: 10, max: 12, temp, nonlethal } } },
  });
  assert.deepEqual(pf1.nonlethalUpdate(actor(4), 5), { "system.attributes.hp.nonlethal": 9 });
  assert.deepEqual(
    pf1.nonlethalUpdate(actor(10, 1), 5),
    {
      "system.attributes.hp.nonlethal": 12,
      "system.attributes.hp.temp": 0,
      "system.attributes.hp.value": 8,
    },
    "2 fill his nonlethal to his maximum, 1 comes off his temporary, 2 off his hit points",
  );
  assert.deepEqual(
    adapterFor("D35E").nonlethalUpdate(actor(10), 5),
    { "system.attributes.hp.nonlethal": 15 },
    "D35E has no such cap",
  );
});

test("pf1 under Wounds and Vigor: no hit points, so nonlethal is the module's own count and nobody is judged out", () => {
  const woundsAndVigor = (ns, key) =>
    ns === "pf1" && key === "healthConfig"
      ? { variants: { pc: { useWoundsAndVigor: true }, npc: { useWoundsAndVigor: false } } }
      : undefined;
  const pf1 = adapterFor("pf1", woundsAndVigor);
  const pc = {
    type: "character",
    system: { attributes: { hp: { value: 5, max: 12, nonlethal: 0 } } },
    flags: {},
  };
  assert.deepEqual(pf1.nonlethalUpdate(pc, 7), { "flags.ballcourt.nonlethal": 7 });
  assert.equal(pf1.outFromNonlethal({ ...pc, flags: { ballcourt: { nonlethal: 9 } } }), null);
  const npc = { ...pc, type: "npc" };
  assert.deepEqual(
    pf1.nonlethalUpdate(npc, 7),
    { "system.attributes.hp.nonlethal": 7 },
    "NPCs keep hit points here",
  );
  assert.equal(pf1.woundsAndVigor(pc), true);
});

test("speed in feet in metric worlds: D35E's sheets hold metres; pf1's hold feet; dnd5e's name their units", () => {
  const metric = (ns, key) =>
    ({
      "D35E.units": "metric",
      "pf1.units": "metric",
      "pf1.distanceUnits": "metric",
      "dnd5e.metricLengthUnits": true,
    })[`${ns}.${key}`];
  const land = (total) => ({ system: { attributes: { speed: { land: { total } } } } });
  assert.equal(adapterFor("D35E", metric).yaotzinStats(land(9)).speed, 30);
  assert.equal(adapterFor("D35E").yaotzinStats(land(30)).speed, 30);
  assert.equal(
    adapterFor("pf1", metric).yaotzinStats(land(30)).speed,
    30,
    "pf1 converts only what it shows",
  );
  const walk = (movement) => ({ system: { attributes: { movement } } });
  assert.equal(
    adapterFor("dnd5e", metric).yaotzinStats(walk({ walk: 9 })).speed,
    30,
    "no units: the world's metres",
  );
  assert.equal(adapterFor("dnd5e", metric).yaotzinStats(walk({ walk: 30, units: "ft" })).speed, 30);
  assert.equal(adapterFor("dnd5e").yaotzinStats(walk({ walk: 12, units: "m" })).speed, 40);
  assert.equal(adapterFor("dnd5e").yaotzinStats(walk({ walk: 30 })).speed, 30);
});

test("each adapter reads a sheet's hit points for an NPC match in its system's shape (current, temporary, maximum), nulls where it has none", () => {
  const actor = (name, hp) => {
    const a = fixture(`actors/${name}`);
    return { ...a, system: { ...a.system, attributes: { ...a.system.attributes, hp } } };
  };
  assert.deepEqual(adapterFor("pf1").sheetHitPoints(fixture("actors/pf1")), {
    current: 18,
    temp: 0,
    max: 18,
  });
  assert.deepEqual(
    adapterFor("pf1").sheetHitPoints(actor("pf1", { value: 7, max: 18, temp: 3, nonlethal: 2 })),
    { current: 7, temp: 3, max: 18 },
  );
  assert.deepEqual(adapterFor("D35E").sheetHitPoints(fixture("actors/d35e")), {
    current: 20,
    temp: 0,
    max: 20,
  });
  assert.deepEqual(adapterFor("dnd5e").sheetHitPoints(fixture("actors/dnd5e")), {
    current: 30,
    temp: 0,
    max: 30,
  });
  assert.deepEqual(
    adapterFor("dnd5e").sheetHitPoints(actor("dnd5e", { value: "", max: 22, temp: 4 })),
    { current: null, temp: 4, max: 22 },
    "a blank current number is none",
  );
  assert.deepEqual(adapterFor("dnd5e").sheetHitPoints({ system: {} }), {
    current: null,
    temp: 0,
    max: null,
  });
  assert.deepEqual(
    adapterFor("dnd35e").sheetHitPoints(fixture("actors/d35e")),
    {
      current: null,
      temp: 0,
      max: null,
    },
    "typed-in numbers hold no hit points",
  );
  const woundsAndVigor = adapterFor("pf1", (ns, key) =>
    ns === "pf1" && key === "healthConfig"
      ? { variants: { pc: { useWoundsAndVigor: true } } }
      : undefined,
  );
  assert.deepEqual(
    woundsAndVigor.sheetHitPoints(fixture("actors/pf1")),
    {
      current: null,
      temp: 0,
      max: null,
    },
    "Wounds and Vigor: no hit points",
  );
});

test("a setting the system has not registered reads as its default", () => {
  const throws = () => {
    throw new Error('"D35E.units" is not a registered game setting');
  };
  assert.equal(
    adapterFor("D35E", throws).yaotzinStats({
      system: { attributes: { speed: { land: { total: 30 } } } },
    }).speed,
    30,
  );
});

test("D35E: prone and unconscious are its condition fields; unconscious brings helpless, and restoring puts back all three", async () => {
  installFoundry({ system: "D35E" });
  const d35e = adapterFor("D35E");
  const actor = new FakeD35EActor({ ...fixture("actors/d35e"), owners: ["bob"] });
  const before = await setStatus(d35e, actor, "unconscious", true);
  assert.deepEqual(before, { unconscious: false, helpless: false });
  const { conditions } = actor.system.attributes;
  assert.deepEqual([conditions.unconscious, conditions.helpless], [true, true]);
  assert.ok(hasStatus(d35e, actor, "unconscious"));
  await restoreStatuses(d35e, actor, before);
  assert.deepEqual([conditions.unconscious, conditions.helpless], [false, false]);
});

test("the D35E double drops a foreign effect at its next update, as D35E does", async () => {
  installFoundry({ system: "D35E" });
  const actor = new FakeD35EActor({ ...fixture("actors/d35e"), owners: ["bob"] });
  await actor.toggleStatusEffect("prone", { active: true });
  assert.ok(actor.statuses.has("prone"));
  await actor.update({ "system.attributes.hp.value": 19 });
  assert.equal(actor.statuses.has("prone"), false, "gone: it was none of its conditions");
  assert.equal(actor.system.skills.jmp.mod, 1, "Jump from Strength");
  assert.equal(adapterFor("D35E").goatballSkills(actor).acrobatics, 2, "Tumble from Dexterity");
});

test("D35E: a Yaotzin card's prone is written to his condition field and Undo takes it off again", async () => {
  const { court, yo } = await courtWithYolteotl(
    { system: "D35E" },
    () => new FakeD35EActor({ ...fixture("actors/d35e"), owners: ["bob"] }),
  );
  const card = await yaotzinCard(court, "Trip", { events: [], prone: "yo" }, "contest");
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  assert.equal(yo.system.attributes.conditions.prone, true);
  await yo.update({ "system.attributes.hp.value": 19 }); // any later update: still prone
  assert.ok(
    scene.yaotzinDescriptors(court).find((d) => d.id === "yo").stats.prone,
    "the companion is told he is prone",
  );
  assert.equal(await chat.performAction(card.id, "undo", "gm"), true);
  assert.equal(yo.system.attributes.conditions.prone, false);
});

test("pf1: a roll a pf1PreActorRoll hook cancels answers nothing, as pf1's does", async () => {
  installFoundry({ system: "pf1" });
  const actor = new FakePf1Actor({ ...fixture("actors/pf1"), owners: ["bob"] });
  const id = FakeHooks.on("pf1PreActorRollSave", () => false);
  assert.equal(await actor.rollSavingThrow("ref", { chatMessage: false }), undefined);
  FakeHooks.off("pf1PreActorRollSave", id);
  assert.ok((await actor.rollSavingThrow("ref", { chatMessage: false })).rolls.length);
});

test("pf1 under Wounds and Vigor: Apply keeps the nonlethal in the module's count, tells the GM so, and Undo takes it back", async () => {
  const { court, yo, world } = await courtWithYolteotl(
    {
      system: "pf1",
      settings: {
        healthConfig: {
          variants: { pc: { useWoundsAndVigor: true }, npc: { useWoundsAndVigor: true } },
        },
      },
    },
    () => new FakePf1Actor({ ...fixture("actors/pf1"), owners: ["bob"] }),
  );
  const card = await yaotzinCard(court, "Hurt", damageTo("yo", 4));
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  assert.equal(yo.flags.ballcourt.nonlethal, 4);
  assert.equal(
    yo.system.attributes.hp.nonlethal,
    2,
    "the sheet's own nonlethal is not his under these rules",
  );
  assert.match(world.notifications.at(-1)[1], /BALLCOURT\.Health\.WoundsAndVigor|Wounds and Vigor/);
  assert.equal(await chat.performAction(card.id, "undo", "gm"), true);
  assert.ok(!yo.flags.ballcourt.nonlethal);
});

test("pf1: when a hook cancels the sheet's roll (it answers nothing), the owner's client rolls the d20 with the sheet's modifier", async () => {
  installFoundry({ system: "pf1" });
  const { rollOnSheet } = await import("../../scripts/foundry/requests/roll-answers.mjs");
  const actor = new FakePf1Actor({ ...fixture("actors/pf1"), owners: ["bob"] });
  const id = FakeHooks.on("pf1PreActorRollSave", () => false);
  try {
    const roll = await rollOnSheet(actor, { type: "save", id: "reflex" });
    assert.equal(roll.total - roll.dice[0].results[0].result, 3, "d20 + his Reflex save");
  } finally {
    FakeHooks.off("pf1PreActorRollSave", id);
  }
});

test("D35E: nonlethal past his maximum knocks him unconscious by D35E's own updater; Undo restores those conditions too", async () => {
  const { court, yo } = await courtWithYolteotl(
    { system: "D35E" },
    () => new FakeD35EActor({ ...fixture("actors/d35e"), owners: ["bob"] }),
  );
  const card = await yaotzinCard(court, "Hurt", damageTo("yo", 21));
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  const { conditions } = yo.system.attributes;
  assert.deepEqual(
    [yo.system.attributes.hp.nonlethal, conditions.unconscious, conditions.helpless],
    [21, true, true],
  );
  assert.equal(await chat.performAction(card.id, "undo", "gm"), true);
  assert.deepEqual(
    [yo.system.attributes.hp.nonlethal, conditions.unconscious, conditions.helpless],
    [0, false, false],
  );
});

test("a Yaotzin card the previous version applied, whose record kept the damage and the prone, still undoes", async () => {
  installFoundry({ system: "pf1" });
  await connectTo(link, fakeCompanion());
  const court = courtScene();
  const yo = court.tokens.get("yo").actor;
  const card = await yaotzinCard(court, "Hurt", { ...damageTo("yo", 4), prone: "yo" });
  const before = yo.system.attributes.hp.nonlethal ?? 0;
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  assert.equal(yo.system.attributes.hp.nonlethal, before + 4);
  const message = globalThis.game.messages.get(card.id);
  const record = message.flags.ballcourt.record;
  const { sheets, ...older } = record.undo; // the record as the previous version wrote it
  assert.ok(sheets);
  await message.update({
    "flags.ballcourt.==record": {
      ...record,
      undo: {
        ...older,
        damage: [{ tokenId: "yo", amount: -4 }],
        prone: [{ tokenId: "yo", prone: false }],
      },
    },
  });
  assert.equal(await chat.performAction(card.id, "undo", "gm"), true);
  assert.equal(
    yo.system.attributes.hp.nonlethal,
    before,
    "the damage taken back, as that version did",
  );
  assert.ok(!yo.statuses?.has?.("prone"), "and the prone");
});
