/**
 * Ball ticks in the combat tracker: six hidden "Ball" combatants at 25..1 that lose ties to
 * players; on a ball's turn the companion's GM gets the tick card (applied at once if the
 * table says so), or, while the ball lies still, the tracker moves on.
 */
import {
  isBallCombatant,
  misplacedBallCombatants,
  missingBallCombatants,
} from "../../core/ticks.mjs";
import { repeatsTurn } from "../../core/turn-stamp.mjs";
import { courtOfCombat, hasBallTurns, mixedCourtOf } from "../world/encounters.mjs";
import { stampAt } from "../requests/turns.mjs";
import { performAction } from "../cards/chat.mjs";
import { tokenSquare } from "../../core/geometry.mjs";
import { MODULE_ID, fvtt, i18n, isCompanionGM, setting } from "../world/env.mjs";
import { ballToken, ballcourtOf } from "../world/scene.mjs";
import { companion, linksHere } from "../world/link.mjs";
import { announceIfOver } from "../cards/match-events.mjs";
import { resolveTick } from "./yaotzin.mjs";
import { autopilotTurn, endProposal } from "./yaotzin-autopilot.mjs";
import { stoppedOn } from "./react.mjs";
import { readCourt } from "./yaotzin-players.mjs";

const warnedCombats = new Set();

/**
 * An encounter with no court to be found: say so, once, if it has the ball's turns, or if
 * some of its combatants stand on a court and others elsewhere (it is not adopted).
 */
function warnNoCourt(combat) {
  const mixed = mixedCourtOf(combat);
  if ((!hasBallTurns(combat) && !mixed) || warnedCombats.has(combat.id)) return;
  warnedCombats.add(combat.id);
  fvtt.ui.notifications?.warn(
    mixed
      ? i18n().format("BALLCOURT.Combat.Mixed", { court: mixed.name })
      : i18n().localize("BALLCOURT.Combat.NoCourt"),
  );
}

/**
 * On the active GM's client, when an encounter starts or its round or turn moves on (the
 * updateCombat hook, which every client gets, whoever pressed the tracker's button): link an
 * unlinked encounter to its court (encounters.mjs), so the ball keeps its turns if the GM
 * looks elsewhere; add the ball's six
 * combatants if they are missing and put back their counts if the tracker was reset.
 */
export function ensureBallCombatants(combat) {
  if (!isCompanionGM()) return Promise.resolve([]);
  // one at a time per encounter: a start changes round and turn at once
  const prior = ensuring.get(combat.id) ?? Promise.resolve();
  const next = prior.then(() => placeBallCombatants(combat));
  ensuring.set(
    combat.id,
    next.catch(() => {}),
  );
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
  const missing = missingBallCombatants(existing, (count) =>
    i18n().format("BALLCOURT.Combat.Ball", { count }),
  );
  if (!missing.length) return [];
  return combat.createEmbeddedDocuments(
    "Combatant",
    missing.map((c) => ({ ...c, img: "modules/ballcourt/assets/ball.svg" })),
  );
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

/** Whether the tracker went back (Previous turn or round): the GM is rewinding, not playing on. */
const wentBack = (prior, current) =>
  current.round < prior?.round || (current.round === prior?.round && current.turn < prior?.turn);

/** The turn each encounter was last at when its turn change was handled here: {combatId: stamp}. */
const handledTurns = new Map();

/**
 * On the companion GM's client, each turn change: a ball's tick, or an NPC's autopilot. A turn
 * change that repeats the turn last handled (Foundry may run its turn events again with the
 * same combatant, FOUNDRY-SEMANTICS §7.4) starts nothing: no second proposal, no second tick.
 */
export async function onCombatTurnChange(combat, prior, current) {
  if (!isCompanionGM()) return null;
  const turn = stampAt(combat, current); // the turn this change is to, as Foundry says (the tracker may be further on)
  if (repeatsTurn(handledTurns.get(combat.id), turn)) return null;
  handledTurns.set(combat.id, turn);
  const combatant = combat.combatants.get(current.combatantId);
  const scene = courtOfCombat(combat);
  await endProposal(); // the Yaotzin autopilot's proposal for the turn before goes
  // a co-GM Foundry made active with no link settings in his browser (he was told to name the
  // companion's GM, link.mjs): the turns the companion answers wait for the GM who holds the link
  const linked = linksHere();
  if (!isBallCombatant(combatant)) {
    await noteTurnStart(scene, combatant?.tokenId);
    if (linked && !wentBack(prior, current)) await autopilotTurn(combat, combatant, turn); // an NPC on autopilot (yaotzin-autopilot.mjs)
    return null;
  }
  if (!scene) {
    warnNoCourt(combat);
    return null;
  }
  // a rewind onto the ball's turn replays nothing: its tick (if any) was resolved when it was played
  if (wentBack(prior, current)) return null;
  const court = readCourt(scene); // read once: whether the ball rolls, and its tick
  if (!(court.ball?.speed > 0)) {
    // a still ball: nothing to resolve and nobody to act, the tracker moves on
    if (combat.combatants.some?.((c) => !isBallCombatant(c))) await combat.nextTurn?.();
    return null;
  }
  if (!linked) return null;
  const message = await resolveTick(scene, court);
  // applied: the tracker moves on by itself; unless an NPC on autopilot stopped the ball, whose card holds then
  if (setting("autoApplyTicks") && message && !stoppedOn(message)) {
    await performAction(message.id, "apply", fvtt.game.user.id);
    await combat.nextTurn?.();
  }
  return message;
}

/**
 * A new combat round on a court moves the match's clock on (the active GM posts it once). A
 * rewind (Previous round: `direction` -1, or a round lower than the one before) never does.
 */
export async function onUpdateCombat(combat, changed, options = {}) {
  if (!isCompanionGM()) return null;
  // combatRound fires only on the client that moved the round on (a player's, maybe): here
  // every round change and every reset reaches the active GM
  if ("round" in changed || "turn" in changed) await ensureBallCombatants(combat);
  if (!("round" in changed) || changed.round <= 1) return null;
  if (options?.direction === -1 || changed.round <= (combat.previous?.round ?? 0)) return null;
  const bc = ballcourtOf(courtOfCombat(combat));
  if (!bc?.matchId || !linksHere()) return null; // the clock waits for the GM who holds the link, as the ball's turns do
  const state = await companion("POST", `/api/v1/matches/${bc.matchId}/events`, { type: "round" });
  await announceIfOver(bc.matchId, state); // the clock's last round ends a Yaotzin match
  return state;
}

/**
 * renderCombatTracker: the ball's turns are marked (a ball icon, a compact row) so the GM
 * tells them from the fight's own combatants at a glance.
 */
export function onRenderCombatTracker(app, html) {
  const combat = app?.viewed ?? fvtt.game.combat;
  const root = html?.querySelectorAll ? html : html?.[0];
  if (!combat || !root) return;
  for (const row of root.querySelectorAll("[data-combatant-id]")) {
    if (isBallCombatant(combat.combatants.get(row.dataset.combatantId)))
      row.classList.add("ballcourt-ball-turn");
  }
}
