/** The entry point against fakes: its hooks, settings, scene controls and socket. */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

import { installFoundry } from "./fakes/foundry.mjs";

test("main.mjs wires its hooks, settings, link and v13 scene controls; tools follow the scene on a rebuild", async () => {
  const world = installFoundry();
  const sockets = [];
  globalThis.io = (url, options) => {
    const s = { url, options, on() {}, removeAllListeners() {}, disconnect() {} };
    sockets.push(s);
    return s;
  };
  const { api } = await import("../scripts/main.mjs");
  for (const name of [
    "init",
    "ready",
    "canvasReady",
    "renderChatMessageHTML",
    "combatTurnChange",
    "preMoveToken",
    "updateCombat",
    "getSceneControlButtons",
    "renderTokenHUD",
  ]) {
    assert.ok(world.hooks.has(name), name);
  }
  world.hooks.get("init")();
  assert.ok(
    world.hooks.has("updateUser"),
    "channels.mjs: the players' requests, registered at init",
  );
  assert.equal(globalThis.game.settings.registered.size, 22);
  assert.equal(
    globalThis.game.settings.registered.get("ballcourt.yaotzinAutopilotPause").default,
    2,
    "act mode's pause before each step",
  );
  assert.equal(
    globalThis.game.settings.registered.get("ballcourt.tuneBudget").default,
    40,
    "the table's budget of passes",
  );
  assert.equal(
    globalThis.game.settings.registered.get("ballcourt.rollPolicy").default,
    "gm",
    "the GM rolls unless told",
  );
  assert.equal(typeof globalThis.CONFIG.queries["ballcourt.declare"], "function");
  assert.equal(
    typeof globalThis.CONFIG.queries["ballcourt.roll"],
    "function",
    "a player answers roll requests",
  );
  world.hooks.get("ready")();
  assert.equal(globalThis.game.modules.get("ballcourt").api, api);
  assert.equal(
    world.socketHandlers.get("module.ballcourt").length,
    1,
    "one socket handler, which only shows the GM's notices: a socket payload proves nobody's identity",
  );
  assert.equal(sockets.length, 1, "the GM connects");
  assert.deepEqual(sockets[0].options.auth, { token: "t" });
  const controls = globalThis.ui.controls;
  controls.render();
  assert.deepEqual(controls.visibleTools(), ["ballcourtMenu"], "no court viewed");
  globalThis.canvas.scene = { flags: { ballcourt: { game: "yaotzin", matchId: "m1" } } };
  controls.render();
  assert.deepEqual(controls.visibleTools(), ["ballcourtMenu"], "visible is read only on a rebuild");
  world.hooks.get("canvasReady")(globalThis.canvas);
  assert.deepEqual(controls.visibleTools(), [
    "ballcourtMenu",
    "ballcourtKick",
    "ballcourtTick",
    "ballcourtBoard",
  ]);

  // Quench's batches load only where Quench is active: on its quenchReady, not as an entry point of every world
  const manifest = JSON.parse(await readFile(new URL("../module.json", import.meta.url), "utf8"));
  assert.deepEqual(manifest.esmodules, ["scripts/main.mjs"]);
  const batches = [];
  await world.hooks.get("quenchReady")({ registerBatch: (key) => batches.push(key) });
  assert.ok(
    batches.includes("ballcourt.court") && batches.includes("ballcourt.world"),
    batches.join(", "),
  );
});
