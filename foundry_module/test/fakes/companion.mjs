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
  const sockets = [];
  const io = () => {
    const handlers = new Map();
    const socket = { handlers, on: (e, fn) => handlers.set(e, fn), removeAllListeners() {}, disconnect() {},
      timeout() { return socket; }, emitWithAck: async (_e, payload) => handle(payload) };
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
