/**
 * What a GM met in a live v13/v14 world, one test per point of the review, against fakes whose
 * defaults are Foundry's (unlinked encounters, dialogs closed to null, sockets without a sender,
 * controls rebuilt only on demand, private modes that whisper, systems without an adapter).
 * Each browser runs its own copy of the module (openTable); the glue named below is the GM's
 * page's, a player's own page's where the test says so.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mock, test } from "node:test";

import { courtScene, fixture } from "./fakes/scenes.mjs";
import { connectTo, fakeCompanion } from "./fakes/companion.mjs";
import {
  FakeActor,
  FakeCombat,
  FakeDialogV2,
  FakeDnd5eActor,
  FakeScene,
  FakeToken,
  asUser,
  clientOf,
  settle,
  visibleTo,
} from "./fakes/foundry.mjs";
import { moduleOf, onPage, openOn, useTables } from "./tables/table.mjs";
import { requestAs } from "./tables/yaotzin.mjs";

const moduleJson = JSON.parse(readFileSync(new URL("../module.json", import.meta.url), "utf8"));
const { adapterFor } = await import("../scripts/adapters/index.mjs");

const tick = () => new Promise((r) => setImmediate(r));

useTables();

let world;
let chat;
let link;
let combat;
let goatball;
let court;
let menu;
let stats;
let quench;
let KickTool;

/** Every browser with the module, on `companion` (a fake one by default); the glue above is the GM's page's. */
async function table(companion = fakeCompanion(), options = {}) {
  world = await openOn(companion, options);
  [chat, link, combat, goatball, court, menu, stats, quench, { KickTool }] = await Promise.all(
    [
      "chat",
      "link",
      "combat",
      "goatball",
      "court",
      "setup-dialog",
      "stats-form",
      "quench",
      "kick-tool",
    ].map((name) => moduleOf("gm", name)),
  );
  return companion;
}

function goatScene(tokens, matchId = "g1") {
  const scene = new FakeScene({
    tokens,
    flags: { ballcourt: { game: "goatball", matchId, arena: { platforms: [], zones: [] } } },
  });
  globalThis.game.scenes.set(scene.id, scene);
  return scene;
}

const tipoffAnswer = () => ({
  status: 200,
  body: {
    ...fixture("pass"),
    chat_card: {
      kind: "goatball.tipoff",
      title: { key: "BALLCOURT.Card.Tick.Still", data: {} },
      lines: [],
      rolls: [],
      actions: [],
    },
  },
});

/** A court's player in an encounter: the combatant names the token and its scene. */
const onCourt = (scene, tokenId) => ({ tokenId, sceneId: scene.id, name: tokenId, initiative: 12 });

test("#1 an encounter unlinked to any scene still gives the ball its turns on its players' court", async () => {
  await table(
    fakeCompanion({ "/api/v1/yaotzin/tick": () => ({ status: 200, body: fixture("tick") }) }),
  );
  const scene = courtScene();
  scene.tokens.get("ball").flags.ballcourt.ball = { speed: 3, direction: "E" };
  const encounter = new FakeCombat({ combatants: [onCourt(scene, "ix")] });
  assert.equal(encounter.scene, null, "v13's default: unlinked");
  const made = await combat.ensureBallCombatants(encounter);
  assert.deepEqual(
    made.map((c) => c.flags.ballcourt.tick),
    [25, 20, 15, 10, 5, 1],
  );
  assert.equal(encounter.scene, scene, "linked to the court it started on");
  globalThis.canvas.scene = null; // the GM looks elsewhere: the linked court still runs
  const message = await combat.onCombatTurnChange(encounter, {}, { combatantId: made[0].id });
  assert.equal(message.flags.ballcourt.card.kind, "yaotzin.tick");
  assert.equal(
    await combat.onUpdateCombat(encounter, { round: 2 }).then((s) => s.seq),
    1,
    "the clock moves on",
  );
});

test("#1 an encounter with the ball's turns but no court to be found warns the GM once", async () => {
  await table();
  courtScene();
  const encounter = new FakeCombat({
    combatants: [{ name: "Ball (25)", initiative: 24.999, flags: { ballcourt: { tick: 25 } } }],
  });
  assert.deepEqual(await combat.ensureBallCombatants(encounter), []);
  assert.deepEqual(await combat.ensureBallCombatants(encounter), []);
  const warnings = world.notifications.filter(([kind]) => kind === "warn");
  assert.equal(warnings.length, 1);
  assert.match(warnings[0][1], /not linked to a court/);
});

test("#2 goat-ball on pf1 and D35E: every check answered from the 3.5 sheet; the menu offers only what runs", async () => {
  const sheet = {
    abilities: { str: { mod: 3 }, dex: { mod: 2 } },
    skills: { acr: { mod: 6 }, jmp: { mod: 5 }, tmb: { mod: 4 } },
  };
  assert.deepEqual(
    adapterFor("pf1").goatballSkills({ system: sheet }),
    { athletics: 3, acrobatics: 6, strMod: 3, dexMod: 2 },
    "pf1: a Strength check and the Acrobatics skill",
  );
  assert.deepEqual(
    adapterFor("D35E").goatballSkills({ system: sheet }),
    { athletics: 5, acrobatics: 4, strMod: 3, dexMod: 2 },
    "D35E: Jump and Tumble",
  );
  assert.deepEqual(
    adapterFor("D35E").goatballSkills({ system: { abilities: sheet.abilities } }),
    { athletics: 3, acrobatics: 2, strMod: 3, dexMod: 2 },
    "no skill on the sheet: the ability check",
  );

  const companion = await table(fakeCompanion({ "/api/v1/goatball/tipoff": tipoffAnswer }));
  const token = (id, team) =>
    new FakeToken({
      id,
      name: id,
      flags: { ballcourt: { team } },
      actor: new FakeActor({ system: sheet }),
    });
  const scene = goatScene([token("r1", "red"), token("b1", "blue")]);
  globalThis.Roll.queue = [12, 7];
  const message = await asUser("gm", () => goatball.tipOff(scene));
  const sent = companion.calls.find((c) => c.route === "/api/v1/goatball/tipoff").body;
  assert.deepEqual(sent.checks, {
    r1: { check: 18, skill: "acrobatics" },
    b1: { check: 13, skill: "acrobatics" },
  });
  assert.equal(message.rolls.length, 2);

  const goat = { game: "goatball", matchId: "g1" };
  for (const system of ["pf1", "D35E", "dnd5e"]) {
    assert.ok(
      ["tipoff", "pass", "quick"].every((c) =>
        menu.menuChoices(goat, adapterFor(system)).includes(c),
      ),
      system,
    );
  }
  assert.ok(
    !menu.menuChoices({ game: "goatball" }, adapterFor("pf1")).includes("pass"),
    "no match yet: no pass",
  );
  assert.ok(
    !menu.menuChoices({ game: "yaotzin" }, adapterFor("pf1")).includes("hoop"),
    "no match yet: no hoop",
  );
  assert.ok(menu.menuChoices(goat, adapterFor("worldbuilding")).includes("stats"));
  assert.ok(!menu.menuChoices(goat, adapterFor("pf1")).includes("stats"));
});

test("#3 on dnd5e one action is one message: the system's own cards are not posted, each die rides once", async () => {
  await table(fakeCompanion({ "/api/v1/goatball/tipoff": tipoffAnswer }), { system: "dnd5e" });
  const tokens = ["r1", "r2", "r3", "b1", "b2", "b3"].map(
    (id) =>
      new FakeToken({
        id,
        name: id,
        flags: { ballcourt: { team: id[0] === "r" ? "red" : "blue" } },
        actor: new FakeDnd5eActor(fixture("actors/dnd5e")),
      }),
  );
  const scene = goatScene(tokens);
  await asUser("gm", () => goatball.tipOff(scene));
  assert.equal(globalThis.ChatMessage.created.length, 1, "one message");
  assert.equal(
    globalThis.ChatMessage.created[0].rolls.length,
    6,
    "each die once, on the Ballcourt card",
  );
});

test("#4 a closed dialog cancels: a declaration becomes 'no action', a menu form does nothing", async () => {
  await table();
  const scene = goatScene([
    new FakeToken({ id: "r1", name: "r1", flags: { ballcourt: { team: "red" } } }),
  ]);
  FakeDialogV2.answers = [null]; // the player closes it with the X (a dialog stays open until then)
  const declaration = await goatball.declarationPrompt({ tokenId: "r1", sceneId: scene.id });
  assert.deepEqual(declaration, { action: "none" });

  const yard = courtScene();
  const field = new FakeScene({});
  globalThis.game.scenes.set(field.id, field);
  world.view("gm", field);
  FakeDialogV2.answers = ["useScene", null]; // the GM picks "Use this scene", then closes its form
  assert.equal(await menu.openMenu(), null);
  assert.deepEqual(
    world.notifications.filter(([k]) => k === "error"),
    [],
    "no error shown",
  );
  assert.equal(globalThis.canvas.scene.flags.ballcourt, undefined, "nothing written");
  world.view("gm", yard);
  globalThis.canvas.tokens.controlled = [{ document: yard.tokens.get("ix") }];
  FakeDialogV2.answers = ["hoop", null];
  assert.equal(await menu.openMenu(), null, "a hoop shot whose side is never chosen is cancelled");
  assert.equal(globalThis.ChatMessage.created.length, 0);
});

test("#4 a player's query that fails or times out counts as no action, and the pass goes on", async () => {
  const companion = fakeCompanion({
    "/api/v1/matches/g1": () => ({
      status: 200,
      body: {
        id: "g1",
        seq: 0,
        teams: [
          { id: "red", players: [{ id: "r1", platform: "P1" }] },
          { id: "blue", players: [{ id: "b1", platform: "P2" }] },
        ],
        possession: { team: "red", carrier: "r1", visited: ["P1"], hot: false },
      },
    }),
  });
  await table(companion);
  const token = (id, owner) =>
    new FakeToken({
      id,
      name: id,
      flags: { ballcourt: { team: id[0] === "r" ? "red" : "blue" } },
      actor: new FakeActor({ owners: [owner] }),
    });
  const scene = goatScene([token("r1", "alice"), token("b1", "bob")]);
  globalThis.game.users.get("bob").answer = () => {
    throw new Error("query timed out");
  };
  globalThis.game.users.get("alice").answer = () => ({
    action: "throw",
    skill: "athletics",
    throw: { kind: "pass", target: "r1" },
  });
  await asUser("gm", () => goatball.startPass(scene));
  const logged = mock.method(console, "warn", () => {}); // expected: said, not printed
  const declarations = await asUser("gm", () => goatball.collectDeclarations());
  assert.match(logged.mock.calls.map((c) => c.arguments.join(" ")).join("\n"), /query timed out/);
  logged.mock.restore();
  assert.equal(declarations.declared.get("b1").action, "none");
  assert.match(world.notifications.find(([k]) => k === "warn")[1], /b1 gave no declaration/);
});

/** A table on a companion answering `routes`, the GM viewing the court (his page's canvasReady builds its overlay). */
async function kickWorld(routes) {
  const companion = await table(fakeCompanion(routes));
  const scene = courtScene();
  world.view("gm", scene);
  return { companion, scene };
}

test("#5 hovering the kicker's own square draws the reason quietly; a failing preview shows no popup", async () => {
  const { scene } = await kickWorld({
    "/api/v1/yaotzin/kick/preview": (body) =>
      body.target.x === 10 && body.target.y === 12
        ? { status: 200, body: fixture("preview-own-square") }
        : { status: 422, body: { error: { code: "validation", message: "players.0.x: bad" } } },
  });
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  const tool = new KickTool();
  assert.equal(tool.toggle(true), true);
  const before = world.notifications.length;
  tool.hover({ x: 1050, y: 1250 });
  await tick();
  assert.equal(tool.lastPreview.legal, false);
  assert.ok(
    globalThis.canvas.interface.texts().includes("the kicker's own square"),
    "the reason on the canvas",
  );
  tool.hover({ x: 1850, y: 1250 });
  await tick();
  assert.equal(world.notifications.length, before, "no popup while hovering");
  await tool.click({ x: 1050, y: 1250, button: 0 });
  assert.equal(globalThis.ChatMessage.created.length, 0, "no kick at a refused square");
});

test("#6 the kicker is the token controlled when the tool starts; a click on another token does not change it", async () => {
  const { companion, scene } = await kickWorld({
    "/api/v1/yaotzin/kick/preview": () => ({ status: 200, body: fixture("preview") }),
    "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }),
  });
  const tool = new KickTool();
  assert.equal(tool.toggle(true), false, "nobody controlled: the tool stays off");
  assert.match(world.notifications.at(-1)[1], /Control exactly one team player/);
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  assert.equal(tool.toggle(true), true);
  assert.match(
    world.notifications.find(([k, m]) => k === "info" && /kicks/.test(m))[1],
    /Ixpoetchitl kicks/,
  );
  tool.hover({ x: 1850, y: 1250 });
  await tick();
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("yo") }]; // Foundry selected the clicked token
  await tool.click({ x: 1850, y: 1250, button: 0 });
  const kick = companion.calls.find((c) => c.route === "/api/v1/yaotzin/kick").body;
  assert.equal(kick.kicker, "ix");
});

test("#7 tools appear after 'Use this scene' and 'Start match'; a Kick toggle that cannot start shows off", async () => {
  await table(fakeCompanion({ "/api/v1/matches": () => ({ status: 201, body: { id: "m9" } }) })); // every page's ready ran
  assert.ok(globalThis.game.modules.get("ballcourt").api);
  const controls = globalThis.ui.controls.render();
  const scene = new FakeScene({});
  globalThis.game.scenes.set(scene.id, scene);
  world.view("gm", scene);
  controls.render({ reset: true });
  assert.deepEqual(controls.visibleTools(), ["ballcourtMenu"]);
  await court.useThisScene(scene, {});
  assert.deepEqual(controls.visibleTools(), ["ballcourtMenu", "ballcourtKick", "ballcourtTick"]);
  await court.createMatch(scene);
  assert.ok(controls.visibleTools().includes("ballcourtBoard"));
  controls.tool("ballcourtKick").onChange({}, true); // nobody controlled
  assert.equal(controls.tool("ballcourtKick").active, false, "the button shows what the tool is");
  world.view("alice", scene);
  await asUser("alice", async () => {
    // a player sees only the kick tool, when the table lets him kick
    const own = globalThis.ui.controls;
    world.values.playerKicks = true;
    own.render({ reset: true });
    assert.deepEqual(own.visibleTools(), ["ballcourtKick"]);
    world.values.playerKicks = false;
    own.render({ reset: true });
    assert.deepEqual(own.visibleTools(), []);
  });
});

test("#8 any other system: the GM types each player's numbers in; who lacks them is named; no systems list", async () => {
  await table(fakeCompanion(), { system: "worldbuilding" });
  const scene = courtScene();
  world.view("gm", scene);
  const a = adapterFor("worldbuilding");
  assert.equal(a.id, "generic");
  const { missingStats } = await moduleOf("gm", "scene");
  assert.deepEqual(missingStats(scene), ["Ixpoetchitl", "Yolteotl"]);
  const ix = scene.tokens.get("ix");
  ix.actor.setFlag = async (scope, key, value) => {
    ix.actor.flags[scope] = { ...ix.actor.flags[scope], [key]: value };
  };
  FakeDialogV2.answers = [
    { str: "16", dex: "15", bab: "4", reflex: "5", speed: "30", "feat.power_attack": "on" },
    null,
  ];
  assert.equal(
    await stats.editStats([ix, scene.tokens.get("yo")], "yaotzin"),
    1,
    "the second dialog was closed",
  );
  assert.deepEqual(a.yaotzinStats(ix.actor), {
    str: 16,
    dex: 15,
    bab: 4,
    reflex: 5,
    feats: ["power_attack"],
    speed: 30,
  });
  assert.deepEqual(missingStats(scene), ["Yolteotl"]);
  assert.equal(
    moduleJson.relationships?.systems,
    undefined,
    "listing systems hides the module elsewhere",
  );
});

test("#9 a card that asks players to act reaches them whatever the GM's message mode", async () => {
  await table();
  world.values.coreMessageMode = "gm"; // v14's names (the world is v14)
  const scene = courtScene();
  const context = {
    game: "yaotzin",
    kind: "kick",
    sceneId: scene.id,
    matchId: "m1",
    owners: { ix: ["alice"], yo: ["bob"], ball: [] },
  };
  const asking = await chat.postCard(fixture("kick"), context); // "intercept:yo" is Bob's
  assert.ok(visibleTo(asking, "bob"), "Bob sees his button");
  assert.ok(!visibleTo(asking, "alice"), "still private to everyone else");
  world.values.coreMessageMode = "blind";
  assert.ok(visibleTo(await chat.postCard(fixture("kick"), context), "bob"));
  const quiet = await chat.postCard(
    {
      ...fixture("kick"),
      chat_card: {
        ...fixture("kick").chat_card,
        actions: fixture("kick").chat_card.actions.filter((x) => x.id === "apply"),
      },
    },
    context,
  );
  assert.ok(!visibleTo(quiet, "bob"), "a card with nothing for players keeps the GM's mode");
});

test("#10 a forged socket message or a player's write of his own press cannot pose as the GM", async () => {
  const companion = await table();
  const scene = courtScene();
  const message = await chat.postCard(fixture("kick"), {
    game: "yaotzin",
    kind: "kick",
    sceneId: scene.id,
    matchId: "m1",
    owners: { ix: ["alice"], yo: ["bob"], ball: [] },
  });
  await asUser("bob", async () => {
    await globalThis.game.socket.emit("module.ballcourt", {
      type: "action",
      messageId: message.id,
      actionId: "apply",
      userId: "gm",
    });
    await globalThis.game.user.setFlag("ballcourt", "press", {
      messageId: message.id,
      actionId: "apply",
      userId: "gm",
    });
    await assert.rejects(
      globalThis.game.users
        .get("gm")
        .setFlag("ballcourt", "press", { messageId: message.id, actionId: "apply" }),
      "nobody writes another user's document",
    );
  });
  await settle();
  assert.equal(message.flags.ballcourt.applied, false);
  assert.equal(companion.match.seq, 0);
});

test("#11 the Quench chat batch waits for the message to render before it looks for its buttons", async () => {
  await table();
  const rendered = quench.renderedElement(1000);
  const message = await globalThis.ChatMessage.create({ content: "" });
  assert.equal(
    clientOf("gm").chat.get(message.id),
    undefined,
    "not rendered yet when create resolves",
  );
  const html = await rendered(message.id);
  assert.equal(html, clientOf("gm").chat.get(message.id), "the element the GM's chat log shows");
  await assert.rejects(quench.renderedElement(30)("never"), /never rendered/);
});

test("the GM is warned once when the module and the companion are not the same version", async () => {
  await table();
  globalThis.game.modules.get("ballcourt").version = "0.1.0"; // the GM's page's module
  const companion = fakeCompanion({
    "/api/v1/health": () => ({ status: 200, body: { status: "ok", version: "0.2.0" } }),
  });
  await asUser("gm", () => connectTo(link, companion)); // his page connects to another companion
  await tick();
  const warnings = world.notifications.filter(([k, m]) => k === "warn" && /0\.2\.0/.test(m));
  assert.equal(warnings.length, 1);
  assert.match(warnings[0][1], /module\.json/);
  assert.equal(await link.checkVersion(), null, "asked once per companion");
});

test("a player kicks with his own token: previews and the kick go through the GM, who checks who asked", async () => {
  const companion = await table(
    fakeCompanion({
      "/api/v1/yaotzin/kick/preview": () => ({ status: 200, body: fixture("preview") }),
      "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }),
    }),
  ); // the GM's page holds the link
  world.values.playerKicks = true;
  const scene = courtScene();
  for (const id of ["gm", "alice"]) world.view(id, scene); // her own screen views the court
  const tool = new (await moduleOf("alice", "kick-tool")).KickTool(); // her page's tool
  await asUser("alice", async () => {
    globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
    assert.equal(tool.toggle(true), true);
    tool.hover({ x: 1850, y: 1250 });
    for (let i = 0; i < 5 && !tool.lastPreview; i += 1) await tick();
    assert.equal(tool.lastPreview.target.x, 18, "Alice sees the preview");
    await tool.click({ x: 1850, y: 1250, button: 0 });
  });
  await settle();
  const previews = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/kick/preview");
  assert.equal(previews[0].body.kicker, "ix", "the GM built the preview body from his own scene");
  assert.equal(previews[0].body.players.length, 2);
  assert.equal(
    globalThis.game.users.get("gm").queries[0].name,
    "ballcourt.preview",
    "Alice asked the GM",
  );
  const kicks = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/kick");
  assert.equal(kicks.length, 1, "the GM resolved Alice's kick");
  assert.equal(globalThis.ChatMessage.created.at(-1).flags.ballcourt.card.kind, "yaotzin.kick");

  await asUser("bob", () =>
    globalThis.game.user.setFlag("ballcourt", "kick", {
      sceneId: scene.id,
      kicker: "ix",
      target: { x: 18, y: 12 },
      standing: true,
      powerAttack: 0,
    }),
  );
  await settle();
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/kick").length,
    1,
    "Bob does not own Ixpoetchitl: no kick",
  );
  world.values.playerKicks = false;
  await asUser("alice", () =>
    globalThis.game.user.setFlag("ballcourt", "kick", {
      sceneId: scene.id,
      kicker: "ix",
      target: { x: 18, y: 12 },
      standing: true,
      powerAttack: 0,
    }),
  );
  await settle();
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/kick").length,
    1,
    "the table does not let players kick",
  );
});

test("#10 every press reaches the GM, though Foundry's updateUser carries only what changed since the last", async () => {
  const companion = await table(
    fakeCompanion({
      "/api/v1/yaotzin/intercept": () => ({ status: 200, body: fixture("intercept") }),
    }),
  );
  const scene = courtScene();
  const context = {
    game: "yaotzin",
    kind: "kick",
    sceneId: scene.id,
    matchId: "m1",
    owners: { ix: ["alice"], yo: ["bob"], ball: [] },
  };
  const first = await chat.postCard(fixture("kick"), context);
  const second = await chat.postCard(fixture("kick"), context);
  await requestAs("bob", first.id, "intercept:yo");
  await requestAs("bob", second.id, "intercept:yo"); // the same action: only messageId and `at` differ
  await settle();
  assert.deepEqual(first.flags.ballcourt.resolved, ["intercept:yo"]);
  assert.deepEqual(second.flags.ballcourt.resolved, ["intercept:yo"]);
  assert.equal(companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept").length, 2);
});

test("the tracker's Reset or a player's end of round: the ball's six turns get their counts back, once", async () => {
  await table();
  const scene = courtScene();
  const encounter = new FakeCombat({ combatants: [onCourt(scene, "ix")] });
  await Promise.all([
    combat.onUpdateCombat(encounter, { round: 1, turn: 0 }),
    combat.onUpdateCombat(encounter, { turn: 0 }),
  ]);
  assert.equal(encounter.combatants.size, 7, "created once though two updates came together");
  await encounter.resetAll(); // Reset clears every initiative
  await settle();
  await combat.onUpdateCombat(encounter, { round: 0, turn: 0 });
  assert.deepEqual(
    encounter.combatants.contents.map((c) => c.initiative),
    [null, 24.999, 19.999, 14.999, 9.999, 4.999, 0.999],
  );
  assert.equal(encounter.combatants.size, 7);
});

test("'Use this scene' on a scene marked before starts afresh: its old match is not reused", async () => {
  await table();
  const scene = new FakeScene({
    flags: { ballcourt: { game: "goatball", matchId: "old", arena: { platforms: [], zones: [] } } },
  });
  globalThis.game.scenes.set(scene.id, scene);
  await court.useThisScene(scene, {});
  assert.equal(scene.flags.ballcourt.game, "yaotzin");
  assert.equal(scene.flags.ballcourt.matchId, undefined, "no cards go to the old match");
  assert.equal(scene.flags.ballcourt.arena, undefined);
});

test("the declaration form offers a Defend only the player's teammates (rulings: a Defend names a teammate only)", async () => {
  await table();
  const token = (id, team) =>
    new FakeToken({ id, name: `${id}-name`, flags: { ballcourt: { team } } });
  const scene = goatScene([token("r1", "red"), token("r2", "red"), token("b1", "blue")]);
  let content = "";
  FakeDialogV2.answers = [
    (options) => {
      ({ content } = options);
      return { action: "defend", target: "b1", defend: "r2", skill: "athletics" };
    },
  ];
  const declaration = await goatball.declarationPrompt({ tokenId: "r1", sceneId: scene.id });
  const defendable = [...content.matchAll(/<select name="defend">(.*?)<\/select>/gs)].flatMap(
    ([, options]) =>
      [...options.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]).filter(Boolean),
  );
  assert.deepEqual(defendable, ["r2"], "his teammate, never himself or an opponent");
  assert.deepEqual(
    declaration,
    { action: "defend", skill: "athletics", target: "r2" },
    "a Defend's target is the one the Defend list names",
  );
});

test("a player's declaration dialog closes itself when the GM stops waiting: no answer lands in a pass gone by", async () => {
  await table();
  const scene = goatScene([
    new FakeToken({ id: "r1", name: "r1", flags: { ballcourt: { team: "red" } } }),
  ]);
  // Alice never answers; the dialog's own render option closes it on her screen, as Foundry's would
  clientOf("alice").dialogs.answers = [
    (options) => new Promise((resolve) => options.render({}, { close: () => resolve(null) })),
  ];
  const declaration = await onPage("alice", "goatball", (g) =>
    g.declarationPrompt({ tokenId: "r1", sceneId: scene.id, closeIn: 5 }),
  );
  assert.deepEqual(declaration, { action: "none" });
});

test("a second pass cannot start while one is being declared", async () => {
  const companion = fakeCompanion({
    "/api/v1/matches/g1": () => ({
      status: 200,
      body: {
        id: "g1",
        seq: 0,
        teams: [
          { id: "red", players: [{ id: "r1", platform: "P1" }] },
          { id: "blue", players: [{ id: "b1", platform: "P2" }] },
        ],
        possession: { team: "red", carrier: "r1", visited: ["P1"], hot: false },
      },
    }),
  });
  await table(companion);
  const token = (id) =>
    new FakeToken({ id, name: id, flags: { ballcourt: { team: id[0] === "r" ? "red" : "blue" } } });
  const scene = goatScene([token("r1"), token("b1")]);
  let release;
  FakeDialogV2.answers = [
    () =>
      new Promise((resolve) => {
        release = resolve;
      }),
  ];
  await asUser("gm", () => goatball.startPass(scene));
  const collecting = asUser("gm", () => goatball.collectDeclarations());
  while (!release) await tick(); // the dialog is open (its user answers on a later turn)
  await assert.rejects(
    asUser("gm", () => goatball.startPass(scene)),
    /already being declared/,
  );
  release({ action: "none" });
  FakeDialogV2.answers = [{ action: "none" }]; // r1 has no teammate to pass to
  assert.ok(await collecting);
  await asUser("gm", () => goatball.startPass(scene)); // once declared, the next pass may start
});
