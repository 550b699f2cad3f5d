/**
 * Several GMs and the players at one table: who answers a
 * player, who is told what, whose screen shows what. Each browser runs its own copy of the
 * module (openTable), the companion's GM's page connected.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import {
  FakeDialogV2,
  FakeScene,
  FakeUser,
  asUser,
  buttonsIn,
  clientOf,
  settle,
} from "../../fakes/foundry.mjs";
import { courtScene, fixture, runningEncounter } from "../../fakes/scenes.mjs";
import { moduleOf, openOn, shown, useTables } from "../../tables/table.mjs";
import { interceptCompanion, kickCard, requestAs } from "../../tables/yaotzin.mjs";

useTables();

test("item 11: the GM named as running the companion alone connects and answers the players", async () => {
  const users = [
    new FakeUser({ id: "gm", name: "Tezca", isGM: true }),
    new FakeUser({ id: "maria", name: "Maria", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }),
    new FakeUser({ id: "bob", name: "Bob" }),
  ];
  const companion = interceptCompanion();
  const world = await openOn(companion, {
    users,
    user: "maria",
    settings: { companionGM: "Maria" },
  });
  assert.equal(globalThis.game.users.activeGM.id, "gm", "Foundry's own pick is the other GM");
  assert.equal(
    await asUser("gm", async () =>
      (await moduleOf("gm", "link")).startLink({ ioFactory: companion.io }),
    ),
    null,
    "Tezca's browser does not try its own localhost",
  );
  assert.equal(
    await asUser("maria", async () => (await moduleOf("maria", "link")).getLink().status),
    "connected",
    "Maria's",
  );
  const scene = courtScene();
  const message = await kickCard(scene, "maria");
  await requestAs("bob", message.id, "intercept:yo");
  await settle();
  assert.deepEqual(message.flags.ballcourt.resolved, ["intercept:yo"]);
  assert.equal(message.updatedBy, "maria", "Maria's client performed Bob's press");
  assert.equal(world.notifications.filter(([k]) => k === "error").length, 0);
});

/** The default table (a GM, Alice and Bob), every browser with the module, a companion. */
async function table(routes, settings = {}) {
  const companion = fakeCompanion(routes);
  const world = await openOn(companion, { settings });
  return { world, companion, scene: courtScene() };
}

test("item 3: a refused dribble and a failed press are told to the player who asked, with the reason", async () => {
  const refusal = (message) => () => ({
    status: 422,
    body: { error: { code: "illegal", message } },
  });
  const { scene } = await table({
    "/api/v1/yaotzin/dribble": refusal("Yolteotl stands in the way."),
    "/api/v1/yaotzin/intercept": refusal("Yolteotl has no attack of opportunity left."),
  });
  const ix = scene.tokens.get("ix");
  runningEncounter(scene);
  await asUser("alice", () => ix.update({ x: 1200 })); // Alice drags her dribbler off the ball
  await settle();
  assert.equal(ix.x, 1000, "held back");
  assert.ok(
    shown("alice").some((t) => /stands in the way/.test(t)),
    `Alice is told why: ${shown("alice")}`,
  );
  assert.ok(
    shown("gm").some((t) => /stands in the way/.test(t)),
    "and the GM, as before",
  );
  const message = await kickCard(scene);
  await requestAs("bob", message.id, "intercept:yo");
  await settle();
  assert.ok(
    shown("bob").some((t) => /no attack of opportunity/.test(t)),
    `Bob is told why: ${shown("bob")}`,
  );
  assert.ok(!shown("alice").some((t) => /attack of opportunity/.test(t)), "nobody else");
});

test("item 4: a press on a card waiting for a player's roll says what it waits for", async () => {
  const { scene } = await table(
    { "/api/v1/yaotzin/intercept": () => ({ status: 200, body: fixture("intercept") }) },
    { rollPolicy: "players" },
  );
  let answer;
  globalThis.game.users.get("bob").answer = () =>
    new Promise((resolve) => {
      answer = resolve;
    });
  const [chat, rr] = [await moduleOf("gm", "chat"), await moduleOf("gm", "roll-requests")];
  const message = await kickCard(scene);
  const pressing = chat.performAction(message.id, "intercept:yo", "gm"); // asks Bob; waits
  await settle();
  assert.equal(await chat.performAction(message.id, "apply", "gm"), false);
  assert.match(shown("gm").at(-1), /waiting for Yolteotl's roll/);
  rr.cancelRequests(rr.requests.pending()[0]?.batch);
  answer(null);
  await pressing;
});

test("item 12: a player's tools appear when the GM makes his scene a court, without a reload", async () => {
  const world = await openOn(fakeCompanion());
  const court = await moduleOf("gm", "court");
  const scene = new FakeScene({ name: "Field" });
  globalThis.game.scenes.set(scene.id, scene);
  world.view("alice", scene);
  await settle();
  const aliceTools = () => clientOf("alice").ui.controls.visibleTools();
  assert.deepEqual(aliceTools(), [], "a plain scene: nothing");
  await court.useThisScene(scene, {}); // on the GM's client
  await settle();
  assert.deepEqual(
    aliceTools(),
    ["ballcourtKick"],
    "Alice's kick tool, as the table lets players kick",
  );
});

test("item 13: a player's chat shows only the buttons he may press", async () => {
  await openOn(fakeCompanion());
  const message = await kickCard(courtScene());
  await settle();
  const actions = (userId) =>
    buttonsIn(clientOf(userId).chat.get(message.id)).map((b) => b.dataset.ballcourtAction);
  assert.deepEqual(actions("bob"), ["intercept:yo"], "Bob: his own interception, no Apply or Undo");
  assert.deepEqual(actions("alice"), [], "Alice owns the kicker, but Apply is the GM's by default");
  assert.ok(actions("gm").includes("apply"));
});

test("item 7: 'Start the match' and 'Use this scene' on a scene with a match ask first, naming what is lost", async () => {
  const world = await openOn(
    fakeCompanion({ "/api/v1/matches": () => ({ status: 201, body: { id: "m2" } }) }),
  );
  const menu = await moduleOf("gm", "setup-dialog");
  const scene = courtScene(); // its match is m1
  world.view("gm", scene);
  FakeDialogV2.answers = ["match", false]; // the menu's "Start the match", then No
  assert.equal(await menu.openMenu(), null);
  assert.equal(scene.flags.ballcourt.matchId, "m1", "the match is kept");
  assert.match(
    FakeDialogV2.shown.at(-1).content,
    /its match \(the score, the clock and every event\)/,
  );
  FakeDialogV2.answers = ["useScene", null]; // "Use this scene", then the window closed
  await menu.openMenu();
  assert.equal(scene.flags.ballcourt.matchId, "m1");
  FakeDialogV2.answers = ["match", true];
  await menu.openMenu();
  assert.equal(scene.flags.ballcourt.matchId, "m2", "replaced once the GM said yes");
});

test("item 13: the end of a match is announced with no score panel open", async () => {
  await openOn(
    fakeCompanion({
      "/api/v1/matches/m1/events": () => ({
        status: 201,
        body: { id: "m1", seq: 9, applied: 9, status: "over", winner: "sun" },
      }),
    }),
  );
  const chat = await moduleOf("gm", "chat");
  const scene = courtScene();
  const message = await chat.postCard(fixture("kick"), {
    game: "yaotzin",
    kind: "kick",
    sceneId: scene.id,
    matchId: "m1",
    owners: { ix: ["alice"], yo: ["bob"], ball: [] },
  });
  await chat.performAction(message.id, "apply", "gm");
  const said = globalThis.ChatMessage.created.filter((m) =>
    /sun wins the match/.test(m.content ?? ""),
  );
  assert.equal(said.length, 1, "announced once");
  await chat.performAction(message.id, "undo", "gm");
  await chat.performAction(message.id, "apply", "gm");
  assert.equal(
    globalThis.ChatMessage.created.filter((m) => /wins the match/.test(m.content ?? "")).length,
    1,
    "not twice",
  );
});

test("item 13: opening the panel for another match drops the first panel's listener", async () => {
  const state = (id) => ({
    id,
    seq: 0,
    game: "yaotzin",
    status: "playing",
    round: 1,
    score: { sun: 0, moon: 0 },
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
  });
  const companion = fakeCompanion({
    "/api/v1/matches/m1": () => ({ status: 200, body: state("m1") }),
    "/api/v1/matches/m2": () => ({ status: 200, body: state("m2") }),
    "/api/v1/matches/m1/events": () => ({ status: 200, body: { events: [] } }),
    "/api/v1/matches/m2/events": () => ({ status: 200, body: { events: [] } }),
  });
  await openOn(companion);
  const panel = await moduleOf("gm", "panel");
  const first = await panel.showScoreboard("m1");
  await panel.showScoreboard("m2");
  const before = first.renders;
  companion.push("match_event", {
    match: "m1",
    seq: 1,
    kind: "event",
    state: { id: "m1", seq: 1 },
  });
  await settle();
  assert.equal(first.renders, before, "the m1 panel, replaced, no longer listens");
});
