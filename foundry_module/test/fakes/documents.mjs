/**
 * Documents: actors, tokens, scenes, drawings, chat messages. Every write goes through the
 * world's server (server.mjs): merged as Foundry merges, refused to a non-owner, preUpdate* on
 * the writer's client, update* on every connected client after the server's answer
 * (FOUNDRY-SEMANTICS §1, §2.5). A player may update only tokens and actors he owns and his own
 * messages; a scene is the GM's. Token movement follows §6 (`move`, preMoveToken/moveToken);
 * a scene has `padding` and `dimensions` (§5.2-5.3); a chat message is rendered on every
 * surface of every client allowed to see it (§3.1, ui.mjs).
 */
import { currentClient, serverTrip, track, world } from "./clients.mjs";
import { callEverywhere, callHere } from "./hooks.mjs";
import {
  FakeDocument,
  FakeFlaggedDocument,
  FlagsMixin,
  actingUser,
  broadcast,
  changesToSend,
  checkScope,
  rawOf,
  refuse,
  serverUpdate,
  staleUntilReached,
} from "./server.mjs";
import { renderEverywhere } from "./ui.mjs";
import { Collection, applyUpdate, changedKeys, newId, note } from "./utils.mjs";

export class FakeActor extends FakeFlaggedDocument {
  static documentName = "Actor";

  constructor({
    id = newId("actor"),
    name = "Actor",
    system = {},
    items = [],
    owners = [],
    flags = {},
  } = {}) {
    super();
    Object.assign(this, { id, name, system, items, owners, flags });
    this.statuses = new Set();
    this.updates = [];
  }

  testUserPermission(user, level) {
    return Boolean(user?.isGM) || (level === "OWNER" && this.owners.includes(user?.id));
  }

  canUserModify(user) {
    return this.testUserPermission(user, "OWNER");
  }

  update(changes, options = {}) {
    return serverUpdate(this, changes, options, {
      describe: () => {
        this.updates.push(changes);
        note(
          `actor~ ${this.name} ${Object.entries(changes)
            .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
            .join(" ")}`,
        );
      },
    });
  }

  /** Through update like every flag write (§1.7); the transcript names only the flag. */
  async setFlag(scope, key, value) {
    checkScope(scope);
    return serverUpdate(
      this,
      { [`flags.${scope}.${key}`]: value },
      {},
      { describe: () => note(`actor~ ${this.name} flags.${scope}.${key}`) },
    );
  }

  /**
   * Items and active effects made on the sheet (a drop from a compendium, a buff added): by his
   * owners and the GMs, through the server, then `createItem` / `createActiveEffect` on every
   * client with the document and the creator's id (FOUNDRY-SEMANTICS §1.2).
   */
  async createEmbeddedDocuments(type, data) {
    const user = actingUser();
    if (!this.canUserModify(user)) refuse(user, `Actor ${this.name}`);
    await serverTrip();
    const Kind = type === "Item" ? FakeItem : FakeActiveEffect;
    const made = data.map((d) => new Kind({ ...structuredClone(d), parent: this }));
    if (type === "Item") this.items.push(...made);
    else (this.effects ??= []).push(...made);
    note(`actor+ ${this.name} ${type} x${made.length}`);
    for (const doc of made) callEverywhere(`create${type}`, () => [doc, {}, user.id]);
    return made;
  }

  /**
   * A status on or off: Foundry makes an ActiveEffect carrying it (its `statuses`) or deletes the
   * one that does, so `createActiveEffect` / `deleteActiveEffect` run on every client with the
   * effect and the writer's id, in the server's order (FOUNDRY-SEMANTICS §1.2, §1.9), and each
   * other page reads the statuses as they were until then; nothing to change writes nothing.
   * The effect is heard, not kept in `effects` (a sheet's statuses are read from `statuses`).
   */
  async toggleStatusEffect(id, { active }) {
    const user = actingUser();
    if (!this.isOwner) refuse(user, `Actor ${this.name}`);
    await serverTrip();
    note(`actor~ ${this.name} ${active ? "+" : "-"}${id}`);
    if (this.statuses.has(id) === Boolean(active)) return;
    const statuses = new Set(this.statuses);
    if (active) statuses.add(id);
    else statuses.delete(id);
    const write = staleUntilReached(this, { statuses });
    rawOf(this).statuses = statuses;
    const effect = new FakeActiveEffect({
      parent: this,
      name: id,
      statuses: new Set([id]),
      disabled: false,
    });
    broadcast(
      `${active ? "create" : "delete"}ActiveEffect`,
      () => [effect, {}, user.id],
      currentClient(),
      write,
    );
  }
}

/**
 * An item or an active effect embedded in an actor (`parent`): written by the actor's owners
 * and the GMs, `update` through the world's server like every document, so `updateItem` and
 * `updateActiveEffect` run on every client with the diff and the writer's id (FOUNDRY-SEMANTICS
 * §1.1, §1.2). One is made through its actor's createEmbeddedDocuments; none is deleted here.
 */
class FakeEmbedded extends FakeFlaggedDocument {
  constructor({ parent, ...data }) {
    super();
    Object.assign(this, {
      id: newId(this.constructor.documentName.toLowerCase()),
      system: {},
      flags: {},
      ...data,
      parent,
    });
  }

  canUserModify(user) {
    return this.parent.canUserModify(user);
  }

  update(changes, options = {}) {
    return serverUpdate(this, changes, options, {
      describe: () =>
        note(
          `${this.documentName.toLowerCase()}~ ${this.parent.name}/${this.name} ${changedKeys(changes)}`,
        ),
    });
  }
}

export class FakeItem extends FakeEmbedded {
  static documentName = "Item";
}

export class FakeActiveEffect extends FakeEmbedded {
  static documentName = "ActiveEffect";
}

const moves = (changes) => "x" in changes || "y" in changes;

/**
 * preMoveToken(doc, movement, operation) on the mover (§6.2): exactly false rejects the whole
 * movement. The waypoints are final and only `autoRotate` and `showRuler` are writable: the
 * handlers get a copy, and only those two are read back from it.
 */
function preMoveToken(token, movement, operation) {
  const { user, ...data } = movement;
  const seen = { ...structuredClone(data), user };
  if (callHere("preMoveToken", token, seen, operation) === false) return false;
  movement.autoRotate = seen.autoRotate;
  movement.showRuler = seen.showRuler;
  return true;
}

/** The movement an update of x/y makes (§6.1-6.4): from where the token stands to where the update puts it. */
function movementOf(token, sent, operation, user) {
  const destination = { x: sent.x ?? token.x, y: sent.y ?? token.y };
  const method = operation.method ?? "api";
  return {
    id: newId("move"),
    origin: { x: token.x, y: token.y },
    destination,
    passed: { waypoints: [] },
    pending: { waypoints: [destination] },
    method,
    user,
    autoRotate: operation.autoRotate ?? false,
    showRuler: operation.showRuler ?? method === "dragging",
  };
}

export class FakeToken extends FakeFlaggedDocument {
  static documentName = "Token";

  constructor(data) {
    super();
    Object.assign(this, {
      id: data.id ?? newId("tok"),
      name: "Token",
      x: 0,
      y: 0,
      flags: {},
      actor: null,
      ...data,
    });
  }

  canUserModify(user) {
    return Boolean(user?.isGM) || Boolean(this.actor?.owners?.includes(user?.id));
  }

  /**
   * An update of x/y is a movement (§6.2): outside move(), it runs preMoveToken itself. One step
   * of a drag shows preUpdateToken no x/y (§6.6: undocumented, so the harsher reading).
   */
  update(changes, options = {}) {
    const from = { x: this.x, y: this.y };
    const dragging = options.movement?.method === "dragging";
    return serverUpdate(this, changes, options, {
      hiddenFromPreUpdate: dragging ? ["x", "y"] : [],
      beforeTrip: (sent, user) =>
        options.movement ||
        options.noHook ||
        !moves(sent) ||
        preMoveToken(this, movementOf(this, sent, options, user), options),
      describe: () => this.describe(changes),
      afterCommit: (sent, user) => this.afterMove(from, sent, options, user),
    });
  }

  describe(changes) {
    const flag = Object.keys(changes).find((k) => k.startsWith("flags."));
    note(
      moves(changes)
        ? `token~ ${this.name ?? this.id} (${this.x}, ${this.y})${"flags.ballcourt.ball" in changes ? ` ball=${JSON.stringify(changes["flags.ballcourt.ball"])}` : ""}`
        : `token~ ${this.id} ${flag && Object.keys(changes).length === 1 ? `${flag}=${JSON.stringify(changes[flag])}` : changedKeys(changes)}`,
    );
  }

  /** A position change is a movement: moveToken(doc, movement, operation, User) everywhere (§6.3). */
  afterMove(from, sent, options, user) {
    if (!moves(sent)) return;
    const movement = {
      id: newId("move"),
      origin: from,
      destination: { x: this.x, y: this.y },
      method: options.method ?? "api",
      passed: { waypoints: [{ x: this.x, y: this.y }] },
      pending: { waypoints: [] },
      user,
      ...(options.movement ?? {}),
    };
    broadcast("moveToken", () => [this, movement, options, user]);
  }

  /**
   * TokenDocument#move (§6.1-6.4): preMoveToken once and preUpdateToken for each step on the
   * mover only (false from either cancels the rest); one update per waypoint, each heard
   * everywhere as updateToken and moveToken; `method: "dragging"` is a user's drag. v13 resolves at the first checkpoint, v14 once the whole path
   * is done.
   */
  async move(waypoints, options = {}) {
    const user = actingUser();
    if (!this.canUserModify(user)) refuse(user, `Token ${this.name}`);
    const path = (Array.isArray(waypoints) ? waypoints : [waypoints]).map((w) => ({
      x: w.x ?? this.x,
      y: w.y ?? this.y,
    }));
    if (!path.length) return false;
    const operation = {
      ...options,
      animate: options.animate ?? true,
      method: options.method ?? "api",
    };
    const movement = {
      ...movementOf(this, path.at(-1), operation, user),
      pending: { waypoints: path },
    };
    if (!preMoveToken(this, movement, operation)) return false;
    let reachedFirst = () => {};
    const firstCheckpoint = new Promise((resolve) => {
      reachedFirst = resolve;
    });
    const steps = (async () => {
      for (const [i, point] of path.entries()) {
        const step = {
          ...movement,
          passed: { waypoints: path.slice(0, i + 1) },
          pending: { waypoints: path.slice(i + 1) },
          finished: i === path.length - 1,
        };
        const moved = await this.update(point, { ...operation, movement: step });
        if (!moved) {
          reachedFirst(false);
          return false;
        }
        reachedFirst(true);
      }
      return true;
    })();
    track(steps);
    return world.version < 14 ? Promise.race([firstCheckpoint, steps]) : steps;
  }
}

/** CONST.GRID_TYPES: gridless, square, and four hexagonal grids, in rows (pointy-topped) or columns (flat-topped). */
export const GRID_TYPES = Object.freeze({
  GRIDLESS: 0,
  SQUARE: 1,
  HEXODDR: 2,
  HEXEVENR: 3,
  HEXODDQ: 4,
  HEXEVENQ: 5,
});

/**
 * scene.grid (§5; a foundry.grid.BaseGrid since v12): its `type` from CONST.GRID_TYPES, square
 * unless the scene says otherwise, and isSquare / isHexagonal / isGridless. A GM may give any
 * scene a hex or gridless grid: nothing on a scene promises squares.
 */
export class FakeGrid {
  constructor({ size = 100, distance = 5, units = "ft", type = GRID_TYPES.SQUARE, ...rest } = {}) {
    Object.assign(this, { size, distance, units, type, ...rest });
  }

  get isSquare() {
    return this.type === GRID_TYPES.SQUARE;
  }

  get isHexagonal() {
    return this.type >= GRID_TYPES.HEXODDR && this.type <= GRID_TYPES.HEXEVENQ;
  }

  get isGridless() {
    return this.type === GRID_TYPES.GRIDLESS;
  }
}

/**
 * A scene (§5): a grid of its own type (FakeGrid), `padding` 0.25 unless given, and `dimensions` as Foundry computes them (the
 * padding rounded up to whole grid squares, so the scene rectangle starts at sceneX/sceneY,
 * inside the canvas, not at 0). The grid's (0,0) square starts at the canvas origin (§5.4,
 * undocumented in prose; it follows from §5.3).
 */
export class FakeScene extends FakeFlaggedDocument {
  static documentName = "Scene";

  constructor({
    id = newId("scene"),
    name = "Scene",
    flags = {},
    tokens = [],
    grid = { size: 100 },
    width = 4000,
    height = 3000,
    padding = 0.25,
    active = false,
  } = {}) {
    super();
    Object.assign(this, {
      id,
      name,
      flags,
      grid: new FakeGrid(grid),
      width,
      height,
      padding,
      active,
    });
    this.tokens = new Collection(tokens.map((t) => [t.id, t]));
    for (const t of tokens) t.parent = this;
    this.drawings = new Collection();
    this.updateLog = [];
  }

  get dimensions() {
    const size = this.grid.size;
    const padX = Math.ceil((this.padding * this.width) / size) * size;
    const padY = Math.ceil((this.padding * this.height) / size) * size;
    const width = this.width + 2 * padX;
    const height = this.height + 2 * padY;
    const sceneRect = { x: padX, y: padY, width: this.width, height: this.height };
    return {
      width,
      height,
      size,
      distance: this.grid.distance,
      sceneX: padX,
      sceneY: padY,
      sceneWidth: this.width,
      sceneHeight: this.height,
      sceneRect,
      rect: { x: 0, y: 0, width, height },
      rows: Math.ceil(height / size),
      columns: Math.ceil(width / size),
    };
  }

  update(changes, options = {}) {
    return serverUpdate(this, changes, options, {
      describe: () => note(options.quiet ?? `scene~ ${changedKeys(changes)}`),
    });
  }

  async setFlag(scope, key, value) {
    return this.update(
      { [`flags.${scope}.${key}`]: value },
      { quiet: `scene~ flags.${scope}.${key}` },
    );
  }

  async unsetFlag(scope, key) {
    return this.update(
      { [`flags.${scope}.-=${key}`]: null },
      { quiet: `scene~ -flags.${scope}.${key}` },
    );
  }

  /** Embedded token updates: each token's own permission, diff and hooks, in one trip. */
  async updateEmbeddedDocuments(type, updates, options = {}) {
    const user = actingUser();
    this.updateLog.push({ type, updates: structuredClone(updates) }); // the operation as the module sent it
    const accepted = [];
    for (const u of updates) {
      const token = this.tokens.get(u._id);
      if (!token?.canUserModify(user)) refuse(user, `Token ${u._id}`);
      const sent = changesToSend(token, u, options);
      if (!Object.keys(sent).length) continue;
      if (callHere("preUpdateToken", token, sent, options, user.id) === false) continue;
      if (moves(sent) && !preMoveToken(token, movementOf(token, sent, options, user), options))
        continue;
      accepted.push({ token, u, sent, from: { x: token.x, y: token.y } });
    }
    await serverTrip();
    for (const { token, u, sent, from } of accepted) {
      const write = staleUntilReached(token, sent);
      applyUpdate(rawOf(token), sent, { recursive: options.recursive !== false });
      token.describe(u);
      broadcast(
        "updateToken",
        () => [token, structuredClone(sent), options, user.id],
        currentClient(),
        write,
      );
      token.afterMove(from, sent, options, user);
    }
    return accepted.map((a) => a.token);
  }

  async createEmbeddedDocuments(type, data) {
    const user = actingUser();
    if (!this.canUserModify(user)) refuse(user, `Scene ${this.name}`);
    await serverTrip();
    const made = data.map((d) =>
      type === "Token" ? new FakeToken(d) : new FakeDrawing({ author: user.id, ...d }),
    );
    for (const doc of made) {
      doc.parent = this;
      (type === "Token" ? this.tokens : this.drawings).set(doc.id, doc);
    }
    note(`scene+ ${type} x${made.length}`);
    for (const doc of made) callEverywhere(`create${type}`, () => [doc, {}, user.id]);
    return made;
  }

  async deleteEmbeddedDocuments(type, ids) {
    const user = actingUser();
    const collection = type === "Token" ? this.tokens : this.drawings;
    for (const id of ids)
      if (!collection.get(id)?.canUserModify(user)) refuse(user, `${type} ${id}`);
    await serverTrip();
    const gone = ids.map((id) => collection.get(id));
    for (const id of ids) collection.delete(id);
    for (const doc of gone) callEverywhere(`delete${type}`, () => [doc, {}, user.id]);
    return gone;
  }

  async delete() {
    const user = actingUser();
    if (!this.canUserModify(user)) refuse(user, `Scene ${this.name}`);
    await serverTrip();
    globalThis.game.scenes.delete(this.id);
    callEverywhere("deleteScene", () => [this, {}, user.id]);
  }
}

export class FakeDrawing extends FakeFlaggedDocument {
  static documentName = "Drawing";

  constructor(data) {
    super();
    Object.assign(this, { id: newId("Drawing"), flags: {}, ...data });
  }

  canUserModify(user) {
    return Boolean(user?.isGM) || user?.id === this.author;
  }

  async delete() {
    return this.parent?.deleteEmbeddedDocuments("Drawing", [this.id]);
  }
}

/** Whether a user's chat log shows this message (and its buttons). */
export function visibleTo(message, userId) {
  const user = globalThis.game.users.get(userId);
  if (user?.isGM) return true;
  if (message.blind) return false; // §3.2: a blind message is hidden even from the player who made it
  return !message.whisper?.length || message.whisper.includes(userId) || message.author === userId;
}

/**
 * A chat message. §2.5: a GM may change anything; otherwise only the author may, and never the
 * author or the rolls.
 */
export class FakeMessage extends FlagsMixin(FakeDocument) {
  static documentName = "ChatMessage";

  constructor(data, author) {
    super();
    Object.assign(this, {
      id: newId("msg"),
      ...structuredClone({ ...data, rolls: undefined }),
      author,
    });
    this.flags ??= {};
    this.rolls = data.rolls ?? [];
    this.updates = [];
  }

  get isAuthor() {
    return actingUser()?.id === this.author;
  }

  canUserModify(user, _action, changes = {}) {
    if (user?.isGM) return true;
    if (user?.id !== this.author) return false;
    return !["author", "user", "rolls"].some((k) => k in changes);
  }

  update(changes, options = {}) {
    return serverUpdate(this, changes, options, {
      describe: () => {
        this.updates.push(changes);
        this.updatedBy = actingUser().id;
        // a roll-request card and its rows, and an attack-of-opportunity question, by name: their
        // ids depend on which tests ran before
        const rows = this.flags?.ballcourt?.rollCard?.rows ?? {};
        const keys = changedKeys(changes)
          .replaceAll("flags.ballcourt.", "")
          .replace(
            /rollCard\.rows\.([^.,]+)/g,
            (_m, id) => `rollCard.rows.${rows[id]?.name ?? id}`,
          );
        note(
          `chat~ ${
            this.flags?.ballcourt?.card?.kind ??
            (this.flags?.ballcourt?.rollCard
              ? "rollCard"
              : this.flags?.ballcourt?.aooQuestion
                ? "aooQuestion"
                : this.id)
          } ${keys}`,
        );
        for (const fn of FakeChatMessage.onUpdate) fn(this);
      },
      afterCommit: (_sent, _user, write) => renderEverywhere(this, { write }),
    });
  }

  async delete() {
    const user = actingUser();
    if (!this.canUserModify(user)) refuse(user, `ChatMessage ${this.id}`);
    await serverTrip();
    globalThis.game.messages.delete(this.id);
    callEverywhere("deleteChatMessage", () => [this, {}, user.id]);
  }
}

/** v13's message mode names and v14's (§3.3): both map to who may read the message. */
const MODE_NAMES = {
  13: ["publicroll", "gmroll", "blindroll", "selfroll"],
  14: ["public", "gm", "blind", "self"],
};

export class FakeChatMessage {
  static created = [];
  static onUpdate = [];
  static modes = [];
  static unknownModes = [];

  static async create(data) {
    const author = actingUser().id;
    const writer = currentClient();
    if (callHere("preCreateChatMessage", { ...data }, data, {}, author) === false) return undefined;
    await serverTrip();
    const message = new FakeMessage(data, author);
    FakeChatMessage.created.push(message);
    const card = data.flags?.ballcourt?.card;
    const players = (card?.actions ?? []).map((a) => a.id).filter((id) => id.includes(":"));
    note(
      `chat+ ${card?.kind ?? data.flavor ?? "message"}${players.length ? ` [${players.join(" ")}]` : ""}` +
        ` rolls=${message.rolls.map((r) => r.total).join(",")}${data.whisper?.length ? ` to ${data.whisper.join(",")}` : ""}`,
    );
    globalThis.game.messages.set(message.id, message);
    broadcast("createChatMessage", () => [message, {}, author], writer);
    renderEverywhere(message, { created: true });
    return message;
  }

  static getSpeaker() {
    return { alias: actingUser()?.name ?? "GM" };
  }

  /** Who reads a message in a mode: private ones whisper to the GMs (blind hides it from its author), self to oneself. */
  static whisperFor(data, mode) {
    if (!FakeChatMessage.knows(mode)) return data;
    const [, gm, blind, self] = MODE_NAMES[world.version] ?? MODE_NAMES[14];
    const gms = globalThis.game.users.contents.filter((u) => u.isGM).map((u) => u.id);
    if (mode === gm || mode === blind) data.whisper = gms;
    if (mode === self) data.whisper = [actingUser().id];
    data.blind = mode === blind;
    return data;
  }

  /**
   * A mode name this version does not know whispers nobody: the message goes public, as
   * private rolls leaked on v14 when modules passed the old names (§3.3).
   */
  static knows(mode) {
    const known = (MODE_NAMES[world.version] ?? MODE_NAMES[14]).includes(mode);
    if (!known) FakeChatMessage.unknownModes.push(mode);
    return known;
  }
}

/** v14: ChatMessage.applyMode(data, mode) with the new names (§3.3). */
export class FakeChatMessageV14 extends FakeChatMessage {
  static applyMode(data, mode) {
    FakeChatMessage.modes.push(mode);
    data.messageMode = mode;
    return FakeChatMessage.whisperFor(data, mode);
  }
}

/** v13: ChatMessage.applyRollMode(data, mode) with the old names; no applyMode (§3.3). */
export class FakeChatMessageV13 extends FakeChatMessage {
  static applyRollMode(data, mode) {
    FakeChatMessage.modes.push(mode);
    data.rollMode = mode;
    return FakeChatMessage.whisperFor(data, mode);
  }
}
