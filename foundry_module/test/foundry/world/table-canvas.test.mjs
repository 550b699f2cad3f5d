/**
 * Each client's canvas: drawings belong to their scene; one overlay per
 * canvas. Each browser runs its own copy of the module (openTable): its own canvasReady hook.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeScene, asUser, clientOf, settle } from "../../fakes/foundry.mjs";
import { courtScene } from "../../fakes/scenes.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";
import { kickCompanion, recorded } from "../../tables/yaotzin.mjs";

useTables();

const overlays = (userId) =>
  clientOf(userId).canvas.interface.children.filter((c) => c.name === "ballcourt-overlay");

test("item 10: a ball turn on a court the GM is not viewing draws nothing on the GM's scene", async () => {
  const world = await openOn(
    kickCompanion({ "/api/v1/yaotzin/kick/preview": recorded("preview") }),
  );
  const yaotzin = await moduleOf("gm", "yaotzin");
  const court = courtScene();
  const dungeon = new FakeScene({ name: "Dungeon" });
  world.view("gm", dungeon);
  await asUser("gm", () => yaotzin.resolveTick(court));
  await asUser("gm", () =>
    yaotzin.resolveKick(court, {
      kicker: "ix",
      target: { x: 18, y: 12 },
      standing: true,
      powerAttack: 0,
    }),
  );
  assert.deepEqual(overlays("gm")[0].children, [], "the dungeon shows no court lines");
  world.view("gm", court);
  await asUser("gm", () => yaotzin.resolveTick(court));
  assert.ok(
    overlays("gm")[0].children.length > 0,
    "viewing the court, the GM sees the ball's path",
  );
});

test("item 10: every canvasReady rebuilds the overlay container instead of stacking another", async () => {
  const world = await openOn(fakeCompanion());
  const court = courtScene();
  for (const scene of [court, new FakeScene({ name: "Dungeon" }), court])
    world.view("alice", scene);
  await settle();
  assert.equal(overlays("alice").length, 1);
  assert.equal(overlays("gm").length, 0, "the GM's canvas is his own");
});
