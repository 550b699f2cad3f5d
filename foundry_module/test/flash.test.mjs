/**
 * Everyone sees the ball: an applied card's drawing (the flight, the interceptors, the landing
 * and the kick's heat map) reaches every client viewing the scene over the module socket, stays
 * a few seconds and is cleared; the ball token travels its path through TokenDocument#move,
 * which Foundry animates on every client. A socket message is only a drawing, checked field by
 * field: whoever sent it, it can draw nothing else.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";

import { CHANNEL, FLASH_MS, flashCommands, flashMessage, readFlash } from "../scripts/core/flash.mjs";
import { ENGLISH, PALETTE } from "../scripts/core/overlay.mjs";
import { connectTo, fakeCompanion } from "./fakes/companion.mjs";
import { FakeActor, FakeContainer, FakeScene, FakeToken, asUser, fakeStage, installFoundry } from "./fakes/foundry.mjs";

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const MAPPING = { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 };

const chat = await import("../scripts/foundry/cards/chat.mjs");
const link = await import("../scripts/foundry/world/link.mjs");
const yaotzin = await import("../scripts/foundry/yaotzin/yaotzin.mjs");
const overlayLayer = await import("../scripts/foundry/world/overlay-layer.mjs");

test("the flash: the heat map under the resolved kick, and only well-formed drawings come through", () => {
  const landing = fixture("preview").odds.landing;
  const cmds = flashCommands(MAPPING, { overlay: fixture("kick").overlay, landing }, PALETTE, ENGLISH);
  const heat = cmds.filter((c) => c.kind === "rect" && c.fill === PALETTE.heat);
  assert.equal(heat.length, landing.length);
  assert.deepEqual(heat[0], { kind: "rect", x: 1800, y: 1200, w: 100, h: 100, fill: PALETTE.heat,
    alpha: Math.min(0.85, 0.15 + landing[0].p * 1.5) });
  assert.ok(cmds.some((c) => c.kind === "line"), "the kick's line");
  assert.ok(cmds.some((c) => c.kind === "text" && c.text === "DC 15"), "its interceptor");
  assert.deepEqual(flashCommands(MAPPING, {}, PALETTE, ENGLISH), []);

  const message = flashMessage("scene1", cmds);
  assert.deepEqual(readFlash(structuredClone(message)), { sceneId: "scene1", ms: FLASH_MS, commands: cmds.map((c) =>
    (c.kind === "line" ? { ...c, dash: Boolean(c.dash) } : c)) });
  const rect = { kind: "rect", x: 0, y: 0, w: 10, h: 10, fill: 0xff0000, alpha: 0.5 };
  assert.deepEqual(readFlash({ ...flashMessage("s", [{ ...rect, onclick: "x", html: "<b>" }]) }).commands, [rect],
    "only the drawing's own fields are kept");
  assert.equal(readFlash({ ...flashMessage("s", [rect]), ms: 10 ** 9 }).ms, 15000, "never for long");
  for (const bad of [null, "flash", { type: "eval", sceneId: "s", commands: [] }, { ...flashMessage(7, []) },
    flashMessage("s", [{ ...rect, x: "1" }]), flashMessage("s", [{ ...rect, fill: -1 }]),
    flashMessage("s", [{ kind: "image", src: "http://x" }]), flashMessage("s", [{ kind: "text", x: 0, y: 0,
      text: "x".repeat(500), color: 0, size: 10, anchor: 0.5 }]),
    flashMessage("s", Array.from({ length: 2001 }, () => rect)), { ...flashMessage("s", [rect]), commands: {} }]) {
    assert.equal(readFlash(bad), null, JSON.stringify(bad)?.slice(0, 80));
  }
});

let world;
beforeEach(() => {
  world = installFoundry();
});

function courtScene(moves) {
  const ix = new FakeToken({ id: "ix", name: "Ixpoetchitl", x: 1000, y: 1200,
    flags: { ballcourt: { team: "sun" } }, actor: new FakeActor({ ...fixture("actors/pf1"), owners: ["alice"] }) });
  const yo = new FakeToken({ id: "yo", name: "Yolteotl", x: 1300, y: 1200,
    flags: { ballcourt: { team: "moon" } }, actor: new FakeActor({ ...fixture("actors/d35e"), owners: ["bob"] }) });
  const ball = new FakeToken({ id: "ball", name: "Ball", x: 1000, y: 1200,
    flags: { ballcourt: { isBall: true, ball: { speed: 0, direction: null } } },
    /** v13's TokenDocument#move: one animated movement through the waypoints, seen by every client. */
    async move(waypoints, options) {
      moves.push({ waypoints: structuredClone(waypoints), options });
      Object.assign(this, waypoints.at(-1));
    } });
  const scene = new FakeScene({ tokens: [ix, yo, ball], flags: { ballcourt: { game: "yaotzin", mapping: MAPPING,
    field: { length: 72, width: 24 }, matchId: "m1" } } });
  globalThis.game.scenes.set(scene.id, scene);
  return scene;
}

/** One canvas per client, each viewing its own scene; every client's canvasReady has run. */
function canvases(views) {
  const byUser = new Map(Object.entries(views).map(([user, scene]) => [user,
    { scene, stage: fakeStage(), tokens: { controlled: [] }, interface: new FakeContainer() }]));
  Object.defineProperty(globalThis, "canvas", { configurable: true,
    get: () => byUser.get(globalThis.game.user.id) });
  return byUser;
}

const drawn = (canvas) => canvas.interface.children[0].children;
const calls = (canvas) => drawn(canvas).flatMap((c) => c.calls ?? []);

test("two clients see one applied kick: the ball's move, then its heat map for a few seconds", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const companion = fakeCompanion({
    "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }),
    "/api/v1/yaotzin/kick/preview": () => ({ status: 200, body: fixture("preview") }),
  });
  await connectTo(link, companion);
  const moves = [];
  const scene = courtScene(moves);
  const elsewhere = new FakeScene({ id: "elsewhere" });
  const views = canvases({ gm: scene, alice: scene, bob: elsewhere });
  try {
    for (const user of ["gm", "alice", "bob"]) await asUser(user, () => overlayLayer.onCanvasReady());
    const message = await yaotzin.resolveKick(scene, { kicker: "ix", target: { x: 18, y: 12 }, standing: true });
    assert.equal(message.flags.ballcourt.context.drawing.landing.length, fixture("preview").odds.landing.length,
      "the card keeps the preview's heat map");
    assert.ok(calls(views.get("gm")).length, "the GM sees the resolved kick at once");
    assert.equal(drawn(views.get("alice")).length, 0, "before Apply the players see nothing");

    assert.equal(await chat.performAction(message.id, "apply", "gm"), true, world.notifications.at(-1)?.[1]);
    const sent = world.emitted.filter((e) => e.channel === CHANNEL);
    assert.equal(sent.length, 1, "one socket message");
    assert.deepEqual(Object.keys(sent[0].data).sort(), ["commands", "ms", "sceneId", "type"], "a drawing, no identity");
    const gm = calls(views.get("gm"));
    const alice = calls(views.get("alice"));
    assert.ok(gm.filter((c) => c[0] === "drawRect").length >= fixture("preview").odds.landing.length, "the heat map");
    assert.deepEqual(alice, gm, "the player sees exactly what the GM sees");
    assert.deepEqual(drawn(views.get("bob")).length, 0, "a client viewing another scene draws nothing");

    assert.equal(moves.length, 1, "the ball travels its path in one animated move");
    const path = fixture("kick").chat_card.actions[0].payload.path;
    assert.deepEqual(moves[0].waypoints, path.map((sq) => ({ x: sq.x * 100, y: sq.y * 100 })));
    assert.deepEqual(moves[0].options, { ...yaotzin.BALL_MOVE, ballcourt: { internal: true } },
      "no walls or ruler in the way of a path the rules chose");
    assert.deepEqual([scene.tokens.get("ball").x, scene.tokens.get("ball").y], [2000, 1200]);

    t.mock.timers.tick(FLASH_MS - 1);
    assert.ok(drawn(views.get("alice")).length, "still there a moment later");
    t.mock.timers.tick(1);
    assert.equal(drawn(views.get("alice")).length, 0, "then gone for the player");
    assert.equal(drawn(views.get("gm")).length, 0, "and for the GM");
  } finally {
    delete globalThis.canvas;
  }
});

test("a drawing made over the flash stays; a forged or foreign socket message draws nothing", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const scene = courtScene([]);
  const views = canvases({ gm: scene, alice: scene });
  try {
    for (const user of ["gm", "alice"]) await asUser(user, () => overlayLayer.onCanvasReady());
    const rect = { kind: "rect", x: 0, y: 0, w: 10, h: 10, fill: 0xff0000, alpha: 0.5 };
    await asUser("gm", () => globalThis.game.socket.emit(CHANNEL, flashMessage(scene.id, [rect], 1000)));
    assert.equal(calls(views.get("alice")).filter((c) => c[0] === "drawRect").length, 1);
    await asUser("alice", () => overlayLayer.drawOnly([rect, rect]));   // her own drawing (a preview) on top
    t.mock.timers.tick(1000);
    assert.equal(calls(views.get("alice")).filter((c) => c[0] === "drawRect").length, 2, "not cleared by the old flash");

    await asUser("alice", () => globalThis.game.socket.emit(CHANNEL, { type: "flash", sceneId: scene.id,
      commands: [{ kind: "text", x: 0, y: 0, text: 42, color: 0, size: 10, anchor: 0 }] }));
    await asUser("alice", () => globalThis.game.socket.emit(CHANNEL, flashMessage("another-scene", [rect])));
    assert.equal(drawn(views.get("gm")).length, 0, "the GM's canvas is untouched");
  } finally {
    delete globalThis.canvas;
  }
});

test("a drawing that cannot be made never stops the Apply", async () => {
  const companion = fakeCompanion();
  await connectTo(link, companion);
  const scene = courtScene([]);
  const message = await chat.postCard(fixture("kick"), { game: "yaotzin", kind: "kick", sceneId: scene.id,
    matchId: "m1", owners: {}, drawing: { overlay: { kind: "kick" }, landing: [] } });   // a kick overlay with no line
  const warn = console.warn;
  console.warn = () => {};
  try {
    assert.equal(await chat.performAction(message.id, "apply", "gm"), true, world.notifications.at(-1)?.[1]);
  } finally {
    console.warn = warn;
  }
  assert.equal(scene.tokens.get("ball").x, 2000);
  assert.equal(world.emitted.length, 0, "nothing half-drawn was sent");
});
