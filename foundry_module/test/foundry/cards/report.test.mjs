/** The match report in chat: the panel's Report button, and the card posted once when an Apply ends the match. */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { connectTo, fakeCompanion } from "../../fakes/companion.mjs";
import { installFoundry } from "../../fakes/foundry.mjs";

const link = await import("../../../scripts/foundry/world/link.mjs");
const panel = await import("../../../scripts/foundry/cards/panel.mjs");
const report = await import("../../../scripts/foundry/cards/report.mjs");
const events = await import("../../../scripts/foundry/cards/match-events.mjs");

const tick = () => new Promise((r) => setImmediate(r));
let state;
let world;

const REPORT = () => ({
  id: "m1",
  name: null,
  game: "yaotzin",
  status: state.status,
  winner: state.winner,
  events: state.seq,
  round: 3,
  score: { sun: 5, moon: 1 },
  fields: {
    teams: ["score", "possession", "passes", "kicks", "hoop_attempts"],
    players: ["goals", "kicks"],
  },
  teams: {
    sun: { name: "sun", score: 5, possession: 0.75, passes: 2, kicks: 6, hoop_attempts: 0 },
    moon: { name: "moon", score: 1, possession: 0.25, passes: 0, kicks: 2, hoop_attempts: 0 },
  },
  players: { s1: { name: "Tal", team: "sun", goals: 5, kicks: 6 } },
});

const ROUTES = {
  "GET /api/v1/matches/m1": () => ({
    status: 200,
    body: {
      id: "m1",
      game: "yaotzin",
      ...state,
      round: 1,
      settings: { round_limit: 100 },
      score: { sun: 0, moon: 0 },
      teams: [
        { id: "sun", defends: "west" },
        { id: "moon", defends: "east" },
      ],
    },
  }),
  "GET /api/v1/matches/m1/events": () => ({ status: 200, body: { events: [] } }),
  "GET /api/v1/matches/m1/report": () => ({ status: 200, body: REPORT() }),
  "POST /api/v1/matches/m1/events": (body) => {
    state = {
      ...state,
      seq: state.seq + 1,
      applied: state.seq + 1,
      ...(body.type === "goal" ? { status: "over", winner: "sun" } : {}),
    };
    return { status: 201, body: state };
  },
};

beforeEach(async () => {
  world = installFoundry();
  state = { seq: 4, status: "playing", winner: null };
  await connectTo(link, fakeCompanion(ROUTES, { defaults: false }));
});

const reportCards = () => globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.report);

test("the score panel's Report button posts the box score card", async () => {
  let options;
  const renders = [];
  globalThis.foundry.applications = {
    api: {
      ApplicationV2: class {
        constructor() {
          options = this.constructor.DEFAULT_OPTIONS;
        }
        async render() {
          renders.push(await this._renderHTML(await this._prepareContext()));
          this.rendered = true;
          return this;
        }
        async close() {
          return this;
        }
      },
    },
  };
  await panel.showScoreboard("m1");
  assert.match(
    renders[0],
    /<button type="button" data-action="report" title="Post the match&#39;s box score to chat">/,
  );
  await options.actions.report.call({ matchId: "m1" });
  const [card] = reportCards();
  const { data, ...which } = card.flags.ballcourt.report;
  assert.deepEqual(
    which,
    { match: "m1", seq: 4, game: "yaotzin", overrides: [] },
    "no inspection card in chat: nothing overridden",
  );
  assert.equal(data.events, 4, "the box score itself, for each reader to render in his language");
  assert.match(card.content, /Match report: Yaotzin/);
  assert.match(card.content, /<tr data-player="s1"><th>Tal<\/th><td data-field="goals">5<\/td>/);
});

test("an Apply that ends the match posts its report once, on the GM's client", async () => {
  await events.applyAtomically("m1", [{ type: "ball", x: 1, y: 1 }], "msg1", async () => {});
  await tick();
  assert.equal(reportCards().length, 0, "still playing: no report");
  await events.applyAtomically("m1", [{ type: "goal", team: "sun" }], "msg2", async () => {});
  await tick();
  await tick();
  assert.equal(reportCards().length, 1);
  assert.match(reportCards()[0].content, /Winner: sun · Round 3 · Events: 6/);
  await report.reportIfOver("m1", state); // a second look at the same end
  assert.equal(reportCards().length, 1, "the same report is not posted twice");
});

test("a match the clock ends (the ball's last round) posts its report too", async () => {
  // a match of its own: the module announces each match's end once per page
  ROUTES["GET /api/v1/matches/clock/report"] = ROUTES["GET /api/v1/matches/m1/report"];
  state = { seq: 5, status: "over", winner: "sun" };
  await events.announceIfOver("clock", state); // what combat.mjs calls when the last round runs out
  await tick();
  await tick();
  assert.equal(reportCards().length, 1);
  assert.match(reportCards()[0].content, /Winner: sun · Round 3 · Events: 5/);
});

test("a report the companion cannot give is a warning, not an error", async () => {
  const made = await report.postReport("gone");
  assert.equal(made, null);
  assert.equal(reportCards().length, 0);
  assert.equal(world.notifications.at(-1)[0], "warn");
  assert.match(world.notifications.at(-1)[1], /^No match report: /);
});
