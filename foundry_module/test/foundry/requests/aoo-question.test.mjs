/**
 * The attack-of-opportunity question when the asked player's page goes away. A GM and two
 * players, each his own client: while Bob is asked (his dialog, through User#query) the
 * question stands in chat, where the GM sees whom it waits for and may choose for him; Bob
 * reloads and his new page asks him again; a press by a player who does not own the token is
 * refused; no answer in time is none; a card nobody awaits any more (the GM's page was
 * reloaded) is marked so. Each browser runs its own copy of the module (openTable: its own
 * link, pending questions and dialogs), and a reload starts a fresh one. The pure card first.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { makeLocalizer } from "../../../scripts/core/i18n.mjs";
import {
  mayAnswer,
  parseAnswer,
  questionFlags,
  renderQuestionCard,
  settleQuestion,
  withAooDisarm,
} from "../../../scripts/core/aoo-question.mjs";
import { renderCard } from "../../../scripts/core/cards.mjs";
import { contestCompanion } from "../../fakes/companion.mjs";
import { asUser, buttonsIn, clientOf, press, reload, settle } from "../../fakes/foundry.mjs";
import { courtScene } from "../../fakes/scenes.mjs";
import { moduleOf, onPage, openOn, useTables } from "../../tables/table.mjs";
import { consoleLines, said } from "../../fakes/console.mjs";

/** fn of a user's own page's copy of a module file, run on his client (each browser has its own module). */
const aooChoiceOn = (userId, fn) => onPage(userId, "aoo-choice", fn);
const aooQuestionOn = (userId, fn) => onPage(userId, "aoo-question", fn);

const en = makeLocalizer(
  JSON.parse(readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8")),
  "en",
);
const ru = makeLocalizer(
  JSON.parse(readFileSync(new URL("../../../lang/ru.json", import.meta.url), "utf8")),
  "ru",
);

test("the actor's card after a disarm taken as his target's attack of opportunity says it was taken and how it came out, in each reader's language", () => {
  const provokes = { key: "BALLCOURT.Card.Contest.Provokes", data: { target: "Yolteotl" } };
  const won = { key: "BALLCOURT.Card.Contest.Won", data: { actor: "Ixpoetchitl" }, tone: "good" };
  const card = {
    kind: "yaotzin.contest",
    title: {
      key: "BALLCOURT.Card.Contest.Title.trip",
      data: { actor: "Ixpoetchitl", target: "Yolteotl" },
    },
    lines: [provokes, won],
    rolls: [],
    actions: [],
  };
  const who = { target: "Yolteotl", actor: "Ixpoetchitl" };
  const took = withAooDisarm(card, { ...who, took: true });
  assert.deepEqual(
    took.lines.map((l) => l.key),
    ["BALLCOURT.Card.Contest.AooDisarm.won", "BALLCOURT.Card.Contest.Won"],
    "in the place of 'may take', the rest kept",
  );
  const html = (c, lang) => renderCard(c, lang, {});
  assert.doesNotMatch(html(took, en), /may take/);
  assert.match(
    html(took, en),
    /Yolteotl took his attack of opportunity first, as a disarm, and took the ball from Ixpoetchitl\./,
  );
  assert.match(
    html(took, ru),
    /Yolteotl сначала провёл атаку по возможности \(обезоруживание\) и отобрал мяч у Ixpoetchitl\./,
  );
  const failed = withAooDisarm(card, { ...who, took: false });
  assert.match(html(failed, en), /as a disarm, and failed: Ixpoetchitl keeps the ball\./);
  assert.match(html(failed, ru), /но мяч не отобрал: он остаётся у Ixpoetchitl\./);
  assert.deepEqual(
    withAooDisarm({ ...card, lines: [won] }, { ...who, took: true }).lines.map((l) => l.key),
    ["BALLCOURT.Card.Contest.AooDisarm.won", "BALLCOURT.Card.Contest.Won"],
    "a card without the line gets it first",
  );
});

const asked = {
  sceneId: "s1",
  tokenId: "yo",
  name: "Yolteotl",
  owner: "bob",
  actorName: "Ixpoetchitl",
  kind: "trip",
  expiresAt: 1000,
};
const names = { bob: "Bob", gm: "GM" };

test("the card: pending for the GM and the owner with four choices, nobody else; settled once; answers parsed", () => {
  const q = questionFlags(asked);
  const owner = { isGM: false, owns: () => true };
  const other = { isGM: false, owns: () => false };
  const gm = { isGM: true, owns: () => false };
  assert.deepEqual(
    [mayAnswer(q, owner), mayAnswer(q, gm), mayAnswer(q, other)],
    [true, true, false],
  );
  const forGM = renderQuestionCard(q, gm, en, (id) => names[id]);
  assert.match(forGM, /Ixpoetchitl tries to Trip Yolteotl/);
  assert.match(forGM, /Waiting for Bob to answer\. Choose for the player:/);
  assert.deepEqual(
    [...forGM.matchAll(/data-ballcourt-action="([^"]+)"/g)].map((m) => m[1]),
    ["aoo:unarmed", "aoo:grapple", "aoo:trip", "aoo:none"],
  );
  assert.match(forGM, /<button type="button" data-ballcourt-action="aoo:trip">Trip<\/button>/);
  assert.doesNotMatch(renderQuestionCard(q, other, en), /button/);
  const answered = settleQuestion(q, { state: "answered", choice: "grapple", by: "bob" });
  assert.deepEqual([answered.state, answered.choice, answered.by], ["answered", "grapple", "bob"]);
  assert.match(
    renderQuestionCard(answered, gm, en, (id) => names[id]),
    /Yolteotl: Grapple \(chosen by Bob\)\./,
  );
  assert.equal(
    settleQuestion(answered, { state: "answered", choice: "none", by: "gm" }),
    null,
    "a settled question never changes",
  );
  assert.equal(settleQuestion(q, { state: "answered", choice: "bite", by: "bob" }), null);
  const late = settleQuestion(q, { state: "answered", choice: "none", by: null });
  assert.match(
    renderQuestionCard(late, gm, en),
    /Yolteotl: no answer in time, no attack of opportunity\./,
  );
  assert.match(
    renderQuestionCard(settleQuestion(q, { state: "expired" }), owner, en),
    /No longer awaited/,
  );
  assert.deepEqual(["aoo:trip", "aoo:bite", "trip", "roll:r1"].map(parseAnswer), [
    "trip",
    null,
    null,
    null,
  ]);
});

test("a disarm is offered only when the question says the actor holds the ball; a card without its choices offers the four", () => {
  const gm = { isGM: true, owns: () => false };
  const onBall = questionFlags({ ...asked, disarm: true });
  assert.deepEqual(onBall.choices, ["unarmed", "grapple", "trip", "disarm", "none"]);
  assert.deepEqual(
    [...renderQuestionCard(onBall, gm, en).matchAll(/data-ballcourt-action="([^"]+)"/g)].map(
      (m) => m[1],
    ),
    ["aoo:unarmed", "aoo:grapple", "aoo:trip", "aoo:disarm", "aoo:none"],
  );
  assert.equal(
    settleQuestion(onBall, { state: "answered", choice: "disarm", by: "bob" }).choice,
    "disarm",
  );
  const offBall = questionFlags(asked);
  assert.equal(
    settleQuestion(offBall, { state: "answered", choice: "disarm", by: "bob" }),
    null,
    "not offered: refused",
  );
  const { choices: _, ...older } = offBall; // a card an earlier version posted
  assert.deepEqual(
    [...renderQuestionCard(older, gm, en).matchAll(/data-ballcourt-action="([^"]+)"/g)].map(
      (m) => m[1],
    ),
    ["aoo:unarmed", "aoo:grapple", "aoo:trip", "aoo:none"],
  );
  assert.equal(parseAnswer("aoo:disarm"), "disarm");
  assert.match(
    renderQuestionCard(
      settleQuestion(onBall, { state: "answered", choice: "disarm", by: "bob" }),
      gm,
      en,
      (id) => names[id],
    ),
    /Yolteotl: Disarm \(chosen by Bob\)\./,
  );
});

// ---- at the table

useTables();

/**
 * A court whose contests provoke, at a table where every browser has loaded the module and the
 * GM's page is connected to the companion; `contest` is the GM's page's.
 */
async function table(options = {}) {
  const companion = contestCompanion({ provokes: true });
  const world = await openOn(companion, options);
  const { contest } = await moduleOf("gm", "contests");
  return { world, companion, scene: courtScene(), contest };
}

const sent = (companion) =>
  companion.calls
    .filter((c) => c.route === "/api/v1/yaotzin/contest" && !c.body.preview)
    .map((c) => c.body);
const questionCard = () =>
  globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.aooQuestion).at(-1);
const questionOf = (message) => message.flags.ballcourt.aooQuestion;

/** The card as it stands in one user's chat log once the table is quiet (undefined: he cannot see it). */
async function seen(userId, message) {
  await settle();
  return clientOf(userId).chat.get(message.id);
}

const choices = (element) => buttonsIn(element).map((b) => b.dataset.ballcourtAction);

/** Bob's dialog is open, unanswered, when his page goes: a query to it never comes back. */
const bobNeverAnswers = () => clientOf("bob").dialogs.answers.push(() => new Promise(() => {}));

test("Bob reloads while asked: the GM sees whom he waits for, Bob's new page asks again, his grapple is sent", async () => {
  const { companion, scene, contest } = await table({ languages: { alice: "ru" } });
  bobNeverAnswers();
  const contesting = contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  await settle();
  const message = questionCard();
  assert.deepEqual(
    [questionOf(message).state, questionOf(message).owner, questionOf(message).name],
    ["pending", "bob", "Yolteotl"],
  );
  const gmView = await seen("gm", message);
  assert.match(gmView.innerHTML, /Waiting for Bob to answer\. Choose for the player:/);
  assert.deepEqual(
    choices(gmView),
    ["aoo:unarmed", "aoo:grapple", "aoo:trip", "aoo:disarm", "aoo:none"],
    "Ixpoetchitl is on the ball: a disarm is offered",
  );
  assert.match(
    (await seen("alice", message)).innerHTML,
    /Ждём ответа: Bob\./,
    "Alice sees it, in her language",
  );
  assert.deepEqual(choices(await seen("alice", message)), [], "not hers to answer");
  assert.equal(sent(companion).length, 0, "the contest waits");

  clientOf("bob").dialogs.unanswered = "open"; // his new page's dialog waits for him
  await reload("bob");
  assert.deepEqual(
    choices(await seen("bob", message)),
    ["aoo:unarmed", "aoo:grapple", "aoo:trip", "aoo:disarm", "aoo:none"],
    "his new page's chat log has the question",
  );
  const [again] = clientOf("bob").dialogs.open;
  assert.equal(
    clientOf("bob").dialogs.open.length,
    1,
    "his new page, once ready (its own ready hook), asks him again",
  );
  assert.match(clientOf("bob").dialogs.shown.at(-1).content, /Ixpoetchitl tries to Trip Yolteotl/);
  await again.press("grapple");
  await settle();
  await contesting;
  assert.deepEqual(
    sent(companion).at(-1).target_aoo,
    { kind: "grapple" },
    "sent after the dice's dry run",
  );
  assert.deepEqual(
    [questionOf(message).state, questionOf(message).choice, questionOf(message).by],
    ["answered", "grapple", "bob"],
  );
  assert.equal(message.updatedBy, "gm", "only the GM writes the card");
  assert.match((await seen("gm", message)).innerHTML, /Yolteotl: Grapple \(chosen by Bob\)\./);
  assert.deepEqual(choices(await seen("bob", message)), [], "nothing left to press");

  await reload("bob");
  assert.equal(
    await aooChoiceOn("bob", (m) => m.askAooAgain()),
    0,
    "an answered question is not asked again",
  );
  assert.deepEqual(clientOf("bob").dialogs.shown, [], "nor by his new page's ready hook");
});

test("the GM chooses for Bob on the card; Alice's forged answer for Bob's token is refused", async () => {
  const { companion, scene, contest } = await table();
  bobNeverAnswers();
  const contesting = contest(scene, { actor: "ix", target: "yo", kind: "bull_rush" });
  await settle();
  const message = questionCard();
  assert.equal(
    await aooQuestionOn("alice", (m) => m.pressAnswer(message.id, "trip")),
    false,
    "her own client refuses",
  );
  await asUser("alice", () =>
    globalThis.game.user.setFlag("ballcourt", "aooAnswer", {
      messageId: message.id,
      choice: "trip",
      at: 1,
    }),
  );
  await settle();
  assert.equal(
    questionOf(message).state,
    "pending",
    "the GM's client refuses a press for a token she does not own",
  );

  await asUser("gm", async () => press(await seen("gm", message), "aoo:unarmed"));
  await contesting;
  assert.deepEqual(sent(companion).at(-1).target_aoo, { kind: "unarmed" });
  assert.match(
    (await seen("bob", message)).innerHTML,
    /Yolteotl: Unarmed attack \(chosen by GM\)\./,
  );
  assert.equal(
    await aooQuestionOn("gm", (m) => m.pressAnswer(message.id, "none")),
    false,
    "a second answer does nothing",
  );
});

test("Bob's client fails to answer the query: the GM is told to choose on the card; Bob answers there instead", async (t) => {
  const logged = consoleLines(t);
  const { world, companion, scene, contest } = await table();
  globalThis.game.users.get("bob").answer = () => {
    throw new Error("his client failed");
  };
  const contesting = contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  await settle();
  assert.deepEqual(
    world.notifications.filter(([, text]) => /could not be asked/.test(text)),
    [
      [
        "warn",
        "Bob could not be asked about Yolteotl's attack of opportunity: choose for him on the card in chat, or wait for him to answer there.",
      ],
    ],
  );
  assert.equal(clientOf("gm").ui.notifications.length, 1, "on the GM's screen");
  assert.deepEqual(
    said(logged),
    [["warn", "Ballcourt: attack of opportunity"]],
    "the details in the console",
  );
  const message = questionCard();
  assert.equal(questionOf(message).state, "pending", "still open, not none");
  await asUser("bob", async () => press(await seen("bob", message), "aoo:trip"));
  await contesting;
  assert.deepEqual(
    sent(companion).at(-1).target_aoo,
    { kind: "trip" },
    "his press on the card reached the GM",
  );
  assert.deepEqual([questionOf(message).choice, questionOf(message).by], ["trip", "bob"]);
});

test("nobody answers in two minutes: none, the GM is told, the card says so", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout", "Date"] });
  const { world, companion, scene, contest } = await table();
  bobNeverAnswers();
  const contesting = contest(scene, { actor: "ix", target: "yo", kind: "overrun" });
  await settle();
  t.mock.timers.tick(120000);
  await settle();
  await contesting;
  assert.equal("target_aoo" in sent(companion).at(-1), false, "no attack of opportunity");
  assert.deepEqual(
    clientOf("gm")
      .ui.notifications.filter(([level]) => level === "warn")
      .map(([, text]) => text),
    ["Yolteotl's owner did not answer: no attack of opportunity."],
  );
  assert.match((await seen("gm", questionCard())).innerHTML, /Yolteotl: no answer in time/);
  assert.equal(world.notifications.filter(([, text]) => /could not be asked/.test(text)).length, 0);
});

test("a card nobody awaits (the GM's page reloaded): Bob's press marks it so; the GM's new page marks the others", async () => {
  const { scene } = await table();
  const pending = (name) =>
    globalThis.ChatMessage.create({
      content: '<div class="ballcourt-card"></div>',
      flags: {
        ballcourt: {
          aooQuestion: questionFlags({
            ...asked,
            sceneId: scene.id,
            name,
            expiresAt: Date.now() + 60000,
          }),
        },
      },
    });
  const stale = await pending("Yolteotl");
  await asUser("bob", async () => press(await seen("bob", stale), "aoo:trip"));
  await settle();
  assert.equal(questionOf(stale).state, "expired");
  assert.match((await seen("bob", stale)).innerHTML, /No longer awaited/);
  assert.deepEqual(choices(await seen("bob", stale)), []);

  const older = await pending("Yolteotl");
  assert.deepEqual(
    await aooQuestionOn("bob", (m) => m.expireOldQuestions()),
    [],
    "a player's client writes nothing",
  );
  assert.deepEqual(
    (await aooQuestionOn("gm", (m) => m.expireOldQuestions())).map((m) => m.id),
    [older.id],
  );
  assert.equal(questionOf(older).state, "expired");
  await settle(); // Bob's copy of the card hears the GM's write (each client has its own copy)
  assert.equal(
    await aooChoiceOn("bob", (m) => m.askAooAgain()),
    0,
    "an expired question is not asked again",
  );
});
