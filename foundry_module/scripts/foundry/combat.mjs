/**
 * Ball ticks in the combat tracker: six hidden "Ball" combatants at 25..1 that lose ties to
 * players; on a ball's turn the active GM gets the tick card (applied at once if the table
 * says so).
 */
import { isBallCombatant, misplacedBallCombatants, missingBallCombatants } from "../core/ticks.mjs";
import { performAction } from "./chat.mjs";
import { tokenSquare } from "../core/geometry.mjs";
import { MODULE_ID, fvtt, i18n, isActiveGM, setting } from "./env.mjs";
import { ballToken, ballcourtOf } from "./scene.mjs";
import { companion } from "./link.mjs";
import { resolveTick } from "./yaotzin.mjs";

/**
 * The court an encounter runs on. v13 creates encounters unlinked to any scene, so
 * `combat.scene` is often null: then the court the GM is viewing.
 */
export function courtOfCombat(combat) {
  if (combat?.scene) return ballcourtOf(combat.scene)?.game === "yaotzin" ? combat.scene : null;
  const viewed = fvtt.canvas?.scene;
  return ballcourtOf(viewed)?.game === "yaotzin" ? viewed : null;
}

const warnedCombats = new Set();

/** An encounter that runs while the world has courts but none can be found: say so, once. */
function warnNoCourt(combat) {
  if (combat?.scene || warnedCombats.has(combat?.id)) return;
  const courts = fvtt.game.scenes?.filter?.((s) => ballcourtOf(s)?.game === "yaotzin") ?? [];
  if (!courts.length) return;
  warnedCombats.add(combat.id);
  fvtt.ui.notifications?.warn(i18n().localize("BALLCOURT.Combat.NoCourt"));
}

/**
 * On the active GM's client, when an encounter starts or its round or turn moves on (the
 * updateCombat hook, which every client gets, whoever pressed the tracker's button): link an unlinked encounter to the
 * viewed court (so the ball keeps its turns if the GM looks elsewhere), add the ball's six
 * combatants if they are missing and put back their counts if the tracker was reset.
 */
export function ensureBallCombatants(combat) {
  if (!isActiveGM()) return Promise.resolve([]);
  // one at a time per encounter: a start changes round and turn at once
  const prior = ensuring.get(combat.id) ?? Promise.resolve();
  const next = prior.then(() => placeBallCombatants(combat));
  ensuring.set(combat.id, next.catch(() => {}));
  return next;
}

const ensuring = new Map();

async function placeBallCombatants(combat) {
  const scene = courtOfCombat(combat);
  if (!scene) {
    warnNoCourt(combat);
    return [];
  }
  if (!combat.scene) await combat.update({ scene: scene.id });
  const existing = combat.combatants?.contents ?? [...(combat.combatants ?? [])];
  const misplaced = misplacedBallCombatants(existing);
  if (misplaced.length) await combat.updateEmbeddedDocuments("Combatant", misplaced);
  const missing = missingBallCombatants(existing, (count) => i18n().format("BALLCOURT.Combat.Ball", { count }));
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
    await noteTurnStart(courtOfCombat(combat), combatant?.tokenId);
    return null;
  }
  const scene = courtOfCombat(combat);
  if (!scene) {
    warnNoCourt(combat);
    return null;
  }
  const message = await resolveTick(scene);
  if (setting("autoApplyTicks") && message) {   // applied: the tracker moves on by itself
    await performAction(message.id, "apply", fvtt.game.user.id);
    await combat.nextTurn?.();
  }
  return message;
}

/** A new combat round on a court moves the match's clock on (the active GM posts it once). */
export async function onUpdateCombat(combat, changed) {
  if (!isActiveGM()) return null;
  // combatRound fires only on the client that moved the round on (a player's, maybe): here
  // every round change and every reset reaches the active GM
  if ("round" in changed || "turn" in changed) await ensureBallCombatants(combat);
  if (!("round" in changed) || changed.round <= 1) return null;
  const bc = ballcourtOf(courtOfCombat(combat));
  if (!bc?.matchId) return null;
  return companion("POST", `/api/v1/matches/${bc.matchId}/events`, { type: "round" });
}
