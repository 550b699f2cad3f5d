/**
 * Goat-ball declarations: everyone declares in reverse initiative order; the carrier's
 * declaration is sealed (only the GM and the carrier's owner may see it) until all the
 * others are in. Also builds the companion's pass request from the declarations.
 */

export const ACTIONS = ["throw", "intercept", "knock_off", "defend", "move", "block"];

export class Declarations {
  /**
   * @param players  [{id, team, initiative}] standing players
   * @param carrier  the carrier's id
   */
  constructor(players, carrier) {
    this.players = players;
    this.carrier = carrier;
    this.byId = new Map(players.map((p) => [p.id, p]));
    this.declared = new Map();
  }

  /** Who declares, in order: lowest initiative first, the carrier (sealed) last. */
  order() {
    return this.players.filter((p) => p.id !== this.carrier)
      .sort((a, b) => a.initiative - b.initiative || a.id.localeCompare(b.id))
      .map((p) => p.id)
      .concat(this.byId.has(this.carrier) ? [this.carrier] : []);
  }

  next() {
    return this.order().find((id) => !this.declared.has(id)) ?? null;
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
    return null;
  }

  declare(playerId, declaration) {
    const problem = this.problemWith(playerId, declaration);
    if (problem) throw new Error(problem);
    this.declared.set(playerId, { ...declaration, player: playerId });
  }

  /** The declarations a viewer may see: the sealed one only for the GM and its owner. */
  visibleTo({ isGM = false, ownsCarrier = false } = {}) {
    const out = [];
    for (const id of this.order()) {
      const d = this.declared.get(id);
      if (!d) continue;
      if (id === this.carrier && !(isGM || ownsCarrier || this.othersDone())) {
        out.push({ player: id, sealed: true });
      } else {
        out.push(d);
      }
    }
    return out;
  }

  /** The companion's pass body: actions in initiative order (highest first), with checks. */
  toPassRequest({ teams, possession, settings }, checks = {}) {
    const actions = [];
    let thrown = null;
    const byInitiative = [...this.declared.values()]
      .sort((a, b) => (this.byId.get(b.player).initiative - this.byId.get(a.player).initiative));
    for (const d of byInitiative) {
      if (d.action === "none") continue;
      const action = { player: d.player, action: d.action };
      for (const key of ["target", "zone", "skill", "magic"]) if (d[key]) action[key] = d[key];
      const check = checks[d.player];
      if (check?.total !== undefined) action.check = check.total;
      if (check?.defense !== undefined) action.defense = check.defense;
      actions.push(action);
      if (d.player === this.carrier && d.throw) thrown = { ...d.throw };
    }
    if (thrown && checks.hot) {
      thrown.carrier_check = checks.hot.carrier;
      thrown.target_check = checks.hot.target;
    }
    const body = { teams, possession, actions };
    if (thrown) body.throw = thrown;
    if (settings) body.settings = settings;
    return body;
  }
}
