/**
 * Users and queries. A user writes his own User (a GM may write anyone's); a flag write goes
 * through update like every document's (FOUNDRY-SEMANTICS §1.7): merged, `updateUser` on every
 * connected client with the author the server checked, the writer's promise resolving on the
 * server's acknowledgement, not when the other clients' handlers finish (§1.2). An update that
 * changes nothing fires no hook (§1.8, harsher reading, server.mjs). `User#query` reaches only
 * a connected user (an assumption: §2.4 documents nothing), times out, refuses a query name
 * without a package prefix (§2.3), and its answer makes a JSON round trip (a Roll arrives as
 * its JSON).
 */
import { asUser, serverTrip } from "./clients.mjs";
import { FakeFlaggedDocument } from "./server.mjs";
import { note } from "./utils.mjs";

export class FakeUser extends FakeFlaggedDocument {
  static documentName = "User";

  constructor({ id, name, isGM = false, active = true, role }) {
    super();
    Object.assign(this, { id, name, isGM, active, role: role ?? (isGM ? 4 : 1) });
    this.queries = [];
    this.flags = {};
  }

  get isSelf() {
    return globalThis.game.user.id === this.id;
  }

  canUserModify(user) {
    return Boolean(user?.isGM) || user?.id === this.id;
  }

  /**
   * User#query: the queried user's client runs its CONFIG.queries handler (or a scripted
   * `answer(name, data)` standing in for what he does there). Rejects if he is not connected,
   * or when `timeout` ms pass first.
   */
  async query(name, data, { timeout } = {}) {
    this.queries.push({ name, data });
    note(`query ${name} ${globalThis.game.user.id}->${this.id}`);
    if (!name.includes("."))
      throw new Error(`query "${name}" has no package prefix: core reserves those names`);
    if (!this.active) throw new Error(`User ${this.name} is not connected`);
    await serverTrip();
    const handler =
      this.answer ??
      ((n, d) => {
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
