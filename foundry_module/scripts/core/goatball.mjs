/**
 * Goat-ball declarations: everyone declares in reverse initiative order; the carrier declares
 * at his own place in that order, on a sealed slip (only the GM and the carrier's owner may
 * see it) revealed once everyone has declared: the players after him declare without knowing
 * it, and he never sees theirs before his own. Also builds the companion's pass request.
 */

export const ACTIONS = ["throw", "intercept", "knock_off", "defend", "move", "block"];

/** Whether zone `b` is next to `a` (the companion's adjacency: any other zone when no links are given). */
function nextDoor(links, a, b) {
  if (!b || a === b) return false;
  return !links || (links[a] ?? []).includes(b) || (links[b] ?? []).includes(a);
}

export class Declarations {
  /**
   * @param players  [{id, team, initiative, zone}] standing players
   * @param carrier  the carrier's id
   * @param rules    what the companion's checks of a pass need besides: `possession` ({team,
   *   hot}) and, with the zones rule on, `zones` ({links}: {zone: [next door]}, null when any
   *   other zone is next door, as the settings' zone_links); without them those checks are
   *   left to the companion
   */
  constructor(players, carrier, { possession = null, zones = null } = {}) {
    this.players = players;
    this.carrier = carrier;
    this.possession = possession;
    this.zones = zones;
    this.byId = new Map(players.map((p) => [p.id, p]));
    this.declared = new Map();
  }

  /**
   * Who declares, in order: lowest initiative first, the carrier at his own place (sealed).
   * Equal initiatives: the carrier after the others on his count, then by id (as the companion).
   */
  order() {
    const carrierLast = (p) => (p.id === this.carrier ? 1 : 0);
    return [...this.players]
      .sort(
        (a, b) =>
          a.initiative - b.initiative ||
          carrierLast(a) - carrierLast(b) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .map((p) => p.id);
  }

  next() {
    return this.order().find((id) => !this.declared.has(id)) ?? null;
  }

  /** Whose turn it is to declare and whether his answer is a sealed slip; null when all are in. */
  turn() {
    const player = this.next();
    return player === null ? null : { player, sealed: player === this.carrier };
  }

  othersDone() {
    return this.order().every((id) => id === this.carrier || this.declared.has(id));
  }

  complete() {
    return this.order().every((id) => this.declared.has(id));
  }

  /** Why this declaration cannot be taken, or null. */
  problemWith(playerId, declaration) {
    if (!this.byId.has(playerId)) return `unknown player ${playerId}`;
    if (this.declared.has(playerId)) return `${playerId} has already declared`;
    if (!ACTIONS.includes(declaration?.action) && declaration?.action !== "none") {
      return `unknown action ${declaration?.action}`;
    }
    if (playerId === this.carrier && declaration.action === "throw" && !declaration.throw?.target) {
      return "the carrier's throw needs a target";
    }
    if (
      declaration.action === "defend" &&
      declaration.target &&
      !this.teammates(playerId, declaration.target)
    ) {
      return "a Defend names a teammate only";
    }
    return this.ruleBroken(playerId, declaration);
  }

  /**
   * The companion's own checks of a pass (its rules refuse the whole pass, after every roll,
   * for one of them): a knock-off or a Defend names someone else standing, an opponent or a
   * teammate, in the actor's zone with zones on; a throw is the team with the ball's, an
   * interception the others'; the carrier's pass goes to a teammate, a hot throw (once the ball
   * is hot) at an opponent; a move or a block needs the zones rule, a move a zone next door.
   */
  ruleBroken(playerId, declaration) {
    const { action } = declaration;
    const me = this.byId.get(playerId);
    const zones = this.zones;
    if (action === "knock_off" || action === "defend") {
      const target = this.byId.get(declaration.target);
      if (!declaration.target) return `a ${action} needs a target`;
      if (!target || declaration.target === playerId)
        return `${declaration.target} is not a target for ${playerId}`;
      if (action === "knock_off" && me.team !== undefined && me.team === target.team)
        return "a knock-off names an opponent";
      if (zones && target.zone !== me.zone)
        return `${playerId} must be in ${declaration.target}'s zone (${target.zone})`;
    }
    const team = this.possession?.team;
    if (team && action === "throw" && me.team !== team)
      return `${playerId} cannot take part in a throw: ${team} has the ball`;
    if (team && action === "intercept" && me.team === team)
      return `${playerId} cannot intercept his own team's throw`;
    if (this.possession && (action === "move" || action === "block") && !zones)
      return `a ${action} needs the zones rule, which is off`;
    if (zones && action === "move" && !nextDoor(zones.links, me.zone, declaration.zone))
      return `${declaration.zone ?? "-"} is not next to ${playerId}'s zone (${me.zone})`;
    return playerId === this.carrier && action === "throw"
      ? this.throwBroken(declaration.throw)
      : null;
  }

  /** The carrier's throw: a pass to a standing teammate; a hot throw, once the ball is hot, at an opponent. */
  throwBroken(thrown) {
    if (!thrown || !this.possession) return null;
    const target = this.byId.get(thrown.target);
    if (!target || thrown.target === this.carrier)
      return `${thrown.target} is not a target for ${this.carrier}`;
    if (thrown.kind === "hot") {
      if (!this.possession.hot) return "the ball is not hot yet";
      if (target.team === this.possession.team) return "a hot throw is aimed at an opponent";
    } else if (target.team !== this.possession.team) return "a pass goes to a teammate";
    return null;
  }

  /**
   * The carrier's declared throw ({kind, target}), or null: only a throw action says where the
   * ball goes (a `throw` on another action is no throw; the companion refuses one it is sent).
   */
  carrierThrow() {
    const slip = this.declared.get(this.carrier);
    return slip?.action === "throw" ? (slip.throw ?? null) : null;
  }

  /** Whether `other` is `playerId`'s teammate (not himself); players whose teams are not given are not told apart. */
  teammates(playerId, other) {
    if (other === playerId) return false;
    const [a, b] = [this.byId.get(playerId)?.team, this.byId.get(other)?.team];
    return a === undefined || b === undefined || a === b;
  }

  declare(playerId, declaration) {
    const problem = this.problemWith(playerId, declaration);
    if (problem) throw new Error(problem);
    this.declared.set(playerId, { ...declaration, player: playerId });
  }

  /**
   * The declarations a viewer may see: the sealed one only for the GM and its owner until all
   * are in; the carrier's owner sees nobody's after the carrier's place before his own slip.
   */
  visibleTo({ isGM = false, ownsCarrier = false } = {}) {
    const out = [];
    const order = this.order();
    const carrierAt = order.indexOf(this.carrier);
    const blind = ownsCarrier && !isGM && !this.declared.has(this.carrier);
    for (const [i, id] of order.entries()) {
      const d = this.declared.get(id);
      if (!d) continue;
      if (blind && i > carrierAt) continue;
      if (id === this.carrier && !(isGM || ownsCarrier || this.complete())) {
        out.push({ player: id, sealed: true });
      } else {
        out.push(d);
      }
    }
    return out;
  }

  /**
   * The progress view's rows, in declaring order: who has declared, whose turn it is, who is
   * pending. A declaration's content is shown only where visibleTo shows it: the carrier's slip
   * stays sealed for anyone but the GM and its owner until everyone has declared.
   */
  progress(viewer = {}) {
    const shown = new Map(this.visibleTo(viewer).map((d) => [d.player, d]));
    const asking = this.next();
    return this.order().map((player) => {
      const state = this.declared.has(player)
        ? "declared"
        : player === asking
          ? "asking"
          : "pending";
      const seen = shown.get(player);
      const declaration = seen && !seen.sealed ? seen : null;
      return { player, state, sealed: player === this.carrier, declaration };
    });
  }

  /**
   * The players a declared Defend names: their checks against a knock-off or a hot throw go
   * to the companion as d20 faces, never as a plain total, since the companion alone decides
   * the advantage (coveredChecks says how many faces each rolls).
   */
  defendedTargets() {
    return new Set(
      [...this.declared.values()]
        .filter((d) => d.action === "defend" && d.target)
        .map((d) => d.target),
    );
  }

  /** The declarations in the order the companion resolves them: highest initiative first. */
  byInitiative() {
    return [...this.declared.values()].sort(
      (a, b) => this.byId.get(b.player).initiative - this.byId.get(a.player).initiative,
    );
  }

  /**
   * Which checks a declared Defend covers, so the table rolls both d20s for them and one for
   * every other (the companion refuses faces that are not as many as the check rolls): each
   * Defend covers its target's next check against a knock-off (in initiative order) or, after
   * them, a hot throw. `knockOffs` holds the knockers whose target's check is covered; `hot`
   * says whether the hot throw's target's is. Which face counts is the companion's call alone
   * (a defender out before the check helps nobody): the module never works it out itself.
   */
  coveredChecks() {
    const helps = new Map();
    for (const d of this.declared.values()) {
      if (d.action === "defend" && d.target) helps.set(d.target, (helps.get(d.target) ?? 0) + 1);
    }
    const cover = (target) => {
      const left = helps.get(target) ?? 0;
      if (left > 0) helps.set(target, left - 1);
      return left > 0;
    };
    const knockOffs = new Set(
      this.byInitiative()
        .filter((d) => d.action === "knock_off" && d.target && cover(d.target))
        .map((d) => d.player),
    );
    const thrown = this.carrierThrow();
    return {
      knockOffs,
      hot: thrown?.kind === "hot" && Boolean(thrown.target) && cover(thrown.target),
    };
  }

  /** The companion's pass body: actions in initiative order (highest first), with checks. */
  toPassRequest({ teams, possession, settings }, checks = {}) {
    const actions = [];
    const carried = this.carrierThrow();
    const thrown = carried ? { ...carried } : null;
    for (const d of this.byInitiative()) {
      if (d.action === "none") continue;
      const action = { player: d.player, action: d.action };
      for (const key of ["target", "zone", "skill", "magic"]) if (d[key]) action[key] = d[key];
      const check = checks[d.player];
      if (check?.total !== undefined) action.check = check.total;
      if (check?.skill) action.skill = check.skill; // the skill actually rolled
      if (check?.advantage) action.advantage = true;
      if (check?.defenseFaces) {
        // the d20s of a knock-off's target's check (both when a Defend covers it): the
        // companion picks the one that counts
        action.defense_faces = check.defenseFaces;
        action.defense_modifier = check.defenseModifier ?? 0;
      } else if (check?.defense !== undefined) action.defense = check.defense;
      if (check?.defenseSkill) action.defense_skill = check.defenseSkill;
      actions.push(action);
    }
    if (thrown && checks.hot) {
      thrown.carrier_check = checks.hot.carrier;
      if (checks.hot.targetFaces) {
        thrown.target_faces = checks.hot.targetFaces;
        thrown.target_modifier = checks.hot.targetModifier ?? 0;
      } else thrown.target_check = checks.hot.target;
    }
    const body = { teams, possession, actions };
    if (thrown) body.throw = thrown;
    if (settings) body.settings = settings;
    return body;
  }
}

/**
 * Both d20 faces of a check rolled with advantage, in the order rolled, and its modifier (the
 * total less the kept face): what the companion needs to pick the face itself. Null unless
 * the roll shows exactly two d20s (a sheet's own disadvantage cancels to one; Elven Accuracy
 * adds a third): then the module sends the total as rolled.
 */
export function facesOf(roll) {
  const die = (roll?.dice ?? roll?.terms ?? []).find(
    (t) => Array.isArray(t?.results) && (t.faces === undefined || Number(t.faces) === 20),
  );
  const kept = (die?.results ?? []).filter((r) => r && !r.rerolled);
  if (
    ![1, 2].includes(kept.length) ||
    !kept.every((r) => Number.isInteger(r.result) && r.result >= 1 && r.result <= 20)
  )
    return null;
  if (!Number.isInteger(roll.total)) return null;
  const active = kept.filter((r) => r.active !== false && !r.discarded).map((r) => r.result);
  const natural = active.length ? Math.max(...active) : Math.max(...kept.map((r) => r.result));
  return { faces: kept.map((r) => r.result), modifier: roll.total - natural };
}
