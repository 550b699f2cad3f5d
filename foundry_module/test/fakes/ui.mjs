/**
 * The UI each client has of its own: ui.notifications, the scene controls, DialogV2's answers,
 * its chat log (messages rendered into a real DOM, linkedom), and game.keybindings.
 */
import { parseHTML } from "linkedom";

import { currentClient, settle, track } from "./clients.mjs";
import { FakeHooks } from "./hooks.mjs";
import { note } from "./utils.mjs";

const { document: dom, window } = parseHTML("<!doctype html><html><body></body></html>");

const listening = new WeakMap();   // element -> the event types it listens to, one entry a listener

/** How many listeners an element has for an event type. */
export const listenerCount = (element, type) => (listening.get(element) ?? []).filter((t) => t === type).length;

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
export const buttonsIn = (element) => [...element.querySelectorAll("button[data-ballcourt-action]")];

/** A user's click on a card's button as the browser does it; resolves when the table is quiet. */
export async function press(element, action) {
  const button = buttonsIn(element).find((b) => b.dataset.ballcourtAction === action);
  if (!button) throw new Error(`no ${action} button in ${element.innerHTML}`);
  if (!button.disabled) button.dispatchEvent(new window.Event("click", { bubbles: true }));
  await settle();
}

/** Render a message into a client's chat log (called on that client, for each render). */
export function renderInto(client, message) {
  const element = fakeHtml(message.content ?? "");
  element.dataset.messageId = message.id;
  client.chat.set(message.id, element);
  client.run(() => FakeHooks.callAll("renderChatMessageHTML", message, element, {}));
  const card = message.flags?.ballcourt?.card;
  if (!card) return;
  const buttons = buttonsIn(element).map((b) => `${b.dataset.ballcourtAction}${b.disabled ? "-" : ""}`);
  note(`  ${client.user.id} sees ${card.kind}${buttons.length ? ` [${buttons.join(" ")}]` : ""}`);
}

export function fakeNotifications(log, userId) {
  const own = [];
  const push = (level, message) => {
    own.push([level, message]);
    log.push([level, message]);
    note(`  ${userId} ${level}: ${message}`);
  };
  return Object.assign(own, { info: (m) => push("info", m), warn: (m) => push("warn", m), error: (m) => push("error", m) });
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

  /** What this client sees: the visible tools' names, in order. */
  visibleTools() {
    return Object.values(this.controls.tokens?.tools ?? {}).filter((t) => t.visible).map((t) => t.name);
  }

  tool(name) { return this.controls.tokens?.tools?.[name]; }
}

/**
 * DialogV2 on the current client: `answers` holds what its user does with each dialog, in
 * order: form values (the OK button with those fields), a button's action (for `wait`), or
 * null (closed with the X). With nothing queued the dialog is closed: it resolves null, as
 * Foundry's does. A function answers from the dialog's options and may return a promise.
 */
export class FakeDialogV2 {
  static get answers() { return currentClient().dialogs.answers; }
  static set answers(list) { currentClient().dialogs.answers = list; }
  static get shown() { return currentClient().dialogs.shown; }
  static set shown(list) { currentClient().dialogs.shown = list; }

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

  static async confirm(options) {
    FakeDialogV2.shown.push(options);
    const answer = await FakeDialogV2.next(options);
    return answer === true || answer === "yes";
  }
}

/** The browser's FormData over a fake dialog form: its values, as strings. */
export class FakeFormData {
  constructor(form) { this.entriesList = Object.entries(form?.values ?? {}).map(([k, v]) => [k, String(v)]); }
  [Symbol.iterator]() { return this.entriesList[Symbol.iterator](); }
  entries() { return this.entriesList[Symbol.iterator](); }
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

/** ApplicationV2: render() prepares its context and HTML; close() closes it. */
export class FakeApplicationV2 {
  constructor(options = {}) {
    this.options = options;
    this.rendered = false;
    this.renders = 0;
    this.element = { innerHTML: "" };
  }

  async render() {
    const context = await this._prepareContext?.({});
    const html = await this._renderHTML?.(context, {});
    this._replaceHTML?.(html, this.element, {});
    this.rendered = true;
    this.renders += 1;
    return this;
  }

  async close() {
    this.rendered = false;
    return this;
  }
}
