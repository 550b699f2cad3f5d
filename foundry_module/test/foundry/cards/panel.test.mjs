/** The score panel against the fakes: the match from the companion, re-rendered on its events. */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { installFoundry } from "../../fakes/foundry.mjs";

const link = await import("../../../scripts/foundry/world/link.mjs");
const panel = await import("../../../scripts/foundry/cards/panel.mjs");

/** A companion answering only `routes` (404 otherwise), as fakes/companion.mjs's double does. */
const companionWith = (routes) => fakeCompanion(routes, { defaults: false });

const tick = () => new Promise((r) => setImmediate(r));

beforeEach(() => {
  installFoundry();
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
