/**
 * Yaotzin at the table: kicks, interceptions, ball actions and their Apply/Undo, on a scene
 * whose flags hold the court mapping and the companion match.
 */
import {
  fieldsBefore,
  restoreSheets,
  setStatus,
  statusesBefore,
  updateRemembering,
} from "../../adapters/sheet-writes.mjs";
import { knockedOutNow, markKnockouts, planYaotzinApply } from "../../core/apply.mjs";
import { touched } from "../../core/undo.mjs";
import {
  interceptRequest,
  kickRequest,
  previewRequest,
  tickRequest,
} from "../../core/requests.mjs";
import { registerCardHandlers, postCard } from "../cards/chat.mjs";
import { encounterOn } from "../world/encounters.mjs";
import { MODULE_ID, fvtt, isCompanionGM, localizedError, notify, setting } from "../world/env.mjs";
import { companion, quietly } from "../world/link.mjs";
import { applyAtomically, undoAtomically } from "../cards/match-events.mjs";
import { broadcastFlash, drawAnswer } from "../world/overlay-layer.mjs";
import { adapter, ballToken, ballcourtOf, tokenById, tokenList } from "../world/scene.mjs";
import { gatherRolls } from "../requests/roll-requests.mjs";
import { requireCurrent, trackerFor } from "../requests/turns.mjs";
import { pressNpcDisarmBack } from "./autopilot-npc.mjs"; // the autopilot's disarm back, once the disarm is applied
import { postAdvice, postTickAdvice } from "./advice.mjs"; // NPC interceptors' try / let it pass, the autopilot's tries
import { contest } from "./contests.mjs"; // a card's trip back is a contest like the menu's
import {
  ballState,
  courtCardContext,
  courtContext,
  foundryD20,
  natural,
  playersOn,
  readCourt,
  spendAoo,
} from "./yaotzin-players.mjs";

export { courtContext, foundryD20, natural, playersOn, spendAoo };

/**
 * A kick at `target`, standing or running, with Power Attack. The kicker's d20 is rolled in
 * Foundry with the modifier the companion computes, from the kick's preview: the one the kick
 * tool passes (made with the same choices), or one asked for now; without one the companion
 * rolls. The card keeps the kick's drawing and that preview's landing heat map, which every
 * client sees when it is applied. The court is read once (readCourt); the drawing, the card
 * and the NPCs' advice are written at the end.
 */
export async function resolveKick(
  scene,
  { kicker, target, standing, powerAttack = 0, preview = null } = {},
) {
  const court = readCourt(scene);
  const args = {
    mapping: court.mapping,
    field: court.field,
    players: court.players,
    ball: court.ball,
    kicker,
    target,
    standing,
    powerAttack,
    settings: court.settings,
  };
  const seen =
    preview ??
    (await quietly("POST", "/api/v1/yaotzin/kick/preview", previewRequest(args)).catch(() => null));
  const mod = seen?.attack?.modifier;
  const attack = Number.isInteger(mod)
    ? await foundryD20("attack", mod, court.tokens.get(kicker)?.name)
    : null;
  const answer = await companion(
    "POST",
    "/api/v1/yaotzin/kick",
    kickRequest({ ...args, rolls: attack ? { attack: natural(attack) } : undefined }),
  );
  // the companion handed to another GM meanwhile: his page knows nothing of this kick, and
  // takes kicks for the same kicker; only the page that holds the link posts a kick's card
  if (!isCompanionGM())
    throw localizedError("BALLCOURT.Turns.KickHandedOver", {
      kicker: court.tokens.get(kicker)?.name ?? kicker,
    });
  const landing = (seen?.odds?.landing ?? []).map((c) => ({ x: c.x, y: c.y, p: c.p }));
  const context = {
    ...courtCardContext(court, "kick"),
    drawing: { overlay: answer.overlay ?? null, landing },
  };
  drawAnswer(scene, court.mapping, answer);
  const card = await postCard(answer, context, {
    extraRolls: attack ? [attack] : [],
    showTo: court.owners[kicker] ?? [],
  });
  await postAdvice(answer, court, card); // the NPC interceptors' try / let it pass (or their preset's), to the GMs alone
  return card;
}

/**
 * The ball's turn: where it rolls from the court as read once (`court`: the reading the
 * tracker already took to see the ball rolls), drawn and carded at the end.
 */
export async function resolveTick(scene, court = readCourt(scene)) {
  if (!court.ball) throw localizedError("BALLCOURT.Court.NoBall");
  const answer = await companion(
    "POST",
    "/api/v1/yaotzin/tick",
    tickRequest({
      mapping: court.mapping,
      field: court.field,
      players: court.players,
      ball: court.ball,
      settings: court.settings,
    }),
  );
  drawAnswer(scene, court.mapping, answer);
  const card = await postCard(answer, {
    ...courtCardContext(court, "tick"),
    drawing: { overlay: answer.overlay ?? null },
  });
  await postTickAdvice(answer, court, card); // the NPCs on autopilot that the ball passes try to stop it
  return card;
}

/** Read the scene into the shape core/apply.mjs plans against. */
function sceneState(scene) {
  const a = adapter();
  const ball = ballToken(scene);
  return {
    ball: ball ? { id: ball.id, x: ball.x, y: ball.y, flags: ball.flags } : null,
    tokens: new Map(
      tokenList(scene).map((t) => [
        t.id,
        { id: t.id, x: t.x, y: t.y, nonlethal: t.actor ? a.nonlethal(t.actor) : 0 },
      ]),
    ),
  };
}

/**
 * Let the ball token travel its whole path in one movement (v13+ TokenDocument#move), which
 * Foundry animates on every connected client: the flight, the scatter, the roll. The rules
 * already chose the path, so walls and terrain costs do not bend it and no ruler is shown.
 */
export const BALL_MOVE = Object.freeze({
  autoRotate: false,
  showRuler: false,
  constrainOptions: { ignoreWalls: true, ignoreCost: true },
});

/**
 * Put tokens on the squares the module decided (an Apply, its Undo, a walk that landed after
 * its turn taken back): no dribble check (dribble.mjs lets the module's own moves through).
 */
export function placeTokens(scene, updates) {
  return scene.updateEmbeddedDocuments("Token", updates, { [MODULE_ID]: { internal: true } });
}

async function moveAlong(scene, waypoints) {
  const ball = ballToken(scene);
  if (waypoints.length < 2 || typeof ball?.move !== "function") return;
  await ball.move(
    waypoints.map(({ x, y }) => ({ x, y })),
    { ...BALL_MOVE, [MODULE_ID]: { internal: true } },
  );
}

/**
 * Each damaged sheet's nonlethal damage by its system's rules, read as it is when written;
 * returns, per token, what the changed fields held before, for Undo. A pf1 sheet under Wounds
 * and Vigor has no hit points: the GM is told the damage is only the module's count.
 */
async function changeNonlethal(scene, damage) {
  const a = adapter();
  const before = [];
  for (const d of damage) {
    const token = tokenById(scene, d.tokenId);
    if (!token?.actor) continue;
    before.push({
      tokenId: d.tokenId,
      fields: await updateRemembering(
        token.actor,
        (now) => a.nonlethalUpdate(now, d.amount),
        a.hitPointSideEffects,
      ),
    });
    if (a.woundsAndVigor?.(token.actor)) {
      notify("info", "BALLCOURT.Health.WoundsAndVigor", { name: token.name, amount: d.amount });
    }
  }
  return before;
}

/** Each damaged token's state by his sheet: out from nonlethal (true, false), or null without hit points. */
function outStates(scene, damage) {
  const a = adapter();
  return new Map(
    damage.map(({ tokenId }) => {
      const actor = tokenList(scene).find((t) => t.id === tokenId)?.actor;
      return [tokenId, actor ? a.outFromNonlethal(actor) : null];
    }),
  );
}

/** Knock each token prone where his system keeps it; returns, per token, his statuses as they were, for Undo. */
async function setProne(scene, tokenIds) {
  const a = adapter();
  const before = [];
  for (const tokenId of tokenIds) {
    const actor = tokenById(scene, tokenId)?.actor;
    if (actor) before.push({ tokenId, statuses: await setStatus(a, actor, "prone", true) });
  }
  return before;
}

/**
 * Undo of a card an earlier version of the module applied, whose record kept the damage done
 * (negated) and the tokens knocked prone rather than what the sheets held: taken back as that
 * version took it back, so an upgrade loses no Undo.
 */
async function undoOlderRecord(scene, undo) {
  const a = adapter();
  for (const d of undo.damage ?? []) {
    const actor = tokenById(scene, d.tokenId)?.actor;
    if (actor)
      await actor.update({ [a.nonlethalPath(actor)]: Math.max(0, a.nonlethal(actor) + d.amount) });
  }
  for (const { tokenId, prone } of undo.prone ?? []) {
    const actor = tokenById(scene, tokenId)?.actor;
    if (actor) await setStatus(a, actor, "prone", prone);
  }
}

/** Put back what changeNonlethal and setProne recorded. */
function restoreActors(scene, records) {
  return restoreSheets(adapter(), (id) => tokenById(scene, id)?.actor, records);
}

/** The players whose interception the companion's GM is carrying out now (one at a time each). */
const intercepting = new Set();

registerCardHandlers("yaotzin", {
  /** The ball where the card's lifecycle compares it with the card's `ballAt`: its court square, speed and direction. */
  ballNow(message) {
    const scene = fvtt.game.scenes.get(message.flags[MODULE_ID].context.sceneId);
    const mapping = scene ? ballcourtOf(scene)?.mapping : null;
    return mapping ? ballState(mapping, ballToken(scene)) : null;
  },
  /** What `apply` will change, read before it writes: its Undo record, had every write been made (chat.mjs's journal). */
  journal(message, action) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    const plan = planYaotzinApply(courtContext(scene).mapping, action.payload, sceneState(scene));
    const a = adapter();
    const actorOf = (tokenId) => tokenById(scene, tokenId)?.actor;
    const sheets = [
      ...plan.damage
        .filter((d) => actorOf(d.tokenId))
        .map((d) => ({
          tokenId: d.tokenId,
          fields: fieldsBefore(
            actorOf(d.tokenId),
            a.nonlethalUpdate(actorOf(d.tokenId), d.amount),
            a.hitPointSideEffects,
          ),
        })),
      ...plan.prone.filter(actorOf).map((tokenId) => ({
        tokenId,
        statuses: statusesBefore(a, actorOf(tokenId), "prone", true),
      })),
    ];
    const overrunner = ctx.overrun
      ? tokenList(scene).find((t) => t.id === ctx.overrun.actor)
      : null;
    const overran = overrunner
      ? { tokenId: overrunner.id, before: overrunner.flags?.[MODULE_ID]?.overran ?? null }
      : null;
    return { undo: { ...plan.undo, overran, sheets } };
  },
  async apply(message, action) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    const bc = courtContext(scene);
    const before = sceneState(scene); // read once, after the card's lifecycle found the ball where the card did (chat.mjs)
    const plan = planYaotzinApply(bc.mapping, action.payload, before);
    // the damage first: whether it knocked a player out is read from his sheet after it, and
    // sent on his damage event (the match report counts it); a failure below takes it back
    const outBefore = outStates(scene, plan.damage);
    const sheets = await changeNonlethal(scene, plan.damage); // and what it changed, as it found it
    const events = markKnockouts(
      plan.events,
      knockedOutNow(outBefore, outStates(scene, plan.damage)),
    );
    const { state, posted, seqs } = await applyAtomically(
      ctx.matchId,
      events,
      message.id,
      async () => {
        broadcastFlash(scene, bc.mapping, ctx.drawing); // every client: the flight, the heat, the landing
        await moveAlong(scene, plan.animation); // the ball token's move animates on every client
        if (plan.updates.length) await placeTokens(scene, plan.updates);
        sheets.push(...(await setProne(scene, plan.prone)));
      },
    ).catch(async (err) => {
      await restoreActors(scene, sheets);
      throw err;
    });
    const overran = ctx.overrun ? await noteOverrun(scene, ctx.overrun) : null;
    return {
      undo: { ...plan.undo, overran, sheets },
      seqAfter: state?.seq ?? null,
      events: posted,
      seqs,
      touched: touched({
        moves: plan.updates,
        actors: [...plan.damage.map((d) => d.tokenId), ...plan.prone],
      }),
    };
  },
  /** Once a card is applied: an NPC dribbler on act presses the disarm back it offers (autopilot-npc.mjs). */
  afterApply: pressNpcDisarmBack,
  async undo(message, record) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    await undoAtomically(ctx.matchId, record);
    if (record.undo.updates.length) await placeTokens(scene, record.undo.updates);
    if (record.undo.sheets) await restoreActors(scene, record.undo.sheets);
    else await undoOlderRecord(scene, record.undo);
    if (record.undo.overran) await restoreOverran(scene, record.undo.overran); // null unless the card was a won overrun
  },
  async act(message, action, user, recheck = () => {}) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    const kind = action.id.split(":")[0];
    if (kind === "trip_back" || kind === "disarm_back") {
      // a trip back, another contest: the defender's ("trip_back", after a failed trip or
      // overrun) or the actor's ("trip_back:<actor>", after the target's failed trip as his
      // attack of opportunity); `after` tells the companion which, for its modifiers. The
      // dribbler's disarm back (after a disarm taken as an attack of opportunity) comes at
      // once: not once the turn the disarm was made in is over.
      const { actor, target, after } = action.payload;
      if (kind === "disarm_back" && ctx.turn) {
        requireCurrent(ctx.turn, trackerFor(scene), {
          key: "BALLCOURT.Turns.LateDisarmBack",
          data: { player: tokenById(scene, actor)?.name ?? actor },
        });
      }
      return contest(scene, {
        actor,
        target,
        kind: kind === "disarm_back" ? "disarm" : "trip",
        reaction: true,
        after,
      });
    }
    // the court as it was when the card was pressed: the save may wait minutes for its player
    const court = readCourt(scene);
    const who = court.players.find((p) => p.id === action.payload.player);
    const token = tokenList(scene).find((t) => t.id === action.payload.player);
    const [save] =
      setting("diceSource") === "foundry"
        ? await gatherRolls([
            {
              scene,
              token,
              check: { type: "save", id: "reflex" },
              tag: "save",
              flavor: who?.name,
              pressedBy: user?.id,
              local: () => foundryD20("save", who?.reflex ?? 0, who?.name),
            },
          ])
        : [null];
    recheck(); // the save may have taken minutes: the card must still allow the try (not applied, the ball where it was)
    const player = action.payload.player;
    // his attacks of opportunity as they stand at the write: another card's try may have spent
    // the last meanwhile, or be spending it now
    if (
      intercepting.has(player) ||
      readCourt(scene).players.find((p) => p.id === player)?.aoo_left === 0
    ) {
      throw localizedError("BALLCOURT.Lifecycle.NoAooLeft", { name: who?.name ?? player });
    }
    intercepting.add(player);
    try {
      const answer = await companion(
        "POST",
        "/api/v1/yaotzin/intercept",
        interceptRequest({
          mapping: court.mapping,
          field: court.field,
          players: court.players,
          action,
          save: natural(save),
          settings: court.settings,
        }),
      );
      await spendAoo(scene, player);
      // which card and button it answers, and how it came out: the autopilot's chain of tries reads it (react.mjs)
      return await postCard(
        answer,
        {
          ...courtCardContext(court, "intercept"),
          drawing: { overlay: answer.overlay ?? null },
          answers: { messageId: message.id, actionId: action.id },
          outcome: answer.outcome ?? null,
        },
        { extraRolls: save ? [save] : [] },
      );
    } finally {
      intercepting.delete(player);
    }
  },
});

/**
 * A won overrun, applied: the actor may dribble through the beaten opponent's square for the
 * rest of this turn (the dribble's `overran`). The note on his token carries the encounter's
 * round and turn, so it lapses when the turn changes (dribble.mjs overranThisTurn). Returns
 * what Undo puts back.
 */
async function noteOverrun(scene, { actor, target }) {
  const token = tokenList(scene).find((t) => t.id === actor);
  const combat = encounterOn(scene);
  if (!token || !combat) return null;
  const before = token.flags?.[MODULE_ID]?.overran ?? null;
  const same = before?.round === combat.round && before?.turn === combat.turn;
  const ids = [...new Set([...(same ? before.ids : []), target])];
  await token.setFlag(MODULE_ID, "overran", { round: combat.round, turn: combat.turn, ids });
  return { tokenId: actor, before };
}

async function restoreOverran(scene, { tokenId, before }) {
  await tokenList(scene)
    .find((t) => t.id === tokenId)
    ?.setFlag(MODULE_ID, "overran", before); // null: none
}
