/**
 * Small, faithful fakes of the Foundry globals the module touches (v13/v14 signatures):
 * game (users, settings, messages, scenes, socket, i18n, system, modules), ui, Hooks,
 * ChatMessage (create/update with dotted flag paths), Roll (evaluate, fromData), foundry.utils.
 */
import { readFileSync } from "node:fs";
import { makeLocalizer } from "../../scripts/core/i18n.mjs";

const LANG = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"));

export function setProperty(obj, path, value) {
  const parts = path.split(".");
  let node = obj;
  for (const p of parts.slice(0, -1)) node = node[p] ??= {};
  node[parts.at(-1)] = value;
}

function applyUpdate(doc, changes) {
  for (const [key, value] of Object.entries(changes)) {
    if (key === "_id") continue;
    if (key.includes(".")) setProperty(doc, key, structuredClone(value));
    else doc[key] = structuredClone(value);
  }
}

let ids = 0;
export const newId = (prefix = "id") => `${prefix}${(ids += 1).toString().padStart(4, "0")}`;

export class Collection extends Map {
  get contents() { return [...this.values()]; }
  find(fn) { return this.contents.find(fn); }
  filter(fn) { return this.contents.filter(fn); }
  get size() { return super.size; }
}

export class FakeUser {
  constructor({ id, name, isGM = false, active = true }) {
    Object.assign(this, { id, name, isGM, active });
    this.queries = [];
  }

  get isSelf() { return globalThis.game.user.id === this.id; }

  async query(name, data) {
    this.queries.push({ name, data });
    const handler = this.answer ?? (() => null);
    return handler(name, data);
  }
}

export class FakeActor {
  constructor({ id = newId("actor"), name = "Actor", system = {}, items = [], owners = [], flags = {} } = {}) {
    Object.assign(this, { id, name, system, items, owners, flags });
    this.statuses = new Set();
    this.updates = [];
  }

  testUserPermission(user, level) { return level === "OWNER" && this.owners.includes(user.id); }

  async update(changes) {
    this.updates.push(changes);
    applyUpdate(this, changes);
    return this;
  }

  async toggleStatusEffect(id, { active }) {
    if (active) this.statuses.add(id);
    else this.statuses.delete(id);
  }
}

export class FakeToken {
  constructor(data) {
    Object.assign(this, { id: data.id ?? newId("tok"), name: "Token", x: 0, y: 0, flags: {}, actor: null, ...data });
  }

  async setFlag(scope, key, value) { setProperty(this.flags, `${scope}.${key}`, value); }

  async update(changes) { applyUpdate(this, changes); return this; }
}

export class FakeScene {
  constructor({ id = newId("scene"), flags = {}, tokens = [], grid = { size: 100 } } = {}) {
    this.id = id;
    this.flags = flags;
    this.grid = grid;
    this.tokens = new Collection(tokens.map((t) => [t.id, t]));
    this.drawings = new Collection();
    this.updateLog = [];
  }

  async updateEmbeddedDocuments(type, updates, _options = {}) {
    this.updateLog.push({ type, updates: structuredClone(updates) });
    for (const u of updates) applyUpdate(this.tokens.get(u._id), u);
  }

  async createEmbeddedDocuments(type, data) {
    const made = data.map((d) => (type === "Token" ? new FakeToken(d) : { id: newId(type), ...d }));
    for (const doc of made) (type === "Token" ? this.tokens : this.drawings).set(doc.id, doc);
    return made;
  }

  async setFlag(scope, key, value) { setProperty(this.flags, `${scope}.${key}`, value); }

  async update(changes) { applyUpdate(this, changes); }
}

export class FakeMessage {
  constructor(data) {
    Object.assign(this, { id: newId("msg"), ...structuredClone({ ...data, rolls: undefined }) });
    this.rolls = data.rolls ?? [];
    this.updates = [];
  }

  async update(changes) {
    this.updates.push(changes);
    applyUpdate(this, changes);
    for (const fn of FakeChatMessage.onUpdate) fn(this);
    return this;
  }
}

export class FakeChatMessage {
  static created = [];
  static onUpdate = [];
  static modes = [];

  static async create(data) {
    const message = new FakeMessage(data);
    FakeChatMessage.created.push(message);
    globalThis.game.messages.set(message.id, message);
    return message;
  }

  static getSpeaker() { return { alias: "GM" }; }

  static applyMode(data, mode) { FakeChatMessage.modes.push(mode); data.messageMode = mode; }
}

/** Roll: `Roll.queue` supplies the d20 faces in order (else 10). */
export class FakeRoll {
  static queue = [];

  constructor(formula, data = {}) {
    this.formula = formula;
    this.data = data;
    this.options = {};
  }

  async evaluate() {
    const face = FakeRoll.queue.length ? FakeRoll.queue.shift() : 10;
    this.dice = [{ results: [{ result: face, active: true }] }];
    this.total = face + Number(this.data.mod ?? 0);
    return this;
  }

  static fromData(data) {
    const roll = new FakeRoll(data.formula);
    roll.total = data.total;
    roll.terms = data.terms;
    roll.fromData = true;
    return roll;
  }
}

export function installFoundry({ user = "gm", users, settings = {}, system = "pf1" } = {}) {
  const allUsers = users ?? [new FakeUser({ id: "gm", name: "GM", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }), new FakeUser({ id: "bob", name: "Bob" })];
  const userMap = new Collection(allUsers.map((u) => [u.id, u]));
  const values = { applyPermission: "gm", diceSource: "foundry", autoApplyTicks: false,
    companionUrl: "http://127.0.0.1:7770", token: "t", scatterOne: "long", rollingDcBase: 4,
    equidistantDiagonals: false, goatZones: false, goatBloodball: false, goatBloodballLethal: false,
    goatMagic: false, goatAllowedMagic: "", ...settings };
  const emitted = [];
  const notifications = [];
  const hooks = new Map();
  const localizer = makeLocalizer(LANG);
  globalThis.game = {
    user: userMap.get(user),
    users: Object.assign(userMap, { get activeGM() { return allUsers.find((u) => u.isGM && u.active) ?? null; } }),
    settings: {
      registered: new Map(),
      register(scope, key, data) { this.registered.set(`${scope}.${key}`, data); },
      get(scope, key) {
        if (scope === "core") {
          if (key === "messageMode") return values.coreMessageMode;
          if (key === "rollMode") return values.coreRollMode ?? "publicroll";
        }
        return values[key];
      },
    },
    messages: new Collection(),
    scenes: new Collection(),
    socket: { emit: (channel, data) => emitted.push({ channel, data }), on() {} },
    i18n: { has: localizer.has, localize: localizer.localize, format: localizer.format },
    system: { id: system },
    modules: new Collection([["ballcourt", { id: "ballcourt" }]]),
    combat: null,
  };
  globalThis.ui = { notifications: {
    info: (m) => notifications.push(["info", m]), warn: (m) => notifications.push(["warn", m]),
    error: (m) => notifications.push(["error", m]) } };
  globalThis.Hooks = { on: (name, fn) => hooks.set(name, fn), once: (name, fn) => hooks.set(name, fn) };
  globalThis.ChatMessage = FakeChatMessage;
  globalThis.Roll = FakeRoll;
  globalThis.foundry = { utils: { setProperty } };
  globalThis.CONFIG = {};
  FakeChatMessage.created = [];
  FakeChatMessage.onUpdate = [];
  FakeChatMessage.modes = [];
  FakeRoll.queue = [];
  return { emitted, notifications, hooks, values, users: userMap };
}

/** A minimal element tree for renderChatMessageHTML: query buttons, listen for clicks. */
export function fakeHtml(content) {
  const buttons = [...content.matchAll(/<button type="button" data-ballcourt-action="([^"]+)"( disabled)?>/g)]
    .map(([, action, disabled]) => {
      const listeners = [];
      return { dataset: { ballcourtAction: action }, disabled: Boolean(disabled),
        addEventListener: (event, fn) => listeners.push(fn),
        click() { for (const fn of listeners) fn({ preventDefault() {} }); },
        listeners };
    });
  return {
    buttons,
    querySelector: () => null,
    querySelectorAll: (sel) => (sel.startsWith("button") ? buttons : []),
  };
}
