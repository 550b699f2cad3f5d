/**
 * A fake companion behind a fake Socket.IO: a match whose events count up (each answer names
 * its log number, `applied`), undo of the last event, and undo of given events (`undone`).
 */
export function fakeCompanion(routes = {}) {
  const match = { id: "m1", seq: 0, log: [], undone: [] };
  const calls = [];
  const handle = ({ method, route, body }) => {
    calls.push({ method, route, body });
    if (routes[route]) return routes[route](body);
    if (route === "/api/v1/matches/m1/events" && method === "POST") {
      match.seq += 1;
      match.log.push(body);
      return { status: 201, body: { id: "m1", seq: match.seq, applied: match.log.length } };
    }
    if (route === "/api/v1/matches/m1/events/undo" && method === "POST") {
      match.seq -= body.seqs.length;
      match.undone.push(...body.seqs);
      return { status: 200, body: { id: "m1", seq: match.seq } };
    }
    if (route === "/api/v1/matches/m1/undo") {
      match.seq -= 1;
      return { status: 200, body: { id: "m1", seq: match.seq } };
    }
    if (route === "/api/v1/matches/m1") return { status: 200, body: { id: "m1", seq: match.seq } };
    return { status: 404, body: { error: { code: "not_found", message: `no ${route}` } } };
  };
  const io = () => {
    const handlers = new Map();
    const socket = { on: (e, fn) => handlers.set(e, fn), removeAllListeners() {}, disconnect() {},
      timeout() { return socket; }, emitWithAck: async (_e, payload) => handle(payload) };
    queueMicrotask(() => handlers.get("connect")());
    return socket;
  };
  return { io, match, calls };
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
 * the first standing opponent once the ball is hot); his teammates defend him; the first
 * opponent who can reach him (his zone, with zones on) knocks him off, the others intercept.
 * A player without his Athletics and Acrobatics bonuses is refused (422), as the contract
 * requires them. It reads nothing but the body: no declaration, no sealed slip.
 */
export function suggestRoute() {
  return (body) => {
    const players = body.teams.flatMap((t) => t.players.map((p) => ({ ...p, team: t.id })));
    const unskilled = players.find((p) => !Number.isInteger(p.athletics) || !Number.isInteger(p.acrobatics));
    if (unskilled) return { status: 422, body: { error: { code: "invalid", message: `${unskilled.id} has no skills` } } };
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
        return to ? { action: "throw", target: to.id, skill: better(p), reason: `throws to ${to.id}: first in line` }
          : { action: "none", skill: null, reason: "nobody to throw to" };
      }
      if (p.team === carrier.team) return { action: "defend", target: carrier.id, skill: null, reason: "guards the carrier" };
      if (p === knocker) return { action: "knock_off", target: carrier.id, skill: "athletics", reason: `knocks off ${carrier.id}: in reach` };
      return { action: "intercept", skill: better(p), reason: "covers the throw" };
    };
    const asked = body.players ?? standing.map((p) => p.id);
    const declarations = standing.filter((p) => asked.includes(p.id)).map((p) => ({ player: p.id, ...suggest(p) }));
    return { status: 200, body: { declarations } };
  };
}
