/**
 * Turn stamps at the table (core/turn-stamp.mjs holds the check): an asynchronous question
 * (an autopilot's proposal, its reactions, a roll request, an attack-of-opportunity question,
 * the planner's marks) is stamped with the tracker as it stands when asked, and its answer is
 * used only if the tracker still stands there. A late one is dropped and the GMs are told.
 */
import { staleBecause, turnStamp } from "../../core/turn-stamp.mjs";
import { trackerOf, trackerOn } from "../world/encounters.mjs";
import { tellGMs } from "./gm-requests.mjs";

/** The stamp of an encounter's turn as it stands. */
export const stampOf = (combat) => turnStamp(trackerOf(combat));

/** The stamp of the turn a turn change is to: Foundry's CombatHistoryData ({round, turn, combatantId}) of `combat`. */
export const stampAt = (combat, history) => turnStamp({ encounter: combat?.id, round: history?.round, turn: history?.turn,
  combatant: history?.combatantId ?? null });

/** The stamp of the turn of the encounter running on a court (none running: a stamp with no encounter). */
export const stampOn = (scene) => turnStamp(trackerOn(scene));

/**
 * Whether an answer stamped `stamp` still belongs to the tracker `now` (read as the stamp was:
 * trackerOf or trackerOn). When it does not, the GMs are told `notice` ({key, data}) and the
 * answer must be dropped.
 */
export function answerBelongs(stamp, now, notice) {
  if (staleBecause(stamp, now) === null) return true;
  tellGMs(notice.key, notice.data ?? null);
  return false;
}
