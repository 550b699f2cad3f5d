/**
 * Goat-ball autopilot at the table, end to end in the doubles: the NPCs'
 * declarations proposed by the (fake) companion, shown with their reasons in the GM's
 * Declarations view, one changed by the GM, the pass resolved; the NPC carrier's slip never
 * reaches a player; NPC checks rolled by the GM unasked; the token HUD and the menu's form.
 * Each browser runs its own copy of the module (openTable); `goatball`, `autopilot` and `menu`
 * are the GM's page's.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { suggestRoute } from "../../fakes/companion.mjs";
import {
  FakeCombat,
  FakeDialogV2,
  FakeUser,
  asUser,
  clientOf,
  installDocument,
} from "../../fakes/foundry.mjs";
import { fixture } from "../../fakes/scenes.mjs";
import { goatArena, goatCompanion, goatMatch, goatPlayer } from "../../tables/goatball.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";
import { consoleLines, said } from "../../fakes/console.mjs";

useTables();

let world;
let users;
let views;
let goatball;
let autopilot;
let menu;

const user = (id) => users.find((u) => u.id === id);

/**
 * r1 (the carrier) and b1 belong to no player; r2 is Carol's, b2 Bob's. Red's NPCs act, blue's
 * are suggested; Bob's b2 has its own mode, "act" (Bob is away). Initiative b2 1, b1 3, r1 5,
 * r2 9: b2 declares first, then b1, r1 (sealed), r2.
 */
async function autopilotWorld(routes = {}) {
  users = [
    new FakeUser({ id: "gm", name: "GM", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }),
    new FakeUser({ id: "bob", name: "Bob" }),
    new FakeUser({ id: "carol", name: "Carol" }),
  ];
  const match = goatMatch({
    red: [
      ["r1", "P1"],
      ["r2", "P2"],
    ],
    blue: [
      ["b1", "P3"],
      ["b2", "P4"],
    ],
  });
  const companion = goatCompanion(match, {
    "/api/v1/goatball/suggest": suggestRoute(),
    "/api/v1/goatball/pass": () => ({ status: 200, body: fixture("pass") }),
    ...routes,
  });
  world = await openOn(companion, {
    users,
    system: "dnd5e",
    settings: { rollPolicy: "players", autopilotTactics: "" },
  });
  views = clientOf("gm").apps; // the GM's windows (FakeApplicationV2): each render's HTML in `shown`
  [goatball, autopilot, menu] = await Promise.all(
    ["goatball", "goatball-autopilot", "setup-dialog"].map((n) => moduleOf("gm", n)),
  );
  const scene = goatArena(
    world,
    [
      goatPlayer("r1"),
      goatPlayer("r2", ["carol"]),
      goatPlayer("b1"),
      goatPlayer("b2", ["bob"], { flags: { autopilot: "act" } }),
    ],
    { b2: 1, b1: 3, r1: 5, r2: 9 },
  );
  world.values.autopilot = { red: "act", blue: "suggest" };
  return { companion, scene };
}

/** Wait (a few turns of the event loop) until `fn` holds. */
async function until(fn) {
  for (let i = 0; i < 200 && !fn(); i += 1) await new Promise((r) => setImmediate(r));
  assert.ok(fn(), "never happened");
}

const row = (html, id) =>
  html.match(new RegExp(`<li class="ballcourt-declare (\\w+)" data-player="${id}">.*?</li>`))?.[0];
const press = (view, action, player) =>
  view.constructor.DEFAULT_OPTIONS.actions[action].call(view, {}, { dataset: { player } });

test(
  "autopilot end to end: NPCs' declarations proposed with reasons, one changed by the GM, the pass resolved",
  { timeout: 60000 },
  async () => {
    const { companion, scene } = await autopilotWorld();
    const seenByCarol = [];
    user("carol").answer = (name, data) => {
      seenByCarol.push({ name, data, view: views[0].shown.at(-1) });
      return { action: "defend", target: "r1" };
    };
    user("bob").answer = (name) => {
      throw new Error(`Bob is away, yet was asked: ${name}`);
    };
    await goatball.startPass(scene);
    const collecting = goatball.collectDeclarations();

    // one request, for the players on autopilot only, with their skills, and nothing declared
    await until(() => views[0]?.shown.some((h) => h.includes('data-action="resolve"')));
    const asked = companion.calls.filter((c) => c.route === "/api/v1/goatball/suggest");
    assert.equal(asked.length, 1);
    assert.deepEqual(asked[0].body.players, ["b2", "b1", "r1"], "Carol declares for r2 herself");
    assert.deepEqual(asked[0].body.teams[0].players[0], {
      id: "r1",
      platform: "P1",
      athletics: 7,
      acrobatics: 1,
    });
    assert.ok(Number.isInteger(asked[0].body.seed));
    assert.equal(asked[0].body.tactics, undefined, "the companion's default tactics");

    // the NPC carrier's slip is in before Carol's turn; she is asked as always and never sees it
    assert.equal(seenByCarol.length, 1);
    assert.equal(seenByCarol[0].name, "ballcourt.declare");
    assert.doesNotMatch(
      JSON.stringify(seenByCarol[0].data),
      /throw/,
      "nothing of the slip in her query",
    );
    assert.equal(globalThis.ChatMessage.created.length, 0, "no message before the pass resolves");
    assert.equal(user("bob").queries.length, 0, "Bob's token is on autopilot: nobody asks him");

    // the GM's view: each NPC's proposal with its reason and a Change; the sealed slip shown to him alone
    const before = views[0].shown.at(-1);
    assert.match(
      row(before, "b1"),
      /Knock-off → r1-name.*fa-robot.*data-action="change".*knocks off r1: in reach/,
    );
    assert.match(row(before, "b2"), /Intercept.*covers the throw/);
    assert.match(row(before, "r1"), /fa-lock.*Throw → r2-name.*throws to r2: first in line/);
    assert.doesNotMatch(
      row(before, "r2"),
      /fa-robot|data-action="change"/,
      "Carol's own declaration is hers",
    );
    assert.match(before, /Resolve the pass/);

    // the GM changes b1's knock-off to an interception: the form opens on the proposal
    FakeDialogV2.answers = [
      (options) => {
        assert.match(options.content, /<option value="knock_off" selected>/);
        assert.match(options.content, /<option value="r1" selected>r1-name/);
        return { action: "intercept", target: "", skill: "acrobatics", zone: "" };
      },
    ];
    await press(views[0], "change", "b1");
    const after = views[0].shown.at(-1);
    assert.match(row(after, "b1"), /Intercept.*changed by the GM/);
    assert.doesNotMatch(row(after, "b1"), /in reach/);

    await press(views[0], "resolve");
    const declared = await collecting;
    assert.ok(declared.complete());
    assert.equal(views[0].closed, true);

    await goatball.resolvePass();
    const sent = companion.calls.find((c) => c.route === "/api/v1/goatball/pass").body;
    const by = Object.fromEntries(sent.actions.map((a) => [a.player, a]));
    assert.deepEqual(Object.keys(by).sort(), ["b1", "b2", "r1", "r2"]);
    assert.equal(by.b1.action, "intercept", "the GM's change, not the proposal");
    assert.equal(by.b1.skill, "acrobatics");
    assert.equal(by.b2.action, "intercept");
    assert.deepEqual(by.r2, { player: "r2", action: "defend", target: "r1" });
    assert.deepEqual(
      sent.throw,
      { kind: "pass", target: "r2" },
      "the NPC carrier's slip, revealed with the pass",
    );
    // every NPC check rolled by the GM's client, none asked of a player, all on the card
    assert.equal(user("bob").queries.length, 0);
    assert.deepEqual(
      user("carol").queries.map((q) => q.name),
      ["ballcourt.declare"],
    );
    const card = globalThis.ChatMessage.created.at(-1);
    assert.deepEqual(card.rolls.map((r) => r.options.ballcourt).sort(), [
      "b1.acrobatics",
      "b2.athletics",
      "r1.athletics",
    ]);
  },
);

test(
  "with every NPC on 'act' the pass goes straight on; Cancel during the review still abandons it",
  { timeout: 60000 },
  async () => {
    const { scene, companion } = await autopilotWorld();
    world.values.autopilot = { red: "act", blue: "act" };
    user("carol").answer = () => ({ action: "none" });
    await goatball.startPass(scene);
    const declared = await goatball.collectDeclarations();
    assert.ok(declared.complete(), "nobody waits for a Resolve");
    assert.doesNotMatch(views[0].shown.join(""), /Resolve the pass/);
    assert.equal(declared.declared.get("b1").action, "knock_off");

    world.values.autopilot = { blue: "suggest" };
    await goatball.startPass(scene);
    FakeDialogV2.answers = [{ action: "throw", target: "r2", skill: "athletics" }]; // the GM declares for r1
    const collecting = goatball.collectDeclarations();
    await until(() => views[1]?.shown.some((h) => h.includes('data-action="resolve"')));
    await views[1].constructor.DEFAULT_OPTIONS.actions.cancel.call(views[1]);
    assert.equal(await collecting, null);
    assert.equal(goatball.currentDeclarations(), null);
    assert.equal(companion.calls.filter((c) => c.route === "/api/v1/goatball/pass").length, 0);
  },
);

test(
  "without the companion's proposals the GM is told and declares for the NPCs himself",
  { timeout: 60000 },
  async (t) => {
    const logged = consoleLines(t);
    const { scene } = await autopilotWorld({
      "/api/v1/goatball/suggest": () => ({
        status: 404,
        body: { error: { code: "not_found", message: "no /api/v1/goatball/suggest" } },
      }),
    });
    user("carol").answer = () => ({ action: "none" });
    user("bob").answer = () => ({ action: "intercept", skill: "athletics" });
    FakeDialogV2.answers = [
      { action: "intercept", skill: "athletics" },
      { action: "throw", target: "r2", skill: "athletics" },
    ];
    await goatball.startPass(scene);
    const declared = await goatball.collectDeclarations();
    assert.ok(declared.complete(), "no Resolve to wait for: nothing was proposed");
    assert.equal(FakeDialogV2.shown.length, 2, "the GM's own prompt for his NPCs b1 and r1");
    assert.equal(user("bob").queries.length, 1, "Bob's b2 is his to declare again");
    assert.equal(declared.declared.get("r1").throw.target, "r2");
    assert.match(
      world.notifications.find(([k]) => k === "warn")[1],
      /autopilot could not get proposals/,
    );
    assert.deepEqual(
      said(logged),
      [["warn", "Ballcourt: autopilot"]],
      "the details in the console",
    );
  },
);

test(
  "a player the answer leaves out declares as without the autopilot; a change the rules refuse leaves the proposal",
  { timeout: 60000 },
  async () => {
    const full = suggestRoute();
    const { scene } = await autopilotWorld({
      "/api/v1/goatball/suggest": (body) => {
        const answer = full(body);
        answer.body.declarations = answer.body.declarations.filter((d) => d.player === "b1");
        return answer;
      },
    });
    user("carol").answer = () => ({ action: "none" });
    user("bob").answer = () => ({ action: "intercept", skill: "athletics" });
    FakeDialogV2.answers = [{ action: "throw", target: "r2", skill: "athletics" }]; // the GM's own r1
    await goatball.startPass(scene);
    const collecting = goatball.collectDeclarations();
    await until(() => views[0]?.shown.some((h) => h.includes('data-action="resolve"')));
    assert.match(
      world.notifications.find(([k]) => k === "warn")[1],
      /no usable declaration for b2-name, r1-name/,
    );
    assert.equal(user("bob").queries.length, 1, "Bob declares for b2");
    assert.doesNotMatch(
      row(views[0].shown.at(-1), "r1"),
      /data-action="change"/,
      "the GM's own declaration is not a proposal",
    );

    FakeDialogV2.answers = [{ action: "knock_off", target: "b1", skill: "athletics" }]; // at himself
    await press(views[0], "change", "b1");
    assert.match(world.notifications.at(-1)[1], /b1 is not a target for b1/);
    assert.match(
      row(views[0].shown.at(-1), "b1"),
      /Knock-off → r1-name.*in reach/,
      "the proposal stands",
    );
    await press(views[0], "resolve");
    assert.equal((await collecting).declared.get("b1").target, "r1");
  },
);

test(
  "while the companion thinks, the pass is already being declared: a second one is refused",
  { timeout: 60000 },
  async () => {
    let answer;
    const full = suggestRoute();
    const { scene } = await autopilotWorld({
      "/api/v1/goatball/suggest": (body) =>
        new Promise((resolve) => {
          answer = () => resolve(full(body));
        }),
    });
    world.values.autopilot = { red: "act", blue: "act" };
    user("carol").answer = () => ({ action: "none" });
    await goatball.startPass(scene);
    const collecting = goatball.collectDeclarations();
    await until(() => answer);
    await assert.rejects(goatball.startPass(scene), /already being declared/);
    answer();
    assert.equal((await collecting).declared.get("r1").throw.target, "r2");
  },
);

test("a change the GM confirms after the pass has gone on is not taken", async () => {
  const { scene } = await autopilotWorld();
  const { Declarations } = await import("../../../scripts/core/goatball.mjs");
  const { AutopilotPass } = await import("../../../scripts/core/goatball-autopilot.mjs");
  const declarations = new Declarations(
    [
      { id: "b1", team: "blue", initiative: 3 },
      { id: "r1", team: "red", initiative: 5 },
    ],
    "r1",
  );
  const state = new AutopilotPass([["b1", "act"]]);
  state.take(
    { declarations: [{ player: "b1", action: "intercept", skill: "athletics", reason: "" }] },
    declarations,
    () => "blue",
  );
  declarations.declare("b1", state.proposal("b1"));
  const pilot = { state, sceneId: scene.id, declarations, done: false };
  FakeDialogV2.answers = [
    () => {
      pilot.done = true; // the last player answered and the pass resolved while the form was open
      return { action: "none" };
    },
  ];
  assert.equal(await autopilot.changeDeclaration(pilot, "b1"), false);
  assert.equal(declarations.declared.get("b1").action, "intercept");
  assert.match(world.notifications.at(-1)[1], /has gone on/);
  assert.equal(await autopilot.changeDeclaration(pilot, "b1"), false, "no form once it is done");
  assert.equal(FakeDialogV2.shown.length, 1);
});

test("the token HUD's button steps a team token's own mode, for the GM on an arena only", async () => {
  await autopilotWorld();
  installDocument();
  const scene = globalThis.canvas.scene;
  const b2 = scene.tokens.get("b2");
  const r2 = scene.tokens.get("r2");
  const hudFor = (token, glue = autopilot) => {
    const column = {
      children: [],
      querySelector: (sel) =>
        column.children.find(
          (c) => sel === "[data-ballcourt-autopilot]" && "ballcourtAutopilot" in c.dataset,
        ) ?? null,
      appendChild: (c) => column.children.push(c),
    };
    glue.onRenderTokenHUD(
      { document: token },
      { querySelector: (sel) => (sel === ".col.left" ? column : null) },
    );
    return column;
  };
  const column = hudFor(r2);
  const [button] = column.children;
  assert.equal(button.type, "button");
  assert.match(
    button.dataset.tooltip,
    /Autopilot off \(the team's/,
    "Carol's token: off by default",
  );
  const click = () =>
    Promise.all(button.listeners.get("click").map((fn) => fn({ preventDefault() {} })));
  await click();
  assert.equal(r2.flags.ballcourt.autopilot, "off");
  await click();
  await click();
  assert.equal(r2.flags.ballcourt.autopilot, "act");
  assert.equal(autopilot.modeOf(r2), "act");
  assert.match(button.dataset.tooltip, /Autopilot: act \(this token's own/);
  await click();
  assert.equal(autopilot.tokenMode(r2), null, "back to the team's mode");
  assert.equal(autopilot.modeOf(scene.tokens.get("b1")), "suggest", "an NPC: his team's");
  assert.equal(autopilot.modeOf(b2), "act");

  assert.equal(hudFor(r2).children.length, 1);
  const bobs = await moduleOf("bob", "goatball-autopilot"); // Bob's HUD, on his own page
  assert.equal(asUser("bob", () => hudFor(b2, bobs)).children.length, 0, "no button for a player");
});

test("the menu's Autopilot form sets each team's mode and the selected tokens' own", async () => {
  const { scene } = await autopilotWorld();
  const saved = [];
  globalThis.game.settings.set = async (scope, key, value) => {
    saved.push([scope, key, value]);
    world.values[key] = value;
  };
  const b1 = scene.tokens.get("b1");
  globalThis.canvas.tokens.controlled = [{ document: b1 }];
  FakeDialogV2.answers = [
    "autopilot",
    (options) => {
      assert.match(
        options.content,
        /name="team-red"><option value="off">Autopilot off<\/option><option value="suggest">[^<]*<\/option><option value="act" selected>/,
      );
      assert.match(options.content, /<label>The selected token <select/);
      assert.match(
        options.content,
        /name="tactics-red" list="ballcourt-presets" value="">/,
        "per-team tactics (autopilot branch)",
      );
      assert.match(
        options.content,
        /<datalist id="ballcourt-presets"><option value="single-chaser">/,
      );
      return {
        "team-red": "suggest",
        "team-blue": "off",
        "tactics-red": " evasive ",
        "tactics-blue": "",
        tokens: "act",
      };
    },
  ];
  await menu.openMenu();
  assert.deepEqual(saved, [
    [
      "ballcourt",
      "autopilot",
      { red: { mode: "suggest", tactics: "evasive" }, blue: { mode: "off", tactics: "" } },
    ],
  ]);
  assert.equal(autopilot.tacticsOf("red"), "evasive");
  assert.equal(
    autopilot.tacticsOf("blue"),
    null,
    "blank: the world's setting, blank too: the companion's default",
  );
  assert.equal(b1.flags.ballcourt.autopilot, "act");
  assert.equal(autopilot.modeOf(scene.tokens.get("r1")), "suggest");
  assert.equal(autopilot.modeOf(b1), "act", "its own mode over the team's off");
});

// --- per-team tactics (autopilot branch) ---------------------------------------------------------
/** The suggest route, refusing what a companion may not read: two presets in one string. */
const strictSuggest = () => {
  const full = suggestRoute();
  return (body) =>
    typeof body.tactics === "string" && body.tactics.includes(",")
      ? { status: 422, body: { error: { code: "invalid", message: "tactics: a preset name" } } }
      : full(body);
};

test(
  "each team's autopilot plays its own preset: one request per team, its players only, one name each",
  { timeout: 60000 },
  async () => {
    const { scene, companion } = await autopilotWorld({
      "/api/v1/goatball/suggest": strictSuggest(),
    });
    world.values.autopilot = {
      red: { mode: "act", tactics: "thin-defence" },
      blue: { mode: "act", tactics: "" },
    };
    world.values.autopilotTactics = "follow-ball";
    user("carol").answer = () => ({ action: "none" });
    await goatball.startPass(scene);
    const declared = await goatball.collectDeclarations();
    const asked = companion.calls
      .filter((c) => c.route === "/api/v1/goatball/suggest")
      .map((c) => c.body);
    assert.deepEqual(
      asked.map((b) => [b.tactics, b.players]),
      [
        ["follow-ball", ["b2", "b1"]],
        ["thin-defence", ["r1"]],
      ],
    );
    assert.equal(asked[0].seed, asked[1].seed, "the same pass's seed");
    assert.equal(declared.declared.get("b1").action, "knock_off");
    assert.equal(declared.declared.get("r1").throw.target, "r2");
    assert.equal(world.notifications.filter(([k]) => k === "warn" || k === "error").length, 0);

    world.values.autopilot = { red: { mode: "act", tactics: "evasive" }, blue: "act" }; // the first cut's shape for blue
    world.values.autopilotTactics = "evasive";
    await goatball.startPass(scene);
    await goatball.collectDeclarations();
    const again = companion.calls
      .filter((c) => c.route === "/api/v1/goatball/suggest")
      .slice(2)
      .map((c) => c.body);
    assert.deepEqual(
      again.map((b) => [b.tactics, b.players]),
      [["evasive", ["b2", "b1", "r1"]]],
      "one preset for all: one request",
    );
  },
);

test(
  "a team's request that fails leaves its players to declare as without the autopilot; the other team's stand",
  { timeout: 60000 },
  async (t) => {
    const logged = consoleLines(t);
    const full = suggestRoute();
    const { scene } = await autopilotWorld({
      "/api/v1/goatball/suggest": (body) =>
        body.tactics === "nonsense"
          ? {
              status: 422,
              body: { error: { code: "invalid", message: "unknown tactics 'nonsense'" } },
            }
          : full(body),
    });
    world.values.autopilot = {
      red: { mode: "act", tactics: "nonsense" },
      blue: { mode: "act", tactics: "evasive" },
    };
    user("carol").answer = () => ({ action: "none" });
    FakeDialogV2.answers = [{ action: "throw", target: "r2", skill: "athletics" }]; // the GM declares for r1
    await goatball.startPass(scene);
    const declared = await goatball.collectDeclarations();
    assert.equal(declared.declared.get("b1").action, "knock_off", "blue's proposals went in");
    assert.equal(FakeDialogV2.shown.length, 1, "the GM was asked for r1 alone");
    const warned = world.notifications.filter(([k]) => k === "warn").map(([, m]) => m);
    assert.deepEqual(warned.length, 1);
    assert.match(warned[0], /could not get proposals \(unknown tactics 'nonsense'\)/);
    assert.equal(
      world.notifications.filter(([k]) => k === "error").length,
      0,
      "no error popup besides the one warning",
    );
    assert.deepEqual(
      said(logged),
      [["warn", "Ballcourt: autopilot"]],
      "the details in the console",
    );
  },
);

test(
  "proposals that come once the arena's encounter is in another round are dropped: the GMs are told, the NPCs declared by hand",
  { timeout: 60000 },
  async () => {
    let answer;
    const full = suggestRoute();
    const { scene } = await autopilotWorld({
      "/api/v1/goatball/suggest": (body) =>
        new Promise((resolve) => {
          answer = () => resolve(full(body));
        }),
    });
    const fight = new FakeCombat({
      round: 1,
      combatants: Object.entries({ b2: 1, b1: 3, r1: 5, r2: 9 }).map(([tokenId, initiative]) => ({
        tokenId,
        sceneId: scene.id,
        initiative,
      })),
    });
    globalThis.game.combats.set(fight.id, fight);
    user("carol").answer = () => ({ action: "none" });
    user("bob").answer = () => ({ action: "intercept", skill: "athletics" });
    FakeDialogV2.answers = [
      { action: "intercept", skill: "athletics" },
      { action: "throw", target: "r2", skill: "athletics" },
    ];
    await goatball.startPass(scene);
    const collecting = goatball.collectDeclarations();
    await until(() => answer);
    await asUser("gm", () => fight.nextRound()); // the round moves on while the companion works
    answer();
    const declared = await collecting;
    assert.equal(FakeDialogV2.shown.length, 2, "the GM declares his NPCs b1 and r1 himself");
    assert.equal(user("bob").queries.length, 1, "Bob's b2 is his to declare");
    assert.equal(declared.declared.get("r1").throw.target, "r2");
    assert.equal(declared.declared.get("b1").action, "intercept");
    assert.ok(
      clientOf("gm").ui.notifications.some(
        ([kind, text]) => kind === "warn" && /b1-name/.test(text) && /round moved on/.test(text),
      ),
      JSON.stringify(clientOf("gm").ui.notifications),
    );
  },
);
