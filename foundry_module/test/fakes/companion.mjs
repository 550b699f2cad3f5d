import { currentClient } from "./clients.mjs";

/**
 * A fake companion behind a fake Socket.IO, its match "m1" logged as the real one's
 * (companion/server/matches.py): every record has the next log number, an event (its answer's
 * `applied`) or an undo record (`undoes`); the match's `seq` counts the events in force. Plain
 * undo cancels the last event in force (409 nothing_to_undo when none); undo of given events
 * cancels each (422 for a number that is no event, 409 for one already undone), one undo record
 * each, the newest first. It judges no rules: that a later event was built on one undone (409
 * undo_conflict) is a test's own route. The log's page holds every record after `after`.
 * `match.log` keeps the events' bodies in the order posted, `match.undone` the numbers undone.
 * `routes` answer a route (`"/api/v1/x"`) or one method of it (`"GET /api/v1/x"`) first;
 * with `defaults: false` every other route is a 404. A page that has closed (a reload) sends
 * nothing more on its socket, and hears nothing back.
 */
export function fakeCompanion(routes = {}, { defaults = true } = {}) {
  const match = { id: "m1", seq: 0, log: [], undone: [], records: [] };
  const calls = [];
  const state = () => ({ status: 200, body: { id: "m1", seq: match.seq } });
  const fail = (status, code, message, fields = {}) => ({
    status,
    body: { error: { code, message, fields } },
  });
  const inForce = (record) => record?.event && !match.undone.includes(record.seq);
  /** One undo record for each of `seqs`, the newest first; the match's state after them. */
  const cancel = (seqs) => {
    for (const seq of [...new Set(seqs)].sort((a, b) => b - a))
      match.records.push({ seq: match.records.length + 1, undoes: seq });
    match.undone.push(...seqs);
    match.seq -= new Set(seqs).size;
    return state();
  };
  const handle = ({ method, route, body }) => {
    calls.push({ method, route, body });
    const [path, query = ""] = route.split("?"); // a query (a page of the log) reaches the route the path names
    const own = routes[`${method} ${path}`] ?? routes[path];
    if (own) return own(body);
    if (!defaults)
      return { status: 404, body: { error: { code: "not_found", message: `no route ${route}` } } };
    if (route === "/api/v1/matches/m1/events" && method === "POST") {
      match.records.push({ seq: match.records.length + 1, event: body });
      match.log.push(body);
      match.seq += 1;
      return { status: 201, body: { id: "m1", seq: match.seq, applied: match.records.length } };
    }
    if (route === "/api/v1/matches/m1/events/undo" && method === "POST") {
      const seqs = body?.seqs ?? [];
      const unknown = seqs.findIndex((seq) => !match.records[seq - 1]?.event);
      if (unknown >= 0)
        return fail(422, "validation", `seqs.${unknown}: no event ${seqs[unknown]} on this match`, {
          [`seqs.${unknown}`]: [`no event ${seqs[unknown]} on this match`],
        });
      const gone = seqs.find((seq) => !inForce(match.records[seq - 1]));
      if (gone !== undefined)
        return fail(409, "nothing_to_undo", `event ${gone} is already undone`);
      return cancel(seqs);
    }
    if (path === "/api/v1/matches/m1/events" && method === "GET") {
      const after = Number(new URLSearchParams(query).get("after") ?? 0);
      const events = match.records
        .filter((r) => r.seq > after)
        .map((r) =>
          r.event
            ? { ...r.event, seq: r.seq, undone: match.undone.includes(r.seq) }
            : { seq: r.seq, type: "undo", undoes: r.undoes, undone: false },
        );
      return { status: 200, body: { events, next: null } };
    }
    if (route === "/api/v1/matches/m1/undo" && method === "POST") {
      const last = match.records.findLast(inForce);
      if (!last) return fail(409, "nothing_to_undo", "there is nothing to undo");
      return cancel([last.seq]);
    }
    if (route === "/api/v1/matches/m1") return state();
    return { status: 404, body: { error: { code: "not_found", message: `no ${route}` } } };
  };
  const sockets = [];
  const io = () => {
    const handlers = new Map();
    const page = currentClient(); // the browser page that opened it
    const socket = {
      handlers,
      on: (e, fn) => handlers.set(e, fn),
      removeAllListeners() {},
      disconnect() {},
      timeout() {
        return socket;
      },
      /** Whether the page that opened it has closed: a closed page sends nothing and hears nothing back. */
      closed: () => Boolean(page?.dead),
      emitWithAck: async (_e, payload) =>
        socket.closed() ? new Promise(() => {}) : handle(payload),
    };
    sockets.push(socket);
    queueMicrotask(() => handlers.get("connect")());
    return socket;
  };
  /** The companion pushes a Socket.IO event to the browsers connected to it. */
  const push = (event, data) => sockets.forEach((s) => s.handlers.get(event)?.(data));
  return { io, match, calls, push };
}

/** Start the module's link on a fake companion and let it connect. */
export async function connectTo(link, companion) {
  link.startLink({ ioFactory: companion.io, pageUrl: "http://localhost:30000/game" });
  await new Promise((r) => setImmediate(r));
}

/**
 * A stand-in for the companion's `POST /api/v1/goatball/suggest` (route handler for
 * fakeCompanion): one declaration for each player asked, legal as `/goatball/pass` takes it,
 * with a one-line reason. The carrier passes to his first standing teammate (a hot throw at
 * the first standing opponent once the ball is hot); his teammates who can reach him (his
 * zone, with zones on: a Defend, like a knock-off, is made in the target's zone) defend him;
 * the first opponent who can reach him knocks him off, the others intercept.
 * A player without his Athletics and Acrobatics bonuses is refused (422), as the contract
 * requires them. It reads nothing but the body: no declaration, no sealed slip.
 */
export function suggestRoute() {
  return (body) => {
    const players = body.teams.flatMap((t) => t.players.map((p) => ({ ...p, team: t.id })));
    const unskilled = players.find(
      (p) => !Number.isInteger(p.athletics) || !Number.isInteger(p.acrobatics),
    );
    if (unskilled)
      return {
        status: 422,
        body: { error: { code: "invalid", message: `${unskilled.id} has no skills` } },
      };
    const standing = players.filter((p) => !p.out && !p.dead);
    const carrier = standing.find((p) => p.id === body.possession.carrier);
    const mates = standing.filter((p) => p.team === carrier.team && p !== carrier);
    const rivals = standing.filter((p) => p.team !== carrier.team);
    const reach = (p) => !body.settings?.zones || p.zone === carrier.zone;
    const knocker = rivals.find(reach);
    const better = (p) => (p.athletics >= p.acrobatics ? "athletics" : "acrobatics");
    const suggest = (p) => {
      if (p === carrier) {
        const to = body.possession.hot ? rivals[0] : mates[0];
        return to
          ? {
              action: "throw",
              target: to.id,
              skill: better(p),
              reason: `throws to ${to.id}: first in line`,
            }
          : { action: "none", skill: null, reason: "nobody to throw to" };
      }
      if (p.team === carrier.team)
        return reach(p)
          ? { action: "defend", target: carrier.id, skill: null, reason: "guards the carrier" }
          : { action: "none", skill: null, reason: "too far to guard the carrier" };
      if (p === knocker)
        return {
          action: "knock_off",
          target: carrier.id,
          skill: "athletics",
          reason: `knocks off ${carrier.id}: in reach`,
        };
      return { action: "intercept", skill: better(p), reason: "covers the throw" };
    };
    const asked = body.players ?? standing.map((p) => p.id);
    const declarations = standing
      .filter((p) => asked.includes(p.id))
      .map((p) => ({ player: p.id, ...suggest(p) }));
    return { status: 200, body: { declarations } };
  };
}

/**
 * The contest route's answer to `body`, shaped as the companion's (present/yaotzin.py): a
 * preview says only whether it provokes; a contest, its outcome and a card with Apply and one
 * button for each contest it offers back (`backs`: {id, key, label, contest}, each sent as a
 * reaction), the first of them its `reaction`.
 */
export function contestAnswer(
  body,
  { provokes, success, targetAoo = null, backs = [], lines = [] },
) {
  const { kind, actor, target } = body;
  if (body.preview) return { status: 200, body: { kind, actor, target, provokes, preview: true } };
  const apply = { events: [], moves: [], prone: null };
  return {
    status: 200,
    body: {
      kind,
      actor,
      target,
      success,
      provokes,
      target_aoo: targetAoo,
      reaction: backs[0]?.contest ?? null,
      reactions: backs.map((b) => b.contest),
      ball: null,
      rolls: [],
      overlay: null,
      chat_card: {
        kind: "yaotzin.contest",
        title: { key: "BALLCOURT.Card.Tick.Still", data: {} },
        lines,
        rolls: [],
        actions: [
          { id: "apply", key: "BALLCOURT.Action.Apply", data: {}, label: "Apply", payload: apply },
          ...backs.map((b) => ({
            id: b.id,
            key: b.key,
            data: {},
            label: b.label,
            payload: { ...b.contest, reaction: true },
          })),
        ],
      },
    },
  };
}

/** A companion whose contest answers like the real one's shape: a failed trip offers the trip back. */
export function contestCompanion({ provokes = false, success = false, routes = {} } = {}) {
  return fakeCompanion({
    ...routes,
    "/api/v1/yaotzin/contest": (body) =>
      contestAnswer(body, {
        provokes: provokes && !body.reaction,
        success,
        targetAoo: body.target_aoo
          ? { kind: body.target_aoo.kind, success: false, foiled: false }
          : null,
        backs:
          body.reaction || success
            ? []
            : [
                {
                  id: "trip_back",
                  key: "BALLCOURT.Action.TripBack",
                  label: "Trip back",
                  contest: { kind: "trip", actor: body.target, target: body.actor },
                },
              ],
      }),
  });
}

// --- the tune route's stand-in, a separate function -------------------------------------------
/**
 * A stand-in for the companion's `POST /api/v1/goatball/tune` (route handler for
 * fakeCompanion), shaped as the simulator answers: one `results` row per zone count (0, 2, 3,
 * 4) with `finish_within_budget` and `upset_rate` and their 95% intervals in `ci95` ([lo, hi]),
 * `zones` the recommended count (about three players a zone) or null with `noDifference`, and
 * `best`. The upset rate is null when the teams' summed skills are equal (no weaker team). A
 * roster the contract refuses (fewer than two teams, a bonus that is not a whole number from
 * -5 to +20) gets 422.
 */
export function tuneRoute({ noDifference = false, oneSided = false } = {}) {
  return (body) => {
    const teams = body?.teams ?? [];
    const players = teams.flatMap((t) => t.players ?? []);
    const bad = players.find((p) =>
      ["athletics", "acrobatics"].some((k) => !Number.isInteger(p[k]) || p[k] < -5 || p[k] > 20),
    );
    if (teams.length < 2 || bad)
      return {
        status: 422,
        body: {
          error: {
            code: "invalid",
            message: bad ? `${bad.id}: a bonus from -5 to +20` : "two teams or more",
          },
        },
      };
    const budget = body.budget ?? 40;
    const sums = teams.map((t) => t.players.reduce((s, p) => s + p.athletics + p.acrobatics, 0));
    const even = sums.every((s) => s === sums[0]);
    const pick = Math.min(4, Math.max(2, Math.round(players.length / 3)));
    const results = [0, 2, 3, 4].map((zones) => {
      const finish = 0.75 - 0.1 * Math.abs(zones - pick); // the recommended count ends most often
      return {
        zones,
        players_per_zone: zones ? players.length / zones : null,
        finish_within_budget: finish,
        upset_rate: even ? null : 0.2,
        ci95: {
          finish_within_budget: [finish - 0.07, finish + 0.07],
          upset_rate: even ? [null, null] : [0.14, 0.27],
        },
      };
    });
    const best = results.reduce((a, r) =>
      r.finish_within_budget > a.finish_within_budget ? r : a,
    ).zones;
    const top = results.find((r) => r.zones === best).finish_within_budget;
    const zones = noDifference ? null : best;
    // the fourth version's fields (docs/api.md): the set within the margin, each count's gap below
    // the best, the table minutes at 4 a pass, and each team's share of the matches with a winner
    const plausible = noDifference
      ? results.filter((r) => r.finish_within_budget >= top - 0.1).map((r) => r.zones)
      : [best];
    const differences = Object.fromEntries(
      results.map((r) => {
        const below = Math.round((top - r.finish_within_budget) * 100) / 100;
        return [
          String(r.zones),
          {
            below_best: below,
            half_width: 0.07,
            interval: [Math.max(0, below - 0.07), below + 0.07],
          },
        ];
      }),
    );
    const minutes = Object.fromEntries(
      results.map((r) => [String(r.zones), 4 * (20 + 5 * Math.abs(r.zones - pick))]),
    );
    const share = (i) => (oneSided ? (i === 0 ? 1 : 0) : 1 / teams.length);
    const win = Object.fromEntries(
      teams.map((t, i) => [
        t.id,
        Object.fromEntries(results.map((r) => [String(r.zones), share(i)])),
      ]),
    );
    return {
      status: 200,
      body: {
        zones,
        best,
        budget,
        tactics: body.tactics ?? "single-chaser",
        finish_within_budget: top,
        results,
        plausible,
        differences,
        minutes,
        minutes_per_pass: 4,
        balance: {
          win,
          one_sided: oneSided,
          favourite: oneSided ? teams[0].id : null,
          threshold: 0.75,
        },
        method:
          "Hsu's multiple comparisons with the best; Lan-DeMets O'Brien-Fleming-type alpha spending",
      },
    };
  };
}
