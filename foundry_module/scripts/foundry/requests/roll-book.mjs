/**
 * The GM's book of open roll requests (core/roll-requests.mjs keeps their states) and what
 * settles them on his client: the owner's answer, the GM's roll for him, a batch's cancel, and
 * his Roll requests view. roll-requests.mjs asks for the rolls; roll-request-card.mjs settles
 * the same requests from the card, through these same calls.
 */
import { PENDING, RollRequests, readRollAnswer } from "../../core/roll-requests.mjs";
import { fvtt, notify } from "../world/env.mjs";
import { renderView } from "./roll-request-view.mjs";

/** The GM's open requests (one table, one active GM). */
export const requests = new RollRequests();
/** request id -> its check as gatherRolls was asked it: {scene, token, local, tag, flavor, ...} */
export const specs = new Map();
const rolling = new Set(); // requests the GM is rolling for right now

/** The owner's answer (a Roll's JSON, or null if he closed the request): checked, then taken once. */
export function accept(id, answer, owner) {
  const request = requests.get(id);
  if (request?.state !== PENDING) return false;
  const c = specs.get(id);
  if (answer === null || answer === undefined) {
    notify("warn", "BALLCOURT.Rolls.NoAnswer", { player: c.token.name });
    return false;
  }
  try {
    readRollAnswer(answer);
  } catch (err) {
    notify("warn", "BALLCOURT.Rolls.BadAnswer", { player: c.token.name, reason: err.message });
    return false;
  }
  const roll = fvtt.Roll.fromData(answer);
  roll.options = { ...(roll.options ?? {}), ballcourt: c.tag, flavor: c.flavor };
  const taken = requests.settle(id, roll, owner.id);
  refreshView();
  return taken;
}

/** The GM rolls for an absent player (his client, as with "the GM rolls everything"). */
export async function rollFor(id) {
  if (requests.get(id)?.state !== PENDING || rolling.has(id)) return false;
  rolling.add(id);
  try {
    const roll = await specs.get(id).local();
    const taken = requests.settle(id, roll, fvtt.game.user.id);
    refreshView();
    return taken;
  } finally {
    rolling.delete(id);
  }
}

/** The GM cancels one batch's waiting checks (its Cancel in his view): the card they were for is not posted. */
export function cancelRequests(batch) {
  const done = requests.cancel(
    requests
      .pending()
      .filter((r) => r.batch === batch)
      .map((r) => r.id),
  );
  refreshView();
  return done;
}

/** Show the GM's view of the requests as they are now. */
export function refreshView() {
  return renderView(requests.status(), { rollFor, cancel: cancelRequests });
}
