/**
 * The autopilot and zone-suggestion Quench batches (foundry/quench/quench-goatball-autopilot.mjs), run here
 * against the fakes and the fake companion with a small mocha-like runner, so a batch that
 * cannot pass in a live world is caught before a GM runs it; and one that must fail does.
 */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { connectTo, fakeCompanion, suggestRoute, tuneRoute } from "../../fakes/companion.mjs";
import { FakeActor, FakeScene, FakeToken, installFoundry } from "../../fakes/foundry.mjs";
import { fixture } from "../../fakes/scenes.mjs";
import { runBatches, states } from "../../tables/quench.mjs";
import { consoleLines, settled } from "../../fakes/console.mjs";

const link = await import("../../../scripts/foundry/world/link.mjs");
const { registerQuenchBatches } = await import("../../../scripts/foundry/quench/quench.mjs");

let world;
let deleted;
beforeEach(() => {
  world = installFoundry({
    system: "dnd5e",
    settings: { autopilot: { keep: "act" }, autopilotTactics: "", tuneBudget: 40 },
  });
  deleted = [];
  const actors = [
    new FakeActor({ ...fixture("actors/dnd5e"), id: "a1", owners: ["alice"] }),
    new FakeActor({ ...fixture("actors/dnd5e"), id: "a2" }),
  ];
  globalThis.game.actors = { contents: actors, get: (id) => actors.find((a) => a.id === id) };
  globalThis.game.settings.set = async (_scope, key, value) => {
    world.values[key] = value;
  };
  globalThis.game.scenes.documentClass = {
    create: async (data) => {
      const scene = new FakeScene({ flags: data.flags, grid: data.grid });
      const make = scene.createEmbeddedDocuments.bind(scene);
      scene.createEmbeddedDocuments = (type, docs) =>
        type === "Token" // Foundry resolves a token's actor from actorId
          ? Promise.resolve(
              docs.map((d) => {
                const t = new FakeToken({ ...d, actor: globalThis.game.actors.get(d.actorId) });
                scene.tokens.set(t.id, t);
                return t;
              }),
            )
          : make(type, docs);
      scene.delete = async () => {
        deleted.push(scene.id);
        globalThis.game.scenes.delete(scene.id);
      };
      globalThis.game.scenes.set(scene.id, scene);
      return scene;
    },
  };
});

test("the autopilot and tune batches pass against a companion with both routes, and clean up after themselves", async () => {
  await connectTo(
    link,
    fakeCompanion({
      "/api/v1/goatball/suggest": suggestRoute(),
      "/api/v1/goatball/tune": tuneRoute(),
    }),
  );
  const out = await runBatches(registerQuenchBatches, ["ballcourt.autopilot", "ballcourt.tune"]);
  for (const results of Object.values(out))
    assert.deepEqual(
      states(results).filter((s) => !s.startsWith("passed")),
      [],
    );
  assert.equal(out["ballcourt.autopilot"].length, 4);
  assert.equal(out["ballcourt.tune"].length, 3);
  assert.equal(deleted.length, 2, "both throw-away arenas deleted");
  assert.deepEqual(
    world.values.autopilot,
    { keep: "act" },
    "the world's autopilot setting put back",
  );
});

test("the batches fail when the companion's proposals leave a player out, and skip the tune check without the route", async (t) => {
  const logged = consoleLines(t);
  const full = suggestRoute();
  await connectTo(
    link,
    fakeCompanion({
      "/api/v1/goatball/suggest": (body) => {
        const answer = full(body);
        answer.body.declarations = answer.body.declarations.slice(1);
        return answer;
      },
    }),
  );
  const out = await runBatches(registerQuenchBatches, ["ballcourt.autopilot", "ballcourt.tune"]);
  const autopilot = states(out["ballcourt.autopilot"]);
  assert.match(autopilot[2], /^failed: every preset.*a usable proposal for everyone/);
  assert.match(autopilot[3], /^failed: two teams/);
  assert.match(states(out["ballcourt.tune"])[0], /^skipped: the companion's tune route/);
  assert.deepEqual(
    await settled(logged),
    [["info", "Ballcourt: no zone suggestion"]],
    "the missing route's details in the console",
  );
});

test("without an actor in the world the batches skip, creating nothing", async () => {
  globalThis.game.actors = { contents: [], get: () => null };
  await connectTo(link, fakeCompanion());
  const out = await runBatches(registerQuenchBatches, ["ballcourt.autopilot"]);
  assert.ok(out["ballcourt.autopilot"].every((r) => r.state === "skipped"));
  assert.equal(globalThis.game.scenes.size, 0);
});

/**
 * Stand-ins for the Yaotzin autopilot's routes: /yaotzin/suggest proposes that the mover
 * readies where he stands (`path` his own square, or `wrongStart`'s square to break it), and
 * /yaotzin/move refuses, as the companion does (422 on `path.0`), a path not starting on him.
 * The kick's preview lists every moon player on the ball's row as an interceptor, and
 * /yaotzin/react answers each chance with the preset it was sent (`react` changes the answer).
 */
function yaotzinRoutes({ wrongStart = null, react = (r) => r } = {}) {
  const at = (body, id) => body.players.find((p) => p.id === id);
  return {
    "/api/v1/yaotzin/kick/preview": (body) => ({
      status: 200,
      body: {
        kicker: body.kicker,
        legal: true,
        dc: 12,
        interceptors: body.players
          .filter((p) => p.team === "moon" && p.y === body.ball.y)
          .map((p) => ({ player: p.id, square: { x: p.x, y: p.y }, dc: 12, rem: 1, reflex: 0 })),
      },
    }),
    "/api/v1/yaotzin/react": (body) => ({
      status: 200,
      body: {
        kind: body.kind,
        reactions: body.chances.map((c) =>
          react({
            player: c.player,
            team: "moon",
            tactics: body.tactics.moon,
            tries: true,
            why: "odds",
            p_stop: 0.4,
            expected_damage: 0,
            try_flight: 0,
            reason: "tries",
          }),
        ),
      },
    }),
    "/api/v1/yaotzin/suggest": (body) => {
      const me = at(body, body.mover);
      return {
        status: 200,
        body: {
          tactics: body.tactics ?? "press-ball",
          attacks: {},
          turn: {
            player: me.id,
            path: [wrongStart ?? { x: me.x, y: me.y }],
            budget: "move",
            action: { ready: "intercept" },
            reason: "holds his ground",
          },
        },
      };
    },
    "/api/v1/yaotzin/move": (body) => {
      const me = at(body, body.mover);
      const [first] = body.path;
      return first.x === me.x && first.y === me.y
        ? { status: 200, body: { mover: me.id, cost_ft: 0, end: first } }
        : {
            status: 422,
            body: {
              error: {
                code: "invalid",
                message: "path.0: not the mover's square",
                field: "path.0",
              },
            },
          };
    },
  };
}

test("the Yaotzin autopilot batch passes against the suggest and move routes, puts the setting back and deletes its court", async () => {
  world.values.yaotzinAutopilot = { keep: { mode: "suggest", tactics: "" } };
  await connectTo(link, fakeCompanion(yaotzinRoutes()));
  const out = await runBatches(registerQuenchBatches, ["ballcourt.yaotzin-autopilot"]);
  assert.deepEqual(
    states(out["ballcourt.yaotzin-autopilot"]).filter((s) => !s.startsWith("passed")),
    [],
  );
  assert.equal(out["ballcourt.yaotzin-autopilot"].length, 4);
  assert.equal(deleted.length, 1, "the throw-away court deleted");
  assert.deepEqual(
    world.values.yaotzinAutopilot,
    { keep: { mode: "suggest", tactics: "" } },
    "the world's setting put back",
  );
});

test("the Yaotzin autopilot batch fails when /yaotzin/react answers for a teammate of the kicker", async () => {
  await connectTo(
    link,
    fakeCompanion(yaotzinRoutes({ react: (r) => ({ ...r, why: "ally", tries: false }) })),
  );
  const out = await runBatches(registerQuenchBatches, ["ballcourt.yaotzin-autopilot"]);
  assert.match(
    states(out["ballcourt.yaotzin-autopilot"])[2],
    /^failed: a kick past the moon's token.*decided by his odds \(ally\)/,
  );
});

test("the Yaotzin autopilot batch fails when a proposed path does not start on its mover", async () => {
  await connectTo(link, fakeCompanion(yaotzinRoutes({ wrongStart: { x: 0, y: 0 } })));
  const out = await runBatches(registerQuenchBatches, ["ballcourt.yaotzin-autopilot"]);
  const [first] = states(out["ballcourt.yaotzin-autopilot"]);
  assert.match(first, /^failed: every preset.*the path starts on him/);
});
