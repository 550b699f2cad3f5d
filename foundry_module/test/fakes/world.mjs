/**
 * installFoundry: a world of clients on Foundry's defaults. `game`, `canvas` and `ui` are read
 * from the client running now (clients.mjs): each user has his own game.user, canvas,
 * notifications, scene controls, dialogs, chat log and language (`languages: {bob: "ru"}`; game.i18n
 * reads that client's lang file, English by default); documents, settings, the socket and
 * hooks are the world's. Defaults that bit us in a live world: encounters are unlinked; a
 * dialog closed with its X resolves null; a socket message carries no sender and never reaches
 * its sender; scene controls read `visible` only when rebuilt; a private message mode whispers
 * to the GMs; an unknown system has no adapter; a restricted keybinding runs for GMs only.
 */
import { readFileSync } from "node:fs";

import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import { fakeCanvas } from "./canvas.mjs";
import { FakeContainer, FakeGraphics, FakeText } from "./canvas.mjs";
import { asUser, callHandler, clientOf, currentClient, onEveryClient, world } from "./clients.mjs";
import { FakeRoll } from "./dice.mjs";
import { FakeChatMessage, visibleTo } from "./documents.mjs";
import { FakeHooks } from "./hooks.mjs";
import { FakeApplicationV2, FakeDialogV2, FakeFormData, FakeKeybindings, FakeSceneControls, fakeNotifications, renderInto }
  from "./ui.mjs";
import { FakeUser } from "./users.mjs";
import { Collection, note, setProperty, transcript } from "./utils.mjs";

const localizers = new Map();

/** game.i18n in one language, its lang file read once. */
function i18nFor(lang) {
  if (!localizers.has(lang)) {
    const file = new URL(`../../lang/${lang}.json`, import.meta.url);
    const { has, localize } = makeLocalizer(JSON.parse(readFileSync(file, "utf8")), lang);
    // as Foundry's own: plain {name} replacement, no plurals (the module formats through core/i18n.mjs)
    const format = (key, data = {}) => localize(key).replace(/{[^}]+}/g, (k) => data[k.slice(1, -1)] ?? k);
    localizers.set(lang, { lang, has, localize, format });
  }
  return localizers.get(lang);
}
const MODULE = JSON.parse(readFileSync(new URL("../../module.json", import.meta.url), "utf8"));

export const DEFAULT_SETTINGS = { applyPermission: "gm", diceSource: "foundry", autoApplyTicks: false, rollPolicy: "gm",
  playerKicks: true, companionUrl: "http://127.0.0.1:7770", token: "t", scatterOne: "long", rollingDcBase: 4,
  equidistantDiagonals: false, goatZones: false, goatBloodball: false, goatBloodballLethal: false,
  goatMagic: false, goatAllowedMagic: "", companionGM: "" };

function makeClient(user, log, lang = "en") {
  const client = { user, lang, i18n: i18nFor(lang), canvas: fakeCanvas(), ui: { notifications: fakeNotifications(log, user.id), controls: new FakeSceneControls() },
    dialogs: { answers: [], shown: [] }, chat: new Map(), combatOverride: undefined,
    keyboard: { held: new Set(), isModifierActive(modifier) { return this.held.has(modifier); } } };
  client.run = (fn) => asUser(user.id, fn);
  return client;
}

/** A getter on globalThis that reads the running client's own copy. */
function perClient(name, key) {
  Object.defineProperty(globalThis, name, { configurable: true,
    get: () => currentClient()?.[key], set: (v) => { currentClient()[key] = v; } });
}

/** Foundry's choice of active GM: the connected GM of highest role, ties to the lowest id. */
function activeGMOf(users) {
  const gms = users.filter((u) => u.isGM && u.active);
  return gms.sort((a, b) => (b.role - a.role) || a.id.localeCompare(b.id))[0] ?? null;
}

export function installFoundry({ user = "gm", users, settings = {}, system = "pf1", scene = null, languages = {} } = {}) {
  const allUsers = users ?? [new FakeUser({ id: "gm", name: "GM", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }), new FakeUser({ id: "bob", name: "Bob" })];
  const userMap = new Collection(allUsers.map((u) => [u.id, u]));
  const values = { ...DEFAULT_SETTINGS, ...settings };
  const emitted = [];
  const notifications = [];   // every client's, in order; each client's own are its ui.notifications
  const socketHandlers = new Map();
  FakeHooks.handlers = new Map();
  world.clients = new Map(allUsers.map((u) => [u.id, makeClient(u, notifications, languages[u.id])]));
  world.notifications = notifications;
  world.defaultClient = world.clients.get(user);
  world.pending = new Set();
  world.errors = [];
  world.defaultClient.canvas.scene = scene;
  const combats = new Collection();
  globalThis.game = {
    get user() { return currentClient().user; },
    set user(u) { world.defaultClient = world.clients.get(u.id); },
    users: Object.defineProperty(userMap, "activeGM", { get: () => activeGMOf(allUsers) }),
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
      /** A world setting: stored, then its onChange runs on every client. */
      async set(scope, key, value) {
        values[key] = value;
        const onChange = this.registered.get(`${scope}.${key}`)?.onChange;
        if (onChange) onEveryClient(() => callHandler(onChange, [value]));
        return value;
      },
    },
    messages: new Collection(),
    scenes: new Collection(),
    combats,
    /** The viewed scene's active encounter, else an active unlinked one (a test may set it per client). */
    get combat() {
      const client = currentClient();
      if (client.combatOverride !== undefined) return client.combatOverride;
      const viewed = client.canvas?.scene?.id;
      return combats.find((c) => c.active && c.scene?.id === viewed) ?? combats.find((c) => c.active && !c.scene) ?? null;
    },
    set combat(c) { currentClient().combatOverride = c; },
    /** The module socket: a message reaches every OTHER connected client, with no sender. */
    socket: {
      emit(channel, data) {
        emitted.push({ channel, data });
        const sender = currentClient().user.id;
        onEveryClient((client) => {
          if (client.user.id === sender) return;
          for (const fn of socketHandlers.get(channel) ?? []) callHandler(fn, [structuredClone(data)]);
        });
      },
      on(channel, fn) {
        if (!socketHandlers.has(channel)) socketHandlers.set(channel, []);
        socketHandlers.get(channel).push(fn);
      },
    },
    /** Each browser loads its own user's language. */
    get i18n() { return currentClient().i18n; },
    system: { id: system },
    modules: new Collection([["ballcourt", { id: "ballcourt", version: MODULE.version }]]),
    keybindings: new FakeKeybindings(),
    /** KeyboardManager: the modifier keys this client's user holds now (`held`, a Set of "Alt", "Shift", "Control"). */
    get keyboard() { return currentClient().keyboard; },
  };
  perClient("canvas", "canvas");
  perClient("ui", "ui");
  globalThis.PIXI = { Container: FakeContainer, Graphics: FakeGraphics, Text: FakeText };
  globalThis.Hooks = FakeHooks;
  globalThis.ChatMessage = FakeChatMessage;
  globalThis.Roll = FakeRoll;
  globalThis.FormData = FakeFormData;
  globalThis.foundry = { utils: { setProperty }, applications: { api: { ApplicationV2: FakeApplicationV2, DialogV2: FakeDialogV2 } } };
  globalThis.CONFIG = {};
  transcript.length = 0;
  FakeChatMessage.created = [];
  FakeChatMessage.onUpdate = [];
  FakeChatMessage.modes = [];
  FakeRoll.queue = [];
  return { emitted, notifications, hooks: FakeHooks, values, users: userMap, socketHandlers,
    client: clientOf, view };
}

/** A user's client views a scene: his canvas is drawn anew and canvasReady runs there. */
export function view(userId, scene) {
  const client = clientOf(userId);
  return client.run(() => {
    client.canvas.scene = scene;
    client.canvas.tokens.controlled = [];
    FakeHooks.callAll("canvasReady", client.canvas);
  });
}

/**
 * A user's browser reloads: the old page is gone with whatever it had open (a dialog never
 * answers, so a query to it never comes back); the new page has its own ui and dialogs,
 * renders every message he may see into a new chat log, and views the scene he viewed.
 */
export function reload(userId) {
  const old = clientOf(userId);
  const fresh = makeClient(old.user, world.notifications, old.lang);
  world.clients.set(userId, fresh);
  if (world.defaultClient === old) world.defaultClient = fresh;
  note(`${userId} reloads`);
  fresh.run(() => {
    for (const message of globalThis.game.messages.values()) if (visibleTo(message, userId)) renderInto(fresh, message);
  });
  return view(userId, old.canvas.scene);
}
