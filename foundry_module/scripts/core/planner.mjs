/**
 * The Yaotzin shot planner, without Foundry: the body the companion's
 * `POST /api/v1/yaotzin/kick/suggest` is asked with, the marks it draws on the kicker's best aim
 * squares, the palette's toggle, and the "try / let it pass" advice for an NPC interceptor.
 *
 * Every chance comes from the companion (its exact odds: attack, scatter, each interceptor's
 * Reflex, the roll-on); nothing here knows a rule. The advice only weighs two of its numbers:
 * - an ally of the kicker lets the ball pass (stopping it would stop his own team's kick);
 * - an opponent tries when the kick lands beyond the line his team defends (any chance is
 *   worth nonlethal bruises then), or when his chance to stop the ball is at least even
 *   (`TRY_CHANCE`); otherwise he lets it pass. The card shows the numbers either way.
 */
import { squareCenter, squareTopLeft } from "./geometry.mjs";
import { escapeHtml } from "./i18n.mjs";
import { previewRequest } from "./requests.mjs";

export const TRY_CHANCE = 0.5;
export const PLANNER_COLOR = 0xb36bff;
export const DEFAULT_TOP = 5;

/** The goal line a team attacks: the one it does not defend (null when the team is unknown). */
export function attackedEnd(teams, teamId) {
  const defends = (teams ?? []).find((t) => t.id === teamId)?.defends;
  return defends === "west" ? "east" : defends === "east" ? "west" : null;
}

/** The suggest body: the preview's without `target`, plus `top` and the attacked end. */
export function suggestRequest({ top = DEFAULT_TOP, attacks = null, ...args }) {
  const { target, ...body } = previewRequest({ ...args, target: args.ball });
  body.top = top;
  if (attacks) body.attacks = attacks;
  return body;
}

export const ENGLISH = {
  mark: ({ rank, pct, dmg }) => `#${rank} ${pct}% · ${dmg}`,
};

/** Words from the lang files (BALLCOURT.Planner.Mark). */
export function localizedPlannerWords(i18n) {
  return { mark: (data) => i18n.format("BALLCOURT.Planner.Mark", data) };
}

/** A chance as a whole percentage, never 100 unless certain and never 0 unless impossible. */
export function percent(p) {
  if (!(p > 0)) return 0;
  if (p >= 1) return 100;
  return Math.min(99, Math.max(1, Math.round(100 * p)));
}

/**
 * Drawing commands (core/overlay.mjs's kinds) for a suggestion: each square outlined, the best
 * one strongest, with its rank in it; and a legend, one line a square, best first, with its
 * rank, its chance of a goal and the expected damage. The best squares are usually neighbours,
 * so a label under each square would overprint the next one's: the legend stands above the
 * marks (below them when they are too near the canvas's top to fit it).
 */
export function plannerCommands(m, suggestion, color = PLANNER_COLOR, words = ENGLISH) {
  const squares = suggestion?.squares ?? [];
  if (!squares.length) return [];
  const cmds = [];
  const rankSize = Math.max(12, Math.round(m.gridSize * 0.3));
  squares.forEach((s, i) => {
    const tl = squareTopLeft(m, s);
    cmds.push({
      kind: "rect",
      x: tl.x,
      y: tl.y,
      w: m.gridSize,
      h: m.gridSize,
      fill: color,
      alpha: Math.max(0.15, 0.55 - 0.1 * i),
      stroke: color,
    });
    const c = squareCenter(m, s);
    cmds.push({
      kind: "text",
      x: c.x,
      y: c.y,
      text: `#${i + 1}`,
      color,
      size: rankSize,
      anchor: 0.5,
    });
  });
  const tops = squares.map((s) => squareTopLeft(m, s));
  const left = Math.min(...tops.map((t) => t.x));
  const right = Math.max(...tops.map((t) => t.x)) + m.gridSize;
  const top = Math.min(...tops.map((t) => t.y));
  const bottom = Math.max(...tops.map((t) => t.y)) + m.gridSize;
  const size = Math.max(12, Math.round(m.gridSize * 0.26));
  const line = Math.round(size * 1.4);
  const height = line * squares.length;
  const gap = Math.round(m.gridSize * 0.15);
  const first = top - gap - height >= 0 ? top - gap - height : bottom + gap;
  squares.forEach((s, i) => {
    cmds.push({
      kind: "text",
      x: (left + right) / 2,
      y: first + line * (i + 0.5),
      text: words.mark({
        rank: i + 1,
        pct: percent(s.p_goal),
        dmg: (s.expected_damage ?? 0).toFixed(1),
      }),
      color,
      size,
      anchor: 0.5,
    });
  });
  return cmds;
}

/** The palette's planner toggle (a button like the palette's others). */
export function plannerRow(on, L) {
  return (
    `<div class="ballcourt-palette-row"><button type="button" data-ballcourt-palette="planner"` +
    ` aria-pressed="${Boolean(on)}"${on ? ' class="active"' : ""}>${escapeHtml(L("BALLCOURT.Palette.Planner"))}</button></div>`
  );
}

/**
 * Advice for one interceptor: {advice: "try" | "pass", pStop, expectedDamage, why}.
 * @param odds  the kick answer's `intercept_odds[player]`: {p_stop, expected_damage}
 * @param ally  he is on the kicker's team
 * @param goalAgainst  the kick lands beyond the line his team defends
 */
export function interceptAdvice(
  odds,
  { ally = false, goalAgainst = false, threshold = TRY_CHANCE } = {},
) {
  if (!odds) return null;
  const pStop = odds.p_stop ?? 0;
  const expectedDamage = odds.expected_damage ?? 0;
  let advice = "pass";
  let why = "ally";
  if (!ally) {
    if (pStop > 0 && goalAgainst) [advice, why] = ["try", "goal"];
    else if (pStop >= threshold) [advice, why] = ["try", "odds"];
    else why = pStop > 0 ? "odds" : "hopeless";
  }
  return { advice, pStop, expectedDamage, why };
}

/**
 * Card lines (the companion's card line shape: {key, tone, data}) with the advice for each NPC
 * interceptor of a kick answer.
 * @param kick  the companion's kick answer ({interceptors, intercept_odds, goal, kicker})
 * @param ctx   {teams: [{id, defends}], teamOf(id), isNpc(id), nameOf(id)}
 */
export function adviceLines(kick, { teams = [], teamOf, isNpc, nameOf = (id) => id }) {
  const lines = [];
  const kickerTeam = teamOf(kick.kicker);
  for (const i of kick.interceptors ?? []) {
    if (!isNpc(i.player)) continue;
    const team = teamOf(i.player);
    const defends = (teams ?? []).find((t) => t.id === team)?.defends ?? null;
    const a = interceptAdvice(kick.intercept_odds?.[i.player], {
      ally: team === kickerTeam,
      goalAgainst: Boolean(defends && kick.goal?.end === defends),
    });
    if (!a) continue;
    lines.push({
      key: `BALLCOURT.Planner.Advice.${a.advice === "try" ? "Try" : "Pass"}.${a.why}`,
      tone: a.advice === "try" ? "info" : "muted",
      data: { player: nameOf(i.player), pct: percent(a.pStop), dmg: a.expectedDamage.toFixed(1) },
    });
  }
  return lines;
}
