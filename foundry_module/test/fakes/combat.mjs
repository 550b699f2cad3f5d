/**
 * An encounter as the combat tracker runs it (FOUNDRY-SEMANTICS §7). Unlinked to any scene
 * unless linked (v13's default); each combatant knows its token's scene.
 * - nextTurn / previousTurn / nextRound / previousRound / startCombat fire `combatTurn`,
 *   `combatRound` or `combatStart` on the initiating client only, before the update, with
 *   `(combat, updateData, updateOptions)`; handlers may change both (§7.1). `combatRound` does
 *   not fire at the start, `combatTurn` not when the round rolls over. Options are v13's
 *   `{advanceTime, direction}` or v14's `{direction, worldTime: {delta}}` for a round.
 * - the update goes through the server (server.mjs): a GM's, or the current combatant's
 *   owner moving the turn on; `updateCombat` on every client. A combatant's update reaches the
 *   other clients' copies with its broadcast, as every document's (server.mjs).
 * - `combatTurnChange(combat, prior, current)` comes from the turn bookkeeping on every client
 *   (§7.2), in an order relative to `updateCombat` the docs leave open (§7.4): each client's
 *   order is drawn from the world's seeded random, and it may come a turn of the event loop
 *   later. It fires when the round or the current combatant changed (previous is assigned
 *   only when the turn configuration changes, §7.3), and may fire when a turn update left
 *   both as they were, with the same combatant as prior and current (§7.4, `turnRepeats`).
 * - adding or removing combatants keeps the turn with whoever had it through a visible
 *   `updateCombat` with `turn` (§7.3, v13 FVTT#12990), never silently; removing the current
 *   combatant hands the turn on, with its combatTurnChange.
 */
import {
  currentClient,
  onClient,
  onEveryClient,
  pageOf,
  serverTrip,
  track,
  world,
} from "./clients.mjs";
import { callEverywhere, callHere } from "./hooks.mjs";
import {
  FakeFlaggedDocument,
  actingUser,
  broadcast,
  checkScope,
  rawOf,
  refuse,
  serverUpdate,
  staleUntilReached,
} from "./server.mjs";
import { Collection, applyUpdate, changedKeys, newId, note } from "./utils.mjs";

/**
 * Whether a turn update that left the round and the combatant as they were still fires
 * combatTurnChange, repeating the combatant (§7.4 leaves it open): `world.turnRepeats` true,
 * false, or "random" (from the seed's own stream).
 */
const repeatsTurn = () =>
  world.turnRepeats === "random" ? world.turnRandom() < 0.5 : Boolean(world.turnRepeats);

const later = (turns) =>
  turns
    ? new Promise((resolve) => setImmediate(resolve)).then(() => later(turns - 1))
    : Promise.resolve();

class FakeCombatant extends FakeFlaggedDocument {
  static documentName = "Combatant";

  constructor(combat, data) {
    super();
    Object.assign(this, {
      id: newId("cbt"),
      flags: {},
      initiative: null,
      ...structuredClone(data),
    });
    Object.defineProperty(this, "parent", { value: combat });
  }

  get token() {
    return globalThis.game.scenes.get(this.sceneId)?.tokens.get(this.tokenId) ?? null;
  }
  get actor() {
    return this.token?.actor ?? null;
  }

  canUserModify(user) {
    return Boolean(user?.isGM) || Boolean(this.actor?.owners?.includes(user?.id));
  }
}

export class FakeCombat extends FakeFlaggedDocument {
  static documentName = "Combat";

  constructor({
    id = newId("combat"),
    scene = null,
    round = 0,
    turn = 0,
    combatants = [],
    active = true,
  } = {}) {
    super();
    Object.assign(this, { id, scene, round, turn, active, flags: {} });
    this.combatants = new Collection(
      combatants.map((c) => {
        const made = new FakeCombatant(this, c);
        if (c.id) made.id = c.id;
        return [made.id, made];
      }),
    );
    this.log = [];
    this.previous = null;
    this.current = this.where();
  }

  get started() {
    return this.round > 0;
  }

  /** The tracker's order: highest initiative first, unrolled last, ties by creation. */
  get turns() {
    const order = [...this.combatants.values()];
    return order.sort((a, b) => (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity));
  }

  get combatant() {
    return this.turns[this.turn] ?? null;
  }

  where() {
    const c = this.combatant;
    return {
      round: this.round,
      turn: this.turn,
      combatantId: c?.id ?? null,
      tokenId: c?.tokenId ?? null,
    };
  }

  /** A GM's; a player may only move the turn on from his own combatant's turn. */
  canUserModify(user, _action, changes = {}) {
    if (user?.isGM) return true;
    const turnOnly = Object.keys(changes).every((k) => k === "round" || k === "turn");
    return turnOnly && Boolean(this.combatant?.canUserModify(user));
  }

  async createEmbeddedDocuments(_type, data) {
    const user = actingUser();
    if (!user?.isGM) refuse(user, `Combat ${this.id}`);
    await serverTrip();
    const made = data.map((d) => new FakeCombatant(this, d));
    const current = this.combatant?.id;
    for (const c of made) this.combatants.set(c.id, c);
    this.log.push({ create: made.map((c) => c.name) });
    note(`combat+ ${made.map((c) => `${c.name}@${c.initiative}`).join(" ")}`);
    for (const c of made) callEverywhere("createCombatant", () => [c, {}, user.id]);
    await this.keepTurnWith(current);
    return made;
  }

  async updateEmbeddedDocuments(_type, updates, options = {}) {
    const user = actingUser();
    for (const u of updates)
      if (!this.combatants.get(u._id)?.canUserModify(user)) refuse(user, `Combatant ${u._id}`);
    const current = this.combatant?.id;
    await serverTrip();
    const writes = updates.map((u) => {
      const c = this.combatants.get(u._id);
      const write = staleUntilReached(c, u);
      applyUpdate(rawOf(c), u);
      return { c, u, write };
    });
    note(
      `combat~ ${updates.map((u) => `${this.combatants.get(u._id)?.name}@${u.initiative}`).join(" ")}`,
    );
    for (const { c, u, write } of writes) {
      broadcast(
        "updateCombatant",
        () => [c, structuredClone(u), options, user.id],
        currentClient(),
        write,
      );
    }
    if ("initiative" in (updates[0] ?? {})) await this.keepTurnWith(current);
    return updates.map((u) => this.combatants.get(u._id));
  }

  async deleteEmbeddedDocuments(_type, ids) {
    const user = actingUser();
    if (!user?.isGM) refuse(user, `Combat ${this.id}`);
    const current = this.combatant?.id;
    const at = this.turn;
    await serverTrip();
    const gone = ids.map((id) => this.combatants.get(id)).filter(Boolean);
    for (const id of ids) this.combatants.delete(id);
    note(`combat- ${ids.length}`);
    for (const c of gone) callEverywhere("deleteCombatant", () => [c, {}, user.id]);
    if (ids.includes(current)) {
      // the current combatant left: the turn goes to whoever now stands at its place
      const turn = Math.max(0, Math.min(at, this.turns.length - 1));
      await this.update({ turn }, { turnEvents: true });
    } else {
      await this.keepTurnWith(current);
    }
    return gone;
  }

  /** After a combatant write, the current combatant keeps the turn through a visible update (§7.3). */
  async keepTurnWith(combatantId) {
    if (!combatantId || !this.started) return;
    const turn = this.turns.findIndex((c) => c.id === combatantId);
    if (turn >= 0 && turn !== this.turn) await this.update({ turn });
  }

  update(changes, options = {}) {
    const before = { ...this.current }; // where the bookkeeping last saw the turn
    return serverUpdate(this, changes, options, {
      describe: () => {
        this.log.push({ update: structuredClone(changes) });
        note(`combat~ ${changedKeys(changes)}`);
      },
      afterCommit: (sent) => {
        if (typeof this.scene === "string")
          this.scene = globalThis.game.scenes.get(this.scene) ?? null;
        if ("round" in sent || "turn" in sent) this.turnBookkeeping(before);
      },
    });
  }

  /** §7.2-7.4: previous/current move only when the turn configuration changed; combatTurnChange per client. */
  turnBookkeeping(before) {
    const now = this.where();
    const changed = now.round !== before.round || now.combatantId !== before.combatantId;
    this.current = now;
    if (!changed && !repeatsTurn()) return;
    if (changed) this.previous = before;
    const prior = { ...before };
    const current = { ...now };
    // runs before serverUpdate broadcasts updateCombat: "turn-first" fires here, "update-first"
    // two turns of the event loop later (after the writer's own updateCombat, server.mjs)
    onEveryClient((client) => {
      const fire = () =>
        pageOf(client).hooks.callAll("combatTurnChange", this, { ...prior }, { ...current });
      const order =
        world.combatOrder === "random"
          ? world.random() < 0.5
            ? "turn-first"
            : "update-first"
          : world.combatOrder;
      if (order === "turn-first") fire();
      else track(later(2).then(() => onClient(client, fire)));
    });
  }

  async setFlag(scope, key, value) {
    checkScope(scope);
    return serverUpdate(
      this,
      { [`flags.${scope}.${key}`]: value },
      {},
      { describe: () => note(`combat~ flags.${scope}.${key}`) },
    );
  }

  /** Begin Combat: round 1, the first turn (combatStart; no combatRound, §7.1). */
  startCombat() {
    return this.step({ round: 1, turn: 0 }, 1, "combatStart");
  }

  nextTurn() {
    const last = this.turn + 1 >= this.turns.length;
    return last
      ? this.nextRound()
      : this.step({ round: this.round, turn: this.turn + 1 }, 1, "combatTurn");
  }

  previousTurn() {
    if (this.turn === 0 && this.round <= 1) return this;
    if (this.turn === 0)
      return this.step({ round: this.round - 1, turn: this.turns.length - 1 }, -1, "combatRound");
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
    const options =
      world.version >= 14 && hook === "combatRound"
        ? { direction, worldTime: { delta: direction * 6 } }
        : { advanceTime: direction > 0 ? 6 : 0, direction };
    const updateData = { ...changes };
    callHere(hook, this, updateData, options);
    note(`combat> ${hook} ${updateData.round}.${updateData.turn}${direction < 0 ? " back" : ""}`);
    return this.update(updateData, options);
  }

  /** Reset Initiative: every combatant's initiative cleared, back to the first turn. */
  async resetAll() {
    await this.updateEmbeddedDocuments(
      "Combatant",
      [...this.combatants.values()].map((c) => ({ _id: c.id, initiative: null })),
    );
    return this.update({ turn: 0 });
  }
}
