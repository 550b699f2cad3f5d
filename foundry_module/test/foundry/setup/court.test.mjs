/** A new court scene, its ball and its match, against the fakes. */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeScene, installFoundry } from "../../fakes/foundry.mjs";

const link = await import("../../../scripts/foundry/world/link.mjs");
const court = await import("../../../scripts/foundry/setup/court.mjs");
const { DEFAULT_TEAMS } = await import("../../../scripts/foundry/world/scene.mjs");

/** A companion answering only `routes` (404 otherwise), as fakes/companion.mjs's double does. */
const companionWith = (routes) => fakeCompanion(routes, { defaults: false });

const tick = () => new Promise((r) => setImmediate(r));

beforeEach(() => {
  installFoundry();
});

test("a new court scene carries its mapping and drawings; the ball is an actorless token", async () => {
  const created = [];
  globalThis.game.scenes.documentClass = {
    create: async (data) => {
      const scene = new FakeScene({ flags: data.flags, grid: data.grid });
      created.push({ data, scene });
      return scene;
    },
  };
  const scene = await court.createCourtScene();
  assert.equal(created[0].data.width, 8200);
  assert.deepEqual(scene.flags.ballcourt.teams, DEFAULT_TEAMS);
  assert.equal(scene.drawings.size, 10);
  const ball = await court.placeBall(scene);
  assert.equal(ball.actor, null);
  assert.deepEqual([ball.x, ball.y], [500 + 3600, 100 + 1200]);
  assert.equal(await court.placeBall(scene), ball, "only one ball");
  const companion = companionWith({
    "/api/v1/matches": (body) => ({ status: 201, body: { id: "m9", ...body } }),
  });
  link.startLink({ ioFactory: companion.io });
  await tick();
  const match = await court.createMatch(scene);
  assert.equal(match.id, "m9");
  assert.equal(scene.flags.ballcourt.matchId, "m9");
  const made = companion.calls.find((c) => c.route === "/api/v1/matches");
  assert.equal(made.body.game, "yaotzin");
  assert.equal(made.body.settings.scatter_one, "long");
});
