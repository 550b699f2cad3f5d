/**
 * Small, faithful fakes of the Foundry globals the module touches (v13/v14 signatures):
 * game (users, settings, messages, scenes, socket, i18n, system, modules, combat), canvas, ui
 * (notifications, scene controls), Hooks, ChatMessage (create/update with dotted flag paths),
 * Roll (evaluate, fromData), DialogV2, foundry.utils.
 *
 * Their defaults are Foundry's defaults, the ones that bit us in a live world: encounters are
 * unlinked to any scene; a dialog closed with its X resolves null; a socket message carries no
 * sender identity and never reaches its sender; scene controls read `visible` only when they are
 * rebuilt; a private message mode whispers to the GMs; an unknown system has no adapter; a
 * restricted keybinding runs for GMs only; a highlight goes only on a layer added first.
 * Several clients share one process: `asUser(id, fn)` runs fn as that user's client.
 */
import { readFileSync } from "node:fs";
import { makeLocalizer } from "../../scripts/core/i18n.mjs";

const LANG = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"));
const MODULE = JSON.parse(readFileSync(new URL("../../module.json", import.meta.url), "utf8"));

export function setProperty(obj, path, value) {
  const parts = path.split(".");
  let node = obj;
  for (const p of parts.slice(0, -1)) node = node[p] ??= {};
  node[parts.at(-1)] = value;
}

const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Deep-merge `value` into `target[key]`, as Foundry's updates do by default (recursive). */
function mergeInto(target, key, value) {
  if (plain(value) && plain(target[key])) {
    for (const [k, v] of Object.entries(value)) mergeInto(target[key], k, v);
  } else {
    target[key] = structuredClone(value);
  }
}

/** A document update: dotted paths, objects merged into what is there (Foundry's default). */
function applyUpdate(doc, changes) {
  for (const [key, value] of Object.entries(changes)) {
    if (key === "_id") continue;
    const parts = key.split(".");
    let node = doc;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    mergeInto(node, parts.at(-1), value);
  }
}

/** foundry.utils.diffObject's sense: what in `after` differs from `before`, deeply (undefined: nothing). */
export function diffObject(before, after) {
  const isObject = (v) => v && typeof v === "object" && !Array.isArray(v);
  if (!isObject(before) || !isObject(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? undefined : structuredClone(after);
  }
  const out = {};
  for (const [k, v] of Object.entries(after)) {
    const d = diffObject(before[k], v);
    if (d !== undefined) out[k] = d;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Run fn as another connected user's client (game.user switched for the duration). */
export async function asUser(id, fn) {
  const game = globalThis.game;
  const prior = game.user;
  game.user = game.users.get(id);
  try {
    return await fn();
  } finally {
    game.user = prior;
  }
}

/** A document change reaches every connected client, each running its own hooks. */
async function broadcastHook(name, args) {
  const game = globalThis.game;
  for (const user of game.users.contents.filter((u) => u.active)) {
    await asUser(user.id, async () => {
      for (const fn of [...(FakeHooks.handlers.get(name) ?? [])]) await fn(...args(user));
    });
  }
}

export const FakeHooks = {
  handlers: new Map(),
  on(name, fn) {
    if (!this.handlers.has(name)) this.handlers.set(name, []);
    this.handlers.get(name).push(fn);
    return fn;
  },
  once(name, fn) { return this.on(name, fn); },
  off(name, fn) { this.handlers.set(name, (this.handlers.get(name) ?? []).filter((f) => f !== fn)); },
  callAll(name, ...args) {
    for (const fn of [...(this.handlers.get(name) ?? [])]) fn(...args);
    return true;
  },
  has(name) { return this.handlers.has(name); },
  /** The first handler registered for a hook (tests that drive one hook by hand). */
  get(name) { return this.handlers.get(name)?.[0]; },
};

/**
 * DialogV2: `answers` holds what the user does with each dialog, in order: form values
 * (the OK button with those fields), a button's action (for `wait`), or null (closed with the
 * X). With nothing queued the dialog is closed: it resolves null, as Foundry's does.
 */
export class FakeDialogV2 {
  static answers = [];
  static shown = [];

  /**
   * The next answer; a function answers from the dialog's options (its title, say), and may
   * return a promise (a user who takes his time).
   */
  static next(options) {
    const answer = FakeDialogV2.answers.length ? FakeDialogV2.answers.shift() : null;
    return typeof answer === "function" ? answer(options) : answer;
  }

  static async prompt(options) {
    FakeDialogV2.shown.push(options);
    const answer = await FakeDialogV2.next(options);
    if (answer === null) return null;
    const form = { values: answer };
    return options.ok?.callback ? options.ok.callback({}, { form }, {}) : "ok";
  }

  static async wait(options) {
    FakeDialogV2.shown.push(options);
    const answer = await FakeDialogV2.next(options);
    if (answer === null) return null;
    if (typeof answer === "string") return answer;
    const button = options.buttons?.find((b) => b.action === answer.action);
    const form = { values: answer.values ?? {} };
    return button?.callback ? button.callback({}, { form }, {}) : answer.action;
  }
}

/** The browser's FormData over a fake dialog form: its values, as strings. */
export class FakeFormData {
  constructor(form) { this.entriesList = Object.entries(form?.values ?? {}).map(([k, v]) => [k, String(v)]); }
  [Symbol.iterator]() { return this.entriesList[Symbol.iterator](); }
  entries() { return this.entriesList[Symbol.iterator](); }
}

/** v13/v14 scene controls: tools are read from getSceneControlButtons only on a rebuild. */
export class FakeSceneControls {
  constructor() {
    this.controls = {};
    this.renders = [];
  }

  render(options = {}) {
    this.renders.push(options);
    if (options.reset || !Object.keys(this.controls).length) {
      this.controls = { tokens: { name: "tokens", tools: {} } };
      FakeHooks.callAll("getSceneControlButtons", this.controls);
    }
    for (const [name, active] of Object.entries(options.toggles ?? {})) {
      const tool = this.controls.tokens?.tools?.[name];
      if (tool) tool.active = active;
    }
    return this;
  }

  /** What the GM sees: the visible tools' names, in order. */
  visibleTools() {
    return Object.values(this.controls.tokens?.tools ?? {}).filter((t) => t.visible).map((t) => t.name);
  }

  tool(name) { return this.controls.tokens?.tools?.[name]; }
}

/** An encounter: unlinked to any scene unless linked, as v13 creates them. */
export class FakeCombat {
  constructor({ id = newId("combat"), scene = null, round = 1, combatants = [] } = {}) {
    Object.assign(this, { id, scene, round, turn: 0, flags: {} });
    this.combatants = new Collection(combatants.map((c) => [c.id, c]));
    this.log = [];
  }

  async createEmbeddedDocuments(type, data) {
    const made = data.map((d) => ({ id: newId("cbt"), ...structuredClone(d) }));
    for (const c of made) this.combatants.set(c.id, c);
    this.log.push({ create: made.map((c) => c.name) });
    note(`combat+ ${made.map((c) => `${c.name}@${c.initiative}`).join(" ")}`);
    return made;
  }

  async updateEmbeddedDocuments(_type, updates) {
    for (const u of updates) applyUpdate(this.combatants.get(u._id), u);
    note(`combat~ ${updates.map((u) => `${this.combatants.get(u._id)?.name}@${u.initiative}`).join(" ")}`);
  }

  async update(changes) {
    this.log.push({ update: structuredClone(changes) });
    note(`combat~ ${keys(changes)}`);
    if ("scene" in changes) this.scene = globalThis.game.scenes.get(changes.scene) ?? null;
    for (const [k, v] of Object.entries(changes)) if (k !== "scene") setProperty(this, k, v);
    return this;
  }

  async setFlag(scope, key, value) {
    setProperty(this.flags, `${scope}.${key}`, structuredClone(value));
    note(`combat~ flags.${scope}.${key}`);
  }

  async nextTurn() {
    this.turn += 1;
    this.log.push({ nextTurn: this.turn });
    note(`combat> turn ${this.turn}`);
  }
}

/**
 * What a play-through changed, in order: every chat message, document update and combat change
 * the fakes saw, as short lines (`chat+ yaotzin.kick [intercept:yo] to gm,bob`).
 */
export const transcript = [];
const note = (line) => transcript.push(line);
const keys = (changes) => Object.keys(changes).filter((k) => k !== "_id").sort().join(",");

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

  /**
   * A user may write his own flags; every client hears it, with the author Foundry checked.
   * As in Foundry, the hook's `changes` hold only what differs from the value before (a diff),
   * and nothing at all is broadcast when nothing changed.
   */
  async setFlag(scope, key, value) {
    const author = globalThis.game.user.id;
    if (author !== this.id && !globalThis.game.user.isGM) throw new Error("not your User document");
    this.flags ??= {};
    const before = this.flags[scope]?.[key];
    setProperty(this.flags, `${scope}.${key}`, structuredClone(value));
    const diff = diffObject(before, value);
    if (diff === undefined) return;
    const changes = { flags: { [scope]: { [key]: diff } } };
    await broadcastHook("updateUser", () => [this, structuredClone(changes), {}, author]);
  }

  getFlag(scope, key) { return this.flags?.[scope]?.[key]; }

  /** User#query: the queried user's client runs its CONFIG.queries handler (or a scripted `answer`). */
  async query(name, data) {
    this.queries.push({ name, data });
    if (this.answer) return this.answer(name, data);
    const handler = globalThis.CONFIG.queries?.[name];
    if (!handler) return null;
    return asUser(this.id, () => handler(structuredClone(data), { timeout: 0 }));
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
    note(`actor~ ${this.name} ${Object.entries(changes).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")}`);
    return this;
  }

  async setFlag(scope, key, value) {
    setProperty(this.flags, `${scope}.${key}`, structuredClone(value));
    note(`actor~ ${this.name} flags.${scope}.${key}`);
  }

  async toggleStatusEffect(id, { active }) {
    note(`actor~ ${this.name} ${active ? "+" : "-"}${id}`);
    if (active) this.statuses.add(id);
    else this.statuses.delete(id);
  }
}

/** dnd5e 4.x/5.x's actor: its skill roll posts its own chat card unless told not to. */
export class FakeDnd5eActor extends FakeActor {
  async rollSkill({ skill, advantage }, _dialog = {}, message = {}) {
    const mod = this.system.skills[skill].total;
    const roll = await new globalThis.Roll(advantage ? "2d20kh + @mod" : "1d20 + @mod", { mod }).evaluate();
    if (message.create !== false) await globalThis.ChatMessage.create({ rolls: [roll], flavor: `${skill} check` });
    return [roll];
  }

  async rollSavingThrow({ ability, advantage }, _dialog = {}, message = {}) {
    const mod = this.system.abilities[ability].save?.value ?? this.system.abilities[ability].save ?? 0;
    const roll = await new globalThis.Roll(advantage ? "2d20kh + @mod" : "1d20 + @mod", { mod }).evaluate();
    if (message.create !== false) await globalThis.ChatMessage.create({ rolls: [roll], flavor: `${ability} save` });
    return [roll];
  }
}

export class FakeToken {
  constructor(data) {
    Object.assign(this, { id: data.id ?? newId("tok"), name: "Token", x: 0, y: 0, flags: {}, actor: null, ...data });
  }

  async setFlag(scope, key, value) {
    setProperty(this.flags, `${scope}.${key}`, value);
    note(`token~ ${this.id} flags.${scope}.${key}=${JSON.stringify(value)}`);
  }

  async update(changes) {
    applyUpdate(this, changes);
    note(`token~ ${this.id} ${keys(changes)}`);
    return this;
  }
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
    for (const u of updates) {
      applyUpdate(this.tokens.get(u._id), u);
      const t = this.tokens.get(u._id);
      note(`token~ ${t.name ?? u._id} (${t.x}, ${t.y})${"flags.ballcourt.ball" in u ? ` ball=${JSON.stringify(u["flags.ballcourt.ball"])}` : ""}`);
    }
  }

  async createEmbeddedDocuments(type, data) {
    const made = data.map((d) => (type === "Token" ? new FakeToken(d) : { id: newId(type), ...d }));
    for (const doc of made) (type === "Token" ? this.tokens : this.drawings).set(doc.id, doc);
    note(`scene+ ${type} x${made.length}`);
    return made;
  }

  async setFlag(scope, key, value) {
    setProperty(this.flags, `${scope}.${key}`, value);
    note(`scene~ flags.${scope}.${key}`);
  }

  async unsetFlag(scope, key) {
    delete this.flags?.[scope]?.[key];
    note(`scene~ -flags.${scope}.${key}`);
  }

  async update(changes) {
    applyUpdate(this, changes);
    note(`scene~ ${keys(changes)}`);
  }
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
    note(`chat~ ${this.flags?.ballcourt?.card?.kind ?? this.id} ${keys(changes).replaceAll("flags.ballcourt.", "")}`);
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
    const card = data.flags?.ballcourt?.card;
    const players = (card?.actions ?? []).map((a) => a.id).filter((id) => id.includes(":"));
    note(`chat+ ${card?.kind ?? data.flavor ?? "message"}${players.length ? ` [${players.join(" ")}]` : ""}`
      + ` rolls=${message.rolls.map((r) => r.total).join(",")}${data.whisper?.length ? ` to ${data.whisper.join(",")}` : ""}`);
    globalThis.game.messages.set(message.id, message);
    return message;
  }

  static getSpeaker() { return { alias: "GM" }; }

  /** Foundry's modes: private ones whisper to the GMs (blind hides the roll), self to oneself. */
  static applyMode(data, mode) {
    FakeChatMessage.modes.push(mode);
    data.messageMode = mode;
    const gms = globalThis.game.users.contents.filter((u) => u.isGM).map((u) => u.id);
    if (mode === "gmroll" || mode === "blindroll") data.whisper = gms;
    if (mode === "selfroll") data.whisper = [globalThis.game.user.id];
    data.blind = mode === "blindroll";
    return data;
  }
}

/** Whether a user's chat log shows this message (and its buttons). */
export function visibleTo(message, userId) {
  const user = globalThis.game.users.get(userId);
  if (user?.isGM) return true;
  if (message.blind) return false;
  return !message.whisper?.length || message.whisper.includes(userId) || message.author === userId;
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
    const next = () => (FakeRoll.queue.length ? FakeRoll.queue.shift() : 10);
    const faces = /^2d20k/.test(this.formula) ? [next(), next()] : [next()];
    const face = /^2d20kl/.test(this.formula) ? Math.min(...faces) : Math.max(...faces);
    this.dice = [{ results: faces.map((f) => ({ result: f, active: f === face })) }];
    this.total = face + Number(this.data.mod ?? 0);
    return this;
  }

  /** Roll#toJSON: what a query answer carries (one d20 term with its faces). */
  toJSON() {
    return { class: "Roll", formula: this.formula, total: this.total, evaluated: true, options: { ...this.options },
      terms: [{ class: "Die", number: this.dice[0].results.length, faces: 20, evaluated: true,
        results: structuredClone(this.dice[0].results) }] };
  }

  static fromData(data) {
    const roll = new FakeRoll(data.formula);
    roll.total = data.total;
    roll.terms = data.terms;
    roll.dice = (data.terms ?? []).filter((t) => t.class === "Die");
    roll.fromData = true;
    return roll;
  }
}

export function installFoundry({ user = "gm", users, settings = {}, system = "pf1", scene = null } = {}) {
  const allUsers = users ?? [new FakeUser({ id: "gm", name: "GM", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }), new FakeUser({ id: "bob", name: "Bob" })];
  const userMap = new Collection(allUsers.map((u) => [u.id, u]));
  const values = { applyPermission: "gm", diceSource: "foundry", autoApplyTicks: false, rollPolicy: "gm", playerKicks: true,
    companionUrl: "http://127.0.0.1:7770", token: "t", scatterOne: "long", rollingDcBase: 4,
    equidistantDiagonals: false, goatZones: false, goatBloodball: false, goatBloodballLethal: false,
    goatMagic: false, goatAllowedMagic: "", ...settings };
  const emitted = [];
  const notifications = [];
  const socketHandlers = new Map();
  const localizer = makeLocalizer(LANG);
  FakeHooks.handlers = new Map();
  globalThis.game = {
    user: userMap.get(user),
    users: Object.defineProperty(userMap, "activeGM", { get: () => allUsers.find((u) => u.isGM && u.active) ?? null }),
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
    /** The module socket: a message reaches every OTHER connected client, with no sender. */
    socket: {
      emit(channel, data) {
        emitted.push({ channel, data });
        const sender = globalThis.game.user.id;
        const others = allUsers.filter((u) => u.active && u.id !== sender);
        return (async () => {
          for (const u of others) {
            await asUser(u.id, async () => {
              for (const fn of socketHandlers.get(channel) ?? []) await fn(structuredClone(data));
            });
          }
        })();
      },
      on(channel, fn) {
        if (!socketHandlers.has(channel)) socketHandlers.set(channel, []);
        socketHandlers.get(channel).push(fn);
      },
    },
    i18n: { has: localizer.has, localize: localizer.localize, format: localizer.format },
    system: { id: system },
    modules: new Collection([["ballcourt", { id: "ballcourt", version: MODULE.version }]]),
    combat: null,
    keybindings: new FakeKeybindings(),
  };
  globalThis.ui = { notifications: {
    info: (m) => notifications.push(["info", m]), warn: (m) => { notifications.push(["warn", m]); note(`warn ${m}`); },
    error: (m) => { notifications.push(["error", m]); note(`error ${m}`); } }, controls: new FakeSceneControls() };
  globalThis.canvas = { scene, stage: fakeStage(), tokens: { controlled: [] },
    interface: Object.assign(new FakeContainer(), { grid: new FakeGridLayer() }) };
  globalThis.PIXI = { Container: FakeContainer, Graphics: FakeGraphics, Text: FakeText };
  globalThis.Hooks = FakeHooks;
  globalThis.ChatMessage = FakeChatMessage;
  globalThis.Roll = FakeRoll;
  globalThis.FormData = FakeFormData;
  globalThis.foundry = { utils: { setProperty }, applications: { api: { DialogV2: FakeDialogV2 } } };
  globalThis.CONFIG = {};
  transcript.length = 0;
  FakeChatMessage.created = [];
  FakeChatMessage.onUpdate = [];
  FakeChatMessage.modes = [];
  FakeRoll.queue = [];
  FakeDialogV2.answers = [];
  FakeDialogV2.shown = [];
  return { emitted, notifications, hooks: FakeHooks, values, users: userMap, socketHandlers };
}

/** A PIXI container that only keeps its children (what the overlay drew is asserted elsewhere). */
export class FakeContainer {
  constructor() { this.children = []; }
  addChild(child) { this.children.push(child); return child; }
  removeChildren() { return this.children.splice(0); }
  destroy() { this.destroyed = true; }
  /** Every text drawn in this container now. */
  texts() { return this.children.flatMap((c) => (c instanceof FakeText ? [c.text] : c.texts?.() ?? [])); }
}

/** PIXI.Graphics: every drawing call is kept in `calls`. */
export class FakeGraphics {
  constructor() {
    this.calls = [];
    return new Proxy(this, { get: (target, key) => (key in target ? target[key]
      : (...args) => { target.calls.push([key, ...args]); return target; }) });
  }

  destroy() { this.destroyed = true; }
}

export class FakeText {
  constructor(text, style) {
    Object.assign(this, { text, style });
    this.anchor = { set: (v) => { this.anchorValue = v; } };
    this.position = { set: (x, y) => { this.at = { x, y }; } };
  }

  destroy() { this.destroyed = true; }
}

/** The canvas stage's pointer listeners. */
export function fakeStage() {
  const handlers = new Map();
  return { on: (e, fn) => handlers.set(e, fn), off: (e) => handlers.delete(e), handlers };
}

/**
 * A minimal element tree for renderChatMessageHTML: the card's buttons, which a hook may
 * replace by setting the `.ballcourt-card` element's outerHTML (as the module does on every
 * render; `content` is then what it wrote), and clicks on them.
 */
export function fakeHtml(content) {
  const parse = (html) => [...html.matchAll(/<button type="button" data-ballcourt-action="([^"]+)"( disabled)?>/g)]
    .map(([, action, disabled]) => {
      const listeners = [];
      return { dataset: { ballcourtAction: action }, disabled: Boolean(disabled),
        addEventListener: (event, fn) => listeners.push(fn),
        /** Like a DOM click; resolves when the listeners' work is done. */
        click() { return Promise.all(listeners.map((fn) => fn({ preventDefault() {} }))); },
        listeners };
    });
  const html = {
    content,
    buttons: parse(content),
    querySelector: (sel) => (sel === ".ballcourt-card" && content.includes("ballcourt-card")
      ? { set outerHTML(value) { html.buttons = parse(value); html.content = value; } } : null),
    querySelectorAll: (sel) => (sel.startsWith("button") ? html.buttons : []),
  };
  return html;
}

/**
 * game.keybindings (ClientKeybindings): register(namespace, action, config) during init;
 * `press` runs an action's onDown as Foundry does for its key: a restricted action only for a
 * GM; the handler's true consumes the key.
 */
export class FakeKeybindings {
  constructor() { this.actions = new Map(); }

  register(namespace, action, data) {
    if (!data?.name) throw new Error(`keybinding ${namespace}.${action} needs a name`);
    this.actions.set(`${namespace}.${action}`, { namespace, action, ...data });
  }

  get(namespace, action) { return this.actions.get(`${namespace}.${action}`)?.editable ?? []; }

  /** The key bound to an action, pressed: whether it was consumed. */
  press(namespace, action) {
    const config = this.actions.get(`${namespace}.${action}`);
    if (!config?.onDown || (config.restricted && !globalThis.game.user.isGM)) return false;
    return config.onDown({ key: config.editable?.[0]?.key, repeat: false }) === true;
  }
}

/** canvas.interface.grid (GridLayer): named highlight layers of grid positions. */
export class FakeGridLayer {
  constructor() { this.highlightLayers = {}; }

  addHighlightLayer(name) {
    this.highlightLayers[name] ??= { name, positions: [] };
    return this.highlightLayers[name];
  }

  clearHighlightLayer(name) {
    const layer = this.highlightLayers[name];
    if (layer) layer.positions = [];
  }

  highlightPosition(name, { x, y, color, border, alpha } = {}) {
    const layer = this.highlightLayers[name];
    if (!layer) return false;
    layer.positions.push({ x, y, color, border, alpha });
    return true;
  }

  /** The squares' top-left pixels highlighted on a layer now, as "x,y". */
  highlighted(name) { return (this.highlightLayers[name]?.positions ?? []).map((p) => `${p.x},${p.y}`); }
}

/** A bare DOM for glue that adds an element of its own: createElement, getElementById, click. */
export class FakeElement {
  constructor(tag) {
    Object.assign(this, { tagName: tag.toUpperCase(), id: "", className: "", innerHTML: "", dataset: {},
      attributes: {}, listeners: new Map(), parent: null });
  }

  setAttribute(name, value) { this.attributes[name] = String(value); }
  addEventListener(type, fn) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]); }
  removeEventListener(type, fn) { this.listeners.set(type, (this.listeners.get(type) ?? []).filter((f) => f !== fn)); }
  remove() { this.parent?.children.splice(this.parent.children.indexOf(this), 1); this.parent = null; }
  appendChild(child) { child.parent = this; (this.children ??= []).push(child); return child; }

  /** A click on the inner button with data-<attr>="value", bubbling to this element's listeners. */
  clickButton(attr, value) {
    const re = new RegExp(`<button type="button" data-${attr}="${value}"[^>]*?( disabled)?>`);
    const match = this.innerHTML.match(re);
    if (!match || match[1]) return false;
    const dataKey = attr.replace(/-([a-z])/g, (_m, c) => c.toUpperCase());
    const button = { dataset: { [dataKey]: value } };
    button.closest = () => button;
    for (const fn of this.listeners.get("click") ?? []) fn({ target: button, preventDefault() {} });
    return true;
  }
}

export function installDocument() {
  const body = new FakeElement("body");
  body.children = [];
  globalThis.document = {
    body,
    createElement: (tag) => new FakeElement(tag),
    getElementById: (id) => body.children.find((c) => c.id === id) ?? null,
  };
  return globalThis.document;
}
