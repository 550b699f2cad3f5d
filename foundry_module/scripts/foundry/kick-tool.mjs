/**
 * The Kick tool. The kicker is captured when the tool starts (the one controlled token) and
 * named to the GM; clicks never change it, even a click on a square with a token on it that
 * Foundry turns into a new selection. Hovering a square previews the kick (latest request
 * wins, one in flight per frame), quietly: a square nobody can kick at is drawn with its
 * reason, never a popup. Clicking a legal square resolves the kick.
 */
import { squareAt, tokenSquare } from "../core/geometry.mjs";
import { LatestWins } from "../core/preview.mjs";
import { previewRequest } from "../core/requests.mjs";
import { fvtt, i18n, reportFailure } from "./env.mjs";
import { quietly } from "./link.mjs";
import { clearOverlay, drawAnswer } from "./overlay-layer.mjs";
import { ballToken, ballcourtOf, missingStats, teamOf } from "./scene.mjs";
import { yaotzinRules } from "./settings.mjs";
import { playersOn, resolveKick } from "./yaotzin.mjs";

export class KickTool {
  constructor({ schedule = (fn) => globalThis.requestAnimationFrame(fn) } = {}) {
    this.active = false;
    this.standing = true;
    this.kicker = null;
    this.lastSquare = null;
    this.lastPreview = null;
    this.previewer = new LatestWins((body) => quietly("POST", "/api/v1/yaotzin/kick/preview", body),
      (answer) => this.showPreview(answer), schedule);
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
        fvtt.ui.notifications?.warn(i18n().localize("BALLCOURT.Kick.PickKicker"));
        return false;
      }
      this.kicker = kicker;
      this.active = true;
      this.lastSquare = null;
      this.lastPreview = null;
      stage.on("pointermove", this.onMove);
      stage.on("pointerdown", this.onClick);
      fvtt.ui.notifications?.info(i18n().format("BALLCOURT.Kick.Hint", { kicker: kicker.name }));
      const missing = missingStats(this.scene);
      if (missing.length) {
        fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.Stats.Missing", { names: missing.join(", ") }));
      }
    } else if (!on && this.active) {
      this.active = false;
      this.kicker = null;
      stage.off("pointermove", this.onMove);
      stage.off("pointerdown", this.onClick);
      this.previewer.cancel();
      clearOverlay();
    }
    return this.active;
  }

  squareOf(event) {
    const bc = ballcourtOf(this.scene);
    const point = event.getLocalPosition ? event.getLocalPosition(fvtt.canvas.stage) : event;
    return squareAt(bc.mapping, point);
  }

  body(target) {
    const bc = ballcourtOf(this.scene);
    const ball = ballToken(this.scene);
    if (!bc?.mapping || !this.kicker || !ball) return null;
    return previewRequest({ mapping: bc.mapping, field: bc.field, players: playersOn(this.scene),
      ball: tokenSquare(bc.mapping, ball), kicker: this.kicker.id, target, standing: this.standing,
      settings: yaotzinRules() });
  }

  hover(event) {
    if (!this.active) return;
    const sq = this.squareOf(event);
    if (this.lastSquare && sq.x === this.lastSquare.x && sq.y === this.lastSquare.y) return;
    this.lastSquare = sq;
    const body = this.body(sq);
    if (body) this.previewer.request(body);
  }

  /** A preview that failed (the companion is gone, say) clears the canvas; the status light says why. */
  showPreview(answer) {
    if (!this.active) return;
    if (answer.error) {
      this.lastPreview = null;
      clearOverlay();
      return;
    }
    this.lastPreview = answer;
    drawAnswer(ballcourtOf(this.scene).mapping, answer);
  }

  /** Why a previewed square cannot be kicked at, in the user's language; null when it can. */
  refusal(preview) {
    if (!preview || preview.legal !== false) return null;
    const code = preview.reason?.code;
    return code && code !== "out_of_range" ? i18n().localize(`BALLCOURT.Overlay.Refused.${code}`)
      : preview.reason?.message ?? "";
  }

  async click(event) {
    if (!this.active || event.button !== 0) return;
    const target = this.squareOf(event);
    const last = this.lastPreview;
    const preview = last?.target?.x === target.x && last?.target?.y === target.y ? last : null;
    const refusal = this.refusal(preview);
    if (refusal !== null) {
      fvtt.ui.notifications?.warn(refusal);
      return;
    }
    this.previewer.cancel();
    try {
      await resolveKick(this.scene, { kicker: this.kicker.id, target, standing: this.standing,
        modifier: preview?.attack?.modifier ?? 0 });
    } catch (err) {
      reportFailure(err);
    }
  }
}
