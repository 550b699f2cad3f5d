/**
 * A player's dialogs for questions whose answer lives on a chat card (a roll-request row, an
 * attack-of-opportunity question), kept on his client by the question they ask. The card is
 * where the question is settled, whoever settles it (he on the card, the GM for him, the
 * deadline), so when its card says it is settled the dialog still open for it is closed: a
 * press there would roll his sheet for nothing (Monk's TokenBar keeps the card as the one
 * place to answer).
 */
import { MODULE_ID } from "../world/env.mjs";
import { QUESTION_PENDING } from "../../core/aoo-question.mjs";
import { ROW_PENDING } from "../../core/roll-request-card.mjs";

const open = new Map(); // key -> the dialogs open for it on this client

export const rollKey = (requestId, tokenId) => `roll:${requestId}:${tokenId}`;
export const aooKey = (sceneId, tokenId) => `aoo:${sceneId}:${tokenId}`;

/**
 * DialogV2 options that keep a dialog under `key` while it is open, and close it by itself
 * after `closeIn` ms (0: never); closing it either way resolves the dialog null.
 */
export function settledCloses(key, closeIn = 0) {
  let shown = null;
  let timer = null;
  return {
    render: (_event, dialog) => {
      if (shown === dialog) return; // rendered again: already kept (and timed)
      shown = dialog;
      if (!open.has(key)) open.set(key, new Set());
      open.get(key).add(dialog);
      clearTimeout(timer);
      if (closeIn > 0) timer = setTimeout(() => dialog.close(), closeIn);
    },
    close: () => {
      clearTimeout(timer);
      open.get(key)?.delete(shown);
      if (!open.get(key)?.size) open.delete(key);
    },
  };
}

/** Close this client's dialogs for a question settled elsewhere. */
export function closeSettled(key) {
  const dialogs = [...(open.get(key) ?? [])];
  open.delete(key);
  for (const dialog of dialogs) dialog.close();
  return dialogs.length;
}

/** The keys a card's flags say are settled now: its rows no longer pending, its question answered or expired. */
export function settledKeys(flags) {
  const keys = [];
  const rows = flags?.rollCard?.rows ?? {};
  for (const row of Object.values(rows))
    if (row?.state !== ROW_PENDING) keys.push(rollKey(row.id, row.tokenId));
  const q = flags?.aooQuestion;
  if (q && q.state !== QUESTION_PENDING) keys.push(aooKey(q.sceneId, q.tokenId));
  return keys;
}

/** updateChatMessage, on every client: a card that settled a question closes this client's dialog for it. */
export function onSettledCard(message) {
  for (const key of settledKeys(message?.flags?.[MODULE_ID])) closeSettled(key);
}
