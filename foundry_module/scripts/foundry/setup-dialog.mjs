/**
 * The GM's Ballcourt menu (one DialogV2): set up a court or an arena, teams, the ball, the
 * match; shoot at a hoop, contest the ball; tip-off, passes and quick resolution.
 */
import { squareAt, tokenSquare } from "../core/geometry.mjs";
import { escapeHtml } from "../core/i18n.mjs";
import { postCard } from "./chat.mjs";
import { assignTeam, createCourtScene, createMatch, placeBall, useThisScene } from "./court.mjs";
import { suggestedZones } from "../core/arena.mjs";
import { formValues, fvtt, i18n, localizedError, reportFailure, setting } from "./env.mjs";
import * as goatball from "./goatball.mjs";
import { configureAutopilot } from "./autopilot.mjs";
import { showTune, tuneForForm } from "./tune.mjs";   // autopilot branch: the zone suggestion (issue 19)
import { companion } from "./link.mjs";
import { drawAnswer } from "./overlay-layer.mjs";
import { showScoreboard } from "./panel.mjs";
import { adapter, ballToken, ballcourtOf, cardContext } from "./scene.mjs";
import { nearerHoop } from "./kick-palette.mjs";
import { editStats } from "./stats-form.mjs";
import { yaotzinRules } from "./settings.mjs";
import { courtCardContext, foundryD20, natural, playersOn, spendAoo } from "./yaotzin-players.mjs";
import { askTargetAoo } from "./aoo-choice.mjs";

const L = (key) => i18n().localize(key);

function controlled() {
  return (fvtt.canvas?.tokens?.controlled ?? []).map((t) => t.document);   // no scene viewed: none (autopilot branch)
}

function targeted() {
  return [...(fvtt.game.user.targets ?? [])].map((t) => t.document);
}

/** A small form, with a line of `hint` above it if given; its values, or null when the GM closed it (cancel). */
async function ask(fields, hint = null) {
  const option = (prefix, value) => (o) => `<option value="${o}"${o === value ? " selected" : ""}>`
    + `${L(`${prefix}.${o}`)}</option>`;
  const content = fields.map(([name, label, value, options, optionKeys]) => options
    ? `<label>${L(label)} <select name="${name}">${options.map(option(optionKeys, value)).join("")}</select></label>`
    : `<label>${L(label)} <input name="${name}" value="${value}"></label>`).join("");
  const head = hint ? `<p class="hint ballcourt-tune">${escapeHtml(hint)}</p>` : "";
  return fvtt.api.DialogV2.prompt({ window: { title: L("BALLCOURT.Menu.Title") }, content: head + content,
    ok: { callback: (_event, button) => formValues(button) } });
}

function tokenIn(scene, id) {
  return [...(scene.tokens?.contents ?? scene.tokens ?? [])].find((t) => t.id === id) ?? null;
}

/**
 * The modifier the companion gives each named d20 of an action, read from a dry run with fixed
 * naturals (the hoop and contest routes keep no state, so nothing is recorded). A refusal (the
 * wrong row for a hoop, a target too far) is shown before any die is rolled.
 */
async function companionModifiers(route, body, naturals) {
  const answer = await companion("POST", route, { ...body, rolls: naturals });
  const out = {};
  for (const r of answer.rolls ?? []) {
    if (Number.isInteger(r.natural) && Number.isInteger(r.total)) out[r.name] ??= r.total - r.natural;
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
  const kickerDoc = kicker ? tokenIn(scene, kicker) : controlled()[0];
  if (!kickerDoc) throw localizedError("BALLCOURT.Kick.PickKicker");
  const bc = ballcourtOf(scene);
  let side = hoop;
  if (!side) {
    const near = nearerHoop(bc.field, tokenSquare(bc.mapping, kickerDoc));
    const choice = await ask([["hoop", "BALLCOURT.Menu.Hoop", near, ["north", "south"], "BALLCOURT.Menu.HoopSide"]]);
    if (!choice) return null;
    side = choice.hoop;
  }
  const body = { field: bc.field, players: playersOn(scene), kicker: kickerDoc.id, hoop: side,
    standing: Boolean(standing), power_attack: powerAttack, settings: yaotzinRules() };
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
  const answer = await companion("POST", "/api/v1/yaotzin/hoop",
    Object.keys(rolls).length ? { ...body, rolls } : body);
  drawAnswer(scene, bc.mapping, answer);
  return postCard(answer, courtCardContext(scene, "hoop"), { extraRolls: usedRolls(answer, dice) });
}

const CONTESTS = ["grapple", "disarm", "feint", "bull_rush", "overrun", "trip"];

/**
 * The d20s of the target's attack of opportunity, by his choice, in the order the companion
 * rolls them (docs/api.md, Roll names); an unarmed hit's 1d3 damage stays the companion's, as
 * every damage die does. The dry run's naturals reach each of them: a hit, then the check.
 */
const AOO_DICE = { unarmed: ["aoo_attack"], grapple: ["aoo_touch", "aoo_check", "aoo_defense"],
  trip: ["aoo_touch", "aoo_check", "aoo_defense"] };
const AOO_DRY_RUN = { aoo_attack: 20, aoo_touch: 20, aoo_check: 20, aoo_defense: 1 };

/**
 * `actor` contests the ball with `target` (defaults: the controlled token and the user's
 * target); the kind is asked for unless given. In Foundry the touch attack and both sides'
 * checks, and the target's attack of opportunity's d20s, are rolled with the companion's
 * modifiers; a tie's re-roll is the companion's.
 * `reaction`: a trip back (the card's trip_back actions): the defender's after a failed trip or
 * overrun, or the actor's after the target's failed trip as his attack of opportunity; `after`
 * says which ("trip", "overrun", "target_aoo"), as the card's payload does.
 * A contest the companion's preview says provokes first asks the target (his owner, or the GM
 * for an NPC) whether he takes his attack of opportunity, and which (aoo-choice.mjs).
 */
export async function contest(scene, { actor, target, kind, to, reaction = false, after } = {}) {
  const actorDoc = actor ? tokenIn(scene, actor) : controlled()[0];
  const targetDoc = target ? tokenIn(scene, target) : targeted()[0];
  if (!actorDoc || !targetDoc) throw localizedError("BALLCOURT.Menu.ContestPick");
  let chosen = kind;
  if (!chosen) {
    const choice = await ask([["kind", "BALLCOURT.Menu.ContestKind", "disarm", CONTESTS, "BALLCOURT.Menu.Contests"]]);
    if (!choice) return null;
    chosen = choice.kind;
  }
  const bc = ballcourtOf(scene);
  const ball = ballToken(scene);
  const body = { field: bc.field, players: playersOn(scene), kind: chosen, actor: actorDoc.id, target: targetDoc.id,
    ball: tokenSquare(bc.mapping, ball) };
  if (reaction) body.reaction = true;
  if (reaction && after) body.after = after;
  if (chosen === "feint") {
    body.to = to ?? squareAt(bc.mapping, { x: targetDoc.x + bc.mapping.gridSize * 1.5,
      y: targetDoc.y + bc.mapping.gridSize / 2 });
  }
  // whether it provokes is the companion's rule (feats, prone, attacks left): ask it, roll nothing
  const { provokes } = await companion("POST", "/api/v1/yaotzin/contest", { ...body, preview: true });
  const aoo = provokes ? await askTargetAoo(scene, { actor: actorDoc, target: targetDoc, kind: chosen }) : null;
  const rolls = {};
  const dice = [];
  if (setting("diceSource") === "foundry") {
    // the contest's own dice are read without the attack of opportunity, which could stop the
    // contest before them; its dice (first: it comes first) with it
    const aooMods = aoo ? await companionModifiers("/api/v1/yaotzin/contest",
      { ...body, target_aoo: { kind: aoo } }, AOO_DRY_RUN) : {};
    const mods = await companionModifiers("/api/v1/yaotzin/contest", body, { touch: 20, actor: 20, target: 1 });
    const defender = targetDoc.name;   // the attack of opportunity is his; its defence the actor's
    const who = { touch: actorDoc.name, actor: actorDoc.name, target: defender, aoo_attack: defender,
      aoo_touch: defender, aoo_check: defender, aoo_defense: actorDoc.name };
    const named = [...(AOO_DICE[aoo] ?? []).map((n) => [n, aooMods[n]]),
      ...["touch", "actor", "target"].map((n) => [n, mods[n]])].filter(([, mod]) => mod !== undefined);
    for (const [name, mod] of named) {
      const roll = await foundryD20(name, mod, who[name]);
      rolls[name] = natural(roll);
      dice.push(roll);
    }
  }
  if (aoo) body.target_aoo = { kind: aoo };
  const answer = await companion("POST", "/api/v1/yaotzin/contest",
    Object.keys(rolls).length ? { ...body, rolls } : body);
  if (aoo) await spendAoo(scene, targetDoc.id);   // as an interception does: one of his round's
  // a won overrun lets him dribble on through the beaten player this turn: its Apply notes it (yaotzin.mjs)
  const overrun = answer.kind === "overrun" && answer.success ? { actor: answer.actor, target: answer.target } : null;
  return postCard(answer, { ...courtCardContext(scene, "contest"), overrun }, { extraRolls: usedRolls(answer, dice) });
}

export async function quickResolution(scene) {
  const teams = goatball.goatTeams(scene);
  const tokens = new Map([...(scene.tokens?.contents ?? scene.tokens)].map((t) => [t.id, t]));
  const rolls = [];
  const out = [];
  for (const team of teams) {
    const checks = [];
    for (const p of team.players.filter((q) => !q.out && !q.dead)) {
      const token = tokens.get(p.id);
      const skills = goatball.skillsOf(token);
      const roll = await goatball.skillCheck(token, skills.athletics >= skills.acrobatics ? "athletics" : "acrobatics");
      rolls.push(roll);
      checks.push(roll.total);
    }
    out.push({ id: team.id, checks });
  }
  const answer = await companion("POST", "/api/v1/goatball/quick", { teams: out });
  return postCard(answer, cardContext(scene, "quick"), { extraRolls: rolls });
}

const numbers = (v) => v && Object.fromEntries(Object.entries(v).map(([k, n]) => [k, Number(n)]));

/**
 * The menu's choices for a scene: only what can run there. A court or an arena needs its match
 * for play; a goat-ball pass needs the system's checks; typed-in numbers only where the system
 * cannot be read.
 */
export function menuChoices(bc, a = adapter(), hasScene = true) {
  const out = ["newCourt", "newArena"];
  if (hasScene) out.push("useScene");
  if (bc) out.push("teams", "ball", "match");
  if (bc?.game === "yaotzin" && bc.matchId && a.yaotzinStats) out.push("hoop", "contest");
  if (bc?.game === "goatball") out.push("platforms", "autopilot");   // autopilot: per team, selected tokens
  if (bc?.game === "yaotzin") out.push("autopilot");   // per team (yaotzin-autopilot.mjs)
  if (hasScene && (!bc || bc.game === "goatball")) out.push("tune");   // the zone suggestion for the selected tokens (issue 19)
  if (bc?.game === "goatball" && bc.matchId && a.goatballSkills) out.push("tipoff", "pass", "quick");
  if (bc && a.needsDialog) out.push("stats");
  if (bc?.matchId) out.push("board");
  return out;
}

/**
 * Before replacing what a scene holds, ask, naming what would be lost: its match (score, clock,
 * events) and, for "Use this scene", a goat-ball arena. True when nothing would be lost.
 */
export async function confirmLoss(scene, { arena = false } = {}) {
  const bc = ballcourtOf(scene);
  const lost = [bc?.matchId ? L("BALLCOURT.Menu.LoseMatch") : null, arena && bc?.arena ? L("BALLCOURT.Menu.LoseArena") : null]
    .filter(Boolean);
  if (!lost.length) return true;
  const answer = await fvtt.api.DialogV2.confirm({ window: { title: L("BALLCOURT.Menu.Title") }, rejectClose: false,
    content: `<p>${i18n().format("BALLCOURT.Menu.ConfirmLoss", { scene: scene.name ?? "", lost: lost.join(" ") })}</p>` });
  return answer === true;
}

/** The menu: what applies to this scene, as buttons. Closing it, or a form in it, cancels. */
export async function openMenu() {
  const scene = fvtt.canvas.scene;
  const bc = ballcourtOf(scene);
  const run = {
    newCourt: () => createCourtScene(),
    useScene: async () => {
      if (!await confirmLoss(scene, { arena: true })) return null;
      const v = await ask([["col", "BALLCOURT.Menu.Col", 0], ["row", "BALLCOURT.Menu.Row", 0],
        ["length", "BALLCOURT.Menu.Length", 72], ["width", "BALLCOURT.Menu.Width", 24]]);
      return v && useThisScene(scene, numbers(v));
    },
    newArena: async () => {
      const tune = await tuneForForm(controlled());   // issue 19: the companion's suggestion, one quiet line if none
      const zones = tune.zones ?? (setting("goatZones") ? suggestedZones(Math.max(controlled().length, 12)) : 0);
      const v = await ask([["seed", "BALLCOURT.Menu.Seed", Date.now() % 100000], ["count", "BALLCOURT.Menu.Platforms", 12],
        ["zones", "BALLCOURT.Menu.Zones", zones]], tune.line);
      return v && goatball.createArenaScene(numbers(v));
    },
    teams: async () => {
      const v = await ask([["team", "BALLCOURT.Menu.Team", "sun"]]);
      return v && assignTeam(controlled(), v.team.trim());
    },
    ball: () => placeBall(scene),
    match: async () => {
      if (!await confirmLoss(scene)) return null;
      return bc?.game === "goatball" ? goatball.createGoatMatch(scene) : createMatch(scene);
    },
    board: () => showScoreboard(bc.matchId),
    hoop: () => shootHoop(scene),
    contest: () => contest(scene),
    tipoff: () => goatball.tipOff(scene),
    pass: async () => {
      const pass = await goatball.startPass(scene);
      const declared = await goatball.collectDeclarations();
      return declared ? goatball.resolvePass(pass) : null;   // null: the GM cancelled the pass
    },
    quick: () => quickResolution(scene),
    platforms: () => goatball.markPlatforms(scene, fvtt.canvas.drawings?.controlled?.map((d) => d.document) ?? []),
    autopilot: () => configureAutopilot(scene, controlled()),
    tune: () => showTune(controlled()),
    stats: () => editStats(controlled(), bc.game),
  };
  const available = menuChoices(bc, adapter(), Boolean(scene));
  const choice = await fvtt.api.DialogV2.wait({ window: { title: L("BALLCOURT.Menu.Title") },
    content: `<p>${L("BALLCOURT.Menu.Hint")}</p>`,
    buttons: available.map((id) => ({ action: id, label: L(`BALLCOURT.Menu.${id}`) })), rejectClose: false });
  if (!choice || !run[choice]) return null;
  try {
    return await run[choice]();
  } catch (err) {
    reportFailure(err);
    return null;
  }
}
