/**
 * The Yaotzin autopilot at the table (foundry/yaotzin/yaotzin-autopilot.mjs), against a real
 * `ballcourt serve` and its /yaotzin/suggest: a GM and two players, each browser its own copy
 * of the module (openTable), the moon's two NPCs on autopilot. The GM alone asks, sees the
 * ghost and the card; Accept walks the NPC through the module's own token moves and runs the
 * contest through the menu's flow (its attack-of-opportunity question reaches Alice's client);
 * Decline and the tracker moving on leave the turn to the GM; act mode plays at once unless
 * Stop is pressed in its pause.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { io } from "socket.io-client";

import { fakeCompanion } from "../../fakes/companion.mjs";
import {
  FakeActor,
  FakeDialogV2,
  FakeToken,
  FakeUser,
  asUser,
  clientModule,
  clientOf,
  press,
  reload,
  settle,
  until,
} from "../../fakes/foundry.mjs";
import { startCompanion } from "../../fakes/live-companion.mjs";
import { npcCourt } from "../../fakes/npc-court.mjs";
import { courtScene, fixture, runningEncounter } from "../../fakes/scenes.mjs";
import { openOn, useTables } from "../../tables/table.mjs";

const TOKEN = "autopilot-token-0123456789";
let companion;

useTables();
before(async () => {
  companion = await startCompanion(TOKEN);
});
after(() => companion?.stop());

const USERS = ["gm", "alice", "bob"];

/** A table on the live companion with the moon's autopilot as given; the court and its encounter, begun. */
async function table(moon, settings = {}, languages = {}) {
  const t = await openOn(
    { io },
    {
      system: "pf1",
      languages,
      users: [
        new FakeUser({ id: "gm", name: "GM", isGM: true }),
        new FakeUser({ id: "alice", name: "Alice" }),
        new FakeUser({ id: "bob", name: "Bob" }),
      ],
      settings: {
        companionUrl: companion.url,
        token: TOKEN,
        yaotzinAutopilot: { moon },
        yaotzinAutopilotPause: 0,
        ...settings,
      },
    },
  );
  const court = await npcCourt(t, USERS);
  await court.encounter.startCombat();
  await until(() => court.encounter.combatant?.id === "c-ix");
  await settle();
  return { t, ...court };
}

const autopilotCards = () =>
  globalThis.ChatMessage.created.filter(
    (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.autopilot",
  );
/** The words drawn in a client's overlay (its texts: a graphics double answers any method, so FakeContainer#texts would list it). */
const ghostTexts = (userId) =>
  clientOf(userId)
    .canvas.interface.children.filter((c) => c.name === "ballcourt-overlay")
    .flatMap((c) => c.children.filter((k) => typeof k.text === "string").map((k) => k.text));
const aooQueries = (userId) =>
  globalThis.game.users.get(userId).queries.filter((q) => q.name === "ballcourt.aoo");
const square = (token) => ({ x: token.x / 100, y: token.y / 100 });

/** The GM's press on a card's button in his own chat log; then the table settles. */
async function click(message, action) {
  await settle();
  await asUser("gm", () => press(clientOf("gm").chat.get(message.id), action));
  await settle();
}

/** The GM ends the turn until `expected`'s comes (the ball's still turns pass by themselves). */
async function turnTo(encounter, expected) {
  await asUser("gm", () => encounter.nextTurn());
  await until(() => encounter.combatant?.id === expected);
  await settle();
  assert.equal(encounter.combatant?.id, expected);
}

test("suggest: Tezca's turn is proposed to the GM alone, ghost and card; Accept walks him up and trips Ixpoetchitl, Alice asked her attack of opportunity", async () => {
  const { encounter, tokens } = await table({ mode: "suggest", tactics: "press-ball" });
  assert.equal(autopilotCards().length, 0, "Ixpoetchitl is Alice's: no proposal on her turn");
  await turnTo(encounter, "c-n1");
  const [card] = autopilotCards();
  assert.ok(card, "a proposal for Tezca");
  assert.deepEqual(card.whisper, ["gm"], "whispered to the GMs alone");
  assert.equal(clientOf("alice").chat.has(card.id), false, "Alice's log does not show it");
  const lines = card.flags.ballcourt.card.lines.map((l) => l.key);
  assert.deepEqual(lines, [
    "BALLCOURT.YAutopilot.Step.move",
    "BALLCOURT.YAutopilot.Step.contest.trip",
    "BALLCOURT.YAutopilot.Reason",
  ]);
  assert.match(clientOf("gm").chat.get(card.id).innerHTML, /Trips Ixpoetchitl/);
  assert.deepEqual(ghostTexts("gm"), ["Trips Ixpoetchitl"], "the ghost on the GM's canvas");
  assert.deepEqual(ghostTexts("alice"), [], "not on Alice's");
  assert.deepEqual(square(tokens.n1), { x: 16, y: 12 }, "nothing moves before Accept");

  clientOf("alice").dialogs.answers.push("unarmed"); // her attack of opportunity, on her own screen
  globalThis.Roll.queue = [5, 10, 10, 10];
  await click(card, "accept");
  await until(() =>
    globalThis.ChatMessage.created.some(
      (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.contest",
    ),
  );
  await settle();
  assert.deepEqual(
    square(tokens.n1),
    { x: 11, y: 12 },
    "walked to the path's end, next to the ball",
  );
  assert.equal(aooQueries("alice").length, 1, "Alice is asked on her own client");
  assert.equal(
    clientOf("gm").dialogs.shown.filter((d) => d.buttons).length,
    0,
    "the GM is not asked for her token",
  );
  const closed = card.flags.ballcourt.card;
  assert.deepEqual(closed.actions, [], "no buttons left");
  assert.equal(closed.lines.at(-1).key, "BALLCOURT.YAutopilot.Outcome.done");
  assert.deepEqual(ghostTexts("gm"), [], "the ghost goes once the turn is played");
});

test("Decline leaves the turn to the GM; the tracker moving on closes a proposal nobody answered", async () => {
  const { encounter, tokens } = await table({ mode: "suggest", tactics: "hold-lanes" });
  await turnTo(encounter, "c-n1");
  const [first] = autopilotCards();
  assert.equal(ghostTexts("gm").length, 1, "its ghost is drawn");
  await globalThis.game.settings.set("ballcourt", "applyPermission", "anyone"); // players may press Apply: not this card
  const chat = await clientModule("gm", "foundry/cards/chat.mjs");
  assert.equal(
    await asUser("gm", () => chat.performAction(first.id, "accept", "alice")),
    false,
    "Alice's forged press is refused",
  );
  await settle();
  assert.deepEqual(square(tokens.n1), { x: 16, y: 12 });
  await click(first, "decline");
  assert.deepEqual(square(tokens.n1), { x: 16, y: 12 }, "declined: Tezca stays");
  assert.equal(
    first.flags.ballcourt.card.lines.at(-1).key,
    "BALLCOURT.YAutopilot.Outcome.declined",
  );
  assert.deepEqual(ghostTexts("gm"), []);
  await turnTo(encounter, "c-yo");
  assert.equal(autopilotCards().length, 1, "Yolteotl is Bob's");
  await turnTo(encounter, "c-n2");
  const second = autopilotCards().at(-1);
  assert.notEqual(second, first, "Mixco's own proposal");
  assert.equal(ghostTexts("gm").length, 1, "drawn too");
  await asUser("gm", () => encounter.nextTurn()); // the GM plays on without answering it
  await settle();
  assert.equal(second.flags.ballcourt.card.lines.at(-1).key, "BALLCOURT.YAutopilot.Outcome.passed");
  assert.deepEqual(second.flags.ballcourt.card.actions, []);
  assert.deepEqual(ghostTexts("gm"), [], "its ghost goes with the turn");
  await asUser("gm", async () => {
    // a press on the closed card is refused, politely
    const chat = await clientModule("gm", "foundry/cards/chat.mjs");
    assert.equal(await chat.performAction(second.id, "accept", "gm"), false);
  });
});

test("act: Tezca's turn plays itself, his trip's question reaching Alice; with a pause, Stop before the first step leaves Mixco where he stands", async () => {
  const { encounter, tokens } = await table({ mode: "act", tactics: "press-ball" });
  clientOf("alice").dialogs.answers.push("none");
  globalThis.Roll.queue = [5, 10, 10];
  await turnTo(encounter, "c-n1");
  await until(() =>
    globalThis.ChatMessage.created.some(
      (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.contest",
    ),
  );
  await settle();
  const [played] = autopilotCards();
  assert.deepEqual(
    square(tokens.n1),
    { x: 11, y: 12 },
    "nobody pressed Accept: act mode walked him",
  );
  assert.equal(aooQueries("alice").length, 1);
  assert.deepEqual(
    played.flags.ballcourt.card.actions,
    [],
    "its Stop is gone once the turn is played",
  );
  assert.equal(played.flags.ballcourt.card.lines.at(-1).key, "BALLCOURT.YAutopilot.Outcome.done");

  await globalThis.game.settings.set("ballcourt", "yaotzinAutopilotPause", 0.5);
  await turnTo(encounter, "c-yo");
  const before = { ...square(tokens.n2) };
  const next = asUser("gm", () => encounter.nextTurn());
  await until(() => autopilotCards().length === 2);
  const stopping = autopilotCards().at(-1);
  assert.deepEqual(
    stopping.flags.ballcourt.card.actions.map((a) => a.id),
    ["stop"],
  );
  await until(() => clientOf("gm").chat.has(stopping.id));
  await asUser("gm", () => press(clientOf("gm").chat.get(stopping.id), "stop"));
  await next;
  await settle();
  assert.deepEqual(square(tokens.n2), before, "stopped in the pause: Mixco did not move");
  assert.equal(
    stopping.flags.ballcourt.card.lines.at(-1).key,
    "BALLCOURT.YAutopilot.Outcome.stopped",
  );
});

test("the court changed between the proposal and Accept: /yaotzin/move refuses the path, Tezca stays, the GM is told and plays on", async () => {
  const { encounter, tokens } = await table({ mode: "suggest", tactics: "press-ball" });
  await turnTo(encounter, "c-n1");
  const [card] = autopilotCards();
  await asUser("gm", () => tokens.yo.update({ x: 1300, y: 1200 })); // the GM puts Yolteotl on Tezca's path
  await settle();
  await click(card, "accept");
  assert.deepEqual(square(tokens.n1), { x: 16, y: 12 }, "not a square walked");
  assert.equal(card.flags.ballcourt.card.lines.at(-1).key, "BALLCOURT.YAutopilot.Outcome.failed");
  assert.ok(
    clientOf("gm").ui.notifications.some(
      ([kind, text]) => kind === "error" && /opponent/.test(text),
    ),
    JSON.stringify(clientOf("gm").ui.notifications),
  );
  assert.equal(
    globalThis.ChatMessage.created.some(
      (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.contest",
    ),
    false,
    "no contest after a refused move",
  );
});

test("the GM's page reloads with a proposal open: its card loses its buttons and says the proposal is over", async () => {
  const { encounter } = await table({ mode: "suggest", tactics: "press-ball" });
  await turnTo(encounter, "c-n1");
  const [card] = autopilotCards();
  assert.deepEqual(
    card.flags.ballcourt.card.actions.map((a) => a.id),
    ["accept", "decline"],
  );
  await reload("gm");
  await settle();
  // main.mjs runs it at "ready"; the doubles' reload marks the GM active again only after his
  // new page's ready, so it is run here as the expiring of roll-request cards is tested
  const mine = await clientModule("alice", "foundry/yaotzin/yaotzin-autopilot.mjs");
  assert.deepEqual(
    await asUser("alice", () => mine.expireOldProposals()),
    [],
    "a player's page writes nothing",
  );
  const glue = await clientModule("gm", "foundry/yaotzin/yaotzin-autopilot.mjs");
  assert.deepEqual(
    (await asUser("gm", () => glue.expireOldProposals())).map((m) => m.id),
    [card.id],
  );
  await settle();
  assert.equal(card.flags.ballcourt.card.lines.at(-1).key, "BALLCOURT.YAutopilot.Outcome.expired");
  assert.doesNotMatch(
    clientOf("gm").chat.get(card.id).innerHTML,
    /data-ballcourt-action/,
    "nothing left to press",
  );
});

test("a Russian GM reads the proposal's card and its ghost in Russian", async () => {
  const { encounter } = await table({ mode: "suggest", tactics: "press-ball" }, {}, { gm: "ru" });
  await turnTo(encounter, "c-n1");
  const [card] = autopilotCards();
  const html = clientOf("gm").chat.get(card.id).innerHTML;
  assert.match(html, /Подсекает Ixpoetchitl/);
  assert.match(html, /Идёт на \(11, 12\): 5 клеток/);
  assert.match(html, />Принять</);
  assert.deepEqual(ghostTexts("gm"), ["Подсекает Ixpoetchitl"]);
});

test("a preset the companion does not know: the GM is told and plays the turn; no card, no ghost", async () => {
  const { encounter } = await table({ mode: "suggest", tactics: "nonsense" });
  await turnTo(encounter, "c-n1");
  assert.equal(autopilotCards().length, 0);
  assert.ok(
    clientOf("gm").ui.notifications.some(
      ([kind, text]) => kind === "warn" && /Tezca/.test(text) && /tactics/.test(text),
    ),
    JSON.stringify(clientOf("gm").ui.notifications),
  );
  assert.deepEqual(ghostTexts("gm"), []);
});

test("the menu's Autopilot form on a court sets the Yaotzin setting, with its presets and no token override", async () => {
  const { scene } = await table({ mode: "off" });
  FakeDialogV2.answers = [
    "autopilot",
    (options) => {
      assert.equal(options.window.title, "Yaotzin autopilot");
      assert.match(
        options.content,
        /<datalist id="ballcourt-presets"><option value="press-ball"><\/option><option value="hold-lanes">/,
      );
      assert.match(options.content, /name="team-moon"><option value="off" selected>/);
      assert.doesNotMatch(options.content, /name="tokens"/, "no per-token override on a court");
      return {
        "team-sun": "off",
        "team-moon": "act",
        "tactics-sun": "",
        "tactics-moon": " kick-long ",
      };
    },
  ];
  globalThis.canvas.scene = scene;
  await asUser("gm", async () =>
    (await clientModule("gm", "foundry/setup/setup-dialog.mjs")).openMenu(),
  );
  await settle();
  assert.deepEqual(globalThis.game.settings.get("ballcourt", "yaotzinAutopilot"), {
    moon: { mode: "act", tactics: "kick-long" },
    sun: { mode: "off", tactics: "" },
  });
  assert.deepEqual(
    globalThis.game.settings.get("ballcourt", "autopilot"),
    {},
    "goat-ball's own is untouched",
  );
});

/**
 * The glue's own requests, seen at a fake companion (fakes/companion.mjs): Mixco, the moon's
 * NPC, on the court of fakes/scenes.mjs beside Alice's and Bob's tokens; `routes` answer the
 * autopilot's suggest and whatever his turn calls next. Each test calls autopilotTurn on the
 * GM's page for Mixco's combatant, as the tracker would.
 */
async function fakeTurn(turn, routes = {}, prepare = async () => {}) {
  const fake = fakeCompanion({
    "/api/v1/yaotzin/suggest": () => ({
      status: 200,
      body: { turn, tactics: "press-ball", attacks: { sun: "east", moon: "west" } },
    }),
    ...routes,
  });
  await openOn(fake, {
    settings: { yaotzinAutopilot: { moon: { mode: "act" } }, yaotzinAutopilotPause: 0 },
  });
  const scene = courtScene();
  const mixco = new FakeToken({
    id: "mx",
    name: "Mixco",
    x: 2000,
    y: 1200,
    flags: { ballcourt: { team: "moon" } },
    actor: new FakeActor({ ...fixture("actors/pf1"), owners: [] }),
  });
  scene.tokens.set(mixco.id, mixco);
  mixco.parent = scene;
  const encounter = runningEncounter(scene);
  await prepare(scene);
  const glue = await clientModule("gm", "foundry/yaotzin/yaotzin-autopilot.mjs");
  await asUser("gm", () => glue.autopilotTurn(encounter, encounter.combatants.get("c-mx")));
  await settle();
  return {
    fake,
    scene,
    mixco,
    calls: (route) => fake.calls.filter((c) => c.route === route).map((c) => c.body),
  };
}

test("a proposed dribble reaches dribble.mjs with the proposal's own squares, not a straight walk to its end", async () => {
  const bent = [
    { x: 19, y: 13 },
    { x: 18, y: 12 },
    { x: 17, y: 12 },
  ]; // round an opponent: no straight drag
  const refuse = () => ({
    status: 422,
    body: { error: { code: "invalid", message: "squares.0: checked here" } },
  });
  const { calls, scene } = await fakeTurn(
    {
      player: "mx",
      path: [{ x: 20, y: 12 }],
      budget: "move",
      reason: "bends round",
      action: {
        route: "dribble",
        body: { dribbler: "mx", ball: { x: 20, y: 12 }, squares: bent, started_with_ball: true },
      },
    },
    { "/api/v1/yaotzin/dribble": refuse },
  );
  const [sent] = calls("/api/v1/yaotzin/dribble");
  assert.deepEqual(sent?.squares, bent);
  assert.equal(sent.dribbler, "mx");
  assert.deepEqual(sent.ball, { x: 20, y: 12 });
  const card = globalThis.ChatMessage.created.find(
    (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.autopilot",
  );
  assert.equal(
    card.flags.ballcourt.card.lines.at(-1).key,
    "BALLCOURT.YAutopilot.Outcome.failed",
    "a refused step ends the turn",
  );
  assert.ok(
    clientOf("gm").ui.notifications.some(
      ([kind, text]) => kind === "error" && /checked here/.test(text),
    ),
    "the GM is told why",
  );
  assert.deepEqual(scene.tokens.get("mx").x, 2000);
});

test("a path is rechecked by /yaotzin/move as the court stands, walked as one movement; one ending on a rolling ball stops it", async () => {
  const path = [
    { x: 20, y: 12 },
    { x: 21, y: 12 },
    { x: 22, y: 13 },
  ];
  const rolling = (scene) =>
    scene.updateEmbeddedDocuments("Token", [
      { _id: "ball", x: 2200, y: 1300, "flags.ballcourt.ball": { speed: 2, direction: "W" } },
    ]);
  const { calls, scene, mixco } = await fakeTurn(
    { player: "mx", path, budget: "move", reason: "goes for the ball", action: null },
    {
      "/api/v1/yaotzin/move": (body) => ({
        status: 200,
        body: {
          mover: body.mover,
          cost_ft: 10,
          budget_ft: 30,
          end: body.path.at(-1),
          takes_ball: true,
        },
      }),
    },
    rolling,
  );
  const [checked] = calls("/api/v1/yaotzin/move");
  assert.deepEqual([checked.mover, checked.path, checked.budget], ["mx", path, "move"]);
  assert.deepEqual(checked.ball, { x: 22, y: 13 }, "the ball's square: the route takes no roll");
  assert.ok(
    checked.players.some((p) => p.id === "mx" && p.x === 20),
    "the court as it stands when the step runs",
  );
  assert.deepEqual([mixco.x, mixco.y], [2200, 1300], "at the path's end");
  assert.deepEqual(
    scene.tokens.get("ball").flags.ballcourt.ball,
    { speed: 0, direction: null },
    "he stopped the ball",
  );
});

test("the suggest carries the court's match's score, so behind or ahead late the presets play the end-game", async () => {
  const { calls } = await fakeTurn(
    { player: "mx", path: [{ x: 20, y: 12 }], budget: "move", reason: "holds", action: null },
    {
      "/api/v1/matches/m1": () => ({
        status: 200,
        body: { id: "m1", seq: 3, score: { sun: 4, moon: 2 } },
      }),
    },
  );
  const [asked] = calls("/api/v1/yaotzin/suggest");
  assert.deepEqual(asked.score, { sun: 4, moon: 2 });
});
