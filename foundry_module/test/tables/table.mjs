/**
 * What every multi-client test file sets up the same way: a table where each browser runs its
 * own copy of the module (openTable), the companion's GM's page connected; one link open at a
 * time; after each test the table goes quiet and no hook handler threw on any client. This is
 * the one file the tests spell the glue's paths in (`moduleOf`): a test names a glue file by
 * its short name and gets the given user's page's own copy of it.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { after, afterEach } from "node:test";

import { asUser, clientModule, clientOf, openTable, settle, world } from "../fakes/foundry.mjs";

const GLUE = new URL("../../scripts/foundry/", import.meta.url);

/** Each glue file's folder, read from scripts/foundry/ (its files are named once across its folders). */
const FOLDER_OF = new Map(
  readdirSync(GLUE, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((dir) =>
      readdirSync(new URL(`${dir.name}/`, GLUE))
        .filter((f) => f.endsWith(".mjs"))
        .map((file) => [file.slice(0, -4), dir.name]),
    ),
);

/** A glue file's path under scripts/, from its short name ("chat", "roll-requests"). */
export function gluePath(name) {
  if (!FOLDER_OF.has(name))
    throw new Error(`no glue file "${name}.mjs" in scripts/foundry/'s folders`);
  return `foundry/${FOLDER_OF.get(name)}/${name}.mjs`;
}

/** The test file's own copy of one glue file, for a pure helper a test calls with no table open. */
export const glueModule = (name) =>
  import(new URL(`../../scripts/${gluePath(name)}`, import.meta.url).href);

/** A user's own page's copy of one glue file (each browser has its own module). */
export const moduleOf = (userId, name) => clientModule(userId, gluePath(name));

/** Run fn(that page's copy of a glue file) on the user's client, as his browser would. */
export const onPage = (userId, name, fn) =>
  asUser(userId, async () => fn(await moduleOf(userId, name)));

/** A user's own page's API (game.modules.get("ballcourt").api in his browser). */
export const apiOf = (userId) => asUser(userId, () => globalThis.game.modules.get("ballcourt").api);

/** The texts of the notices shown on a user's screen, oldest first. */
export const shown = (userId) => clientOf(userId).ui.notifications.map(([, text]) => text);

/** A user's chat log as his browser rendered it, one message after another. */
export const chatText = (userId) =>
  [...clientOf(userId).chat.values()].map((el) => el.innerHTML ?? el.outerHTML ?? "").join("\n");

/** Settings every table has: a companion at the default address with a token. */
export const TABLE_SETTINGS = { companionUrl: "http://127.0.0.1:7770", token: "t0k" };

const open = [];

/** Close every table's link (the next table starts with none open). */
export function closeTables() {
  for (const table of open.splice(0)) table.close();
}

/**
 * Register the file's after-each check (the table settles; no hook handler threw on any client)
 * and the closing of the last table. Call once at a test file's top level.
 */
export function useTables({ check = true } = {}) {
  after(closeTables);
  afterEach(async () => {
    await settle();
    if (check)
      assert.deepEqual(
        world.errors.map((e) => e.message),
        [],
        "no hook handler threw on any client",
      );
  });
}

/**
 * Every connected browser with the module loaded, on `companion` (a fake companion, or
 * `{io}` for a real one), the earlier table's link closed first. Asserts the companion's GM's
 * page connected.
 */
export async function openOn(companion, { settings = {}, ...options } = {}) {
  closeTables();
  const table = await openTable({
    io: companion.io,
    ...options,
    settings: { ...TABLE_SETTINGS, ...settings },
  });
  open.push(table);
  assert.equal(
    table.link?.status,
    "connected",
    `the companion's GM's page connects: ${JSON.stringify(table.link?.detail)}`,
  );
  return table;
}
