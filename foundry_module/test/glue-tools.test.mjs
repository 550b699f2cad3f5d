/** The kick tool, court set-up and the score panel against the fakes. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";

import { FakeActor, FakeScene, FakeToken, installFoundry } from "./fakes/foundry.mjs";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const link = await import("../scripts/foundry/world/link.mjs");
const { KickTool } = await import("../scripts/foundry/yaotzin/kick-tool.mjs");
const court = await import("../scripts/foundry/setup/court.mjs");
const { DEFAULT_TEAMS } = await import("../scripts/foundry/world/scene.mjs");
const panel = await import("../scripts/foundry/cards/panel.mjs");

function companionWith(routes) {
  const calls = [];
  const io = () => {
    const handlers = new Map();
    const socket = {
      on: (e, fn) => handlers.set(e, fn),
      removeAllListeners() {},
      disconnect() {},
      timeout() {
        return socket;
      },
      emitWithAck: async (_e, p) => {
        calls.push(p);
        return routes[p.route]?.(p.body) ?? { status: 404, body: {} };
      },
    };
    queueMicrotask(() => handlers.get("connect")());
    return socket;
  };
  return { io, calls };
}

const tick = () => new Promise((r) => setImmediate(r));
beforeEach(() => {
  installFoundry();
});

function stage() {
  const handlers = new Map();
  return { on: (e, fn) => handlers.set(e, fn), off: (e) => handlers.delete(e), handlers };
}

test("the kick tool previews a hovered square from the handler itself, the newer square when the answer comes, and kicks on click", async () => {
  const companion = companionWith({
    "/api/v1/yaotzin/kick/preview": () => ({ status: 200, body: fixture("preview") }),
    "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }),
  });
  link.startLink({ ioFactory: companion.io });
  await tick();
  const ix = new FakeToken({
    id: "ix",
    name: "Ixpoetchitl",
    x: 1000,
    y: 1200,
    flags: { ballcourt: { team: "sun" } },
    actor: new FakeActor(fixture("actors/pf1")),
  });
  const ball = new FakeToken({
    id: "ball",
    x: 1000,
    y: 1200,
    flags: { ballcourt: { isBall: true } },
  });
  const scene = new FakeScene({
    tokens: [ix, ball],
    flags: {
      ballcourt: {
        game: "yaotzin",
        matchId: "m1",
        mapping: { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 },
        field: { length: 72, width: 24 },
      },
    },
  });
  globalThis.game.scenes.set(scene.id, scene);
  const s = stage();
  globalThis.canvas = { scene, stage: s, tokens: { controlled: [{ document: ix }] } };
  const tool = new KickTool();
  tool.toggle(true);
  const previews = () => companion.calls.filter((c) => c.route.endsWith("/preview"));
  s.handlers.get("pointermove")({ x: 1750, y: 1250 });
  assert.equal(previews().length, 1, "sent in the handler itself, not on a later frame");
  s.handlers.get("pointermove")({ x: 1760, y: 1260 }); // the same square: nothing new
  s.handlers.get("pointermove")({ x: 1850, y: 1250 });
  assert.equal(previews().length, 1, "one in flight: the newer square waits for its answer");
  await tick();
  await tick();
  assert.deepEqual(
    previews().map((c) => c.body.target),
    [
      { x: 17, y: 12 },
      { x: 18, y: 12 },
    ],
  );
  assert.equal("rolls" in previews()[1].body, false);
  assert.equal(tool.lastPreview.in_range, true);
  globalThis.Roll.queue = [9];
  await tool.click({ button: 0, x: 1850, y: 1250 });
  const kick = companion.calls.find((c) => c.route === "/api/v1/yaotzin/kick");
  assert.deepEqual(kick.body.rolls, { attack: 9 });
  assert.equal(kick.body.kicker, "ix");
  const message = globalThis.ChatMessage.created.findLast(
    (m) => m.flags.ballcourt.context.kind === "kick",
  );
  assert.equal(
    message.rolls[0].total,
    9 + fixture("preview").attack.modifier,
    "the roll shows the kick's total",
  );
  tool.toggle(false);
  assert.equal(s.handlers.size, 0);
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

test("the score panel renders the match from the companion and re-renders on its events", async () => {
  const companion = companionWith({
    "/api/v1/matches/m1": () => ({
      status: 200,
      body: {
        id: "m1",
        game: "yaotzin",
        seq: 1,
        round: 3,
        status: "playing",
        winner: null,
        settings: { round_limit: 100 },
        score: { sun: 1, moon: 0 },
        teams: [
          { id: "sun", defends: "west" },
          { id: "moon", defends: "east" },
        ],
      },
    }),
    "/api/v1/matches/m1/events": () => ({
      status: 200,
      body: { events: [{ seq: 1, type: "goal", team: "sun" }] },
    }),
  });
  const renders = [];
  globalThis.foundry.applications = {
    api: {
      ApplicationV2: class {
        constructor(options) {
          this.options = options;
        }
        async render() {
          const context = await this._prepareContext();
          this.html = await this._renderHTML(context);
          renders.push(this.html);
          this.rendered = true;
          return this;
        }
        async close() {
          return this;
        }
      },
    },
  };
  let push;
  link.startLink({
    ioFactory: (...args) => {
      const socket = companion.io(...args);
      const on = socket.on;
      socket.on = (event, fn) => {
        if (event === "match_event") push = fn;
        on(event, fn);
      };
      return socket;
    },
  });
  await tick();
  await panel.showScoreboard("m1");
  assert.match(renders[0], /Round 3 of 100/);
  assert.match(renders[0], /<li>Goal<\/li>/);
  push({ match: "m1", seq: 2 });
  await tick();
  assert.equal(renders.length, 2);
  push({ match: "other", seq: 9 });
  await tick();
  assert.equal(renders.length, 2);
});
