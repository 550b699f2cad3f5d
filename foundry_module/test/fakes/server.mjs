/**
 * The world's server: every document write goes through `serverUpdate`, which applies it with
 * Foundry's semantics (FOUNDRY-SEMANTICS §1, §2.5):
 * - the writer must be allowed to (`canUserModify`); a refusal rejects the writer's promise
 *   with "User … lacks permission to update …" and shows on the writer's screen (§2.5);
 * - dotted keys are expanded, and with `diff` (on unless `diff: false`) only what differs is
 *   sent (§1.3, §1.6); `-=key` / `==key` and v14's `_del` / `_replace` are honoured (§1.4-1.5);
 *   nested objects are merged unless `recursive: false` (§1.3-1.4);
 * - `preUpdate<Doc>(doc, changed, options, userId)` runs on the writer's client only, before
 *   the trip; handlers may change `changed`; exactly `false` from one cancels (§1.1); a
 *   document may keep some keys from it (`hiddenFromPreUpdate`: a drag's x/y, §6.6) and run
 *   its own check after it (`beforeTrip`: a token's preMoveToken, §6.2);
 * - after the server's answer `update<Doc>(doc, changed, options, userId)` runs on every
 *   connected client (§1.2), unless `noHook` (§1.3).
 * Undocumented (§1.8), so the harsher reading: an update that changes nothing makes its trip
 * but fires no hook; on the writer's own client, its `update<Doc>` handlers run only after
 * its `update()` promise has resolved (code after the await runs first), where the other
 * clients hear it at the server's answer. Every page hears the writes' hooks in the order the
 * server made them, its own among them (§1.9, undocumented: Socket.IO keeps one connection's
 * messages in order), though a writer's promise may resolve before an earlier write's
 * broadcast has reached his page.
 * Each browser holds its own copy of a document, changed only when the server's broadcast
 * reaches it (§8.4, §1.2): here one object, seen through a view per client (`staleViews`).
 * Between a write and the moment its broadcast reaches another client, a turn of the event
 * loop after the server's answer, that client reads what it had before (the keys the write
 * changed); then its update<Doc> hooks run and it reads the new data. The writer reads the
 * new data once his promise resolves. The test's own eye, outside any client, reads the
 * server's. Left open: a module that changes a document's data without `update` is not
 * caught, and status toggles and created or deleted documents are not yet seen stale.
 */
import {
  currentClient,
  onClient,
  onEveryClient,
  pageOf,
  runningClient,
  serverTrip,
  track,
  world,
} from "./clients.mjs";
import { callHere } from "./hooks.mjs";
import { applyUpdate, diffObject, expandObject, getProperty } from "./utils.mjs";

export const actingUser = () => globalThis.game.user;

/** The server's refusal (§2.5): the promise rejects, and the writer's screen says so. */
export function refuse(user, what) {
  const error = new Error(`User ${user?.name} lacks permission to update ${what}`);
  currentClient()?.ui?.notifications?.error?.(error.message, { console: false });
  throw error;
}

/** What a write sends: expanded, and only the differences unless `diff: false` (§1.3, §1.6). */
export function changesToSend(doc, changes, { diff = true, recursive = true } = {}) {
  const expanded = expandObject(
    Object.fromEntries(Object.entries(changes).filter(([k]) => k !== "_id")),
  );
  if (!diff) return expanded;
  if (recursive) return diffObject(doc, expanded);
  // replaced outright: an inner object is sent whole if it differs at all
  return Object.fromEntries(
    Object.entries(expanded).filter(([k, v]) => JSON.stringify(doc[k]) !== JSON.stringify(v)),
  );
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * update<Doc> everywhere (§1.2, §1.8): the broadcast reaches each other client a turn of the
 * event loop after the server's answer (its copy catches up then: `write.reached`), the
 * writer after his promise resolves.
 */
export function broadcast(hook, args, writer = currentClient(), write = null) {
  onEveryClient((client) => {
    if (client === writer) return;
    track(
      nextTurn().then(() => {
        write?.reached(client);
        if (!client.dead) pageOf(client).hooks.callAll(hook, ...args(client));
      }),
    );
  });
  if (writer?.user?.active) {
    track(
      new Promise((resolve) => setImmediate(resolve)).then(() =>
        onClient(writer, () => pageOf(writer).hooks.callAll(hook, ...args(writer))),
      ),
    );
  }
}

/**
 * One update of one document, all the way: permission, diff, preUpdate here, the trip, the
 * merge, update<Doc> everywhere. `describe(sent)` writes the transcript's line. Resolves the
 * document, or undefined when a preUpdate handler vetoed.
 */
export async function serverUpdate(
  doc,
  changes,
  options = {},
  { describe, afterCommit, hiddenFromPreUpdate = [], beforeTrip } = {},
) {
  const user = actingUser();
  const name = doc.documentName;
  if (!doc.canUserModify(user, "update", changes)) refuse(user, `${name} ${doc.name ?? doc.id}`);
  const changed = changesToSend(doc, changes, options);
  if (!Object.keys(changed).length) {
    await serverTrip();
    return doc;
  }
  if (!options.noHook && preUpdate(doc, changed, options, user, hiddenFromPreUpdate) === false)
    return undefined;
  if (beforeTrip?.(changed, user) === false) return undefined;
  await serverTrip();
  const write = staleUntilReached(doc, changed);
  applyUpdate(rawOf(doc), changed, { recursive: options.recursive !== false });
  describe?.(changed);
  afterCommit?.(changed, user, write);
  if (options.noHook) write.reachedAll();
  else
    broadcast(
      `update${name}`,
      () => [doc, structuredClone(changed), options, user.id],
      currentClient(),
      write,
    );
  return doc;
}

const RAW = Symbol("the document itself");
const VIEWS = Symbol("each client's writes not yet reached");

/** The document's own data, as the server holds it (writes go there, never into a stale view). */
export const rawOf = (doc) => doc?.[RAW] ?? doc;

/**
 * A document as each client sees it: a client a write has not reached yet reads, for each key
 * that write changed, what it held before (the earliest such write first).
 */
const staleViews = {
  get(target, key, receiver) {
    if (key === RAW) return target;
    const client = typeof key === "string" ? runningClient() : null;
    for (const write of (client && target[VIEWS]?.get(client)) ?? []) {
      if (Object.hasOwn(write.before, key)) return write.before[key];
    }
    return Reflect.get(target, key, receiver);
  },
};

/**
 * Before the server applies a write: every other connected client keeps what the changed keys
 * held until the broadcast reaches it.
 */
export function staleUntilReached(doc, changed) {
  const target = rawOf(doc);
  const writer = currentClient();
  const before = Object.fromEntries(
    Object.keys(changed)
      .map((k) => k.replace(/^(-=|==)/, ""))
      .map((k) => [k, structuredClone(target[k])]),
  );
  const entry = { before };
  target[VIEWS] ??= new Map();
  const waiting = new Set();
  for (const client of world.clients.values()) {
    if (client === writer || !client.user.active) continue;
    if (!target[VIEWS].has(client)) target[VIEWS].set(client, []);
    target[VIEWS].get(client).push(entry);
    waiting.add(client);
  }
  const reached = (client) => {
    const list = target[VIEWS].get(client);
    if (list?.includes(entry)) list.splice(list.indexOf(entry), 1);
    if (list && !list.length) target[VIEWS].delete(client);
    waiting.delete(client);
  };
  return {
    reached,
    reachedAll: () => {
      for (const client of [...waiting]) reached(client);
    },
  };
}

/**
 * preUpdate<Doc> on the writer's client (§1.1). Keys in `hidden` are kept from its handlers
 * (a token's x/y during a drag, §6.6) and sent as they were.
 */
export function preUpdate(doc, changed, options, user, hidden = []) {
  const kept = Object.fromEntries(hidden.filter((k) => k in changed).map((k) => [k, changed[k]]));
  for (const key of Object.keys(kept)) delete changed[key];
  const verdict = callHere(`preUpdate${doc.documentName}`, doc, changed, options, user.id);
  Object.assign(changed, kept);
  return verdict;
}

/**
 * A document's flags API (§1.7): setFlag and unsetFlag write `flags.<scope>.<key>` through
 * update, with its merge and its hooks. The scope must be core, world, the system or an
 * active module (Foundry throws otherwise).
 */
export const FlagsMixin = (Base) =>
  class extends Base {
    getFlag(scope, key) {
      return getProperty(this.flags?.[scope] ?? {}, key);
    }

    async setFlag(scope, key, value) {
      checkScope(scope);
      return this.update({ [`flags.${scope}.${key}`]: value });
    }

    async unsetFlag(scope, key) {
      checkScope(scope);
      const parts = key.split(".");
      const last = parts.pop();
      return this.update({ [["flags", scope, ...parts, `-=${last}`].join(".")]: null });
    }
  };

export function checkScope(scope) {
  const game = globalThis.game;
  const ok =
    ["core", "world", game?.system?.id].includes(scope) ||
    (game?.modules?.get(scope)?.active !== false && game?.modules?.has(scope));
  if (!ok) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
}

export class FakeDocument {
  static documentName = "Document";

  /** Seen through each client's view (staleViews). */
  constructor() {
    return new Proxy(this, staleViews);
  }

  get documentName() {
    return this.constructor.documentName;
  }

  /** Who may write (the server's check): a GM, unless a subclass says more. */
  canUserModify(user) {
    return Boolean(user?.isGM);
  }

  get isOwner() {
    return this.canUserModify(actingUser(), "update");
  }

  update(changes, options = {}) {
    return serverUpdate(this, changes, options);
  }
}

export class FakeFlaggedDocument extends FlagsMixin(FakeDocument) {}
