/** What every adapter reads a sheet with, and the nonlethal pool of a system that keeps none. */

/** A sheet's number, or `fallback` where the field is missing or not a number. */
export const num = (v, fallback = 0) => (Number.isFinite(Number(v)) ? Number(v) : fallback);

/** A sheet's number, or null where the field is missing, blank or not a number. */
export const numberOrNull = (v) =>
  v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v);

/**
 * Nonlethal damage kept in the module's own actor flag, for a system whose sheet has no pool
 * (dnd5e, the typed-in sheet): spread into the adapter, whose `this` it reads.
 */
export const flagNonlethal = {
  nonlethal(actor) {
    return num(actor.flags?.ballcourt?.nonlethal);
  },
  nonlethalPath() {
    return "flags.ballcourt.nonlethal";
  },
  nonlethalUpdate(actor, amount) {
    return { "flags.ballcourt.nonlethal": Math.max(0, this.nonlethal(actor) + amount) };
  },
};
