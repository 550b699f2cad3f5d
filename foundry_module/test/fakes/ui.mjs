/**
 * The UI each client has of its own: ui.notifications, the scene controls, its dialogs (DialogV2
 * rendered into that client's own DOM), its chat surfaces (the log, a popped-out log, the
 * notification toasts: messages rendered into a real DOM, linkedom), and game.keybindings.
 */
import { parseHTML } from "linkedom";

import { currentClient, onClient, pageOf, serverTrip, settle, track, world } from "./clients.mjs";
import { note } from "./utils.mjs";

const { document: dom, window } = parseHTML("<!doctype html><html><body></body></html>");

const listening = new WeakMap(); // element -> the event types it listens to, one entry a listener

/** How many listeners an element has for an event type. */
export const listenerCount = (element, type) =>
  (listening.get(element) ?? []).filter((t) => t === type).length;

/** Event listeners' promises are tracked, so settle() waits for a click's work. */
const EventTarget = (() => {
  let p = dom.createElement("button");
  while (p && !Object.hasOwn(p, "addEventListener")) p = Object.getPrototypeOf(p);
  return p;
})();
if (!EventTarget.ballcourtTracked) {
  const add = EventTarget.addEventListener;
  const remove = EventTarget.removeEventListener;
  const wrappers = new WeakMap();
  EventTarget.addEventListener = function addTracked(type, fn, options) {
    if (!wrappers.has(fn)) wrappers.set(fn, (event) => track(fn(event)));
    listening.set(this, [...(listening.get(this) ?? []), type]);
    return add.call(this, type, wrappers.get(fn), options);
  };
  EventTarget.removeEventListener = function removeTracked(type, fn, options) {
    const types = listening.get(this) ?? [];
    if (types.includes(type)) types.splice(types.indexOf(type), 1);
    return remove.call(this, type, wrappers.get(fn) ?? fn, options);
  };
  EventTarget.ballcourtTracked = true;
}

/** An element holding this HTML, as renderChatMessageHTML gets a message's. */
export function fakeHtml(content) {
  const element = dom.createElement("li");
  element.className = "chat-message message";
  element.innerHTML = content;
  return element;
}

/** The buttons in an element, by the module's data attribute. */
export const buttonsIn = (element) => [
  ...element.querySelectorAll("button[data-ballcourt-action]"),
];

/** A user's click on a card's button as the browser does it; resolves when the table is quiet. */
export async function press(element, action) {
  const button = buttonsIn(element).find((b) => b.dataset.ballcourtAction === action);
  if (!button) throw new Error(`no ${action} button in ${element.innerHTML}`);
  if (!button.disabled) button.dispatchEvent(new window.Event("click", { bubbles: true }));
  await settle();
}

/**
 * Render a message on one surface of a client (FOUNDRY-SEMANTICS §3.1): each render is a fresh
 * element and fires renderChatMessageHTML(message, html, context) there. The log's element is
 * the one `client.chat` holds (and the transcript notes); a pop-out and the toasts keep theirs.
 */
export function renderInto(client, message, surface = "log", { again = false } = {}) {
  const element = fakeHtml(message.content ?? "");
  element.dataset.messageId = message.id;
  if (surface === "log") client.chat.set(message.id, element);
  else if (surface === "popout") client.popout.set(message.id, element);
  else client.toasts.push(element);
  onClient(client, () =>
    pageOf(client).hooks.callAll("renderChatMessageHTML", message, element, {}),
  );
  const card = message.flags?.ballcourt?.card;
  if (!card || surface !== "log" || again) return element; // the transcript notes what a reader sees, not how often it rendered
  const buttons = buttonsIn(element).map(
    (b) => `${b.dataset.ballcourtAction}${b.disabled ? "-" : ""}`,
  );
  note(`  ${client.user.id} sees ${card.kind}${buttons.length ? ` [${buttons.join(" ")}]` : ""}`);
  return element;
}

/**
 * Every client that may see the message renders it once the write has resolved (§3.1, §3.5:
 * whether a user who cannot see it still gets a render is undocumented; here he does not):
 * into the log, into the pop-out if that client has one open, and a new message also as a
 * toast (an update does not re-render the toast, FVTT#12022). An update may render the log
 * twice (FVTT#13067): `world.doubleRenders` says when (by default at random, from the seed);
 * whose chat is popped out is drawn likewise at install. Renders are never merged: two quick
 * updates render twice.
 */
export function renderEverywhere(message, { created = false, write = null } = {}) {
  track(
    serverTrip().then(() => {
      for (const client of [...world.clients.values()]) {
        write?.reached(client); // the update reaches this client's copy, which it then renders
        if (!client.user.active || !visible(message, client.user.id)) continue;
        renderInto(client, message, "log");
        if (client.popoutOpen) renderInto(client, message, "popout");
        if (created && client.toastsOn) renderInto(client, message, "toast");
        if (!created && rendersTwice()) renderInto(client, message, "log", { again: true });
      }
    }),
  );
}

/** `world.doubleRenders`: true, false, or "random" (each update, each client, from the seed's render stream). */
const rendersTwice = () =>
  world.doubleRenders === "random" ? world.renderRandom() < 0.5 : Boolean(world.doubleRenders);

let visible = () => true;
/** documents.mjs hands over who may see a message (kept there, beside the message). */
export function useVisibility(fn) {
  visible = fn;
}

export function fakeNotifications(log, userId) {
  const own = [];
  const push = (level, message) => {
    own.push([level, message]);
    log.push([level, message]);
    note(`  ${userId} ${level}: ${message}`);
  };
  return Object.assign(own, {
    info: (m) => push("info", m),
    warn: (m) => push("warn", m),
    error: (m) => push("error", m),
  });
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
      pageOf(currentClient()).hooks.callAll("getSceneControlButtons", this.controls);
    }
    for (const [name, active] of Object.entries(options.toggles ?? {})) {
      const tool = this.controls.tokens?.tools?.[name];
      if (tool) tool.active = active;
    }
    return this;
  }

  /** What this client sees: the visible tools' names, in order. */
  visibleTools() {
    return Object.values(this.controls.tokens?.tools ?? {})
      .filter((t) => t.visible)
      .map((t) => t.name);
  }

  tool(name) {
    return this.controls.tokens?.tools?.[name];
  }
}

/**
 * DialogV2 on the current client (FOUNDRY-SEMANTICS §4). A dialog renders for real: its
 * element goes into that client's DOM (`client.dom`), `renderDialogV2` and
 * `renderApplicationV2` fire there with the element, and the `render(event, dialog)` callback
 * runs (§4.2, §4.4). It stays open across turns of the event loop until its user presses a
 * button, closes it with the X, or the module closes it (a self-close timer); several may be
 * open at once, in the order opened (§4.5: no limit documented). Closing, however it happens,
 * runs the `close` callback and fires `closeDialogV2` and `closeApplicationV2` (§4.4); a
 * dismissed dialog resolves null, or rejects with `rejectClose: true` (§4.1, §4.3). A reload
 * takes its dialogs with the page: they never answer.
 *
 * What the user does: a test presses or closes an open dialog (`client.dialogs.open`,
 * `dialog.press(action, values)`, `dialog.close()`), or queues answers in
 * `client.dialogs.answers` (FakeDialogV2.answers), taken in order, each on a later turn of
 * the event loop: form values (the OK button with those fields), a button's action (for
 * `wait`), `{action, values}`, true/false (confirm's Yes/No), null (the X), or a function of
 * the dialog's options returning one of those (maybe a promise). With nothing queued it stays
 * open until answered, closed or timed out: no default dismissal (§4), unless a test sets
 * `dialogs.unanswered = "close"` (the user closes every such dialog with the X). A second
 * render of an open dialog runs its hooks and callback again (§4.2); while a `modal: true`
 * dialog is open, no dialog opened before it can be pressed (§4.3).
 */
/** Run fn and return the timers it set (a dialog's render callback: its self-close timer). */
function timersSetBy(fn) {
  const timers = [];
  const setTimer = globalThis.setTimeout;
  globalThis.setTimeout = (...args) => {
    const timer = setTimer(...args);
    timers.push(timer);
    return timer;
  };
  try {
    fn();
  } finally {
    globalThis.setTimeout = setTimer;
  }
  return timers;
}

export class FakeDialogV2 {
  static get answers() {
    return currentClient().dialogs.answers;
  }
  static set answers(list) {
    currentClient().dialogs.answers = list;
  }
  static get shown() {
    return currentClient().dialogs.shown;
  }
  static set shown(list) {
    currentClient().dialogs.shown = list;
  }

  static prompt(options) {
    return FakeDialogV2.open("prompt", options);
  }
  static wait(options) {
    return FakeDialogV2.open("wait", options);
  }
  static confirm(options) {
    return FakeDialogV2.open("confirm", options);
  }

  constructor(options = {}) {
    this.options = options;
    this.kind = options.kind ?? "wait";
    this.client = currentClient();
    this.rendered = false;
  }

  /** The buttons as this kind of dialog has them. */
  get buttons() {
    const o = this.options;
    if (this.kind === "prompt") return [{ action: "ok", label: "OK", ...(o.ok ?? {}) }];
    if (this.kind === "confirm")
      return [
        { action: "yes", label: "Yes", ...(o.yes ?? {}) },
        { action: "no", label: "No", ...(o.no ?? {}) },
      ];
    return o.buttons ?? [];
  }

  static open(kind, options) {
    const dialog = new FakeDialogV2({ ...options, kind });
    const { dialogs } = dialog.client;
    dialogs.shown.push(options);
    const result = new Promise((resolve, reject) => {
      dialog.settlers = { resolve, reject };
    });
    dialog.render({ force: true });
    const answer = dialogs.answers.length ? dialogs.answers.shift() : undefined;
    if (answer !== undefined || dialogs.unanswered !== "open") {
      // not tracked: a user who never answers must not keep settle() waiting
      new Promise((r) => setImmediate(r))
        .then(async () => {
          const given = typeof answer === "function" ? await answer(options) : answer;
          if (dialog.rendered) await dialog.answer(given === undefined ? null : given);
        })
        .catch((err) => world.errors.push(err));
    }
    return result;
  }

  /**
   * Render into this client's DOM: the element, the hooks, the render callback (§4.2, §4.4),
   * on every render: a second render of an open dialog replaces its element and runs them again.
   */
  render() {
    const { dom, dialogs } = this.client;
    if (this.rendered) this.element.remove();
    else dialogs.open.push(this);
    const title = this.options.window?.title ?? "";
    const buttons = this.buttons
      .map((b) => `<button type="submit" data-action="${b.action}">${b.label ?? b.action}</button>`)
      .join("");
    const element = dom.document.createElement("dialog");
    element.className = "application dialog";
    element.innerHTML =
      `<header class="window-header"><h1 class="window-title">${title}</h1>` +
      `<button type="button" data-action="close"></button></header>` +
      `<form class="window-content"><div class="dialog-content">${this.options.content ?? ""}</div>` +
      `<footer class="form-footer">${buttons}</footer></form>`;
    dom.document.body.appendChild(element);
    this.element = element;
    this.rendered = true;
    onClient(this.client, () => {
      const hooks = pageOf(this.client).hooks;
      hooks.callAll("renderDialogV2", this, element, {}, {});
      hooks.callAll("renderApplicationV2", this, element, {}, {});
      this.timers = [
        ...(this.timers ?? []),
        ...timersSetBy(() => this.options.render?.(new dom.window.Event("render"), this)),
      ];
    });
    return this;
  }

  /** A queued answer, as its user gives it. */
  answer(given) {
    if (given === null) return this.close();
    if (this.kind === "confirm")
      return this.press(given === true || given === "yes" ? "yes" : "no");
    if (typeof given === "string") return this.press(given);
    if (this.kind === "wait" && given?.action) return this.press(given.action, given.values ?? {});
    return this.press(
      this.kind === "prompt" ? "ok" : this.buttons.find((b) => b.default)?.action,
      given,
    );
  }

  /** The user presses a button (with these form values): its callback's answer, or its action (§4.3). */
  press(action, values = {}) {
    if (!this.rendered) throw new Error("the dialog is closed");
    const { open } = this.client.dialogs;
    if (open.slice(open.indexOf(this) + 1).some((d) => d.options.modal))
      throw new Error("a modal dialog blocks the rest of the UI (§4.3)");
    const spec = this.buttons.find((b) => b.action === action);
    if (!spec)
      throw new Error(`no ${action} button in the dialog (${this.buttons.map((b) => b.action)})`);
    const form = this.element.querySelector("form");
    form.values = values;
    const button = this.element.querySelector(`button[data-action="${action}"]`);
    Object.defineProperty(button, "form", { value: form, configurable: true });
    const event = new this.client.dom.window.Event("submit");
    return onClient(this.client, async () => {
      let result;
      if (spec.callback) result = await spec.callback(event, button, this);
      else if (this.kind === "confirm") result = action === "yes";
      else result = action;
      this.finish();
      this.settlers.resolve(result);
      return result;
    });
  }

  /** The X, Escape, or the module's own close(): null, or a rejection with rejectClose (§4.1). */
  async close() {
    if (!this.rendered) return this;
    this.finish();
    if (this.options.rejectClose)
      this.settlers.reject(new Error("Dialog was dismissed without pressing a button."));
    else this.settlers.resolve(null);
    return this;
  }

  finish() {
    this.rendered = false;
    // a self-close timer outliving its dialog can only find it closed: it no longer holds the test process open
    for (const timer of this.timers ?? []) timer.unref?.();
    this.element.remove();
    const { dialogs } = this.client;
    dialogs.open.splice(dialogs.open.indexOf(this), 1);
    onClient(this.client, () => {
      this.options.close?.(new this.client.dom.window.Event("close"), this);
      const hooks = pageOf(this.client).hooks;
      hooks.callAll("closeDialogV2", this, this.element);
      hooks.callAll("closeApplicationV2", this, this.element);
    });
  }
}

/** The browser's FormData over a dialog's form: the values its user gave, as strings. */
export class FakeFormData {
  constructor(form) {
    this.entriesList = Object.entries(form?.values ?? {}).map(([k, v]) => [k, String(v)]);
  }
  [Symbol.iterator]() {
    return this.entriesList[Symbol.iterator]();
  }
  entries() {
    return this.entriesList[Symbol.iterator]();
  }
}

/**
 * game.keybindings (ClientKeybindings): register(namespace, action, config) during init;
 * `press` runs an action's onDown as Foundry does for its key: a restricted action only for a
 * GM; the handler's true consumes the key.
 */
export class FakeKeybindings {
  constructor() {
    this.actions = new Map();
  }

  register(namespace, action, data) {
    if (!data?.name) throw new Error(`keybinding ${namespace}.${action} needs a name`);
    this.actions.set(`${namespace}.${action}`, { namespace, action, ...data });
  }

  get(namespace, action) {
    return this.actions.get(`${namespace}.${action}`)?.editable ?? [];
  }

  /** The key bound to an action, pressed: whether it was consumed. */
  press(namespace, action) {
    const config = this.actions.get(`${namespace}.${action}`);
    if (!config?.onDown || (config.restricted && !globalThis.game.user.isGM)) return false;
    return config.onDown({ key: config.editable?.[0]?.key, repeat: false }) === true;
  }
}

/** A bare DOM for glue that adds an element of its own: createElement, getElementById, click. */
export class FakeElement {
  constructor(tag) {
    Object.assign(this, {
      tagName: tag.toUpperCase(),
      id: "",
      className: "",
      innerHTML: "",
      dataset: {},
      attributes: {},
      listeners: new Map(),
      parent: null,
    });
  }

  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  addEventListener(type, fn) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener(type, fn) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((f) => f !== fn),
    );
  }
  remove() {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  appendChild(child) {
    child.parent = this;
    (this.children ??= []).push(child);
    return child;
  }

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

/**
 * ApplicationV2 on the client that made it (FOUNDRY-SEMANTICS §4.4): render() prepares its
 * context and HTML and puts it into the app's element in that client's DOM; every render fires
 * `render<Class>` for each class in its chain and `renderApplicationV2`; close() (the app's
 * own or its user's X) removes it and fires `close<Class>` and `closeApplicationV2`. Each
 * client lists its apps (`client.apps`); `shown` keeps every HTML rendered, `renders` counts
 * them, `closed` says whether it was closed. `press(action, dataset)` is a click on an element
 * with `data-action`: the class's `DEFAULT_OPTIONS.actions` handler runs with the app as `this`.
 */
export class FakeApplicationV2 {
  constructor(options = {}) {
    this.options = options;
    this.client = currentClient();
    this.rendered = false;
    this.closed = false;
    this.renders = 0;
    this.shown = [];
    this.element = this.client.dom.document.createElement("div");
    this.element.className = "application";
    this.content = this.element;
    this.client.apps.push(this);
  }

  /** The class names from this one up to ApplicationV2, as Foundry names its render hooks. */
  hookNames(prefix) {
    const names = [];
    for (let c = this.constructor; c && c !== Object; c = Object.getPrototypeOf(c)) {
      names.push(`${prefix}${c === FakeApplicationV2 ? "ApplicationV2" : c.name}`);
      if (c === FakeApplicationV2) break;
    }
    return names;
  }

  async render(options = {}) {
    const context = await this._prepareContext?.(options);
    const html = await this._renderHTML?.(context, options);
    this._replaceHTML?.(html, this.content, options);
    if (!this.rendered) this.client.dom.document.body.appendChild(this.element);
    this.rendered = true;
    this.closed = false;
    this.renders += 1;
    this.shown.push(typeof html === "string" ? html : this.content.innerHTML);
    onClient(this.client, () => {
      for (const name of this.hookNames("render"))
        pageOf(this.client).hooks.callAll(name, this, this.element, context, options);
    });
    return this;
  }

  async close(options = {}) {
    if (!this.rendered) return this;
    this.rendered = false;
    this.closed = true;
    this.element.remove();
    onClient(this.client, () => {
      for (const name of this.hookNames("close"))
        pageOf(this.client).hooks.callAll(name, this, this.element, options);
    });
    return this;
  }

  /** A click on a `data-action` element of this app (its dataset given). */
  async press(action, dataset = {}) {
    let handler;
    for (let c = this.constructor; c && !handler; c = Object.getPrototypeOf(c))
      handler = c.DEFAULT_OPTIONS?.actions?.[action];
    if (!handler) throw new Error(`no ${action} action`);
    const target = { dataset: { action, ...dataset } };
    return onClient(this.client, () =>
      handler.call(this, new this.client.dom.window.Event("click"), target),
    );
  }
}
