/**
 * Everyone sees the ball: an applied card's drawing (the flight, the interceptors, the landing
 * and the kick's heat map) reaches every client viewing the scene over the module socket, stays
 * a few seconds and is cleared; the ball token travels its path through TokenDocument#move,
 * which Foundry animates on every client. A socket message is only a drawing, checked field by
 * field: whoever sent it, it can draw nothing else.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CHANNEL,
  FLASH_MS,
  flashCommands,
  flashMessage,
  readFlash,
} from "../../../scripts/core/flash.mjs";
import { ENGLISH, PALETTE } from "../../../scripts/core/overlay.mjs";
import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeScene, asUser, clientOf } from "../../fakes/foundry.mjs";
import { courtScene, fixture } from "../../fakes/scenes.mjs";
import { moduleOf, onPage, openOn, useTables } from "../../tables/table.mjs";
import { kickCompanion, recorded } from "../../tables/yaotzin.mjs";

const MAPPING = { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 };

useTables();

test("the flash: the heat map under the resolved kick, and only well-formed drawings come through", () => {
  const landing = fixture("preview").odds.landing;
  const cmds = flashCommands(
    MAPPING,
    { overlay: fixture("kick").overlay, landing },
    PALETTE,
    ENGLISH,
  );
  const heat = cmds.filter((c) => c.kind === "rect" && c.fill === PALETTE.heat);
  assert.equal(heat.length, landing.length);
  assert.deepEqual(heat[0], {
    kind: "rect",
    x: 1800,
    y: 1200,
    w: 100,
    h: 100,
    fill: PALETTE.heat,
    alpha: Math.min(0.85, 0.15 + landing[0].p * 1.5),
  });
  assert.ok(
    cmds.some((c) => c.kind === "line"),
    "the kick's line",
  );
  assert.ok(
    cmds.some((c) => c.kind === "text" && c.text === "DC 15"),
    "its interceptor",
  );
  assert.deepEqual(flashCommands(MAPPING, {}, PALETTE, ENGLISH), []);

  const message = flashMessage("scene1", cmds);
  assert.deepEqual(readFlash(structuredClone(message)), {
    sceneId: "scene1",
    ms: FLASH_MS,
    commands: cmds.map((c) => (c.kind === "line" ? { ...c, dash: Boolean(c.dash) } : c)),
  });
  const rect = { kind: "rect", x: 0, y: 0, w: 10, h: 10, fill: 0xff0000, alpha: 0.5 };
  assert.deepEqual(
    readFlash({ ...flashMessage("s", [{ ...rect, onclick: "x", html: "<b>" }]) }).commands,
    [rect],
    "only the drawing's own fields are kept",
  );
  assert.equal(
    readFlash({ ...flashMessage("s", [rect]), ms: 10 ** 9 }).ms,
    15000,
    "never for long",
  );
  for (const bad of [
    null,
    "flash",
    { type: "eval", sceneId: "s", commands: [] },
    { ...flashMessage(7, []) },
    flashMessage("s", [{ ...rect, x: "1" }]),
    flashMessage("s", [{ ...rect, fill: -1 }]),
    flashMessage("s", [{ kind: "image", src: "http://x" }]),
    flashMessage("s", [
      { kind: "text", x: 0, y: 0, text: "x".repeat(500), color: 0, size: 10, anchor: 0.5 },
    ]),
    flashMessage(
      "s",
      Array.from({ length: 2001 }, () => rect),
    ),
    { ...flashMessage("s", [rect]), commands: {} },
  ]) {
    assert.equal(readFlash(bad), null, JSON.stringify(bad)?.slice(0, 80));
  }
});

/**
 * The court of fakes/scenes.mjs, its ball's moves (TokenDocument#move, which Foundry animates on
 * every client) recorded in `moves` on their way to the doubles' own move.
 */
function courtWithMoves(moves) {
  const scene = courtScene();
  const ball = scene.tokens.get("ball");
  const move = ball.move.bind(ball);
  ball.move = (waypoints, options) => {
    moves.push({ waypoints: structuredClone(waypoints), options });
    return move(waypoints, options);
  };
  return scene;
}

/** Each user's client views his scene (his page's canvasReady draws the overlay layer); his canvas by user. */
function canvases(world, views) {
  for (const [user, scene] of Object.entries(views)) world.view(user, scene);
  return new Map(Object.keys(views).map((user) => [user, clientOf(user).canvas]));
}

const drawn = (canvas) => canvas.interface.children[0].children;
const calls = (canvas) => drawn(canvas).flatMap((c) => c.calls ?? []);

test("two clients see one applied kick: the ball's move, then its heat map for a few seconds", async (t) => {
  const world = await openOn(
    kickCompanion({ "/api/v1/yaotzin/kick/preview": recorded("preview") }),
  );
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const moves = [];
  const scene = courtWithMoves(moves);
  const elsewhere = new FakeScene({ id: "elsewhere" });
  globalThis.game.scenes.set(elsewhere.id, elsewhere);
  const views = canvases(world, { gm: scene, alice: scene, bob: elsewhere });
  const [chat, yaotzin] = [await moduleOf("gm", "chat"), await moduleOf("gm", "yaotzin")];
  const message = await asUser("gm", () =>
    yaotzin.resolveKick(scene, { kicker: "ix", target: { x: 18, y: 12 }, standing: true }),
  );
  assert.equal(
    message.flags.ballcourt.context.drawing.landing.length,
    fixture("preview").odds.landing.length,
    "the card keeps the preview's heat map",
  );
  assert.ok(calls(views.get("gm")).length, "the GM sees the resolved kick at once");
  assert.equal(drawn(views.get("alice")).length, 0, "before Apply the players see nothing");

  assert.equal(
    await asUser("gm", () => chat.performAction(message.id, "apply", "gm")),
    true,
    world.notifications.at(-1)?.[1],
  );
  const sent = world.emitted.filter((e) => e.channel === CHANNEL);
  assert.equal(sent.length, 1, "one socket message");
  assert.deepEqual(
    Object.keys(sent[0].data).sort(),
    ["commands", "ms", "sceneId", "type"],
    "a drawing, no identity",
  );
  const gm = calls(views.get("gm"));
  const alice = calls(views.get("alice"));
  assert.ok(
    gm.filter((c) => c[0] === "drawRect").length >= fixture("preview").odds.landing.length,
    "the heat map",
  );
  assert.deepEqual(alice, gm, "the player sees exactly what the GM sees");
  assert.deepEqual(
    drawn(views.get("bob")).length,
    0,
    "a client viewing another scene draws nothing",
  );

  assert.equal(moves.length, 1, "the ball travels its path in one animated move");
  const path = fixture("kick").chat_card.actions[0].payload.path;
  assert.deepEqual(
    moves[0].waypoints,
    path.map((sq) => ({ x: sq.x * 100, y: sq.y * 100 })),
  );
  assert.deepEqual(
    moves[0].options,
    { ...yaotzin.BALL_MOVE, ballcourt: { internal: true } },
    "no walls or ruler in the way of a path the rules chose",
  );
  assert.deepEqual([scene.tokens.get("ball").x, scene.tokens.get("ball").y], [2000, 1200]);

  t.mock.timers.tick(FLASH_MS - 1);
  assert.ok(drawn(views.get("alice")).length, "still there a moment later");
  t.mock.timers.tick(1);
  assert.equal(drawn(views.get("alice")).length, 0, "then gone for the player");
  assert.equal(drawn(views.get("gm")).length, 0, "and for the GM");
});

test("a drawing made over the flash stays; a forged or foreign socket message draws nothing", async (t) => {
  const world = await openOn(fakeCompanion());
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const scene = courtScene();
  const views = canvases(world, { gm: scene, alice: scene });
  const rect = { kind: "rect", x: 0, y: 0, w: 10, h: 10, fill: 0xff0000, alpha: 0.5 };
  await asUser("gm", () =>
    globalThis.game.socket.emit(CHANNEL, flashMessage(scene.id, [rect], 1000)),
  );
  assert.equal(calls(views.get("alice")).filter((c) => c[0] === "drawRect").length, 1);
  await onPage("alice", "overlay-layer", (layer) => layer.drawOnly([rect, rect])); // her own drawing (a preview) on top
  t.mock.timers.tick(1000);
  assert.equal(
    calls(views.get("alice")).filter((c) => c[0] === "drawRect").length,
    2,
    "not cleared by the old flash",
  );

  await asUser("alice", () =>
    globalThis.game.socket.emit(CHANNEL, {
      type: "flash",
      sceneId: scene.id,
      commands: [{ kind: "text", x: 0, y: 0, text: 42, color: 0, size: 10, anchor: 0 }],
    }),
  );
  await asUser("alice", () =>
    globalThis.game.socket.emit(CHANNEL, flashMessage("another-scene", [rect])),
  );
  assert.equal(drawn(views.get("gm")).length, 0, "the GM's canvas is untouched");
});

test("a drawing that cannot be made never stops the Apply", async () => {
  const world = await openOn(fakeCompanion());
  const scene = courtScene();
  const chat = await moduleOf("gm", "chat");
  const emittedBefore = world.emitted.length;
  const message = await chat.postCard(fixture("kick"), {
    game: "yaotzin",
    kind: "kick",
    sceneId: scene.id,
    matchId: "m1",
    owners: {},
    drawing: { overlay: { kind: "kick" }, landing: [] },
  }); // a kick overlay with no line
  const warn = console.warn;
  console.warn = () => {};
  try {
    assert.equal(
      await chat.performAction(message.id, "apply", "gm"),
      true,
      world.notifications.at(-1)?.[1],
    );
  } finally {
    console.warn = warn;
  }
  assert.equal(scene.tokens.get("ball").x, 2000);
  assert.equal(world.emitted.length, emittedBefore, "nothing half-drawn was sent");
});
