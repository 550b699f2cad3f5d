/**
 * A card's match events and the scene writes that go with them, all or nothing: if posting an
 * event or writing the scene fails, the events already posted are undone again, so a card is
 * either applied whole (and marked so) or not at all, and a second Apply cannot double it.
 *
 * Undo takes a card's events out of the match's log wherever they are (the companion refuses
 * when a later event was built on them), so any card whose effects are still the latest for
 * what it touched can be undone, not only the newest (core/undo.mjs judges the scene's side).
 */
import { blockerNotice, cardOfEvent, undoBlockers } from "../../core/undo.mjs";
import { escapeHtml, formatNotice } from "../../core/i18n.mjs";
import {
  BallcourtError,
  MODULE_ID,
  applyMessageMode,
  fvtt,
  i18n,
  localizedError,
} from "../world/env.mjs";
import { companion, quietly } from "../world/link.mjs";
import { reportIfOver } from "./report.mjs";

async function undoEvents(matchId, count) {
  for (let i = 0; i < count; i += 1) await companion("POST", `/api/v1/matches/${matchId}/undo`);
}

/**
 * A failed Apply's own events taken back by their log numbers: another card's event posted
 * in between (a co-GM's Apply, from his browser) is not the newest-first undo's to take.
 */
async function takeBack(matchId, seqs, posted) {
  if (posted === 0) return;
  if (seqs.length === posted)
    await companion("POST", `/api/v1/matches/${matchId}/events/undo`, { seqs });
  else await undoEvents(matchId, posted); // a companion that gave no log numbers
}

/** Post the events, then run `write`; returns the match state after the last event and their log numbers. */
export async function applyAtomically(matchId, events, messageId, write) {
  let state = null;
  let posted = 0;
  const seqs = [];
  try {
    for (const event of matchId ? events : []) {
      state = await companion("POST", `/api/v1/matches/${matchId}/events`, {
        ...event,
        meta: { message: messageId },
      });
      posted += 1;
      if (Number.isInteger(state?.applied)) seqs.push(state.applied);
    }
    await write();
  } catch (err) {
    await takeBack(matchId, seqs, posted);
    throw err;
  }
  await announceIfOver(matchId, state);
  return { state, posted, seqs: seqs.length === posted ? seqs : null };
}

const announced = new Set();

/**
 * The end of a match, announced once in chat by the companion's GM as the event that ended it
 * is posted (an Apply, the clock's last round), whatever window is open.
 */
export async function announceIfOver(matchId, state) {
  if (state?.status !== "over" || !matchId || announced.has(matchId)) return null;
  announced.add(matchId);
  // the line's key and data, so each reader reads it in his language; in the table's message mode
  const notice =
    state.winner === "draw"
      ? { key: "BALLCOURT.Card.Draw", data: {} }
      : { key: "BALLCOURT.Card.Winner", data: { team: state.winner } };
  const message = await fvtt.ChatMessage.create(
    applyMessageMode({
      content: noticeHtml(notice, i18n()),
      speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
      flags: { [MODULE_ID]: { notice } },
    }),
  );
  reportIfOver(matchId, state); // and its box score, however it ended (an Apply, the clock)
  return message;
}

function noticeHtml(notice, lang) {
  return (
    `<div class="ballcourt-card ballcourt-notice"><header class="ballcourt-title">` +
    `${escapeHtml(lang.format(notice.key, notice.data ?? {}))}</header></div>`
  );
}

/** renderChatMessageHTML: the end-of-match line in this client's language. */
export function onRenderNotice(message, html) {
  const notice = message.flags?.[MODULE_ID]?.notice;
  const box =
    typeof notice?.key === "string" && notice.key.startsWith("BALLCOURT.")
      ? html.querySelector(".ballcourt-notice")
      : null;
  if (box) box.outerHTML = noticeHtml(notice, i18n());
}

/** The applied, not undone Ballcourt cards in the chat log, as core/undo.mjs wants them. */
export function appliedCards() {
  return fvtt.game.messages.contents
    .map((m) => ({ id: m.id, message: m, flags: m.flags?.[MODULE_ID] }))
    .filter((c) => c.flags?.applied && !c.flags.undone && c.flags.record)
    .map((c) => ({ id: c.id, message: c.message, record: c.flags.record }));
}

/** A card's title as a notice each reader reads in his language (its companion's text where no key is known). */
function titleOf(message) {
  const title = message?.flags?.[MODULE_ID]?.card?.title;
  if (!title) return "";
  return title.key
    ? { key: title.key, data: title.data ?? {}, text: title.text ?? "" }
    : (title.text ?? "");
}

function labels(scene, cards) {
  const tokens = [...(scene?.tokens?.contents ?? scene?.tokens ?? [])];
  return {
    names: new Map(tokens.map((t) => [t.id, t.name])),
    titles: new Map(cards.map((c) => [c.id, titleOf(c.message)])),
  };
}

/**
 * Refuse, with the reason in the user's language, when a later card touched what this one did
 * or a token it moved has been moved since.
 */
export function checkStillLatest(message, record, scene) {
  const cards = appliedCards();
  const tokens = [...(scene?.tokens?.contents ?? scene?.tokens ?? [])];
  const positions = new Map(tokens.map((t) => [t.id, { x: t.x, y: t.y }]));
  const [first] = undoBlockers({ id: message.id, record }, cards, positions);
  if (first) throw refusal(blockerNotice(first, labels(scene, cards)));
}

/** A refusal read here in this user's language, carrying its notice for the player who pressed (gm-requests.mjs). */
function refusal(notice) {
  return new BallcourtError(formatNotice(notice, i18n()), notice);
}

/** The log numbers of a card's events still standing at the companion (each names its card in `meta.message`). */
export async function standingEventsOf(matchId, messageId) {
  const seqs = [];
  for (let after = 0; matchId && after !== null;) {
    const page = await companion("GET", `/api/v1/matches/${matchId}/events?after=${after}`);
    for (const e of page.events)
      if (e.meta?.message === messageId && !e.undone && e.undoes === undefined) seqs.push(e.seq);
    after = page.next ?? null;
  }
  return seqs;
}

/** Undo a card's events: by their log numbers, else (older cards) only if still the newest on the match. */
export async function undoAtomically(matchId, record) {
  if (!matchId || !record.events) return;
  if (record.seqs?.length === record.events) {
    try {
      await quietly("POST", `/api/v1/matches/${matchId}/events/undo`, { seqs: record.seqs });
    } catch (err) {
      throw laterEventError(err) ?? err;
    }
    return;
  }
  const match = await companion("GET", `/api/v1/matches/${matchId}`);
  if (match.seq !== record.seqAfter) throw localizedError("BALLCOURT.Chat.UndoLaterFirst");
  await undoEvents(matchId, record.events);
}

/** The companion's undo_conflict as "the later card X was resolved on this card's result". */
function laterEventError(err) {
  const error = err.body?.error;
  if (error?.code !== "undo_conflict") return null;
  const seq = Number(error.fields?.later?.[0]);
  const cards = appliedCards();
  const card = cardOfEvent(cards, seq);
  const type = /\(([a-z_]+)\)/.exec(error.message ?? "")?.[1];
  return refusal(blockerNotice({ kind: "event", seq, type, card: card?.id }, labels(null, cards)));
}
