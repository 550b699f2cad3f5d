/**
 * "Tune my table" at the table: the arena setup and the menu ask the companion's
 * /goatball/tune for the selected tokens (skills read through the system's adapter) and show
 * the note with its intervals; "no difference" plainly; a companion without the route, or any
 * failure, is one quiet line, never an error popup.
 */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { connectTo, fakeCompanion, tuneRoute } from "../../fakes/companion.mjs";
import {
  FakeActor,
  FakeDialogV2,
  FakeScene,
  FakeToken,
  installFoundry,
} from "../../fakes/foundry.mjs";
import { fixture } from "../../fakes/scenes.mjs";
import { consoleLines, settled } from "../../fakes/console.mjs";

const link = await import("../../../scripts/foundry/world/link.mjs");
const tune = await import("../../../scripts/foundry/goatball/tune.mjs");
const menu = await import("../../../scripts/foundry/setup/setup-dialog.mjs");
const { CompanionLink: Connection } = await import("../../../scripts/core/connection.mjs");

let world;
beforeEach(() => {
  world = installFoundry({
    system: "dnd5e",
    settings: { tuneBudget: 30, autopilot: {}, autopilotTactics: "" },
  });
});

/** Six tokens on a plain scene, three of team sun (one stronger) and three of moon, all selected. */
function selectSix({ teams = true } = {}) {
  const actor = (ath) => {
    const data = fixture("actors/dnd5e");
    data.system.skills.ath.total = ath;
    return new FakeActor({ ...data, owners: [] });
  };
  const tokens = ["s1", "m1", "s2", "m2", "s3", "m3"].map(
    (id, i) =>
      new FakeToken({
        id,
        name: id,
        x: 0,
        y: 0,
        flags: teams ? { ballcourt: { team: id[0] === "s" ? "sun" : "moon" } } : {},
        actor: actor(i === 0 ? 12 : 7),
      }),
  );
  const scene = new FakeScene({ tokens });
  globalThis.game.scenes.set(scene.id, scene);
  globalThis.canvas.scene = scene;
  globalThis.canvas.tokens.controlled = tokens.map((document) => ({ document }));
  return scene;
}

/** Open the menu, press "New goat-ball arena", and keep what its form showed (then close it). */
async function arenaForm() {
  let shown = null;
  FakeDialogV2.answers = [
    "newArena",
    (options) => {
      shown = options.content;
      return null;
    },
  ];
  await menu.openMenu();
  return shown;
}

const zonesField = (html) => html.match(/<input name="zones" value="([^"]*)">/)?.[1];
const loud = () => world.notifications.filter(([kind]) => kind === "error" || kind === "warn");

test("the arena setup asks for the selected tokens' roster and shows the suggestion with intervals; the zone count is filled in", async () => {
  const companion = fakeCompanion({ "/api/v1/goatball/tune": tuneRoute() });
  await connectTo(link, companion);
  const timeouts = [];
  const socket = link.getLink().socket;
  const plain = socket.timeout;
  socket.timeout = (ms) => {
    timeouts.push(ms);
    return plain.call(socket, ms);
  };
  selectSix();
  const html = await arenaForm();
  const [call] = companion.calls.filter((c) => c.route === "/api/v1/goatball/tune");
  assert.deepEqual(
    call.body.teams.map((t) => [
      t.id,
      t.players.map((p) => `${p.id}:${p.athletics}/${p.acrobatics}`),
    ]),
    [
      ["sun", ["s1:12/1", "s2:7/1", "s3:7/1"]],
      ["moon", ["m1:7/1", "m2:7/1", "m3:7/1"]],
    ],
    "Athletics and Acrobatics read by the dnd5e adapter",
  );
  assert.equal(call.body.budget, 30, "the world's budget");
  assert.equal(call.body.tactics, undefined, "the companion's default tactics");
  assert.ok(timeouts.includes(120000), "the tune call waits far longer than the link's usual 8 s");
  assert.match(
    html,
    /<p class="hint ballcourt-tune">Suggested for this roster: with 2 zones, 75% \(68–82%\) of matches end within 30 passes; upsets 20% \(14–27%\)\. A match takes about 80 minutes at the table\.<\/p>/,
  );
  assert.equal(zonesField(html), "2", "the suggested count in the zones field");
  assert.deepEqual(loud(), []);
});

test("zones null: the form says 'no difference' plainly and keeps its own zone count", async () => {
  await connectTo(
    link,
    fakeCompanion({ "/api/v1/goatball/tune": tuneRoute({ noDifference: true }) }),
  );
  selectSix();
  const html = await arenaForm();
  assert.match(
    html,
    /No difference: for this roster no zone count is better than the others\. Best seen: with 2 zones, 75% \(68–82%\)/,
  );
  assert.equal(zonesField(html), "0", "goatZones off: no zones, as without the suggestion");
});

test("a selection without teams is split in two by turns, and the note says so; each team's shared preset goes with it", async () => {
  const companion = fakeCompanion({ "/api/v1/goatball/tune": tuneRoute() });
  await connectTo(link, companion);
  selectSix({ teams: false });
  const html = await arenaForm();
  const body = companion.calls.find((c) => c.route === "/api/v1/goatball/tune").body;
  assert.deepEqual(
    body.teams.map((t) => t.players.map((p) => p.id)),
    [
      ["s1", "s2", "s3"],
      ["m1", "m2", "m3"],
    ],
  );
  assert.match(html, /The selection has no teams: split in two by turns\./);

  selectSix();
  world.values.autopilot = { sun: { mode: "act", tactics: "evasive" }, moon: "suggest" };
  world.values.autopilotTactics = "evasive";
  await arenaForm();
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/goatball/tune").at(-1).body.tactics,
    "evasive",
  );
});

test("a companion without the route, a refusal, or no link: one quiet line in the form, no error popup, the form as without it", async (t) => {
  const logged = consoleLines(t);
  await connectTo(link, fakeCompanion()); // no /goatball/tune: 404
  selectSix();
  let html = await arenaForm();
  assert.match(
    html,
    /<p class="hint ballcourt-tune">No zone suggestion: this companion has no balance simulator \(update it\)\.<\/p>/,
  );
  assert.equal(zonesField(html), "0");
  assert.deepEqual(loud(), []);

  await connectTo(
    link,
    fakeCompanion({
      "/api/v1/goatball/tune": () => ({
        status: 422,
        body: { error: { code: "invalid", message: "a team has 1 to 16 players" } },
      }),
    }),
  );
  html = await arenaForm();
  assert.match(html, /No zone suggestion \(a team has 1 to 16 players\)\./);
  assert.deepEqual(loud(), []);

  await connectTo(
    link,
    fakeCompanion({
      "/api/v1/goatball/tune": () => ({
        status: 429,
        body: { error: { code: "busy", message: "another tune is running: try again in 12 s" } },
      }),
    }),
  );
  html = await arenaForm();
  assert.match(
    html,
    /No zone suggestion: the companion is working on another one; ask again in a moment\./,
    "one tune at a time (issue 28): a second is refused at once",
  );
  assert.deepEqual(loud(), []);

  await connectTo(
    link,
    fakeCompanion({
      "/api/v1/goatball/tune": () => {
        throw new Error("boom");
      },
    }),
  );
  html = await arenaForm();
  assert.match(html, /No zone suggestion \(boom\)\./, "even an exception in the route");
  assert.deepEqual(loud(), []);
  assert.deepEqual(
    await settled(logged),
    Array(4).fill(["info", "Ballcourt: no zone suggestion"]),
    "each one's details in the console",
  );

  globalThis.canvas.tokens.controlled = [];
  html = await arenaForm();
  assert.match(html, /select the players&#39; tokens \(two or more\) first/);
});

test("the menu's Suggest zones whispers the note to the GM; without a suggestion, an info line", async (t) => {
  const logged = consoleLines(t);
  await connectTo(link, fakeCompanion({ "/api/v1/goatball/tune": tuneRoute() }));
  selectSix();
  assert.ok(menu.menuChoices(null).includes("tune"));
  assert.ok(menu.menuChoices({ game: "goatball" }).includes("tune"));
  assert.ok(!menu.menuChoices({ game: "yaotzin" }).includes("tune"), "not for Yaotzin");
  assert.ok(
    !menu.menuChoices(null, undefined, false).includes("tune"),
    "no scene viewed: no tokens to select",
  );
  FakeDialogV2.answers = ["tune"];
  await menu.openMenu();
  const message = globalThis.ChatMessage.created.at(-1);
  assert.deepEqual(message.whisper, ["gm"], "to this GM alone");
  assert.match(
    message.content,
    /zone suggestion for 6 tokens.*with 2 zones, 75% \(68–82%\) of matches end within 30 passes/s,
  );
  assert.equal(message.flags.ballcourt.tune.zones, 2);

  await connectTo(link, fakeCompanion());
  const before = globalThis.ChatMessage.created.length;
  FakeDialogV2.answers = ["tune"];
  await menu.openMenu();
  assert.equal(globalThis.ChatMessage.created.length, before, "no card without a suggestion");
  assert.match(world.notifications.at(-1)[1], /no balance simulator/);
  assert.equal(world.notifications.at(-1)[0], "info");
  assert.deepEqual(loud(), []);
  assert.deepEqual(
    await settled(logged),
    [["info", "Ballcourt: no zone suggestion"]],
    "the details in the console",
  );
});

test("the link's request takes a timeout of its own for one call; the usual one otherwise", async () => {
  const seen = [];
  const conn = new Connection({
    url: "http://x",
    token: "t",
    pageUrl: "http://localhost/game",
    timeout: 8000,
  });
  conn.status = "connected";
  conn.socket = {
    timeout: (ms) => {
      seen.push(ms);
      return { emitWithAck: async () => ({ status: 200, body: { ok: 1 } }) };
    },
  };
  assert.deepEqual(await conn.request("POST", "/r", {}, { timeout: 30000 }), { ok: 1 });
  await conn.request("GET", "/r");
  assert.deepEqual(seen, [30000, 8000]);
});

test("a slow answer: the arena form opens after a short wait saying the suggestion will follow, then it is whispered", async () => {
  let answer;
  const route = tuneRoute();
  await connectTo(
    link,
    fakeCompanion({
      "/api/v1/goatball/tune": (body) =>
        new Promise((resolve) => {
          answer = () => resolve(route(body));
        }),
    }),
  );
  const wait = tune.TUNE_TIMING.formWaitMs;
  tune.TUNE_TIMING.formWaitMs = 20;
  try {
    selectSix();
    const form = await tune.tuneForForm(globalThis.canvas.tokens.controlled.map((t) => t.document));
    assert.equal(form.ok, false);
    assert.match(form.line, /still working on a zone suggestion.*whispered to you when it comes/);
    assert.equal(form.zones, null, "the form keeps its own count");
    assert.equal(globalThis.ChatMessage.created.length, 0);
    answer();
    await form.later;
    const message = globalThis.ChatMessage.created.at(-1);
    assert.deepEqual(message.whisper, ["gm"]);
    assert.match(message.content, /with 2 zones, 75% \(68–82%\)/);
    assert.deepEqual(loud(), []);
  } finally {
    tune.TUNE_TIMING.formWaitMs = wait;
  }
});

test("while the companion works, each stage it finished is a notice to the GM, before the whisper (issue 41)", async () => {
  const route = tuneRoute();
  const stages = [1, 10].map((matches) => ({
    matches,
    of: 400,
    seconds: matches / 2,
    limit: 30,
    answer: {
      ...route({ teams: [{ players: [] }, { players: [] }], budget: 30 }).body,
      matches,
      partial: true,
    },
  }));
  const companion = fakeCompanion({
    "/api/v1/goatball/tune": (body) => {
      for (const stage of stages) companion.push("tune_progress", stage);
      return route(body);
    },
  });
  await connectTo(link, companion);
  selectSix();
  FakeDialogV2.answers = ["tune"];
  await menu.openMenu();
  const lines = world.notifications.filter(([kind]) => kind === "info").map(([, line]) => line);
  assert.deepEqual(
    lines.map((l) => l.match(/^Zone suggestion still working: (\d+) of 400/)?.[1]).filter(Boolean),
    ["1", "10"],
  );
  assert.match(
    lines.at(-1),
    /\(5 s, at most 30 s\)\. So far: Suggested for this roster: with 2 zones, 75% .* within 30 passes/,
  );
  assert.doesNotMatch(lines.at(-1), /time limit/);
  assert.match(
    globalThis.ChatMessage.created.at(-1).content,
    /with 2 zones, 75% \(68–82%\)/,
    "then the answer, whispered",
  );
  assert.deepEqual(loud(), []);
});

test("a link that is not connected is one quiet line too; no scene viewed, nothing selected", async (t) => {
  const logged = consoleLines(t);
  await connectTo(link, fakeCompanion({ "/api/v1/goatball/tune": tuneRoute() }));
  selectSix();
  link.getLink().status = "unreachable";
  const result = await tune.tuneFor(globalThis.canvas.tokens.controlled.map((t) => t.document));
  assert.equal(result.ok, false);
  assert.match(result.line, /^No zone suggestion \(/);
  assert.doesNotMatch(result.line, /BALLCOURT\./, "the link's reason in words");
  globalThis.canvas.tokens = null;
  const html = await arenaForm();
  assert.match(html, /select the players&#39; tokens/);
  assert.deepEqual(loud(), []);
  assert.deepEqual(
    await settled(logged),
    [["info", "Ballcourt: no zone suggestion"]],
    "the details in the console",
  );
});
