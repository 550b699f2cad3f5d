/**
 * The table as Foundry runs it: one server and several clients, each with its own game.user,
 * canvas, ui (notifications, scene controls), dialogs and DOM. Code runs "on" a client inside
 * `asUser(id, fn)`; AsyncLocalStorage keeps that client across every await, so a handler that
 * resumes later still sees its own client's globals, as each browser would.
 *
 * Foundry never awaits a hook: work a hook starts is tracked here (not awaited), and a test
 * waits for the whole table to go quiet with `settle()`. Errors thrown by a handler are kept in
 * `world.errors` (Foundry logs them to the console and carries on).
 */
import { AsyncLocalStorage } from "node:async_hooks";

const context = new AsyncLocalStorage();

export const world = { clients: new Map(), defaultClient: null, pending: new Set(), errors: [] };

/** The client running now (outside any asUser: the world's default client, the GM's). */
export function currentClient() {
  return context.getStore() ?? world.defaultClient;
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

/** Keep an unawaited piece of work (a hook handler's promise) so settle() can wait for it. */
export function track(result) {
  if (!result || typeof result.then !== "function") return result;
  const p = Promise.resolve(result).catch((err) => { world.errors.push(err); })
    .finally(() => world.pending.delete(p));
  world.pending.add(p);
  return result;
}

/** Call fn as Foundry calls a hook handler: errors are logged, promises are not awaited. */
export function callHandler(fn, args) {
  try {
    return track(fn(...args));
  } catch (err) {
    world.errors.push(err);
    return undefined;
  }
}

/** One message through the server: the sender's promise resolves on the server's answer. */
export const serverTrip = () => new Promise((resolve) => setImmediate(resolve));

/** Every connected client, each in its own context. */
export function onEveryClient(fn) {
  for (const client of world.clients.values()) {
    if (client.user.active) context.run(client, () => fn(client));
  }
}

/** Wait until nothing started by a hook, a query or a click is still running anywhere. */
export async function settle() {
  for (let idle = 0; idle < 10;) {
    if (world.pending.size) {
      idle = 0;
      await Promise.all([...world.pending]);
    } else {
      idle += 1;
      await serverTrip();
    }
  }
}
