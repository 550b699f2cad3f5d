/**
 * The roll-request card in the world (core/roll-request-card.mjs holds its rows and rules).
 * When players roll their own checks, the GM's client posts one card per batch beside asking
 * each owner (roll-requests.mjs). Every client renders the card from the message's flags for
 * its own user, so an owner who reloads or joins late still has his Roll button; the GM keeps
 * Roll for them and Cancel. Only the card's keeper writes the message (the GM whose page asked,
 * or the companion's GM once he has left: core/roll-request-card.mjs cardKeeper): a press
 * reaches him as a write to the presser's own User flags (gm-requests.mjs), and he settles the
 * request through the same calls as the dialog's answer (accept, rollFor), then updates the
 * row. A row settled any way (the dialog, the card, the GM's view) is updated on the card.
 */
import {
  CANCEL,
  ROLL,
  ROLL_FOR,
  cardFlags,
  cardKeeper,
  expireChanges,
  mayPressRow,
  outcomeOf,
  parseAction,
  renderRequestCard,
  settleRow,
} from "../../core/roll-request-card.mjs";
import {
  MODULE_ID,
  cardMessageData,
  companionGM,
  fvtt,
  i18n,
  notify,
  reportFailure,
} from "../world/env.mjs";
import { askGM, requestOf } from "./gm-requests.mjs";
import { rollOnSheet } from "./roll-answers.mjs";
import { accept, refreshView, requests, rollFor } from "./roll-book.mjs";
import { owns, ownersOf, tokenList } from "../world/scene.mjs";

const FLAG = "rollCard";
const ROOT = `flags.${MODULE_ID}.${FLAG}`;
export const ROLL_CARD_REQUEST = "rollCard";

/** On the GM's client: message id -> the request ids it shows that this client still awaits. */
const awaited = new Map();
/** On a player's client: rows he is rolling now, so a second click does not roll twice. */
const rolling = new Set();

const flagsOf = (message) => message?.flags?.[MODULE_ID]?.[FLAG] ?? null;

/** Whether this client's page keeps the card: carries out its presses and expires its rows. */
function keepsCard(message) {
  const game = fvtt.game;
  const keeper = cardKeeper(
    flagsOf(message),
    (id) => Boolean(game.users.get(id)?.active),
    companionGM()?.id,
  );
  return Boolean(game.user?.isGM) && keeper === game.user.id;
}

function tokenOf(row) {
  return tokenList(fvtt.game.scenes.get(row.sceneId)).find((t) => t.id === row.tokenId) ?? null;
}

/** The reader: the GM, or a player who may roll the rows of the tokens he owns. */
function viewerFor(user) {
  return { isGM: Boolean(user?.isGM), owns: (row) => owns(user, tokenOf(row)) };
}

const userName = (id) => fvtt.game.users.get(id)?.name ?? id;

/**
 * On the asking GM's client (gatherRolls): post the card for requests just opened and keep
 * it in step with them. Public, or, when the GM's message mode whispers, whispered to the
 * GMs and the tokens' owners. Resolves with the message, or null when it could not be posted
 * (the GM is told; the dialog and the GM's view still work without it).
 * @param opened  [{id, sceneId, tokenId, name, owner, check, advantage}]
 */
export async function postRequestCard(opened) {
  try {
    return await postCard(opened);
  } catch (err) {
    reportFailure(err);
    return null;
  }
}

async function postCard(opened) {
  const settled = opened.map((r) => requests.waitFor(r.id)); // before any await: a request may settle meanwhile
  const flags = cardFlags(opened, fvtt.game.user.id);
  const owners = opened.flatMap((r) => ownersOf(fvtt.game.scenes.get(r.sceneId))[r.tokenId] ?? []);
  const message = await fvtt.ChatMessage.create(
    cardMessageData(
      renderRequestCard(flags, { isGM: false, owns: () => false }, i18n(), userName),
      { [MODULE_ID]: { [FLAG]: flags } },
      owners,
    ),
  );
  awaited.set(message.id, new Set(opened.map((r) => r.id)));
  opened.forEach((r, n) =>
    settled[n]
      .then((request) => settleOnCard(message, r.id, outcomeOf(request)))
      .catch(reportFailure),
  );
  return message;
}

/** The GM writes a settled row to the card once; the card is done when no row is awaited. */
async function settleOnCard(message, rowId, outcome) {
  const ids = awaited.get(message.id);
  ids?.delete(rowId);
  if (ids && !ids.size) awaited.delete(message.id);
  const row = settleRow(flagsOf(message)?.rows?.[rowId], outcome);
  if (row) await message.update({ [`${ROOT}.rows.${rowId}`]: row });
}

/**
 * On a GM's client at "ready": nothing awaits the rows of the cards this page keeps (those its
 * user asked for on the page before, and, on the companion GM's, those of a GM who has left),
 * so mark them expired at once rather than leave dead Roll buttons. A card another GM's live
 * page asked for is his. Resolves with the cards changed.
 */
export async function expireOldCards() {
  const changed = [];
  for (const message of fvtt.game.messages.contents ?? []) {
    if (!keepsCard(message)) continue;
    const changes = awaited.has(message.id) ? {} : expireChanges(flagsOf(message), ROOT);
    if (!Object.keys(changes).length) continue;
    await message.update(changes);
    changed.push(message);
  }
  return changed;
}

/** renderChatMessageHTML: the card for this client's user, in his language; each button wired once. */
export function onRenderRequestCard(message, html) {
  const flags = flagsOf(message);
  if (!flags) return;
  const box = html.querySelector(".ballcourt-card");
  if (box) box.outerHTML = renderRequestCard(flags, viewerFor(fvtt.game.user), i18n(), userName);
  for (const button of html.querySelectorAll("button[data-ballcourt-action]")) {
    if (button.dataset.ballcourtWired) continue;
    button.dataset.ballcourtWired = "1";
    button.addEventListener("click", (event) => {
      event.preventDefault();
      return pressRow(message.id, button.dataset.ballcourtAction).catch(reportFailure);
    });
  }
}

/**
 * A press on this client. The owner rolls on his own sheet here, then sends the roll; the
 * GM's presses are carried out at once on the active GM's client, or sent to it.
 */
export async function pressRow(messageId, value) {
  const game = fvtt.game;
  const message = game.messages.get(messageId);
  const press = parseAction(value);
  const row = press?.rowId ? flagsOf(message)?.rows?.[press.rowId] : null;
  if (!press || !mayPressRow(row, press.action, viewerFor(game.user))) {
    notify("warn", "BALLCOURT.Chat.NotAllowed");
    return false;
  }
  if (press.action !== ROLL) {
    if (keepsCard(message)) return performRowAction(messageId, press, game.user, null);
    return askGM(ROLL_CARD_REQUEST, { messageId, action: press.action, rowId: press.rowId });
  }
  const key = `${messageId}:${row.id}`;
  if (rolling.has(key)) return false;
  rolling.add(key);
  try {
    const roll = await rollOnSheet(tokenOf(row).actor, row.check, row.advantage);
    const answer = typeof roll?.toJSON === "function" ? roll.toJSON() : roll;
    return await askGM(ROLL_CARD_REQUEST, { messageId, action: ROLL, rowId: row.id, roll: answer });
  } finally {
    rolling.delete(key);
  }
}

/** updateUser on the card keeper's client: a press on a roll-request card (gm-requests.mjs). */
export function onRequestCardPress(user, changes, _options, authorId) {
  const press = requestOf(ROLL_CARD_REQUEST, user, changes, authorId);
  if (typeof press?.messageId !== "string" || !parseAction(press.action)) return undefined;
  if (!keepsCard(fvtt.game.messages.get(press.messageId))) return undefined;
  return performRowAction(
    press.messageId,
    { action: press.action, rowId: press.rowId ?? null },
    user,
    press.roll,
  ).catch(reportFailure);
}

/**
 * On the card keeper's client: carry out a press that `user` made. A card this client no longer
 * awaits (it was reloaded since it asked, or its asker has left) has its waiting rows marked
 * expired instead.
 */
export async function performRowAction(messageId, { action, rowId }, user, roll) {
  const message = fvtt.game.messages.get(messageId);
  const flags = flagsOf(message);
  if (!flags || !user) return false;
  const row = rowId ? flags.rows[rowId] : null;
  if (!mayPressRow(row, action, viewerFor(user))) return false;
  const ids = awaited.get(messageId);
  if (!ids) {
    const changes = expireChanges(flags, ROOT);
    if (Object.keys(changes).length) await message.update(changes);
    return false;
  }
  if (action === CANCEL) {
    const done = [...ids].flatMap((id) => requests.cancel(id));
    refreshView();
    return done.length > 0;
  }
  if (!ids.has(rowId)) return false;
  if (action === ROLL_FOR) return rollFor(rowId);
  return accept(rowId, roll, user);
}
