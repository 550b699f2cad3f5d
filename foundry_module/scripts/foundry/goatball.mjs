/**
 * Goat-ball at the table: the arena, teams, tip-off, declarations (the carrier's sealed),
 * pass resolution cards with Apply/Undo, on a scene whose flags hold the arena and the match.
 */
import { dnd5e } from "../adapters/dnd5e.mjs";
import { planGoatballApply } from "../core/apply.mjs";
import { generateArena, platformAt, zoneAt, zoneLinks } from "../core/arena.mjs";
import { PALETTE, arenaCommands, localizedWords } from "../core/overlay.mjs";
import { Declarations } from "../core/goatball.mjs";
import { touched } from "../core/undo.mjs";
import { registerCardHandlers, postCard } from "./chat.mjs";
import { placeBall } from "./court.mjs";
import { BallcourtError, MODULE_ID, closeAfter, formValues, fvtt, i18n, refreshControls } from "./env.mjs";
import { companion } from "./link.mjs";
import { applyAtomically, undoAtomically } from "./match-events.mjs";
import { progressClass } from "./declaration-progress.mjs";
import { drawOnly } from "./overlay-layer.mjs";
import { adapter, ballToken, ballcourtOf, cardContext, missingStats, ownersOf, teamOf, tokenList } from "./scene.mjs";
import { gatherRolls } from "./roll-requests.mjs";
import { goatballRules } from "./settings.mjs";

export const OUT_STATUS = "unconscious";

export async function createArenaScene({ seed = Date.now() % 100000, count = 12, zones = 0,
  width = 3000, height = 2000, name } = {}) {
  const arena = generateArena({ seed, count, zones, width, height });
  const Scene = fvtt.game.scenes.documentClass;
  const scene = await Scene.create({ name: name ?? i18n().localize("BALLCOURT.Arena.SceneName"),
    width, height, padding: 0, backgroundColor: "#cfd8dc",
    grid: { size: 100, distance: 5, units: "ft", type: 0 },
    flags: { [MODULE_ID]: { game: "goatball", arena } } });
  await scene.createEmbeddedDocuments("Drawing", arenaDrawings(arena));
  refreshControls();
  return scene;
}

export function arenaDrawings(arena) {
  const fill = { pole: "#8d6e63", boulder: "#90a4ae", stump: "#a1887f" };
  const platforms = arena.platforms.map((p) => ({
    shape: { type: "e", width: 2 * p.radius, height: 2 * p.radius }, x: p.x - p.radius,
    y: p.y - p.radius, fillType: 1, fillColor: fill[p.kind], fillAlpha: 0.9, strokeWidth: 3,
    strokeColor: "#37474f", text: p.id, fontSize: 28, textColor: "#ffffff",
    flags: { [MODULE_ID]: { platform: p.id } },
  }));
  const zones = arena.zones.map((z) => ({
    shape: { type: "r", width: z.w, height: z.h }, x: z.x, y: z.y, fillType: 0, strokeWidth: 4,
    strokeColor: "#1565c0", strokeAlpha: 0.6, text: z.id, fontSize: 48, textColor: "#1565c0",
    flags: { [MODULE_ID]: { zone: z.id } },
  }));
  return [...zones, ...platforms];
}

/** The arena: generated (flags) or marked by the GM on drawings flagged as platform/zone. */
export function arenaOf(scene) {
  const bc = ballcourtOf(scene);
  if (bc?.arena) return bc.arena;
  const drawings = [...(scene.drawings?.contents ?? scene.drawings ?? [])];
  const platforms = drawings.filter((d) => d.flags?.[MODULE_ID]?.platform).map((d) => ({
    id: d.flags[MODULE_ID].platform, x: d.x + d.shape.width / 2, y: d.y + d.shape.height / 2,
    radius: Math.max(d.shape.width, d.shape.height) / 2 }));
  const zones = drawings.filter((d) => d.flags?.[MODULE_ID]?.zone).map((d) => ({
    id: d.flags[MODULE_ID].zone, x: d.x, y: d.y, w: d.shape.width, h: d.shape.height }));
  return { platforms, zones };
}

/** The teams as the companion wants them: each token's platform and zone from where it stands. */
export function goatTeams(scene) {
  const arena = arenaOf(scene);
  const size = scene.grid?.size ?? 100;
  const teams = new Map();
  for (const token of tokenList(scene)) {
    const team = teamOf(token);
    if (!team) continue;
    const centre = { x: token.x + size / 2, y: token.y + size / 2 };
    const player = { id: token.id, name: token.name,
      platform: platformAt(arena, centre) ?? "ground",
      out: Boolean(token.flags?.[MODULE_ID]?.out), dead: Boolean(token.flags?.[MODULE_ID]?.dead) };
    const zone = zoneAt(arena, centre);
    if (zone) player.zone = zone;
    if (!teams.has(team)) teams.set(team, { id: team, players: [] });
    teams.get(team).players.push(player);
  }
  return [...teams.values()];
}

export function goatSettings(scene) {
  const arena = arenaOf(scene);
  const rules = goatballRules({ zones: arena.zones.length > 0 });
  if (rules.zones && arena.zones.length) rules.zone_links = zoneLinks(arena);
  return rules;
}

/** A new match on the arena, and its ball marker (which then follows possession). */
export async function createGoatMatch(scene) {
  const match = await companion("POST", "/api/v1/matches", { game: "goatball",
    teams: goatTeams(scene), settings: goatSettings(scene) });
  await scene.setFlag(MODULE_ID, "matchId", match.id);
  await placeBall(scene);
  refreshControls();
  return match;
}

/**
 * Where an arena's ball goes: on the carrier (the match's possession), else on the first
 * platform, where the goat kicks it in from. Token top-left pixels.
 */
export async function arenaBallSpot(scene) {
  const bc = ballcourtOf(scene);
  const state = bc?.matchId ? await companion("GET", `/api/v1/matches/${bc.matchId}`) : null;
  const carrier = tokenList(scene).find((t) => t.id === state?.possession?.carrier);
  if (carrier) return { x: carrier.x, y: carrier.y };
  const size = scene.grid?.size ?? 100;
  const first = arenaOf(scene).platforms[0];
  return first ? { x: first.x - size / 2, y: first.y - size / 2 } : { x: 0, y: 0 };
}

export function skillsOf(token) {
  return adapter().goatballSkills(token?.actor ?? {});
}

/** "Use this scene": flag the selected drawings as platforms P1, P2, ... */
export async function markPlatforms(scene, drawings) {
  const taken = new Set(arenaOf(scene).platforms.map((p) => p.id));
  let n = 0;
  for (const drawing of drawings) {
    do n += 1; while (taken.has(`P${n}`));
    await drawing.setFlag(MODULE_ID, "platform", `P${n}`);
  }
  return n;
}

/** A goat-ball check: dnd5e's own skill roll, else a Roll with the adapter's modifier. */
export async function skillCheck(token, skill, advantage = false) {
  const actor = token.actor;
  const key = skill === "athletics" ? "ath" : "acr";
  if (typeof actor?.rollSkill === "function" && fvtt.game.system.id === "dnd5e") {
    // No dnd5e card of its own: the roll rides on the one Ballcourt card (one message, each die shown once).
    const rolls = await actor.rollSkill(dnd5e.rollConfig({ skill: key }, advantage), { configure: false }, { create: false });
    const roll = Array.isArray(rolls) ? rolls[0] : rolls;
    if (roll) {
      roll.options.ballcourt = `${token.id}.${skill}`;
      return roll;
    }
  }
  const mod = skillsOf(token)[skill] ?? 0;
  const roll = await new (fvtt.Roll)(advantage ? "2d20kh + @mod" : "1d20 + @mod", { mod }).evaluate();
  roll.options.ballcourt = `${token.id}.${skill}`;
  return roll;
}

/** A goat-ball check for gatherRolls: the owner's roll, or the GM's as skillCheck rolls it. */
function checkFor(scene, token, skill, advantage = false) {
  return { scene, token, check: { type: "skill", id: skill }, advantage, tag: `${token?.id}.${skill}`,
    flavor: token?.name, local: () => skillCheck(token, skill, advantage) };
}

export async function tipOff(scene, onlyIds = null) {
  const teams = goatTeams(scene);
  const tokens = tokenList(scene).filter((t) => teamOf(t) && (!onlyIds || onlyIds.includes(t.id))
    && !t.flags?.[MODULE_ID]?.out);
  const checks = {};
  const rolls = await gatherRolls(tokens.map((token) => checkFor(scene, token, "acrobatics")));
  for (const [i, token] of tokens.entries()) checks[token.id] = { check: rolls[i].total, skill: "acrobatics" };
  const answer = await companion("POST", "/api/v1/goatball/tipoff", { teams, checks,
    settings: goatSettings(scene) });
  return postCard(answer, cardContext(scene, "tipoff"), { extraRolls: rolls });
}

/** The current pass's declarations, kept by the GM only (the carrier's sealed until the end). */
let current = null;

export function currentDeclarations() {
  return current;
}

export async function startPass(scene) {
  // one pass is declared at a time: a second would take over the first one's players
  if (current?.collecting) throw new BallcourtError(i18n().localize("BALLCOURT.Declare.Busy"));
  const match = await companion("GET", `/api/v1/matches/${ballcourtOf(scene).matchId}`);
  const carrier = match.possession?.carrier;
  if (!carrier) throw new BallcourtError(i18n().localize("BALLCOURT.Pass.NoCarrier"));
  const missing = missingStats(scene);
  if (missing.length) {
    fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.Stats.Missing", { names: missing.join(", ") }));
  }
  const combat = fvtt.game.combat;
  const initiative = (id) => combat?.combatants?.find?.((c) => c.tokenId === id)?.initiative ?? 0;
  const players = match.teams.flatMap((t) => t.players.filter((p) => !p.out && !p.dead)
    .map((p) => ({ id: p.id, team: t.id, initiative: initiative(p.id) })));
  let cancel;
  const cancelled = new Promise((resolve) => { cancel = resolve; });
  current = { sceneId: scene.id, match, declarations: new Declarations(players, carrier),
    cancelled, cancel: () => cancel(CANCELLED) };
  return current;
}

/** Each player's time to declare, in milliseconds (the world setting, in seconds). */
export function declarationTimeout() {
  const seconds = Number(fvtt.game.settings.get(MODULE_ID, "declarationTimeout"));
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIMEOUT) * 1000;
}

const DEFAULT_TIMEOUT = 120;
const CANCELLED = Symbol("cancelled");
const TIMED_OUT = Symbol("timed out");

/** Abandon the pass being declared: nothing is sent, nothing rolled, no card posted. */
export function cancelPass() {
  current?.cancel();
}

/**
 * Ask each player's owner (or the GM) for a declaration, in order. The carrier's owner is
 * asked through User#query: the answer travels to the GM alone, never to other clients.
 * The GM watches the progress view; its Cancel (or cancelPass) abandons the pass: the
 * declarations so far are dropped and this returns null.
 */
export async function collectDeclarations(ask = askOwner) {
  const pass = current;
  const { declarations } = pass;
  const scene = fvtt.game.scenes.get(pass.sceneId);
  const names = Object.fromEntries(tokenList(scene).map((t) => [t.id, t.name]));
  const View = progressClass();
  const view = View ? new View({ declarations, names, seconds: declarationTimeout() / 1000,
    cancel: () => pass.cancel() }) : null;
  const show = () => view?.render({ force: true });
  pass.collecting = true;
  try {
    await show();
    for (let turn = declarations.turn(); turn; turn = declarations.turn()) {
      const { player: id, sealed } = turn;   // the carrier's turn comes at his own place, sealed
      const declaration = await Promise.race([validDeclaration(pass, id, sealed, ask), pass.cancelled]);
      if (declaration === CANCELLED) {
        if (current === pass) current = null;
        fvtt.ui.notifications?.info(i18n().localize("BALLCOURT.Declare.Cancelled"));
        return null;
      }
      declarations.declare(id, declaration);
      await show();
    }
    return declarations;
  } finally {
    pass.collecting = false;
    await view?.close();
  }
}

/** A player's declaration; one the rules refuse (a throw with no target) is asked again, twice at most. */
async function validDeclaration(pass, id, sealed, ask) {
  const { declarations } = pass;
  for (let attempt = 0; attempt < 3 && current === pass; attempt += 1) {
    const declaration = await ask(id, sealed);
    const problem = declarations.problemWith(id, declaration);
    if (!problem) return declaration;
    fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.Pass.Invalid", { reason: problem }));
  }
  return { ...NO_ACTION };
}

/** The promise's answer, or TIMED_OUT once `ms` have passed. */
function withTimeout(promise, ms) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(TIMED_OUT), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export async function askOwner(tokenId, sealed) {
  const scene = fvtt.game.scenes.get(current.sceneId);
  const owners = ownersOf(scene)[tokenId] ?? [];
  const owner = fvtt.game.users.get(owners.find((u) => fvtt.game.users.get(u)?.active));
  const payload = { tokenId, sceneId: scene.id, sealed, closeIn: Math.max(0, declarationTimeout() - 2000),
    teammates: current.match.teams.find((t) => t.players.some((p) => p.id === tokenId))
      ?.players.map((p) => p.id) ?? [] };
  if (!owner || owner.isSelf) return declarationPrompt(payload);
  const name = tokenList(scene).find((t) => t.id === tokenId)?.name ?? tokenId;
  const timeout = declarationTimeout();
  try {
    // Foundry's own timeout rejects the query; ours also covers a client that never answers.
    const answer = await withTimeout(owner.query(`${MODULE_ID}.declare`, payload, { timeout }), timeout);
    if (answer === TIMED_OUT) {
      fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.Declare.TimedOut", { player: name }));
      return NO_ACTION;
    }
    return answer ?? NO_ACTION;
  } catch (err) {   // the player left, timed out or his client failed: he takes no action
    globalThis.console?.warn?.("Ballcourt: declaration", err);
    fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.Pass.NoAnswer", { player: name }));
    return NO_ACTION;
  }
}

const NO_ACTION = Object.freeze({ action: "none" });

/** The owner's side of a declaration: a DialogV2 with the actions a player may take. */
export async function declarationPrompt({ tokenId, sceneId, closeIn = 0 }) {
  const scene = fvtt.game.scenes.get(sceneId);
  const token = tokenList(scene).find((t) => t.id === tokenId);
  const L = (k) => i18n().localize(k);
  const options = ["none", "throw", "intercept", "knock_off", "defend", "move", "block"]
    .map((a) => `<option value="${a}">${L(`BALLCOURT.Pass.Action.${a}`)}</option>`).join("");
  const others = tokenList(scene).filter((t) => teamOf(t) && t.id !== tokenId)
    .map((t) => `<option value="${t.id}">${t.name}</option>`).join("");
  const content = `<label>${L("BALLCOURT.Pass.Action.Label")} <select name="action">${options}</select></label>
    <label>${L("BALLCOURT.Pass.Target")} <select name="target"><option value=""></option>${others}</select></label>
    <label>${L("BALLCOURT.Pass.Skill")} <select name="skill"><option value="athletics">${L("BALLCOURT.Pass.athletics")}</option>
    <option value="acrobatics">${L("BALLCOURT.Pass.acrobatics")}</option></select></label>
    <label><input type="checkbox" name="hot"> ${L("BALLCOURT.Pass.HotThrow")}</label>
    <label>${L("BALLCOURT.Pass.Zone")} <input name="zone" type="text"></label>`;
  const data = await fvtt.api.DialogV2.prompt({ window: { title: token?.name ?? "" }, content,
    ok: { callback: (_event, button) => formValues(button) }, render: closeAfter(closeIn) });
  if (!data) return { ...NO_ACTION };   // closed with its X: no action this pass
  const declaration = { action: data.action, skill: data.skill };
  if (data.target) declaration.target = data.target;
  if (data.zone) declaration.zone = data.zone;
  if (data.action === "throw" && data.target) {
    declaration.throw = { kind: data.hot ? "hot" : "pass", target: data.target };
  }
  return declaration;
}

/**
 * Once everyone has declared, the checks are rolled (declarations come first, rolls after):
 * throw and intercept with the player's chosen skill, advantage in the carrier's or the
 * target's zone; a knock-off's Athletics against the target's better skill, with advantage if
 * a Defend still helps him (each Defend helps its target's next check only, as the companion
 * resolves it: Declarations#defenceAdvantage); blocks and contested moves with Athletics; a hot
 * throw's Acrobatics contest, the carrier with advantage, the target with a Defend's. Each
 * check is the owner's to roll when players roll their own (roll-requests.mjs). Each total
 * keeps the skill it was rolled with and its advantage, for the card.
 */
export async function rollChecks(scene, declarations, players, rolls) {
  const tokens = new Map(tokenList(scene).map((t) => [t.id, t]));
  const zone = (id) => players.get(id)?.zone ?? null;
  const sealed = declarations.declared.get(declarations.carrier);
  const focus = new Set([zone(declarations.carrier), zone(sealed?.throw?.target)].filter(Boolean));
  const all = [...declarations.declared.values()];
  const defence = declarations.defenceAdvantage();
  const plan = [];   // [{key, field, player, skill, advantage}] in the order they are rolled
  const check = (key, field, player, skill, advantage = false) => plan.push({ key, field, player, skill, advantage });
  const better = (id) => {
    const s = skillsOf(tokens.get(id));
    return s.athletics >= s.acrobatics ? "athletics" : "acrobatics";
  };
  for (const d of all) {
    if (d.action === "throw" || d.action === "intercept") {
      check(d.player, "total", d.player, d.skill ?? "athletics", focus.has(zone(d.player)));
    } else if (d.action === "knock_off") {
      check(d.player, "total", d.player, "athletics");
      check(d.player, "defense", d.target, better(d.target), Boolean(defence.knockOffs[d.player]));
    } else if (d.action === "block") {
      check(d.player, "total", d.player, "athletics");
    } else if (d.action === "move" && all.some((x) => x.action === "block" && zone(x.player) === d.zone)) {
      check(d.player, "total", d.player, "athletics");
    }
  }
  if (sealed?.throw?.kind === "hot") {
    check("hot", "carrier", declarations.carrier, "acrobatics", true);
    check("hot", "target", sealed.throw.target, "acrobatics", defence.hot);
  }
  const rolled = await gatherRolls(plan.map((p) => checkFor(scene, tokens.get(p.player), p.skill, p.advantage)));
  const totals = {};
  for (const [i, p] of plan.entries()) {
    rolls.push(rolled[i]);
    // what the card shows beside each total: the skill rolled, and whether with advantage
    const said = p.field === "total" ? { skill: p.skill, advantage: p.advantage }
      : p.field === "defense" ? { defenseSkill: p.skill } : {};
    totals[p.key] = { ...totals[p.key], [p.field]: rolled[i].total, ...said };
  }
  return totals;
}

/** Roll the checks, resolve the declared pass on the companion, post the card. */
export async function resolvePass(pass = current) {
  const scene = fvtt.game.scenes.get(pass.sceneId);
  const { match, declarations } = pass;
  const players = new Map(match.teams.flatMap((t) => t.players.map((p) => [p.id, p])));
  const rolls = [];
  const totals = await rollChecks(scene, declarations, players, rolls);
  const body = declarations.toPassRequest({ teams: match.teams, possession: match.possession,
    settings: goatSettings(scene) }, totals);
  const answer = await companion("POST", "/api/v1/goatball/pass", body);
  const ctx = { ...cardContext(scene, "pass"), pass: { actions: body.actions, throw: body.throw ?? null } };
  if (current === pass) current = null;
  drawHeat(scene, answer.overlay, match.teams);
  return postCard(answer, ctx, { extraRolls: rolls });
}

/** Light the platforms the ball has visited and ring the carrier's. */
export function drawHeat(scene, overlay, teams) {
  if (!overlay) return;
  const carrier = teams.flatMap((t) => t.players).find((p) => p.id === overlay.carrier);
  drawOnly(arenaCommands(arenaOf(scene), { visited: overlay.visited, hot: overlay.hot,
    carrierPlatform: carrier?.platform ?? null }, PALETTE, localizedWords(i18n())), scene);
}

function sceneState(scene) {
  const ball = ballToken(scene);
  const arena = arenaOf(scene);
  const half = (scene.grid?.size ?? 100) / 2;
  return { ball: ball ? { id: ball.id, x: ball.x, y: ball.y } : null,
    tokens: new Map(tokenList(scene).map((t) => [t.id, { id: t.id, x: t.x, y: t.y,
      platform: platformAt(arena, { x: t.x + half, y: t.y + half }) ?? null,
      out: Boolean(t.flags?.[MODULE_ID]?.out), dead: Boolean(t.flags?.[MODULE_ID]?.dead) }])) };
}

/**
 * Where a token stands on each platform (centred on it) and where one knocked off lands: on
 * the ground just below the platform's edge, or just above it when below is off the scene.
 * Top-left corners, as a token's x, y.
 */
export function platformSpots(scene) {
  const size = scene.grid?.size ?? 100;
  const half = size / 2;
  const height = scene.height ?? scene.dimensions?.height ?? Infinity;
  return Object.fromEntries(arenaOf(scene).platforms.map((p) => {
    const below = p.y + p.radius;
    const groundY = below + size <= height ? below : p.y - p.radius - size;
    return [p.id, { x: p.x - half, y: p.y - half, ground: { x: p.x - half, y: groundY } }];
  }));
}

async function setStatus(scene, list) {
  for (const { tokenId, out, dead } of list) {
    const token = tokenList(scene).find((t) => t.id === tokenId);
    if (!token) continue;
    await token.update({ [`flags.${MODULE_ID}.out`]: out, [`flags.${MODULE_ID}.dead`]: dead });
    await token.actor?.toggleStatusEffect?.(OUT_STATUS, { active: out });
  }
}

async function changeHp(scene, damage) {
  for (const d of damage) {
    const actor = tokenList(scene).find((t) => t.id === d.tokenId)?.actor;
    const hp = actor?.system?.attributes?.hp;
    if (hp) await actor.update({ "system.attributes.hp.value": Math.max(0, hp.value - d.amount) });
  }
}

function matchEvents(message) {
  const flags = message.flags[MODULE_ID];
  const { kind, pass } = flags.context;
  const payload = flags.card.actions.find((a) => a.id === "apply")?.payload ?? {};
  if (kind === "tipoff") {
    return [{ type: "possession", team: payload.possession.team, carrier: payload.possession.carrier }];
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
  async apply(message, action) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    const size = scene.grid?.size ?? 100;
    const plan = planGoatballApply(action.payload, sceneState(scene), platformSpots(scene), { size });
    const updates = [...plan.moves, ...(plan.ballMove ? [plan.ballMove] : [])];
    const { state, posted, seqs } = await applyAtomically(ctx.matchId, matchEvents(message), message.id,
      async () => {
        await setStatus(scene, plan.status);
        if (updates.length) await scene.updateEmbeddedDocuments("Token", updates);
        await changeHp(scene, plan.damage);
      });
    return { undo: plan.undo, seqAfter: state?.seq ?? null, events: posted, seqs,
      touched: touched({ moves: updates, actors: plan.damage.map((d) => d.tokenId),
        states: plan.status.map((s) => s.tokenId) }) };
  },
  async undo(message, record) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    await undoAtomically(ctx.matchId, record, i18n().localize("BALLCOURT.Chat.UndoLaterFirst"));
    await setStatus(scene, record.undo.status);
    const updates = [...(record.undo.moves ?? []), ...(record.undo.ballMove ? [record.undo.ballMove] : [])];
    if (updates.length) await scene.updateEmbeddedDocuments("Token", updates);
    await changeHp(scene, record.undo.damage);
  },
  /** "carrier:<token>": the team that gained the ball names its carrier; "reroll": a tied
   * tip-off rolls again among the tied. */
  async act(message, action) {
    const ctx = message.flags[MODULE_ID].context;
    const scene = fvtt.game.scenes.get(ctx.sceneId);
    if (action.id === "reroll") return tipOff(scene, action.payload.players);
    const player = action.payload.player;
    await companion("POST", `/api/v1/matches/${ctx.matchId}/events`,
      { type: "carrier", player, meta: { message: message.id } });
    const ball = ballToken(scene);
    const token = tokenList(scene).find((t) => t.id === player);
    if (ball && token) await scene.updateEmbeddedDocuments("Token", [{ _id: ball.id, x: token.x, y: token.y }]);
  },
});
