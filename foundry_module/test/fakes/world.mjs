/**
 * installFoundry: a world of clients on Foundry's defaults, v14 unless `version: 13`. `game`,
 * `canvas`, `ui`, `Hooks` and `CONFIG` are read from the client running now (clients.mjs):
 * each user has his own game.user, canvas, notifications, scene controls, dialogs, DOM, chat
 * surfaces and language (`languages: {bob: "ru"}`; game.i18n reads that client's lang file,
 * English by default), and once he has loaded the module (module.mjs) his own page: Hooks,
 * CONFIG (queries), game.modules (the module's api), socket listeners, registered settings and
 * keybindings (FOUNDRY-SEMANTICS §8.4). Documents, setting values and the socket are the
 * world's. Defaults that bit us in a live world: encounters are unlinked; a dialog closed with
 * its X resolves null; a socket message carries no sender and never reaches its sender; scene
 * controls read `visible` only when rebuilt; a private message mode whispers to the GMs; an
 * unknown system has no adapter; a restricted keybinding runs for GMs only.
 *
 * Settings (§9, §3.4): a client setting lives in one browser (§9.1): each user's browser has
 * its own store, kept across his reloads; the install's `settings` fill the store of `user`'s
 * browser only (the one the test sets up, the GM's by default), `clientSettings: {maria: {...}}`
 * another's, and every other browser reads the registered default. A world setting's write
 * needs a GM; its onChange runs on every client
 * that registered it, only when the value changed; a programmatic `set` never reloads; a key
 * nobody registered on that client's page throws when read or written, on the shared page of
 * the older single-instance tests too: it has the module's settings registered from the start,
 * as its init would, and nothing else. On v13
 * `core.messageMode` throws and `core.rollMode` is read; on v14 `core.messageMode` is read
 * and `core.rollMode` gives null (module authors report it; §3.4 calls that unconfirmed).
 */
import { readFileSync } from "node:fs";

import { parseHTML } from "linkedom";

import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import { registerSettings } from "../../scripts/foundry/world/settings.mjs";
import { fakeCanvas } from "./canvas.mjs";
import { FakeContainer, FakeGraphics, FakeText } from "./canvas.mjs";
import {
  callHandler,
  clientOf,
  currentClient,
  onClient,
  onEveryClient,
  pageOf,
  world,
} from "./clients.mjs";
import { FakeRoll } from "./dice.mjs";
import {
  FakeChatMessage,
  FakeChatMessageV13,
  FakeChatMessageV14,
  GRID_TYPES,
  visibleTo,
} from "./documents.mjs";
import { FakeHooks, HookRegistry, HooksGlobal } from "./hooks.mjs";
import {
  FakeApplicationV2,
  FakeDialogV2,
  FakeFormData,
  FakeKeybindings,
  FakeSceneControls,
  fakeNotifications,
  renderInto,
  useVisibility,
} from "./ui.mjs";
import { FakeUser } from "./users.mjs";
import {
  Collection,
  ForcedDeletion,
  ForcedReplacement,
  diffObject,
  expandObject,
  getProperty,
  isDeletionKey,
  mergeObject,
  note,
  setProperty,
  transcript,
} from "./utils.mjs";

useVisibility(visibleTo);
const localizers = new Map();

/** game.i18n in one language, its lang file read once. */
function i18nFor(lang) {
  if (!localizers.has(lang)) {
    const file = new URL(`../../lang/${lang}.json`, import.meta.url);
    const { has, localize } = makeLocalizer(JSON.parse(readFileSync(file, "utf8")), lang);
    // as Foundry's own: plain {name} replacement, no plurals (the module formats through core/i18n.mjs)
    const format = (key, data = {}) =>
      localize(key).replace(/{[^}]+}/g, (k) => data[k.slice(1, -1)] ?? k);
    localizers.set(lang, { lang, has, localize, format });
  }
  return localizers.get(lang);
}
const MODULE = JSON.parse(readFileSync(new URL("../../module.json", import.meta.url), "utf8"));

export const DEFAULT_SETTINGS = {
  applyPermission: "gm",
  diceSource: "foundry",
  autoApplyTicks: false,
  rollPolicy: "gm",
  playerKicks: true,
  companionUrl: "http://127.0.0.1:7770",
  token: "t",
  scatterOne: "long",
  rollingDcBase: 4,
  equidistantDiagonals: false,
  goatZones: false,
  goatBloodball: false,
  goatBloodballLethal: false,
  goatMagic: false,
  goatAllowedMagic: "",
  companionGM: "",
};

/**
 * The settings each system registers in its own init, on every page, before any module reads
 * them (§3.4): those the adapters read. The install's `settings` give their world values.
 */
const SYSTEM_SETTINGS = {
  pf1: {
    healthConfig: {
      scope: "world",
      default: {
        variants: { pc: { useWoundsAndVigor: false }, npc: { useWoundsAndVigor: false } },
      },
    },
  },
  D35E: { units: { scope: "world", default: "default" } },
  dnd5e: { metricLengthUnits: { scope: "world", default: false } },
};

/** CONFIG as core leaves it: its own queries (§2.3) and this version's message modes (§3.3). */
function coreConfig(version) {
  const queries = {
    dialog: (data) =>
      FakeDialogV2[
        data?.type === "confirm" ? "confirm" : data?.type === "wait" ? "wait" : "prompt"
      ](data?.config ?? {}),
    confirmTeleportToken: () => true,
  };
  const modes =
    version >= 14
      ? {
          ChatMessage: { modes: { public: {}, gm: {}, blind: {}, self: {} } },
          Dice: { rollModes: { publicroll: {}, gmroll: {}, blindroll: {}, selfroll: {} } },
        }
      : { Dice: { rollModes: { publicroll: {}, gmroll: {}, blindroll: {}, selfroll: {} } } };
  return { queries, ...modes };
}

/** A page: what one loaded module instance has of its own in a browser (§8.4). */
export function makePage(version = world.version, hooks = new HookRegistry()) {
  return {
    hooks,
    CONFIG: coreConfig(version),
    socketHandlers: new Map(),
    registered: new Map(),
    keybindings: new FakeKeybindings(),
    modules: new Collection([
      ["ballcourt", { id: "ballcourt", version: MODULE.version, active: true }],
    ]),
  };
}

function makeClient(user, log, lang = "en") {
  const client = {
    user,
    lang,
    i18n: i18nFor(lang),
    canvas: fakeCanvas(),
    ui: { notifications: fakeNotifications(log, user.id), controls: new FakeSceneControls() },
    dialogs: { answers: [], shown: [], open: [], unanswered: "open" },
    apps: [],
    chat: new Map(),
    popout: new Map(),
    toasts: [],
    popoutOpen: false,
    toastsOn: true,
    combatOverride: undefined,
    page: null,
    dom: parseHTML("<!doctype html><html><body></body></html>"),
    keyboard: {
      held: new Set(),
      isModifierActive(modifier) {
        return this.held.has(modifier);
      },
    },
  };
  client.run = (fn) => onClient(client, fn);
  return client;
}

/** A getter on globalThis that reads the running client's own copy. */
function perClient(
  name,
  get,
  set = (v) => {
    currentClient()[name] = v;
  },
) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get: () => get(currentClient()),
    set,
  });
}

/** Foundry's choice of active GM: the connected GM of highest role, ties to the lowest id (a guess, §2.1). */
function activeGMOf(users) {
  const gms = users.filter((u) => u.isGM && u.active);
  return gms.sort((a, b) => b.role - a.role || a.id.localeCompare(b.id))[0] ?? null;
}

/** A small seeded generator (mulberry32): the order of combat hooks per client is drawn from it. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function installFoundry({
  user = "gm",
  users,
  settings = {},
  system = "pf1",
  scene = null,
  languages = {},
  version = 14,
  seed = 1,
  combatOrder = "random",
  doubleRenders = "random",
  popouts = "random",
  turnRepeats = "random",
  clientSettings = {},
} = {}) {
  const allUsers = users ?? [
    new FakeUser({ id: "gm", name: "GM", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }),
    new FakeUser({ id: "bob", name: "Bob" }),
  ];
  const userMap = new Collection(allUsers.map((u) => [u.id, u]));
  const values = {
    ...DEFAULT_SETTINGS,
    ...(version >= 14 ? { coreMessageMode: "public" } : { coreRollMode: "publicroll" }),
    ...settings,
  };
  const emitted = [];
  const notifications = []; // every client's, in order; each client's own are its ui.notifications
  Object.assign(world, {
    version,
    random: seeded(seed),
    combatOrder,
    doubleRenders,
    turnRepeats,
    pending: new Set(),
    errors: [],
    // renders and repeated turns draw from streams of their own: the combat order per seed stays as it was
    renderRandom: seeded(seed ^ 0x5bd1e995),
    turnRandom: seeded(seed ^ 0x27d4eb2f),
  });
  world.pageClosed = new Promise((resolve) => {
    world.closePage = resolve;
  });
  FakeHooks.handlers = new Map();
  world.sharedPage = makePage(version, FakeHooks);
  world.clients = new Map(
    allUsers.map((u) => [u.id, makeClient(u, notifications, languages[u.id])]),
  );
  // a user may have the chat popped out (§3.1): each browser's, at random from the seed unless the test says
  for (const client of world.clients.values())
    client.popoutOpen = popouts === "random" ? world.renderRandom() < 0.5 : Boolean(popouts);
  world.notifications = notifications;
  world.defaultClient = world.clients.get(user);
  world.defaultClient.canvas.scene = scene;
  world.values = values;
  // each browser's own store of client settings (§9.1): the test's own browser gets `settings`
  world.clientStores = new Map(
    allUsers.map((u) => [
      u.id,
      structuredClone(u.id === user ? values : (clientSettings[u.id] ?? {})),
    ]),
  );
  const storeOf = (client) => world.clientStores.get(client.user.id);
  const scopeOf = (data) => data?.scope ?? "world";
  const combats = new Collection();
  globalThis.game = {
    get user() {
      return currentClient().user;
    },
    set user(u) {
      world.defaultClient = world.clients.get(u.id);
    },
    users: Object.defineProperty(userMap, "activeGM", { get: () => activeGMOf(allUsers) }),
    settings: {
      get registered() {
        return pageOf(currentClient()).registered;
      },
      register(scope, key, data) {
        this.registered.set(`${scope}.${key}`, data);
      },
      get(scope, key) {
        if (scope === "core") {
          if (key === "messageMode") {
            if (version < 14)
              throw new Error(`"core.messageMode" is not a registered game setting`);
            return values.coreMessageMode;
          }
          if (key === "rollMode") return version < 14 ? values.coreRollMode : null;
          return values[`core.${key}`];
        }
        const data =
          this.registered.get(`${scope}.${key}`) ??
          (scope === globalThis.game.system.id ? SYSTEM_SETTINGS[scope]?.[key] : undefined);
        if (!data) throw new Error(`"${scope}.${key}" is not a registered game setting`);
        const store = scopeOf(data) === "client" ? storeOf(currentClient()) : values;
        return key in store ? store[key] : data?.default;
      },
      /** A world setting needs a GM; stored, then onChange on every client that has it, if it changed (§9.2). */
      async set(scope, key, value) {
        const data = this.registered.get(`${scope}.${key}`);
        const client = currentClient();
        if (!data) throw new Error(`"${scope}.${key}" is not a registered game setting`);
        if (scopeOf(data) === "world" && !client.user.isGM) {
          throw new Error(`User ${client.user.name} lacks permission to modify world settings`);
        }
        const store = scopeOf(data) === "client" ? storeOf(client) : values;
        const same = JSON.stringify(store[key]) === JSON.stringify(value);
        store[key] = structuredClone(value);
        if (same) return value;
        if (scopeOf(data) === "client") {
          callHandler(() => data?.onChange?.(value), []);
          pageOf(client).hooks.callAll("clientSettingChanged", `${scope}.${key}`, value, {});
          return value;
        }
        onEveryClient((c) => {
          const onChange = pageOf(c).registered.get(`${scope}.${key}`)?.onChange;
          if (onChange) callHandler(onChange, [value]);
        });
        return value;
      },
    },
    messages: new Collection(),
    scenes: new Collection(),
    actors: new Collection(),
    combats,
    /** The viewed scene's active encounter, else an active unlinked one (a test may set it per client). */
    get combat() {
      const client = currentClient();
      if (client.combatOverride !== undefined) return client.combatOverride;
      const viewed = client.canvas?.scene?.id;
      return (
        combats.find((c) => c.active && c.scene?.id === viewed) ??
        combats.find((c) => c.active && !c.scene) ??
        null
      );
    },
    set combat(c) {
      currentClient().combatOverride = c;
    },
    /** The module socket: a message reaches every OTHER connected client, with no sender. */
    socket: {
      emit(channel, data) {
        const sender = currentClient();
        if (sender.dead) return;
        emitted.push({ channel, data });
        onEveryClient((client) => {
          if (client === sender) return;
          for (const fn of pageOf(client).socketHandlers.get(channel) ?? [])
            callHandler(fn, [structuredClone(data)]);
        });
      },
      on(channel, fn) {
        const handlers = pageOf(currentClient()).socketHandlers;
        if (!handlers.has(channel)) handlers.set(channel, []);
        handlers.get(channel).push(fn);
      },
    },
    /** Each browser loads its own user's language. */
    get i18n() {
      return currentClient().i18n;
    },
    system: { id: system },
    release: { generation: version },
    version: version >= 14 ? "14.360" : "13.351",
    get modules() {
      return pageOf(currentClient()).modules;
    },
    get keybindings() {
      return pageOf(currentClient()).keybindings;
    },
    /** KeyboardManager: the modifier keys this client's user holds now (`held`, a Set of "Alt", "Shift", "Control"). */
    get keyboard() {
      return currentClient().keyboard;
    },
  };
  perClient("canvas", (c) => c?.canvas);
  perClient("ui", (c) => c?.ui);
  perClient(
    "CONFIG",
    (c) => pageOf(c)?.CONFIG,
    (v) => {
      pageOf(currentClient()).CONFIG = v;
    },
  );
  perClient(
    "Hooks",
    () => HooksGlobal,
    () => {},
  );
  globalThis.PIXI = { Container: FakeContainer, Graphics: FakeGraphics, Text: FakeText };
  globalThis.CONST = { GRID_TYPES };
  globalThis.ChatMessage = version >= 14 ? FakeChatMessageV14 : FakeChatMessageV13;
  globalThis.Roll = FakeRoll;
  globalThis.FormData = FakeFormData;
  const randomID = (length = 16) => {
    const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    return Array.from({ length }, () => chars[Math.floor(Math.random() * chars.length)]).join("");
  };
  const utils = {
    setProperty,
    getProperty,
    mergeObject,
    diffObject,
    expandObject,
    isDeletionKey,
    deepClone: (v) => structuredClone(v),
    duplicate: (v) => JSON.parse(JSON.stringify(v)),
    randomID, // https://foundryvtt.com/api/v13/functions/foundry.utils.randomID.html
  };
  globalThis.foundry = {
    utils,
    applications: { api: { ApplicationV2: FakeApplicationV2, DialogV2: FakeDialogV2 } },
  };
  if (version >= 14) {
    globalThis.foundry.data = { operators: { ForcedDeletion, ForcedReplacement } };
    globalThis._del = ForcedDeletion.create();
    globalThis._replace = (v) => ForcedReplacement.create(v);
  } else {
    delete globalThis._del;
    delete globalThis._replace;
  }
  onClient(world.defaultClient, () => registerSettings()); // the shared page's, as its init registers them
  transcript.length = 0;
  FakeChatMessage.created = [];
  FakeChatMessage.onUpdate = [];
  FakeChatMessage.modes = [];
  FakeChatMessage.unknownModes = [];
  FakeRoll.queue = [];
  return {
    emitted,
    notifications,
    hooks: FakeHooks,
    values,
    users: userMap,
    get socketHandlers() {
      return pageOf(currentClient()).socketHandlers;
    },
    client: clientOf,
    view,
  };
}

/** A user's client views a scene: his canvas is torn down and drawn anew, canvasTearDown then canvasReady there (§5.5). */
export function view(userId, scene) {
  const client = clientOf(userId);
  return client.run(() => {
    const hooks = pageOf(client).hooks;
    if (client.canvas.scene) hooks.callAll("canvasTearDown", client.canvas);
    client.canvas.scene = scene;
    client.canvas.tokens.controlled = [];
    hooks.callAll("canvasInit", client.canvas);
    hooks.callAll("canvasReady", client.canvas);
  });
}

/** userConnected(user, connected) on every client but his own (§2.2). */
function announceConnection(user, connected) {
  onEveryClient((client) => {
    if (client.user.id !== user.id) pageOf(client).hooks.callAll("userConnected", user, connected);
  });
}

/**
 * A user's browser reloads: the old page is gone with whatever it had open (a dialog never
 * answers, so a query to it never comes back; work it had under way never reaches the server);
 * the others hear him leave and come back (userConnected); the new page has its own ui,
 * canvas and dialogs, loads the module afresh if the old one had (init, setup, ready run
 * there: module.mjs), renders every message he may see into a new chat log, and views the
 * scene he viewed.
 */
export async function reload(userId, { load } = {}) {
  const old = clientOf(userId);
  const fresh = makeClient(old.user, world.notifications, old.lang);
  fresh.dialogs.unanswered = old.dialogs.unanswered;
  old.dead = true;
  for (const dialog of old.dialogs.open)
    for (const timer of dialog.timers ?? []) clearTimeout(timer); // a closed page's timers never fire
  for (const entry of [...world.pending]) if (entry.client === old) world.pending.delete(entry);
  const closed = world.closePage;
  world.pageClosed = new Promise((resolve) => {
    world.closePage = resolve;
  });
  closed?.();
  note(`${userId} reloads`);
  old.user.active = false;
  announceConnection(old.user, false);
  world.clients.set(userId, fresh);
  if (world.defaultClient === old) world.defaultClient = fresh;
  if (old.page) await (load ?? (await import("./module.mjs")).loadModule)(userId);
  old.user.active = true;
  announceConnection(old.user, true);
  fresh.run(() => {
    for (const message of globalThis.game.messages.values())
      if (visibleTo(message, userId)) renderInto(fresh, message);
  });
  return view(userId, old.canvas.scene);
}
