/**
 * The random table's goat-ball commands (the arena of arena.mjs), each what a user does
 * through the module's own paths in his own browser: a GM opens Ballcourt's menu and picks the
 * tip-off or a pass (twice for a double press); a user fills in and sends the declaration
 * dialog open on his screen (a player's own slip, or a GM's for an NPC off the autopilot); the
 * GM cancels, closes or resolves in the Declarations view; the GM switches a team's autopilot;
 * the dice fall as they will (the doubles' d20s show 10 unless told).
 * The cards' buttons (Apply, Undo, "carrier:<token>", "reroll"), turns, reloads, dialogs
 * closed or answered, the companion slow: commands.mjs's, shared with the court.
 */
import { FakeRoll, clientOf } from "../fakes/foundry.mjs";
import { track } from "../fakes/clients.mjs";
import {
  Command,
  cardsOf,
  click,
  code,
  doubleClick,
  flush,
  on,
  pressAndSettle,
  settleTable,
} from "./commands.mjs";
import { USERS } from "./table.mjs";

/** A GM opens Ballcourt's menu and picks `choice` ("tipoff", "pass"): once, or twice as a double press. */
class Menu extends Command {
  constructor(user, choice, { clicks = 1 } = {}) {
    super();
    Object.assign(this, { user, choice, clicks });
  }

  toString() {
    return code("menu", this.user, this.choice, { clicks: this.clicks });
  }

  async act(_model, real) {
    if (!clientOf(this.user).user.isGM) return; // the menu is a GM's
    await on(this.user, () =>
      doubleClick(real, this.user, this.clicks, () => {
        clientOf(this.user).dialogs.answers.push(this.choice); // the menu's button he clicks
        track(globalThis.game.modules.get("ballcourt").api.openMenu());
      }),
    );
  }
}

/**
 * A user sends the oldest declaration dialog open on his screen, filled in: an action, a
 * target (a token of the arena, or none), a skill, a hot throw or not, a zone. User "anyone":
 * whoever is being asked now (the first user with a declaration dialog open); a GM, declaring
 * for an NPC off the autopilot, sends `gmAction` instead (one the autopilot never proposes).
 */
class Declare extends Command {
  constructor(user, values) {
    super();
    Object.assign(this, { user, values });
  }

  toString() {
    return code("declare", this.user, this.values);
  }

  async act() {
    const declaring = (id) =>
      clientOf(id).dialogs.open.find((d) => /name="action"/.test(d.options.content ?? ""));
    const user = this.user === "anyone" ? USERS.find(declaring) : this.user;
    const dialog = user && declaring(user);
    if (!dialog) return;
    const { gmAction = "none", ...values } = this.values;
    if (this.user === "anyone" && clientOf(user).user.isGM) values.action = gmAction;
    track(dialog.press("ok", values));
  }
}

/**
 * A GM in the Declarations view: its Cancel, its Resolve (proposals under review), its X
 * ("close"), or the Change of the nth autopilot proposal shown (its form then open on his
 * screen, for a declare or a dialog answered or closed).
 */
class DeclarationsView extends Command {
  constructor(user, action, nth = 0) {
    super();
    Object.assign(this, { user, action, nth });
  }

  toString() {
    return code("declarationsView", this.user, this.action, this.nth);
  }

  async act() {
    const view = clientOf(this.user)
      .apps.filter((a) => !a.closed && a.constructor.DEFAULT_OPTIONS?.actions?.cancel)
      .at(-1);
    const html = view?.element?.innerHTML ?? "";
    if (!view) return;
    if (this.action === "close") await view.close();
    else if (this.action === "change") {
      const players = [...html.matchAll(/data-action="change" data-player="([^"]+)"/g)].map(
        (m) => m[1],
      );
      if (players.length)
        track(view.press("change", { player: players[this.nth % players.length] }));
    } else if (html.includes(`data-action="${this.action}"`)) track(view.press(this.action));
  }
}

/** The GM switches one team's autopilot (the menu's Autopilot form writes this world setting). */
class GoatAutopilot extends Command {
  constructor(team, mode) {
    super();
    Object.assign(this, { team, mode });
  }

  toString() {
    return code("goatAutopilot", this.team, this.mode);
  }

  async act() {
    await on("gm", () => {
      const now = globalThis.game.settings.get("ballcourt", "autopilot") ?? {};
      return globalThis.game.settings.set("ballcourt", "autopilot", {
        ...now,
        [this.team]: { mode: this.mode },
      });
    });
  }
}

/**
 * A GM clicks the robot button in a token's HUD (drawn on his page as Foundry draws the HUD):
 * the token's own autopilot mode steps on (the team's, off, suggest, act), an NPC's or a
 * player's character's alike (a player who is away).
 */
class TokenAutopilot extends Command {
  constructor(user, tokenId) {
    super();
    Object.assign(this, { user, tokenId });
  }

  toString() {
    return code("tokenAutopilot", this.user, this.tokenId);
  }

  async act(_model, real) {
    const token = real.scene.tokens.get(this.tokenId);
    const page = clientOf(this.user).dom.document;
    await on(this.user, async () => {
      // the doubles give a page no global document of its own: his page's, while its HUD is drawn
      const before = globalThis.document;
      globalThis.document = page;
      try {
        const hud = page.createElement("div");
        hud.innerHTML = '<div class="col left"></div>';
        globalThis.Hooks.callAll("renderTokenHUD", { document: token }, hud);
        const button = hud.querySelector("[data-ballcourt-autopilot]");
        if (button) click(button);
      } finally {
        globalThis.document = before;
      }
    });
  }
}

/**
 * A pass played through at once: a GM opens the menu and picks a pass, then whoever is being
 * asked sends his declaration dialog, filled in with the next of `declarations` (as
 * `declare("anyone", ...)` sends it), a few turns of the event loop apart; with `apply`, once
 * the table is quiet the GM applies the pass's card and, when it leaves the ball to be
 * carried, picks the first carrier it offers. The random lists seldom line up a whole pass one
 * command at a time (players back in need a knock-off applied, then the ball changing hands);
 * a table that knows its plays does.
 */
class WholePass extends Command {
  constructor(user, declarations, { apply = false } = {}) {
    super();
    Object.assign(this, { user, declarations, apply });
  }

  toString() {
    return code("wholePass", this.user, this.declarations, { apply: this.apply });
  }

  async act(model, real) {
    await new Menu(this.user, "pass").act(model, real);
    for (const values of this.declarations) {
      await flush(8);
      await new Declare("anyone", values).act(model, real);
    }
    if (!this.apply) return;
    await settleTable(real);
    const card = cardsOf("pass").findLast((m) => !m.flags.ballcourt.applied);
    if (!card) return;
    await pressAndSettle(real, card, "apply");
    await pressAndSettle(real, card, "carrier");
  }
}

/** The dice fall so: the next d20s rolled, anywhere at the table, show these faces (then 10s again). */
class Dice extends Command {
  constructor(faces) {
    super();
    this.faces = faces;
  }

  toString() {
    return code("dice", this.faces);
  }

  async act() {
    FakeRoll.queue.push(...this.faces);
  }
}

/**
 * The companion goes away (its window closed, the machine asleep: `companionAway(true)`) or
 * comes back (`false`, the GM starts it again); the table settling brings it back too.
 */
class CompanionAway extends Command {
  constructor(away) {
    super();
    this.away = away;
  }

  toString() {
    return code("companionAway", this.away);
  }

  async act(_model, real) {
    if (this.away) real.companion.away();
    else real.companion.back();
  }
}

export const dice = (...args) => new Dice(...args);
export const wholePass = (...args) => new WholePass(...args);
export const companionAway = (...args) => new CompanionAway(...args);
export const tokenAutopilot = (...args) => new TokenAutopilot(...args);
export const menu = (...args) => new Menu(...args);
export const declare = (...args) => new Declare(...args);
export const declarationsView = (...args) => new DeclarationsView(...args);
export const goatAutopilot = (...args) => new GoatAutopilot(...args);
