/**
 * Issue 25, section 2, attacks of opportunity at a table: the round's budget (item 1), the
 * question after a reload (item 11 and "Also"), and a stale question dialog (item 9).
 */
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { connectTo, contestCompanion, fakeCompanion } from "./fakes/companion.mjs";
import { asUser, clientOf, installFoundry, settle } from "./fakes/foundry.mjs";
import { courtScene, fixture, runningEncounter } from "./fakes/scenes.mjs";

const link = await import("../scripts/foundry/world/link.mjs");
const chat = await import("../scripts/foundry/cards/chat.mjs");
const yaotzin = await import("../scripts/foundry/yaotzin/yaotzin.mjs");
const { contest } = await import("../scripts/foundry/yaotzin/contests.mjs");
const aooChoice = await import("../scripts/foundry/requests/aoo-choice.mjs");
const aooQuestion = await import("../scripts/foundry/requests/aoo-question.mjs");
const openDialogs = await import("../scripts/foundry/requests/open-dialogs.mjs");
const rr = { ...await import("../scripts/foundry/requests/roll-requests.mjs"), ...await import("../scripts/foundry/requests/roll-answers.mjs") };
const requestCard = await import("../scripts/foundry/requests/roll-request-card.mjs");

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

/** The module's hooks for cards, questions and requests, as main.mjs registers them. */
function hooks() {
  for (const fn of [chat.onUpdateUser, aooQuestion.onAooAnswer, requestCard.onRequestCardPress]) globalThis.Hooks.on("updateUser", fn);
  globalThis.Hooks.on("renderChatMessageHTML", aooQuestion.onRenderAooQuestion);
  globalThis.Hooks.on("renderChatMessageHTML", requestCard.onRenderRequestCard);
  globalThis.Hooks.on("updateChatMessage", openDialogs.onSettledCard);
  aooChoice.registerAooQuery();
  rr.registerRollQuery();
}

/**
 * `userId` leaves the next dialog his client shows open (the doubles' DialogV2 stays open until
 * pressed or closed); `opened()` resolves with it once it is on his screen, `closed()` once it is gone.
 */
function openDialog(userId) {
  clientOf(userId).dialogs.unanswered = "open";
  const seen = {};
  const until = async (fn) => {
    for (let i = 0; i < 500 && !fn(); i += 1) await new Promise((r) => setImmediate(r));
    return fn();
  };
  seen.opened = () => until(() => (seen.dialog ??= clientOf(userId).dialogs.open[0]));
  seen.closed = () => until(() => seen.dialog && !seen.dialog.rendered).then((gone) => gone || "still open");
  return seen;
}

const within = (promise, ms = 300) => Promise.race([promise, new Promise((r) => setTimeout(() => r("still open"), ms))]);

test("item 9: Bob's roll dialog closes once the GM rolled for him from the card; his sheet is not rolled", async () => {
  installFoundry({ settings: { rollPolicy: "players" } });
  hooks();
  const companion = fakeCompanion({ "/api/v1/yaotzin/intercept": () => ({ status: 200, body: fixture("intercept") }) });
  await connectTo(link, companion);
  const scene = courtScene();
  const kick = await chat.postCard(fixture("kick"), { game: "yaotzin", kind: "kick", sceneId: scene.id,
    matchId: "m1", owners: { ix: ["alice"], yo: ["bob"], ball: [] } });
  const dialog = openDialog("bob");
  const resolving = chat.performAction(kick.id, "intercept:yo", "gm");   // the GM's press asks Bob
  await settle();
  assert.ok(await dialog.opened(), "Bob's dialog is open");
  const card = globalThis.ChatMessage.created.find((m) => m.flags?.ballcourt?.rollCard);
  const rowId = card.flags.ballcourt.rollCard.order[0];
  await requestCard.performRowAction(card.id, { action: "rollFor", rowId }, globalThis.game.users.get("gm"));
  assert.equal(await dialog.closed(), true, "the settled row closed it on Bob's screen");
  assert.equal(await resolving, true);
  assert.equal(card.flags.ballcourt.rollCard.rows[rowId].by, "gm");
  assert.equal(companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept").length, 1);
});

test("item 9: Bob's attack-of-opportunity dialog closes once the GM chose for him on the card", async () => {
  installFoundry();
  hooks();
  const companion = contestCompanion({ provokes: true });
  await connectTo(link, companion);
  const scene = courtScene();
  const dialog = openDialog("bob");
  const contesting = contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  await settle();
  assert.ok(await dialog.opened(), "Bob is asked");
  const question = globalThis.ChatMessage.created.find((m) => m.flags?.ballcourt?.aooQuestion);
  assert.equal(await aooQuestion.pressAnswer(question.id, "none"), true, "the GM answers for him on the card");
  assert.equal(await dialog.closed(), true, "Bob's dialog is closed on his screen");
  await contesting;
  assert.equal(question.flags.ballcourt.aooQuestion.by, "gm");
});

test("item 11 and Also: Bob's reloaded page asks his open question again whatever his clock says; his answer counts", async () => {
  const world = installFoundry();
  hooks();
  const companion = contestCompanion({ provokes: true });
  await connectTo(link, companion);
  const scene = courtScene();
  globalThis.game.users.get("bob").answer = () => new Promise(() => {});   // his old page never answers
  const contesting = contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  await settle();
  world.client("bob");
  const { reload } = await import("./fakes/foundry.mjs");
  await reload("bob");
  clientOf("bob").dialogs.answers.push("trip");
  mock.timers.enable({ apis: ["Date"], now: Date.now() + 3 * 60 * 1000 });   // Bob's clock runs three minutes fast
  let asked;
  try {
    asked = await asUser("bob", () => aooChoice.askAooAgain());   // his new page's "ready"
  } finally {
    mock.timers.reset();
  }
  assert.equal(asked, 1, "asked again: the GM's deadline is the GM's to keep");
  await settle();
  await within(contesting);
  const question = globalThis.ChatMessage.created.find((m) => m.flags?.ballcourt?.aooQuestion);
  assert.deepEqual([question.flags.ballcourt.aooQuestion.choice, question.flags.ballcourt.aooQuestion.by], ["trip", "bob"]);
  const sent = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/contest" && !c.body.preview).at(-1);
  assert.deepEqual(sent.body.target_aoo, { kind: "trip" }, "at once, not after the two minutes his old page would have taken");
});
