/**
 * The Kick tool: with the kicker's token controlled, hovering a square previews the kick
 * (latest request wins, one in flight per frame), clicking resolves it.
 */
import { squareAt, tokenSquare } from "../core/geometry.mjs";
import { LatestWins } from "../core/preview.mjs";
import { previewRequest } from "../core/requests.mjs";
import { fvtt, i18n } from "./env.mjs";
import { companion } from "./link.mjs";
import { clearOverlay, drawAnswer } from "./overlay-layer.mjs";
import { ballToken, ballcourtOf } from "./scene.mjs";
import { yaotzinRules } from "./settings.mjs";
import { playersOn, resolveKick } from "./yaotzin.mjs";

export class KickTool {
  constructor({ schedule = (fn) => globalThis.requestAnimationFrame(fn) } = {}) {
    this.active = false;
    this.standing = true;
    this.lastSquare = null;
    this.lastPreview = null;
    this.previewer = new LatestWins((body) => companion("POST", "/api/v1/yaotzin/kick/preview", body),
      (answer) => this.showPreview(answer), schedule);
    this.onMove = (event) => this.hover(event);
    this.onClick = (event) => this.click(event);
  }

  get scene() {
    return fvtt.canvas.scene;
  }

  kicker() {
    const controlled = fvtt.canvas.tokens.controlled;
    return controlled.length === 1 ? controlled[0].document : null;
  }

  toggle(on) {
    const stage = fvtt.canvas.stage;
    this.active = on;
    if (on) {
      stage.on("pointermove", this.onMove);
      stage.on("pointerdown", this.onClick);
      fvtt.ui.notifications?.info(i18n().localize("BALLCOURT.Kick.Hint"));
    } else {
      stage.off("pointermove", this.onMove);
      stage.off("pointerdown", this.onClick);
      this.previewer.cancel();
      clearOverlay();
    }
  }

  squareOf(event) {
    const bc = ballcourtOf(this.scene);
    const point = event.getLocalPosition ? event.getLocalPosition(fvtt.canvas.stage) : event;
    return squareAt(bc.mapping, point);
  }

  body(target) {
    const bc = ballcourtOf(this.scene);
    const kicker = this.kicker();
    const ball = ballToken(this.scene);
    if (!bc?.mapping || !kicker || !ball) return null;
    return previewRequest({ mapping: bc.mapping, field: bc.field, players: playersOn(this.scene),
      ball: tokenSquare(bc.mapping, ball), kicker: kicker.id, target, standing: this.standing, settings: yaotzinRules() });
  }

  hover(event) {
    if (!this.active) return;
    const sq = this.squareOf(event);
    if (this.lastSquare && sq.x === this.lastSquare.x && sq.y === this.lastSquare.y) return;
    this.lastSquare = sq;
    const body = this.body(sq);
    if (body) this.previewer.request(body);
  }

  showPreview(answer) {
    if (!this.active || answer.error) return;
    this.lastPreview = answer;
    drawAnswer(ballcourtOf(this.scene).mapping, answer);
  }

  async click(event) {
    if (!this.active || event.button !== 0) return;
    const kicker = this.kicker();
    if (!kicker) {
      fvtt.ui.notifications?.warn(i18n().localize("BALLCOURT.Kick.PickKicker"));
      return;
    }
    const target = this.squareOf(event);
    const last = this.lastPreview;
    const preview = last?.target?.x === target.x && last?.target?.y === target.y ? last : null;
    if (preview && !preview.in_range) {
      fvtt.ui.notifications?.warn(preview.reason);
      return;
    }
    this.previewer.cancel();
    await resolveKick(this.scene, { kicker: kicker.id, target, standing: this.standing,
      modifier: preview?.attack?.modifier ?? 0 });
  }
}
