/**
 * A table as the multi-client tests open it: the world (installFoundry's options), every
 * connected user's browser with its own copy of the module (loadTable: init, setup and ready
 * on each page), and the companion's GM's page connected through `io` (Socket.IO's client, or
 * a fake companion's `io`). `api(userId)` is that user's own page's API; `close()` closes the
 * link, so the next table starts with none open.
 */
import { asUser, world } from "./clients.mjs";
import { loadTable } from "./module.mjs";
import { installFoundry } from "./world.mjs";

/**
 * Wait for a condition the module reaches asynchronously (a connection, a card, an answer from
 * the companion's heavy-work worker, which runs at a lower priority): however long a loaded
 * machine takes, up to a hang guard of two minutes (10 s was too short on a loaded machine). On the
 * real clock (performance), which a test's mocked Date does not move.
 */
export async function until(condition) {
  const giveUp = performance.now() + 120000;
  while (!condition() && performance.now() < giveUp) await new Promise((r) => setTimeout(r, 10));
  return condition();
}

export async function openTable({ io, ...options } = {}) {
  const w = installFoundry(options);
  if (io) globalThis.io = io;
  await loadTable();
  const api = (userId) => asUser(userId, () => globalThis.game.modules.get("ballcourt").api);
  const links = [...world.clients.keys()].map((id) => api(id)?.link()).filter(Boolean); // an absent user has no page
  await until(() => links.some((l) => l.status === "connected"));
  const link = links.find((l) => l.status === "connected") ?? links[0] ?? null;
  return {
    ...w,
    api,
    link,
    close: () => {
      for (const l of links) l.close();
    },
  };
}
