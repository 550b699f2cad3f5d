/**
 * The GM's Ballcourt menu (one DialogV2): set up a court or an arena, teams, the ball, the
 * match; shoot at a hoop, contest the ball; tip-off, passes and quick resolution.
 */
import { squareAt, tokenSquare } from "../core/geometry.mjs";
import { postCard } from "./chat.mjs";
import { assignTeam, createCourtScene, createMatch, placeBall, useThisScene } from "./court.mjs";
import { suggestedZones } from "../core/arena.mjs";
import { BallcourtError, formValues, fvtt, i18n, reportFailure, setting } from "./env.mjs";
import * as goatball from "./goatball.mjs";
import { companion } from "./link.mjs";
import { drawAnswer } from "./overlay-layer.mjs";
import { showScoreboard } from "./panel.mjs";
import { adapter, ballToken, ballcourtOf, cardContext } from "./scene.mjs";
import { editStats } from "./stats-form.mjs";
import { yaotzinRules } from "./settings.mjs";
import { foundryD20, natural, playersOn } from "./yaotzin.mjs";

const L = (key) => i18n().localize(key);

function controlled() {
  return fvtt.canvas.tokens.controlled.map((t) => t.document);
}

function targeted() {
  return [...(fvtt.game.user.targets ?? [])].map((t) => t.document);
}

/** A small form; its values, or null when the GM closed it (cancel). */
async function ask(fields) {
  const option = (prefix, value) => (o) => `<option value="${o}"${o === value ? " selected" : ""}>`
    + `${L(`${prefix}.${o}`)}</option>`;
  const content = fields.map(([name, label, value, options, optionKeys]) => options
    ? `<label>${L(label)} <select name="${name}">${options.map(option(optionKeys, value)).join("")}</select></label>`
    : `<label>${L(label)} <input name="${name}" value="${value}"></label>`).join("");
  return fvtt.api.DialogV2.prompt({ window: { title: L("BALLCOURT.Menu.Title") }, content,
    ok: { callback: (_event, button) => formValues(button) } });
}

export async function shootHoop(scene) {
  const [kicker] = controlled();
  if (!kicker) throw new BallcourtError(L("BALLCOURT.Kick.PickKicker"));
  const choice = await ask([["hoop", "BALLCOURT.Menu.Hoop", "north", ["north", "south"],
    "BALLCOURT.Menu.HoopSide"]]);
  if (!choice) return null;
  const { hoop } = choice;
  const bc = ballcourtOf(scene);
  const attack = await foundryD20("attack", 0, kicker.name);
  const body = { field: bc.field, players: playersOn(scene), kicker: kicker.id, hoop, standing: true,
    settings: yaotzinRules(), ...(attack ? { rolls: { attack: natural(attack) } } : {}) };
  const answer = await companion("POST", "/api/v1/yaotzin/hoop", body);
  drawAnswer(bc.mapping, answer);
  return postCard(answer, cardContext(scene, "hoop"), { extraRolls: attack ? [attack] : [] });
}

export async function contest(scene) {
  const [actor] = controlled();
  const [target] = targeted();
  if (!actor || !target) throw new BallcourtError(L("BALLCOURT.Menu.ContestPick"));
  const choice = await ask([["kind", "BALLCOURT.Menu.ContestKind", "disarm",
    ["grapple", "disarm", "feint", "bull_rush", "overrun", "trip"], "BALLCOURT.Menu.Contests"]]);
  if (!choice) return null;
  const { kind } = choice;
  const bc = ballcourtOf(scene);
  const ball = ballToken(scene);
  const body = { field: bc.field, players: playersOn(scene), kind, actor: actor.id, target: target.id,
    ball: tokenSquare(bc.mapping, ball) };
  if (kind === "feint") {
    const to = squareAt(bc.mapping, { x: target.x + bc.mapping.gridSize * 1.5, y: target.y + bc.mapping.gridSize / 2 });
    body.to = to;
  }
  const answer = await companion("POST", "/api/v1/yaotzin/contest", body);
  return postCard(answer, cardContext(scene, "contest"));
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
  if (hasScene && !bc) out.push("useScene");
  if (bc) out.push("teams", "ball", "match");
  if (bc?.game === "yaotzin" && bc.matchId && a.yaotzinStats) out.push("hoop", "contest");
  if (bc?.game === "goatball") out.push("platforms");
  if (bc?.game === "goatball" && bc.matchId && a.goatballSkills) out.push("tipoff", "pass", "quick");
  if (bc && a.needsDialog) out.push("stats");
  if (bc?.matchId) out.push("board");
  return out;
}

/** The menu: what applies to this scene, as buttons. Closing it, or a form in it, cancels. */
export async function openMenu() {
  const scene = fvtt.canvas.scene;
  const bc = ballcourtOf(scene);
  const run = {
    newCourt: () => createCourtScene(),
    useScene: async () => {
      const v = await ask([["col", "BALLCOURT.Menu.Col", 0], ["row", "BALLCOURT.Menu.Row", 0],
        ["length", "BALLCOURT.Menu.Length", 72], ["width", "BALLCOURT.Menu.Width", 24]]);
      return v && useThisScene(scene, numbers(v));
    },
    newArena: async () => {
      const zones = setting("goatZones") ? suggestedZones(Math.max(controlled().length, 12)) : 0;
      const v = await ask([["seed", "BALLCOURT.Menu.Seed", Date.now() % 100000], ["count", "BALLCOURT.Menu.Platforms", 12],
        ["zones", "BALLCOURT.Menu.Zones", zones]]);
      return v && goatball.createArenaScene(numbers(v));
    },
    teams: async () => {
      const v = await ask([["team", "BALLCOURT.Menu.Team", "sun"]]);
      return v && assignTeam(controlled(), v.team.trim());
    },
    ball: () => placeBall(scene),
    match: () => (bc?.game === "goatball" ? goatball.createGoatMatch(scene) : createMatch(scene)),
    board: () => showScoreboard(bc.matchId),
    hoop: () => shootHoop(scene),
    contest: () => contest(scene),
    tipoff: () => goatball.tipOff(scene),
    pass: async () => {
      await goatball.startPass(scene);
      await goatball.collectDeclarations();
      return goatball.resolvePass();
    },
    quick: () => quickResolution(scene),
    platforms: () => goatball.markPlatforms(scene, fvtt.canvas.drawings?.controlled?.map((d) => d.document) ?? []),
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
