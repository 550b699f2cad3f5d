/**
 * The module as Foundry loads it: main.mjs imported once per test process (its hooks kept),
 * and its hooks put back into each new world installFoundry makes, then init and ready.
 */
import { FakeHooks } from "./hooks.mjs";

let moduleHooks = null;

export async function loadModule() {
  if (!moduleHooks) {
    await import("../../scripts/main.mjs");
    moduleHooks = new Map(FakeHooks.handlers);
  }
  FakeHooks.handlers = new Map([...moduleHooks].map(([name, fns]) => [name, [...fns]]));
  FakeHooks.callAll("init");
  FakeHooks.callAll("ready");
  return globalThis.game.modules.get("ballcourt").api;
}
