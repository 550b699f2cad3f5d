/**
 * The roll-request card at a table of clients: the GM asks Bob for Yolteotl's Reflex save; the
 * card's row is Bob's to roll whether or not his dialog survived; the GM rolls for him or
 * cancels from the card; only the active GM writes the message; a card nobody awaits any more
 * (the GM's client was reloaded) is marked so when pressed. Every client renders the card in
 * its own chat log (the render hook on that client, in its language); presses are real clicks.
 * Each client runs its own copy of the module (openTable), the GM's page connected.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import {
  asUser,
  buttonsIn,
  clientOf,
  fakeHtml,
  listenerCount,
  press,
  settle,
} from "../../fakes/foundry.mjs";
import { courtScene, fixture } from "../../fakes/scenes.mjs";
import { cardFlags } from "../../../scripts/core/roll-request-card.mjs";
import { playerClients } from "../../tables/roll-requests.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";
import { interceptCompanion } from "../../tables/yaotzin.mjs";

/** A user's own page's copy of a module file (each browser has its own module). */
const chatOf = (userId) => moduleOf(userId, "chat");
const cardOf = (userId) => moduleOf(userId, "roll-request-card");
const rrOf = (userId) => moduleOf(userId, "roll-requests");

let inbox;
let companion;
/**
 * A table where every browser has loaded the module, the GM's page connected to a companion
 * that resolves Yolteotl's interception. Each player's query (the short-lived dialog) waits in
 * `inbox`: a test may answer it, or never.
 */
async function table(options = {}) {
  companion = interceptCompanion();
  const world = await openOn(companion, {
    ...options,
    settings: { rollPolicy: "players", ...options.settings },
  });
  ({ inbox } = playerClients(globalThis.game.users.contents));
  return world;
}
beforeEach(() => table());
afterEach(() => {
  for (const asked of inbox) asked.resolve(null); // dialogs left open are closed: no query outlives its test
});
useTables();

const intercepts = (companion) =>
  companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept");

/** A kick card offering Bob's Yolteotl an interception; the GM presses it, and Bob is asked for his save. */
async function askBob() {
  const scene = courtScene();
  const chat = await chatOf("gm");
  const kick = await chat.postCard(fixture("kick"), {
    game: "yaotzin",
    kind: "kick",
    sceneId: scene.id,
    matchId: "m1",
    owners: { ix: ["alice"], yo: ["bob"], ball: [] },
  });
  const resolving = chat.performAction(kick.id, "intercept:yo", "gm");
  await settle();
  const message = globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.rollCard).at(-1);
  return { companion, kick, resolving, message, rowId: message.flags.ballcourt.rollCard.order[0] };
}

/** The card as it stands in one user's chat log once the table is quiet (undefined: he cannot see it). */
async function seen(userId, message) {
  await settle();
  return clientOf(userId).chat.get(message.id);
}

/** A user clicks a button of the card in his own chat log; resolves when the table is quiet. */
async function click(userId, message, action) {
  const html = await seen(userId, message);
  assert.ok(html, `${userId} does not see the card`);
  await asUser(userId, () => press(html, action));
}

/** Bob's client answers the dialog it was queried with (his click on its Roll button). */
async function bobAnswersDialog() {
  clientOf("bob").dialogs.answers.push("roll");
  await asUser("bob", async () =>
    inbox[0].resolve(await globalThis.CONFIG.queries[inbox[0].name](inbox[0].data)),
  );
  await settle();
}

test("Bob lost his dialog (a reload) and rolls from his row; the GM's card says so to everyone", async () => {
  await table({ languages: { bob: "ru" } });
  const { companion, kick, resolving, message, rowId } = await askBob();
  assert.equal(inbox.length, 1, "the dialog was asked too; Bob never answers it");
  const row = message.flags.ballcourt.rollCard.rows[rowId];
  assert.deepEqual(
    [row.name, row.owner, row.state, row.check.id],
    ["Yolteotl", "bob", "pending", "reflex"],
  );
  assert.equal(message.whisper, undefined, "a public card: everyone sees each row");
  assert.match(
    (await seen("bob", message)).innerHTML,
    /Бросить/,
    "in Bob's language, on his screen",
  );
  assert.match((await seen("gm", message)).innerHTML, /Roll for them/);
  assert.deepEqual(buttonsIn(await seen("alice", message)), [], "not Alice's row");
  globalThis.Roll.queue = [13, 5];
  const html = await seen("bob", message);
  await asUser("bob", () =>
    Promise.all([press(html, `roll:${rowId}`), press(html, `roll:${rowId}`)]),
  ); // a double click
  assert.deepEqual(globalThis.Roll.queue, [5], "his sheet rolled once");
  assert.equal(await resolving, true);
  assert.deepEqual(
    intercepts(companion)[0].body.rolls,
    { save: 13 },
    "Bob's natural 13 reaches the companion",
  );
  assert.deepEqual(kick.flags.ballcourt.resolved, ["intercept:yo"]);
  const rolled = message.flags.ballcourt.rollCard.rows[rowId];
  assert.deepEqual([rolled.state, rolled.by, rolled.total], ["rolled", "bob", 17]);
  assert.equal(message.updatedBy, "gm", "only the GM writes the card");
  assert.match(
    (await seen("alice", message)).innerHTML,
    /Yolteotl<\/b> · Bob · Reflex save: <span class="ballcourt-roll-state">rolled 17 \(Bob\)/,
  );
  assert.deepEqual(buttonsIn(await seen("bob", message)), [], "nothing left to press");
  assert.ok(
    message.updates.every((u) =>
      Object.keys(u).every((k) => k === `flags.ballcourt.rollCard.rows.${rowId}`),
    ),
    "the GM writes only the row that changed",
  );
  await bobAnswersDialog();
  assert.equal(intercepts(companion).length, 1, "his late dialog answer is dropped");
});

test("an answer to the dialog settles the card's row too", async () => {
  const { resolving, message, rowId } = await askBob();
  globalThis.Roll.queue = [8];
  await bobAnswersDialog();
  assert.equal(await resolving, true);
  await settle();
  assert.equal(message.flags.ballcourt.rollCard.rows[rowId].state, "rolled");
  assert.doesNotMatch(
    (await seen("bob", message)).innerHTML,
    /data-ballcourt-action/,
    "Bob's row is done on his screen too",
  );
});

test("Alice cannot roll Bob's row: no button, a refused click, and a forged request changes nothing", async () => {
  const { companion, message, rowId } = await askBob();
  const rr = await rrOf("gm");
  const alice = globalThis.game.users.get("alice");
  assert.equal(
    await asUser("alice", async () =>
      (await cardOf("alice")).pressRow(message.id, `roll:${rowId}`),
    ),
    false,
  );
  assert.match(
    clientOf("alice").ui.notifications.at(-1)[1],
    /may not press/,
    "told on her own screen",
  );
  const forged = {
    total: 40,
    terms: [{ class: "Die", faces: 20, results: [{ result: 20, active: true }] }],
  };
  await asUser("alice", () =>
    alice.setFlag("ballcourt", "rollCard", {
      messageId: message.id,
      action: "roll",
      rowId,
      roll: forged,
      at: 1,
    }),
  );
  await asUser("alice", () =>
    alice.setFlag("ballcourt", "rollCard", { messageId: message.id, action: "cancel", at: 2 }),
  );
  await settle();
  assert.equal(message.flags.ballcourt.rollCard.rows[rowId].state, "pending");
  assert.equal(rr.requests.get(rowId).state, "pending");
  assert.equal(intercepts(companion).length, 0);
  await assert.rejects(
    asUser("alice", () =>
      message.update({ [`flags.ballcourt.rollCard.rows.${rowId}.state`]: "rolled" }),
    ),
    /lacks permission/,
    "nor may she write the GM's message herself",
  );
  rr.cancelRequests(rr.requests.pending()[0]?.batch);
});

test("the GM rolls for Bob from the card, once however often pressed", async () => {
  const { companion, resolving, message, rowId } = await askBob();
  globalThis.Roll.queue = [6, 19];
  const html = await seen("gm", message);
  await asUser("gm", () =>
    Promise.all([press(html, `rollFor:${rowId}`), press(html, `rollFor:${rowId}`)]),
  );
  assert.equal(await resolving, true);
  await settle();
  assert.deepEqual(
    intercepts(companion).map((c) => c.body.rolls),
    [{ save: 6 }],
  );
  assert.deepEqual(globalThis.Roll.queue, [19], "the second press rolled nothing");
  const row = message.flags.ballcourt.rollCard.rows[rowId];
  assert.deepEqual([row.state, row.by], ["rolled", "gm"]);
});

test("the GM cancels from the card: nothing is resolved, every client sees the row cancelled", async () => {
  const { companion, kick, resolving, message, rowId } = await askBob();
  await click("gm", message, "cancel");
  assert.equal(await resolving, false);
  await settle();
  assert.match(clientOf("gm").ui.notifications.at(-1)[1], /checks were cancelled/);
  assert.equal(intercepts(companion).length, 0);
  assert.deepEqual(kick.flags.ballcourt.resolved, [], "the interception may be tried again");
  assert.equal(message.flags.ballcourt.rollCard.rows[rowId].state, "cancelled");
  assert.match((await seen("bob", message)).innerHTML, /cancelled/);
  assert.match((await seen("alice", message)).innerHTML, /cancelled/);
  assert.deepEqual(buttonsIn(await seen("gm", message)), []);
});

test("a card from before the GM's reload: a press marks its waiting rows, and asks nothing", async () => {
  const scene = courtScene();
  const stale = await globalThis.ChatMessage.create({
    content: '<div class="ballcourt-card"></div>',
    flags: {
      ballcourt: {
        rollCard: cardFlags([
          {
            id: "r1",
            sceneId: scene.id,
            tokenId: "yo",
            name: "Yolteotl",
            owner: "bob",
            check: { type: "save", id: "reflex" },
          },
        ]),
      },
    },
  });
  await click("bob", stale, "roll:r1");
  assert.equal(stale.flags.ballcourt.rollCard.rows.r1.state, "expired");
  assert.equal(stale.updatedBy, "gm");
  assert.match((await seen("bob", stale)).innerHTML, /no longer awaited/);
  assert.deepEqual(buttonsIn(await seen("bob", stale)), []);
  assert.equal((await rrOf("gm")).requests.status().length, 0);
});

test("when the GM's page loads, the waiting rows of older cards are marked at once; a live card is left", async () => {
  const scene = courtScene();
  const row = {
    id: "r1",
    sceneId: scene.id,
    tokenId: "yo",
    name: "Yolteotl",
    owner: "bob",
    check: { type: "save", id: "reflex" },
  };
  const old = await globalThis.ChatMessage.create({
    content: "",
    flags: { ballcourt: { rollCard: cardFlags([row]) } },
  });
  const other = await globalThis.ChatMessage.create({ content: "plain" });
  assert.deepEqual(
    await asUser("bob", async () => (await cardOf("bob")).expireOldCards()),
    [],
    "a player's client writes nothing",
  );
  const { message } = await askBob();
  const rr = await rrOf("gm");
  assert.deepEqual(
    (await asUser("gm", async () => (await cardOf("gm")).expireOldCards())).map((m) => m.id),
    [old.id],
  );
  assert.equal(old.flags.ballcourt.rollCard.rows.r1.state, "expired");
  assert.equal(
    message.flags.ballcourt.rollCard.rows[message.flags.ballcourt.rollCard.order[0]].state,
    "pending",
  );
  assert.deepEqual(other.updates, []);
  rr.cancelRequests(rr.requests.pending()[0]?.batch);
});

test("render hooks firing twice wire each button once; a private GM mode still shows the card to Bob", async () => {
  const world = await table();
  world.values.coreMessageMode = "gm";
  const { message } = await askBob();
  const [card, rr] = [await cardOf("gm"), await rrOf("gm")];
  assert.deepEqual(message.whisper, ["gm", "bob"]);
  assert.equal(message.blind, false);
  assert.ok(
    buttonsIn(await seen("bob", message)).length > 0,
    "in Bob's chat log, with his Roll button",
  );
  assert.equal(await seen("alice", message), undefined, "not in Alice's");
  const html = fakeHtml(message.content);
  asUser("gm", () => {
    card.onRenderRequestCard(message, html);
    card.onRenderRequestCard(message, html);
  });
  const buttons = buttonsIn(html);
  assert.ok(buttons.length > 0 && buttons.every((b) => listenerCount(b, "click") === 1));
  rr.cancelRequests(rr.requests.pending()[0]?.batch);
});
