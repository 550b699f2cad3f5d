/** The entry point against fakes: its hooks, settings, scene controls and socket. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { installFoundry } from "./fakes/foundry.mjs";

test("main.mjs wires its hooks, settings, socket, link and v13 scene controls", async () => {
  const world = installFoundry();
  const sockets = [];
  globalThis.io = (url, options) => {
    const s = { url, options, on() {}, removeAllListeners() {}, disconnect() {} };
    sockets.push(s);
    return s;
  };
  const listened = [];
  globalThis.game.socket.on = (channel, fn) => listened.push([channel, fn]);
  const { api } = await import("../scripts/main.mjs");
  for (const name of ["init", "ready", "canvasReady", "renderChatMessageHTML", "combatStart", "combatTurnChange",
    "preUpdateToken", "updateCombat", "getSceneControlButtons"]) {
    assert.ok(world.hooks.has(name), name);
  }
  world.hooks.get("init")();
  assert.equal(globalThis.game.settings.registered.size, 13);
  assert.equal(typeof globalThis.CONFIG.queries["ballcourt.declare"], "function");
  world.hooks.get("ready")();
  assert.equal(globalThis.game.modules.get("ballcourt").api, api);
  assert.deepEqual(listened.map(([c]) => c), ["module.ballcourt"]);
  assert.equal(sockets.length, 1, "the GM connects");
  assert.deepEqual(sockets[0].options.auth, { token: "t" });
  const controls = { tokens: { tools: { select: {} } } };
  globalThis.canvas = { scene: { flags: { ballcourt: { game: "yaotzin", matchId: "m1" } } } };
  world.hooks.get("getSceneControlButtons")(controls);
  assert.deepEqual(Object.keys(controls.tokens.tools),
    ["select", "ballcourtMenu", "ballcourtKick", "ballcourtTick", "ballcourtBoard"]);
  assert.equal(controls.tokens.tools.ballcourtKick.visible, true);
});
