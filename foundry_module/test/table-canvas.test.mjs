/** Each client's canvas (issue 17, item 10): drawings belong to their scene; one overlay per canvas. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectTo, fakeCompanion } from "./fakes/companion.mjs";
import { FakeScene, clientOf, installFoundry, settle } from "./fakes/foundry.mjs";
import { courtScene, fixture } from "./fakes/scenes.mjs";

const link = await import("../scripts/foundry/world/link.mjs");
const overlayLayer = await import("../scripts/foundry/world/overlay-layer.mjs");
const yaotzin = await import("../scripts/foundry/yaotzin/yaotzin.mjs");

const overlays = (userId) => clientOf(userId).canvas.interface.children.filter((c) => c.name === "ballcourt-overlay");

test("item 10: a ball turn on a court the GM is not viewing draws nothing on the GM's scene", async () => {
  const world = installFoundry();
  globalThis.Hooks.on("canvasReady", overlayLayer.onCanvasReady);
  await connectTo(link, fakeCompanion({ "/api/v1/yaotzin/tick": () => ({ status: 200, body: fixture("tick") }),
    "/api/v1/yaotzin/kick/preview": () => ({ status: 200, body: fixture("preview") }),
    "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }) }));
  const court = courtScene();
  const dungeon = new FakeScene({ name: "Dungeon" });
  world.view("gm", dungeon);
  await yaotzin.resolveTick(court);
  await yaotzin.resolveKick(court, { kicker: "ix", target: { x: 18, y: 12 }, standing: true, powerAttack: 0 });
  assert.deepEqual(overlays("gm")[0].children, [], "the dungeon shows no court lines");
  world.view("gm", court);
  await yaotzin.resolveTick(court);
  assert.ok(overlays("gm")[0].children.length > 0, "viewing the court, the GM sees the ball's path");
});

test("item 10: every canvasReady rebuilds the overlay container instead of stacking another", async () => {
  const world = installFoundry();
  globalThis.Hooks.on("canvasReady", overlayLayer.onCanvasReady);
  const court = courtScene();
  for (const scene of [court, new FakeScene({ name: "Dungeon" }), court]) world.view("alice", scene);
  await settle();
  assert.equal(overlays("alice").length, 1);
  assert.equal(overlays("gm").length, 0, "the GM's canvas is his own");
});
