/**
 * Hooks as Foundry runs them (FOUNDRY-SEMANTICS §8.1-8.3): `on` returns a numeric id, `once`
 * is `on` with `{once: true}` and removes itself after its first call, `off` takes the id or
 * the function; `callAll` calls every handler and never awaits one; `call` stops at the first
 * handler that returns exactly `false` (a Promise is never false, §8.2); a handler that throws
 * is reported through the `error` hook and the workflow carries on (§8.3).
 *
 * Each page (a client's loaded module, clients.mjs) has its own registry (§8.4). `FakeHooks` is
 * the registry of the test file's own module instance, shared by every client that has not
 * loaded a module of its own (the older single-instance tests).
 */
import { callHandler, currentClient, onEveryClient, pageOf, world } from "./clients.mjs";

let nextId = 0;

export class HookRegistry {
  constructor() {
    this.handlers = new Map();
  }

  on(name, fn, { once = false } = {}) {
    if (!this.handlers.has(name)) this.handlers.set(name, []);
    const id = (nextId += 1);
    this.handlers.get(name).push({ fn, id, once });
    return id;
  }

  once(name, fn) {
    return this.on(name, fn, { once: true });
  }

  off(name, fnOrId) {
    const list = this.handlers.get(name) ?? [];
    this.handlers.set(
      name,
      list.filter((h) => h.fn !== fnOrId && h.id !== fnOrId),
    );
  }

  /** The handlers due now; a `once` handler leaves the list before it runs (§8.1). */
  due(name) {
    const list = this.handlers.get(name) ?? [];
    const due = [...list];
    if (due.some((h) => h.once))
      this.handlers.set(
        name,
        list.filter((h) => !h.once),
      );
    return due;
  }

  callAll(name, ...args) {
    for (const h of this.due(name)) callHandler(h.fn, args, name);
    return true;
  }

  call(name, ...args) {
    for (const h of this.due(name)) if (callHandler(h.fn, args, name) === false) return false;
    return true;
  }

  has(name) {
    return Boolean(this.handlers.get(name)?.length);
  }

  /** The first handler registered for a hook (tests that drive one hook by hand). */
  get(name) {
    return this.handlers.get(name)?.[0]?.fn;
  }

  /** Foundry's Hooks.onError: the `error` hook with (location, error, data). */
  onError(location, error, data = {}) {
    world.errors.push(error);
    if (location !== "error") this.callAll("error", location, error, data);
  }
}

/** The test file's own instance: the registry for clients without a module of their own. */
export const FakeHooks = new HookRegistry();

/** The `Hooks` global each client sees: its own page's registry. */
export const HooksGlobal = new Proxy(
  {},
  {
    get: (_t, key) => {
      const registry = pageOf(currentClient()).hooks;
      const value = registry[key];
      return typeof value === "function" ? value.bind(registry) : value;
    },
  },
);

/** A document hook on every connected client: `args(client)` gives that client's arguments. */
export function callEverywhere(name, args) {
  onEveryClient((client) => pageOf(client).hooks.callAll(name, ...args(client)));
}

/** A hook on the running client only (preUpdate*, combatTurn, ...): false from a handler vetoes. */
export function callHere(name, ...args) {
  return pageOf(currentClient()).hooks.call(name, ...args);
}
