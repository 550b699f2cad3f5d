/**
 * An encounter as the combat tracker runs it. Unlinked to any scene unless linked (v13's
 * default); each combatant knows its token's scene. nextTurn / previousTurn / nextRound /
 * previousRound fire `combatTurn` or `combatRound` with `{direction}` on the initiating client
 * only, before the update; then `updateCombat` and `combatTurnChange` run on every client.
 * `previous` and `current` say where the turn was and is; `resetAll` clears initiatives.
 */
import { serverTrip } from "./clients.mjs";
import { FakeHooks, callEverywhere } from "./hooks.mjs";
import { Collection, applyUpdate, changedKeys, newId, note, setProperty } from "./utils.mjs";

class FakeCombatant {
  constructor(combat, data) {
    Object.assign(this, { id: newId("cbt"), flags: {}, initiative: null, ...structuredClone(data) });
    Object.defineProperty(this, "parent", { value: combat });
  }

  get token() { return globalThis.game.scenes.get(this.sceneId)?.tokens.get(this.tokenId) ?? null; }
  get actor() { return this.token?.actor ?? null; }
}

export class FakeCombat {
  constructor({ id = newId("combat"), scene = null, round = 0, turn = 0, combatants = [], active = true } = {}) {
    Object.assign(this, { id, scene, round, turn, active, flags: {} });
    this.combatants = new Collection(combatants.map((c) => {
      const made = new FakeCombatant(this, c);
      if (c.id) made.id = c.id;
      return [made.id, made];
    }));
    this.log = [];
    this.previous = null;
    this.current = this.where();
  }

  get started() { return this.round > 0; }

  /** The tracker's order: highest initiative first, unrolled last, ties by creation. */
  get turns() {
    const order = [...this.combatants.values()];
    return order.sort((a, b) => (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity));
  }

  get combatant() { return this.turns[this.turn] ?? null; }

  where() {
    const c = this.combatant;
    return { round: this.round, turn: this.turn, combatantId: c?.id ?? null, tokenId: c?.tokenId ?? null };
  }

  async createEmbeddedDocuments(_type, data) {
    await serverTrip();
    const made = data.map((d) => new FakeCombatant(this, d));
    const currentId = this.combatant?.id;
    for (const c of made) this.combatants.set(c.id, c);
    if (currentId) this.turn = this.turns.findIndex((c) => c.id === currentId);   // the turn stays with whoever had it
    this.log.push({ create: made.map((c) => c.name) });
    note(`combat+ ${made.map((c) => `${c.name}@${c.initiative}`).join(" ")}`);
    return made;
  }

  async updateEmbeddedDocuments(_type, updates) {
    await serverTrip();
    for (const u of updates) applyUpdate(this.combatants.get(u._id), u);
    note(`combat~ ${updates.map((u) => `${this.combatants.get(u._id)?.name}@${u.initiative}`).join(" ")}`);
  }

  async deleteEmbeddedDocuments(_type, ids) {
    await serverTrip();
    for (const id of ids) this.combatants.delete(id);
    note(`combat- ${ids.length}`);
  }

  async update(changes, options = {}) {
    const user = globalThis.game.user;
    await serverTrip();
    this.log.push({ update: structuredClone(changes) });
    note(`combat~ ${changedKeys(changes)}`);
    const before = this.where();
    if ("scene" in changes) this.scene = globalThis.game.scenes.get(changes.scene) ?? null;
    for (const [k, v] of Object.entries(changes)) if (k !== "scene") setProperty(this, k, v);
    const turnMoved = "round" in changes || "turn" in changes;
    if (turnMoved) {
      this.previous = before;
      this.current = this.where();
    }
    callEverywhere("updateCombat", () => [this, structuredClone(changes), options, user.id]);
    if (turnMoved) callEverywhere("combatTurnChange", () => [this, { ...this.previous }, { ...this.current }]);
    return this;
  }

  async setFlag(scope, key, value) {
    await serverTrip();
    setProperty(this.flags, `${scope}.${key}`, structuredClone(value));
    note(`combat~ flags.${scope}.${key}`);
  }

  getFlag(scope, key) { return this.flags?.[scope]?.[key]; }

  /** Begin Combat: round 1, the first turn. */
  startCombat() {
    return this.step({ round: 1, turn: 0 }, 1, "combatStart");
  }

  nextTurn() {
    const last = this.turn + 1 >= this.turns.length;
    return last ? this.nextRound() : this.step({ round: this.round, turn: this.turn + 1 }, 1, "combatTurn");
  }

  previousTurn() {
    if (this.turn === 0 && this.round <= 1) return this;
    if (this.turn === 0) return this.step({ round: this.round - 1, turn: this.turns.length - 1 }, -1, "combatRound");
    return this.step({ round: this.round, turn: this.turn - 1 }, -1, "combatTurn");
  }

  nextRound() {
    return this.step({ round: this.round + 1, turn: 0 }, 1, "combatRound");
  }

  previousRound() {
    if (this.round <= 1) return this;
    return this.step({ round: this.round - 1, turn: 0 }, -1, "combatRound");
  }

  /** The tracker's button on this client: its own hook first (awaited by no one), then the update. */
  step(changes, direction, hook) {
    const options = { direction };
    FakeHooks.callAll(hook, this, { ...changes }, options);
    note(`combat> ${hook} ${changes.round}.${changes.turn}${direction < 0 ? " back" : ""}`);
    return this.update(changes, options);
  }

  /** Reset Initiative: every combatant's initiative cleared, back to the first turn. */
  async resetAll() {
    await this.updateEmbeddedDocuments("Combatant", [...this.combatants.values()].map((c) => ({ _id: c.id, initiative: null })));
    return this.update({ turn: 0 });
  }
}
