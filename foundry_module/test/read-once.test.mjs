/**
 * A GM activity reads the world once, then computes, then writes. An interception
 * waits for its player's Reflex save (minutes, at a real table); the card it posts must say
 * where the ball was when it was computed (`ballAt`), not where the ball is once the save
 * comes back, so that its Apply refuses if the ball has moved since (core/apply.mjs
 * ballMovedSince), instead of moving a ball that is no longer where the card found it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectTo, fakeCompanion } from "./fakes/companion.mjs";
import { courtScene, fixture } from "./fakes/scenes.mjs";
import { asUser, clientOf, installFoundry } from "./fakes/foundry.mjs";

const chat = await import("../scripts/foundry/cards/chat.mjs");
const link = await import("../scripts/foundry/world/link.mjs");
await import("../scripts/foundry/yaotzin/yaotzin.mjs");
const rr = await import("../scripts/foundry/requests/roll-answers.mjs");

const flush = async (n = 10) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setImmediate(r));
};

test("an interception's card keeps the ball as it was read before the player's save, and its Apply refuses once the ball moved", async () => {
  installFoundry({ settings: { rollPolicy: "players" } });
  globalThis.CONFIG.queries[rr.ROLL_QUERY] = rr.answerRollRequest;
  globalThis.Hooks.on("updateUser", chat.onUpdateUser);
  await connectTo(
    link,
    fakeCompanion({
      "/api/v1/yaotzin/intercept": () => ({ status: 200, body: fixture("intercept") }),
    }),
  );
  const scene = courtScene();
  const kick = await chat.postCard(fixture("kick"), {
    game: "yaotzin",
    kind: "kick",
    sceneId: scene.id,
    matchId: "m1",
    owners: { ix: ["alice"], yo: ["bob"], ball: [] },
  });
  const bob = globalThis.game.users.get("bob");
  let answerSave;
  bob.answer = (name, data) =>
    new Promise((resolve) => {
      answerSave = async () =>
        resolve(structuredClone(await asUser("bob", () => globalThis.CONFIG.queries[name](data))));
    });
  const pressing = asUser("bob", () => chat.requestAction(kick.id, "intercept:yo"));
  await flush();
  assert.equal(typeof answerSave, "function", "the save is asked of Bob");
  const ball = scene.tokens.get("ball");
  await scene.updateEmbeddedDocuments("Token", [{ _id: "ball", x: 2000, y: 500 }]); // the GM moves the ball meanwhile
  globalThis.Roll.queue = [13];
  await answerSave();
  await pressing;
  await flush();
  const card = globalThis.ChatMessage.created.at(-1);
  assert.equal(card.flags.ballcourt.card.kind, "yaotzin.intercept");
  assert.deepEqual(
    card.flags.ballcourt.context.ballAt,
    { x: 10, y: 12, speed: 0, direction: null },
    "the ball where the interception was computed from",
  );
  assert.equal(await chat.performAction(card.id, "apply", "gm"), false, "its Apply refuses");
  assert.deepEqual([ball.x, ball.y], [2000, 500], "the ball stays where the GM put it");
  assert.ok(
    clientOf("gm").ui.notifications.some(([, text]) =>
      /no longer where this card found it/.test(text),
    ),
    "the GM is told why",
  );
});
