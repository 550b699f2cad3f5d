/**
 * A Yaotzin match at a table of a GM, a co-GM and two players: who answers the planner, a
 * rewind onto a rolling ball's turn, the co-GM's tools and a change of active GM, one kick per
 * click and a stale card's Apply, and the NPC advice kept from the players. Each browser runs
 * its own copy of the module (openTable); the companion's GM's page holds the link.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import {
  FakeActor,
  FakeCombat,
  FakeScene,
  FakeToken,
  GRID_TYPES,
  asUser,
  clientOf,
  installDocument,
  loadModule,
  reload,
  settle,
  until,
} from "../../fakes/foundry.mjs";
import { courtScene, fixture } from "../../fakes/scenes.mjs";
import {
  TABLE_SETTINGS,
  apiOf,
  chatText,
  moduleOf,
  onPage,
  openOn,
  shown,
  useTables,
} from "../../tables/table.mjs";
import { coGmTable, kickCompanion, requestAs, wonContest } from "../../tables/yaotzin.mjs";

const { tokenSquare } = await import("../../../scripts/core/geometry.mjs");

useTables();

/** The recorded kick, resolved on the GM's page. */
const kickOn = (scene) =>
  onPage("gm", "yaotzin", (y) =>
    y.resolveKick(scene, { kicker: "ix", target: { x: 18, y: 12 }, standing: true }),
  );

test("item 5: a player's shot planner asks the companion's GM, not Foundry's active GM", async () => {
  const companion = kickCompanion({
    "/api/v1/yaotzin/kick/suggest": () => ({
      status: 200,
      body: { kicker: "ix", attacks: "west", squares: [] },
    }),
  });
  const { link } = await openOn(companion, {
    users: coGmTable(),
    user: "maria",
    settings: { companionGM: "Maria" },
  });
  assert.equal(
    link,
    await onPage("maria", "link", (l) => l.getLink()),
    "Maria's browser runs the companion",
  );
  const planner = await moduleOf("alice", "planner");
  const scene = courtScene();
  const answer = await asUser("alice", () =>
    planner.requestSuggestion({ sceneId: scene.id, kicker: "ix", standing: true, powerAttack: 0 }),
  );
  assert.equal(answer.kicker, "ix");
  const asked = (id) => globalThis.game.users.get(id).queries.map((q) => q.name);
  assert.deepEqual(asked("maria"), [planner.SUGGEST_QUERY], "Maria, whose browser has the link");
  assert.deepEqual(asked("gm"), [], "Tezca has no companion to ask");
});

test("item 6: stepping back onto a rolling ball's turn does not roll its tick again", async () => {
  const companion = kickCompanion();
  const world = await openOn(companion);
  const court = courtScene();
  await court.tokens.get("ball").setFlag("ballcourt", "ball", { speed: 9, direction: "E" }); // rolling
  for (const id of ["gm", "alice", "bob"]) world.view(id, court);
  const fight = new FakeCombat({
    combatants: ["ix", "yo"].map((id, i) => ({
      id: `c-${id}`,
      name: id,
      tokenId: id,
      sceneId: court.id,
      initiative: [22, 12][i],
    })),
  });
  globalThis.game.combats.set(fight.id, fight);
  await fight.startCombat();
  await settle();
  const ticks = () => companion.calls.filter((c) => c.route === "/api/v1/yaotzin/tick").length;
  await fight.nextTurn(); // the ball's (20): its tick card
  await settle();
  await fight.nextTurn(); // the ball's (15), the first card not applied: the ball still rolls
  await settle();
  assert.equal(ticks(), 2);
  const cards = globalThis.ChatMessage.created.length;
  await fight.previousTurn(); // the GM steps back onto the ball's (20)
  await settle();
  assert.equal(fight.combatant.flags.ballcourt.tick, 20);
  assert.equal(ticks(), 2, "no tick asked again");
  assert.equal(globalThis.ChatMessage.created.length, cards, "no second card for the same turn");
});

test("item 8: a co-GM who is not the companion's GM sees only the tools that work for him", async () => {
  const world = await openOn(fakeCompanion(), {
    users: coGmTable(),
    settings: { companionGM: "Tezca" },
  });
  const scene = courtScene();
  world.view("gm", scene);
  world.view("maria", scene);
  await settle();
  const tools = (id) => clientOf(id).ui.controls.visibleTools();
  assert.deepEqual(tools("gm"), [
    "ballcourtMenu",
    "ballcourtKick",
    "ballcourtTick",
    "ballcourtBoard",
  ]);
  assert.deepEqual(
    tools("maria"),
    ["ballcourtKick"],
    "no menu, Tick or score panel: they need the companion's link",
  );
});

test("item 8: with no companion's GM named, the link follows Foundry's active GM when it changes hands", async () => {
  const users = coGmTable();
  users[0].active = false; // Tezca is not here yet: Maria is the active GM
  // Tezca's browser has link settings of its own (client settings live in one browser, §9.1)
  const world = await openOn(fakeCompanion(), {
    users,
    user: "maria",
    clientSettings: { gm: TABLE_SETTINGS },
  });
  const linkOf = (id) => onPage(id, "link", (l) => l.getLink());
  assert.equal((await linkOf("maria"))?.status, "connected", "Maria's browser connects");
  const scene = courtScene();
  world.view("maria", scene);
  // Tezca's browser connects (the others' pages hear userConnected: the doubles' reload of an
  // absent user), then loads the module: Foundry's active GM is now he
  await reload("gm");
  await settle();
  assert.equal(await linkOf("maria"), null, "Maria's browser lets go of the companion");
  assert.deepEqual(
    clientOf("maria").ui.controls.visibleTools(),
    ["ballcourtKick"],
    "and her GM tools go",
  );
  await loadModule("gm");
  assert.ok(
    await until(
      () => clientOf("gm").page.modules.get("ballcourt").api.link()?.status === "connected",
    ),
    "Tezca's page, once ready, takes the link",
  );
  (await linkOf("gm")).close();
});

test("issue 35 item 11: naming another companion's GM moves the link and both GMs' tools at once, without a scene change", async () => {
  const world = await openOn(fakeCompanion(), {
    users: coGmTable(),
    settings: { companionGM: "Tezca" },
    clientSettings: { maria: TABLE_SETTINGS },
  }); // both browsers can reach the companion
  const scene = courtScene();
  world.view("gm", scene);
  world.view("maria", scene);
  await settle();
  const tools = (id) => clientOf(id).ui.controls.visibleTools();
  const gmTools = ["ballcourtMenu", "ballcourtKick", "ballcourtTick", "ballcourtBoard"];
  assert.deepEqual([tools("gm"), tools("maria")], [gmTools, ["ballcourtKick"]]);
  await globalThis.game.settings.set("ballcourt", "companionGM", "Maria");
  await settle();
  assert.ok(
    await until(
      async () => (await onPage("maria", "link", (l) => l.getLink()))?.status === "connected",
    ),
    "Maria's browser takes the link",
  );
  assert.equal(await onPage("gm", "link", (l) => l.getLink()), null, "Tezca's lets it go");
  assert.deepEqual(
    [tools("gm"), tools("maria")],
    [["ballcourtKick"], gmTools],
    "and the tools follow on both",
  );
  (await onPage("maria", "link", (l) => l.getLink())).close();
});

test("issue 35 item 6: with no companion's GM named, a co-GM whose browser has no link settings does not follow; he is told once to name one", async () => {
  const companion = fakeCompanion();
  const world = await openOn(companion, { users: coGmTable() }); // Tezca's browser has the link settings, Maria's none
  const scene = courtScene();
  world.view("maria", scene);
  const opened = [];
  globalThis.io = (...args) => {
    opened.push(globalThis.game.user.id);
    return companion.io(...args);
  };
  const advice = (id) => shown(id).filter((text) => /name/i.test(text) && /companion/i.test(text));
  for (let i = 0; i < 2; i += 1) {
    await reload("gm", { load: async () => {} }); // Tezca's page reloads: Maria is Foundry's active GM meanwhile
    await settle();
  }
  assert.equal(
    await onPage("maria", "link", (l) => l.getLink()),
    null,
    "Maria's browser does not reach its own 127.0.0.1 with an empty token",
  );
  assert.deepEqual(opened, [], "no connection opened from her browser");
  assert.equal(advice("maria").length, 1, "she is told once to name the companion's GM");
  assert.deepEqual(
    clientOf("maria").ui.controls.visibleTools(),
    ["ballcourtKick"],
    "and she gets no GM tools that need a link",
  );
  // while Tezca is away, the ball's turn, rolling, and a new round reach her page as the active GM's: they wait
  // for the GM who holds the link
  globalThis.game.users.get("gm").active = false;
  const combat = await moduleOf("maria", "combat");
  const ballTurn = { id: "c1", tokenId: "ball", flags: { ballcourt: { tick: 25 } } };
  const encounter = {
    id: "e1",
    scene,
    round: 2,
    previous: { round: 1 },
    combatants: Object.assign(new Map([["c1", ballTurn]]), { contents: [ballTurn] }),
    createEmbeddedDocuments: async (_t, data) => data,
    updateEmbeddedDocuments: async (_t, data) => data,
  };
  scene.tokens.get("ball").flags.ballcourt.ball = { speed: 3, direction: "E" };
  const before = companion.calls.length;
  await asUser("maria", async () => {
    assert.equal(
      await combat.onCombatTurnChange(encounter, {}, { combatantId: "c1" }),
      null,
      "no tick asked",
    );
    assert.equal(await combat.onUpdateCombat(encounter, { round: 2 }), null, "no clock event");
  });
  assert.equal(companion.calls.length, before, "nothing sent");
  assert.deepEqual(
    clientOf("maria").ui.notifications.filter(([kind]) => kind === "error"),
    [],
    "and no failure shown to her",
  );
});

test("item 13: a double click with the kick tool posts one kick card", async () => {
  installDocument();
  const companion = kickCompanion();
  const world = await openOn(companion);
  const scene = courtScene();
  world.view("gm", scene);
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  const { KickTool } = await moduleOf("gm", "kick-tool");
  const tool = new KickTool();
  tool.toggle(true);
  const click = { button: 0, x: 1850, y: 1250 };
  await asUser("gm", () => Promise.all([tool.click(click), tool.click(click)]));
  assert.equal(companion.calls.filter((c) => c.route === "/api/v1/yaotzin/kick").length, 1);
  assert.equal(
    globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.card?.kind === "yaotzin.kick")
      .length,
    1,
  );
});

test("item 13: a kick card made before the ball moved is refused on Apply, to whoever pressed it", async () => {
  await openOn(kickCompanion(), { settings: { applyPermission: "owner" } });
  const chat = await moduleOf("gm", "chat");
  const scene = courtScene();
  const first = await kickOn(scene);
  const second = await kickOn(scene); // the same kick twice: two cards from one ball
  assert.equal(await chat.performAction(first.id, "apply", "gm"), true);
  const ball = scene.tokens.get("ball");
  const landed = { x: ball.x, y: ball.y };
  assert.notDeepEqual(landed, { x: 1000, y: 1200 }, "the first card moved the ball");
  await requestAs("alice", second.id, "apply"); // Alice owns the kicker
  await settle();
  assert.deepEqual({ x: ball.x, y: ball.y }, landed, "the second card does not move it again");
  assert.equal(second.flags.ballcourt.applied, false);
  assert.ok(
    shown("alice").some((t) => /no longer where this card found it/.test(t)),
    `Alice is told: ${shown("alice")}`,
  );
  assert.ok(!shown("bob").some((t) => /no longer where/.test(t)), "Bob is not");
  await chat.performAction(first.id, "undo", "gm");
  assert.equal(
    await chat.performAction(second.id, "apply", "gm"),
    true,
    "the ball back where it was: the card holds again",
  );
});

test("item 14: the NPC try / let it pass advice and its odds reach the GMs only", async () => {
  await openOn(kickCompanion(), { users: coGmTable() });
  const scene = courtScene();
  scene.tokens.get("yo").actor = new FakeActor({ ...fixture("actors/d35e"), owners: [] }); // an NPC
  const card = await kickOn(scene);
  await settle();
  const advice = /Yolteotl \(NPC\)|50% to stop it/;
  assert.doesNotMatch(
    JSON.stringify(card.flags) + card.content,
    advice,
    "nothing of it on the public kick card",
  );
  assert.match(chatText("gm"), advice, "the GM reads it");
  assert.match(chatText("maria"), advice, "so does the co-GM");
  assert.doesNotMatch(chatText("alice"), advice, "Alice does not");
  assert.doesNotMatch(chatText("bob"), advice, "nor Bob");
  assert.match(chatText("alice"), /Ixpoetchitl kicks/, "though she has the kick card");
});

test("item 3: 'Use this scene' counts the court from the scene's corner, inside Foundry's padding", async () => {
  await openOn(fakeCompanion());
  const scene = new FakeScene({
    name: "Field",
    width: 4000,
    height: 2400,
    padding: 0.25,
    grid: { size: 100 },
  });
  globalThis.game.scenes.set(scene.id, scene);
  const { sceneX, sceneY } = scene.dimensions;
  assert.ok(sceneX > 0 && sceneY > 0, "the scene starts inside the padding");
  const mapping = await onPage("gm", "court", (court) =>
    court.useThisScene(scene, { col: 2, row: 1 }),
  );
  assert.deepEqual([mapping.originX, mapping.originY], [sceneX + 200, sceneY + 100]);
  const corner = new FakeToken({ x: sceneX + 200, y: sceneY + 100 }); // on the scene's square (2, 1)
  assert.deepEqual(
    tokenSquare(scene.flags.ballcourt.mapping, corner),
    { x: 0, y: 0 },
    "the court's (0, 0)",
  );
});

test("issue 35 item 5: 'Use this scene' refuses a hex or gridless map, saying why: the court is worked out in squares", async () => {
  await openOn(fakeCompanion());
  for (const type of [GRID_TYPES.HEXODDR, GRID_TYPES.HEXEVENQ, GRID_TYPES.GRIDLESS]) {
    const scene = new FakeScene({ name: "Field", grid: { size: 100, type } });
    globalThis.game.scenes.set(scene.id, scene);
    await assert.rejects(
      onPage("gm", "court", (court) => court.useThisScene(scene, {})),
      /square/i,
      `grid type ${type}`,
    );
    assert.equal(scene.flags.ballcourt, undefined, "the scene is left as it was");
  }
  const hex = new FakeScene({ name: "Hexes", grid: { size: 100, type: GRID_TYPES.HEXODDQ } });
  globalThis.game.scenes.set(hex.id, hex);
  clientOf("gm").canvas.scene = hex;
  asUser("gm", () => {
    globalThis.foundry.applications.api.DialogV2.answers = ["useScene"];
  });
  await onPage("gm", "setup-dialog", (menu) => menu.openMenu());
  await settle();
  assert.equal(hex.flags.ballcourt, undefined);
  assert.ok(
    shown("gm").some((text) => /square/i.test(text) && /hex/i.test(text)),
    "the GM reads why, from the menu too",
  );
  assert.deepEqual(clientOf("gm").dialogs.open, [], "no form asked for a court that cannot be");
});

test("Also: the shot planner's marks are asked again when a token on the court moves", async () => {
  installDocument();
  const companion = kickCompanion({
    "/api/v1/yaotzin/kick/suggest": () => ({
      status: 200,
      body: {
        kicker: "ix",
        attacks: "west",
        squares: [{ x: 2, y: 12, p_goal: 0.6, p_hit: 0.4, expected_damage: 1 }],
      },
    }),
  });
  const world = await openOn(companion);
  const scene = courtScene();
  world.view("gm", scene);
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  const tool = apiOf("gm").kickTool();
  tool.toggle(true);
  tool.act("planner");
  await settle();
  const asked = () =>
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/kick/suggest").map((c) => c.body);
  assert.equal(asked().length, 1);
  await scene.tokens.get("yo").update({ x: 1500 }); // Yolteotl steps two squares east
  await settle();
  assert.equal(asked().length, 2, "asked again");
  assert.equal(
    asked()[1].players.find((p) => p.id === "yo").x,
    15,
    "with Yolteotl where he stands now",
  );
  tool.toggle(false);
  await scene.tokens.get("yo").update({ x: 1600 });
  await settle();
  assert.equal(asked().length, 2, "the tool off: nothing asked");
});

test("Also: a fight partly on the court and partly elsewhere is not adopted; the GM is told once, the players never", async () => {
  const world = await openOn(kickCompanion());
  const scene = courtScene();
  const goblin = new FakeToken({
    id: "gob",
    name: "Goblin",
    actor: new FakeActor({ name: "Goblin" }),
  });
  const dungeon = new FakeScene({ name: "Dungeon", tokens: [goblin] });
  globalThis.game.scenes.set(dungeon.id, dungeon);
  const fight = new FakeCombat({
    combatants: [
      { id: "c-ix", name: "Ix", tokenId: "ix", sceneId: scene.id, initiative: 18 },
      { id: "c-gob", name: "Goblin", tokenId: "gob", sceneId: dungeon.id, initiative: 12 },
    ],
  });
  globalThis.game.combats.set(fight.id, fight);
  await fight.startCombat();
  await fight.nextTurn();
  await settle();
  assert.equal(fight.scene, null, "not linked to the court");
  assert.equal(
    fight.combatants.filter((c) => c.flags?.ballcourt?.tick).length,
    0,
    "no ball turns among the goblin's",
  );
  const warned = world.notifications.filter(([, text]) =>
    /stand on the court .* and elsewhere/.test(text),
  );
  assert.equal(warned.length, 1, "said once");
  assert.deepEqual(
    clientOf("gm").ui.notifications.filter(([, t]) => /elsewhere/.test(t)).length,
    1,
    "to the GM",
  );
  await fight.update({ scene: scene.id }); // the GM links it to the court himself
  await fight.nextRound();
  await settle();
  assert.equal(
    fight.combatants.filter((c) => c.flags?.ballcourt?.tick).length,
    6,
    "then it is the court's",
  );
});

test("item 13: tick and contest cards are refused once another card moved the ball; a contest that leaves the ball alone still applies", async () => {
  // a trip knocks Yolteotl prone; a won grapple for the ball puts it in the winner's square
  const payloads = {
    trip: { events: [], moves: [], prone: "yo" },
    grapple: { events: [], moves: [], ball: { x: 10, y: 12, speed: 0, direction: null } },
  };
  await openOn(
    kickCompanion({
      "/api/v1/yaotzin/contest": wonContest((kind) => payloads[kind]),
    }),
  );
  const [chat, yaotzin, { contest }] = [
    await moduleOf("gm", "chat"),
    await moduleOf("gm", "yaotzin"),
    await moduleOf("gm", "contests"),
  ];
  const scene = courtScene();
  await scene.tokens.get("ball").setFlag("ballcourt", "ball", { speed: 9, direction: "E" });
  const tick = await yaotzin.resolveTick(scene);
  const trip = await contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  const grapple = await contest(scene, { actor: "ix", target: "yo", kind: "grapple" });
  const kick = await yaotzin.resolveKick(scene, {
    kicker: "ix",
    target: { x: 18, y: 12 },
    standing: true,
  });
  assert.equal(await chat.performAction(kick.id, "apply", "gm"), true, "the kick moves the ball");
  assert.equal(
    await chat.performAction(tick.id, "apply", "gm"),
    false,
    "the tick was of the ball before it",
  );
  assert.ok(shown("gm").some((t) => /no longer where this card found it/.test(t)));
  assert.equal(
    await chat.performAction(grapple.id, "apply", "gm"),
    false,
    "nor the grapple for the ball where it was",
  );
  assert.equal(
    await chat.performAction(trip.id, "apply", "gm"),
    true,
    "the trip moves no ball: it applies",
  );
});
