/**
 * The referee's inspection at the table, on the doubles: it posts one card a player,
 * whispered to the GMs and his owners; the GM reads every player's findings and may
 * Acknowledge or Override each once; a player reads only his own player's card and presses
 * nothing on it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeActiveEffect, FakeItem, asUser, settle } from "../../fakes/foundry.mjs";
import { courtScene } from "../../fakes/scenes.mjs";
import { chatText, moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

const FOUND = {
  ix: [
    {
      kind: "metal",
      what: "Chain shirt",
      why: "its name says metal (chain)",
      by_name: true,
      allowed: false,
    },
  ],
  yo: [
    {
      kind: "healing",
      what: "Regeneration 5",
      why: "its name says healing",
      by_name: true,
      allowed: false,
    },
  ],
};

async function inspected() {
  const companion = fakeCompanion({
    "/api/v1/yaotzin/inspect": (body) => ({
      status: 200,
      body: { players: body.players.map((p) => ({ id: p.id, findings: FOUND[p.id] ?? [] })) },
    }),
    "/api/v1/matches/m1/report": () => ({
      status: 200,
      body: {
        game: "yaotzin",
        status: "playing",
        events: 2,
        round: 1,
        teams: {},
        players: {},
        fields: { teams: [], players: [] },
      },
    }),
  });
  await openOn(companion, { languages: { bob: "ru" } });
  const scene = courtScene();
  const posted = await asUser("gm", async () =>
    (await moduleOf("gm", "inspection")).inspectCourt(scene),
  );
  await settle();
  return { companion, scene, posted };
}

test("each player's sheet is sent as his adapter reads it, and one card a player is whispered to the GMs and his owners", async () => {
  const { companion, posted } = await inspected();
  const sent = companion.calls.find((c) => c.route === "/api/v1/yaotzin/inspect").body.players;
  assert.deepEqual(
    sent.map((p) => p.id),
    ["ix", "yo"],
  );
  assert.ok(
    sent.every(
      (p) => Array.isArray(p.items) && Array.isArray(p.effects) && Array.isArray(p.traits),
    ),
  );
  assert.equal(posted.length, 2);
  assert.ok(posted[0].whisper.includes("alice") && !posted[0].whisper.includes("bob"));
  assert.ok(posted[1].whisper.includes("bob") && !posted[1].whisper.includes("alice"));
  assert.match(
    chatText("gm"),
    /Chain shirt: no metal on the court, ornaments included \(judged by its name\)/,
  );
  assert.match(chatText("gm"), /Regeneration 5: no healing during the match/);
});

test("a sheet's odd names are sent as the companion takes them: control characters a space, at most 120 characters", async () => {
  const companion = fakeCompanion({
    "/api/v1/yaotzin/inspect": (body) => ({
      status: 200,
      body: { players: body.players.map((p) => ({ id: p.id, findings: [] })) },
    }),
  });
  await openOn(companion);
  const scene = courtScene();
  scene.tokens.get("ix").actor.items.push(
    {
      type: "equipment",
      name: `Chain\tshirt ${"x".repeat(200)}`,
      system: { equipped: true, equipmentType: "armor" },
    },
    { type: "feat", name: "\u202eEvasion", system: { abilityType: "ex" } },
  );
  await asUser("gm", async () => (await moduleOf("gm", "inspection")).inspectCourt(scene));
  const [ix] = companion.calls.find((c) => c.route === "/api/v1/yaotzin/inspect").body.players;
  const odd = ix.items.at(-1);
  assert.equal(odd.name.length, 120);
  assert.ok(odd.name.startsWith("Chain shirt xx"));
  assert.ok(ix.traits.includes("Evasion (Ex)"));
});

test("a player sees only his own player's findings, with no button to press", async () => {
  await inspected();
  const alice = chatText("alice");
  assert.match(alice, /Chain shirt/);
  assert.doesNotMatch(alice, /Regeneration 5/, "Bob's player's card is not whispered to Alice");
  assert.doesNotMatch(alice, /data-ballcourt-action/);
  assert.match(
    chatText("bob"),
    /Осмотр судьи: Yolteotl.*Regeneration 5: никакого лечения во время матча \(судя по названию\)/s,
    "in his own language",
  );
});

test("the GM overrides a finding once: the card keeps it, and its Acknowledge is gone", async () => {
  const { posted } = await inspected();
  const chat = await moduleOf("gm", "chat");
  assert.equal(
    await asUser("gm", () => chat.performAction(posted[0].id, "override:0", "gm")),
    true,
  );
  assert.deepEqual(posted[0].flags.ballcourt.resolved, ["override:0"]);
  assert.equal(
    await asUser("gm", () => chat.performAction(posted[0].id, "acknowledge:0", "gm")),
    false,
    "one choice a finding",
  );
  assert.equal(
    await asUser("gm", () => chat.performAction(posted[0].id, "acknowledge:0", "alice")),
    false,
    "never a player's",
  );
  await settle();
  assert.doesNotMatch(chatText("gm"), /Acknowledge: Chain shirt/);
});

test("the match report lists what the GM overrode, in each reader's language; an acknowledged finding is not listed", async () => {
  const { posted } = await inspected();
  const chat = await moduleOf("gm", "chat");
  await asUser("gm", () => chat.performAction(posted[0].id, "override:0", "gm"));
  await asUser("gm", () => chat.performAction(posted[1].id, "acknowledge:0", "gm"));
  const report = await moduleOf("gm", "report");
  const card = await asUser("gm", () => report.postReport("m1"));
  await settle();
  assert.deepEqual(card.flags.ballcourt.report.overrides, [
    { player: "Ixpoetchitl", kind: "metal", what: "Chain shirt" },
  ]);
  assert.match(
    chatText("gm"),
    /Overridden at the referee.{1,6}s inspection:.*Ixpoetchitl: Chain shirt \(no metal on the court, ornaments included\)/s,
  );
  assert.doesNotMatch(chatText("gm"), /Ixpoetchitl: Regeneration|Yolteotl: Regeneration 5 \(/);
  assert.match(
    chatText("bob"),
    /Разрешено вопреки осмотру судьи:.*Ixpoetchitl: Chain shirt \(никакого металла на поле, украшения тоже\)/s,
  );
});

test("mid-match, an item equipped or a buff switched on makes a new card at once, with only what is new; a change that switches nothing on makes none", async () => {
  const { companion, scene } = await inspected();
  const ix = scene.tokens.get("ix").actor;
  const ring = new FakeItem({
    parent: ix,
    type: "equipment",
    name: "Ring of protection +1",
    system: { equipped: false, carried: false, cl: 5 },
  });
  const buff = new FakeItem({
    parent: ix,
    type: "buff",
    name: "Shield of Faith",
    system: { active: false, subType: "spell" },
  });
  ix.items.push(ring, buff);
  FOUND.ix = [
    ...FOUND.ix,
    {
      kind: "magic_item",
      what: "Ring of protection +1",
      why: "its sheet marks it magic",
      by_name: false,
      allowed: false,
    },
  ];
  const cards = () =>
    asUser("gm", () => globalThis.game.messages.contents).filter(
      (m) => m.flags.ballcourt?.context?.game === "yaotzin.inspection",
    );
  const before = cards().length;
  await asUser("alice", () => ring.update({ "system.equipped": true })); // his owner equips it
  await settle();
  assert.equal(cards().length, before + 1);
  assert.deepEqual(
    cards()
      .at(-1)
      .flags.ballcourt.findings.map((f) => f.what),
    ["Ring of protection +1"],
    "only what is new",
  );
  assert.ok(cards().at(-1).whisper.includes("alice") && !cards().at(-1).whisper.includes("bob"));
  const sent = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/inspect").at(-1)
    .body.players;
  assert.deepEqual(
    sent.map((p) => p.id),
    ["ix"],
    "only the player whose sheet changed",
  );
  assert.ok(
    sent[0].items.some(
      (i) => i.name === "Ring of protection +1" && i.equipped === true && i.magic === true,
    ),
  );
  await asUser("alice", () => ring.update({ name: "Ring" }));
  await asUser("gm", () => buff.update({ "system.active": false }));
  await settle();
  assert.equal(cards().length, before + 1, "a rename or a buff switched off switches nothing on");
  FOUND.ix = [
    ...FOUND.ix,
    {
      kind: "magic_effect",
      what: "Shield of Faith",
      why: "it comes from a spell",
      by_name: false,
      allowed: false,
    },
  ];
  await asUser("alice", () => buff.update({ system: { active: true } }));
  await settle();
  assert.deepEqual(
    cards()
      .at(-1)
      .flags.ballcourt.findings.map((f) => f.what),
    ["Shield of Faith"],
  );
  FOUND.ix = FOUND.ix.slice(0, 1);
});

test("mid-match, an effect enabled on a player (or on an item of his) inspects him again at once", async () => {
  const { companion, scene } = await inspected();
  const yo = scene.tokens.get("yo").actor;
  const cloak = new FakeItem({
    parent: yo,
    type: "equipment",
    name: "Cloak",
    system: { equipped: true },
  });
  const effect = new FakeActiveEffect({ parent: cloak, name: "Cloak's ward", disabled: true });
  const asked = () => companion.calls.filter((c) => c.route === "/api/v1/yaotzin/inspect").length;
  const before = asked();
  FOUND.yo = [
    ...FOUND.yo,
    {
      kind: "magic_effect",
      what: "Cloak's ward",
      why: "it comes from an item's magic",
      by_name: false,
      allowed: false,
    },
  ];
  await asUser("bob", () => effect.update({ disabled: false }));
  await settle();
  assert.equal(asked(), before + 1);
  const last = asUser("gm", () => globalThis.game.messages.contents).at(-1);
  assert.deepEqual(
    last.flags.ballcourt.findings.map((f) => f.what),
    ["Cloak's ward"],
  );
  assert.ok(last.whisper.includes("bob") && !last.whisper.includes("alice"));
  FOUND.yo = FOUND.yo.slice(0, 1);
});

test("mid-match, an item dropped on a sheet already equipped, or an effect added already on, inspects him again at once; one made off does not", async () => {
  const { companion, scene } = await inspected();
  const yo = scene.tokens.get("yo").actor;
  const asked = () => companion.calls.filter((c) => c.route === "/api/v1/yaotzin/inspect").length;
  const before = asked();
  await asUser("bob", () =>
    yo.createEmbeddedDocuments("Item", [
      { type: "equipment", name: "Spare sandals", system: { equipped: false, carried: false } },
    ]),
  );
  await settle();
  assert.equal(asked(), before, "left at home: nothing to judge");
  FOUND.yo = [
    ...FOUND.yo,
    {
      kind: "metal",
      what: "Bronze greaves",
      why: "bronze is a metal",
      by_name: false,
      allowed: false,
    },
  ];
  await asUser("bob", () =>
    yo.createEmbeddedDocuments("Item", [
      { type: "equipment", name: "Bronze greaves", system: { equipped: true, material: "bronze" } },
    ]),
  );
  await settle();
  assert.equal(asked(), before + 1);
  const last = asUser("gm", () => globalThis.game.messages.contents).at(-1);
  assert.deepEqual(
    last.flags.ballcourt.findings.map((f) => f.what),
    ["Bronze greaves"],
    "only what is new",
  );
  assert.ok(last.whisper.includes("bob") && !last.whisper.includes("alice"));
  FOUND.yo = FOUND.yo.slice(0, 1);
  await asUser("bob", () =>
    yo.createEmbeddedDocuments("ActiveEffect", [{ name: "Bless", disabled: false }]),
  );
  await settle();
  assert.equal(asked(), before + 2, "an effect added on");
});

test("mid-match, a condition put on him (prone, from the token's HUD or a card's Apply) does not inspect him again: a status is no item or spell of his", async () => {
  const { companion, scene } = await inspected();
  const yo = scene.tokens.get("yo").actor;
  const asked = () => companion.calls.filter((c) => c.route === "/api/v1/yaotzin/inspect").length;
  const before = asked();
  await asUser("gm", () => yo.toggleStatusEffect("prone", { active: true }));
  await settle();
  assert.ok(yo.statuses.has("prone"), "the status is on");
  assert.equal(asked(), before, "nothing to judge");
});
