/**
 * The attack-of-opportunity question in chat (core/aoo-question.mjs holds its flags and HTML).
 * While the GM's client waits for a target's owner to choose (aoo-choice.mjs asks him through
 * User#query), it posts the question as a card: every client renders it for its own user, so
 * the GM sees whom it waits for and may choose for him, and an owner whose page reloads (his
 * dialog is gone with the old page) is asked again by the new one and can answer on the card.
 * The first answer counts: his dialog, his press, the GM's, or none when the time runs out.
 * Only the companion's GM writes the message; a player's answer reaches him as a write to the
 * player's own User flags (gm-requests.mjs).
 */
import {
  QUESTION_ANSWERED,
  QUESTION_EXPIRED,
  QUESTION_PENDING,
  choicesOf,
  mayAnswer,
  parseAnswer,
  questionFlags,
  renderQuestionCard,
  settleQuestion,
} from "../../core/aoo-question.mjs";
import {
  MODULE_ID,
  cardMessageData,
  fvtt,
  i18n,
  isCompanionGM,
  reportFailure,
} from "../world/env.mjs";
import { askGM, requestFrom } from "./gm-requests.mjs";
import { owns, ownersOf, tokenList } from "../world/scene.mjs";

const FLAG = "aooQuestion";
export const AOO_ANSWER_REQUEST = "aooAnswer";

/** On the GM's client that asked: message id -> its open question. */
const awaited = new Map();

const flagsOf = (message) => message?.flags?.[MODULE_ID]?.[FLAG] ?? null;
const userName = (id) => fvtt.game.users.get(id)?.name ?? id;

function tokenOf(question) {
  return (
    tokenList(fvtt.game.scenes.get(question.sceneId)).find((t) => t.id === question.tokenId) ?? null
  );
}

function viewerFor(user) {
  return { isGM: Boolean(user?.isGM), owns: (question) => owns(user, tokenOf(question)) };
}

/** The GM writes the settled question to its card (once: a settled one never changes). */
async function writeOutcome(message, outcome) {
  const next = settleQuestion(flagsOf(message), outcome);
  if (next) await message.update({ [`flags.${MODULE_ID}.${FLAG}`]: next });
}

/**
 * One question the GM's client waits on. `answer` resolves with one of its choices: the first
 * `settle(choice, by)` wins, from the query, a press on the card or the deadline ("none", by
 * nobody); the card is then written with it.
 */
class OpenQuestion {
  constructor(question) {
    this.question = question;
    this.message = null;
    this.done = false;
    this.answer = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  settle(choice, by) {
    if (this.done || !choicesOf(questionFlags(this.question)).includes(choice)) return false;
    this.done = true;
    this.outcome = { state: QUESTION_ANSWERED, choice, by };
    clearTimeout(this.timer);
    this.resolve(choice);
    if (this.message) {
      awaited.delete(this.message.id);
      writeOutcome(this.message, this.outcome).catch(reportFailure);
    }
    return true;
  }
}

/**
 * On the GM's client: open a question and post its card (public, or, when the GM's message
 * mode whispers, whispered to the GMs and the token's owners). Without the card (it could not
 * be posted; the GM is told) the query and the deadline still settle it. `onTimeout` runs if
 * nobody answered by `question.expiresAt`.
 * @param question  as core/aoo-question.mjs questionFlags takes it
 */
export function openQuestion(question, { onTimeout = () => {} } = {}) {
  const open = new OpenQuestion(question);
  open.timer = setTimeout(
    () => {
      if (open.settle("none", null)) onTimeout();
    },
    Math.max(0, question.expiresAt - Date.now()),
  );
  postQuestion(question)
    .then((message) => {
      if (!message) return;
      open.message = message;
      if (open.done) return writeOutcome(message, open.outcome); // answered while the card was being posted
      awaited.set(message.id, open);
      return null;
    })
    .catch(reportFailure);
  return open;
}

async function postQuestion(question) {
  const flags = questionFlags(question);
  const owners = ownersOf(fvtt.game.scenes.get(question.sceneId))[question.tokenId] ?? [];
  return fvtt.ChatMessage.create(
    cardMessageData(
      renderQuestionCard(flags, { isGM: false, owns: () => false }, i18n(), userName),
      { [MODULE_ID]: { [FLAG]: flags } },
      owners,
    ),
  );
}

/** renderChatMessageHTML: the question for this client's user, in his language; each button wired once. */
export function onRenderAooQuestion(message, html) {
  const question = flagsOf(message);
  if (!question) return;
  const box = html.querySelector(".ballcourt-card");
  if (box)
    box.outerHTML = renderQuestionCard(question, viewerFor(fvtt.game.user), i18n(), userName);
  for (const button of html.querySelectorAll("button[data-ballcourt-action]")) {
    const choice = parseAnswer(button.dataset.ballcourtAction);
    if (!choice || button.dataset.ballcourtWired) continue;
    button.dataset.ballcourtWired = "1";
    button.addEventListener("click", (event) => {
      event.preventDefault();
      return pressAnswer(message.id, choice).catch(reportFailure);
    });
  }
}

/** This client's answer (a press, or his dialog asked again): carried out here on the companion's GM, else sent to him. */
export async function pressAnswer(messageId, choice) {
  const game = fvtt.game;
  const question = flagsOf(game.messages.get(messageId));
  if (!mayAnswer(question, viewerFor(game.user)) || !choicesOf(question).includes(choice)) {
    return false;
  }
  if (isCompanionGM()) return answerQuestion(messageId, choice, game.user);
  return askGM(AOO_ANSWER_REQUEST, { messageId, choice });
}

/** updateUser on the companion GM's client: a player's answer on a question card (gm-requests.mjs). */
export function onAooAnswer(user, changes, _options, authorId) {
  const press = requestFrom(AOO_ANSWER_REQUEST, user, changes, authorId);
  if (typeof press?.messageId !== "string" || typeof press?.choice !== "string") return undefined;
  return answerQuestion(press.messageId, press.choice, user).catch(reportFailure);
}

/**
 * On the companion GM's client: `user` answers the question on this card, if he may and it
 * is still open. A card this client no longer awaits (its page was reloaded since it asked)
 * is marked expired instead.
 */
export async function answerQuestion(messageId, choice, user) {
  const message = fvtt.game.messages.get(messageId);
  if (!mayAnswer(flagsOf(message), viewerFor(user))) return false;
  const open = awaited.get(messageId);
  if (!open) {
    await writeOutcome(message, { state: QUESTION_EXPIRED });
    return false;
  }
  return open.settle(choice, user.id);
}

/** At "ready" on the companion GM's client: questions nobody awaits since this page loaded are marked expired. */
export async function expireOldQuestions() {
  if (!isCompanionGM()) return [];
  const stale = (fvtt.game.messages.contents ?? []).filter(
    (m) => flagsOf(m)?.state === QUESTION_PENDING && !awaited.has(m.id),
  );
  for (const message of stale) await writeOutcome(message, { state: QUESTION_EXPIRED });
  return stale;
}

/**
 * At "ready" on a player's client: a question still open for him (his page reloaded while it
 * was asked) is asked again in a dialog; the answer goes to the GM as a press on its card
 * would. The dialog has no timer of its own: `expiresAt` is the GM's clock, not this
 * browser's, so the GM's deadline settles the card and that closes the dialog
 * (open-dialogs.mjs). `ask(token, actorName, kind, closeIn, choices)` is the dialog (aoo-choice.mjs); a dialog
 * closed because the card was settled answers nothing. Resolves with how many were asked.
 */
export async function askAgainAfterReload(ask) {
  const me = fvtt.game.user;
  if (!me || me.isGM) return 0;
  const open = (fvtt.game.messages.contents ?? []).filter((m) => {
    const q = flagsOf(m);
    return q?.state === QUESTION_PENDING && q.owner === me.id && mayAnswer(q, viewerFor(me));
  });
  await Promise.all(
    open.map(async (message) => {
      const q = flagsOf(message);
      const choice = await ask(tokenOf(q), q.actorName, q.kind, 0, choicesOf(q));
      if (!mayAnswer(flagsOf(fvtt.game.messages.get(message.id)), viewerFor(me))) return false; // settled meanwhile
      return pressAnswer(message.id, choice ?? "none");
    }),
  );
  return open.length;
}
