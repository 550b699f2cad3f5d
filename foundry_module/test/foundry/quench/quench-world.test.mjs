/**
 * The Quench batch that checks in a live world what the doubles assume where Foundry's pages
 * are silent (foundry/quench-world.mjs), run here on the GM's page of a table of the doubles:
 * it passes where the doubles and the world agree, and fails, naming the double, where they do
 * not.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeDnd5eActor, FakeUser, asUser } from "../../fakes/foundry.mjs";
import { courtScene, fixture } from "../../fakes/scenes.mjs";
import { runBatches, states } from "../../tables/quench.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

const manifest = JSON.parse(readFileSync(new URL("../../../module.json", import.meta.url), "utf8"));

useTables();

/** A dnd5e table with one actor, the module installed as its manifest says; the GM's page runs the batch. */
async function table(options = {}) {
  const world = await openOn(fakeCompanion(), { system: "dnd5e", ...options });
  globalThis.game.actors.set("a1", new FakeDnd5eActor({ ...fixture("actors/dnd5e"), id: "a1" }));
  world.client("gm").page.modules.get("ballcourt").socket = manifest.socket; // installed, the world restarted
  const { registerQuenchBatches } = await moduleOf("gm", "quench");
  return {
    world,
    run: () => asUser("gm", () => runBatches(registerQuenchBatches, ["ballcourt.world"])),
  };
}

test("the world batch passes against the doubles and puts the GM's probe flag and the actor's status back", async () => {
  const { world, run } = await table();
  const scene = courtScene();
  world.view("gm", scene); // a token of his on the viewed scene, for the movement probe
  const out = await run();
  assert.deepEqual(
    states(out["ballcourt.world"]).filter((s) => !s.startsWith("passed")),
    [],
  );
  assert.equal(out["ballcourt.world"].length, 8);
  assert.deepEqual(
    [...scene.tokens.values()].map((t) => [t.x, t.y]),
    [
      [1000, 1200],
      [1300, 1200],
      [1000, 1200],
    ],
    "no token moved",
  );
  assert.equal(
    globalThis.game.users.get("gm").getFlag("ballcourt", "quenchProbe"),
    undefined,
    "the probe flag is gone",
  );
  assert.equal(globalThis.ChatMessage.created.length, 0, "nothing posted");
  assert.equal(globalThis.game.actors.get("a1").statuses.has("prone"), false, "not left prone");
});

test("with two full GMs it passes too; it fails, saying what to do, where the world is not as the module needs", async () => {
  const users = [
    new FakeUser({ id: "gm", name: "GM", isGM: true }),
    new FakeUser({ id: "maria", name: "Maria", isGM: true }),
    new FakeUser({ id: "bob", name: "Bob" }),
  ];
  const { world, run } = await table({ users });
  globalThis.game.actors.clear();
  world.client("gm").page.modules.get("ballcourt").socket = false; // installed, the world not restarted
  const results = states((await run())["ballcourt.world"]);
  assert.match(results[0], /^passed: Foundry's active GM/);
  assert.match(results[2], /^passed: a flag written whole, then set to null/);
  assert.match(results[4], /^skipped: the system's own roll/);
  assert.match(results[5], /^skipped: an update that moves a token/, "no scene viewed");
  assert.match(results[6], /^skipped: a status turned on and off/, "no actor");
  assert.match(results[7], /^failed: the installed module may use its socket.*restart the world/);
});
