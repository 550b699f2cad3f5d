/**
 * The random table's world: a Yaotzin court at a table of Tezca (the active GM, the
 * companion's), Maria (a co-GM), Alice and Bob (players, Bob reading Russian), each browser
 * its own copy of the module (openOn). Alice's Ixpoetchitl stands on the ball, Bob's
 * Yolteotl three squares east, the moon's two NPCs (Tezca's men, on autopilot) beyond; the
 * encounter is begun. The companion is the fake one, its answers passing a gate that can hold
 * them (slow) and lets them go one by one, in an order the commands choose.
 */
import { fakeCompanion } from "../fakes/companion.mjs";
import {
  FakeCombat,
  FakeScene,
  FakeToken,
  FakeUser,
  asUser,
  clientOf,
  settle,
  until,
} from "../fakes/foundry.mjs";
import { pf1Actor } from "../fakes/npc-court.mjs";
import { fixture } from "../fakes/scenes.mjs";
import { openOn } from "../tables/table.mjs";
import { Observer } from "./observer.mjs";

export const USERS = ["gm", "maria", "alice", "bob"];
export const GMS = ["gm", "maria"];

/** Where each stands (squares of 100 px) and who owns him. */
const PLAYERS = {
  ix: { name: "Ixpoetchitl", at: [10, 12], owners: ["alice"], team: "sun" },
  yo: { name: "Yolteotl", at: [13, 12], owners: ["bob"], team: "sun" },
  n1: { name: "Tezcatl", at: [16, 12], owners: [], team: "moon" },
  n2: { name: "Mixco", at: [30, 10], owners: [], team: "moon" },
};

/** A token whose every committed move the observer hears, with whose turn it was then. */
export class WatchedToken extends FakeToken {
  afterMove(from, sent, options, user) {
    this.observer?.moved(this, from, options);
    return super.afterMove(from, sent, options, user);
  }
}

/**
 * The autopilot's proposal for `me`: on the still ball (a GM put him there), dribble it a square
 * west; else a step west, then ready to intercept.
 */
function proposal({ ball }, me) {
  if (ball.speed > 0 || ball.x !== me.x || ball.y !== me.y)
    return {
      path: [
        { x: me.x, y: me.y },
        { x: me.x - 1, y: me.y },
      ],
      action: { ready: "intercept" },
    };
  return {
    path: [{ x: me.x, y: me.y }],
    action: {
      route: "dribble",
      body: {
        dribbler: me.id,
        ball: { x: ball.x, y: ball.y },
        squares: [{ x: ball.x - 1, y: ball.y }],
        started_with_ball: true,
      },
    },
  };
}

/** The companion's dribble: the dribbler and the ball to the last square, on a card whose Apply moves both. */
function dribbleAnswer(body) {
  const end = body.squares.at(-1);
  const who = body.players.find((p) => p.id === body.dribbler);
  const ball = { x: end.x, y: end.y, speed: 0, direction: null };
  const play = { action: "dribble", player: who.id, team: who.team, name: who.name };
  return {
    dribbler: who.id,
    squares: body.squares,
    ball,
    end,
    chat_card: {
      kind: "yaotzin.dribble",
      title: {
        key: "BALLCOURT.Card.Dribble.Title",
        data: { player: who.name ?? who.id, count: body.squares.length },
        text: `${who.name ?? who.id} dribbles`,
      },
      lines: [],
      rolls: [],
      actions: [
        {
          id: "apply",
          key: "BALLCOURT.Action.Apply",
          data: {},
          label: "Apply",
          payload: {
            events: [{ type: "ball", ...ball, play }],
            path: body.squares,
            moves: [{ player: who.id, x: end.x, y: end.y }],
          },
        },
      ],
    },
  };
}

/**
 * The routes the court needs: the recorded kick, tick and interception; the autopilot's
 * suggest (`proposal`), its move check, the dribble it proposes, and the NPC reactions.
 */
function routes() {
  const at = (body, id) => body.players.find((p) => p.id === id);
  return {
    "/api/v1/yaotzin/dribble": (body) => ({ status: 200, body: dribbleAnswer(body) }),
    "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }),
    "/api/v1/yaotzin/tick": () => ({ status: 200, body: fixture("tick") }),
    "/api/v1/yaotzin/intercept": () => ({ status: 200, body: fixture("intercept") }),
    "/api/v1/yaotzin/suggest": (body) => {
      const me = at(body, body.mover);
      return {
        status: 200,
        body: {
          tactics: body.tactics ?? "press-ball",
          attacks: {},
          turn: { player: me.id, budget: "move", reason: "closes in", ...proposal(body, me) },
        },
      };
    },
    "/api/v1/yaotzin/move": (body) => ({
      status: 200,
      body: { mover: body.mover, cost_ft: 5 * (body.path.length - 1), end: body.path.at(-1) },
    }),
    "/api/v1/yaotzin/react": (body) => ({
      status: 200,
      body: {
        kind: body.kind,
        reactions: (body.chances ?? []).map((c) => ({
          player: c.player,
          team: "moon",
          tactics: "press-ball",
          tries: true,
          why: "odds",
          p_stop: 0.4,
          expected_damage: 0,
          try_flight: 0,
          reason: "tries",
        })),
      },
    }),
  };
}

/**
 * The companion behind a gate: `hold()` keeps every answer from now on (the companion slow),
 * `open()` lets them through again; `release(i)` sends the i-th held answer (modulo their
 * number), `drain()` all of them, oldest first. `requests` lists every request as it arrived.
 * `away()`: the companion's process is gone (closed, crashed): each connected socket hears
 * "disconnect" ("transport close"); a request whose answer was held had done its work, but
 * its answer never comes, and a call made meanwhile is never acknowledged: each rejects as
 * Socket.IO's ack timeout does (at once, where the link waits 8 s); a new socket fails to
 * connect. `back()`: it serves again, and the next socket connects.
 */
export function gatedCompanion(own = routes()) {
  const companion = fakeCompanion(own);
  const gate = {
    holding: false,
    held: [],
    requests: [],
    draining: false,
    away: false,
    closed: false,
  };
  const io = (...args) => {
    const socket = companion.io(...args);
    const on = socket.on;
    socket.on = (event, fn) =>
      on(
        event,
        event !== "connect"
          ? fn
          : () => {
              if (gate.closed) return; // the table is gone: a link still trying hears nothing
              if (gate.away) socket.handlers.get("connect_error")?.(new Error("websocket error"));
              else fn();
            },
      );
    const answer = socket.emitWithAck;
    socket.emitWithAck = (event, payload) => {
      if (socket.closed()) return answer(event, payload); // a closed page's request never leaves it
      if (gate.away) return Promise.reject(new Error("operation has timed out"));
      gate.requests.push(payload);
      const sent = { payload };
      gate.onRequest?.(sent);
      const reply = () =>
        answer(event, payload).then(
          (result) => {
            gate.onAnswer?.(sent, result);
            return result;
          },
          (err) => {
            gate.onAnswer?.(sent, null);
            throw err;
          },
        );
      if (!gate.holding || gate.draining) return reply();
      return new Promise((resolve, reject) =>
        gate.held.push({
          route: payload.route,
          go: () => reply().then(resolve, reject),
          fail: () => {
            // the companion had the request (its answer was held): the work may be done, the answer is lost
            answer(event, payload).catch(() => {});
            gate.onAnswer?.(sent, null);
            reject(new Error("operation has timed out"));
          },
        }),
      );
    };
    return socket;
  };
  return {
    ...companion,
    io,
    gate,
    hold: () => {
      gate.holding = true;
    },
    open: () => {
      gate.holding = false;
    },
    release(i) {
      if (!gate.held.length) return false;
      const [entry] = gate.held.splice(i % gate.held.length, 1);
      entry.go();
      return true;
    },
    drain() {
      const all = gate.held.splice(0);
      for (const entry of all) entry.go();
      return all.length;
    },
    away() {
      gate.away = true;
      for (const entry of gate.held.splice(0)) entry.fail();
      companion.push("disconnect", "transport close");
    },
    back() {
      gate.away = false;
    },
  };
}

/**
 * Every status turned on or off on the token's sheet, heard by the observer once the server
 * has made it (the writer's promise resolves at the server's answer, before any later write).
 */
function watchStatuses(token, observer) {
  const actor = token.actor;
  const toggle = actor.toggleStatusEffect.bind(actor);
  actor.toggleStatusEffect = async (id, options) => {
    const had = actor.statuses.has(id);
    const result = await toggle(id, options);
    if (had !== actor.statuses.has(id)) observer.statusSet(token, id, actor.statuses.has(id));
    return result;
  };
}

/** Open the table and its court; the encounter begun on Ixpoetchitl's turn. */
export async function openRandomTable({ seed = 1, autopilot = "act" } = {}) {
  const companion = gatedCompanion();
  const users = [
    new FakeUser({ id: "gm", name: "Tezca", isGM: true }),
    new FakeUser({ id: "maria", name: "Maria", isGM: true, role: 3 }),
    new FakeUser({ id: "alice", name: "Alice" }),
    new FakeUser({ id: "bob", name: "Bob" }),
  ];
  const table = await openOn(companion, {
    users,
    system: "pf1",
    seed,
    languages: { bob: "ru" },
    settings: {
      companionGM: "Tezca",
      yaotzinAutopilot: { moon: { mode: autopilot, tactics: "press-ball" } },
      yaotzinAutopilotPause: 0,
    },
  });
  const observer = new Observer(companion);
  const tokens = Object.fromEntries(
    Object.entries(PLAYERS).map(([id, p]) => [
      id,
      new WatchedToken({
        id,
        name: p.name,
        x: p.at[0] * 100,
        y: p.at[1] * 100,
        flags: { ballcourt: { team: p.team } },
        actor: pf1Actor(p.name, p.owners),
      }),
    ]),
  );
  const ball = new WatchedToken({
    id: "ball",
    name: "Ball",
    x: 1000,
    y: 1200,
    flags: { ballcourt: { isBall: true, ball: { speed: 0, direction: null } } },
  });
  const scene = new FakeScene({
    id: "court",
    tokens: [...Object.values(tokens), ball],
    padding: 0,
    flags: {
      ballcourt: {
        game: "yaotzin",
        mapping: { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 },
        field: { length: 72, width: 24 },
        matchId: "m1",
      },
    },
  });
  for (const token of [...Object.values(tokens), ball]) token.observer = observer;
  for (const token of Object.values(tokens)) watchStatuses(token, observer);
  globalThis.game.scenes.set(scene.id, scene);
  for (const id of USERS) table.view(id, scene);
  const encounter = new FakeCombat({
    id: "enc",
    combatants: [
      ["ix", 22],
      ["n1", 18],
      ["yo", 16],
      ["n2", 12],
    ].map(([id, initiative]) => ({
      id: `c-${id}`,
      name: tokens[id].name,
      tokenId: id,
      sceneId: scene.id,
      initiative,
    })),
  });
  globalThis.game.combats.set(encounter.id, encounter);
  observer.watch({ scene, encounter, ball });
  await asUser("gm", () => encounter.startCombat());
  await until(() => encounter.combatant?.id === "c-ix");
  await settle();
  for (const id of ["alice", "bob"]) clientOf(id).dialogs.unanswered = "open"; // a player answers his dialogs himself, or never
  observer.started = true;
  return { game: "yaotzin", table, companion, observer, scene, encounter, tokens, ball };
}
