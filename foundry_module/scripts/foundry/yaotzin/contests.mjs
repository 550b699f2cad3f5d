/**
 * The Yaotzin actions a GM (or a kicker's palette) starts outside a card: a shot at a stone hoop
 * and a contest for the ball. The menu (setup/), the kick tool and a card's trip back
 * (yaotzin.mjs) call them alike.
 */
import { withAooDisarm } from "../../core/aoo-question.mjs";
import { squareAt, tokenSquare } from "../../core/geometry.mjs";
import { postCard } from "../cards/chat.mjs";
import { askTargetAoo } from "../requests/aoo-choice.mjs";
import { localizedError, setting } from "../world/env.mjs";
import { stampOn } from "../requests/turns.mjs";
import { askForm, controlledTokens, targetedTokens } from "../world/gm-input.mjs";
import { companion } from "../world/link.mjs";
import { drawAnswer } from "../world/overlay-layer.mjs";
import { tokenById } from "../world/scene.mjs";
import { npcAooAnswer } from "./autopilot-npc.mjs";
import { nearerHoop } from "./kick-palette.mjs";
import { courtCardContext, foundryD20, natural, readCourt, spendAoo } from "./yaotzin-players.mjs";

/**
 * The modifier the companion gives each named d20 of an action, read from a dry run with fixed
 * naturals (the hoop and contest routes keep no state, so nothing is recorded). A refusal (the
 * wrong row for a hoop, a target too far) is shown before any die is rolled.
 */
async function companionModifiers(route, body, naturals) {
  const answer = await companion("POST", route, { ...body, rolls: naturals });
  const out = {};
  for (const r of answer.rolls ?? []) {
    if (Number.isInteger(r.natural) && Number.isInteger(r.total))
      out[r.name] ??= r.total - r.natural;
  }
  return out;
}

/** The Foundry rolls the companion actually used (a confirmation only after a natural 20...). */
function usedRolls(answer, rolls) {
  const names = new Set((answer.rolls ?? []).map((r) => r.name));
  return rolls.filter((r) => r && names.has(r.options?.ballcourt));
}

/**
 * A shot at a stone hoop by `kicker` (default: the one controlled token), standing or running,
 * with Power Attack; the side is asked for unless given. In Foundry the attack (and a
 * confirmation after a natural 20) are rolled with the companion's own modifier.
 */
export async function shootHoop(scene, { kicker, hoop, standing = true, powerAttack = 0 } = {}) {
  const kickerDoc = kicker ? tokenById(scene, kicker) : controlledTokens()[0];
  if (!kickerDoc) throw localizedError("BALLCOURT.Kick.PickKicker");
  const court = readCourt(scene);
  let side = hoop;
  if (!side) {
    const near = nearerHoop(court.field, tokenSquare(court.mapping, kickerDoc));
    const choice = await askForm([
      ["hoop", "BALLCOURT.Menu.Hoop", near, ["north", "south"], "BALLCOURT.Menu.HoopSide"],
    ]);
    if (!choice) return null;
    side = choice.hoop;
  }
  const body = {
    field: court.field,
    players: court.players,
    kicker: kickerDoc.id,
    hoop: side,
    standing: Boolean(standing),
    power_attack: powerAttack,
    settings: court.settings,
  };
  const rolls = {};
  const dice = [];
  if (setting("diceSource") === "foundry") {
    const mods = await companionModifiers("/api/v1/yaotzin/hoop", body, { attack: 1, scatter: 1 });
    const attack = await foundryD20("attack", mods.attack, kickerDoc.name);
    rolls.attack = natural(attack);
    dice.push(attack);
    if (rolls.attack === 20) {
      const confirm = await foundryD20("confirm", mods.attack, kickerDoc.name);
      rolls.confirm = natural(confirm);
      dice.push(confirm);
    }
  }
  const answer = await companion(
    "POST",
    "/api/v1/yaotzin/hoop",
    Object.keys(rolls).length ? { ...body, rolls } : body,
  );
  drawAnswer(scene, court.mapping, answer);
  return postCard(answer, courtCardContext(court, "hoop"), { extraRolls: usedRolls(answer, dice) });
}

const CONTESTS = ["grapple", "disarm", "feint", "bull_rush", "overrun", "trip"];

/** A token's square on the court as the activity read it. */
const squareOf = (court, token) => tokenSquare(court.mapping, token);

/**
 * The d20s of the target's attack of opportunity, by his choice, in the order the companion
 * rolls them (docs/api.md, Roll names); an unarmed hit's 1d3 damage stays the companion's, as
 * every damage die does. The dry run's naturals reach each of them: a hit, then the check.
 */
const AOO_DICE = {
  unarmed: ["aoo_attack"],
  grapple: ["aoo_touch", "aoo_check", "aoo_defense"],
  trip: ["aoo_touch", "aoo_check", "aoo_defense"],
};
const AOO_DRY_RUN = { aoo_attack: 20, aoo_touch: 20, aoo_check: 20, aoo_defense: 1 };

/**
 * `actor` contests the ball with `target` (defaults: the controlled token and the user's
 * target); the kind is asked for unless given. In Foundry the touch attack and both sides'
 * checks, and the target's attack of opportunity's d20s, are rolled with the companion's
 * modifiers; a tie's re-roll is the companion's.
 * `reaction`: a trip back (the card's trip_back actions): the defender's after a failed trip or
 * overrun, or the actor's after the target's failed trip as his attack of opportunity; `after`
 * says which ("trip", "overrun", "target_aoo"), as the card's payload does.
 * `reaction` after "disarm_aoo" is the dribbler's disarm back (the card's disarm_back).
 * A contest the companion's preview says provokes first asks the target (his owner, or the GM
 * for an NPC; for an NPC whose team's autopilot is on act, the autopilot answers as the presets
 * would: autopilot-npc.mjs) whether he takes his attack of opportunity, and which (aoo-choice.mjs). When the
 * actor holds the ball (stands in its square) the target may disarm him (rulebook 10.0): that
 * disarm is played first as a contest of its own (`asAoo`), whose card offers the dribbler's
 * disarm back once applied and while the turn lasts (its context keeps the turn's stamp); the
 * actor's contest then goes on, the target's attack spent on the disarm.
 */
export async function contest(scene, options = {}) {
  return (await playContest(scene, options))?.message ?? null;
}

/** contest()'s work: the companion's answer and the card posted for it ({answer, message}), or null when the GM cancelled. */
async function playContest(
  scene,
  { actor, target, kind, to, reaction = false, after, asAoo = false } = {},
) {
  const actorDoc = actor ? tokenById(scene, actor) : controlledTokens()[0];
  const targetDoc = target ? tokenById(scene, target) : targetedTokens()[0];
  if (!actorDoc || !targetDoc) throw localizedError("BALLCOURT.Menu.ContestPick");
  let chosen = kind;
  if (!chosen) {
    const choice = await askForm([
      ["kind", "BALLCOURT.Menu.ContestKind", "disarm", CONTESTS, "BALLCOURT.Menu.Contests"],
    ]);
    if (!choice) return null;
    chosen = choice.kind;
  }
  // the court read once, before the target's owner is asked (that may take him minutes)
  const court = readCourt(scene);
  if (!court.ball) throw localizedError("BALLCOURT.Court.NoBall");
  const body = {
    field: court.field,
    players: court.players,
    kind: chosen,
    actor: actorDoc.id,
    target: targetDoc.id,
    ball: { x: court.ball.x, y: court.ball.y },
  };
  if (reaction) body.reaction = true;
  if (reaction && after) body.after = after;
  if (asAoo) body.as_aoo = true;
  if (chosen === "feint") {
    body.to =
      to ??
      squareAt(court.mapping, {
        x: targetDoc.x + court.mapping.gridSize * 1.5,
        y: targetDoc.y + court.mapping.gridSize / 2,
      });
  }
  // whether it provokes is the companion's rule (feats, prone, attacks left): ask it, roll nothing
  const { provokes } = await companion("POST", "/api/v1/yaotzin/contest", {
    ...body,
    preview: true,
  });
  const holdsBall =
    squareOf(court, actorDoc).x === court.ball.x && squareOf(court, actorDoc).y === court.ball.y;
  let aoo = provokes
    ? await askTargetAoo(scene, {
        actor: actorDoc,
        target: targetDoc,
        kind: chosen,
        disarm: holdsBall,
        npcAnswer: npcAooAnswer(targetDoc),
      })
    : null;
  let aooDisarm = null; // his attack of opportunity taken as a disarm: whether it took the ball
  if (aoo === "disarm") {
    const disarm = await playContest(scene, {
      actor: targetDoc.id,
      target: actorDoc.id,
      kind: "disarm",
      asAoo: true,
    });
    aooDisarm = { took: Boolean(disarm?.answer.success) };
    aoo = null; // his attack of opportunity was that disarm (spent by it)
  }
  const rolls = {};
  const dice = [];
  if (setting("diceSource") === "foundry") {
    // the contest's own dice are read without the attack of opportunity, which could stop the
    // contest before them; its dice (first: it comes first) with it
    const aooMods = aoo
      ? await companionModifiers(
          "/api/v1/yaotzin/contest",
          { ...body, target_aoo: { kind: aoo } },
          AOO_DRY_RUN,
        )
      : {};
    const mods = await companionModifiers("/api/v1/yaotzin/contest", body, {
      touch: 20,
      actor: 20,
      target: 1,
    });
    const defender = targetDoc.name; // the attack of opportunity is his; its defence the actor's
    const who = {
      touch: actorDoc.name,
      actor: actorDoc.name,
      target: defender,
      aoo_attack: defender,
      aoo_touch: defender,
      aoo_check: defender,
      aoo_defense: actorDoc.name,
    };
    const named = [
      ...(AOO_DICE[aoo] ?? []).map((n) => [n, aooMods[n]]),
      ...["touch", "actor", "target"].map((n) => [n, mods[n]]),
    ].filter(([, mod]) => mod !== undefined);
    for (const [name, mod] of named) {
      const roll = await foundryD20(name, mod, who[name]);
      rolls[name] = natural(roll);
      dice.push(roll);
    }
  }
  if (aoo) body.target_aoo = { kind: aoo };
  const answer = await companion(
    "POST",
    "/api/v1/yaotzin/contest",
    Object.keys(rolls).length ? { ...body, rolls } : body,
  );
  if (aoo) await spendAoo(scene, targetDoc.id); // as an interception does: one of his round's
  if (asAoo) await spendAoo(scene, actorDoc.id);
  // a won overrun lets him dribble on through the beaten player this turn: its Apply notes it (yaotzin.mjs)
  const overrun =
    answer.kind === "overrun" && answer.success
      ? { actor: answer.actor, target: answer.target }
      : null;
  const turn = asAoo ? { turn: stampOn(scene) } : {}; // the disarm back comes at once, in this turn
  // asked for the actor's contest alone, the companion says the target "may take" his attack
  // of opportunity: the card says he took it, as a disarm, and how it came out
  const card = aooDisarm
    ? withAooDisarm(answer.chat_card, {
        target: targetDoc.name,
        actor: actorDoc.name,
        took: aooDisarm.took,
      })
    : answer.chat_card;
  const message = await postCard(
    { ...answer, chat_card: card },
    { ...courtCardContext(court, "contest"), overrun, ...turn },
    { extraRolls: usedRolls(answer, dice) },
  );
  return { answer, message };
}
