/**
 * The Yaotzin court's players as the companion takes them, with the attacks of opportunity
 * they have left this round, and the Foundry d20s of a table that rolls its own dice: what a
 * kick, a tick and a contest all read (yaotzin.mjs, contests.mjs, planner.mjs), below them
 * so that none of them imports another to read the court.
 */
import { tokenSquare } from "../../core/geometry.mjs";
import { yaotzinPlayers } from "../../core/requests.mjs";
import { encounterOn } from "../world/encounters.mjs";
import { MODULE_ID, fvtt, localizedError, setting } from "../world/env.mjs";
import { ballToken, ballcourtOf, cardContext, yaotzinDescriptors } from "../world/scene.mjs";

export function courtContext(scene) {
  const bc = ballcourtOf(scene);
  if (bc?.game !== "yaotzin") throw localizedError("BALLCOURT.Court.NotACourt");
  return bc;
}

export function playersOn(scene) {
  const bc = courtContext(scene);
  return yaotzinPlayers(bc.mapping, yaotzinDescriptors(scene, (tokenId) => aooUsed(scene, tokenId)));
}

/** Attacks of opportunity a token has used this round, from the flags of the court's encounter. */
function aooUsed(scene, tokenId) {
  const combat = encounterOn(scene);
  const record = combat?.flags?.[MODULE_ID]?.aoo;
  if (!combat || !record || record.round !== combat.round || !Array.isArray(record.spent)) return undefined;
  const used = record.spent.filter((id) => id === tokenId).length;
  return used || undefined;
}

/** Where the court's ball is and how it rolls ({x, y, speed, direction}, in squares); null without one. */
export function ballStateOn(scene) {
  const bc = courtContext(scene);
  const ball = ballToken(scene);
  if (!ball) return null;
  const { speed = 0, direction = null } = ball.flags?.[MODULE_ID]?.ball ?? {};
  return { ...tokenSquare(bc.mapping, ball), speed, direction };
}

/**
 * A Yaotzin card's context: cardContext's, and the ball as the card found it (`ballAt`), which
 * its Apply checks before it moves the ball (yaotzin.mjs).
 */
export function courtCardContext(scene, kind) {
  return { ...cardContext(scene, kind), ballAt: ballStateOn(scene) };
}

/** A d20 rolled in Foundry for `name` (when the table rolls its own dice). */
export async function foundryD20(name, modifier, flavor) {
  if (setting("diceSource") !== "foundry") return null;
  const roll = await new (fvtt.Roll)("1d20 + @mod", { mod: modifier }).evaluate();
  roll.options.ballcourt = name;
  roll.options.flavor = flavor;
  return roll;
}

/** A d20 roll's natural: its active face (a rerolled or discarded face does not count). */
export function natural(roll) {
  const results = roll?.dice?.[0]?.results ?? [];
  return (results.find((r) => r.active !== false && !r.discarded && !r.rerolled) ?? results[0])?.result;
}

/**
 * An interception, or a target's attack of opportunity against a contest, spends one attack
 * of opportunity this round (kept in the court's encounter's flags). The record is
 * `{round, spent: [token id per attack spent]}`: Foundry merges a flag's object into what is
 * stored, so a map of counts would keep last round's keys, but an array is replaced whole.
 */
export async function spendAoo(scene, tokenId) {
  const combat = encounterOn(scene);
  if (!combat) return;
  const prior = combat.flags?.[MODULE_ID]?.aoo;
  const spent = prior?.round === combat.round && Array.isArray(prior.spent) ? [...prior.spent] : [];
  await combat.setFlag(MODULE_ID, "aoo", { round: combat.round, spent: [...spent, tokenId] });
}
