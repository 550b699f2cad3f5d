/**
 * The Kick tool. The kicker is captured when the tool starts (the one controlled token) and
 * named to the GM; clicks never change it, even a click on a square with a token on it that
 * Foundry turns into a new selection. Hovering a square previews the kick (latest request
 * wins: sent at once, one in flight), quietly: a square nobody can kick at is drawn with its
 * reason, never a popup. Clicking a legal square resolves the kick.
 *
 * While the tool is on, its palette holds the kick's choices (standing or running, Power
 * Attack 0..BAB with the feat); the preview, the kick and its card all use them, and a change
 * previews the hovered square again. The palette also shoots at the nearer hoop and starts a
 * contest with the user's target. Keybindings (main.mjs) reach the same choices.
 *
 * A player may use it on his own token when the table allows (kick-relay.mjs): his previews
 * and his kick go through the GM's client, the only one that talks to the companion.
 */
import { squareAt, tokenSquare } from "../../core/geometry.mjs";
import { LatestWins } from "../../core/preview.mjs";
import { fvtt, i18n, isCompanionGM, localizedError, notify, reportFailure } from "../world/env.mjs";
import { KickPalette, nearerHoop } from "./kick-palette.mjs";
import { requestKick, requestPreview } from "./kick-relay.mjs";
import { clearOverlay, drawAnswer } from "../world/overlay-layer.mjs";
import { ShotPlanner } from "./planner.mjs"; // the kicker's best aims, marked on the court
import { adapter, ballToken, ballcourtOf, missingStats, teamOf } from "../world/scene.mjs";
import { contest, shootHoop } from "./contests.mjs";

export class KickTool {
  constructor() {
    this.active = false;
    this.standing = true;
    this.powerAttack = 0;
    this.kicker = null;
    this.lastSquare = null;
    this.lastPreview = null;
    this.lastChoice = null;
    this.kicking = false; // a click's kick is on its way
    this.previewer = new LatestWins(
      (choice) => requestPreview(choice),
      (answer, choice) => this.showPreview(answer, choice),
    );
    this.palette = new KickPalette(this);
    this.planner = new ShotPlanner(this); // the shot planner's marks (planner.mjs)
    this.onMove = (event) => this.hover(event);
    this.onClick = (event) => this.click(event);
  }

  get scene() {
    return fvtt.canvas.scene;
  }

  /** The one controlled token of a team on a court, or null. */
  static pickKicker() {
    const controlled = fvtt.canvas.tokens?.controlled ?? [];
    const token = controlled.length === 1 ? controlled[0].document : null;
    return token && teamOf(token) ? token : null;
  }

  /** Start or stop; starting needs a kicker. Returns whether the tool is now on. */
  toggle(on) {
    const stage = fvtt.canvas.stage;
    if (on && !this.active) {
      const kicker = KickTool.pickKicker();
      if (!kicker || ballcourtOf(this.scene)?.game !== "yaotzin") {
        notify("warn", "BALLCOURT.Kick.PickKicker");
        return false;
      }
      this.kicker = kicker;
      this.active = true;
      this.powerAttack = 0;
      this.lastSquare = null;
      this.lastPreview = null;
      this.palette.show();
      stage.on("pointermove", this.onMove);
      stage.on("pointerdown", this.onClick);
      notify("info", "BALLCOURT.Kick.Hint", { kicker: kicker.name });
      const missing = missingStats(this.scene);
      if (missing.length) {
        notify("warn", "BALLCOURT.Stats.Missing", { names: missing.join(", ") });
      }
    } else if (!on && this.active) {
      this.active = false;
      this.kicker = null;
      stage.off("pointermove", this.onMove);
      stage.off("pointerdown", this.onClick);
      this.previewer.cancel();
      this.planner.stop(); // the shot planner's marks go with the tool
      this.palette.hide();
      clearOverlay();
    }
    return this.active;
  }

  /** Power Attack the kicker may take: 0..BAB with the feat, else none. */
  maxPowerAttack() {
    const actor = this.kicker?.actor;
    if (!actor) return 0;
    const stats = adapter().yaotzinStats(actor);
    return (stats.feats ?? []).includes("power_attack") ? Math.max(0, stats.bab ?? 0) : 0;
  }

  /** What the palette shows. */
  state() {
    return {
      kicker: this.kicker?.name ?? "",
      standing: this.standing,
      powerAttack: this.powerAttack,
      maxPowerAttack: this.maxPowerAttack(),
      gm: isCompanionGM(), // hoop and contest need the companion's link
      planner: this.planner.on,
    }; // the shot planner's toggle
  }

  /** Change the kick's choices; the hovered square is previewed again with them. */
  choose({ standing = this.standing, powerAttack = this.powerAttack } = {}) {
    const pa = Math.min(Math.max(0, Math.trunc(Number(powerAttack) || 0)), this.maxPowerAttack());
    if (standing === this.standing && pa === this.powerAttack) return false;
    this.standing = Boolean(standing);
    this.powerAttack = pa;
    this.palette.render();
    this.planner.refresh(); // the shot planner follows the kick's choices
    this.lastPreview = null;
    const choice = this.active && this.lastSquare ? this.choice(this.lastSquare) : null;
    if (choice) this.previewer.request(choice);
    return true;
  }

  /** A palette button or a key: standing, running, stance, pa-up, pa-down, hoop, contest. */
  act(action) {
    if (!this.active) return false;
    switch (action) {
      case "standing":
        return this.choose({ standing: true });
      case "running":
        return this.choose({ standing: false });
      case "stance":
        return this.choose({ standing: !this.standing });
      case "pa-up":
        return this.choose({ powerAttack: this.powerAttack + 1 });
      case "pa-down":
        return this.choose({ powerAttack: this.powerAttack - 1 });
      case "hoop":
        return isCompanionGM() && this.guarded(() => this.hoop());
      case "contest":
        return isCompanionGM() && this.guarded(() => this.contest());
      case "planner":
        return this.planner.toggle(); // the shot planner (planner.mjs)
      default:
        return false;
    }
  }

  async guarded(fn) {
    try {
      return await fn();
    } catch (err) {
      reportFailure(err);
      return null;
    }
  }

  /** The captured kicker shoots at the nearer hoop, standing or running, with his Power Attack. */
  hoop() {
    const bc = ballcourtOf(this.scene);
    const side = nearerHoop(bc.field, tokenSquare(bc.mapping, this.kicker));
    return shootHoop(this.scene, {
      kicker: this.kicker.id,
      hoop: side,
      standing: this.standing,
      powerAttack: this.powerAttack,
    });
  }

  /** The captured kicker contests the ball with the user's one target (the kind is asked). */
  contest() {
    const targets = [...(fvtt.game.user.targets ?? [])];
    if (targets.length !== 1) throw localizedError("BALLCOURT.Menu.ContestPick");
    return contest(this.scene, {
      actor: this.kicker.id,
      target: (targets[0].document ?? targets[0]).id,
    });
  }

  squareOf(event) {
    const bc = ballcourtOf(this.scene);
    const point = event.getLocalPosition ? event.getLocalPosition(fvtt.canvas.stage) : event;
    return squareAt(bc.mapping, point);
  }

  /** The kick's choices at `target`: what a preview or a kick is asked with. */
  choice(target) {
    if (!ballcourtOf(this.scene)?.mapping || !this.kicker || !ballToken(this.scene)) return null;
    return {
      sceneId: this.scene.id,
      kicker: this.kicker.id,
      target,
      standing: this.standing,
      powerAttack: this.powerAttack,
    };
  }

  hover(event) {
    if (!this.active) return;
    const sq = this.squareOf(event);
    if (this.lastSquare && sq.x === this.lastSquare.x && sq.y === this.lastSquare.y) return;
    this.lastSquare = sq;
    const choice = this.choice(sq);
    if (choice) this.previewer.request(choice);
  }

  /** A preview that failed (the companion is gone, say) clears the canvas; the status light says why. */
  showPreview(answer, choice = null) {
    if (!this.active) return;
    if (answer.error) {
      this.lastPreview = null;
      clearOverlay();
      return;
    }
    this.lastPreview = answer;
    this.lastChoice = choice;
    drawAnswer(this.scene, ballcourtOf(this.scene).mapping, answer);
  }

  /** Why a previewed square cannot be kicked at, in the user's language; null when it can. */
  refusal(preview) {
    if (!preview || preview.legal !== false) return null;
    const code = preview.reason?.code;
    return code && code !== "out_of_range"
      ? i18n().localize(`BALLCOURT.Overlay.Refused.${code}`)
      : (preview.reason?.message ?? "");
  }

  async click(event) {
    if (!this.active || event.button !== 0) return;
    const target = this.squareOf(event);
    const last = this.lastPreview;
    const chosen =
      this.lastChoice?.standing === this.standing &&
      this.lastChoice?.powerAttack === this.powerAttack;
    const preview =
      chosen && last?.target?.x === target.x && last?.target?.y === target.y ? last : null;
    const refusal = this.refusal(preview);
    if (refusal !== null) {
      fvtt.ui.notifications?.warn(refusal);
      return;
    }
    if (this.kicking) return; // a double click is one kick, not two cards
    this.kicking = true;
    this.previewer.cancel();
    try {
      await requestKick(this.choice(target), preview);
    } catch (err) {
      reportFailure(err);
    } finally {
      this.kicking = false;
    }
  }
}
