/**
 * The module as Foundry loads it, once per browser page (FOUNDRY-SEMANTICS §8.4):
 * `loadModule(userId)` gives that user's client a page of its own (Hooks, CONFIG, game.modules,
 * socket listeners, settings and keybindings: world.mjs) and imports main.mjs afresh for it
 * (`?client=<id>&page=<n>`, carried to every module it imports by loader-hooks.mjs), then runs
 * init, i18nInit, setup and ready there. `clientModule(userId, path)` is that page's own copy of
 * one of the module's files (`"foundry/cards/chat.mjs"`), for a test that drives the glue by hand.
 *
 * `loadModule()` with no user keeps the older single-instance form: main.mjs imported once per
 * test process, its hooks put back into each new world's shared page, then init and ready.
 */
import { register } from "node:module";

import { clientOf, onClient, world } from "./clients.mjs";
import { FakeHooks } from "./hooks.mjs";
import { makePage } from "./world.mjs";

register("./loader-hooks.mjs", import.meta.url);

let moduleHooks = null;
let pages = 0;

const pageUrl = (client, path) =>
  new URL(
    `../../scripts/${path}?client=${encodeURIComponent(client.user.id)}&page=${client.pageNumber}`,
    import.meta.url,
  ).href;

export async function loadModule(userId) {
  if (userId === undefined) return loadShared();
  const client = clientOf(userId);
  client.page = makePage();
  client.pageNumber = pages += 1;
  await onClient(client, () => import(pageUrl(client, "main.mjs")));
  onClient(client, () => {
    for (const hook of ["init", "i18nInit", "setup", "ready"]) client.page.hooks.callAll(hook);
  });
  return client.page.modules.get("ballcourt").api;
}

/** Every connected user's page, the GM's first (the order browsers usually open in). */
export async function loadTable() {
  const clients = [...world.clients.values()]
    .filter((c) => c.user.active)
    .sort((a, b) => Number(b.user.isGM) - Number(a.user.isGM));
  for (const client of clients) await loadModule(client.user.id);
}

/** A user's page's own copy of one module file (it must have loaded the module). */
export function clientModule(userId, path) {
  const client = clientOf(userId);
  if (!client.page) throw new Error(`${userId} has not loaded the module`);
  return onClient(client, () => import(pageUrl(client, path)));
}

async function loadShared() {
  if (!moduleHooks) {
    await import("../../scripts/main.mjs");
    moduleHooks = new Map(FakeHooks.handlers);
  }
  FakeHooks.handlers = new Map([...moduleHooks].map(([name, fns]) => [name, [...fns]]));
  FakeHooks.callAll("init");
  FakeHooks.callAll("ready");
  return globalThis.game.modules.get("ballcourt").api;
}
