/**
 * The chat cards' glue against the doubles: message modes, buttons wired once however often
 * a card renders, Apply and Undo of a kick card on a scene, all or nothing.
 */
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { courtScene } from "../../fakes/scenes.mjs";
import { fakeCompanion } from "../../fakes/companion.mjs";
import { buttonsIn, fakeHtml, listenerCount } from "../../fakes/foundry.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";
import { kickCard } from "../../tables/yaotzin.mjs";

useTables();

let world;
let chat;

/**
 * Every browser with the module, on a fake companion answering `routes` (returned); `chat` is
 * the GM's page's.
 */
async function table(routes = {}, options = {}) {
  const companion = fakeCompanion(routes);
  world = await openOn(companion, options);
  chat = await moduleOf("gm", "chat");
  return companion;
}

test("message mode: v14's core.messageMode, else v13's core.rollMode", async () => {
  await table({}, { version: 14, settings: { coreMessageMode: "gm" } });
  let env = await moduleOf("gm", "env");
  assert.equal(env.messageMode(), "gm");
  assert.deepEqual(env.applyMessageMode({}).whisper, ["gm"], "v14's applyMode with v14's names");
  await table({}, { version: 13, settings: { coreRollMode: "blindroll" } }); // core.messageMode throws on v13
  env = await moduleOf("gm", "env");
  assert.equal(env.messageMode(), "blindroll");
  const data = env.applyMessageMode({});
  assert.equal(data.rollMode, "blindroll", "v13's applyRollMode");
  assert.equal(data.blind, true);
});

test("a card carries its rolls, its flags and type=button buttons", async () => {
  await table();
  const scene = courtScene();
  const message = await kickCard(scene);
  assert.equal(message.flags.ballcourt.applied, false);
  assert.equal(message.rolls.length, 3);
  assert.ok(message.rolls.every((r) => r.fromData));
  assert.equal([...message.content.matchAll(/<button type="button"/g)].length, 2);
});

test("render hooks firing twice wire each button once", async () => {
  await table();
  const scene = courtScene();
  const message = await kickCard(scene);
  const html = fakeHtml(message.content);
  chat.onRenderChatMessageHTML(message, html);
  chat.onRenderChatMessageHTML(message, html);
  assert.deepEqual(
    buttonsIn(html).map((b) => listenerCount(b, "click")),
    [1, 1],
  );
});

test("Apply moves the ball, posts the event; a second click does nothing; Undo restores", async () => {
  const companion = await table();
  const scene = courtScene();
  const message = await kickCard(scene);
  const [first, second] = await Promise.all([
    chat.performAction(message.id, "apply", "gm"),
    chat.performAction(message.id, "apply", "gm"),
  ]);
  assert.deepEqual([first, second], [true, false]);
  assert.equal(await chat.performAction(message.id, "apply", "gm"), false);
  const ball = scene.tokens.get("ball");
  assert.deepEqual([ball.x, ball.y], [2000, 1200]);
  assert.deepEqual(ball.flags.ballcourt.ball, { speed: 9, direction: "E" });
  assert.equal(companion.match.log.length, 1);
  const { play } = companion.match.log[0]; // who kicked, for the match report
  assert.equal(play.player, "ix");
  assert.deepEqual(companion.match.log[0], {
    type: "ball",
    x: 20,
    y: 12,
    speed: 9,
    direction: "E",
    meta: { message: message.id },
    play,
  });
  assert.equal(message.flags.ballcourt.applied, true);
  assert.equal(await chat.performAction(message.id, "undo", "gm"), true);
  assert.deepEqual([ball.x, ball.y], [1000, 1200]);
  assert.deepEqual(ball.flags.ballcourt.ball, { speed: 0, direction: null });
  assert.equal(companion.match.seq, 0);
  assert.equal(await chat.performAction(message.id, "undo", "gm"), false);
  assert.equal(
    await chat.performAction(message.id, "apply", "gm"),
    true,
    "applies again after undo",
  );
});

test("Undo refuses when a later card moved the same ball, and names it", async () => {
  const companion = await table();
  const scene = courtScene();
  const a = await kickCard(scene);
  const b = await kickCard(scene);
  await chat.performAction(a.id, "apply", "gm");
  await chat.performAction(b.id, "apply", "gm");
  assert.equal(await chat.performAction(a.id, "undo", "gm"), false);
  assert.match(
    world.notifications.at(-1)[1],
    /later card “Ixpoetchitl kicks at \(18, 12\)” also changed the token of Ball/,
  );
  assert.equal(companion.match.seq, 2);
});

test("Apply is all or nothing: a failing scene write takes the posted events back", async () => {
  const companion = await table();
  const scene = courtScene();
  const message = await kickCard(scene);
  scene.updateEmbeddedDocuments = async () => {
    throw new Error("the scene refused the update");
  };
  const logged = [mock.method(console, "warn", () => {}), mock.method(console, "error", () => {})];
  assert.equal(await chat.performAction(message.id, "apply", "gm"), false);
  assert.match(
    logged.flatMap((m) => m.mock.calls.map((c) => c.arguments.join(" "))).join("\n"),
    /refused the update/,
    "said in the console, not printed by the test run",
  );
  for (const m of logged) m.mock.restore();
  assert.equal(companion.match.seq, 0, "the event was undone again");
  assert.equal(message.flags.ballcourt.applied, false);
  assert.match(world.notifications.at(-1)[1], /refused the update/);
  delete scene.updateEmbeddedDocuments;
  assert.equal(await chat.performAction(message.id, "apply", "gm"), true, "a retry applies once");
  assert.equal(companion.match.seq, 1);
});
