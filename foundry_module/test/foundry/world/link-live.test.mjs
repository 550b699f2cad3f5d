/**
 * The module's link against a real `ballcourt serve`, through socket.io-client v4 (the same
 * protocol as Foundry's global `io`): connect, preview, kick, intercept, apply, undo.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { io } from "socket.io-client";

import { CompanionLink, STATUS } from "../../../scripts/core/connection.mjs";
import { makeMapping } from "../../../scripts/core/geometry.mjs";
import {
  interceptRequest,
  kickRequest,
  previewRequest,
  yaotzinPlayers,
} from "../../../scripts/core/requests.mjs";
import { dribbleReach } from "../../../scripts/core/dribble-reach.mjs";
import { stepPath } from "../../../scripts/core/geometry.mjs";
import { startCompanion } from "../../fakes/live-companion.mjs";

const TOKEN = "integration-token";
let companion;
let url;

before(async () => {
  companion = await startCompanion(TOKEN);
  url = companion.url;
});

after(() => companion?.stop());

function connected(token = TOKEN) {
  return new Promise((resolve) => {
    const link = new CompanionLink(io, {
      url,
      token,
      pageUrl: "http://localhost:30000/game",
      onStatus: (status) => {
        if (status !== STATUS.CONNECTING) resolve(link);
      },
    });
    link.connect();
  });
}

const m = makeMapping({ originX: 0, originY: 0, gridSize: 100 });
const descriptors = [
  {
    id: "ix",
    name: "Ixpoetchitl",
    x: 1000,
    y: 1200,
    team: "sun",
    stats: { str: 14, dex: 17, bab: 2, reflex: 3 },
  },
  { id: "yo", name: "Yolteotl", x: 1300, y: 1200, team: "moon", stats: { reflex: 4 } },
];

test("a wrong token is diagnosed and not retried", async () => {
  const link = await connected("nope");
  try {
    assert.equal(link.status, STATUS.WRONG_TOKEN);
    assert.equal(link.detail.command, "ballcourt token");
    assert.equal(link.retryHandle, null);
  } finally {
    link.close();
  }
});

test("preview, kick, intercept, then apply and undo on a match", async () => {
  const link = await connected();
  assert.equal(link.status, STATUS.CONNECTED);
  try {
    const players = yaotzinPlayers(m, descriptors);
    const args = {
      mapping: m,
      players,
      ball: { x: 10, y: 12 },
      kicker: "ix",
      target: { x: 18, y: 12 },
      standing: true,
    };
    const preview = await link.request(
      "POST",
      "/api/v1/yaotzin/kick/preview",
      previewRequest(args),
    );
    assert.equal(preview.in_range, true);
    assert.equal(preview.attack.modifier, -9);
    const kick = await link.request(
      "POST",
      "/api/v1/yaotzin/kick",
      kickRequest({ ...args, rolls: { attack: 9, scatter: 1, corner: 1 } }),
    );
    assert.deepEqual(kick.landing, { x: 20, y: 12 });
    const action = kick.chat_card.actions.find((a) => a.id === "intercept:yo");
    const intercept = await link.request(
      "POST",
      "/api/v1/yaotzin/intercept",
      interceptRequest({ mapping: m, players, action, save: 9 }),
    );
    assert.equal(intercept.outcome, "deflected");
    assert.equal(intercept.damage.dice, "3d3");

    const match = await link.request("POST", "/api/v1/matches", {
      game: "yaotzin",
      teams: [
        { id: "sun", defends: "west" },
        { id: "moon", defends: "east" },
      ],
    });
    const events = intercept.chat_card.actions.find((a) => a.id === "apply").payload.events;
    let state;
    for (const event of events) {
      state = await link.request("POST", `/api/v1/matches/${match.id}/events`, {
        ...event,
        meta: { message: "m1" },
      });
    }
    assert.equal(state.seq, events.length);
    assert.equal(state.nonlethal.yo, intercept.damage.total);
    for (let i = 0; i < events.length; i += 1) {
      state = await link.request("POST", `/api/v1/matches/${match.id}/undo`);
    }
    assert.equal(state.seq, 0);
    assert.deepEqual(state.nonlethal, {});
    await assert.rejects(
      link.request("POST", `/api/v1/matches/${match.id}/undo`),
      /nothing to undo/,
    );
  } finally {
    link.close();
  }
});

test("a match room pushes events to a second browser", async () => {
  const a = await connected();
  const b = await connected();
  try {
    const match = await a.request("POST", "/api/v1/matches", {
      game: "yaotzin",
      teams: [{ id: "x" }, { id: "y" }],
    });
    const pushed = new Promise((resolve) => b.socket.on("match_event", resolve));
    const joined = await b.socket.timeout(5000).emitWithAck("join", { match: match.id });
    assert.equal(joined.status, 200);
    await a.request("POST", `/api/v1/matches/${match.id}/events`, { type: "goal", team: "x" });
    const event = await pushed;
    assert.equal(event.match, match.id);
    assert.deepEqual(event.state.score, { x: 1, y: 0 });
  } finally {
    a.close();
    b.close();
  }
});

test("the dribble squares the module draws are exactly the drops the companion accepts", async () => {
  const link = await connected();
  try {
    const field = { length: 72, width: 24 };
    const players = [
      { id: "ix", team: "sun", x: 2, y: 5, speed: 40 },
      { id: "yo", team: "moon", x: 4, y: 5 },
      { id: "tl", team: "sun", x: 1, y: 4 },
      { id: "ok", team: "moon", x: 0, y: 7 },
    ];
    for (const [startedWithBall, readied] of [
      [true, false],
      [false, false],
    ]) {
      const drawn = new Set(
        dribbleReach({ field, players, dribbler: "ix", startedWithBall, readied }).map(
          (s) => `${s.x},${s.y}`,
        ),
      );
      const accepted = new Set();
      for (let y = 0; y <= 11; y += 1) {
        for (let x = -5; x <= 9; x += 1) {
          if (x === 2 && y === 5) continue;
          const body = {
            field,
            players,
            dribbler: "ix",
            ball: { x: 2, y: 5 },
            squares: stepPath({ x: 2, y: 5 }, { x, y }),
            started_with_ball: startedWithBall,
            readied,
          };
          try {
            await link.request("POST", "/api/v1/yaotzin/dribble", body);
            accepted.add(`${x},${y}`);
          } catch (err) {
            assert.equal(err.status, 422, err.message);
          }
        }
      }
      assert.ok(
        startedWithBall ? accepted.size > 8 : accepted.size <= 8,
        "half speed + 1, or one square",
      );
      assert.deepEqual([...drawn].sort(), [...accepted].sort());
    }
  } finally {
    link.close();
  }
});

test("hoop shots and contests from the module: each Foundry d20 carries the companion's own modifier", async () => {
  const { FakeActor, FakeScene, FakeToken, installFoundry, until } =
    await import("../../fakes/foundry.mjs");
  const { readFileSync } = await import("node:fs");
  const actor = (name) =>
    JSON.parse(
      readFileSync(new URL(`../../fixtures/actors/${name}.json`, import.meta.url), "utf8"),
    );
  installFoundry({ settings: { companionUrl: url, token: TOKEN } });
  const glueLink = await import("../../../scripts/foundry/world/link.mjs");
  const contests = await import("../../../scripts/foundry/yaotzin/contests.mjs");
  const link = glueLink.startLink({ ioFactory: io, pageUrl: "http://localhost:30000/game" });
  assert.ok(
    await until(() => link.status === STATUS.CONNECTED),
    "the link connects, however slowly",
  );
  try {
    const place = (ix, yo) => {
      const tokens = [
        new FakeToken({
          id: "ix",
          name: "Ixpoetchitl",
          x: ix[0] * 100,
          y: ix[1] * 100,
          flags: { ballcourt: { team: "sun" } },
          actor: new FakeActor(actor("pf1")),
        }),
        new FakeToken({
          id: "yo",
          name: "Yolteotl",
          x: yo[0] * 100,
          y: yo[1] * 100,
          flags: { ballcourt: { team: "moon" } },
          actor: new FakeActor(actor("d35e")),
        }),
        new FakeToken({
          id: "ball",
          x: ix[0] * 100,
          y: ix[1] * 100,
          flags: { ballcourt: { isBall: true } },
        }),
      ];
      return new FakeScene({
        tokens,
        flags: {
          ballcourt: {
            game: "yaotzin",
            matchId: null,
            field: { length: 72, width: 24 },
            mapping: { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 },
          },
        },
      });
    };
    const companionTotals = (message) =>
      Object.fromEntries(message.flags.ballcourt.card.rolls.map((r) => [r.name, r.total]));

    globalThis.Roll.queue = [13];
    const hoop = await contests.shootHoop(place([30, 22], [40, 12]), {
      kicker: "ix",
      hoop: "south",
      standing: false,
      powerAttack: 1,
    });
    const [attack] = hoop.rolls;
    assert.equal(attack.options.ballcourt, "attack");
    assert.equal(
      attack.data.mod,
      2 + 3 - 10 - 1 + 1,
      "BAB 2, Dex 3, running 6 squares -10, Power Attack -1, Point Blank +1",
    );
    assert.equal(
      attack.total,
      companionTotals(hoop).attack,
      "the card's Foundry d20 shows the companion's total",
    );

    globalThis.Roll.queue = [15, 16, 3];
    const grapple = await contests.contest(place([30, 12], [31, 12]), {
      actor: "ix",
      target: "yo",
      kind: "grapple",
    });
    const totals = companionTotals(grapple);
    assert.deepEqual(
      grapple.rolls.map((r) => [r.options.ballcourt, r.total]),
      ["touch", "actor", "target"].map((n) => [n, totals[n]]),
    );
    assert.deepEqual(
      grapple.rolls.map((r) => r.data.mod),
      [2 + 2, 2 + 2, 3 + 1],
      "touch and check BAB + Str; his BAB + Str",
    );

    // a trip provokes (the companion's preview says so): Yolteotl, an NPC here, is the GM's to
    // choose for; his unarmed attack of opportunity reaches the companion as target_aoo, its d20
    // rolled in Foundry first (BAB 3 + Str 1), before the contest's own
    const { FakeDialogV2 } = await import("../../fakes/foundry.mjs");
    FakeDialogV2.answers.push("unarmed");
    globalThis.Roll.queue = [2, 15, 16, 3]; // his attack misses: the trip goes on
    const trip = await contests.contest(place([30, 12], [31, 12]), {
      actor: "ix",
      target: "yo",
      kind: "trip",
    });
    assert.equal(FakeDialogV2.shown.length, 1, "the GM was asked");
    const keys = trip.flags.ballcourt.card.lines.map((l) => l.key);
    assert.ok(
      keys.some((k) => /Contest\.Aoo(Stops|Fails)/.test(k)),
      `the card tells his attack: ${keys}`,
    );
    const tripTotals = companionTotals(trip);
    assert.deepEqual(
      trip.rolls.map((r) => [r.options.ballcourt, r.total, r.data.mod]),
      [
        ["aoo_attack", 2 + 4, 4],
        ["touch", 15 + 4, 4],
        ["actor", 16 + 2, 2],
        ["target", 3 + 2, 2],
      ],
    );
    assert.deepEqual(
      trip.rolls.map((r) => r.total),
      ["aoo_attack", "touch", "actor", "target"].map((n) => tripTotals[n]),
      "each Foundry d20 is the one the companion used",
    );
    assert.equal(
      trip.rolls.filter((r) => r.options.ballcourt === "aoo_attack").length,
      1,
      "rolled once, not again by the companion",
    );

    // his trip instead: its touch attack and check are his d20s, the defence Ixpoetchitl's
    FakeDialogV2.answers.push("trip");
    globalThis.Roll.queue = [18, 4, 12, 10, 15, 3]; // his touch hits, his 4 + 1 loses to Ixpoetchitl's 12 + 3: the trip goes on
    const tripped = await contests.contest(place([30, 12], [31, 12]), {
      actor: "ix",
      target: "yo",
      kind: "trip",
    });
    const totals2 = companionTotals(tripped);
    assert.deepEqual(
      tripped.rolls.map((r) => [r.options.ballcourt, r.options.flavor, r.total]),
      [
        ["aoo_touch", "Yolteotl", 22],
        ["aoo_check", "Yolteotl", 5],
        ["aoo_defense", "Ixpoetchitl", 15],
        ["touch", "Ixpoetchitl", 14],
        ["actor", "Ixpoetchitl", 17],
        ["target", "Yolteotl", 5],
      ].filter(([name]) => name in totals2),
    );
    assert.deepEqual(
      tripped.rolls.map((r) => r.total),
      tripped.rolls.map((r) => totals2[r.options.ballcourt]),
    );
    assert.equal(
      tripped.flags.ballcourt.card.rolls.filter((r) => r.name.startsWith("aoo_")).length,
      3,
    );
  } finally {
    link.close();
  }
});
