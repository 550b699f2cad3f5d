/**
 * Users and queries. A user writes his own User's flags (a GM may write anyone's); the
 * `updateUser` hook reaches every connected client with the author the server checked, and
 * the writer's promise resolves on the server's acknowledgement, not when the other clients'
 * handlers finish. `User#query` reaches only a connected user, times out, and its answer
 * makes a JSON round trip (a Roll arrives as its JSON).
 */
import { asUser, serverTrip } from "./clients.mjs";
import { callEverywhere } from "./hooks.mjs";
import { diffObject, note, setProperty } from "./utils.mjs";

export class FakeUser {
  constructor({ id, name, isGM = false, active = true, role }) {
    Object.assign(this, { id, name, isGM, active, role: role ?? (isGM ? 4 : 1) });
    this.queries = [];
    this.flags = {};
  }

  get isSelf() { return globalThis.game.user.id === this.id; }

  /** As in Foundry, the hook's `changes` hold only what differs (a diff); nothing changed, no hook. */
  async setFlag(scope, key, value) {
    const author = globalThis.game.user;
    if (author.id !== this.id && !author.isGM) throw new Error(`${author.name} may not write ${this.name}'s User`);
    await serverTrip();
    const before = this.flags[scope]?.[key];
    setProperty(this.flags, `${scope}.${key}`, structuredClone(value));
    const diff = diffObject(before, value);
    if (diff === undefined) return this;
    const changes = { flags: { [scope]: { [key]: diff } } };
    callEverywhere("updateUser", () => [this, structuredClone(changes), {}, author.id]);
    return this;
  }

  getFlag(scope, key) { return this.flags?.[scope]?.[key]; }

  /**
   * User#query: the queried user's client runs its CONFIG.queries handler (or a scripted
   * `answer(name, data)` standing in for what he does there). Rejects if he is not connected,
   * or when `timeout` ms pass first.
   */
  async query(name, data, { timeout } = {}) {
    this.queries.push({ name, data });
    note(`query ${name} ${globalThis.game.user.id}->${this.id}`);
    if (!this.active) throw new Error(`User ${this.name} is not connected`);
    await serverTrip();
    const handler = this.answer ?? ((n, d) => {
      const run = globalThis.CONFIG.queries?.[n];
      if (!run) throw new Error(`no query handler ${n}`);
      return run(d, { timeout });
    });
    const answered = asUser(this.id, async () => handler(name, structuredClone(data)));
    const answer = await (timeout > 0 ? withTimeout(answered, timeout) : answered);
    return answer === undefined ? null : JSON.parse(JSON.stringify(answer));
  }
}

function withTimeout(promise, ms) {
  let timer;
  const late = new Promise((_resolve, reject) => {
    // unref: a query a reloaded page never answers must not keep the test process alive
    timer = setTimeout(() => reject(new Error("query timed out")), ms);
    timer.unref?.();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
