/**
 * The link's connection: failures diagnosed with what to do, back-off, retries, a wrong
 * token.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { CompanionLink, STATUS, backoff, diagnose } from "../../scripts/core/connection.mjs";

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
