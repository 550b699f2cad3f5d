/**
 * The random table's commands: what a real user does through the module's own paths, in his
 * own browser. A kick is the kick tool (its scene-control toggle, or the K key for a GM) and a
 * click (two for a double click) on the canvas; a press is a click on the card's button as
 * that user's chat log rendered it (no button there: the user cannot press it, nothing
 * happens); the GM's Next and Previous are the tracker's; the companion may be slowed (its
 * answers held) and its held answers let go one at a time in any order. Each command's
 * `toString` is the code that makes it again (printer.mjs writes a failing run as a test).
 */
import { clientOf, loadModule, reload, settle, world } from "../fakes/foundry.mjs";
import { apiOf, moduleOf } from "../tables/table.mjs";
import { USERS } from "./table.mjs";
import { checkNow, checkSettled } from "./invariants.mjs";
import { track } from "../fakes/clients.mjs";

/** A few turns of the event loop: work a command started moves on, but need not finish. */
export async function flush(turns = 6) {
  for (let i = 0; i < turns; i += 1) await new Promise((r) => setImmediate(r));
}

export const code = (name, ...args) => `${name}(${args.map((a) => JSON.stringify(a)).join(", ")})`;

/**
 * The time between a double click's two clicks: a few turns of the event loop, the first
 * click's work moving on meanwhile. A player's click stamps his request with Date.now(), so
 * his second also waits 2 ms, as it comes a tenth of a second later in a browser (the same
 * stamp would make his second write change nothing, and Foundry would fire no hook for it).
 */
async function betweenClicks(userId) {
  if (!clientOf(userId).user.isGM)
    await new Promise((r) => {
      setTimeout(r, 2);
    });
  await flush(2);
}

/**
 * Two clicks as a double click comes at a real table: quicker than the companion works out a
 * kick, so its answers wait until both clicks are in (then go, unless it was slow already).
 */
export async function doubleClick(real, userId, clicks, clickOnce) {
  const slowAlready = real.companion.gate.holding;
  if (clicks > 1) real.companion.hold();
  for (let i = 0; i < clicks; i += 1) {
    if (i) await betweenClicks(userId);
    clickOnce();
  }
  if (clicks > 1 && !slowAlready) {
    await flush(2);
    real.companion.open();
    real.companion.drain();
  }
}

/** A browser's click on a button of its page (an Event of that page's own window). */
export const click = (button) =>
  button.dispatchEvent(new button.ownerDocument.defaultView.Event("click", { bubbles: true }));

/** Run on a user's browser (his page, his globals), the way the fakes' asUser does. */
export const on = (userId, fn) => clientOf(userId).run(fn);
const onClient = (client, fn) => client.run(fn);

/** The cards of a kind in the order they were posted ("kick", "tick", "intercept", "autopilot"). */
export function cardsOf(kind) {
  return globalThis.ChatMessage.created.filter((m) => {
    const card = m.flags?.ballcourt?.card;
    return card && (m.flags.ballcourt.context?.kind === kind || card.kind === `yaotzin.${kind}`);
  });
}

export class Command {
  check() {
    return true;
  }

  async run(model, real) {
    await this.act(model, real);
    await flush();
    checkNow(real);
  }
}

/** A user kicks with `kicker` at the square (18, 12): the tool's toggle (or K), then one click or a double click. */
class Kick extends Command {
  constructor(user, kicker, { keys = false, clicks = 1 } = {}) {
    super();
    Object.assign(this, { user, kicker, keys, clicks });
  }

  toString() {
    return code("kick", this.user, this.kicker, { keys: this.keys, clicks: this.clicks });
  }

  async act(_model, real) {
    await on(this.user, async () => {
      const canvas = globalThis.canvas;
      const token = real.scene.tokens.get(this.kicker);
      if (!token.canUserModify(globalThis.game.user)) return; // he cannot control another's token
      const tool = apiOf(this.user).kickTool();
      if (!tool) return;
      if (tool.active && tool.kicker?.id !== this.kicker) tool.toggle(false);
      canvas.tokens.controlled = [{ document: token }];
      if (!tool.active) {
        if (this.keys) globalThis.game.keybindings.press("ballcourt", "kickTool");
        else tool.toggle(true);
      }
      if (this.keys && !tool.active && tool.toggle(true)) {
        // the key did nothing where the tool's button works
        real.observer.breach(
          10,
          `K did not turn the kick tool on in ${this.user}'s browser, where its button does`,
        );
      }
      if (!tool.active) return;
      real.observer.kickClicked(this.kicker); // one kick asked, however many clicks
      await doubleClick(real, this.user, this.clicks, () =>
        track(canvas.stage.handlers.get("pointerdown")?.({ button: 0, x: 1850, y: 1250 })),
      );
    });
  }
}

/**
 * A user clicks a card's button in his own chat log: the nth card of a kind (modulo their
 * number), the button whose action starts with `action` ("apply", "undo", "intercept",
 * "stop", "trip_back", "accept", "decline"); twice for a double click.
 */
class Press extends Command {
  constructor(user, kind, nth, action, { clicks = 1 } = {}) {
    super();
    Object.assign(this, { user, kind, nth, action, clicks });
  }

  toString() {
    return code("press", this.user, this.kind, this.nth, this.action, { clicks: this.clicks });
  }

  async act(_model, real) {
    const cards = cardsOf(this.kind);
    if (!cards.length) return;
    const message = cards[this.nth % cards.length];
    const element = clientOf(this.user).chat.get(message.id);
    const button =
      element &&
      [...element.querySelectorAll("button[data-ballcourt-action]")].find(
        (b) => b.dataset.ballcourtAction.split(":")[0] === this.action,
      );
    if (!button || button.disabled) return;
    await on(this.user, () => doubleClick(real, this.user, this.clicks, () => click(button)));
  }
}

/** A GM ends the turn (Next), steps back (Previous) or ends the round (Next Round) in the tracker. */
class Turn extends Command {
  constructor(user, direction) {
    super();
    Object.assign(this, { user, direction });
  }

  toString() {
    return code("turn", this.user, this.direction);
  }

  async act(_model, real) {
    const step = { next: "nextTurn", previous: "previousTurn", round: "nextRound" }[this.direction];
    await on(this.user, () => track(real.encounter[step]()));
  }
}

/** The companion slows down (its answers held from now on) or comes back to speed. */
class Slow extends Command {
  constructor(on) {
    super();
    this.on = on;
  }

  toString() {
    return code("slow", this.on);
  }

  async act(_model, real) {
    if (this.on) real.companion.hold();
    else real.companion.open();
  }
}

/** One held answer arrives, the nth of those waiting (answers arrive in any order). */
class Answer extends Command {
  constructor(nth) {
    super();
    this.nth = nth;
  }

  toString() {
    return code("answer", this.nth);
  }

  async act(_model, real) {
    real.companion.release(this.nth);
  }
}

/**
 * A GM presses Next in his own tracker and, `turns` turns of the event loop later, a held
 * answer of the companion arrives: at a real table the co-GM's Next and the companion's answer
 * to the companion's GM cross on the network, and that GM's page hears of the Next only when
 * Foundry broadcasts it.
 */
class NextThenAnswer extends Command {
  constructor(user, nth, turns) {
    super();
    Object.assign(this, { user, nth, turns });
  }

  toString() {
    return code("nextThenAnswer", this.user, this.nth, this.turns);
  }

  async act(_model, real) {
    on(this.user, () => track(real.encounter.nextTurn()));
    await flush(this.turns);
    real.companion.release(this.nth);
  }
}

/**
 * A held answer of the companion arrives and, `turns` turns of the event loop later, a GM
 * presses Next in his own tracker: the other way round of `nextThenAnswer`, a co-GM's Next
 * landing while the companion's GM's page acts on that answer (an NPC's turn played: his
 * standing up, his walk, his dribble's Apply).
 */
class AnswerThenNext extends Command {
  constructor(user, nth, turns) {
    super();
    Object.assign(this, { user, nth, turns });
  }

  toString() {
    return code("answerThenNext", this.user, this.nth, this.turns);
  }

  async act(_model, real) {
    real.companion.release(this.nth);
    await flush(this.turns);
    on(this.user, () => track(real.encounter.nextTurn()));
  }
}

/**
 * A user's browser reloads (F5): his page and what it had open are gone; a new one loads. His
 * user is connected while the new page runs its hooks (in Foundry a page runs "ready"
 * connected), where the doubles' reload marks him so only after it has loaded: a need
 * reported for the doubles (a named companion's GM's page would not take the link back).
 */
class Reload extends Command {
  constructor(user) {
    super();
    this.user = user;
  }

  toString() {
    return code("reloadPage", this.user);
  }

  async act(_model, real) {
    if (real.observer.companionGM()?.id === this.user) real.observer.kicksLetGo(); // his kicks in progress go with his page
    // the old page's socket and timers go with it (a link retrying a companion gone would
    // otherwise connect again from a page that is closed): the doubles close only its dialogs' timers
    (await moduleOf(this.user, "link")).getLink()?.close();
    await reload(this.user, {
      load: (userId) => {
        clientOf(userId).user.active = true;
        return loadModule(userId);
      },
    });
  }
}

/**
 * A GM drags an NPC onto the still ball by hand (setting up a play): a move onto it, no
 * dribble. His own move, on whoever's turn: the observer does not judge it as the autopilot's.
 */
class PlaceOnBall extends Command {
  constructor(user, npc) {
    super();
    Object.assign(this, { user, npc });
  }

  toString() {
    return code("placeOnBall", this.user, this.npc);
  }

  async act(_model, real) {
    const { ball, observer } = real;
    const token = real.tokens[this.npc];
    if ((ball.flags.ballcourt.ball?.speed ?? 0) > 0 || (token.x === ball.x && token.y === ball.y))
      return;
    observer.byHand.add(token.id);
    try {
      await on(this.user, () => token.update({ x: ball.x, y: ball.y }));
    } finally {
      observer.byHand.delete(token.id);
    }
  }
}

/** A GM lays an NPC prone from his token's HUD (the status on his sheet): his next turn starts with standing up. */
class KnockProne extends Command {
  constructor(user, npc) {
    super();
    Object.assign(this, { user, npc });
  }

  toString() {
    return code("knockProne", this.user, this.npc);
  }

  async act(_model, real) {
    const actor = real.tokens[this.npc].actor;
    await on(this.user, () => actor.toggleStatusEffect("prone", { active: true }));
  }
}

/** The GM switches the NPC team's autopilot (the menu's Autopilot form writes this setting). */
class Autopilot extends Command {
  constructor(mode) {
    super();
    this.mode = mode;
  }

  toString() {
    return code("autopilot", this.mode);
  }

  async act() {
    await on("gm", () =>
      globalThis.game.settings.set("ballcourt", "yaotzinAutopilot", {
        moon: { mode: this.mode, tactics: "press-ball" },
      }),
    );
  }
}

/** A GM names the companion's GM (Configure Settings: "Tezca" or "Maria"; the link moves to that GM's browser). */
class CompanionGM extends Command {
  constructor(user, name) {
    super();
    Object.assign(this, { user, name });
  }

  toString() {
    return code("companionGMIs", this.user, this.name);
  }

  async act(_model, real) {
    const before = globalThis.game.settings.get("ballcourt", "companionGM");
    await on(this.user, () => globalThis.game.settings.set("ballcourt", "companionGM", this.name));
    if (before !== this.name) real.observer.kicksLetGo();
  }
}

/** The GM changes who rolls the players' checks (Configure Settings: "gm" or "players", who then roll on their own screens). */
class RollPolicy extends Command {
  constructor(policy) {
    super();
    this.policy = policy;
  }

  toString() {
    return code("rollPolicy", this.policy);
  }

  async act() {
    await on("gm", () => globalThis.game.settings.set("ballcourt", "rollPolicy", this.policy));
  }
}

/** A user answers the oldest dialog open on his screen (a roll, a choice): its default button, else its first. */
class AnswerDialog extends Command {
  constructor(user) {
    super();
    this.user = user;
  }

  toString() {
    return code("answerDialog", this.user);
  }

  async act() {
    const [dialog] = clientOf(this.user).dialogs.open;
    const button = dialog && answerOf(dialog);
    if (button) track(dialog.press(button.action));
  }
}

/** A user closes every dialog open on his screen with its X. */
class CloseDialogs extends Command {
  constructor(user) {
    super();
    this.user = user;
  }

  toString() {
    return code("closeDialogs", this.user);
  }

  async act() {
    for (const dialog of [...clientOf(this.user).dialogs.open]) await dialog.close();
  }
}

/**
 * Everyone waits: the companion answers all it holds (and what comes meanwhile), the table
 * goes quiet (within `quietMs`, else a request is stranded), and the settled invariants hold.
 */
class Settle extends Command {
  toString() {
    return code("settled");
  }

  async run(_model, real) {
    await settleTable(real);
    checkNow(real);
    checkSettled(real);
  }
}

/**
 * Apply then Undo, as the GM presses them, each after the table settled: Undo must put back
 * exactly what Apply changed (tokens, hit points, nonlethal, statuses).
 */
class ApplyUndo extends Command {
  constructor(kind, nth) {
    super();
    Object.assign(this, { kind, nth });
  }

  toString() {
    return code("applyThenUndo", this.kind, this.nth);
  }

  async run(_model, real) {
    await settleTable(real);
    const cards = cardsOf(this.kind).filter(
      (m) => !m.flags.ballcourt.applied || m.flags.ballcourt.undone,
    );
    if (!cards.length) return;
    const message = cards[this.nth % cards.length];
    const before = snapshot(real);
    await pressAndSettle(real, message, "apply");
    if (!(message.flags.ballcourt.applied && !message.flags.ballcourt.undone)) return;
    await pressAndSettle(real, message, "undo");
    if (!message.flags.ballcourt.undone) return;
    const after = snapshot(real);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      real.observer.breach(
        "undo",
        `Undo of a ${this.kind} card left ${JSON.stringify(after)}, not ${JSON.stringify(before)}`,
      );
    }
    checkNow(real);
  }
}

/** The GM presses the card's button `action` (or the first whose id starts `<action>:`) as his log shows it; then the table settles. */
export async function pressAndSettle(real, message, action) {
  const button = [
    ...(clientOf("gm").chat.get(message.id)?.querySelectorAll("button[data-ballcourt-action]") ??
      []),
  ].find(
    (b) =>
      b.dataset.ballcourtAction === action || b.dataset.ballcourtAction.startsWith(`${action}:`),
  );
  if (button && !button.disabled) await on("gm", () => click(button));
  await settleTable(real);
}

/** The court's bodies as Undo must restore them: squares, hit points, nonlethal, statuses, out of the game. */
function snapshot(real) {
  return [...real.scene.tokens.values()].map((t) => ({
    id: t.id,
    x: t.x,
    y: t.y,
    ball: t.flags?.ballcourt?.ball ?? null,
    out: Boolean(t.flags?.ballcourt?.out),
    dead: Boolean(t.flags?.ballcourt?.dead),
    hp: t.actor?.system?.attributes?.hp ?? null,
    statuses: [...(t.actor?.statuses ?? [])].sort(),
  }));
}

/** A dialog's answer as its user gives it when he gets round to it: its default button, else its first. */
function answerOf(dialog) {
  return dialog.buttons.find((b) => b.default) ?? dialog.buttons[0];
}

/**
 * Everyone gets round to what waits for him: the companion answers all it holds (and what
 * comes meanwhile), every user answers the dialogs open on his screen (a GM resolves the
 * autopilot's proposals under review) and presses Roll on the request cards that wait for
 * him (a GM, Roll for them in his requests view once the rest is answered), until the table is
 * quiet. One still busy after `quietMs` has a request stranded: a breach.
 */
const GM_ROLLS_AFTER_MS = 1500;

export async function settleTable(real, quietMs = 10000) {
  const { companion, observer } = real;
  if (companion.gate.away) await companionBack(real);
  companion.gate.draining = true;
  companion.drain();
  const started = Date.now();
  const deadline = started + quietMs;
  const pressed = new WeakSet();
  let quiet = false;
  while (!quiet && Date.now() < deadline) {
    for (const client of world.clients.values()) {
      for (const dialog of [...client.dialogs.open]) {
        const button = answerOf(dialog);
        if (button) track(dialog.press(button.action));
        else await dialog.close();
      }
      // a roll asked of him on a request card (his page reloaded since, his dialog gone): he presses its Roll
      for (const [messageId, element] of client.chat ?? []) {
        if (!globalThis.game.messages.get(messageId)?.flags?.ballcourt?.rollCard) continue;
        const roll = [...element.querySelectorAll("button[data-ballcourt-action^='roll:']")].find(
          (b) => !b.disabled && !pressed.has(b),
        );
        if (roll) {
          pressed.add(roll);
          await onClient(client, () => click(roll));
        }
      }
      // a GM's Roll requests view, a while after all else was answered: he rolls for an owner who did not (the
      // doubles give a page no document to draw the view in, so its Roll for them is called as its button calls it)
      if (client.user.isGM && client.user.active && Date.now() > started + GM_ROLLS_AFTER_MS) {
        const book = await moduleOf(client.user.id, "roll-book");
        const [waiting] = book.requests.pending();
        if (waiting) await onClient(client, () => book.rollFor(waiting.id).catch(() => {}));
      }
      // goat-ball: the autopilot's proposals under review wait for the GM's Resolve in the Declarations view
      for (const view of client.apps ?? []) {
        if (!view.closed && view.element?.innerHTML?.includes('data-action="resolve"'))
          track(view.press("resolve"));
      }
    }
    quiet = await Promise.race([
      settle().then(() => true),
      new Promise((r) => {
        setTimeout(() => r(false), 250);
      }),
    ]);
  }
  companion.gate.draining = false;
  if (!quiet)
    observer.breach(
      "quiet",
      `the table was not quiet after ${quietMs} ms, every dialog answered: something waits for ever`,
    );
}

/**
 * The GM starts the companion again and waits for his page to link (its next try, after the
 * back-off of its failed ones): every GM page that holds a link has it connected. One that does
 * not within `ms` is a breach.
 */
async function companionBack(real, ms = 20000) {
  real.companion.back();
  const deadline = Date.now() + ms;
  const linked = async () => {
    for (const id of USERS.filter((u) => clientOf(u).user.isGM && clientOf(u).user.active)) {
      const link = (await moduleOf(id, "link")).getLink();
      if (link && link.status !== "connected") return false;
    }
    return true;
  };
  while (!(await linked())) {
    if (Date.now() > deadline) {
      real.observer.breach("quiet", `the companion came back, but no GM's page linked in ${ms} ms`);
      return;
    }
    await new Promise((r) => {
      setTimeout(r, 100);
    });
  }
}

// The factories printed tests call (printer.mjs): one per command, by the names toString prints.
export const kick = (...args) => new Kick(...args);
export const press = (...args) => new Press(...args);
export const turn = (...args) => new Turn(...args);
export const slow = (...args) => new Slow(...args);
export const answer = (...args) => new Answer(...args);
export const nextThenAnswer = (...args) => new NextThenAnswer(...args);
export const answerThenNext = (...args) => new AnswerThenNext(...args);
export const reloadPage = (...args) => new Reload(...args);
export const autopilot = (...args) => new Autopilot(...args);
export const closeDialogs = (...args) => new CloseDialogs(...args);
export const rollPolicy = (...args) => new RollPolicy(...args);
export const answerDialog = (...args) => new AnswerDialog(...args);
export const companionGMIs = (...args) => new CompanionGM(...args);
export const settled = () => new Settle();
export const applyThenUndo = (...args) => new ApplyUndo(...args);
export const placeOnBall = (...args) => new PlaceOnBall(...args);
export const knockProne = (...args) => new KnockProne(...args);
