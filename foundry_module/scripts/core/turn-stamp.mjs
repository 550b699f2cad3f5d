/**
 * Turn stamps: where the combat tracker stood when an asynchronous question was asked (an
 * autopilot's proposal, a reaction, a roll request, an attack-of-opportunity question, the
 * planner's marks), so that its answer, which may come seconds later, is used only if the
 * tracker still stands there. The GM may press Next meanwhile, or Foundry may hand the turn on
 * by itself; an answer for a turn that is over would act in another's.
 *
 * A tracker is read as {encounter, round, turn, combatant} (ids; the glue reads Foundry's
 * Combat into it), or null when no encounter runs.
 */

/** The stamp of a tracker as it stands: a copy of its four fields, or one with no encounter. */
export function turnStamp(tracker) {
  if (!tracker?.encounter) return { encounter: null, round: 0, turn: 0, combatant: null };
  return {
    encounter: tracker.encounter,
    round: Number(tracker.round) || 0,
    turn: Number(tracker.turn) || 0,
    combatant: tracker.combatant ?? null,
  };
}

/**
 * The stamp of a question that belongs to a whole round rather than one combatant's turn (a
 * goat-ball pass, declared by every player whoever's turn it is): its encounter and round.
 */
export function roundStamp(tracker) {
  const stamp = turnStamp(tracker);
  return stamp.encounter ? { ...stamp, turn: null, combatant: null } : stamp;
}

/**
 * Why an answer stamped `stamp` no longer belongs to the tracker `now`, or null when it does:
 * "ended" (no encounter runs now), "encounter" (another one), "round", "combatant". The turn's
 * index alone may move while the same combatant keeps the turn (combatants added before him,
 * the ball's turns among them): that is still his turn. A stamp taken with no encounter
 * running belongs as long as none runs.
 */
export function staleBecause(stamp, now) {
  const current = turnStamp(now);
  if (!stamp?.encounter) return current.encounter ? "encounter" : null;
  if (!current.encounter) return "ended";
  if (current.encounter !== stamp.encounter) return "encounter";
  if (current.round !== stamp.round) return "round";
  if (stamp.turn === null) return null;
  if (stamp.combatant || current.combatant)
    return current.combatant === stamp.combatant ? null : "combatant";
  return current.turn === stamp.turn ? null : "combatant";
}

/** Whether an answer stamped `stamp` still belongs to the tracker `now`. */
export const stillCurrent = (stamp, now) => staleBecause(stamp, now) === null;

/**
 * Whether `now` is the turn `seen` again (the same encounter, round and combatant): Foundry may
 * run its turn events again without the turn changing (a combatant written, an update that
 * repeats the combatant). Such a repeat starts nothing.
 */
export const repeatsTurn = (seen, now) => Boolean(seen?.encounter) && stillCurrent(seen, now);
