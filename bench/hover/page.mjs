/**
 * The shipped kick tool on a court, in Chromium. The Foundry doubles (foundry_module/test/fakes)
 * give the game, the GM's client and the scene: the 24 players of bench/scenario.py as tokens
 * with PF1 actors, the ball under the kicker. Their canvas gets PIXI 7's real stage and
 * interface, so a pointer move reaches the tool through PIXI's event system as in Foundry, the
 * module's overlay layer draws the answer, and it is rendered on the next animation frame, as
 * Foundry's canvas renders on its ticker. The module talks to a real companion through its own
 * link (socket.io-client). Nothing of the module is changed: the page only wraps the tool's
 * hover and answer handlers and the socket to read the clock.
 */
import * as PIXI from "/module/node_modules/pixi.js/dist/pixi.min.mjs";
import { io } from "/module/node_modules/socket.io-client/dist/socket.io.esm.min.js";
import { installFoundry } from "/module/test/fakes/world.mjs";
import { FakeActor, FakeScene, FakeToken } from "/module/test/fakes/documents.mjs";
import { startLink } from "/module/scripts/foundry/world/link.mjs";
import { onCanvasReady } from "/module/scripts/foundry/world/overlay-layer.mjs";
import { KickTool } from "/module/scripts/foundry/yaotzin/kick-tool.mjs";

const PREVIEW = "/api/v1/yaotzin/kick/preview";
const SIZE = 20;                                   // px a square: the whole 72 x 24 court on screen
const params = new URLSearchParams(location.search);
const scenario = await (await fetch("/bench/scenario.json")).json();

installFoundry({ settings: { companionUrl: params.get("companion"), token: params.get("token") } });
globalThis.PIXI = PIXI;                            // the module draws with Foundry's PIXI, here the real one

const modifier = (score) => Math.floor((score - 10) / 2);
const FEAT_NAMES = { point_blank_shot: "Point-Blank Shot" };
const featName = (id) => FEAT_NAMES[id] ?? id.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
const actorOf = (p) => new FakeActor({ name: p.id, items: (p.feats ?? []).map((f) => ({ type: "feat", name: featName(f) })),
  system: { abilities: { str: { value: p.str, total: p.str, mod: modifier(p.str) },
    dex: { value: p.dex, total: p.dex, mod: modifier(p.dex) } },
  attributes: { bab: { total: p.bab }, savingThrows: { ref: { total: p.reflex } },
    hp: { value: 20, max: 20, nonlethal: 0 }, speed: { land: { base: 30, total: 30 } } } } });
const players = scenario.players.map((p) => new FakeToken({ id: p.id, name: p.id, x: p.x * SIZE, y: p.y * SIZE,
  flags: { ballcourt: { team: p.team } }, actor: actorOf(p) }));
const ball = new FakeToken({ id: "ball", name: "Ball", x: scenario.ball.x * SIZE, y: scenario.ball.y * SIZE,
  flags: { ballcourt: { isBall: true, ball: { speed: 0, direction: null } } } });
const scene = new FakeScene({ tokens: [...players, ball], grid: { size: SIZE }, width: 72 * SIZE, height: 24 * SIZE,
  flags: { ballcourt: { game: "yaotzin", mapping: { originX: 0, originY: 0, gridSize: SIZE, length: 72, width: 24 },
    field: { length: 72, width: 24 } } } });
globalThis.game.scenes.set(scene.id, scene);

// the court under the overlay: grid lines and the players' tokens, as the canvas shows them
const app = new PIXI.Application({ width: 72 * SIZE, height: 24 * SIZE, background: 0x4f6b35,
  antialias: params.get("antialias") !== "0", autoStart: false });
document.getElementById("stage").appendChild(app.view);
const grid = new PIXI.Graphics();
grid.lineStyle(1, 0x000000, 0.25);
for (let x = 0; x <= 72; x += 1) grid.moveTo(x * SIZE, 0).lineTo(x * SIZE, 24 * SIZE);
for (let y = 0; y <= 24; y += 1) grid.moveTo(0, y * SIZE).lineTo(72 * SIZE, y * SIZE);
const tokens = new PIXI.Graphics();
for (const p of scenario.players) {
  tokens.beginFill(p.team === "sun" ? 0xf0b429 : 0x3a7bd5).drawCircle((p.x + 0.5) * SIZE, (p.y + 0.5) * SIZE,
    SIZE * 0.4).endFill();
}
const iface = new PIXI.Container();                // canvas.interface: the overlay layer adds its container here
app.stage.addChild(grid, tokens, iface);
app.stage.eventMode = "static";                   // Foundry's stage takes pointer events everywhere
app.stage.hitArea = app.screen;
Object.assign(globalThis.canvas, { scene, stage: app.stage, interface: iface });
globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get(scenario.kicker) }];
onCanvasReady();
app.render();

// the clock: a sample per hovered square, filled in as the hover goes through the module
const samples = [];
const byTarget = new Map();
const keyOf = (square) => `${square.x},${square.y}`;
let hovering = null;
let socket = null;
const timedIo = (url, options) => {
  socket = io(url, options);
  const emitWithAck = socket.emitWithAck.bind(socket);
  socket.emitWithAck = (event, payload) => {
    const sample = payload?.route === PREVIEW ? hovering ?? byTarget.get(keyOf(payload.body.target)) : null;
    if (sample) sample.sent = performance.now();
    const answer = emitWithAck(event, payload);
    if (sample) answer.then(() => { sample.answered = performance.now(); });
    return answer;
  };
  return socket;
};
startLink({ ioFactory: timedIo, pageUrl: location.href });
await new Promise((resolve, reject) => {
  socket.on("connect", resolve);
  socket.on("connect_error", reject);
});
await new Promise((resolve) => setTimeout(resolve, 0));   // the link sees "connect" too

let dispatched = 0;                                // when the browser handed the page its pointermove
window.addEventListener("pointermove", () => { dispatched = performance.now(); }, { capture: true });
const tool = new KickTool();
const hover = tool.hover.bind(tool);
tool.hover = (event) => {
  hovering = { event: event.nativeEvent.timeStamp, dispatched, handler: performance.now() };
  const before = tool.lastSquare;
  hover(event);
  if (tool.lastSquare !== before) byTarget.set(keyOf(tool.lastSquare), hovering);   // a new square: previewed
  hovering = null;
};
const gl = app.renderer.gl;
const pixel = new Uint8Array(4);
const show = tool.showPreview.bind(tool);
tool.showPreview = (answer, choice) => {
  show(answer, choice);
  const sample = byTarget.get(keyOf(choice.target));
  sample.drawn = performance.now();
  sample.status = answer.error ? "error" : "ok";
  requestAnimationFrame(() => {                   // Foundry's ticker renders on the next frame
    sample.frame = performance.now();
    app.render();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);   // the GPU has drawn it
    sample.pixels = performance.now();
    samples.push(sample);
  });
};
if (!tool.toggle(true)) throw new Error("the kick tool did not start");

const debug = gl.getExtension("WEBGL_debug_renderer_info");
window.bench = {
  samples,
  renderer: debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER),
  // resolves once more than `count` hovers are on the screen (no race with the move's own delivery)
  drawnMore: (count) => new Promise((resolve) => {
    const check = () => (samples.length > count ? resolve() : setTimeout(check, 1));
    check();
  }),
  echo: async (n) => {                             // the socket's round trip with the same body: the floor
    const out = [];
    for (let i = 0; i < n; i += 1) {
      const t = performance.now();
      await socket.timeout(5000).emitWithAck("call", { method: "POST", route: "/api/v1/echo", body: scenario });
      out.push(performance.now() - t);
    }
    return out;
  },
};
document.body.dataset.ready = "1";
