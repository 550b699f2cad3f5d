/**
 * Which encounter is the ball's. v13 creates encounters unlinked to any scene, and an unlinked
 * encounter may be any fight in the world: it is the court's only when it already has the
 * ball's turns or all its combatants' tokens stand on one court. Any other fight, a mixed one
 * among them, is left alone.
 */
import { isBallCombatant } from "../../core/ticks.mjs";
import { fvtt } from "./env.mjs";
import { ballcourtOf } from "./scene.mjs";

const isCourt = (scene) => ballcourtOf(scene)?.game === "yaotzin";

const combatantsOf = (combat) =>
  combat?.combatants?.contents ?? [...(combat?.combatants?.values?.() ?? [])];

/** The scene a combatant's token stands on (a combatant names its scene even when the encounter does not). */
function sceneOfCombatant(combatant) {
  return combatant?.token?.parent ?? fvtt.game.scenes?.get?.(combatant?.sceneId) ?? null;
}

export const hasBallTurns = (combat) => combatantsOf(combat).some(isBallCombatant);

/** The scenes an encounter's combatants stand on (token-less ones, the ball's turns among them, stand nowhere). */
function scenesOf(combat) {
  const scenes = new Map();
  for (const scene of combatantsOf(combat).map(sceneOfCombatant))
    if (scene) scenes.set(scene.id, scene);
  return [...scenes.values()];
}

/**
 * The court an encounter runs on: its linked scene; unlinked, the court all its combatants
 * stand on, or, if it already has the ball's turns, the court the GM is viewing. Else null.
 * A mixed fight (some on a court, some elsewhere) is not the court's: the ball's turns would
 * come between a dungeon's, so it is left alone unless the GM links it to the court.
 */
export function courtOfCombat(combat) {
  if (combat?.scene) return isCourt(combat.scene) ? combat.scene : null;
  const scenes = scenesOf(combat);
  if (scenes.length === 1 && isCourt(scenes[0])) return scenes[0];
  if (scenes.length > 1) return null;
  const viewed = fvtt.canvas?.scene;
  return hasBallTurns(combat) && isCourt(viewed) ? viewed : null;
}

/** An unlinked encounter fought partly on a court and partly elsewhere: that court, else null. */
export function mixedCourtOf(combat) {
  if (combat?.scene) return null;
  const scenes = scenesOf(combat);
  return scenes.length > 1 ? (scenes.find(isCourt) ?? null) : null;
}

const allCombats = () => fvtt.game.combats?.contents ?? [...(fvtt.game.combats?.values?.() ?? [])];
const started = (c) => c.started ?? c.round > 0;

/** The started encounter running on this court, or null (whatever scene this client views). */
export function encounterOn(scene) {
  if (!scene) return null;
  return allCombats().find((c) => started(c) && courtOfCombat(c)?.id === scene.id) ?? null;
}

/**
 * An encounter's tracker as a turn stamp reads it (core/turn-stamp.mjs): its id, round, turn
 * and current combatant, or null once it is deleted or not started. Read from the world's
 * collection, not the copy held: an answer is checked against the tracker as it is now.
 */
export function trackerOf(combat) {
  const now = combat ? (fvtt.game.combats?.get?.(combat.id) ?? null) : null;
  if (!now || !started(now)) return null;
  return {
    encounter: now.id,
    round: now.round,
    turn: now.turn,
    combatant: now.combatant?.id ?? null,
  };
}

/**
 * The encounter fought on a scene of any game (a goat-ball arena): linked to it, or with
 * combatants standing on it; a started one first. Else the viewed scene's (game.combat).
 */
export function fightOn(scene) {
  const here = fightsOn(scene);
  return here.find(started) ?? here[0] ?? fvtt.game.combat ?? null;
}

/** The encounters fought on a scene: linked to it, or with combatants standing on it. */
function fightsOn(scene) {
  return allCombats().filter(
    (c) =>
      c.scene?.id === scene?.id ||
      combatantsOf(c).some((cb) => sceneOfCombatant(cb)?.id === scene?.id),
  );
}

/** The started encounter fought on a scene of any game (an arena's), or null: never another scene's. */
export const runningFightOn = (scene) => fightsOn(scene).find(started) ?? null;

/**
 * Turn changes this page has sent and not yet seen back, by encounter: the GM's Next is on its
 * way while his page still reads the turn before it, and an NPC's move started meanwhile would
 * land in the next one's turn. A change another module vetoes never comes back, so one is
 * forgotten after a while.
 */
const turnChangesSent = new Map();
const SENT_FORGOTTEN_MS = 10000;

const changesTurn = (changes) => "turn" in (changes ?? {}) || "round" in (changes ?? {});

/** preUpdateCombat, on the page that writes it (FOUNDRY-SEMANTICS §1.1): a turn change sent. */
export function onPreUpdateCombat(combat, changes) {
  if (changesTurn(changes)) turnChangesSent.set(combat.id, Date.now());
}

/** updateCombat: a turn change is back (on the writer's page too). */
export function onTurnChangeBack(combat, changes) {
  if (changesTurn(changes)) turnChangesSent.delete(combat.id);
}

/** Whether this page has sent a turn change of `combat` that has not come back yet. */
export function turnChangeOnItsWay(combat) {
  const at = turnChangesSent.get(combat?.id);
  return at !== undefined && Date.now() - at < SENT_FORGOTTEN_MS;
}
