/**
 * Roll requests: the checks a card waits for from the players who own the rolling tokens.
 * Each request is pending until it is settled once, by the owner's roll, by the GM rolling
 * for an absent player, or by a cancel; whatever arrives after that (a second click, a late
 * answer, a re-rendered view) is ignored. Pure state: the glue does the asking and the rolling.
 */

export const PENDING = "pending";
export const ROLLED = "rolled";
export const CANCELLED = "cancelled";

export class RollRequests {
  constructor() {
    this.requests = new Map();
    this.count = 0;
    this.waiters = new Map();
  }

  /**
   * A new pending request; returns its id.
   * @param spec  {tokenId, name, owner, check: {type: "save"|"skill", id}, advantage, batch (the
   *              checks asked together for one card: they are cancelled together)}
   */
  open(spec) {
    this.count += 1;
    const id = `r${this.count}`;
    this.requests.set(id, { ...spec, id, state: PENDING, by: null, roll: null });
    return id;
  }

  get(id) {
    return this.requests.get(id) ?? null;
  }

  /** Settle a pending request with a roll; false if it was already settled (or unknown). */
  settle(id, roll, by) {
    const request = this.requests.get(id);
    if (!request || request.state !== PENDING) return false;
    Object.assign(request, { state: ROLLED, roll, by });
    this.wake(id);
    return true;
  }

  /** Cancel pending requests, named by id (one, or a list: a batch): the ids cancelled. */
  cancel(id) {
    const ids = Array.isArray(id) ? id : [id];
    const done = [];
    for (const key of ids) {
      const request = this.requests.get(key);
      if (request?.state !== PENDING) continue;
      request.state = CANCELLED;
      done.push(key);
      this.wake(key);
    }
    return done;
  }

  /** Resolves with the request once it is rolled or cancelled. */
  waitFor(id) {
    const request = this.requests.get(id);
    if (!request) return Promise.reject(new Error(`unknown roll request ${id}`));
    if (request.state !== PENDING) return Promise.resolve(request);
    return new Promise((resolve) => {
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]);
    });
  }

  wake(id) {
    const request = this.requests.get(id);
    for (const resolve of this.waiters.get(id) ?? []) resolve(request);
    this.waiters.delete(id);
  }

  /** Forget settled requests (a batch is over). */
  forget(ids) {
    for (const id of ids) if (this.requests.get(id)?.state !== PENDING) this.requests.delete(id);
  }

  /** What the GM's view lists: every request with its state, who rolled and the total. */
  status() {
    return [...this.requests.values()].map((r) => ({
      id: r.id,
      tokenId: r.tokenId,
      name: r.name,
      owner: r.owner,
      check: r.check,
      advantage: Boolean(r.advantage),
      batch: r.batch ?? null,
      state: r.state,
      by: r.by,
      total: r.roll?.total ?? null,
    }));
  }

  pending() {
    return this.status().filter((r) => r.state === PENDING);
  }
}

/**
 * A player's answer as it reaches the GM (a Roll's JSON): the d20 faces it shows, checked.
 * Returns {total, natural, faces} or throws with the reason. Up to three d20s: the sheet may
 * roll with advantage or disadvantage of its own (a Poisoned dnd5e character rolls every
 * check with disadvantage), three with Elven Accuracy; the natural is the active face. Every
 * face an integer 1..20; the total a finite integer.
 */
export function readRollAnswer(data) {
  if (!data || typeof data !== "object") throw new Error("no roll in the answer");
  const total = Number(data.total);
  if (!Number.isInteger(total)) throw new Error("the roll has no total");
  // Foundry's Die, dnd5e's D20Die, a system's own subclass: any dice term of twenty faces
  const die = (data.terms ?? []).find(
    (t) => t && Number(t.faces) === 20 && Array.isArray(t.results),
  );
  if (!die) throw new Error("the roll has no d20");
  const kept = (die.results ?? []).filter((r) => r && !r.rerolled); // a reroll (Halfling Luck) replaces its face
  const faces = kept.map((r) => r.result);
  if (!faces.length || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 20)) {
    throw new Error("a d20 face is not 1..20");
  }
  if (faces.length > 3) throw new Error("too many d20s for one check");
  const active = kept.filter((r) => r.active !== false && !r.discarded).map((r) => r.result);
  const natural = active.length ? Math.max(...active) : Math.max(...faces);
  return { total, natural, faces };
}
