/**
 * The cards' lifecycle at a table of a GM and two players, each in his own browser
 * (openTable): a player's try at a ball whose kick or tick was already applied, a card
 * applied again after Undo, and what each reader's buttons say. Bob reads Russian.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { asUser, buttonsIn, clientOf, settle } from "../../fakes/foundry.mjs";
import { courtScene, runningEncounter } from "../../fakes/scenes.mjs";
import { chatText, moduleOf, onPage, openOn, shown, useTables } from "../../tables/table.mjs";
import { flush, playerClients } from "../../tables/roll-requests.mjs";
import { kickCompanion, recorded, requestAs, wonContest } from "../../tables/yaotzin.mjs";

useTables();

const TOO_LATE = "Слишком поздно: карточка применена, и мяч ушёл дальше.";

/** A court with its encounter running (the attacks of opportunity are counted), a companion that answers kicks, ticks and interceptions. */
async function table(settings = {}) {
  const companion = kickCompanion({ "/api/v1/yaotzin/intercept": recorded("intercept") });
  await openOn(companion, { languages: { bob: "ru" }, settings });
  const scene = courtScene();
  const encounter = runningEncounter(scene);
  return { companion, scene, encounter, chat: await moduleOf("gm", "chat") };
}

const kick = (scene) =>
  onPage("gm", "yaotzin", (y) =>
    y.resolveKick(scene, { kicker: "ix", target: { x: 18, y: 12 }, standing: true }),
  );
const ballAt = (scene) => ({ x: scene.tokens.get("ball").x, y: scene.tokens.get("ball").y });
const intercepts = (companion) =>
  companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept").length;
const interceptCards = () =>
  globalThis.ChatMessage.created.filter(
    (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.intercept",
  );

test("item 1: Bob's 'tries to intercept' pressed after the kick was applied changes nothing, and he is told why", async () => {
  const { companion, scene, encounter, chat } = await table();
  const card = await kick(scene);
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  const landed = ballAt(scene);
  await requestAs("bob", card.id, "intercept:yo");
  await settle();
  assert.equal(intercepts(companion), 0, "no save rolled, no interception asked");
  assert.deepEqual(interceptCards(), [], "no interception card");
  assert.equal(encounter.flags?.ballcourt?.aoo, undefined, "no attack of opportunity spent");
  assert.deepEqual(card.flags.ballcourt.resolved, [], "the button is not used up");
  assert.deepEqual(ballAt(scene), landed, "the ball stays at its landing");
  assert.ok(shown("bob").includes(TOO_LATE), `Bob is told why, in Russian: ${shown("bob")}`);
});

test("item 1: a tick's 'stop' pressed after the tick was applied changes nothing", async () => {
  const { companion, scene, encounter, chat } = await table();
  await scene.tokens.get("ball").setFlag("ballcourt", "ball", { speed: 9, direction: "E" });
  const tick = await onPage("gm", "yaotzin", (y) => y.resolveTick(scene));
  const stop = tick.flags.ballcourt.card.actions.find((a) => a.id.startsWith("stop:yo:"));
  assert.equal(await chat.performAction(tick.id, "apply", "gm"), true);
  const rolled = ballAt(scene);
  await requestAs("bob", tick.id, stop.id);
  await settle();
  assert.equal(intercepts(companion), 0);
  assert.equal(encounter.flags?.ballcourt?.aoo, undefined);
  assert.deepEqual(ballAt(scene), rolled);
  assert.ok(shown("bob").includes(TOO_LATE), `Bob: ${shown("bob")}`);
});

test("item 1: an interception card made before its kick was applied is refused on Apply once the kick moved the ball", async () => {
  const { scene, chat } = await table();
  const card = await kick(scene);
  await requestAs("bob", card.id, "intercept:yo"); // in time: his try is made
  await settle();
  const [interception] = interceptCards();
  assert.ok(interception, "the interception card");
  assert.equal(
    await chat.performAction(card.id, "apply", "gm"),
    true,
    "the GM applies the kick all the same",
  );
  const landed = ballAt(scene);
  assert.equal(await chat.performAction(interception.id, "apply", "gm"), false);
  assert.deepEqual(
    ballAt(scene),
    landed,
    "the ball is not taken from its landing to the interceptor",
  );
});

test("item 1: a try whose save came back after another card moved the ball is dropped before anything is written", async () => {
  const { companion, scene, encounter } = await table({ rollPolicy: "players" });
  const { inbox, answer } = playerClients(globalThis.game.users.contents);
  const card = await kick(scene);
  const pressing = requestAs("bob", card.id, "intercept:yo");
  await flush();
  assert.equal(inbox.length, 1, "Bob is asked for his save");
  await scene.tokens.get("ball").update({ x: 1500 }); // meanwhile the ball is moved (a dribble, the GM's hand)
  globalThis.Roll.queue = [15];
  await answer();
  await pressing;
  await settle();
  assert.equal(intercepts(companion), 0, "no interception asked");
  assert.equal(encounter.flags?.ballcourt?.aoo, undefined, "no attack of opportunity spent");
  assert.deepEqual(card.flags.ballcourt.resolved, []);
});

test("item 12: Apply after Undo writes the card's undo record whole, not merged into the first one's", async () => {
  const { scene, chat } = await table();
  // the first Apply noted an overrun to take back; the second none (the keys an Undo reads differ)
  const none = { tokens: {}, actors: [], states: [] };
  const records = [
    { undo: { updates: [], overran: { tokenId: "ix", before: null } }, touched: none, events: 1 },
    { undo: { updates: [] }, touched: none },
  ];
  chat.registerCardHandlers("probe", {
    journal: () => ({ undo: {} }),
    apply: async () => records.shift(),
    undo: async () => {},
  });
  const card = await kick(scene);
  card.flags.ballcourt.context.game = "probe"; // a card whose Apply records a different shape each time
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  assert.equal(await chat.performAction(card.id, "undo", "gm"), true);
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  const { stamp, ...record } = card.flags.ballcourt.record;
  assert.ok(Number.isFinite(stamp));
  assert.deepEqual(
    record,
    { undo: { updates: [] }, touched: none },
    "nothing of the first Apply's record is left",
  );
});

test("lifecycle: each reader's buttons say what the card no longer allows, in his language", async () => {
  const { scene, chat } = await table({ applyPermission: "anyone" });
  const card = await kick(scene);
  await settle();
  assert.match(
    chatText("bob"),
    /data-ballcourt-action="intercept:yo">/,
    "open: Bob's try is his to press",
  );
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  await settle();
  assert.match(
    chatText("bob"),
    new RegExp(`data-ballcourt-action="intercept:yo" disabled title="${TOO_LATE}"`),
  );
  assert.match(
    chatText("gm"),
    /data-ballcourt-action="apply" disabled title="This card has already been applied."/,
  );
  assert.match(chatText("gm"), /data-ballcourt-action="undo">/);
});

test("lifecycle: a second press of one player's try is refused with why, as is Undo on a card not applied", async () => {
  const { companion, scene, chat } = await table();
  const card = await kick(scene);
  await requestAs("bob", card.id, "intercept:yo");
  await settle();
  await requestAs("bob", card.id, "intercept:yo");
  await settle();
  assert.equal(intercepts(companion), 1);
  assert.ok(shown("bob").includes("Это на этой карточке уже сделано."), `Bob: ${shown("bob")}`);
  assert.equal(await chat.performAction(card.id, "undo", "gm"), false, "nothing to undo");
  assert.ok(shown("gm").includes("This card has not been applied: there is nothing to undo."));
});

/** A contest route whose trip of Yolteotl by Ixpoetchitl is won: its Apply knocks him prone, no ball moved. */
const tripWon = wonContest(
  () => ({ events: [], moves: [], prone: "yo" }),
  () => ({
    key: "BALLCOURT.Card.Contest.Title.trip",
    data: { actor: "Ixpoetchitl", target: "Yolteotl" },
  }),
);

/** A double click on the trip: two cards for the same contest, anyone may apply. */
async function doubleTrip() {
  await openOn(kickCompanion({ "/api/v1/yaotzin/contest": tripWon }), {
    languages: { bob: "ru" },
    settings: { applyPermission: "anyone" },
  });
  const [chat, { contest }] = [await moduleOf("gm", "chat"), await moduleOf("gm", "contests")];
  const scene = courtScene();
  const trip = () => contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  const [first, second] = [await trip(), await trip()];
  return { chat, first, second };
}

test("lifecycle: the second card of a double click on a contest is superseded once the first is applied", async () => {
  const { chat, first, second } = await doubleTrip();
  assert.equal(await chat.performAction(first.id, "apply", "gm"), true, "a trip moves no ball");
  await requestAs("bob", second.id, "apply");
  await settle();
  assert.equal(second.flags.ballcourt.applied, false, "Yolteotl is not tripped twice");
  assert.ok(
    shown("bob").includes("Уже применена другая карточка о том же самом: эта больше не в силе."),
    `Bob: ${shown("bob")}`,
  );
  assert.equal(await chat.performAction(first.id, "undo", "gm"), true);
  assert.equal(
    await chat.performAction(second.id, "apply", "gm"),
    true,
    "the first undone, the second holds again",
  );
});

/** Whether `user`'s page draws the message's `action` button enabled (null: not drawn for him). */
function drawnEnabled(user, messageId, action) {
  const element = clientOf(user).chat.get(messageId);
  const button = buttonsIn(element).find((b) => b.dataset.ballcourtAction === action);
  return button ? !button.disabled : null;
}

test("lifecycle: every page draws a card again when a sibling's Apply supersedes it and when its Undo lifts that, though the card itself did not change", async () => {
  const { chat, first, second } = await doubleTrip();
  await settle();
  const everyone = ["gm", "alice", "bob"];
  for (const user of everyone) assert.equal(drawnEnabled(user, second.id, "apply"), true, user);
  assert.equal(await chat.performAction(first.id, "apply", "gm"), true, "a trip moves no ball");
  await settle();
  assert.equal(second.updates?.length ?? 0, 0, "the second card itself is not written");
  for (const user of everyone)
    assert.equal(drawnEnabled(user, second.id, "apply"), false, `${user}: superseded`);
  assert.equal(await chat.performAction(first.id, "undo", "gm"), true);
  await settle();
  for (const user of everyone)
    assert.equal(drawnEnabled(user, second.id, "apply"), true, `${user}: in force again`);
});

test("lifecycle: the ball moved by hand draws a kick card stale on every page, Bob's try greyed", async () => {
  const { scene } = await table();
  const card = await kick(scene);
  await settle();
  assert.equal(drawnEnabled("bob", card.id, "intercept:yo"), true);
  const ball = scene.tokens.get("ball");
  await asUser("gm", () => ball.update({ x: ball.x + 300 }));
  await settle();
  assert.equal(drawnEnabled("bob", card.id, "intercept:yo"), false, "Bob's page");
  assert.equal(drawnEnabled("gm", card.id, "apply"), false, "the GM's");
});

test("lifecycle: the autopilot's Stop goes through while its accepted turn is being played; the card stays busy until it ends", async () => {
  const { scene, chat } = await table();
  let release;
  const acted = [];
  chat.registerCardHandlers("probe", {
    act: async (_message, action) => {
      acted.push(action.id);
      if (action.id === "accept")
        await new Promise((resolve) => {
          release = resolve;
        });
    },
  });
  const card = await chat.postCard(
    {
      chat_card: {
        kind: "yaotzin.autopilot",
        title: { text: "Autopilot" },
        lines: [],
        rolls: [],
        actions: [
          { id: "accept", label: "Accept", once: "turn" },
          { id: "decline", label: "Decline", once: "turn" },
          { id: "stop", label: "Stop" },
        ],
      },
    },
    { game: "probe", kind: "autopilot", sceneId: scene.id, owners: {} },
  );
  const accepting = chat.performAction(card.id, "accept", "gm");
  await settle();
  assert.equal(await chat.performAction(card.id, "stop", "gm"), true, "Stop, while the turn runs");
  assert.equal(
    await chat.performAction(card.id, "decline", "gm"),
    false,
    "Decline waits: the card is busy",
  );
  release();
  assert.equal(await accepting, true);
  assert.deepEqual(acted, ["accept", "stop"]);
  assert.deepEqual(card.flags.ballcourt.resolved, ["stop", "accept"]);
  assert.equal(
    await chat.performAction(card.id, "decline", "gm"),
    false,
    "one of Accept and Decline",
  );
});
