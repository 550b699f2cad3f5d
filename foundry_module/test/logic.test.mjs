import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { adapterFor } from "../scripts/adapters/index.mjs";
import { planGoatballApply, planYaotzinApply } from "../scripts/core/apply.mjs";
import {
  generateArena,
  platformAt,
  seededRandom,
  suggestedZones,
  zoneAt,
  zoneLinks,
} from "../scripts/core/arena.mjs";
import { CompanionLink, STATUS, backoff, diagnose } from "../scripts/core/connection.mjs";
import { makeMapping } from "../scripts/core/geometry.mjs";
import { Declarations, facesOf } from "../scripts/core/goatball.mjs";

const actor = (name) =>
  JSON.parse(readFileSync(new URL(`./fixtures/actors/${name}.json`, import.meta.url), "utf8"));

test("pf1 and D35E actors give Yaotzin's numbers; feats matched by name, items of type feat only", () => {
  assert.deepEqual(adapterFor("pf1").yaotzinStats(actor("pf1")), {
    str: 14,
    dex: 17,
    bab: 2,
    reflex: 3,
    feats: ["exotic_weapon_pelota", "point_blank_shot", "power_attack"],
    speed: 30,
  });
  assert.deepEqual(adapterFor("D35E").yaotzinStats(actor("d35e")).feats, [
    "combat_reflexes",
    "precise_shot",
  ]);
  assert.equal(adapterFor("D35E").yaotzinStats(actor("d35e")).reflex, 4);
});

test("nonlethal damage: pf1's own pool, dnd5e's in module flags", () => {
  const pf1 = adapterFor("pf1");
  assert.deepEqual(pf1.nonlethalUpdate(actor("pf1"), 6), { "system.attributes.hp.nonlethal": 8 });
  assert.deepEqual(adapterFor("dnd5e").nonlethalUpdate(actor("dnd5e"), 4), {
    "flags.ballcourt.nonlethal": 4,
  });
});

test("dnd5e actors give goat-ball's skills; unknown systems fall back to typed numbers", () => {
  assert.deepEqual(adapterFor("dnd5e").goatballSkills(actor("dnd5e")), {
    athletics: 7,
    acrobatics: 1,
    strMod: 4,
    dexMod: 1,
  });
  const generic = adapterFor("swade");
  assert.equal(generic.needsDialog, true);
  assert.equal(generic.hasStats({ flags: {} }), false);
  assert.equal(
    generic.yaotzinStats({ flags: { ballcourt: { stats: { str: 16, reflex: 5 } } } }).str,
    16,
  );
});

test("connection failures are diagnosed with what to do", () => {
  const local = "http://localhost:30000/game";
  assert.equal(
    diagnose("unauthorized: a wrong or missing token", local, "http://127.0.0.1:7770").status,
    STATUS.WRONG_TOKEN,
  );
  const publicHttp = diagnose(
    "xhr poll error",
    "http://my-foundry.example:30000/game",
    "http://127.0.0.1:7770",
  );
  assert.equal(publicHttp.status, STATUS.BLOCKED);
  assert.equal(publicHttp.key, "BALLCOURT.Connection.PublicHttp");
  assert.equal(
    publicHttp.command,
    "ballcourt serve --allow-origin http://my-foundry.example:30000",
  );
  const forge = diagnose(
    "websocket error",
    "https://game.forge-vtt.com/game",
    "http://127.0.0.1:7770",
  );
  assert.equal(forge.key, "BALLCOURT.Connection.LocalNetworkAccess");
  const lan = diagnose("websocket error", "https://vtt.example/game", "http://192.168.1.5:7770");
  assert.equal(lan.key, "BALLCOURT.Connection.MixedContent");
  assert.equal(
    diagnose("xhr poll error", "http://127.0.0.1:30001/", "http://127.0.0.1:7770").status,
    STATUS.ORIGIN,
  );
  assert.equal(
    diagnose("timeout", local, "http://127.0.0.1:7770").key,
    "BALLCOURT.Connection.Unreachable",
  );
});

test("back-off doubles to a cap", () => {
  assert.deepEqual(
    [0, 1, 2, 3, 10].map((n) => backoff(n)),
    [500, 1000, 2000, 4000, 30000],
  );
});

class FakeSocket {
  constructor(url, options) {
    this.url = url;
    this.options = options;
    this.handlers = new Map();
    this.acks = [];
    this.disconnected = false;
  }
  on(event, fn) {
    this.handlers.set(event, fn);
  }
  fire(event, arg) {
    this.handlers.get(event)?.(arg);
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  disconnect() {
    this.disconnected = true;
  }
  timeout(ms) {
    this.lastTimeout = ms;
    return this;
  }
  async emitWithAck(event, payload) {
    this.acks.push([event, payload]);
    return this.reply(payload);
  }
}

test("the link connects with the token, retries with back-off, and stops on a wrong token", async () => {
  const sockets = [];
  const timers = {
    pending: [],
    setTimeout(fn, ms) {
      this.pending.push([fn, ms]);
      return this.pending.length;
    },
    clearTimeout() {},
  };
  const statuses = [];
  const link = new CompanionLink(
    (url, options) => {
      const s = new FakeSocket(url, options);
      sockets.push(s);
      return s;
    },
    { url: "http://127.0.0.1:7770", token: "tok", onStatus: (s) => statuses.push(s), timers },
  );
  link.connect();
  assert.deepEqual(sockets[0].options.auth, { token: "tok" });
  assert.deepEqual(sockets[0].options.transports, ["websocket"]);
  sockets[0].fire("connect_error", new Error("timeout"));
  assert.equal(timers.pending.length, 1);
  assert.equal(timers.pending[0][1], 500);
  timers.pending.shift()[0]();
  sockets[1].fire("connect_error", new Error("unauthorized: a wrong or missing token"));
  assert.equal(timers.pending.length, 0, "a wrong token is not retried");
  link.connect();
  sockets[2].fire("connect");
  assert.equal(link.status, STATUS.CONNECTED);
  sockets[2].reply = (p) => ({
    status: p.route === "/api/v1/nope" ? 404 : 200,
    body:
      p.route === "/api/v1/nope"
        ? { error: { code: "not_found", message: "no route" } }
        : { echoed: p.body },
  });
  assert.deepEqual(await link.request("POST", "/api/v1/echo", { a: 1 }), { echoed: { a: 1 } });
  await assert.rejects(link.request("GET", "/api/v1/nope"), /no route/);
  assert.deepEqual(statuses, [
    "connecting",
    "unreachable",
    "connecting",
    "wrong-token",
    "connecting",
    "connected",
  ]);
});

test("Apply plans move the ball along its path and Undo restores everything", () => {
  const m = makeMapping({ originX: 0, originY: 0, gridSize: 100 });
  const scene = {
    ball: {
      id: "ball",
      x: 1000,
      y: 1200,
      flags: { ballcourt: { ball: { speed: 0, direction: null } } },
    },
    tokens: new Map([["yo", { id: "yo", x: 1300, y: 1200, nonlethal: 1 }]]),
  };
  const plan = planYaotzinApply(
    m,
    {
      ball: { x: 13, y: 14, speed: 0, direction: null },
      damage: [{ player: "yo", nonlethal: 6 }],
      events: [{ type: "ball", x: 13, y: 14 }],
      moves: [{ player: "yo", x: 12, y: 12 }],
      path: [{ x: 11, y: 12 }],
    },
    scene,
  );
  assert.deepEqual(plan.updates[0], {
    _id: "ball",
    x: 1300,
    y: 1400,
    "flags.ballcourt.ball": { speed: 0, direction: null },
  });
  assert.deepEqual(plan.updates[1], { _id: "yo", x: 1200, y: 1200 });
  assert.deepEqual(plan.damage, [{ tokenId: "yo", amount: 6 }]);
  assert.deepEqual(plan.undo.updates, [
    { _id: "ball", x: 1000, y: 1200, "flags.ballcourt.ball": { speed: 0, direction: null } },
    { _id: "yo", x: 1300, y: 1200 },
  ]);
  assert.deepEqual(
    Object.keys(plan.undo),
    ["updates"],
    "the sheets' damage is recorded when written, not planned",
  );
  assert.deepEqual(plan.animation, [{ x: 1100, y: 1200 }]);
});

test("goat-ball Apply: outs, returns, the ball to the new carrier; Undo puts them back", () => {
  const scene = {
    ball: { id: "ball", x: 0, y: 0 },
    tokens: new Map([
      ["r1", { id: "r1", x: 100, y: 100, out: false }],
      ["b2", { id: "b2", x: 700, y: 100, out: true }],
      ["b1", { id: "b1", x: 500, y: 500, out: false }],
    ]),
  };
  const plan = planGoatballApply(
    {
      out: ["r1"],
      returned: ["b2"],
      dead: [],
      possession: { team: "blue", carrier: "b1" },
      damage: [],
    },
    scene,
  );
  assert.deepEqual(plan.status, [
    { tokenId: "r1", out: true, dead: false },
    { tokenId: "b2", out: false, dead: false },
  ]);
  assert.deepEqual(plan.ballMove, { _id: "ball", x: 500, y: 500 });
  assert.deepEqual(plan.undo.status, [
    { tokenId: "r1", out: false, dead: false },
    { tokenId: "b2", out: true, dead: false },
  ]);
  const hot = planGoatballApply(
    {
      out: ["b1"],
      returned: [],
      possession: { team: "red", carrier: null },
      ball_on: "P8",
      damage: [{ player: "b1", total: 7, type: "piercing" }],
    },
    scene,
    { P8: { x: 800, y: 800 } },
  );
  assert.deepEqual(hot.ballMove, { _id: "ball", x: 800, y: 800 });
  assert.deepEqual(hot.damage, [{ tokenId: "b1", amount: 7, type: "piercing" }]);
  assert.equal(
    hot.undo.damage,
    undefined,
    "Undo restores the sheet's values recorded at the write, not the damage taken off",
  );
});

test("declarations: reverse initiative, the carrier last and sealed until the others are in", () => {
  const d = new Declarations(
    [
      { id: "r1", team: "red", initiative: 15 },
      { id: "r2", team: "red", initiative: 8 },
      { id: "b1", team: "blue", initiative: 12 },
    ],
    "r1",
  );
  assert.deepEqual(d.order(), ["r2", "b1", "r1"]);
  d.declare("r2", { action: "throw", check: 11 });
  assert.throws(() => d.declare("r2", { action: "intercept" }), /already/);
  assert.throws(() => d.declare("r1", { action: "throw" }), /needs a target/);
  d.declare("r1", { action: "throw", check: 14, throw: { kind: "pass", target: "r2" } });
  assert.deepEqual(
    d.visibleTo({}).find((x) => x.player === "r1"),
    { player: "r1", sealed: true },
  );
  assert.equal(d.visibleTo({ isGM: true }).find((x) => x.player === "r1").action, "throw");
  assert.equal(d.visibleTo({ ownsCarrier: true }).find((x) => x.player === "r1").action, "throw");
  d.declare("b1", { action: "intercept", check: 9 });
  assert.equal(
    d.visibleTo({}).find((x) => x.player === "r1").action,
    "throw",
    "revealed once all are in",
  );
  const body = d.toPassRequest({ teams: [], possession: { team: "red", carrier: "r1" } }, {});
  assert.deepEqual(
    body.actions.map((a) => a.player),
    ["r1", "b1", "r2"],
  );
  assert.deepEqual(body.throw, { kind: "pass", target: "r2" });
});

test("declarations: the carrier declares at his own place, sealed until everyone is in", () => {
  const d = new Declarations(
    [
      { id: "r1", team: "red", initiative: 10 },
      { id: "r2", team: "red", initiative: 8 },
      { id: "b1", team: "blue", initiative: 12 },
      { id: "b2", team: "blue", initiative: 5 },
    ],
    "r1",
  );
  assert.deepEqual(d.order(), ["b2", "r2", "r1", "b1"], "reverse initiative, the carrier at 10");
  assert.deepEqual(d.turn(), { player: "b2", sealed: false });
  d.declare("b2", { action: "intercept" });
  d.declare("r2", { action: "throw" });
  assert.deepEqual(
    d.turn(),
    { player: "r1", sealed: true },
    "the carrier's slip comes at his place",
  );
  d.declare("r1", { action: "throw", throw: { kind: "pass", target: "r2" } });
  assert.deepEqual(d.turn(), { player: "b1", sealed: false });
  assert.deepEqual(
    d.visibleTo({}).find((x) => x.player === "r1"),
    { player: "r1", sealed: true },
    "b1, after him, declares without knowing it",
  );
  d.declare("b1", { action: "intercept" });
  assert.equal(d.turn(), null);
  assert.equal(
    d.visibleTo({}).find((x) => x.player === "r1").action,
    "throw",
    "revealed once all are in",
  );
  // equal initiative: the carrier's slip after the others on his count
  const tied = new Declarations(
    [
      { id: "z", initiative: 5 },
      { id: "r1", initiative: 5 },
      { id: "a", initiative: 5 },
    ],
    "r1",
  );
  assert.deepEqual(tied.order(), ["a", "z", "r1"]);
});

test("declarations: the carrier's owner never sees the declarations after his place before his own", () => {
  const d = new Declarations(
    [
      { id: "r1", initiative: 10 },
      { id: "r2", initiative: 8 },
      { id: "b1", initiative: 12 },
    ],
    "r1",
  );
  d.declare("r2", { action: "throw" });
  d.declare("b1", { action: "intercept" }); // out of turn, as a GM may enter it by hand
  assert.deepEqual(
    d.visibleTo({ ownsCarrier: true }).map((x) => x.player),
    ["r2"],
  );
  assert.deepEqual(
    d.visibleTo({ isGM: true }).map((x) => x.player),
    ["r2", "b1"],
  );
  d.declare("r1", { action: "throw", throw: { kind: "pass", target: "r2" } });
  assert.deepEqual(
    d.visibleTo({ ownsCarrier: true }).map((x) => x.player),
    ["r2", "r1", "b1"],
  );
});

/** Two Defends (b3 for b1, r2 for r3), three knock-offs and a hot throw at b1, declared in a pass of six. */
function defendedPass() {
  const d = new Declarations(
    [
      { id: "r1", initiative: 20 },
      { id: "r2", initiative: 3 },
      { id: "r3", initiative: 4 },
      { id: "b1", initiative: 12 },
      { id: "b2", initiative: 9 },
      { id: "b3", initiative: 2 },
    ],
    "r1",
  );
  d.declare("b3", { action: "defend", target: "b1" });
  d.declare("r2", { action: "defend", target: "r3" });
  d.declare("r3", { action: "knock_off", target: "b2" });
  d.declare("b2", { action: "knock_off", target: "r3" });
  d.declare("b1", { action: "knock_off", target: "r3" });
  d.declare("r1", { action: "throw", throw: { kind: "hot", target: "b1" } });
  return d;
}

test("declarations: a defended target's two faces go to the companion, which alone picks the one that counts", () => {
  const d = defendedPass();
  assert.deepEqual([...d.defendedTargets()].sort(), ["b1", "r3"]);
  const body = d.toPassRequest(
    { teams: [], possession: { team: "red", carrier: "r1" } },
    {
      b1: { total: 14, defenseFaces: [3, 17], defenseModifier: 2 },
      b2: { total: 11, defenseFaces: [12, 5], defenseModifier: 2 },
      r3: { total: 9, defense: 8 },
      hot: { carrier: 15, targetFaces: [4, 19], targetModifier: 1 },
    },
  );
  const by = Object.fromEntries(body.actions.map((a) => [a.player, a]));
  assert.deepEqual(
    [by.b1.defense_faces, by.b1.defense_modifier, by.b1.defense],
    [[3, 17], 2, undefined],
  );
  assert.deepEqual([by.b2.defense_faces, by.b2.defense_modifier], [[12, 5], 2]);
  assert.equal(by.r3.defense, 8);
  assert.deepEqual(
    [
      body.throw.carrier_check,
      body.throw.target_faces,
      body.throw.target_modifier,
      body.throw.target_check,
    ],
    [15, [4, 19], 1, undefined],
  );
  assert.equal(d.defenceAdvantage, undefined);
});

test("declarations: a carrier's slip that throws must name its target; it is refused when handed in", () => {
  const d = new Declarations(
    [
      { id: "r1", initiative: 20 },
      { id: "b1", initiative: 3 },
    ],
    "r1",
  );
  d.declare("b1", { action: "intercept" });
  assert.match(d.problemWith("r1", { action: "throw" }), /needs a target/);
  assert.match(d.problemWith("r1", { action: "throw", throw: { kind: "hot" } }), /needs a target/);
  assert.throws(
    () => d.declare("r1", { action: "throw", throw: { kind: "pass", target: "" } }),
    /needs a target/,
  );
  assert.equal(d.declared.has("r1"), false);
  d.declare("r1", { action: "throw", throw: { kind: "pass", target: "r2" } });
  assert.ok(d.complete());
});

test("declarations: a Defend names a teammate only; oneself or an opponent is refused (rulings, turn 5)", () => {
  const d = new Declarations(
    [
      { id: "r1", team: "red", initiative: 20 },
      { id: "r2", team: "red", initiative: 3 },
      { id: "b1", team: "blue", initiative: 12 },
    ],
    "r1",
  );
  assert.match(d.problemWith("r2", { action: "defend", target: "b1" }), /teammate/);
  assert.match(d.problemWith("r2", { action: "defend", target: "r2" }), /teammate/);
  assert.equal(d.problemWith("b1", { action: "defend", target: "r1" }) === null, false);
  assert.equal(d.problemWith("r2", { action: "defend", target: "r1" }), null);
});

test("facesOf: the d20s in the order rolled and the modifier; null unless one or two", () => {
  const roll = (results, total) => ({ total, dice: [{ faces: 20, results }] });
  assert.deepEqual(
    facesOf(
      roll(
        [
          { result: 3, active: false },
          { result: 17, active: true },
        ],
        19,
      ),
    ),
    { faces: [3, 17], modifier: 2 },
  );
  assert.deepEqual(
    facesOf({
      total: 9,
      terms: [{ class: "Die", faces: 20, results: [{ result: 8 }, { result: 2 }] }],
    }),
    { faces: [8, 2], modifier: 1 },
  );
  assert.deepEqual(facesOf(roll([{ result: 12 }], 14)), { faces: [12], modifier: 2 });
  assert.equal(facesOf(roll([{ result: 1 }, { result: 2 }, { result: 3 }], 5)), null);
  assert.equal(facesOf(roll([], 5)), null);
});

test("declarations: a Defend covers its target's next check by initiative, so the table rolls two d20s there and one for the next", () => {
  const d = defendedPass();
  const covered = d.coveredChecks();
  // r3's one Defend covers b1's knock-off (initiative 12), not b2's (9); b2 has none
  assert.deepEqual([...covered.knockOffs].sort(), ["b1"]);
  assert.equal(covered.hot, true); // b1's Defend, spent on nothing before the dodge
  d.declared.set("b2", { player: "b2", action: "knock_off", target: "b1" });
  assert.deepEqual([...d.coveredChecks().knockOffs].sort(), ["b1", "b2"]);
  assert.equal(d.coveredChecks().hot, false); // b1's Defend went on b2's knock-off
});

test("arenas: at least a dozen platforms from a seed, the same every time; zones and links", () => {
  assert.throws(() => generateArena({ count: 11 }), /dozen/);
  const a = generateArena({ seed: 7, zones: 3 });
  const b = generateArena({ seed: 7, zones: 3 });
  assert.deepEqual(a, b);
  assert.notDeepEqual(generateArena({ seed: 8 }).platforms, a.platforms);
  assert.equal(a.platforms.length, 12);
  for (const p of a.platforms) {
    for (const q of a.platforms)
      if (p !== q) assert.ok(Math.hypot(p.x - q.x, p.y - q.y) >= 3 * p.radius);
    assert.equal(p.zone, zoneAt(a, p));
  }
  assert.equal(platformAt(a, { x: a.platforms[4].x + 10, y: a.platforms[4].y }), a.platforms[4].id);
  assert.equal(platformAt(a, { x: -500, y: -500 }), null);
  assert.deepEqual(zoneLinks(a), { Z1: ["Z2"], Z2: ["Z1", "Z3"], Z3: ["Z2"] });
  assert.equal(suggestedZones(12), 4);
  const r = seededRandom(1);
  assert.ok([r(), r(), r()].every((x) => x >= 0 && x < 1));
});
