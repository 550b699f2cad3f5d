/**
 * Goat-ball checks and resolution: the tip-off, a declared pass's checks and card, and the
 * card's Apply, Undo and carrier choice.
 */
import { dnd5e } from "../../adapters/dnd5e.mjs";
import {
  fieldsBefore,
  restoreSheets,
  setStatus as setSheetStatus,
  statusesBefore,
  updateRemembering,
} from "../../adapters/sheet-writes.mjs";
import { planGoatballApply } from "../../core/apply.mjs";
import { platformAt } from "../../core/arena.mjs";
import { facesOf } from "../../core/goatball.mjs";
import { touched } from "../../core/undo.mjs";
import { rolledByGM } from "./goatball-autopilot.mjs";
import { registerCardHandlers, postCard } from "../cards/chat.mjs";
import { MODULE_ID, fvtt, localizedError } from "../world/env.mjs";
import { companion, quietly } from "../world/link.mjs";
import { applyAtomically, undoAtomically } from "../cards/match-events.mjs";
import {
  adapter,
  ballToken,
  cardContextOf,
  teamOf,
  tokenById,
  tokenList,
} from "../world/scene.mjs";
import { gatherRolls } from "../requests/roll-requests.mjs";
import { arenaOf, drawHeat, platformSpots, readArena } from "./goatball-arena.mjs";
import { currentDeclarations, finishPass } from "./goatball-declarations.mjs";

export const OUT_STATUS = "unconscious";

export function skillsOf(token) {
  return adapter().goatballSkills(token?.actor ?? {});
}

/** A goat-ball check: dnd5e's own skill roll, else a Roll with the adapter's modifier. */
export async function skillCheck(token, skill, advantage = false) {
  const actor = token.actor;
  const key = skill === "athletics" ? "ath" : "acr";
  if (typeof actor?.rollSkill === "function" && fvtt.game.system.id === "dnd5e") {
    // No dnd5e card of its own: the roll rides on the one Ballcourt card (one message, each die shown once).
    const rolls = await actor.rollSkill(
      dnd5e.rollConfig({ skill: key }, advantage),
      { configure: false },
      { create: false },
    );
    const roll = Array.isArray(rolls) ? rolls[0] : rolls;
    if (roll) {
      roll.options.ballcourt = `${token.id}.${skill}`;
      return roll;
    }
  }
  const mod = skillsOf(token)[skill] ?? 0;
  const roll = await new fvtt.Roll(advantage ? "2d20kh + @mod" : "1d20 + @mod", { mod }).evaluate();
  roll.options.ballcourt = `${token.id}.${skill}`;
  return roll;
}

/** A goat-ball check for gatherRolls: the owner's roll, or the GM's as skillCheck rolls it. */
function checkFor(scene, token, skill, advantage = false) {
  return {
    scene,
    token,
    check: { type: "skill", id: skill },
    advantage,
    tag: `${token?.id}.${skill}`,
    flavor: token?.name,
    local: () => skillCheck(token, skill, advantage),
    byGM: rolledByGM(token),
  }; // autopilot: an NPC's check is the GM's to roll, unasked
}

export async function tipOff(scene, onlyIds = null) {
  const reading = readArena(scene);
  const tokens = tokenList(scene).filter(
    (t) => teamOf(t) && (!onlyIds || onlyIds.includes(t.id)) && !t.flags?.[MODULE_ID]?.out,
  );
  const checks = {};
  const rolls = await gatherRolls(tokens.map((token) => checkFor(scene, token, "acrobatics")));
  for (const [i, token] of tokens.entries())
    checks[token.id] = { check: rolls[i].total, skill: "acrobatics" };
  const answer = await companion("POST", "/api/v1/goatball/tipoff", {
    teams: reading.teams,
    checks,
    settings: reading.settings,
  });
  return postCard(answer, cardContextOf(reading, "tipoff"), { extraRolls: rolls });
}

/**
 * Once everyone has declared, the checks are rolled (declarations come first, rolls after):
 * throw and intercept with the player's chosen skill, advantage in the carrier's or the
 * target's zone; a knock-off's Athletics against the target's better skill; a block with
 * Str (Athletics), the move it contests with the mover's declared skill; a hot throw's
 * Acrobatics contest, the carrier with advantage. A target some Defend names sends his d20
 * faces, two for a check a Defend covers and one for any other (Declarations#coveredChecks,
 * facesOf), and the companion alone picks the face that counts: whether a Defend still helps
 * depends on who is out by then, which only the resolution knows. Each
 * check is the owner's to roll when players roll their own (roll-requests.mjs). Each total
 * keeps the skill it was rolled with and its advantage, for the card.
 */
export async function rollChecks(scene, declarations, players, rolls) {
  const tokens = new Map(tokenList(scene).map((t) => [t.id, t]));
  const zone = (id) => players.get(id)?.zone ?? null;
  const thrown = declarations.carrierThrow();
  const focus = new Set([zone(declarations.carrier), zone(thrown?.target)].filter(Boolean));
  const all = [...declarations.declared.values()];
  const defended = declarations.defendedTargets();
  const covered = declarations.coveredChecks();
  // [{key, field, player, skill, advantage, faces}] in the order they are rolled; `faces`: a
  // check whose target a Defend names goes to the companion as its d20 faces
  const plan = [];
  const check = (key, field, player, skill, advantage = false, faces = false) =>
    plan.push({ key, field, player, skill, advantage, faces });
  const better = (id) => {
    const s = skillsOf(tokens.get(id));
    return s.athletics >= s.acrobatics ? "athletics" : "acrobatics";
  };
  for (const d of all) {
    if (d.action === "throw" || d.action === "intercept") {
      check(d.player, "total", d.player, d.skill ?? "athletics", focus.has(zone(d.player)));
    } else if (d.action === "knock_off") {
      check(d.player, "total", d.player, "athletics");
      check(
        d.player,
        "defense",
        d.target,
        better(d.target),
        covered.knockOffs.has(d.player),
        defended.has(d.target),
      );
    } else if (d.action === "block") {
      check(d.player, "total", d.player, "athletics");
    } else if (
      d.action === "move" &&
      all.some((x) => x.action === "block" && zone(x.player) === d.zone)
    ) {
      check(d.player, "total", d.player, d.skill ?? "athletics"); // the mover's choice (the blocker has none)
    }
  }
  if (thrown?.kind === "hot") {
    check("hot", "carrier", declarations.carrier, "acrobatics", true);
    check("hot", "target", thrown.target, "acrobatics", covered.hot, defended.has(thrown.target));
  }
  const rolled = await gatherRolls(
    plan.map((p) => checkFor(scene, tokens.get(p.player), p.skill, p.advantage)),
  );
  const totals = {};
  for (const [i, p] of plan.entries()) {
    rolls.push(rolled[i]);
    // what the card shows beside each total: the skill rolled, and whether with advantage
    const said =
      p.field === "total"
        ? { skill: p.skill, advantage: p.advantage }
        : p.field === "defense"
          ? { defenseSkill: p.skill }
          : {};
    // a defended target's faces (two when a Defend covers the check, else one) go to the
    // companion, which picks the one that counts
    const both = p.faces ? facesOf(rolled[i]) : null;
    const got = !both
      ? { [p.field]: rolled[i].total }
      : p.field === "defense"
        ? { defenseFaces: both.faces, defenseModifier: both.modifier }
        : { targetFaces: both.faces, targetModifier: both.modifier };
    totals[p.key] = { ...totals[p.key], ...got, ...said };
  }
  return totals;
}

/**
 * Roll the checks, resolve the declared pass on the companion, post the card: from the arena
 * as the pass read it when it started (startPass), written at the end.
 */
export async function resolvePass(pass = currentDeclarations()) {
  const scene = fvtt.game.scenes.get(pass.sceneId);
  const { match, declarations, reading } = pass;
  const players = new Map(match.teams.flatMap((t) => t.players.map((p) => [p.id, p])));
  const rolls = [];
  const totals = await rollChecks(scene, declarations, players, rolls);
  const body = declarations.toPassRequest(
    { teams: match.teams, possession: match.possession, settings: reading.settings },
    totals,
  );
  const answer = await companion("POST", "/api/v1/goatball/pass", body);
  const ctx = {
    ...cardContextOf(reading, "pass"),
    pass: { actions: body.actions, throw: body.throw ?? null },
  };
  finishPass(pass);
  drawHeat(scene, answer.overlay, match.teams);
  return postCard(answer, ctx, { extraRolls: rolls });
}

/** The tokens and the ball as core/apply.mjs plans against, each token's platform in `arena`. */
function sceneState(scene, arena) {
  const ball = ballToken(scene);
  const half = (scene.grid?.size ?? 100) / 2;
  return {
    ball: ball ? { id: ball.id, x: ball.x, y: ball.y } : null,
    tokens: new Map(
      tokenList(scene).map((t) => [
        t.id,
        {
          id: t.id,
          x: t.x,
          y: t.y,
          platform: platformAt(arena, { x: t.x + half, y: t.y + half }) ?? null,
          out: Boolean(t.flags?.[MODULE_ID]?.out),
          dead: Boolean(t.flags?.[MODULE_ID]?.dead),
        },
      ]),
    ),
  };
}

/** Mark each token out or back in, in its flags. */
async function setFlags(scene, list) {
  for (const { tokenId, out, dead } of list) {
    const token = tokenList(scene).find((t) => t.id === tokenId);
    if (token)
      await token.update({ [`flags.${MODULE_ID}.out`]: out, [`flags.${MODULE_ID}.dead`]: dead });
  }
}

/**
 * The unconscious status on each marked token's sheet; returns, per token, the sheet's
 * statuses as they were (with those the system sets alongside), for Undo.
 */
/**
 * Undo of a card an earlier version of the module applied, whose record kept the damage done
 * (negated) and the out statuses rather than what the sheets held: the out status set back,
 * the damage given back up to the sheet's maximum, so an upgrade loses no Undo.
 */
async function undoOlderRecord(scene, undo) {
  await setOutStatus(scene, undo.status ?? []);
  for (const d of undo.damage ?? []) {
    const actor = tokenById(scene, d.tokenId)?.actor;
    const hp = actor?.system?.attributes?.hp;
    if (hp)
      await actor.update({
        "system.attributes.hp.value": Math.min(hp.max ?? Infinity, hp.value - d.amount),
      });
  }
}

async function setOutStatus(scene, list) {
  const a = adapter();
  const before = [];
  for (const { tokenId, out } of list) {
    const actor = tokenList(scene).find((t) => t.id === tokenId)?.actor;
    if (actor) before.push({ tokenId, statuses: await setSheetStatus(a, actor, OUT_STATUS, out) });
  }
  return before;
}

/**
 * Bloodball's damage, 5e's way whatever the sheet (temporary hit points first, hit points
 * stop at 0), each sheet read as it is when it is written; returns, per token, the values the
 * changed fields held before, for Undo.
 */
async function changeHp(scene, damage) {
  const before = [];
  for (const d of damage) {
    const actor = tokenList(scene).find((t) => t.id === d.tokenId)?.actor;
    if (actor)
      before.push({
        tokenId: d.tokenId,
        fields: await updateRemembering(
          actor,
          (now) => dnd5e.damageUpdate(now, d.amount),
          adapter().hitPointSideEffects,
        ),
      });
  }
  return before;
}

function matchEvents(message) {
  const flags = message.flags[MODULE_ID];
  const { kind, pass } = flags.context;
  const payload = flags.card.actions.find((a) => a.id === "apply")?.payload ?? {};
  if (kind === "tipoff") {
    return [
      { type: "possession", team: payload.possession.team, carrier: payload.possession.carrier },
    ];
  }
  if (kind === "pass") {
    const event = { type: "pass", actions: pass.actions };
    if (pass.throw) event.throw = pass.throw;
    const rolls = Object.fromEntries((flags.card.rolls ?? []).map((r) => [r.name, r.natural]));
    if (Object.keys(rolls).length) event.rolls = rolls;
    return [event];
  }
  return [];
}

registerCardHandlers("goatball", {
  /** What `apply` will change, read before it writes: its Undo record, had every write been made (chat.mjs's journal). */
  journal(message, action) {
    const scene = fvtt.game.scenes.get(message.flags[MODULE_ID].context.sceneId);
    const arena = arenaOf(scene);
    const plan = planGoatballApply(
      action.payload,
      sceneState(scene, arena),
      platformSpots(scene, arena),
      { size: scene.grid?.size ?? 100 },
    );
    const a = adapter();
    const actorOf = (tokenId) => tokenList(scene).find((t) => t.id === tokenId)?.actor;
    const sheets = [
      ...plan.status
        .filter((s) => actorOf(s.tokenId))
        .map(({ tokenId, out }) => ({
          tokenId,
          statuses: statusesBefore(a, actorOf(tokenId), OUT_STATUS, out),
        })),
      ...plan.damage
        .filter((d) => actorOf(d.tokenId))
        .map((d) => ({
          tokenId: d.tokenId,
          fields: fieldsBefore(
            actorOf(d.tokenId),
            dnd5e.damageUpdate(actorOf(d.tokenId), d.amount),
            a.hitPointSideEffects,
          ),
        })),
    ];
    return { undo: { ...plan.undo, sheets } };
  },
  async apply(message, action) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    const size = scene.grid?.size ?? 100;
    const arena = arenaOf(scene); // read once: where each token stands and where each platform's spots are
    const plan = planGoatballApply(
      action.payload,
      sceneState(scene, arena),
      platformSpots(scene, arena),
      { size },
    );
    const updates = [...plan.moves, ...(plan.ballMove ? [plan.ballMove] : [])];
    const sheets = []; // what the writes changed on the sheets, as they found it
    const { state, posted, seqs } = await applyAtomically(
      ctx.matchId,
      matchEvents(message),
      message.id,
      async () => {
        await setFlags(scene, plan.status);
        sheets.push(...(await setOutStatus(scene, plan.status)));
        if (updates.length) await scene.updateEmbeddedDocuments("Token", updates);
        sheets.push(...(await changeHp(scene, plan.damage)));
      },
    );
    return {
      undo: { ...plan.undo, sheets },
      seqAfter: state?.seq ?? null,
      events: posted,
      seqs,
      touched: touched({
        moves: updates,
        actors: plan.damage.map((d) => d.tokenId),
        states: plan.status.map((s) => s.tokenId),
      }),
    };
  },
  async undo(message, record) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    await undoAtomically(ctx.matchId, record);
    await setFlags(scene, record.undo.status);
    const updates = [
      ...(record.undo.moves ?? []),
      ...(record.undo.ballMove ? [record.undo.ballMove] : []),
    ];
    if (updates.length) await scene.updateEmbeddedDocuments("Token", updates);
    if (record.undo.sheets)
      await restoreSheets(adapter(), (id) => tokenById(scene, id)?.actor, record.undo.sheets);
    else await undoOlderRecord(scene, record.undo);
  },
  /** "carrier:<token>": the team that gained the ball names its carrier; "reroll": a tied
   * tip-off rolls again among the tied. */
  async act(message, action) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    if (action.id === "reroll") return tipOff(scene, action.payload.players);
    const player = action.payload.player;
    // the match refuses a carrier no team waits for now (a later card gave the ball, or one was
    // named): the presser is told so in his language, not in the companion's words
    await quietly("POST", `/api/v1/matches/${ctx.matchId}/events`, {
      type: "carrier",
      player,
      meta: { message: message.id },
    }).catch((err) => {
      throw err?.status === 422 ? localizedError("BALLCOURT.Lifecycle.CarrierNotWaiting") : err;
    });
    const ball = ballToken(scene);
    const token = tokenList(scene).find((t) => t.id === player);
    if (ball && token)
      await scene.updateEmbeddedDocuments("Token", [{ _id: ball.id, x: token.x, y: token.y }]);
  },
});

/** The whole match at once: each side's fit players roll their better of Athletics and Acrobatics. */
export async function quickResolution(scene) {
  const reading = readArena(scene);
  const tokens = new Map([...(scene.tokens?.contents ?? scene.tokens)].map((t) => [t.id, t]));
  const rolls = [];
  const out = [];
  for (const team of reading.teams) {
    const checks = [];
    for (const p of team.players.filter((q) => !q.out && !q.dead)) {
      const token = tokens.get(p.id);
      const skills = skillsOf(token);
      const roll = await skillCheck(
        token,
        skills.athletics >= skills.acrobatics ? "athletics" : "acrobatics",
      );
      rolls.push(roll);
      checks.push(roll.total);
    }
    out.push({ id: team.id, checks });
  }
  const answer = await companion("POST", "/api/v1/goatball/quick", { teams: out });
  return postCard(answer, cardContextOf(reading, "quick"), { extraRolls: rolls });
}
