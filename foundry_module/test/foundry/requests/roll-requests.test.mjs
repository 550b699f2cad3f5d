/**
 * Players roll their own checks: the request state (core), and the glue at a table
 * where each player's client answers through User#query from its own sheet, on its own page;
 * the GM's view (who has rolled, who is pending, roll for an absent player, cancel); each roll
 * reaches the resolution once; Defend's advantage as the engine gives it. Each browser runs its
 * own copy of the module (openTable); `chat`, `rr` and `goatball` are the GM's page's.
 */
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { courtScene, fixture } from "../../fakes/scenes.mjs";
import {
  FakeActor,
  FakeDnd5eActor,
  FakeScene,
  FakeToken,
  FakeUser,
  asUser,
  clientOf,
  installDocument,
} from "../../fakes/foundry.mjs";
import {
  CANCELLED,
  PENDING,
  ROLLED,
  RollRequests,
  readRollAnswer,
} from "../../../scripts/core/roll-requests.mjs";
import { Declarations } from "../../../scripts/core/goatball.mjs";
import { goatArena, goatCompanion, goatMatch, goatPlayer } from "../../tables/goatball.mjs";
import { flush, playerClients, resultCards, rollGlue } from "../../tables/roll-requests.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";
import { interceptCompanion, kickCard, requestAs } from "../../tables/yaotzin.mjs";

useTables();

let world;
let chat;
let rr;
let goatball;

/** Every browser with the module, on `companion`; players roll their own checks unless `settings` say otherwise. */
async function table(companion, { settings = {}, ...options } = {}) {
  world = await openOn(companion, { ...options, settings: { rollPolicy: "players", ...settings } });
  [chat, rr, goatball] = [
    await moduleOf("gm", "chat"),
    await rollGlue("gm"),
    await moduleOf("gm", "goatball"),
  ];
  return companion;
}

/** A court with a kick card offering Bob's Yolteotl an interception, the GM's page linked to a fake companion. */
async function interceptTable() {
  const doc = installDocument();
  const companion = await table(interceptCompanion());
  return { companion, doc, message: await kickCard(courtScene()) };
}

/** Red's r1 and r2 and blue's b1 of match g1 on a dnd5e sheet each (Alice's, Carol's, Bob's); `zones` r2's and b1's. */
function passArena(zones = {}) {
  const match = goatMatch(
    {
      red: [
        ["r1", "P1"],
        ["r2", "P2", zones.r2],
      ],
      blue: [["b1", "P7", zones.b1]],
    },
    { seq: 2 },
  );
  const companion = goatCompanion(match, {
    "/api/v1/goatball/pass": () => ({ status: 200, body: fixture("pass") }),
  });
  const player = (id, owner) => goatPlayer(id, [owner], { Sheet: FakeDnd5eActor, name: id });
  return { companion, tokens: [player("r1", "alice"), player("r2", "carol"), player("b1", "bob")] };
}

const fourUsers = (carol = {}) => [
  new FakeUser({ id: "gm", isGM: true }),
  new FakeUser({ id: "alice", name: "Alice" }),
  new FakeUser({ id: "bob", name: "Bob" }),
  new FakeUser({ id: "carol", name: "Carol", ...carol }),
];

/**
 * The GM starts a goat-ball pass on `scene`, each player declares his tokens' `declared` actions
 * from his own screen, and the GM resolves it: returns the players' roll requests (`inbox`,
 * `answer` from playerClients) and the pass under way (`resolving`).
 */
async function declaredPass(users, scene, declared) {
  const { inbox, answer } = playerClients(users);
  for (const u of users.filter((x) => !x.isGM)) {
    const rolls = u.answer;
    u.answer = (name, data) =>
      name === "ballcourt.declare" ? declared[data.tokenId] : rolls(name, data);
  }
  await asUser("gm", () => goatball.startPass(scene));
  await asUser("gm", () => goatball.collectDeclarations());
  const resolving = asUser("gm", () => goatball.resolvePass());
  await flush();
  return { inbox, answer, resolving };
}

test("core: a request is settled once; a late answer, a second click or a cancel after it changes nothing", async () => {
  const book = new RollRequests();
  const a = book.open({
    tokenId: "yo",
    name: "Yolteotl",
    owner: "bob",
    check: { type: "save", id: "reflex" },
  });
  const b = book.open({
    tokenId: "ix",
    name: "Ix",
    owner: "alice",
    check: { type: "skill", id: "athletics" },
    advantage: true,
  });
  assert.deepEqual(
    book.pending().map((r) => r.id),
    [a, b],
  );
  const waiting = book.waitFor(a);
  assert.equal(book.settle(a, { total: 14 }, "bob"), true);
  assert.equal(book.settle(a, { total: 3 }, "gm"), false, "the GM's roll for him came too late");
  assert.equal((await waiting).roll.total, 14);
  assert.deepEqual(book.cancel([a, b]), [b], "only what is still pending is cancelled");
  assert.deepEqual(book.cancel(), [], "no id, nothing: a cancel names its requests");
  assert.equal(
    book.settle(b, { total: 20 }, "alice"),
    false,
    "an answer after a cancel is dropped",
  );
  assert.deepEqual(
    book.status().map((r) => [r.id, r.state, r.by, r.total]),
    [
      [a, ROLLED, "bob", 14],
      [b, CANCELLED, null, null],
    ],
  );
  assert.equal((await book.waitFor(b)).state, CANCELLED, "a settled request answers at once");
  book.forget([a, b]);
  assert.deepEqual(book.status(), []);
  const c = book.open({ tokenId: "yo" });
  book.forget([c]);
  assert.equal(book.get(c).state, PENDING, "a pending request is never forgotten");
  await assert.rejects(book.waitFor("nope"), /unknown roll request/);
});

test("core: a player's answer is a d20 roll with faces 1..20, up to three, its natural the active face", () => {
  const roll = (results, total = 15) => ({ total, terms: [{ class: "Die", faces: 20, results }] });
  assert.deepEqual(readRollAnswer(roll([{ result: 12, active: true }])), {
    total: 15,
    natural: 12,
    faces: [12],
  });
  assert.equal(
    readRollAnswer(
      roll([
        { result: 4, active: false },
        { result: 17, active: true },
      ]),
    ).natural,
    17,
  );
  assert.equal(
    readRollAnswer(
      roll([
        { result: 4, active: true },
        { result: 17, active: false, discarded: true },
      ]),
    ).natural,
    4,
    "a Poisoned character's sheet rolls with disadvantage though the request had none",
  );
  assert.throws(() => readRollAnswer(roll([{ result: 21 }])), /1\.\.20/);
  assert.throws(() => readRollAnswer(roll([{ result: 0 }])), /1\.\.20/);
  assert.throws(() => readRollAnswer(roll([{ result: 5 }], "lots")), /no total/);
  assert.throws(
    () =>
      readRollAnswer({ total: 5, terms: [{ class: "Die", faces: 6, results: [{ result: 5 }] }] }),
    /no d20/,
  );
  assert.equal(
    readRollAnswer({
      total: 20,
      terms: [{ class: "D20Die", faces: 20, results: [{ result: 13 }] }],
    }).natural,
    13,
    "dnd5e's D20Die",
  );
  assert.throws(
    () => readRollAnswer(roll([{ result: 4 }, { result: 17 }, { result: 2 }, { result: 9 }])),
    /too many d20s/,
  );
  assert.throws(() => readRollAnswer(null), /no roll/);
  assert.equal(
    readRollAnswer(
      roll([
        { result: 1, rerolled: true, active: false },
        { result: 9, active: true },
      ]),
    ).natural,
    9,
    "a rerolled 1 (Halfling Luck) is replaced, not a second die",
  );
});

test("Yaotzin: the interceptor's owner rolls his Reflex save from his own client; the GM's view shows it", async () => {
  const { companion, doc, message } = await interceptTable();
  const bob = globalThis.game.users.get("bob");
  const { inbox, answer } = playerClients(globalThis.game.users.contents);
  const emittedBefore = world.emitted.length;
  const pressing = requestAs("bob", message.id, "intercept:yo"); // Bob's click, on his page
  await flush();
  assert.equal(inbox.length, 1, "the save is asked of Bob");
  assert.deepEqual(
    bob.queries.map((q) => q.name),
    ["ballcourt.roll"],
  );
  assert.deepEqual(bob.queries[0].data.check, { type: "save", id: "reflex" });
  const viewEl = doc.getElementById(rr.VIEW_ID);
  assert.match(viewEl.innerHTML, /<b>Yolteotl<\/b> · Bob · Reflex save: waiting/);
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept").length,
    0,
    "waits for Bob",
  );
  assert.equal(
    bob.queries[0].data.ask,
    false,
    "his click on the card was his answer: no second click",
  );
  globalThis.Roll.queue = [13];
  await answer();
  assert.equal(clientOf("bob").dialogs.shown.length, 0, "no window on Bob's client");
  await pressing;
  assert.equal(globalThis.game.user.id, "gm");
  const intercepts = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept");
  assert.equal(intercepts.length, 1);
  assert.deepEqual(
    intercepts[0].body.rolls,
    { save: 13 },
    "Bob's natural 13 reaches the companion",
  );
  const card = globalThis.ChatMessage.created.at(-1);
  assert.equal(card.flags.ballcourt.card.kind, "yaotzin.intercept");
  assert.equal(card.rolls[0].options.ballcourt, "save");
  assert.equal(card.rolls[0].total, 13 + 4, "his roll with his sheet's Reflex rides on the card");
  assert.deepEqual(message.flags.ballcourt.resolved, ["intercept:yo"]);
  assert.equal(world.emitted.length, emittedBefore, "nothing over the socket");
  assert.equal(doc.getElementById(rr.VIEW_ID), null, "the view closes when nothing is open");
});

test("the GM rolls for an absent player once, however often clicked; the player's late answer is dropped", async () => {
  const { companion, doc, message } = await interceptTable();
  const { inbox, answer } = playerClients(globalThis.game.users.contents);
  const pressed = chat.performAction(message.id, "intercept:yo", "gm"); // the GM presses it for Bob
  await flush();
  assert.equal(inbox[0].data.ask, true, "Bob is asked with a window");
  rr.refreshView();
  rr.refreshView(); // re-rendered: still one view, one listener
  const viewEl = doc.getElementById(rr.VIEW_ID);
  assert.equal(doc.body.children.filter((c) => c.id === rr.VIEW_ID).length, 1);
  assert.equal(viewEl.listeners.get("click").length, 1);
  const id = rr.requests.pending()[0].id;
  globalThis.Roll.queue = [6, 19];
  assert.ok(viewEl.clickButton("ballcourt-roll", id), "the GM rolls for Bob");
  assert.equal(
    viewEl.clickButton("ballcourt-roll", id),
    true,
    "clicked again before the view refreshed",
  );
  assert.equal(await pressed, true);
  const intercepts = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept");
  assert.equal(intercepts.length, 1, "resolved once");
  assert.deepEqual(intercepts[0].body.rolls, { save: 6 }, "the GM's one roll");
  assert.deepEqual(globalThis.Roll.queue, [19], "the second click rolled nothing");
  clientOf("bob").dialogs.answers.push("roll");
  await answer(inbox.shift()); // Bob comes back and clicks
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept").length,
    1,
    "still once",
  );
  assert.equal(
    await chat.performAction(message.id, "intercept:yo", "bob"),
    false,
    "the card's action is spent",
  );
});

test("the GM cancels: nothing is resolved, the card may be acted on again; a refused answer stays pending", async () => {
  const { companion, doc, message } = await interceptTable();
  const { inbox } = playerClients(globalThis.game.users.contents);
  const pressed = chat.performAction(message.id, "intercept:yo", "bob");
  await flush();
  const id = rr.requests.pending()[0].id;
  inbox[0].resolve({
    total: 40,
    terms: [{ class: "Die", faces: 20, results: [{ result: 25, active: true }] }],
  });
  await flush();
  assert.match(
    world.notifications.at(-1)[1],
    /Yolteotl's roll was refused \(a d20 face is not 1\.\.20\)/,
  );
  assert.equal(rr.requests.get(id).state, PENDING, "a forged answer does not count");
  assert.ok(
    doc
      .getElementById(rr.VIEW_ID)
      .clickButton("ballcourt-roll", `cancel:${rr.requests.get(id).batch}`),
  );
  assert.equal(await pressed, false);
  assert.match(world.notifications.at(-1)[1], /checks were cancelled/);
  assert.equal(companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept").length, 0);
  assert.deepEqual(message.flags.ballcourt.resolved, [], "not spent: it may be tried again");
  assert.equal(doc.getElementById(rr.VIEW_ID), null);
});

test("the default policy keeps the GM rolling everything: no request is sent", async () => {
  const companion = await table(interceptCompanion(), { settings: { rollPolicy: "gm" } }); // the setting's default
  const scene = courtScene();
  const message = await kickCard(scene);
  globalThis.Roll.queue = [9];
  await chat.performAction(message.id, "intercept:yo", "bob");
  assert.equal(globalThis.game.users.get("bob").queries.length, 0);
  assert.deepEqual(
    companion.calls.find((c) => c.route === "/api/v1/yaotzin/intercept").body.rolls,
    { save: 9 },
  );
});

test("goat-ball tip-off: each present owner rolls Acrobatics on his dnd5e sheet (no second card); the GM rolls for the absent", async () => {
  const users = fourUsers({ active: false }); // Carol is away
  const companion = await table(
    fakeCompanion({
      "/api/v1/goatball/tipoff": () => ({
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
      }),
    }),
    { users, system: "dnd5e" },
  );
  const player = (id, owner) => goatPlayer(id, [owner], { Sheet: FakeDnd5eActor, name: id });
  const scene = goatArena(world, [
    player("r1", "alice"),
    player("b1", "bob"),
    player("r2", "carol"),
  ]);
  const { inbox, answer } = playerClients(users);
  globalThis.Roll.queue = [4]; // Carol is away: the GM rolls r2 at once
  const posted = asUser("gm", () => goatball.tipOff(scene));
  await flush();
  assert.deepEqual(
    inbox.map((q) => q.data.tokenId),
    ["r1", "b1"],
    "asked together",
  );
  for (const player of ["alice", "bob"]) clientOf(player).dialogs.answers.push("roll");
  globalThis.Roll.queue = [15];
  await answer(inbox[1]); // Bob first
  globalThis.Roll.queue = [11];
  await answer(inbox[0]);
  await posted;
  const sent = companion.calls.find((c) => c.route === "/api/v1/goatball/tipoff").body;
  assert.deepEqual(sent.checks, {
    r1: { check: 12, skill: "acrobatics" },
    b1: { check: 16, skill: "acrobatics" },
    r2: { check: 5, skill: "acrobatics" },
  });
  const cards = resultCards();
  assert.equal(cards.length, 1, "dnd5e posted no card of its own");
  assert.deepEqual(
    cards[0].rolls.map((r) => r.total),
    [12, 16, 5],
  );
  assert.equal(globalThis.game.user.id, "gm");
});

test("goat-ball: a defended target rolls both d20s where a Defend covers the check, one where none does, and the companion alone picks the face", async () => {
  await table(fakeCompanion(), { system: "dnd5e", settings: { rollPolicy: "gm" } });
  const token = (id) =>
    new FakeToken({
      id,
      name: id,
      flags: { ballcourt: { team: id[0] === "r" ? "red" : "blue" } },
      actor: new FakeDnd5eActor(fixture("actors/dnd5e")),
    });
  const ids = ["r1", "r2", "r3", "b1", "b2", "b3"];
  const scene = new FakeScene({
    tokens: ids.map(token),
    flags: { ballcourt: { game: "goatball", arena: { platforms: [], zones: [] } } },
  });
  const init = { r1: 20, r2: 3, r3: 9, b1: 18, b2: 12, b3: 5 };
  const d = new Declarations(
    ids.map((id) => ({ id, team: id[0] === "r" ? "red" : "blue", initiative: init[id] })),
    "r1",
  );
  d.declare("r3", { action: "defend", target: "r2" });
  d.declare("b3", { action: "knock_off", target: "r2" });
  d.declare("b2", { action: "knock_off", target: "r2" });
  d.declare("b1", { action: "defend", target: "b2" });
  d.declare("r1", { action: "throw", throw: { kind: "hot", target: "b2" }, skill: "athletics" });
  const rolls = [];
  const players = new Map(ids.map((id) => [id, { id }]));
  const totals = await asUser("gm", () => goatball.rollChecks(scene, d, players, rolls));
  const byTag = (tag) => rolls.filter((r) => r.options.ballcourt === tag).map((r) => r.formula);
  // r3 defends r2 once: his Defend covers the first knock-off on r2 by initiative, b2's (12),
  // so r2 meets it with two d20s and b3's (5) with one, as the companion counts the faces
  // (one face per d20 the check rolls); whether the covered one has advantage (r3 may be out
  // first) is its call
  assert.deepEqual(byTag("r2.athletics"), ["1d20 + @mod", "2d20kh + @mod"]);
  assert.deepEqual(
    byTag("b2.acrobatics"),
    ["2d20kh + @mod"],
    "b1's Defend: the hot throw's target rolls both faces",
  );
  assert.deepEqual(
    byTag("r1.acrobatics"),
    ["2d20kh + @mod"],
    "the carrier's hot throw has advantage",
  );
  for (const [knocker, faces] of [
    ["b2", 2],
    ["b3", 1],
  ]) {
    assert.equal(
      totals[knocker].defense,
      undefined,
      "a defended target's check is never a plain total",
    );
    assert.equal(totals[knocker].defenseFaces.length, faces);
    assert.ok(Number.isInteger(totals[knocker].defenseModifier));
  }
  assert.equal(totals.hot.targetFaces.length, 2);
  const body = d.toPassRequest({ teams: [], possession: { team: "red", carrier: "r1" } }, totals);
  const b2 = body.actions.find((a) => a.player === "b2");
  assert.deepEqual([b2.defense, b2.defense_faces.length], [undefined, 2]);
  assert.equal(body.throw.target_check, undefined);
  assert.equal(body.throw.target_faces.length, 2);
  assert.equal(
    typeof Declarations.prototype.defenceAdvantage,
    "undefined",
    "the second implementation is gone",
  );
});

test("each system's own sheet rolls the check, with no card of its own; D35E and failures roll the sheet's modifier", async () => {
  /** Bob's table on a system; `roll` rolls a check on a sheet from his own page. */
  const onBobsPage = async (system) => {
    await table(fakeCompanion(), { system, user: "bob" });
    const answers = await rollGlue("bob");
    return (...args) => asUser("bob", () => answers.rollOnSheet(...args));
  };
  let roll = await onBobsPage("dnd5e");
  const grunnak = new FakeDnd5eActor(fixture("actors/dnd5e"));
  globalThis.Roll.queue = [5, 16];
  const save = await roll(grunnak, { type: "save", id: "reflex" }, true);
  assert.equal(save.formula, "2d20kh + @mod");
  assert.equal(save.total, 16 + 3, "dnd5e's Dexterity save, with advantage");
  globalThis.Roll.queue = [8];
  assert.equal((await roll(grunnak, { type: "skill", id: "athletics" })).total, 8 + 7);
  assert.equal(globalThis.ChatMessage.created.length, 0, "dnd5e posted nothing: {create: false}");

  roll = await onBobsPage("pf1");
  const calls = [];
  const pf1Roll = {
    total: 17,
    formula: "1d20 + 4",
    terms: [{ class: "Die", faces: 20, results: [{ result: 13, active: true }] }],
    evaluate() {},
  };
  const pf1Actor = new FakeActor(fixture("actors/pf1"));
  pf1Actor.rollSavingThrow = async (id, options) => {
    calls.push(["save", id, options]);
    return pf1Roll;
  };
  pf1Actor.rollAbilityTest = async (id, options) => {
    calls.push(["ability", id, options]);
    return { rolls: [JSON.stringify({ ...pf1Roll, evaluate: undefined, total: 9 })] }; // older pf1: message data
  };
  assert.equal(await roll(pf1Actor, { type: "save", id: "reflex" }), pf1Roll);
  assert.equal((await roll(pf1Actor, { type: "skill", id: "athletics" }, true)).total, 9);
  assert.deepEqual(
    calls,
    [
      ["save", "ref", { skipDialog: true, chatMessage: false }],
      ["ability", "str", { skipDialog: true, chatMessage: false, dice: "2d20kh" }],
    ],
    "pf1's Athletics is a Strength check",
  );

  roll = await onBobsPage("D35E");
  const d35 = new FakeActor(fixture("actors/d35e"));
  d35.rollSavingThrow = async () => {
    throw new Error("D35E would open its own dialog");
  };
  globalThis.Roll.queue = [11];
  const fallback = await roll(d35, { type: "save", id: "reflex" });
  assert.equal(fallback.total, 11 + 4, "a d20 with the sheet's Reflex");
  roll = await onBobsPage("pf1");
  const broken = new FakeActor(fixture("actors/pf1"));
  broken.rollSavingThrow = async () => {
    throw new Error("boom");
  };
  globalThis.Roll.queue = [2];
  const logged = mock.method(console, "warn", () => {}); // expected: said, not printed
  assert.equal((await roll(broken, { type: "save", id: "reflex" })).formula, "1d20 + @mod");
  assert.match(String(logged.mock.calls.map((c) => c.arguments.join(" "))), /roll failed.*boom/);
  logged.mock.restore();
});

test("a player answers only for a token he owns; closing the request leaves it to the GM", async () => {
  await table(fakeCompanion());
  const scene = courtScene();
  const ask = {
    sceneId: scene.id,
    tokenId: "yo",
    check: { type: "save", id: "reflex" },
    advantage: false,
  };
  const answerOn = async (userId) => {
    const answers = await rollGlue(userId);
    return asUser(userId, () => answers.answerRollRequest(ask));
  };
  assert.equal(await answerOn("alice"), null, "Alice does not own Yolteotl");
  assert.deepEqual(clientOf("alice").dialogs.shown, [], "nor is she shown a dialog for it");
  clientOf("bob").dialogs.answers.push(null);
  assert.equal(await answerOn("bob"), null, "closed with its X");
  assert.match(clientOf("bob").dialogs.shown.at(-1).content, /Yolteotl: roll your Reflex save/);
});

test("a player who never answers (the query times out) is reported; the GM rolls for him", async () => {
  const { companion, doc, message } = await interceptTable();
  const { inbox } = playerClients(globalThis.game.users.contents);
  const logged = mock.method(console, "warn", () => {}); // expected: said, not printed
  const pressed = chat.performAction(message.id, "intercept:yo", "bob");
  await flush();
  inbox.shift().reject(new Error("query timed out"));
  await flush();
  assert.match(String(logged.mock.calls.map((c) => c.arguments.join(" "))), /query timed out/);
  logged.mock.restore();
  assert.match(world.notifications.at(-1)[1], /Yolteotl's owner did not roll/);
  const [waiting] = rr.requests.pending();
  assert.equal(waiting.state, PENDING);
  assert.match(doc.getElementById(rr.VIEW_ID).innerHTML, /waiting/);
  globalThis.Roll.queue = [12];
  assert.ok(doc.getElementById(rr.VIEW_ID).clickButton("ballcourt-roll", waiting.id));
  assert.equal(await pressed, true);
  assert.deepEqual(
    companion.calls.find((c) => c.route === "/api/v1/yaotzin/intercept").body.rolls,
    { save: 12 },
  );
});

test("a goat-ball pass: the throw, the intercept and a helped defence are each rolled by their owners", async () => {
  const users = fourUsers();
  const { companion, tokens } = passArena();
  await table(companion, { users, system: "dnd5e" });
  const scene = goatArena(world, tokens);
  const declared = {
    r1: { action: "throw", skill: "athletics", throw: { kind: "pass", target: "r2" } },
    r2: { action: "defend", target: "r1" },
    b1: { action: "knock_off", target: "r1" },
  };
  const { inbox, answer, resolving } = await declaredPass(users, scene, declared);
  assert.deepEqual(
    inbox.map((q) => [q.user.id, q.data.tokenId, q.data.check.id, q.data.advantage]).sort(),
    [
      ["alice", "r1", "athletics", false],
      ["alice", "r1", "athletics", true],
      ["bob", "b1", "athletics", false],
    ],
    "r1's throw, r1's defence against b1 (helped by r2's Defend), b1's knock-off",
  );
  const order = [...inbox];
  clientOf("alice").dialogs.answers.push("roll", "roll");
  clientOf("bob").dialogs.answers.push("roll");
  for (const q of order) {
    globalThis.Roll.queue = q.data.advantage ? [3, 18] : [q.user.id === "bob" ? 15 : 11];
    await answer(q);
  }
  await resolving;
  const sent = companion.calls.find((c) => c.route === "/api/v1/goatball/pass").body;
  const byPlayer = Object.fromEntries(sent.actions.map((a) => [a.player, a]));
  assert.equal(byPlayer.r1.check, 11 + 7, "Alice's throw");
  assert.equal(byPlayer.b1.check, 15 + 7, "Bob's knock-off");
  // r1 is defended: Alice rolled both d20s; the companion, not the module, picks the face
  assert.equal(byPlayer.b1.defense, undefined);
  assert.deepEqual(
    [byPlayer.b1.defense_faces, byPlayer.b1.defense_modifier],
    [[3, 18], 7],
    "Alice's defence: both faces and the modifier",
  );
  const cards = resultCards();
  assert.equal(cards.length, 1, "one card, no dnd5e cards");
  assert.equal(cards[0].rolls.length, 3);
  assert.equal(globalThis.game.user.id, "gm");
});

test("a goat-ball move past a block: the mover rolls the skill he declared, the blocker Athletics; each is named", async () => {
  const users = fourUsers();
  const { companion, tokens } = passArena({ r2: "z2", b1: "z1" });
  await table(companion, { users, system: "dnd5e" });
  const scene = goatArena(world, tokens);
  // the zones rule is on where the arena has zones (moves and blocks need it): z1 next to z2
  scene.flags.ballcourt.arena.zones = ["z1", "z2"].map((id, i) => ({
    id,
    x: 1000 * i,
    y: 0,
    w: 1000,
    h: 1000,
  }));
  // the declaration dialog names a skill for every action: Carol's mover chose Acrobatics; a
  // blocker's choice does not count (Str (Athletics) only)
  const declared = {
    r1: { action: "throw", skill: "athletics", throw: { kind: "pass", target: "r2" } },
    r2: { action: "move", zone: "z1", skill: "acrobatics" },
    b1: { action: "block", skill: "acrobatics" },
  };
  const { inbox, answer, resolving } = await declaredPass(users, scene, declared);
  assert.deepEqual(inbox.map((q) => [q.user.id, q.data.tokenId, q.data.check.id]).sort(), [
    ["alice", "r1", "athletics"],
    ["bob", "b1", "athletics"],
    ["carol", "r2", "acrobatics"],
  ]);
  for (const player of ["alice", "bob", "carol"]) clientOf(player).dialogs.answers.push("roll");
  for (const q of [...inbox]) {
    globalThis.Roll.queue = [10];
    await answer(q);
  }
  await resolving;
  const sent = companion.calls.find((c) => c.route === "/api/v1/goatball/pass").body;
  const byPlayer = Object.fromEntries(sent.actions.map((a) => [a.player, a]));
  assert.deepEqual(
    [byPlayer.r2.skill, byPlayer.b1.skill],
    ["acrobatics", "athletics"],
    "the skills rolled, for the card",
  );
});
