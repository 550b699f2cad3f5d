/**
 * Turn stamps at the table (core/turn-stamp.mjs holds the check): an asynchronous question
 * (an autopilot's proposal, its reactions, a roll request, an attack-of-opportunity question,
 * the planner's marks) is stamped with the tracker as it stands when asked, and its answer is
 * used only if the tracker still stands there. A late one is dropped and the GMs are told.
 * A court's questions belong to a combatant's turn; an arena's (a goat-ball pass, declared
 * and rolled by every player whoever's turn it is) to the round.
 */
import { roundStamp, staleBecause, turnStamp } from "../../core/turn-stamp.mjs";
import { encounterOn, runningFightOn, trackerOf } from "../world/encounters.mjs";
import { alreadyTold, localizedError } from "../world/env.mjs";
import { ballcourtOf } from "../world/scene.mjs";
import { tellGMs } from "./gm-requests.mjs";

/** The stamp of an encounter's turn as it stands. */
export const stampOf = (combat) => turnStamp(trackerOf(combat));

/** The stamp of the turn a turn change is to: Foundry's CombatHistoryData ({round, turn, combatantId}) of `combat`. */
export const stampAt = (combat, history) =>
  turnStamp({
    encounter: combat?.id,
    round: history?.round,
    turn: history?.turn,
    combatant: history?.combatantId ?? null,
  });

const isArena = (scene) => ballcourtOf(scene)?.game === "goatball";

/** The tracker a scene's questions belong to: its court's encounter (encounterOn), or its arena's (runningFightOn). */
export const trackerFor = (scene) =>
  trackerOf(isArena(scene) ? runningFightOn(scene) : encounterOn(scene));

/** The stamp of a question asked about a scene: the turn on a court, the round in an arena (none running: no encounter). */
export const stampOn = (scene) => (isArena(scene) ? roundStamp : turnStamp)(trackerFor(scene));

/**
 * Whether an answer stamped `stamp` still belongs to the tracker `now` (read as the stamp was:
 * trackerOf or trackerFor). When it does not, the GMs are told `notice` ({key, data}) and the
 * answer must be dropped.
 */
export function answerBelongs(stamp, now, notice) {
  if (staleBecause(stamp, now) === null) return true;
  tellGMs(notice.key, notice.data ?? null);
  return false;
}

/**
 * As answerBelongs, for an answer an action waits on (a roll, an attack of opportunity): a late
 * one throws, so the action stops there. The error is marked as already told (reportFailure
 * shows it no second time; a presser who is not the GM is still told, in his language).
 */
export function requireCurrent(stamp, now, notice) {
  if (answerBelongs(stamp, now, notice)) return;
  throw alreadyTold(localizedError(notice.key, notice.data ?? null));
}
