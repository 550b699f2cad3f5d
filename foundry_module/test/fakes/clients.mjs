/**
 * The table as Foundry runs it: one server and several clients, each with its own game.user,
 * canvas, ui (notifications, scene controls), dialogs and DOM. Code runs "on" a client inside
 * `asUser(id, fn)`; AsyncLocalStorage keeps that client across every await, so a handler that
 * resumes later still sees its own client's globals, as each browser would.
 *
 * Each browser is its own realm with its own module instance, Hooks registry and CONFIG
 * (FOUNDRY-SEMANTICS §8.4). A client's *page* holds those: `loadModule(userId)` (module.mjs)
 * gives the client a page of its own and imports the module graph afresh for it. A client that
 * has not loaded one shares the test file's page (`world.sharedPage`): the older tests that
 * import the glue once and register its hooks by hand run on it, one instance for the table.
 *
 * Foundry never awaits a hook: work a hook starts is tracked here (not awaited), and a test
 * waits for the whole table to go quiet with `settle()`. Errors thrown by a handler are kept in
 * `world.errors` and reported through the `error` hook (§8.3); the workflow carries on.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const context = new AsyncLocalStorage();

export const world = {
  clients: new Map(),
  defaultClient: null,
  pending: new Set(),
  errors: [],
  sharedPage: null,
  version: 14,
};

/** The client running now (outside any asUser: the world's default client, the GM's). */
export function currentClient() {
  return context.getStore() ?? world.defaultClient;
}

/** The client whose code runs now, or null for the test's own eye (which reads the server's data). */
export function runningClient() {
  return context.getStore() ?? null;
}

/** A client's page: its own once it has loaded the module, else the test file's shared one. */
export function pageOf(client) {
  return client?.page ?? world.sharedPage;
}

export function clientOf(userId) {
  const client = world.clients.get(userId);
  if (!client) throw new Error(`no client for user ${userId}`);
  return client;
}

/** Run fn on a user's client (his game.user, canvas, ui, dialogs), through all its awaits. */
export function asUser(userId, fn) {
  return context.run(clientOf(userId), fn);
}

/** Run fn on a given client object (a reloaded page's old client object stays addressable). */
export function onClient(client, fn) {
  return context.run(client, fn);
}

/** Keep an unawaited piece of work (a hook handler's promise) so settle() can wait for it. */
export function track(result) {
  if (!result || typeof result.then !== "function") return result;
  const client = currentClient();
  if (client?.dead) return result; // a closed page's work is nobody's to wait for
  const p = Promise.resolve(result)
    .catch((err) => {
      world.errors.push(err);
    })
    .finally(() => world.pending.delete(p));
  p.client = client;
  world.pending.add(p);
  return result;
}

/** Call fn as Foundry calls a hook handler: errors reported (§8.3), promises not awaited (§8.2). */
export function callHandler(fn, args, hook = "") {
  try {
    return track(fn(...args));
  } catch (err) {
    const hooks = pageOf(currentClient())?.hooks;
    if (hooks?.onError) hooks.onError(`Hooks.callAll ${hook}`, err, { hook });
    else world.errors.push(err);
    return undefined;
  }
}

/** One message through the server: the sender's promise resolves on the server's answer. */
export const serverTrip = () =>
  currentClient()?.dead
    ? new Promise(() => {}) // a closed page reaches no server
    : new Promise((resolve) => setImmediate(resolve));

/** Every connected client, each in its own context. */
export function onEveryClient(fn) {
  for (const client of [...world.clients.values()]) {
    if (client.user.active) context.run(client, () => fn(client));
  }
}

/** Wait until nothing started by a hook, a query or a click is still running anywhere. */
export async function settle() {
  for (let idle = 0; idle < 10;) {
    if (world.pending.size) {
      idle = 0;
      // a reload drops the closed page's work from `pending`: stop waiting for it then
      await Promise.race([
        Promise.all([...world.pending]),
        world.pageClosed ?? new Promise(() => {}),
      ]);
    } else {
      idle += 1;
      await serverTrip();
    }
  }
}
