/**
 * An Apply's journal (cards/chat.mjs): before its first write the card keeps what the writes
 * will change, read as it is then, so a page closed among the writes is taken back whole. The
 * journal must be the Undo record the writes themselves leave; here both games' Apply with
 * sheets written (Yaotzin's nonlethal damage and prone, on pf1 and D35E sheets) are compared,
 * and a journal a closed page left is taken back when the GM's page links again.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeUser, asUser, clientOf, loadModule, reload, settle } from "../../fakes/foundry.mjs";
import { courtScene } from "../../fakes/scenes.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

/** A Yaotzin card whose Apply moves the ball, deals Yolteotl nonlethal damage and knocks him prone. */
const card = () => ({
  chat_card: {
    kind: "yaotzin.contest",
    title: { text: "Trip" },
    lines: [],
    rolls: [],
    actions: [
      {
        id: "apply",
        label: "Apply",
        payload: {
          events: [{ type: "damage", player: "yo", nonlethal: 6 }],
          ball: { x: 13, y: 12, speed: 0, direction: null },
          damage: [{ player: "yo", nonlethal: 6 }],
          prone: "yo",
        },
      },
    ],
  },
});

/** The card's journal as each of its updates left it. */
function journals(message) {
  const seen = [];
  const update = message.update.bind(message);
  message.update = async (changes, options) => {
    const out = await update(changes, options);
    seen.push(structuredClone(message.flags.ballcourt.applying ?? null));
    return out;
  };
  return seen;
}

async function court(options = {}) {
  const companion = fakeCompanion();
  await openOn(companion, options);
  const scene = courtScene();
  const chat = await moduleOf("gm", "chat");
  const message = await chat.postCard(card(), {
    game: "yaotzin",
    kind: "contest",
    sceneId: scene.id,
    matchId: "m1",
    owners: { ix: ["alice"], yo: ["bob"], ball: [] },
  });
  return { companion, scene, chat, message, yo: scene.tokens.get("yo") };
}

test("Yaotzin: the journal kept before the first write is the Undo record the writes leave", async () => {
  const { chat, message } = await court();
  const seen = journals(message);
  assert.equal(await chat.performAction(message.id, "apply", "gm"), true);
  const { stamp, ...journal } = seen[0];
  assert.deepEqual(
    journal.undo,
    message.flags.ballcourt.record.undo,
    "the same squares, fields and statuses",
  );
  assert.ok(
    journal.undo.sheets.length >= 2,
    "the damage's fields and the prone's statuses are in it",
  );
  assert.equal(stamp, message.flags.ballcourt.record.stamp);
  assert.equal(message.flags.ballcourt.applying, null, "the last write clears it");
});

test("Yaotzin: a journal a closed page left is taken back when the GM's page links again; a press meanwhile is refused as busy", async () => {
  const { companion, chat, message, scene, yo } = await court();
  const before = {
    ball: { ...scene.tokens.get("ball") },
    statuses: [...(yo.actor.statuses ?? [])],
    sheet: structuredClone(yo.actor.system),
  };
  const { updateEmbeddedDocuments } = scene;
  scene.updateEmbeddedDocuments = () => new Promise(() => {}); // his page closes as the tokens are written
  chat.performAction(message.id, "apply", "gm");
  await settle();
  assert.notDeepEqual(yo.actor.system, before.sheet, "the damage was written");
  assert.equal(companion.match.log.length, 1, "and its event posted");
  assert.equal(await chat.performAction(message.id, "apply", "gm"), false, "a second press waits");
  scene.updateEmbeddedDocuments = updateEmbeddedDocuments;
  await reload("gm", {
    load: (userId) => {
      clientOf(userId).user.active = true;
      return loadModule(userId);
    },
  });
  await settle();
  assert.deepEqual(yo.actor.system, before.sheet, "the sheet as the journal read it");
  assert.deepEqual([...(yo.actor.statuses ?? [])], before.statuses);
  assert.deepEqual(
    [scene.tokens.get("ball").x, scene.tokens.get("ball").y],
    [before.ball.x, before.ball.y],
  );
  assert.deepEqual(companion.match.undone, [1], "the event undone at the companion");
  assert.equal(message.flags.ballcourt.applied, false);
  assert.match(clientOf("gm").ui.notifications.at(-1)[1], /Trip.*cut short/);
  assert.equal(
    await (await moduleOf("gm", "chat")).performAction(message.id, "apply", "gm"),
    true,
    "Apply again",
  );
});

test("Yaotzin: an Apply under way on a GM's page is his still when another GM takes the companion over, and is taken back when his page closes", async () => {
  const users = [
    new FakeUser({ id: "gm", name: "Tezca", isGM: true }),
    new FakeUser({ id: "maria", name: "Maria", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }),
    new FakeUser({ id: "bob", name: "Bob" }),
  ];
  const { chat, message, scene, yo } = await court({ users });
  const sheet = structuredClone(yo.actor.system);
  const { updateEmbeddedDocuments } = scene;
  scene.updateEmbeddedDocuments = () => new Promise(() => {}); // Tezca's Apply waits on its token writes
  chat.performAction(message.id, "apply", "gm");
  await settle();
  scene.updateEmbeddedDocuments = updateEmbeddedDocuments;
  await asUser("gm", () => globalThis.game.settings.set("ballcourt", "companionGM", "Maria"));
  await settle();
  assert.ok(message.flags.ballcourt.applying, "Maria's page, once linked, leaves Tezca's journal");
  assert.notDeepEqual(yo.actor.system, sheet, "and his writes so far");
  reload("gm", { load: () => new Promise(() => {}) }); // his page closes and does not come back yet
  await settle();
  assert.equal(message.flags.ballcourt.applying, null, "taken back once he left");
  assert.deepEqual(yo.actor.system, sheet, "the sheet as the journal read it");
  assert.match(clientOf("maria").ui.notifications.at(-1)[1], /Trip.*cut short/);
});
