/**
 * What the roll-request tests share: each player's client holding the queries it is asked
 * (its dialog open) in `inbox` until the test lets it answer, on his own page, as Foundry runs
 * a query there; a user's page's request glue in one object; the result cards apart from the
 * roll-request cards.
 */
import { asUser } from "../fakes/foundry.mjs";
import { moduleOf } from "./table.mjs";

/** A few turns of the event loop, for work a query or a click starts. */
export const flush = async (n = 10) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setImmediate(r));
};

/**
 * Each player's client: a query waits in `inbox` ({user, name, data, resolve, reject}) until the
 * test answers it; `answer(entry)` (the oldest by default) runs that query on its user's own
 * page (his CONFIG.queries), its result crossing the server as JSON.
 */
export function playerClients(users) {
  const inbox = [];
  for (const user of users.filter((u) => !u.isGM)) {
    user.answer = (name, data) =>
      new Promise((resolve, reject) => inbox.push({ user, name, data, resolve, reject }));
  }
  const answer = async (entry = inbox.shift()) => {
    const result = await asUser(entry.user.id, () =>
      globalThis.CONFIG.queries[entry.name](entry.data),
    );
    entry.resolve(structuredClone(result));
    await flush();
    return result;
  };
  return { inbox, answer };
}

/** A user's page's roll-request glue: the requests, the answers and the GM's view, as one object. */
export async function rollGlue(userId) {
  const files = await Promise.all(
    ["roll-requests", "roll-answers", "roll-request-view"].map((name) => moduleOf(userId, name)),
  );
  return Object.assign({}, ...files);
}

/** The messages posted but the roll-request cards (test/foundry/requests/roll-request-card.test.mjs covers those). */
export const resultCards = () =>
  globalThis.ChatMessage.created.filter((m) => !m.flags?.ballcourt?.rollCard);
