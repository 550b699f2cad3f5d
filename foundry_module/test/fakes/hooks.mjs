/**
 * Hooks as Foundry runs them: `callAll` calls every handler and never awaits one; `call` stops
 * at a handler that returns false (preUpdateToken's veto). A hook runs on the client that
 * calls it; a document change calls its hook on every connected client (documents.mjs).
 * The module is loaded once for all clients in a test, so its handlers are shared and run in
 * each client's context.
 */
import { callHandler, onEveryClient } from "./clients.mjs";

export const FakeHooks = {
  handlers: new Map(),
  on(name, fn) {
    if (!this.handlers.has(name)) this.handlers.set(name, []);
    this.handlers.get(name).push(fn);
    return fn;
  },
  once(name, fn) { return this.on(name, fn); },
  off(name, fn) { this.handlers.set(name, (this.handlers.get(name) ?? []).filter((f) => f !== fn)); },
  callAll(name, ...args) {
    for (const fn of [...(this.handlers.get(name) ?? [])]) callHandler(fn, args);
    return true;
  },
  call(name, ...args) {
    for (const fn of [...(this.handlers.get(name) ?? [])]) if (callHandler(fn, args) === false) return false;
    return true;
  },
  has(name) { return this.handlers.has(name); },
  /** The first handler registered for a hook (tests that drive one hook by hand). */
  get(name) { return this.handlers.get(name)?.[0]; },
};

/** A document hook on every connected client: `args(client)` gives that client's arguments. */
export function callEverywhere(name, args) {
  onEveryClient((client) => FakeHooks.callAll(name, ...args(client)));
}
