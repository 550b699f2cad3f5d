/**
 * The random table's goat-ball arena, at the same table as the court (table.mjs): Tezca (the
 * active GM, the companion's), Maria (a co-GM, reading Russian here), Alice and Bob (players,
 * Bob reading Russian), each browser its own copy of the module. Red: Alice's r1 and the NPC
 * r2; blue: Bob's b1 and the NPC b2; each on a platform of his own, in two zones (west: r1, b1;
 * east: r2, b2), bloodball on (a knock-off deals damage; b1 has temporary hit points); red won
 * the tip-off, the NPC r2 carries the ball, hot from red's passes since (another tip-off may
 * be played). The NPCs' teams are on the autopilot (red "act", blue "suggest"); the encounter's
 * initiative is the declaration order.
 *
 * Each player's Athletics and Acrobatics differ; the dice show what the commands queue.
 *
 * Match g1 is kept by the fake companion as the real one keeps a match: a log of events, its
 * state their replay (possession with its heat, carrier, who is out, each player's zone); a
 * carrier named while no team waits for one, or who cannot carry for it, is refused (422) as
 * the real match refuses it; Undo takes events out, refused (undo_conflict) while a later
 * event stands; `/undo` takes the last one standing out, as the real route does. Its tip-off
 * judges checks in bands of five (so ties, and a "reroll", come often) and leaves the carrier
 * to be chosen when the best total is even; its pass refuses what the rules' checks refuse,
 * resolves the declared actions by their checks (GoatMatch#pass) and keeps each resolution, so
 * the pass's event, posted at Apply, replays to what its card said. Its quick resolution
 * compares the sums.
 */
import { suggestRoute } from "../fakes/companion.mjs";
import {
  FakeActor,
  FakeCombat,
  FakeRoll,
  FakeScene,
  FakeUser,
  asUser,
  clientOf,
  settle,
} from "../fakes/foundry.mjs";
import { fixture } from "../fakes/scenes.mjs";
import { openOn } from "../tables/table.mjs";
import { Observer } from "./observer.mjs";
import { USERS, WatchedToken, gatedCompanion } from "./table.mjs";

const PLATFORMS = [
  { id: "P1", x: 300, y: 300, radius: 100 },
  { id: "P2", x: 800, y: 300, radius: 100 },
  { id: "P3", x: 300, y: 1300, radius: 100 },
  { id: "P4", x: 800, y: 1300, radius: 100 },
];

/** Two zones, west (P1, P3) and east (P2, P4): each holds a player of each team. */
const ZONES = [
  { id: "Z1", x: 0, y: 0, w: 550, h: 2000 },
  { id: "Z2", x: 550, y: 0, w: 1450, h: 2000 },
];

/** The zone a platform stands in. */
function zoneOn(platform) {
  const p = PLATFORMS.find((q) => q.id === platform);
  return ZONES.find((z) => p.x >= z.x && p.x < z.x + z.w && p.y >= z.y && p.y < z.y + z.h).id;
}

/**
 * Each player: his team, his platform, who owns him, his temporary hit points, his Athletics and
 * Acrobatics. Each team's NPC first: the autopilot's stand-in (suggestRoute) has the first
 * rival knock the carrier off, so b2 tries it whenever red carries (and, strong, mostly wins).
 */
const PLAYERS = {
  r2: { team: "red", on: "P2", owners: [], temp: 0, ath: 2, acr: 5 },
  r1: { team: "red", on: "P1", owners: ["alice"], temp: 0, ath: 7, acr: 1 },
  b2: { team: "blue", on: "P4", owners: [], temp: 0, ath: 9, acr: 0 },
  b1: { team: "blue", on: "P3", owners: ["bob"], temp: 2, ath: 4, acr: 3 },
};

const teamOf = (id) => PLAYERS[id]?.team;
const other = (team) => (team === "red" ? "blue" : "red");
const error = (status, code, message, fields = {}) => ({
  status,
  body: { error: { code, message, fields } },
});

/** The match the companion keeps: its events, and their replay. */
export class GoatMatch {
  /**
   * The match as the table finds it: red won the tip-off before the table sat down, the NPC r2
   * carries the ball, hot from red's passes since (so the autopilot's first slip is a hot throw).
   */
  constructor() {
    const hot = { visited: ["P1", "P2"], hot: true };
    this.events = [
      { id: 1, body: { type: "possession", team: "red", carrier: "r2", ...hot }, live: true },
    ];
    this.passes = new Map(); // the pass's declared actions (as the event carries them) -> its resolution
    this.lastId = 1;
  }

  live() {
    return this.events.filter((e) => e.live);
  }

  /** Possession and who is out, replaying the live events; `unknown`: pass events no card resolved. */
  state() {
    const state = {
      possession: { team: null, carrier: null, visited: [], hot: false },
      out: new Set(),
      zones: Object.fromEntries(Object.entries(PLAYERS).map(([id, p]) => [id, zoneOn(p.on)])),
      unknown: 0,
    };
    for (const { body } of this.live()) {
      if (body.type === "possession")
        state.possession = {
          team: body.team,
          carrier: body.carrier ?? null,
          visited: body.visited ?? [],
          hot: body.hot ?? false,
        };
      else if (body.type === "carrier")
        state.possession = { ...state.possession, carrier: body.player };
      else if (body.type === "pass") {
        const resolved = this.passes.get(passKey(body));
        if (!resolved) state.unknown += 1;
        else {
          for (const id of resolved.returned) state.out.delete(id);
          for (const id of resolved.out) state.out.add(id);
          for (const [id, zone] of Object.entries(resolved.zones)) state.zones[id] = zone;
          state.possession = { ...resolved.possession };
        }
      }
    }
    return state;
  }

  body() {
    const state = this.state();
    return {
      id: "g1",
      seq: this.live().length,
      teams: ["red", "blue"].map((team) => ({
        id: team,
        players: Object.entries(PLAYERS)
          .filter(([, p]) => p.team === team)
          .map(([id, p]) => ({
            id,
            platform: p.on,
            zone: state.zones[id],
            out: state.out.has(id),
            dead: false,
          })),
      })),
      possession: state.possession,
    };
  }

  routes() {
    return {
      "GET /api/v1/matches/g1": () => ({ status: 200, body: this.body() }),
      "POST /api/v1/matches/g1/events": (body) => {
        const refused = body.type === "carrier" && this.carrierRefusal(body.player);
        if (refused) return error(422, "illegal", refused, { player: refused });
        this.lastId += 1;
        this.events.push({ id: this.lastId, body, live: true });
        return { status: 201, body: { ...this.body(), applied: this.lastId } };
      },
      "GET /api/v1/matches/g1/events": () => ({
        status: 200,
        body: {
          next: null,
          events: this.events.map((e) => ({ ...e.body, seq: e.id, undone: !e.live })),
        },
      }),
      // an Apply whose scene writes failed takes its events back so (cards/match-events.mjs): the last one standing
      "POST /api/v1/matches/g1/undo": () => {
        const last = this.live().at(-1);
        if (!last) return error(409, "nothing_to_undo", "there is nothing to undo");
        last.live = false;
        return { status: 200, body: this.body() };
      },
      "POST /api/v1/matches/g1/events/undo": ({ seqs = [] }) => {
        const taken = this.live().filter((e) => seqs.includes(e.id));
        const first = Math.min(...taken.map((e) => e.id));
        const later = this.live().find((e) => e.id > first && !seqs.includes(e.id));
        if (later)
          return error(409, "undo_conflict", `a later event (${later.body.type}) stands on it`, {
            later: [later.id],
          });
        for (const e of taken) e.live = false;
        return { status: 200, body: this.body() };
      },
      "/api/v1/goatball/tipoff": (body) => ({ status: 200, body: tipoff(body) }),
      "/api/v1/goatball/pass": (body) => this.pass(body),
      "/api/v1/goatball/suggest": suggestRoute(),
      "/api/v1/goatball/quick": (body) => ({ status: 200, body: quick(body) }),
    };
  }

  /** Why a carrier may not be named now, as the real match refuses it: no team waits to name one, or he cannot carry for it. */
  carrierRefusal(player) {
    const { possession, out } = this.state();
    if (!possession.team || possession.carrier) return "no team is waiting to name a carrier";
    if (teamOf(player) !== possession.team || out.has(player))
      return `${player} cannot carry for ${possession.team}`;
    return null;
  }

  /**
   * A pass resolved by its checks, as the rules order it: knock-offs that beat their defence;
   * the throw against the best interception (a pass adds its target's platform to the heat, the
   * ball hot from HOT_PLATFORMS on; a hot throw at an opponent, refused (422) before then, knocks
   * him off when the carrier's Acrobatics beats his, the ball resting on his platform and the
   * throwing team naming a carrier, or gives the ball away when his is better); then the moves
   * into a zone, stopped by an opponent's block there that beats them. A change of possession
   * brings back everyone who was out before the pass.
   */
  pass(body) {
    const players = body.teams.flatMap((t) => t.players.map((p) => ({ ...p, team: t.id })));
    const outBefore = players.filter((p) => p.out && !p.dead).map((p) => p.id);
    const standing = new Set(players.filter((p) => !p.out && !p.dead).map((p) => p.id));
    const zoneOf = new Map(players.map((p) => [p.id, p.zone ?? null]));
    const { carrier, team } = body.possession;
    const thrown = body.actions.find((a) => a.player === carrier && a.action === "throw");
    const target = body.throw?.target;
    const refused = refusal(body, players);
    if (refused) return error(422, "illegal", refused, {});
    const best = (faces, modifier = 0) => Math.max(...faces) + modifier; // the fake is kind to a defender
    const out = [];
    const up = (id) => standing.has(id) && !out.includes(id);
    for (const a of body.actions) {
      const defense =
        a.defense ?? (a.defense_faces ? best(a.defense_faces, a.defense_modifier) : 0);
      if (a.action === "knock_off" && up(a.target) && up(a.player) && (a.check ?? 0) >= defense)
        out.push(a.target);
    }
    let possession = { ...body.possession, visited: [...(body.possession.visited ?? [])] };
    let ballOn = null;
    const [interceptor] = body.actions
      .filter((a) => a.action === "intercept" && teamOf(a.player) !== team && up(a.player))
      .sort((a, b) => (b.check ?? 0) - (a.check ?? 0));
    const turnover = (to, holder = null) => ({
      team: to,
      carrier: holder,
      visited: [],
      hot: false,
    });
    if (out.includes(carrier)) possession = turnover(other(team));
    else if (thrown && interceptor && (interceptor.check ?? 0) > (thrown.check ?? 0))
      possession = turnover(teamOf(interceptor.player), interceptor.player);
    else if (thrown && body.throw?.kind === "hot" && up(target)) {
      const dodge =
        body.throw.target_check ?? best(body.throw.target_faces ?? [0], body.throw.target_modifier);
      if ((body.throw.carrier_check ?? 0) > dodge) {
        out.push(target);
        ballOn = PLAYERS[target].on;
        possession = { ...possession, carrier: null };
      } else if (dodge > (body.throw.carrier_check ?? 0)) possession = turnover(teamOf(target));
    } else if (thrown && up(target) && teamOf(target) === team) {
      if (!possession.visited.includes(PLAYERS[target].on))
        possession.visited.push(PLAYERS[target].on);
      possession = {
        ...possession,
        carrier: target,
        hot: possession.hot || possession.visited.length >= HOT_PLATFORMS,
      };
    }
    const zones = {};
    for (const a of body.actions.filter((m) => m.action === "move" && m.zone && up(m.player))) {
      const blocked = body.actions.some(
        (b) =>
          b.action === "block" &&
          up(b.player) &&
          teamOf(b.player) !== teamOf(a.player) &&
          zoneOf.get(b.player) === a.zone &&
          (b.check ?? 0) >= (a.check ?? 0),
      );
      if (!blocked) zones[a.player] = a.zone;
    }
    const returned = possession.team !== team ? outBefore : [];
    const resolution = { out, returned, possession, zones, ballOn };
    this.passes.set(passKey({ actions: body.actions, throw: body.throw }), resolution);
    const choose = possession.carrier
      ? []
      : players
          .map((p) => p.id)
          .filter(
            (id) =>
              teamOf(id) === possession.team &&
              !out.includes(id) &&
              (standing.has(id) || returned.includes(id)),
          );
    return { status: 200, body: passAnswer(resolution, choose) };
  }
}

/**
 * Why the companion refuses a pass's declarations (its rules' checks, as the real route makes
 * them, 422): a knock-off or a Defend with no target, at himself, at a player out, a knock-off at
 * a teammate or a Defend of an opponent, either out of the actor's zone; a throw or an intercept
 * on the wrong side; a move without a zone, or to a zone not next door; the carrier's throw
 * with no target, a pass to anyone but a standing teammate, a hot throw before the ball is hot
 * or at a teammate. Null when it takes them.
 */
function refusal(body, players) {
  const by = new Map(players.map((p) => [p.id, p]));
  const up = (id) => by.has(id) && !by.get(id).out && !by.get(id).dead;
  const { team, carrier, hot } = body.possession;
  const zones = body.settings?.zones;
  for (const a of body.actions) {
    const me = by.get(a.player);
    if (a.action === "knock_off" || a.action === "defend") {
      const t = by.get(a.target);
      if (!a.target) return `a ${a.action} needs a target`;
      if (a.target === a.player) return `${a.player} cannot target himself`;
      if (!up(a.target)) return `${a.target} is already out`;
      if (a.action === "knock_off" && t.team === me.team) return "cannot knock off a teammate";
      if (a.action === "defend" && t.team !== me.team) return "defends a teammate only";
      if (zones && t.zone !== me.zone) return `must be in ${a.target}'s zone`;
    }
    if (a.action === "throw" && me.team !== team) return `${a.player} cannot take part in a throw`;
    if (a.action === "intercept" && me.team === team)
      return `${a.player} cannot intercept his own team's throw`;
    if (
      a.action === "move" &&
      (!a.zone || a.zone === me.zone || !ZONES.some((z) => z.id === a.zone))
    )
      return `${a.zone} is not next to ${a.player}'s zone`;
  }
  const throws = body.actions.some((a) => a.player === carrier && a.action === "throw");
  if (throws && !body.throw) return "the carrier declares a throw: say to whom";
  if (!body.throw) return null;
  const target = by.get(body.throw.target);
  if (!up(body.throw.target)) return `${body.throw.target} is out`;
  if (body.throw.kind === "pass" && (target.team !== team || target.id === carrier))
    return "a pass goes to a teammate";
  if (body.throw.kind === "hot" && !hot) return "the ball is not hot yet";
  if (body.throw.kind === "hot" && target.team === team)
    return "a hot throw is aimed at an opponent";
  return null;
}

/** The fake's heat: two platforms visited make the ball hot (two a side cannot reach the rules' four). */
const HOT_PLATFORMS = 2;

/** A pass event's identity: the actions and throw it carries (its card's, as the companion resolved them). */
const passKey = ({ actions, throw: thrown }) => JSON.stringify({ actions, throw: thrown ?? null });

const line = (key, data = {}) => ({ key, tone: "info", data });

function passAnswer({ out, returned, possession, ballOn }, choose) {
  const damage = out.map((player) => ({ player, total: 3, dice: "1d6", type: "bludgeoning" })); // bloodball: the fall hurts
  const actions = [
    {
      id: "apply",
      key: "BALLCOURT.Action.Apply",
      data: {},
      payload: {
        out,
        returned,
        dead: [],
        possession,
        damage,
        ball_on: ballOn,
        platforms: Object.fromEntries([...out, ...returned].map((id) => [id, PLAYERS[id].on])),
      },
    },
    ...choose.map((player) => ({
      id: `carrier:${player}`,
      key: "BALLCOURT.Action.Carrier",
      data: { player },
      payload: { player },
    })),
  ];
  return {
    possession,
    out,
    returned,
    overlay: {
      kind: "arena",
      team: possession.team,
      carrier: possession.carrier,
      visited: possession.visited,
      hot: possession.hot,
      out,
    },
    chat_card: {
      kind: "goatball.pass",
      title: { key: "BALLCOURT.Card.Pass.Title", data: { team: possession.team ?? "" } },
      lines: [],
      rolls: [],
      actions,
    },
  };
}

/** The tip-off: the best check (in bands of five) takes the ball for his team; a tie at the top rolls again among the tied. */
function tipoff({ checks }) {
  const band = (id) => Math.floor((checks[id]?.check ?? 0) / 5);
  const ids = Object.keys(checks);
  const best = Math.max(...ids.map(band));
  const top = ids.filter((id) => band(id) === best);
  const tied = new Set(top.map(teamOf)).size > 1;
  const title = { key: "BALLCOURT.Card.Tipoff.Title", data: {} };
  if (tied) {
    return {
      reroll: top,
      chat_card: {
        kind: "goatball.tipoff",
        title,
        lines: [],
        rolls: [],
        actions: [
          { id: "reroll", key: "BALLCOURT.Action.Reroll", data: {}, payload: { players: top } },
        ],
      },
    };
  }
  const team = teamOf(top[0]);
  const carrier = checks[top[0]].check % 2 ? top[0] : null;
  const choose = carrier
    ? []
    : Object.keys(PLAYERS).filter((id) => teamOf(id) === team && ids.includes(id));
  return {
    reroll: null,
    possession: { team, carrier },
    chat_card: {
      kind: "goatball.tipoff",
      title,
      lines: [line("BALLCOURT.Card.Tipoff.Takes", { team })],
      rolls: [],
      actions: [
        {
          id: "apply",
          key: "BALLCOURT.Action.Apply",
          data: {},
          payload: { possession: { team, carrier, visited: [], hot: false } },
        },
        ...choose.map((player) => ({
          id: `carrier:${player}`,
          key: "BALLCOURT.Action.Carrier",
          data: { player },
          payload: { player },
        })),
      ],
    },
  };
}

/** The quick resolution: the better sum of checks wins (a card with no buttons, as the real one's). */
function quick({ teams }) {
  const sums = Object.fromEntries(teams.map((t) => [t.id, t.checks.reduce((a, b) => a + b, 0)]));
  const top = Math.max(...Object.values(sums));
  const best = Object.keys(sums).filter((id) => sums[id] === top);
  const winner = best.length > 1 ? "draw" : best[0];
  return {
    winner,
    sums,
    chat_card: {
      kind: "goatball.quick",
      title: { key: "BALLCOURT.Card.Quick.Title", data: {} },
      lines: Object.entries(sums).map(([team, sum]) =>
        line("BALLCOURT.Card.Quick.Sum", { team, sum }),
      ),
      rolls: [],
      actions: [],
    },
  };
}

/**
 * Each player's time to declare (the world setting): short, so a declaration asked of a page
 * that reloads (its query never answered) times out to no action within the table's 10 s of
 * settling, where a real table waits the 120 s default, the Declarations view showing whom.
 */
const DECLARATION_SECONDS = 4;

/** Open the table and its arena; the encounter begun (its round is the autopilot's round). */
export async function openArenaTable({ seed = 1 } = {}) {
  FakeRoll.queue.length = 0; // no faces left over from another table
  const match = new GoatMatch();
  const companion = gatedCompanion(match.routes());
  const users = [
    new FakeUser({ id: "gm", name: "Tezca", isGM: true }),
    new FakeUser({ id: "maria", name: "Maria", isGM: true, role: 3 }),
    new FakeUser({ id: "alice", name: "Alice" }),
    new FakeUser({ id: "bob", name: "Bob" }),
  ];
  const table = await openOn(companion, {
    users,
    system: "dnd5e",
    seed,
    languages: { bob: "ru", maria: "ru" }, // a Russian co-GM: the GMs' notices are checked too
    settings: {
      companionGM: "Tezca",
      autopilot: { red: { mode: "act" }, blue: { mode: "suggest" } },
      declarationTimeout: DECLARATION_SECONDS,
      goatBloodball: true,
    },
  });
  const observer = new Observer(companion);
  observer.game = "goatball";
  observer.npcs = Object.keys(PLAYERS).filter((id) => !PLAYERS[id].owners.length);
  const corner = (platform) => PLATFORMS.find((p) => p.id === platform);
  const tokens = Object.fromEntries(
    Object.entries(PLAYERS).map(([id, p]) => {
      const sheet = fixture("actors/dnd5e");
      sheet.system.attributes.hp.temp = p.temp;
      sheet.system.skills = {
        ath: { total: p.ath, mod: p.ath },
        acr: { total: p.acr, mod: p.acr },
      };
      return [
        id,
        new WatchedToken({
          id,
          name: `${id}-name`,
          x: corner(p.on).x - 50,
          y: corner(p.on).y - 50,
          flags: { ballcourt: { team: p.team } },
          actor: new FakeActor({ ...sheet, name: id, owners: p.owners }),
        }),
      ];
    }),
  );
  const ball = new WatchedToken({
    id: "ball",
    name: "Ball",
    x: tokens.r2.x,
    y: tokens.r2.y,
    flags: { ballcourt: { isBall: true } },
  });
  const scene = new FakeScene({
    id: "arena",
    width: 2000,
    height: 2000,
    tokens: [...Object.values(tokens), ball],
    flags: {
      ballcourt: { game: "goatball", matchId: "g1", arena: { platforms: PLATFORMS, zones: ZONES } },
    },
  });
  scene.height = 2000;
  for (const token of [...Object.values(tokens), ball]) token.observer = observer;
  globalThis.game.scenes.set(scene.id, scene);
  for (const id of USERS) table.view(id, scene);
  const encounter = new FakeCombat({
    id: "enc",
    combatants: [
      ["b1", 3],
      ["r1", 5],
      ["b2", 7],
      ["r2", 9],
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
  await settle();
  for (const id of USERS) clientOf(id).dialogs.unanswered = "open"; // each answers his dialogs himself, or never
  observer.started = true;
  return { game: "goatball", match, table, companion, observer, scene, encounter, tokens, ball };
}
