/**
 * The shot planner at the table. With the kick tool on, the palette's Planner toggle
 * (or its key) marks the kicker's best aim squares, each with its exact chance of a goal and the
 * nonlethal damage the interceptors can expect; the marks follow the kick's choices (standing,
 * Power Attack) and go when the tool or the toggle is turned off. They live in their own canvas
 * container, so the hover preview never wipes them.
 *
 * Only the companion's GM's client talks to the companion: a player's planner asks him with
 * `User#query` (`SUGGEST_QUERY`, read-only, as previews are).
 *
 * Marks asked in one turn and answered in another (the tracker moved on meanwhile) are not
 * drawn: they are asked again, for the turn as it is now. Nothing is lost, so the GMs are not
 * told.
 *
 * A kick also gets the "try / let it pass" advice for its NPC interceptors (advice.mjs).
 */
import {
  PLANNER_COLOR,
  attackedEnd,
  localizedPlannerWords,
  plannerCommands,
  suggestRequest,
} from "../../core/planner.mjs";
import { stillCurrent } from "../../core/turn-stamp.mjs";
import { stampOn, trackerFor } from "../requests/turns.mjs";
import { clearContainer, drawCommands } from "../../render/pixi-draw.mjs";
import {
  MODULE_ID,
  companionGM,
  fvtt,
  i18n,
  isCompanionGM,
  localizedError,
} from "../world/env.mjs";
import { quietly } from "../world/link.mjs";
import { ballToken, ballcourtOf, tokenList } from "../world/scene.mjs";
import { readCourt } from "./yaotzin-players.mjs";

export const SUGGEST_QUERY = `${MODULE_ID}.suggest`;

/** On the GM's client: the companion's best squares for a kicker's choices. */
export function suggestOn({ sceneId, kicker, standing, powerAttack }) {
  const scene = fvtt.game.scenes.get(sceneId);
  const bc = ballcourtOf(scene);
  const token = tokenList(scene).find((t) => t.id === kicker);
  const ball = ballToken(scene);
  if (bc?.game !== "yaotzin" || !token || !ball) {
    throw localizedError("BALLCOURT.Kick.PickKicker");
  }
  const court = readCourt(scene);
  return quietly(
    "POST",
    "/api/v1/yaotzin/kick/suggest",
    suggestRequest({
      mapping: court.mapping,
      field: court.field,
      players: court.players,
      ball: court.ball,
      kicker,
      standing,
      powerAttack,
      settings: court.settings,
      attacks: attackedEnd(court.teams, court.tokens.get(kicker).team),
    }),
  );
}

/** From any client: the GM's own answer, or asked of the companion's GM (env.mjs), the one with the link. */
export function requestSuggestion(choice) {
  if (isCompanionGM()) return suggestOn(choice);
  const gm = companionGM();
  if (!gm) return Promise.reject(localizedError("BALLCOURT.Chat.WaitingForGM"));
  return gm.query(SUGGEST_QUERY, choice, { timeout: 10000 });
}

const layers = new WeakMap(); // canvas.interface -> the planner's container

function layer() {
  const iface = fvtt.canvas?.interface;
  if (!iface || !fvtt.PIXI) return null;
  let container = layers.get(iface);
  if (!container || container.destroyed) {
    container = new fvtt.PIXI.Container();
    container.name = "ballcourt-planner";
    container.eventMode = "none";
    iface.addChild(container);
    layers.set(iface, container);
  }
  return container;
}

export class ShotPlanner {
  /** @param tool  the KickTool: its active, scene, kicker, standing, powerAttack and palette */
  constructor(tool) {
    this.tool = tool;
    this.on = false;
    this.answer = null;
    this.asked = 0;
  }

  choice() {
    const t = this.tool;
    return t.active && t.kicker
      ? {
          sceneId: t.scene.id,
          kicker: t.kicker.id,
          standing: t.standing,
          powerAttack: t.powerAttack,
        }
      : null;
  }

  /** Turn the marks on or off (the palette's button, the key); returns whether they are on. */
  toggle(on = !this.on) {
    this.on = Boolean(on) && this.tool.active;
    this.tool.palette?.render();
    if (this.on) this.refresh();
    else this.clear();
    return this.on;
  }

  /** Ask again (the kick's choices changed); only the latest answer is drawn, and only in the turn it was asked in. */
  async refresh() {
    const choice = this.on ? this.choice() : null;
    if (!choice) {
      this.clear();
      return null;
    }
    const asked = ++this.asked;
    const scene = this.tool.scene;
    const turn = stampOn(scene);
    try {
      const answer = await requestSuggestion(choice);
      if (asked !== this.asked || !this.on) return null;
      if (!stillCurrent(turn, trackerFor(scene))) return this.refresh();
      this.answer = answer;
      this.draw(answer);
      return answer;
    } catch {
      if (asked === this.asked) this.clear(); // the status light says why
      return null;
    }
  }

  draw(answer) {
    const container = layer();
    const mapping = ballcourtOf(this.tool.scene)?.mapping;
    if (!container || !mapping) return;
    clearContainer(container);
    drawCommands(
      fvtt.PIXI,
      container,
      plannerCommands(mapping, answer, PLANNER_COLOR, localizedPlannerWords(i18n())),
    );
  }

  /**
   * updateToken on this client: a token on the tool's scene moved (the kicker, an interceptor,
   * the ball), so the marks it drew are stale: ask again with the court as it is now.
   */
  onTokenMoved(token, changes) {
    if (!this.on || !("x" in (changes ?? {}) || "y" in (changes ?? {}))) return null;
    if (token?.parent?.id !== this.tool.scene?.id) return null;
    return this.refresh();
  }

  /** The kick tool went off: no marks, and nothing late drawn. */
  stop() {
    this.on = false;
    this.asked += 1;
    this.clear();
  }

  clear() {
    this.answer = null;
    const container = layer();
    if (container) clearContainer(container);
  }
}
