/**
 * Who the Yaotzin autopilot plays, and what it answers for its NPCs outside their own turn's
 * proposal (core/yaotzin-autopilot.mjs holds the logic): an NPC target's attack of opportunity,
 * and an NPC dribbler's disarm back. Only in act mode: on "suggest" (and off) the GM answers
 * as he does for any NPC. Each answer goes where a person's would: the attack of opportunity
 * through aoo-choice.mjs (its turn stamp: a choice made after the tracker moved on stops the
 * contest), the disarm back as a press of the card's own button (chat.mjs performAction: the
 * card lifecycle's table, and yaotzin.mjs's check that the disarm's turn is still on).
 */
import { disarmBackOf, presetAooChoice, turnMode } from "../../core/yaotzin-autopilot.mjs";
import { performAction } from "../cards/chat.mjs";
import { encounterOn } from "../world/encounters.mjs";
import { MODULE_ID, fvtt, isCompanionGM, setting } from "../world/env.mjs";
import { owns, teamOf, tokenById } from "../world/scene.mjs";

/** The per-team entries as stored in the "yaotzinAutopilot" world setting: {team: {mode, tactics}}. */
export function autopilotEntries() {
  const stored = setting("yaotzinAutopilot");
  return stored && typeof stored === "object" ? stored : {};
}

/** A court token's mode on its turn: its team's, if no player owns it; else off. */
export function modeOf(token) {
  const owners = fvtt.game.users.filter((u) => !u.isGM && owns(u, token)).map((u) => u.id);
  return turnMode(autopilotEntries()[teamOf(token)], owners);
}

/**
 * The answer to an NPC target's attack-of-opportunity question when his team is on act: a
 * function of the choices offered (presetAooChoice), for aoo-choice.mjs to take instead of the
 * GM's dialog; null otherwise (the GM is asked).
 */
export function npcAooAnswer(token) {
  return token && modeOf(token) === "act" ? presetAooChoice : null;
}

/**
 * After the Apply of a contest card (chat.mjs, on the companion's GM's page): the disarm back it
 * offers is pressed for its dribbler when he is an NPC on act and still has his standard action,
 * that is, the turn is his (the disarm, an attack of opportunity, came before the contest of his
 * that provoked it). Pressed as the GM's press of the card's button; returns whether it was.
 */
export async function pressNpcDisarmBack(message) {
  const flags = message?.flags?.[MODULE_ID];
  const back = disarmBackOf(flags?.card, flags?.resolved ?? []);
  if (!back || !isCompanionGM()) return false;
  const scene = fvtt.game.scenes.get(flags.context?.sceneId);
  const dribbler = scene ? tokenById(scene, back.payload?.actor) : null;
  if (!dribbler || modeOf(dribbler) !== "act") return false;
  if (encounterOn(scene)?.combatant?.tokenId !== dribbler.id) return false; // not his turn: no standard action
  return performAction(message.id, back.id, fvtt.game.user.id);
}
