/**
 * Issue 25, item 10: what the module shows a reader is in his own language, whoever's client
 * wrote it: the end-of-match line (in the table's message mode too), the match report, and the
 * refusals and busy notices the companion's GM sends a player. Bob reads Russian; the GM English.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectTo, fakeCompanion } from "./fakes/companion.mjs";
import { asUser, clientOf, installFoundry, settle } from "./fakes/foundry.mjs";
import { courtScene, fixture } from "./fakes/scenes.mjs";

const link = await import("../scripts/foundry/world/link.mjs");
const chat = await import("../scripts/foundry/cards/chat.mjs");
const matchEvents = await import("../scripts/foundry/cards/match-events.mjs");
const report = await import("../scripts/foundry/cards/report.mjs");
const gmRequests = await import("../scripts/foundry/requests/gm-requests.mjs");
const yaotzin = await import("../scripts/foundry/yaotzin/yaotzin.mjs");

async function table(settings = {}, routes = {}) {
  installFoundry({ languages: { bob: "ru" }, settings });
  for (const fn of [chat.onRenderChatMessageHTML, matchEvents.onRenderNotice, report.onRenderReportCard]) {
    globalThis.Hooks.on("renderChatMessageHTML", fn);
  }
  globalThis.Hooks.on("updateUser", chat.onUpdateUser);
  gmRequests.listenForRefusals();
  const companion = fakeCompanion({ "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }), ...routes });
  await connectTo(link, companion);
  return { companion, scene: courtScene() };
}

const chatText = (userId) => [...clientOf(userId).chat.values()].map((el) => el.innerHTML ?? el.outerHTML ?? "").join("\n");
const shown = (userId) => clientOf(userId).ui.notifications.map(([, text]) => text);
const kick = (scene) => yaotzin.resolveKick(scene, { kicker: "ix", target: { x: 18, y: 12 }, standing: true });

test("item 10: the winner line and the match report read in each reader's language", async () => {
  const over = { ...fixture("report-yaotzin"), status: "over", winner: "sun" };
  const { scene } = await table({}, { "/api/v1/matches/m1/events": () => ({ status: 201,
    body: { id: "m1", seq: 9, applied: 9, status: "over", winner: "sun" } }),
  "/api/v1/matches/m1/report": () => ({ status: 200, body: over }) });
  const card = await kick(scene);
  await chat.performAction(card.id, "apply", "gm");
  await settle();
  assert.match(chatText("gm"), /sun wins the match!/);
  assert.match(chatText("bob"), /Команда sun побеждает!/, "Bob reads the winner in Russian");
  assert.doesNotMatch(chatText("bob"), /wins the match/);
  assert.match(chatText("gm"), /Match report/);
  assert.match(chatText("bob"), /Отчёт о матче/, "and the report");
});

test("item 10: under a GM-only message mode the winner line is whispered to the GMs like any card", async () => {
  await table({ coreMessageMode: "gm" }, { "/api/v1/matches/m2/events": () => ({ status: 201,
    body: { id: "m2", seq: 9, applied: 9, status: "over", winner: "sun" } }),
  "/api/v1/matches/m2/report": () => ({ status: 404, body: {} }) });
  const scene = courtScene({ matchId: "m2" });   // a match of its own: each is announced once
  const card = await kick(scene);
  await chat.performAction(card.id, "apply", "gm");
  await settle();
  const line = globalThis.ChatMessage.created.find((m) => m.flags?.ballcourt?.notice);
  assert.deepEqual(line.whisper, ["gm"]);
  assert.doesNotMatch(chatText("alice"), /wins the match/);
});

test("item 10: a refusal and a busy notice the GM sends Bob read in Russian on his screen", async () => {
  const { scene } = await table({ applyPermission: "anyone" });
  const first = await kick(scene);
  const second = await kick(scene);
  await chat.performAction(first.id, "apply", "gm");
  await asUser("bob", () => chat.requestAction(second.id, "apply"));   // the ball has moved since
  await settle();
  assert.ok(shown("bob").includes("Мяч уже не там, где его застала эта карточка: карточка устарела."), `Bob: ${shown("bob")}`);
  assert.ok(shown("gm").some((t) => /no longer where this card found it/.test(t)), "the GM in English");

  let release;
  const third = await kick(scene);
  chat.registerCardHandlers("slow", { apply: () => new Promise((r) => { release = r; }) });
  third.flags.ballcourt.context.game = "slow";   // a card whose Apply takes its time
  const applying = chat.performAction(third.id, "apply", "gm");
  await asUser("bob", () => chat.requestAction(third.id, "apply"));
  await settle();
  assert.ok(shown("bob").includes("Карточка ещё занята предыдущим нажатием: попробуйте чуть позже."), `Bob: ${shown("bob")}`);
  release({ undo: {} });
  await applying;
});
