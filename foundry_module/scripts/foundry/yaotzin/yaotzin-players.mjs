/**
 * The Yaotzin court read once for an activity (readCourt: its players as the companion takes
 * them, with the attacks of opportunity they have left this round, the ball, the owners), and
 * the Foundry d20s of a table that rolls its own dice: what a kick, a tick, a contest and an
 * interception all read (yaotzin.mjs, contests.mjs, planner.mjs, kick-relay.mjs), below them
 * so that none of them imports another to read the court.
 */
import { tokenSquare } from "../../core/geometry.mjs";
import { yaotzinPlayers } from "../../core/requests.mjs";
import { encounterOn } from "../world/encounters.mjs";
import { MODULE_ID, fvtt, localizedError, setting } from "../world/env.mjs";
import {
  DEFAULT_TEAMS,
  ballToken,
  ballcourtOf,
  cardContextOf,
  ownersOf,
  teamOf,
  tokenList,
  yaotzinDescriptors,
} from "../world/scene.mjs";
import { yaotzinRules } from "../world/settings.mjs";

export function courtContext(scene) {
  const bc = ballcourtOf(scene);
  if (bc?.game !== "yaotzin") throw localizedError("BALLCOURT.Court.NotACourt");
  return bc;
}

/**
 * The court as one activity (a kick, a tick, a contest, an interception, a dribble) reads it: once,
 * before it computes, as plain data. The scene's court (mapping, field, teams, match), the
 * ball's square and roll, each token's name, team, owners and speed, the players as the
 * companion takes them with the attacks of opportunity they have left this round (from the
 * encounter's record), the encounter's round and turn, and the rules. The activity computes from this and writes once at its end, so
 * nothing it sends or posts is read from the world again halfway through (a player's roll
 * can take minutes).
 */
export function readCourt(scene) {
  const bc = courtContext(scene);
  const encounter = encounterOn(scene);
  const spent = aooSpentThisRound(encounter);
  const owners = ownersOf(scene);
  const descriptors = yaotzinDescriptors(
    scene,
    (id) => spent.filter((s) => s === id).length || undefined,
  );
  const speeds = new Map(descriptors.map((d) => [d.id, d.stats?.speed]));
  return {
    game: "yaotzin",
    sceneId: scene.id,
    matchId: bc.matchId ?? null,
    mapping: bc.mapping,
    field: bc.field,
    teams: bc.teams ?? DEFAULT_TEAMS,
    ball: ballState(bc.mapping, ballToken(scene)),
    tokens: new Map(
      tokenList(scene).map((t) => [
        t.id,
        { id: t.id, name: t.name, team: teamOf(t), owners: owners[t.id], speed: speeds.get(t.id) },
      ]),
    ),
    owners,
    players: yaotzinPlayers(bc.mapping, descriptors),
    encounter: encounter ? { round: encounter.round, turn: encounter.turn } : null,
    settings: yaotzinRules(),
  };
}

/** Who spent an attack of opportunity this round (a token id per attack), from the encounter's flags. */
function aooSpentThisRound(combat) {
  const record = combat?.flags?.[MODULE_ID]?.aoo;
  return combat && record?.round === combat.round && Array.isArray(record.spent)
    ? record.spent
    : [];
}

export function playersOn(scene) {
  return readCourt(scene).players;
}

/** Where a court's ball is and how it rolls ({x, y, speed, direction}, in squares); null without one. */
export function ballState(mapping, ball) {
  if (!ball) return null;
  const { speed = 0, direction = null } = ball.flags?.[MODULE_ID]?.ball ?? {};
  return { ...tokenSquare(mapping, ball), speed, direction };
}

/**
 * A Yaotzin card's context: cardContextOf's, and the ball as the card's answer found it
 * (`ballAt`), which its Apply checks before it moves the ball (yaotzin.mjs).
 */
export function courtCardContext(court, kind) {
  return { ...cardContextOf(court, kind), ballAt: court.ball };
}

/** A d20 rolled in Foundry for `name` (when the table rolls its own dice). */
export async function foundryD20(name, modifier, flavor) {
  if (setting("diceSource") !== "foundry") return null;
  const roll = await new fvtt.Roll("1d20 + @mod", { mod: modifier }).evaluate();
  roll.options.ballcourt = name;
  roll.options.flavor = flavor;
  return roll;
}

/** A d20 roll's natural: its active face (a rerolled or discarded face does not count). */
export function natural(roll) {
  const results = roll?.dice?.[0]?.results ?? [];
  return (results.find((r) => r.active !== false && !r.discarded && !r.rerolled) ?? results[0])
    ?.result;
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
  // read at the write, not from the activity's snapshot: another interception may have spent one meanwhile
  await combat.setFlag(MODULE_ID, "aoo", {
    round: combat.round,
    spent: [...aooSpentThisRound(combat), tokenId],
  });
}
