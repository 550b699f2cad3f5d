/**
 * A card's match events and the scene writes that go with them, all or nothing: if posting an
 * event or writing the scene fails, the events already posted are undone again, so a card is
 * either applied whole (and marked so) or not at all, and a second Apply cannot double it.
 */
import { BallcourtError } from "./env.mjs";
import { companion } from "./link.mjs";

async function undoEvents(matchId, count) {
  for (let i = 0; i < count; i += 1) await companion("POST", `/api/v1/matches/${matchId}/undo`);
}

/** Post the events, then run `write`; returns the match state after the last event. */
export async function applyAtomically(matchId, events, messageId, write) {
  let state = null;
  let posted = 0;
  try {
    for (const event of matchId ? events : []) {
      state = await companion("POST", `/api/v1/matches/${matchId}/events`,
        { ...event, meta: { message: messageId } });
      posted += 1;
    }
    await write();
  } catch (err) {
    await undoEvents(matchId, posted);
    throw err;
  }
  return { state, posted };
}

/** Undo a card's events, only if they are still the newest on the match. */
export async function undoAtomically(matchId, record, laterFirstMessage) {
  if (!matchId || !record.events) return;
  const match = await companion("GET", `/api/v1/matches/${matchId}`);
  if (match.seq !== record.seqAfter) throw new BallcourtError(laterFirstMessage);
  await undoEvents(matchId, record.events);
}
