/**
 * What the module shows a reader is in his own language, whoever's client
 * wrote it: the end-of-match line (in the table's message mode too), the match report, and the
 * refusals and busy notices the companion's GM sends a player. Bob reads Russian; the GM English.
 * Each browser runs its own copy of the module (openTable), so each renders in its own language.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { asUser, settle } from "./fakes/foundry.mjs";
import { courtScene, fixture } from "./fakes/scenes.mjs";
import { chatText, moduleOf, onPage, openOn, shown, useTables } from "./tables/table.mjs";
import { kickCompanion, requestAs } from "./tables/yaotzin.mjs";

useTables();

async function table(settings = {}, routes = {}) {
  const companion = kickCompanion(routes);
  await openOn(companion, { languages: { bob: "ru" }, settings });
  return { companion, scene: courtScene(), chat: await moduleOf("gm", "chat") };
}

const kick = (scene) =>
  onPage("gm", "yaotzin", (y) =>
    y.resolveKick(scene, { kicker: "ix", target: { x: 18, y: 12 }, standing: true }),
  );

test("item 10: the winner line and the match report read in each reader's language", async () => {
  const over = { ...fixture("report-yaotzin"), status: "over", winner: "sun" };
  const { scene, chat } = await table(
    {},
    {
      "/api/v1/matches/m1/events": () => ({
        status: 201,
        body: { id: "m1", seq: 9, applied: 9, status: "over", winner: "sun" },
      }),
      "/api/v1/matches/m1/report": () => ({ status: 200, body: over }),
    },
  );
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
  const { chat } = await table(
    { coreMessageMode: "gm" },
    {
      "/api/v1/matches/m2/events": () => ({
        status: 201,
        body: { id: "m2", seq: 9, applied: 9, status: "over", winner: "sun" },
      }),
      "/api/v1/matches/m2/report": () => ({ status: 404, body: {} }),
    },
  );
  const scene = courtScene({ matchId: "m2" }); // a match of its own: each is announced once
  const card = await kick(scene);
  await chat.performAction(card.id, "apply", "gm");
  await settle();
  const line = globalThis.ChatMessage.created.find((m) => m.flags?.ballcourt?.notice);
  assert.deepEqual(line.whisper, ["gm"]);
  assert.doesNotMatch(chatText("alice"), /wins the match/);
});

test("item 10: a refusal and a busy notice the GM sends Bob read in Russian on his screen", async () => {
  const { scene, chat } = await table({ applyPermission: "anyone" });
  const first = await kick(scene);
  const second = await kick(scene);
  await chat.performAction(first.id, "apply", "gm");
  await requestAs("bob", second.id, "apply"); // the ball has moved since
  await settle();
  assert.ok(
    shown("bob").includes("Мяч уже не там, где его застала эта карточка: карточка устарела."),
    `Bob: ${shown("bob")}`,
  );
  assert.ok(
    shown("gm").some((t) => /no longer where this card found it/.test(t)),
    "the GM in English",
  );

  let release;
  const third = await kick(scene);
  chat.registerCardHandlers("slow", {
    journal: () => ({ undo: {} }),
    apply: () =>
      new Promise((r) => {
        release = r;
      }),
  });
  third.flags.ballcourt.context.game = "slow"; // a card whose Apply takes its time
  const applying = chat.performAction(third.id, "apply", "gm");
  await requestAs("bob", third.id, "apply");
  await settle();
  assert.ok(
    shown("bob").includes("Карточка ещё занята предыдущим нажатием: попробуйте чуть позже."),
    `Bob: ${shown("bob")}`,
  );
  release({ undo: {} });
  await applying;
});

test("a 'cannot undo' refusal reads in the presser's language: Bob's in Russian, the GM's in English", async () => {
  const conflict = {
    status: 409,
    body: {
      error: {
        code: "undo_conflict",
        message: "event 2 (damage) was built on event 1: undo it first",
        fields: { later: ["2"] },
      },
    },
  };
  let refuseUndo = false;
  const companion = kickCompanion({
    "POST /api/v1/matches/m1/events/undo": (body) => {
      if (refuseUndo) return conflict;
      companion.match.undone.push(...body.seqs);
      return { status: 200, body: { id: "m1", seq: 0 } };
    },
  });
  await openOn(companion, { languages: { bob: "ru" }, settings: { applyPermission: "anyone" } });
  const [chat, scene] = [await moduleOf("gm", "chat"), courtScene()];
  const first = await kick(scene);
  await chat.performAction(first.id, "apply", "gm");
  const tick = await chat.postCard(fixture("tick"), {
    game: "yaotzin",
    kind: "tick",
    sceneId: scene.id,
    matchId: "m1",
    owners: { yo: ["bob"] },
  });
  await chat.performAction(tick.id, "apply", "gm");

  await requestAs("bob", first.id, "undo"); // the tick, applied later, moved the ball again
  await settle();
  assert.equal(
    shown("bob").at(-1),
    "Отменить нельзя: более поздняя карточка «Мяч движется (3 клетки, E)» тоже изменила" +
      " фишку Ball. Сначала отмените её.",
    `Bob reads it whole in Russian, the card's title too: ${shown("bob")}`,
  );
  assert.equal(
    shown("gm").at(-1),
    "Cannot undo: the later card “The ball moves (3 squares E)” also changed the token of" +
      " Ball. Undo it first.",
    "the GM in English",
  );

  await chat.performAction(tick.id, "undo", "gm");
  await asUser("gm", () =>
    scene.updateEmbeddedDocuments("Token", [{ _id: "ball", x: 500, y: 500 }]),
  );
  await requestAs("bob", first.id, "undo"); // the GM dragged the ball by hand since
  await settle();
  assert.equal(
    shown("bob").at(-1),
    "Отменить нельзя: фишку Ball сдвинули после применения этой карточки.",
    `Bob: ${shown("bob")}`,
  );

  await asUser("gm", () =>
    scene.updateEmbeddedDocuments("Token", [{ _id: "ball", x: 2000, y: 1200 }]),
  );
  refuseUndo = true; // the companion: a later event was built on this card's
  await requestAs("bob", first.id, "undo");
  await settle();
  assert.equal(
    shown("bob").at(-1),
    "Отменить нельзя: более позднее событие матча 2 (damage) опирается на результат этой" +
      " карточки. Сначала отмените его.",
    `Bob: ${shown("bob")}`,
  );
  assert.equal(first.flags.ballcourt.undone, false, "nothing was undone");
});
