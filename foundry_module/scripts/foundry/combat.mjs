/**
 * Ball ticks in the combat tracker: six hidden "Ball" combatants at 25..1 that lose ties to
 * players; on a ball's turn the active GM gets the tick card (applied at once if the table
 * says so).
 */
import { isBallCombatant, missingBallCombatants } from "../core/ticks.mjs";
import { performAction } from "./chat.mjs";
import { tokenSquare } from "../core/geometry.mjs";
import { MODULE_ID, fvtt, i18n, isActiveGM, setting } from "./env.mjs";
import { ballToken, ballcourtOf } from "./scene.mjs";
import { companion } from "./link.mjs";
import { resolveTick } from "./yaotzin.mjs";

export async function ensureBallCombatants(combat) {
  if (!isActiveGM() || ballcourtOf(combat.scene)?.game !== "yaotzin") return [];
  const missing = missingBallCombatants(combat.combatants?.contents ?? [...(combat.combatants ?? [])],
    (count) => i18n().format("BALLCOURT.Combat.Ball", { count }));
  if (!missing.length) return [];
  return combat.createEmbeddedDocuments("Combatant", missing.map((c) => ({ ...c,
    img: "modules/ballcourt/assets/ball.svg" })));
}

/** Dribbling at half speed needs the turn started in the ball's square: remember whether it did. */
async function noteTurnStart(scene, tokenId) {
  const bc = ballcourtOf(scene);
  const token = scene?.tokens?.get?.(tokenId);
  const ball = ballToken(scene);
  if (bc?.game !== "yaotzin" || !token || !ball) return;
  const here = tokenSquare(bc.mapping, token);
  const there = tokenSquare(bc.mapping, ball);
  await token.setFlag(MODULE_ID, "turnStartWithBall", here.x === there.x && here.y === there.y);
}

export async function onCombatTurnChange(combat, _prior, current) {
  if (!isActiveGM()) return null;
  const combatant = combat.combatants.get(current.combatantId);
  if (!isBallCombatant(combatant)) {
    await noteTurnStart(combat.scene, combatant?.tokenId);
    return null;
  }
  const message = await resolveTick(combat.scene);
  if (setting("autoApplyTicks") && message) {   // applied: the tracker moves on by itself
    await performAction(message.id, "apply", fvtt.game.user.id);
    await combat.nextTurn?.();
  }
  return message;
}

/** A new combat round on a court moves the match's clock on (the active GM posts it once). */
export async function onUpdateCombat(combat, changed) {
  if (!("round" in changed) || changed.round <= 1 || !isActiveGM()) return null;
  const bc = ballcourtOf(combat.scene);
  if (bc?.game !== "yaotzin" || !bc.matchId) return null;
  return companion("POST", `/api/v1/matches/${bc.matchId}/events`, { type: "round" });
}
