/** The score panel's "Share board" button: a viewer key from the companion, its URL copied. */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { connectTo, fakeCompanion } from "../../fakes/companion.mjs";
import { installFoundry } from "../../fakes/foundry.mjs";

const link = await import("../../../scripts/foundry/world/link.mjs");
const panel = await import("../../../scripts/foundry/cards/panel.mjs");

const URL_ = "http://127.0.0.1:7770/board/m1?key=k3y";
let world;
let calls;

const ROUTES = {
  "GET /api/v1/matches/m1": () => ({
    status: 200,
    body: {
      id: "m1",
      game: "yaotzin",
      seq: 0,
      round: 1,
      status: "playing",
      winner: null,
      settings: { round_limit: 100 },
      score: { sun: 0, moon: 0 },
      teams: [
        { id: "sun", defends: "west" },
        { id: "moon", defends: "east" },
      ],
    },
  }),
  "GET /api/v1/matches/m1/events": () => ({ status: 200, body: { events: [] } }),
  "POST /api/v1/matches/m1/viewers": () => ({ status: 201, body: { key: "k3y", url: URL_ } }),
};

beforeEach(async () => {
  world = installFoundry();
  const companion = fakeCompanion(ROUTES, { defaults: false });
  calls = companion.calls;
  await connectTo(link, companion);
});

test("the score panel has a Share board button wired to the share action", async () => {
  const renders = [];
  let options;
  globalThis.foundry.applications = {
    api: {
      ApplicationV2: class {
        constructor(o) {
          options = this.constructor.DEFAULT_OPTIONS;
          this.o = o;
        }
        async render() {
          renders.push(await this._renderHTML(await this._prepareContext()));
          this.rendered = true;
          return this;
        }
        async close() {
          return this;
        }
      },
    },
  };
  await panel.showScoreboard("m1");
  assert.match(
    renders[0],
    /<button type="button" data-action="share" title="A read-only live board[^"]*">/,
  );
  assert.match(renders[0], />[^<]*Share board<\/button>/);
  assert.equal(typeof options.actions.share, "function");
  globalThis.game.clipboard = { copyPlainText: async () => {} };
  const made = await options.actions.share.call({ matchId: "m1" });
  assert.equal(made.url, URL_);
});

test("sharing asks the companion for a viewer key and copies the board's URL", async () => {
  const copied = [];
  globalThis.game.clipboard = { copyPlainText: async (text) => copied.push(text) };
  const made = await panel.shareBoard("m1");
  assert.deepEqual(made, { key: "k3y", url: URL_ });
  const post = calls.find((c) => c.method === "POST");
  assert.equal(post.route, "/api/v1/matches/m1/viewers");
  assert.deepEqual(copied, [URL_]);
  assert.deepEqual(world.notifications.at(-1), ["info", `The board's address is copied: ${URL_}`]);
});

test("when the browser will not copy, the URL is shown to copy by hand", async () => {
  globalThis.game.clipboard = {
    copyPlainText: async () => {
      throw new Error("denied");
    },
  };
  await panel.shareBoard("m1");
  assert.deepEqual(world.notifications.at(-1), [
    "info",
    `The board's address (copy it by hand): ${URL_}`,
  ]);
});

test("falls back to the browser's clipboard when Foundry has no helper", async () => {
  const copied = [];
  const saved = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  Object.defineProperty(globalThis, "navigator", {
    configurable: true,
    value: { clipboard: { writeText: async (t) => copied.push(t) } },
  });
  try {
    delete globalThis.game.clipboard;
    await panel.shareBoard("m1");
    assert.deepEqual(copied, [URL_]);
  } finally {
    if (saved) Object.defineProperty(globalThis, "navigator", saved);
    else delete globalThis.navigator;
  }
});

test("a refusal from the companion is shown to the GM and nothing is copied", async () => {
  const copied = [];
  globalThis.game.clipboard = { copyPlainText: async (text) => copied.push(text) };
  await assert.rejects(panel.shareBoard("gone"), /no route/);
  assert.deepEqual(copied, []);
  assert.equal(world.notifications.at(-1)[0], "error");
});

test("the button's label is in both languages", async () => {
  const { readFileSync } = await import("node:fs");
  for (const lang of ["en", "ru"]) {
    const panelKeys = JSON.parse(
      readFileSync(new URL(`../../../lang/${lang}.json`, import.meta.url), "utf8"),
    ).BALLCOURT.Panel;
    for (const key of ["Share", "ShareHint", "ShareCopied", "ShareNotCopied"])
      assert.ok(panelKeys[key], `${lang} ${key}`);
  }
});
