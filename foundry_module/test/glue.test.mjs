/**
 * The Foundry glue against fakes: double renders and clicks, a player's click routed to the
 * GM, Apply/Undo of a kick card on a scene, v13/v14 message modes, the sealed declaration.
 * Each browser runs its own copy of the module (openTable); what the GM does runs on his page,
 * what a player does on his.
 */
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { courtScene, fixture, runningEncounter } from "./fakes/scenes.mjs";
import { fakeCompanion } from "./fakes/companion.mjs";
import {
  FakeActor,
  FakeScene,
  FakeToken,
  FakeUser,
  asUser,
  buttonsIn,
  clientOf,
  fakeHtml,
  listenerCount,
  openTable,
  settle,
} from "./fakes/foundry.mjs";
import { goatArena, goatCompanion, goatMatch, goatPlayer } from "./tables/goatball.mjs";
import { moduleOf, openOn, shown, useTables } from "./tables/table.mjs";
import { kickCard, recorded, requestAs } from "./tables/yaotzin.mjs";

useTables();

let world;
let chat;

/** Every browser with the module, on a fake companion answering `routes` (returned); `chat` is the GM's page's. */
async function table(routes = {}, options = {}) {
  const companion = fakeCompanion(routes);
  world = await openOn(companion, options);
  chat = await moduleOf("gm", "chat");
  return companion;
}

test("settings register with client-scoped connection and a GM-only Apply default", async () => {
  await table(); // each page registers them at its own init
  const reg = globalThis.game.settings.registered;
  assert.equal(reg.get("ballcourt.token").scope, "client");
  assert.equal(reg.get("ballcourt.companionUrl").scope, "client");
  assert.equal(reg.get("ballcourt.companionUrl").default, "http://127.0.0.1:7770");
  assert.equal(reg.get("ballcourt.applyPermission").default, "gm");
  assert.equal(reg.get("ballcourt.diceSource").default, "foundry");
});

test("message mode: v14's core.messageMode, else v13's core.rollMode", async () => {
  await table({}, { version: 14, settings: { coreMessageMode: "gm" } });
  let env = await moduleOf("gm", "env");
  assert.equal(env.messageMode(), "gm");
  assert.deepEqual(env.applyMessageMode({}).whisper, ["gm"], "v14's applyMode with v14's names");
  await table({}, { version: 13, settings: { coreRollMode: "blindroll" } }); // core.messageMode throws on v13
  env = await moduleOf("gm", "env");
  assert.equal(env.messageMode(), "blindroll");
  const data = env.applyMessageMode({});
  assert.equal(data.rollMode, "blindroll", "v13's applyRollMode");
  assert.equal(data.blind, true);
});

test("a card carries its rolls, its flags and type=button buttons", async () => {
  await table();
  const scene = courtScene();
  const message = await kickCard(scene);
  assert.equal(message.flags.ballcourt.applied, false);
  assert.equal(message.rolls.length, 3);
  assert.ok(message.rolls.every((r) => r.fromData));
  assert.equal([...message.content.matchAll(/<button type="button"/g)].length, 2);
});

test("render hooks firing twice wire each button once", async () => {
  await table();
  const scene = courtScene();
  const message = await kickCard(scene);
  const html = fakeHtml(message.content);
  chat.onRenderChatMessageHTML(message, html);
  chat.onRenderChatMessageHTML(message, html);
  assert.deepEqual(
    buttonsIn(html).map((b) => listenerCount(b, "click")),
    [1, 1],
  );
});

test("Apply moves the ball, posts the event; a second click does nothing; Undo restores", async () => {
  const companion = await table();
  const scene = courtScene();
  const message = await kickCard(scene);
  const [first, second] = await Promise.all([
    chat.performAction(message.id, "apply", "gm"),
    chat.performAction(message.id, "apply", "gm"),
  ]);
  assert.deepEqual([first, second], [true, false]);
  assert.equal(await chat.performAction(message.id, "apply", "gm"), false);
  const ball = scene.tokens.get("ball");
  assert.deepEqual([ball.x, ball.y], [2000, 1200]);
  assert.deepEqual(ball.flags.ballcourt.ball, { speed: 9, direction: "E" });
  assert.equal(companion.match.log.length, 1);
  const { play } = companion.match.log[0]; // who kicked, for the match report
  assert.equal(play.player, "ix");
  assert.deepEqual(companion.match.log[0], {
    type: "ball",
    x: 20,
    y: 12,
    speed: 9,
    direction: "E",
    meta: { message: message.id },
    play,
  });
  assert.equal(message.flags.ballcourt.applied, true);
  assert.equal(await chat.performAction(message.id, "undo", "gm"), true);
  assert.deepEqual([ball.x, ball.y], [1000, 1200]);
  assert.deepEqual(ball.flags.ballcourt.ball, { speed: 0, direction: null });
  assert.equal(companion.match.seq, 0);
  assert.equal(await chat.performAction(message.id, "undo", "gm"), false);
  assert.equal(
    await chat.performAction(message.id, "apply", "gm"),
    true,
    "applies again after undo",
  );
});

test("Undo refuses when a later card moved the same ball, and names it", async () => {
  const companion = await table();
  const scene = courtScene();
  const a = await kickCard(scene);
  const b = await kickCard(scene);
  await chat.performAction(a.id, "apply", "gm");
  await chat.performAction(b.id, "apply", "gm");
  assert.equal(await chat.performAction(a.id, "undo", "gm"), false);
  assert.match(
    world.notifications.at(-1)[1],
    /later card “Ixpoetchitl kicks at \(18, 12\)” also changed the token of Ball/,
  );
  assert.equal(companion.match.seq, 2);
});

test("routing: a player presses his own player's action; the GM performs it once, knowing who pressed", async () => {
  // the companion's answer to the first press is held until the second press has come, so
  // that it comes while the first is being performed (not after it, when it does nothing)
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const companion = await table({
    "/api/v1/yaotzin/intercept": async (body) => {
      await held;
      return recorded("intercept")(body);
    },
  });
  const w = world;
  const scene = courtScene();
  const message = await kickCard(scene);
  const emittedBefore = w.emitted.length;
  globalThis.Roll.queue = [9];
  await requestAs("bob", message.id, "apply");
  assert.equal(clientOf("bob").ui.notifications.at(-1)[0], "warn", "Apply is the GM's (default)");
  await requestAs("bob", message.id, "intercept:ix");
  assert.equal(clientOf("bob").ui.notifications.at(-1)[0], "warn", "not Bob's token");
  await requestAs("bob", message.id, "intercept:yo");
  await requestAs("bob", message.id, "intercept:yo");
  for (let trips = 0; trips < 100 && w.emitted.length === emittedBefore; trips++)
    await new Promise((r) => setImmediate(r));
  answer();
  await settle();
  assert.deepEqual(
    w.emitted.slice(emittedBefore).map((e) => [e.data.type, e.data.to]),
    [["refused", "bob"]],
    "over the socket only a notice to Bob: his second press came while the first was being performed",
  );
  const intercepts = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept");
  assert.equal(intercepts.length, 1, "performed once");
  assert.deepEqual(intercepts[0].body.rolls, { save: 9 });
  assert.equal(intercepts[0].body.player, "yo");
  assert.deepEqual(message.flags.ballcourt.resolved, ["intercept:yo"]);
  const card = globalThis.ChatMessage.created.at(-1);
  assert.equal(card.flags.ballcourt.card.kind, "yaotzin.intercept");
  assert.equal(card.rolls[0].options.ballcourt, "save");
  assert.equal(w.notifications.filter((n) => n[0] === "error").length, 0);
});

test("with no GM connected a player is told to wait", async () => {
  const w = await openTable({
    user: "bob",
    users: [new FakeUser({ id: "gm", isGM: true, active: false }), new FakeUser({ id: "bob" })],
    settings: { applyPermission: "anyone" },
  }); // Bob's browser alone
  assert.equal(w.link, null, "nobody's page holds the link");
  const scene = courtScene();
  const message = await asUser("bob", () =>
    globalThis.ChatMessage.create({
      content: '<div class="ballcourt-card"></div>',
      flags: {
        ballcourt: {
          card: fixture("kick").chat_card,
          context: {
            game: "yaotzin",
            kind: "kick",
            sceneId: scene.id,
            matchId: "m1",
            owners: { ix: ["alice"], yo: ["bob"], ball: [] },
          },
          applied: false,
          undone: false,
          resolved: [],
        },
      },
    }),
  );
  await requestAs("bob", message.id, "apply");
  assert.equal(w.emitted.length, 0);
  assert.match(shown("bob").at(-1), /Waiting for the GM/);
  assert.equal(
    globalThis.game.users.get("bob").getFlag("ballcourt", "press"),
    undefined,
    "no request written",
  );
});

test("combat: the ball's six combatants are added once, and its turn posts a tick card", async () => {
  const companion = await table({ "/api/v1/yaotzin/tick": recorded("tick") });
  const combat = await moduleOf("gm", "combat");
  const scene = courtScene();
  const created = [];
  const combatants = new Map();
  const fakeCombat = {
    scene,
    combatants: Object.assign(combatants, { contents: [] }),
    createEmbeddedDocuments: async (_t, data) => {
      created.push(...data);
      return data;
    },
  };
  await combat.ensureBallCombatants(fakeCombat);
  assert.deepEqual(
    created.map((c) => c.flags.ballcourt.tick),
    [25, 20, 15, 10, 5, 1],
  );
  combatants.set("c1", created[0]);
  scene.tokens.get("ball").flags.ballcourt.ball = { speed: 3, direction: "E" }; // a still ball's turn posts nothing
  const message = await combat.onCombatTurnChange(fakeCombat, {}, { combatantId: "c1" });
  assert.equal(message.flags.ballcourt.card.kind, "yaotzin.tick");
  const tickBody = companion.calls.find((c) => c.route === "/api/v1/yaotzin/tick").body;
  assert.deepEqual(tickBody.ball, { x: 10, y: 12, speed: 3, direction: "E" });
  assert.equal(tickBody.players.length, 2);
});

test("goat-ball: the carrier's sealed declaration goes to the GM alone, never over the broadcast socket", async () => {
  const match = goatMatch(
    {
      red: [
        ["r1", "P1"],
        ["r2", "P2"],
      ],
      blue: [["b1", "P7"]],
    },
    { seq: 2 },
  );
  const companion = goatCompanion(match, {
    "/api/v1/goatball/pass": (body) => ({ status: 200, body: { ...fixture("pass"), echo: body } }),
  });
  const users = [
    new FakeUser({ id: "gm", isGM: true }),
    new FakeUser({ id: "alice" }),
    new FakeUser({ id: "bob" }),
    new FakeUser({ id: "carol" }),
  ];
  const w = await openOn(companion, { users, system: "dnd5e" });
  const goatball = await moduleOf("gm", "goatball");
  const scene = goatArena(w, [
    goatPlayer("r1", ["alice"]),
    goatPlayer("r2", ["carol"]),
    goatPlayer("b1", ["bob"]),
  ]);
  const emittedBefore = w.emitted.length;
  users[1].answer = () => ({
    action: "throw",
    skill: "athletics",
    throw: { kind: "pass", target: "r2" },
  });
  users[2].answer = () => ({ action: "intercept", skill: "acrobatics" });
  users[3].answer = () => ({ action: "throw", skill: "athletics" });
  await asUser("gm", () => goatball.startPass(scene));
  await asUser("gm", () => goatball.collectDeclarations());
  assert.deepEqual(
    users[1].queries.map((q) => q.name),
    ["ballcourt.declare"],
  );
  assert.equal(users[1].queries[0].data.sealed, true, "Alice owns the carrier");
  assert.equal(users[2].queries[0].data.sealed, false);
  assert.equal(users[3].queries[0].data.sealed, false);
  assert.equal(w.emitted.length, emittedBefore, "nothing went over the broadcast socket");
  assert.ok(users[2].queries.every((q) => !JSON.stringify(q).includes('r2","kind')));
  globalThis.Roll.queue = [9, 8, 14]; // rolled after the declarations: b1, r2, then r1
  const message = await asUser("gm", () => goatball.resolvePass());
  const sent = companion.calls.find((c) => c.route === "/api/v1/goatball/pass").body;
  assert.deepEqual(sent.throw, { kind: "pass", target: "r2" });
  assert.deepEqual(sent.actions.map((a) => [a.player, a.action, a.check]).sort(), [
    ["b1", "intercept", 9 + 1],
    ["r1", "throw", 14 + 7],
    ["r2", "throw", 8 + 7],
  ]);
  assert.equal(message.rolls.length, 3);
  assert.equal(message.flags.ballcourt.context.kind, "pass");
});

/** A dribble check that accepts Ixpoetchitl's two squares east, with the ball. */
function dribbleRoutes() {
  return {
    "/api/v1/yaotzin/dribble": (body) => ({
      status: 200,
      body: {
        ...fixture("kick"),
        chat_card: {
          kind: "yaotzin.dribble",
          title: { key: "BALLCOURT.Card.Dribble.Title", data: { player: "Ix", count: 2 } },
          lines: [],
          rolls: [],
          actions: [
            {
              id: "apply",
              key: "BALLCOURT.Action.Apply",
              data: {},
              payload: {
                events: [{ type: "ball", x: 12, y: 12, speed: 0, direction: null }],
                ball: { x: 12, y: 12, speed: 0, direction: null },
                moves: [{ player: "ix", x: 12, y: 12 }],
                path: body.squares,
              },
            },
          ],
        },
      },
    }),
  };
}

test("dragging the token on a still ball is checked by the companion, then moves both; Undo takes it back", async () => {
  const companion = await table(dribbleRoutes());
  const dribble = await moduleOf("gm", "dribble");
  const scene = courtScene();
  const ix = scene.tokens.get("ix");
  ix.parent = scene;
  const yo = scene.tokens.get("yo");
  yo.parent = scene;
  runningEncounter(scene);
  const movement = (token, x) => ({
    origin: { x: token.x, y: token.y },
    destination: { x, y: token.y },
    method: "dragging",
  });
  assert.equal(
    dribble.onPreMoveToken(yo, movement(yo, 1400), {}),
    true,
    "not on the ball: moves freely",
  );
  assert.equal(dribble.onPreMoveToken(ix, movement(ix, 1000), {}), true, "no change of square");
  assert.equal(
    dribble.onPreMoveToken(ix, movement(ix, 1200), { ballcourt: { internal: true } }),
    true,
  );
  assert.equal(dribble.onPreMoveToken(ix, movement(ix, 1200), {}), false, "held for the companion");
  await settle();
  const sent = companion.calls.find((c) => c.route === "/api/v1/yaotzin/dribble").body;
  assert.deepEqual(sent.squares, [
    { x: 11, y: 12 },
    { x: 12, y: 12 },
  ]);
  assert.deepEqual(sent.ball, { x: 10, y: 12 });
  assert.deepEqual([ix.x, scene.tokens.get("ball").x], [1200, 1200]);
  const message = globalThis.ChatMessage.created.at(-1);
  assert.equal(message.flags.ballcourt.applied, true);
  assert.ok(scene.updateLog.at(-1).updates.length === 2);
  await chat.performAction(message.id, "undo", "gm");
  assert.deepEqual([ix.x, scene.tokens.get("ball").x], [1000, 1000]);
});

test("goat-ball checks: zone advantage, a defended knock-off target, a hot throw's contest", async () => {
  await table({}, { system: "dnd5e" });
  const goatball = await moduleOf("gm", "goatball");
  const token = (id, team) =>
    new FakeToken({
      id,
      name: id,
      x: 0,
      y: 0,
      flags: { ballcourt: { team } },
      actor: new FakeActor(fixture("actors/dnd5e")),
    });
  const scene = new FakeScene({
    tokens: [
      token("r1", "red"),
      token("r2", "red"),
      token("r3", "red"),
      token("b1", "blue"),
      token("b2", "blue"),
    ],
    flags: { ballcourt: { game: "goatball", arena: { platforms: [], zones: [] } } },
  });
  const { Declarations } = await import("../scripts/core/goatball.mjs");
  const d = new Declarations(
    [
      { id: "r1", initiative: 9 },
      { id: "r2", initiative: 5 },
      { id: "r3", initiative: 4 },
      { id: "b1", initiative: 7 },
      { id: "b2", initiative: 3 },
    ],
    "r1",
  );
  d.declare("b2", { action: "knock_off", target: "r2" });
  d.declare("r3", { action: "defend", target: "r2" });
  d.declare("b1", { action: "intercept", skill: "acrobatics" });
  d.declare("r1", { action: "throw", skill: "athletics", throw: { kind: "hot", target: "b1" } });
  const players = new Map([
    ["r1", { zone: "A" }],
    ["r2", { zone: "B" }],
    ["r3", { zone: "B" }],
    ["b1", { zone: "C" }],
    ["b2", { zone: "B" }],
  ]);
  const made = [];
  const roll = globalThis.Roll;
  const formulas = [];
  globalThis.Roll = class extends roll {
    constructor(f, data) {
      super(f, data);
      formulas.push(f);
    }
  };
  globalThis.Roll.queue = [10, 10, 10, 10, 10, 10];
  roll.queue = globalThis.Roll.queue;
  const totals = await asUser("gm", () => goatball.rollChecks(scene, d, players, made));
  globalThis.Roll = roll;
  // b2's Athletics; r2's defence, defended by r3; b1 in the hot target's zone; r1 in his own; the hot contest
  assert.deepEqual(formulas, [
    "1d20 + @mod",
    "2d20kh + @mod",
    "2d20kh + @mod",
    "2d20kh + @mod",
    "2d20kh + @mod",
    "1d20 + @mod",
  ]);
  assert.deepEqual(Object.keys(totals).sort(), ["b1", "b2", "hot", "r1"]);
  // r2 is defended: both faces and the modifier go to the companion, which picks the face
  assert.deepEqual(
    [totals.b2.defense, totals.b2.defenseFaces, totals.b2.defenseModifier],
    [undefined, [10, 10], 7],
    "the target defends with his better skill (Athletics +7), both d20s for the companion",
  );
  assert.equal(made.length, 6);
  assert.deepEqual(totals.hot, { carrier: 10 + 1, target: 10 + 1 });
});

test("Apply is all or nothing: a failing scene write takes the posted events back", async () => {
  const companion = await table();
  const scene = courtScene();
  const message = await kickCard(scene);
  scene.updateEmbeddedDocuments = async () => {
    throw new Error("the scene refused the update");
  };
  const logged = [mock.method(console, "warn", () => {}), mock.method(console, "error", () => {})];
  assert.equal(await chat.performAction(message.id, "apply", "gm"), false);
  assert.match(
    logged.flatMap((m) => m.mock.calls.map((c) => c.arguments.join(" "))).join("\n"),
    /refused the update/,
    "said in the console, not printed by the test run",
  );
  for (const m of logged) m.mock.restore();
  assert.equal(companion.match.seq, 0, "the event was undone again");
  assert.equal(message.flags.ballcourt.applied, false);
  assert.match(world.notifications.at(-1)[1], /refused the update/);
  delete scene.updateEmbeddedDocuments;
  assert.equal(await chat.performAction(message.id, "apply", "gm"), true, "a retry applies once");
  assert.equal(companion.match.seq, 1);
});

test("issue 35 item 7: the GM's drag of the dribbler is held in preMoveToken (preUpdateToken need not see x/y during a drag)", async () => {
  const companion = await table(dribbleRoutes());
  const scene = courtScene();
  const ix = scene.tokens.get("ix");
  runningEncounter(scene);
  const moved = await asUser("gm", () =>
    ix.move(
      [
        { x: 1100, y: 1200 },
        { x: 1200, y: 1200 },
      ],
      { method: "dragging" },
    ),
  );
  await settle();
  assert.equal(moved, false, "the drag itself is vetoed");
  const asked = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/dribble");
  assert.equal(asked.length, 1, "the companion checks the dribble");
  assert.deepEqual(asked[0].body.squares, [
    { x: 11, y: 12 },
    { x: 12, y: 12 },
  ]);
  assert.deepEqual(
    [ix.x, scene.tokens.get("ball").x],
    [1200, 1200],
    "then the token and the ball move together",
  );
});

test("a player dragging his own dribbler: his client holds the move, the GM's checks who he is and dribbles", async () => {
  const companion = await table(dribbleRoutes());
  const scene = courtScene();
  const ix = scene.tokens.get("ix");
  ix.parent = scene;
  runningEncounter(scene);
  const moved = await asUser("alice", () =>
    ix.move(
      [
        { x: 1100, y: 1200 },
        { x: 1200, y: 1200 },
      ],
      { method: "dragging" },
    ),
  );
  assert.equal(moved, false, "Alice's client holds her drag of Ixpoetchitl off the ball");
  await settle();
  const sent = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/dribble");
  assert.equal(sent.length, 1, "the GM's client dribbled it");
  assert.deepEqual(sent[0].body.squares, [
    { x: 11, y: 12 },
    { x: 12, y: 12 },
  ]);
  assert.deepEqual(
    [ix.x, scene.tokens.get("ball").x],
    [1200, 1200],
    "the token and the ball moved together",
  );
  await asUser("bob", () =>
    globalThis.game.user.setFlag("ballcourt", "dribble", {
      sceneId: scene.id,
      tokenId: "ix",
      to: { x: 14, y: 12 },
      at: 1,
    }),
  );
  await settle();
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/dribble").length,
    1,
    "Bob does not own Ixpoetchitl: nothing",
  );
});
