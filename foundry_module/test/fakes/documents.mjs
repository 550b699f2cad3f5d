/**
 * Documents: actors, tokens, scenes, chat messages. Every write takes a trip to the server and
 * then runs its hook on every connected client, unawaited. Ownership is enforced as Foundry's
 * server does: a player may update only tokens whose actor he owns and his own messages; a
 * scene is the GM's. `preUpdateToken` runs on the moving client only, before the trip; a false
 * from any handler keeps the move from happening. A chat message is rendered into the chat
 * log of every client allowed to see it (renderChatMessageHTML with a real DOM element).
 */
import { serverTrip, track, world } from "./clients.mjs";
import { FakeHooks, callEverywhere } from "./hooks.mjs";
import { renderInto } from "./ui.mjs";
import { Collection, applyUpdate, changedKeys, newId, note, setProperty } from "./utils.mjs";

const actingUser = () => globalThis.game.user;

function refuse(user, what) {
  throw new Error(`User ${user?.name} lacks permission to update ${what}`);
}

export class FakeActor {
  constructor({ id = newId("actor"), name = "Actor", system = {}, items = [], owners = [], flags = {} } = {}) {
    Object.assign(this, { id, name, system, items, owners, flags });
    this.statuses = new Set();
    this.updates = [];
  }

  get isOwner() { return this.testUserPermission(actingUser(), "OWNER"); }

  testUserPermission(user, level) {
    return Boolean(user?.isGM) || (level === "OWNER" && this.owners.includes(user?.id));
  }

  async update(changes) {
    if (!this.isOwner) refuse(actingUser(), `Actor ${this.name}`);
    await serverTrip();
    this.updates.push(changes);
    applyUpdate(this, changes);
    note(`actor~ ${this.name} ${Object.entries(changes).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")}`);
    callEverywhere("updateActor", () => [this, changes, {}, actingUser().id]);
    return this;
  }

  async setFlag(scope, key, value) {
    if (!this.isOwner) refuse(actingUser(), `Actor ${this.name}`);
    await serverTrip();
    setProperty(this.flags, `${scope}.${key}`, structuredClone(value));
    note(`actor~ ${this.name} flags.${scope}.${key}`);
  }

  async toggleStatusEffect(id, { active }) {
    note(`actor~ ${this.name} ${active ? "+" : "-"}${id}`);
    if (active) this.statuses.add(id);
    else this.statuses.delete(id);
  }
}

const moves = (changes) => "x" in changes || "y" in changes;

export class FakeToken {
  constructor(data) {
    Object.assign(this, { id: data.id ?? newId("tok"), name: "Token", x: 0, y: 0, flags: {}, actor: null, ...data });
  }

  get isOwner() { return this.canUserModify(actingUser()); }

  canUserModify(user) {
    return Boolean(user?.isGM) || Boolean(this.actor?.owners?.includes(user?.id));
  }

  async setFlag(scope, key, value) {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  async update(changes, options = {}) {
    const user = actingUser();
    if (!this.canUserModify(user)) refuse(user, `Token ${this.name}`);
    if (moves(changes) && !FakeHooks.call("preUpdateToken", this, changes, options, user.id)) return undefined;
    await serverTrip();
    this.commit(changes, options, user);
    return this;
  }

  /** The server's side of an accepted update: stored, then every client hears it. */
  commit(changes, options, user) {
    const from = { x: this.x, y: this.y };
    applyUpdate(this, changes);
    const flag = Object.keys(changes).find((k) => k.startsWith("flags."));
    note(moves(changes)
      ? `token~ ${this.name ?? this.id} (${this.x}, ${this.y})${"flags.ballcourt.ball" in changes ? ` ball=${JSON.stringify(changes["flags.ballcourt.ball"])}` : ""}`
      : `token~ ${this.id} ${flag && Object.keys(changes).length === 1 ? `${flag}=${JSON.stringify(changes[flag])}` : changedKeys(changes)}`);
    callEverywhere("updateToken", () => [this, structuredClone(changes), options, user.id]);
    if (moves(changes)) {
      callEverywhere("moveToken", () => [this, { origin: from, destination: { x: this.x, y: this.y } }, options, user]);
    }
  }
}

export class FakeScene {
  constructor({ id = newId("scene"), name = "Scene", flags = {}, tokens = [], grid = { size: 100 } } = {}) {
    Object.assign(this, { id, name, flags, grid });
    this.tokens = new Collection(tokens.map((t) => [t.id, t]));
    for (const t of tokens) t.parent = this;
    this.drawings = new Collection();
    this.updateLog = [];
  }

  mayWrite() {
    if (!actingUser()?.isGM) refuse(actingUser(), `Scene ${this.name}`);
  }

  async updateEmbeddedDocuments(type, updates, options = {}) {
    const user = actingUser();
    const accepted = updates.filter((u) => {
      const token = this.tokens.get(u._id);
      if (!token?.canUserModify(user)) refuse(user, `Token ${u._id}`);
      return !moves(u) || FakeHooks.call("preUpdateToken", token, u, options, user.id);
    });
    await serverTrip();
    this.updateLog.push({ type, updates: structuredClone(accepted) });
    for (const u of accepted) this.tokens.get(u._id).commit(u, options, user);
    return accepted.map((u) => this.tokens.get(u._id));
  }

  async createEmbeddedDocuments(type, data) {
    this.mayWrite();
    await serverTrip();
    const made = data.map((d) => (type === "Token" ? new FakeToken(d) : new FakeDrawing(d)));
    for (const doc of made) {
      doc.parent = this;
      (type === "Token" ? this.tokens : this.drawings).set(doc.id, doc);
    }
    note(`scene+ ${type} x${made.length}`);
    return made;
  }

  async setFlag(scope, key, value) {
    return this.update({ [`flags.${scope}.${key}`]: value }, { quiet: `scene~ flags.${scope}.${key}` });
  }

  async unsetFlag(scope, key) {
    this.mayWrite();
    await serverTrip();
    delete this.flags?.[scope]?.[key];
    note(`scene~ -flags.${scope}.${key}`);
    callEverywhere("updateScene", () => [this, { [`flags.${scope}.-=${key}`]: null }, {}, actingUser().id]);
  }

  async update(changes, { quiet } = {}) {
    this.mayWrite();
    await serverTrip();
    applyUpdate(this, changes);
    note(quiet ?? `scene~ ${changedKeys(changes)}`);
    callEverywhere("updateScene", () => [this, structuredClone(changes), {}, actingUser().id]);
    return this;
  }

  async delete() {
    globalThis.game.scenes.delete(this.id);
  }
}

export class FakeDrawing {
  constructor(data) {
    Object.assign(this, { id: newId("Drawing"), flags: {}, ...data });
  }

  async setFlag(scope, key, value) {
    setProperty(this.flags, `${scope}.${key}`, value);
  }
}

/** Whether a user's chat log shows this message (and its buttons). */
export function visibleTo(message, userId) {
  const user = globalThis.game.users.get(userId);
  if (user?.isGM) return true;
  if (message.blind) return false;
  return !message.whisper?.length || message.whisper.includes(userId) || message.author === userId;
}

export class FakeMessage {
  constructor(data, author) {
    Object.assign(this, { id: newId("msg"), ...structuredClone({ ...data, rolls: undefined }), author });
    this.rolls = data.rolls ?? [];
    this.updates = [];
  }

  get isAuthor() { return actingUser()?.id === this.author; }

  async update(changes) {
    const user = actingUser();
    if (!user?.isGM && user?.id !== this.author) refuse(user, `ChatMessage ${this.id}`);
    await serverTrip();
    this.updates.push(changes);
    this.updatedBy = user.id;
    applyUpdate(this, changes);
    // a roll-request card and its rows by name: their ids depend on which tests ran before
    const rows = this.flags?.ballcourt?.rollCard?.rows ?? {};
    const keys = changedKeys(changes).replaceAll("flags.ballcourt.", "")
      .replace(/rollCard\.rows\.([^.,]+)/g, (_m, id) => `rollCard.rows.${rows[id]?.name ?? id}`);
    note(`chat~ ${this.flags?.ballcourt?.card?.kind ?? (this.flags?.ballcourt?.rollCard ? "rollCard" : this.id)} ${keys}`);
    for (const fn of FakeChatMessage.onUpdate) fn(this);
    callEverywhere("updateChatMessage", () => [this, changes, {}, user.id]);
    renderEverywhere(this);
    return this;
  }

  async delete() {
    globalThis.game.messages.delete(this.id);
  }
}

/** Each client that may see the message renders it anew into its chat log, once the write has resolved. */
function renderEverywhere(message) {
  track(serverTrip().then(() => renderNow(message)));
}

function renderNow(message) {
  for (const client of world.clients.values()) {
    if (client.user.active && visibleTo(message, client.user.id)) renderInto(client, message);
  }
}

export class FakeChatMessage {
  static created = [];
  static onUpdate = [];
  static modes = [];

  static async create(data) {
    const author = actingUser().id;
    await serverTrip();
    const message = new FakeMessage(data, author);
    FakeChatMessage.created.push(message);
    const card = data.flags?.ballcourt?.card;
    const players = (card?.actions ?? []).map((a) => a.id).filter((id) => id.includes(":"));
    note(`chat+ ${card?.kind ?? data.flavor ?? "message"}${players.length ? ` [${players.join(" ")}]` : ""}`
      + ` rolls=${message.rolls.map((r) => r.total).join(",")}${data.whisper?.length ? ` to ${data.whisper.join(",")}` : ""}`);
    globalThis.game.messages.set(message.id, message);
    callEverywhere("createChatMessage", () => [message, {}, author]);
    renderEverywhere(message);
    return message;
  }

  static getSpeaker() { return { alias: actingUser()?.name ?? "GM" }; }

  /** Foundry's modes: private ones whisper to the GMs (blind hides the roll), self to oneself. */
  static applyMode(data, mode) {
    FakeChatMessage.modes.push(mode);
    data.messageMode = mode;
    const gms = globalThis.game.users.contents.filter((u) => u.isGM).map((u) => u.id);
    if (mode === "gmroll" || mode === "blindroll") data.whisper = gms;
    if (mode === "selfroll") data.whisper = [actingUser().id];
    data.blind = mode === "blindroll";
    return data;
  }
}
