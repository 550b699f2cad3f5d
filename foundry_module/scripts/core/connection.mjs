/**
 * The GM's link to the companion over Socket.IO (Foundry's global `io`, injected here), with
 * a status a GM can read, retries with back-off, and a diagnosis of the usual failures.
 */
import { BallcourtError } from "./errors.mjs";

export const STATUS = Object.freeze({
  IDLE: "idle",
  CONNECTING: "connecting",
  CONNECTED: "connected",
  WRONG_TOKEN: "wrong-token",
  ORIGIN: "origin",
  BLOCKED: "blocked",
  UNREACHABLE: "unreachable",
});

export function backoff(attempt, base = 500, cap = 30000) {
  return Math.min(cap, base * 2 ** Math.max(0, attempt));
}

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])$/i;

/**
 * Why a connection failed, and what the GM should do about it.
 * @param error     the connect_error's message
 * @param pageUrl   where Foundry is served (window.location.href)
 * @param companion the companion URL from the settings
 */
export function diagnose(error, pageUrl, companion) {
  const page = new URL(pageUrl);
  const target = new URL(companion);
  const command = `ballcourt serve --allow-origin ${page.origin}`;
  const message = String(error ?? "").toLowerCase();
  if (message.includes("unauthorized") || message.includes("token")) {
    return {
      status: STATUS.WRONG_TOKEN,
      key: "BALLCOURT.Connection.WrongToken",
      command: "ballcourt token",
    };
  }
  const pageLocal = LOOPBACK.test(page.hostname);
  const targetLocal = LOOPBACK.test(target.hostname);
  if (!pageLocal && targetLocal && page.protocol === "http:") {
    return { status: STATUS.BLOCKED, key: "BALLCOURT.Connection.PublicHttp", command };
  }
  if (!targetLocal && page.protocol === "https:" && target.protocol === "http:") {
    return { status: STATUS.BLOCKED, key: "BALLCOURT.Connection.MixedContent", command };
  }
  if (
    message.includes("cors") ||
    message.includes("origin") ||
    message.includes("xhr poll error") ||
    message.includes("403")
  ) {
    return { status: STATUS.ORIGIN, key: "BALLCOURT.Connection.Origin", command };
  }
  if (!pageLocal && targetLocal && page.protocol === "https:") {
    return { status: STATUS.UNREACHABLE, key: "BALLCOURT.Connection.LocalNetworkAccess", command };
  }
  return {
    status: STATUS.UNREACHABLE,
    key: "BALLCOURT.Connection.Unreachable",
    command: "ballcourt serve",
  };
}

export class CompanionLink {
  /**
   * @param ioFactory  (url, options) => socket (Foundry's `io`, or socket.io-client's in tests)
   * @param options    {url, token, pageUrl, onStatus, timers, timeout}
   */
  constructor(
    ioFactory,
    {
      url,
      token,
      pageUrl = "http://localhost:30000/",
      onStatus = () => {},
      timers = globalThis,
      timeout = 8000,
    } = {},
  ) {
    this.ioFactory = ioFactory;
    this.url = url;
    this.token = token;
    this.pageUrl = pageUrl;
    this.onStatus = onStatus;
    this.timers = timers;
    this.timeout = timeout;
    this.socket = null;
    this.attempt = 0;
    this.retryHandle = null;
    this.status = STATUS.IDLE;
    this.detail = null;
    this.listeners = new Map();
  }

  setStatus(status, detail = null) {
    this.status = status;
    this.detail = detail;
    this.onStatus(status, detail);
  }

  connect() {
    this.close();
    this.setStatus(STATUS.CONNECTING);
    const socket = this.ioFactory(this.url, {
      transports: ["websocket"],
      auth: { token: this.token },
      reconnection: false,
      forceNew: true,
      timeout: this.timeout,
    });
    this.socket = socket;
    socket.on("connect", () => {
      this.attempt = 0;
      this.setStatus(STATUS.CONNECTED);
    });
    socket.on("connect_error", (err) => {
      const diagnosis = diagnose(err?.message ?? err, this.pageUrl, this.url);
      this.setStatus(diagnosis.status, diagnosis);
      if (diagnosis.status !== STATUS.WRONG_TOKEN) this.retryLater();
    });
    socket.on("disconnect", (reason) => {
      if (this.socket !== socket || reason === "io client disconnect") return;
      this.setStatus(STATUS.UNREACHABLE, {
        key: "BALLCOURT.Connection.Lost",
        command: "ballcourt serve",
      });
      this.retryLater();
    });
    for (const [event, handler] of this.listeners) socket.on(event, handler);
    return socket;
  }

  retryLater() {
    if (this.retryHandle) return;
    const delay = backoff(this.attempt);
    this.attempt += 1;
    this.retryHandle = this.timers.setTimeout(() => {
      this.retryHandle = null;
      this.connect();
    }, delay);
  }

  close() {
    if (this.retryHandle) {
      this.timers.clearTimeout(this.retryHandle);
      this.retryHandle = null;
    }
    if (this.socket) {
      const old = this.socket;
      this.socket = null;
      old.removeAllListeners?.();
      old.disconnect();
    }
  }

  /** Listen to a server event (kept across reconnects). */
  on(event, handler) {
    this.listeners.set(event, handler);
    this.socket?.on(event, handler);
  }

  /** One REST route through the `call` event: {status, body}. `timeout` (ms): this call's own, for a slow route. */
  async call(method, route, body, { timeout = this.timeout } = {}) {
    if (!this.socket || this.status !== STATUS.CONNECTED) {
      throw BallcourtError.keyed("BALLCOURT.Connection.NotConnected");
    }
    const payload = body === undefined ? { method, route } : { method, route, body };
    return this.socket.timeout(timeout).emitWithAck("call", payload);
  }

  /** A call that must succeed: the body, or a BallcourtError carrying the companion's error. */
  async request(method, route, body, options) {
    // options: {timeout} (autopilot branch: the tune route)
    const { status, body: answer } = await this.call(method, route, body, options);
    if (status >= 400) {
      throw new BallcourtError(answer?.error?.message ?? `HTTP ${status}`, {
        status,
        body: answer,
      });
    }
    return answer;
  }
}
