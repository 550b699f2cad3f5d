/**
 * The roll-request card in a world of fakes: the GM asks Bob for Yolteotl's Reflex save; the
 * card's row is Bob's to roll whether or not his dialog survived; the GM rolls for him or
 * cancels from the card; only the active GM writes the message; a card nobody awaits any more
 * (the GM's client was reloaded) is marked so when pressed.
 */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { connectTo, fakeCompanion } from "./fakes/companion.mjs";
import { asUser, fakeHtml, installDocument, installFoundry } from "./fakes/foundry.mjs";
import { clientLanguages } from "./fakes/languages.mjs";
import { courtScene, fixture } from "./fakes/scenes.mjs";
import { cardFlags } from "../scripts/core/roll-request-card.mjs";

const chat = await import("../scripts/foundry/chat.mjs");
const link = await import("../scripts/foundry/link.mjs");
await import("../scripts/foundry/yaotzin.mjs");
const rr = await import("../scripts/foundry/roll-requests.mjs");
const card = await import("../scripts/foundry/roll-request-card.mjs");

const flush = async (n = 10) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setImmediate(r));
};

let world;
let inbox;
beforeEach(() => {
  world = installFoundry({ settings: { rollPolicy: "players" } });
  rr.registerRollQuery();
  globalThis.Hooks.on("updateUser", chat.onUpdateUser);
  globalThis.Hooks.on("updateUser", card.onRequestCardPress);
  installDocument();
  // each player's query (the short-lived dialog) waits here: a test may answer it, or never
  inbox = [];
  for (const user of globalThis.game.users.contents.filter((u) => !u.isGM)) {
    user.answer = (name, data) => new Promise((resolve) => inbox.push({ user, name, data, resolve }));
  }
});

const intercepts = (companion) => companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept");

/** A kick card offering Bob's Yolteotl an interception; the GM presses it, and Bob is asked for his save. */
async function askBob() {
  const companion = fakeCompanion({ "/api/v1/yaotzin/intercept": () => ({ status: 200, body: fixture("intercept") }) });
  await connectTo(link, companion);
  const scene = courtScene();
  const kick = await chat.postCard(fixture("kick"), { game: "yaotzin", kind: "kick", sceneId: scene.id,
    matchId: "m1", owners: { ix: ["alice"], yo: ["bob"], ball: [] } });
  const resolving = chat.performAction(kick.id, "intercept:yo", "gm");
  await flush();
  const message = globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.rollCard).at(-1);
  return { companion, kick, resolving, message, rowId: message.flags.ballcourt.rollCard.order[0] };
}

/** The card as one user's client renders it: its HTML and its wired buttons. */
function renderedFor(userId, message) {
  return asUser(userId, () => {
    const html = fakeHtml(message.content);
    card.onRenderRequestCard(message, html);
    return html;
  });
}

async function press(userId, message, action) {
  const html = await renderedFor(userId, message);
  const button = html.buttons.find((b) => b.dataset.ballcourtAction === action);
  assert.ok(button, `${userId} has no ${action} button in ${html.innerHTML}`);
  await asUser(userId, () => button.click());
  await flush();
}

test("Bob lost his dialog (a reload) and rolls from his row; the GM's card says so to everyone", async () => {
  clientLanguages({ bob: "ru" });
  const { companion, kick, resolving, message, rowId } = await askBob();
  assert.equal(inbox.length, 1, "the dialog was asked too; Bob never answers it");
  const row = message.flags.ballcourt.rollCard.rows[rowId];
  assert.deepEqual([row.name, row.owner, row.state, row.check.id], ["Yolteotl", "bob", "pending", "reflex"]);
  assert.equal(message.whisper, undefined, "a public card: everyone sees each row");
  assert.match((await renderedFor("bob", message)).innerHTML, /Бросить/, "in Bob's language");
  assert.match((await renderedFor("gm", message)).innerHTML, /Roll for them/);
  assert.deepEqual((await renderedFor("alice", message)).buttons, [], "not Alice's row");
  globalThis.Roll.queue = [13];
  await press("bob", message, `roll:${rowId}`);
  assert.equal(await resolving, true);
  assert.deepEqual(intercepts(companion)[0].body.rolls, { save: 13 }, "Bob's natural 13 reaches the companion");
  assert.deepEqual(kick.flags.ballcourt.resolved, ["intercept:yo"]);
  const rolled = message.flags.ballcourt.rollCard.rows[rowId];
  assert.deepEqual([rolled.state, rolled.by, rolled.total], ["rolled", "bob", 17]);
  assert.match((await renderedFor("alice", message)).innerHTML, /Yolteotl<\/b> · Bob · Reflex save: <span class="ballcourt-roll-state">rolled 17 \(Bob\)/);
  assert.deepEqual((await renderedFor("bob", message)).buttons, [], "nothing left to press");
  assert.ok(message.updates.every((u) => Object.keys(u).every((k) => k === `flags.ballcourt.rollCard.rows.${rowId}`)),
    "the GM writes only the row that changed");
  globalThis.foundry.applications.api.DialogV2.answers.push("roll");
  await asUser("bob", async () => inbox[0].resolve(await globalThis.CONFIG.queries[inbox[0].name](inbox[0].data)));
  await flush();
  assert.equal(intercepts(companion).length, 1, "his late dialog answer is dropped");
});

test("an answer to the dialog settles the card's row too", async () => {
  const { resolving, message, rowId } = await askBob();
  globalThis.Roll.queue = [8];
  globalThis.foundry.applications.api.DialogV2.answers.push("roll");
  await asUser("bob", async () => inbox[0].resolve(await globalThis.CONFIG.queries[inbox[0].name](inbox[0].data)));
  assert.equal(await resolving, true);
  await flush();
  assert.equal(message.flags.ballcourt.rollCard.rows[rowId].state, "rolled");
});

test("Alice cannot roll Bob's row: no button, a refused click, and a forged request changes nothing", async () => {
  const { companion, message, rowId } = await askBob();
  const alice = globalThis.game.users.get("alice");
  assert.equal(await asUser("alice", () => card.pressRow(message.id, `roll:${rowId}`)), false);
  assert.match(world.notifications.at(-1)[1], /may not press/);
  const forged = { total: 40, terms: [{ class: "Die", faces: 20, results: [{ result: 20, active: true }] }] };
  await asUser("alice", () => alice.setFlag("ballcourt", "rollCard",
    { messageId: message.id, action: "roll", rowId, roll: forged, at: 1 }));
  await asUser("alice", () => alice.setFlag("ballcourt", "rollCard",
    { messageId: message.id, action: "cancel", at: 2 }));
  await flush();
  assert.equal(message.flags.ballcourt.rollCard.rows[rowId].state, "pending");
  assert.equal(rr.requests.get(rowId).state, "pending");
  assert.equal(intercepts(companion).length, 0);
  rr.cancelRequests();
});

test("the GM rolls for Bob from the card, once however often pressed", async () => {
  const { companion, resolving, message, rowId } = await askBob();
  globalThis.Roll.queue = [6, 19];
  const html = await renderedFor("gm", message);
  const button = html.buttons.find((b) => b.dataset.ballcourtAction === `rollFor:${rowId}`);
  await Promise.all([button.click(), button.click()]);
  assert.equal(await resolving, true);
  await flush();
  assert.deepEqual(intercepts(companion).map((c) => c.body.rolls), [{ save: 6 }]);
  assert.deepEqual(globalThis.Roll.queue, [19], "the second press rolled nothing");
  const row = message.flags.ballcourt.rollCard.rows[rowId];
  assert.deepEqual([row.state, row.by], ["rolled", "gm"]);
});

test("the GM cancels from the card: nothing is resolved, every client sees the row cancelled", async () => {
  const { companion, kick, resolving, message, rowId } = await askBob();
  await press("gm", message, "cancel");
  assert.equal(await resolving, false);
  await flush();
  assert.match(world.notifications.at(-1)[1], /checks were cancelled/);
  assert.equal(intercepts(companion).length, 0);
  assert.deepEqual(kick.flags.ballcourt.resolved, [], "the interception may be tried again");
  assert.equal(message.flags.ballcourt.rollCard.rows[rowId].state, "cancelled");
  assert.match((await renderedFor("bob", message)).innerHTML, /cancelled/);
  assert.deepEqual((await renderedFor("gm", message)).buttons, []);
});

test("a card from before the GM's reload: a press marks its waiting rows, and asks nothing", async () => {
  const scene = courtScene();
  const stale = await globalThis.ChatMessage.create({ content: '<div class="ballcourt-card"></div>',
    flags: { ballcourt: { rollCard: cardFlags([{ id: "r1", sceneId: scene.id, tokenId: "yo", name: "Yolteotl",
      owner: "bob", check: { type: "save", id: "reflex" } }]) } } });
  await press("bob", stale, "roll:r1");
  assert.equal(stale.flags.ballcourt.rollCard.rows.r1.state, "expired");
  assert.match((await renderedFor("bob", stale)).innerHTML, /no longer awaited/);
  assert.deepEqual((await renderedFor("bob", stale)).buttons, []);
  assert.equal(rr.requests.status().length, 0);
});

test("when the GM's page loads, the waiting rows of older cards are marked at once; a live card is left", async () => {
  const scene = courtScene();
  const row = { id: "r1", sceneId: scene.id, tokenId: "yo", name: "Yolteotl", owner: "bob",
    check: { type: "save", id: "reflex" } };
  const old = await globalThis.ChatMessage.create({ content: "", flags: { ballcourt: { rollCard: cardFlags([row]) } } });
  const other = await globalThis.ChatMessage.create({ content: "plain" });
  assert.deepEqual(await asUser("bob", () => card.expireOldCards()), [], "a player's client writes nothing");
  const { message } = await askBob();
  assert.deepEqual((await card.expireOldCards()).map((m) => m.id), [old.id]);
  assert.equal(old.flags.ballcourt.rollCard.rows.r1.state, "expired");
  assert.equal(message.flags.ballcourt.rollCard.rows[message.flags.ballcourt.rollCard.order[0]].state, "pending");
  assert.deepEqual(other.updates, []);
  rr.cancelRequests();
});

test("render hooks firing twice wire each button once; a private GM mode still shows the card to Bob", async () => {
  world.values.coreMessageMode = "gmroll";
  const { message } = await askBob();
  assert.deepEqual(message.whisper, ["gm", "bob"]);
  assert.equal(message.blind, false);
  const html = fakeHtml(message.content);
  card.onRenderRequestCard(message, html);
  card.onRenderRequestCard(message, html);
  assert.ok(html.buttons.length > 0 && html.buttons.every((b) => b.listeners.length === 1));
  rr.cancelRequests();
});
