/**
 * The ball's six actions a round as combatants at 25, 20, 15, 10, 5 and 1 that lose ties to
 * players (a player on 25 acts first): the ball sits a hair below each count.
 */
export const BALL_COUNTS = [25, 20, 15, 10, 5, 1];
export const TIE_OFFSET = 0.001;

export function ballCombatants(nameFor = (count) => `Ball (${count})`) {
  return BALL_COUNTS.map((count) => ({
    name: nameFor(count),
    initiative: count - TIE_OFFSET,
    hidden: true,
    flags: { ballcourt: { tick: count } },
  }));
}

export function isBallCombatant(combatant) {
  return Number.isInteger(combatant?.flags?.ballcourt?.tick);
}

/** Ball combatants a combat still lacks (after a reset, or when one was deleted). */
export function missingBallCombatants(existing, nameFor) {
  const have = new Set(existing.filter(isBallCombatant).map((c) => c.flags.ballcourt.tick));
  return ballCombatants(nameFor).filter((c) => !have.has(c.flags.ballcourt.tick));
}

/**
 * Ball combatants whose initiative is not their count's (the tracker's Reset clears every
 * initiative but keeps the combatants): [{_id, initiative}] updates that put them back.
 */
export function misplacedBallCombatants(existing) {
  return existing
    .filter(isBallCombatant)
    .filter((c) => c.initiative !== c.flags.ballcourt.tick - TIE_OFFSET)
    .map((c) => ({ _id: c.id, initiative: c.flags.ballcourt.tick - TIE_OFFSET }));
}

/** 3.5: one attack of opportunity a round, plus the Dex bonus with Combat Reflexes. */
export function aooPerRound(stats) {
  const dexBonus = Math.max(0, Math.floor(((stats.dex ?? 10) - 10) / 2));
  return 1 + ((stats.feats ?? []).includes("combat_reflexes") ? dexBonus : 0);
}
