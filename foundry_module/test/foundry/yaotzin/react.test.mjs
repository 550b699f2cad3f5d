/**
 * The Yaotzin autopilot's reactions to a kick in flight at the table (foundry/yaotzin/react.mjs),
 * against a real `ballcourt serve` and its /yaotzin/react: a GM and two players, each browser
 * its own copy of the module (openTable). Alice's Ixpoetchitl kicks along row 12 past the
 * moon's two NPCs, Tezca then Mixco. On "act" the autopilot presses their tries on the kick
 * card itself, in the order the ball meets them, until one stops it; on "suggest" the GMs'
 * advice card says what the preset decides, with a button that presses the try on the kick
 * card; on "off" the planner's advice stands, as before. A ball rolling past them on its
 * turn in the tracker: on "act" their stops are pressed on the tick's card, and a stop holds
 * that tick back from the tracker's own Apply.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { io } from "socket.io-client";

import {
  FakeUser,
  asUser,
  clientModule,
  clientOf,
  press,
  settle,
  until,
} from "../../fakes/foundry.mjs";
import { startCompanion } from "../../fakes/live-companion.mjs";
import { npcCourt } from "../../fakes/npc-court.mjs";
import { openOn, useTables } from "../../tables/table.mjs";

const TOKEN = "react-token-0123456789abcd";
let companion;

useTables();
before(async () => {
  companion = await startCompanion(TOKEN);
});
after(() => companion?.stop());

const USERS = ["gm", "alice", "bob"];

/**
 * A table on the live companion with the moon's autopilot as given: Ixpoetchitl (Alice's,
 * Strength 20) on the ball at (10, 12); Tezca (Reflex 3) at (13, 12) and Mixco (Reflex `mixco`)
 * at (16, 12), the GM's; Bob's Yolteotl well off the line; an encounter begun.
 */
async function table(
  moon,
  { mixco = 3, languages = {}, spots = {}, settings = {}, coGm = false } = {},
) {
  const t = await openOn(
    { io },
    {
      system: "pf1",
      languages,
      users: [
        new FakeUser({ id: "gm", name: "GM", isGM: true }),
        ...(coGm ? [new FakeUser({ id: "maria", name: "Maria", isGM: true, role: 3 })] : []),
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
  const api = t.api("gm");
  const { scene, ball, encounter, tokens } = await npcCourt(t, USERS, {
    at: { yo: [13, 18], n1: [13, 12], n2: [16, 12], ...spots },
    stats: { ix: { str: 20, dex: 14 }, n1: {}, n2: { reflex: mixco } },
  });
  await settle();
  return { t, api, scene, tokens, encounter, ballId: ball.id };
}

const cards = (kind) =>
  globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.card?.kind === kind);
const lineKeys = (message) => message.flags.ballcourt.card.lines.map((l) => l.key);

/** The GM kicks Ixpoetchitl's ball at (20, 12), standing, with the d20s queued (the kick's, then each save in turn). */
async function kick(api, scene, dice) {
  globalThis.Roll.queue = dice;
  await asUser("gm", () =>
    api.resolveKick(scene, { kicker: "ix", target: { x: 20, y: 12 }, standing: true }),
  );
  await settle();
  const [card] = cards("yaotzin.kick");
  assert.deepEqual(
    card.flags.ballcourt.card.actions.map((a) => a.id).filter((id) => id.startsWith("intercept:")),
    ["intercept:n1", "intercept:n2"],
    "the ball meets Tezca, then Mixco",
  );
  return card;
}

test("act: Tezca tries and misses, so the ball flies on to Mixco, who tries and catches it; both pressed on the kick card, said on the GMs' card", async () => {
  const { api, scene, ballId } = await table({ mode: "act", tactics: "press-ball" });
  const card = await kick(api, scene, [20, 2, 18]);
  const intercepts = cards("yaotzin.intercept");
  assert.deepEqual(
    intercepts.map((m) => m.flags.ballcourt.context.answers),
    [
      { messageId: card.id, actionId: "intercept:n1" },
      { messageId: card.id, actionId: "intercept:n2" },
    ],
    "Tezca's, then Mixco's",
  );
  assert.deepEqual(
    intercepts.map((m) => m.flags.ballcourt.context.outcome),
    ["missed", "yoke"],
  );
  assert.deepEqual(
    card.flags.ballcourt.resolved,
    ["intercept:n1", "intercept:n2"],
    "their buttons on the kick card are used",
  );
  const [advice] = cards("yaotzin.advice");
  assert.deepEqual(advice.whisper, ["gm"], "to the GMs alone");
  assert.deepEqual(lineKeys(advice), [
    "BALLCOURT.YReact.Try",
    "BALLCOURT.YReact.Try",
    "BALLCOURT.YReact.Done.missed",
    "BALLCOURT.YReact.Done.yoke",
  ]);
  assert.deepEqual(
    advice.flags.ballcourt.card.actions,
    [],
    "nothing for the GM to press: it is done",
  );
  assert.deepEqual(advice.flags.ballcourt.react.results, {
    n1: { outcome: "missed" },
    n2: { outcome: "yoke" },
  });
  const html = clientOf("gm").chat.get(advice.id).innerHTML;
  assert.match(html, /Tezca \(autopilot, press-ball\): tries to stop it: 45% to stop it/);
  assert.match(html, /Tezca tried: missed, the ball flies on\./);
  assert.match(html, /Mixco tried: caught with the yoke\./);
  assert.equal(clientOf("alice").chat.has(advice.id), false, "Alice does not see it");
  // the cards render again on every client and every update: nothing is pressed twice
  await asUser("gm", () => advice.update({ "flags.ballcourt.seen": true }));
  await asUser("gm", () => card.update({ "flags.ballcourt.seen": true }));
  await settle();
  assert.equal(cards("yaotzin.intercept").length, 2);
  // the GM applies Mixco's card as any other, and may undo it
  const chat = await clientModule("gm", "foundry/cards/chat.mjs");
  assert.equal(
    await asUser("gm", () => chat.performAction(intercepts[1].id, "apply", "gm")),
    true,
    JSON.stringify(clientOf("gm").ui.notifications),
  );
  const ball = () => scene.tokens.get(ballId);
  assert.deepEqual([ball().x, ball().y], [1600, 1200], "caught in Mixco's square");
  assert.equal(await asUser("gm", () => chat.performAction(intercepts[1].id, "undo", "gm")), true);
  assert.deepEqual([ball().x, ball().y], [1000, 1200], "back at Ixpoetchitl's feet");
});

test("act: Tezca catches it, so Mixco's try is never pressed, and the card says why", async () => {
  const { api, scene } = await table({ mode: "act", tactics: "press-ball" });
  const card = await kick(api, scene, [20, 19]);
  assert.deepEqual(
    cards("yaotzin.intercept").map((m) => m.flags.ballcourt.context.outcome),
    ["yoke"],
  );
  assert.deepEqual(
    card.flags.ballcourt.resolved,
    ["intercept:n1"],
    "Mixco's button is still the GM's to press",
  );
  const [advice] = cards("yaotzin.advice");
  assert.deepEqual(lineKeys(advice).slice(2), [
    "BALLCOURT.YReact.Done.yoke",
    "BALLCOURT.YReact.Skipped",
  ]);
  assert.match(
    clientOf("gm").chat.get(advice.id).innerHTML,
    /Mixco does not try: Tezca stopped the ball first\./,
  );
});

test("suggest: the GMs' card says what hold-lanes decides, with a button for Tezca's try that presses it on the kick card, once", async () => {
  const { api, scene } = await table({ mode: "suggest", tactics: "hold-lanes" }, { mixco: -2 });
  const card = await kick(api, scene, [20]);
  assert.equal(cards("yaotzin.intercept").length, 0, "nothing pressed before the GM says so");
  const [advice] = cards("yaotzin.advice");
  assert.deepEqual(lineKeys(advice), ["BALLCOURT.YReact.Try", "BALLCOURT.YReact.Pass.odds"]);
  assert.deepEqual(
    advice.flags.ballcourt.card.actions.map((a) => a.id),
    ["try:n1"],
    "Mixco lets it pass: no button",
  );
  const html = clientOf("gm").chat.get(advice.id).innerHTML;
  assert.match(
    html,
    /Mixco \(autopilot, hold-lanes\): lets it pass: 20% to stop it, under the 25% it tries at\./,
  );
  assert.match(html, />Tezca tries \(hold-lanes\)</);

  globalThis.Roll.queue = [3];
  await asUser("gm", () => press(clientOf("gm").chat.get(advice.id), "try:n1"));
  await until(() => cards("yaotzin.intercept").length === 1);
  await settle();
  const [intercept] = cards("yaotzin.intercept");
  assert.deepEqual(intercept.flags.ballcourt.context.answers, {
    messageId: card.id,
    actionId: "intercept:n1",
  });
  assert.deepEqual(card.flags.ballcourt.resolved, ["intercept:n1"], "pressed on the kick card");
  assert.deepEqual(advice.flags.ballcourt.resolved, ["try:n1"]);
  assert.equal(lineKeys(advice).at(-1), "BALLCOURT.YReact.Done.missed");
  assert.match(
    clientOf("gm").chat.get(advice.id).innerHTML,
    /data-ballcourt-action="try:n1" disabled/,
  );
  const chat = await clientModule("gm", "foundry/cards/chat.mjs");
  assert.equal(
    await asUser("gm", () => chat.performAction(advice.id, "try:n1", "gm")),
    false,
    "a second press does nothing",
  );
  assert.equal(
    await asUser("gm", () => chat.performAction(card.id, "intercept:n1", "gm")),
    false,
    "nor the kick card's own",
  );
  assert.equal(
    await asUser("gm", () => chat.performAction(advice.id, "try:n1", "alice")),
    false,
    "Alice cannot press it",
  );
  await settle();
  assert.equal(cards("yaotzin.intercept").length, 1);
});

test("suggest: a try the GM already pressed on the kick card is not pressed again from the advice card", async () => {
  const { api, scene } = await table({ mode: "suggest", tactics: "press-ball" });
  const card = await kick(api, scene, [20]);
  const [advice] = cards("yaotzin.advice");
  assert.deepEqual(
    advice.flags.ballcourt.card.actions.map((a) => a.id),
    ["try:n1", "try:n2"],
  );
  const chat = await clientModule("gm", "foundry/cards/chat.mjs");
  globalThis.Roll.queue = [3];
  assert.equal(await asUser("gm", () => chat.performAction(card.id, "intercept:n2", "gm")), true);
  assert.equal(await asUser("gm", () => chat.performAction(advice.id, "try:n2", "gm")), false);
  await settle();
  assert.equal(cards("yaotzin.intercept").length, 1);
  assert.ok(
    clientOf("gm").ui.notifications.some(([, text]) =>
      /Mixco has already tried for this ball/.test(text),
    ),
    JSON.stringify(clientOf("gm").ui.notifications),
  );
});

test("suggest: a co-GM's press of the advice card's button is carried out by the companion's GM, who alone asks the companion", async () => {
  const { api, scene } = await table({ mode: "suggest", tactics: "press-ball" }, { coGm: true });
  const card = await kick(api, scene, [20]);
  const [advice] = cards("yaotzin.advice");
  assert.deepEqual(advice.whisper, ["gm", "maria"], "to both GMs");
  globalThis.Roll.queue = [3];
  await asUser("maria", () => press(clientOf("maria").chat.get(advice.id), "try:n1"));
  await until(() => cards("yaotzin.intercept").length === 1);
  await settle();
  assert.deepEqual(card.flags.ballcourt.resolved, ["intercept:n1"]);
  assert.equal(cards("yaotzin.intercept")[0].author, "gm", "posted from the companion GM's page");
  assert.equal(advice.updatedBy, "gm", "and its result written there");
});

test("off: the planner's advice stands and the autopilot neither asks nor presses", async () => {
  const { api, scene } = await table({ mode: "off", tactics: "press-ball" });
  await kick(api, scene, [20]);
  const [advice] = cards("yaotzin.advice");
  assert.ok(
    lineKeys(advice).every((k) => k.startsWith("BALLCOURT.Planner.Advice.")),
    lineKeys(advice).join(),
  );
  assert.deepEqual(advice.flags.ballcourt.card.actions, []);
  assert.equal(cards("yaotzin.intercept").length, 0);
});

test("a Russian GM reads the autopilot's lines and buttons in Russian", async () => {
  const { api, scene } = await table(
    { mode: "suggest", tactics: "hold-lanes" },
    { mixco: -2, languages: { gm: "ru" } },
  );
  await kick(api, scene, [20]);
  const [advice] = cards("yaotzin.advice");
  const html = clientOf("gm").chat.get(advice.id).innerHTML;
  assert.match(html, /Tezca \(автопилот, hold-lanes\): перехватывает: шанс остановить 45%/);
  assert.match(
    html,
    /Mixco \(автопилот, hold-lanes\): пропускает: шанс остановить 20%, меньше 25%/,
  );
  assert.match(html, />Tezca перехватывает \(hold-lanes\)</);
});

/**
 * The ball rolls east from (10, 12), speed 3, through (11, 12), (12, 12) and (13, 12): Tezca at
 * (12, 13) first meets it at its first square, Mixco at (14, 13) at its last; Ixpoetchitl is
 * out of its way. The encounter begins, Ixpoetchitl's turn ends, and the ball's turn after his
 * is resolved by the tracker, with the d20s queued (each stop's save in turn).
 */
async function rollingTable(moon, dice, settings = {}) {
  const court = await table(moon, { spots: { ix: [5, 5], n1: [12, 13], n2: [14, 13] }, settings });
  await asUser("gm", () =>
    court.scene.updateEmbeddedDocuments("Token", [
      { _id: court.ballId, "flags.ballcourt.ball": { speed: 3, direction: "E" } },
    ]),
  );
  await settle();
  globalThis.Roll.queue = dice;
  await asUser("gm", () => court.encounter.startCombat());
  await until(() => court.encounter.combatant?.id === "c-ix");
  await settle();
  await asUser("gm", () => court.encounter.nextTurn()); // on to the ball's turn after Ixpoetchitl's
  await until(() => cards("yaotzin.tick").length === 1 && cards("yaotzin.advice").length === 1);
  await settle();
  return court;
}

test("act: a ball rolling by; Tezca's stop misses at his first square, Mixco's stops it, and the tracker does not apply that tick by itself", async () => {
  const { encounter, scene, ballId } = await rollingTable(
    { mode: "act", tactics: "hold-lanes" },
    [1, 19],
    { autoApplyTicks: true },
  );
  const [tick] = cards("yaotzin.tick");
  assert.deepEqual(
    tick.flags.ballcourt.resolved,
    ["stop:n1:0", "stop:n2:2"],
    "each one's first square, in the ball's order",
  );
  const stops = cards("yaotzin.intercept");
  assert.deepEqual(
    stops.map((m) => [
      m.flags.ballcourt.context.answers.actionId,
      m.flags.ballcourt.context.outcome,
    ]),
    [
      ["stop:n1:0", "missed"],
      ["stop:n2:2", "stopped"],
    ],
  );
  const [advice] = cards("yaotzin.advice");
  assert.deepEqual(lineKeys(advice), [
    "BALLCOURT.YReact.Rolling",
    "BALLCOURT.YReact.Rolling",
    "BALLCOURT.YReact.Done.missed",
    "BALLCOURT.YReact.Done.stopped",
  ]);
  assert.match(
    clientOf("gm").chat.get(advice.id).innerHTML,
    /Mixco \(autopilot, hold-lanes\): tries to stop the rolling ball/,
  );
  assert.equal(
    tick.flags.ballcourt.applied,
    false,
    "the tick's Apply would roll the ball past the stop: it waits",
  );
  assert.deepEqual(
    [scene.tokens.get(ballId).x, scene.tokens.get(ballId).y],
    [1000, 1200],
    "nothing moved yet",
  );
  assert.equal(encounter.combatant?.initiative, 19.999, "the tracker waits on the ball's turn");
  const chat = await clientModule("gm", "foundry/cards/chat.mjs");
  assert.equal(
    await asUser("gm", () => chat.performAction(stops[1].id, "apply", "gm")),
    true,
    JSON.stringify(clientOf("gm").ui.notifications),
  );
  assert.deepEqual(
    [scene.tokens.get(ballId).x, scene.tokens.get(ballId).y],
    [1300, 1200],
    "stopped at (13, 12), by Mixco",
  );
});

test("act: nobody on autopilot stops the rolling ball, so the tracker applies its tick as the table says", async () => {
  const { scene, ballId } = await rollingTable({ mode: "act", tactics: "press-ball" }, [1, 1], {
    autoApplyTicks: true,
  });
  assert.deepEqual(
    cards("yaotzin.intercept").map((m) => m.flags.ballcourt.context.outcome),
    ["missed", "missed"],
  );
  const [tick] = cards("yaotzin.tick");
  await until(() => tick.flags.ballcourt.applied);
  assert.equal(tick.flags.ballcourt.applied, true);
  assert.deepEqual(
    [scene.tokens.get(ballId).x, scene.tokens.get(ballId).y],
    [1300, 1200],
    "rolled on to (13, 12)",
  );
});

test("suggest: a ball rolling by; the GMs' card offers each NPC's stop, which presses it on the tick's card", async () => {
  await rollingTable({ mode: "suggest", tactics: "press-ball" }, []);
  const [tick] = cards("yaotzin.tick");
  const [advice] = cards("yaotzin.advice");
  assert.deepEqual(
    advice.flags.ballcourt.card.actions.map((a) => a.id),
    ["try:n1", "try:n2"],
  );
  assert.equal(cards("yaotzin.intercept").length, 0);
  globalThis.Roll.queue = [19];
  await asUser("gm", () => press(clientOf("gm").chat.get(advice.id), "try:n2"));
  await until(() => cards("yaotzin.intercept").length === 1);
  await settle();
  assert.deepEqual(
    tick.flags.ballcourt.resolved,
    ["stop:n2:2"],
    "Mixco's first square on the tick's card",
  );
  assert.equal(lineKeys(advice).at(-1), "BALLCOURT.YReact.Done.stopped");
});
