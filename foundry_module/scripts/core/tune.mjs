/**
 * "Tune my table": the companion's balance simulator answers, for the GM's own
 * roster, how many zones to use and how often a match then ends within the table's budget of
 * passes (POST /api/v1/goatball/tune). Pure: the roster from the selected tokens, the request
 * body, and the one-line note the arena setup shows. The glue is foundry/tune.mjs.
 */
import { escapeHtml } from "./i18n.mjs";

/** The contract's range for a bonus (-5 to +20); a sheet's bonus beyond it is sent at the edge. */
export const BONUS_MIN = -5;
export const BONUS_MAX = 20;

const bonus = (value) => Math.min(BONUS_MAX, Math.max(BONUS_MIN, Math.round(Number(value) || 0)));

/**
 * The roster for the tune route from the selected tokens ([{id, name?, team, athletics,
 * acrobatics}], team null for a token with none), in selection order. With two teams or more
 * among them, each team is one side and the tokens without a team are left out (`left`).
 * Otherwise (an arena set up before the teams are) the selection is split in two sides by
 * turns, A, B, A, B...: `split` says so. Null when there are not two sides of one player.
 */
export function tuneRoster(tokens) {
  const list = [...(tokens ?? [])];
  const teams = [...new Set(list.map((t) => t.team).filter(Boolean))];
  const player = (t) => ({
    id: t.id,
    athletics: bonus(t.athletics),
    acrobatics: bonus(t.acrobatics),
  });
  if (teams.length >= 2) {
    return {
      teams: teams.map((id) => ({ id, players: list.filter((t) => t.team === id).map(player) })),
      left: list.filter((t) => !t.team).map((t) => t.id),
      split: false,
    };
  }
  if (list.length < 2) return null;
  return {
    teams: ["A", "B"].map((id, side) => ({
      id,
      players: list.filter((_, i) => i % 2 === side).map(player),
    })),
    left: [],
    split: true,
  };
}

/**
 * The tune body: the roster's teams, the budget, and the tactics when the teams share one
 * preset (`tactics`: {team: name}; a blank or missing name is the companion's default). Teams
 * with different presets get the companion's default here: the contract names no shape for
 * two presets in this route that every companion reads alike.
 */
export function tuneRequest(roster, { budget = 40, tactics = {}, seed } = {}) {
  const body = {
    teams: roster.teams.map((t) => ({ id: t.id, players: t.players.map((p) => ({ ...p })) })),
  };
  const names = new Set(roster.teams.map((t) => tactics?.[t.id] || ""));
  const [only] = names;
  if (names.size === 1 && only) body.tactics = only;
  const b = Math.round(Number(budget));
  body.budget = Number.isFinite(b) && b >= 1 ? b : 40;
  if (Number.isInteger(seed)) body.seed = seed;
  return body;
}

/** An interval from a `ci95` entry: [lo, hi] (or {lo, hi}, {low, high}); null without one. */
function interval(ci, key) {
  const v = ci?.[key];
  const pair = Array.isArray(v)
    ? v
    : v && typeof v === "object"
      ? [v.lo ?? v.low, v.hi ?? v.high]
      : null;
  return pair && pair.every((x) => Number.isFinite(x)) ? pair : null;
}

/**
 * The row the note speaks of: the recommended zone count's; with none (`zones` null, "no
 * difference"), the best one seen (`best`, else the one whose finish_within_budget is the
 * answer's, else the highest).
 */
export function tuneRow(answer) {
  const rows = (answer?.results ?? []).filter((r) => Number.isInteger(r?.zones));
  if (!rows.length) return null;
  const at = (z) => rows.find((r) => r.zones === z);
  if (Number.isInteger(answer.zones) && at(answer.zones)) return at(answer.zones);
  if (Number.isInteger(answer.best) && at(answer.best)) return at(answer.best);
  const same = rows.find((r) => r.finish_within_budget === answer.finish_within_budget);
  return (
    same ??
    rows.reduce((a, r) => ((r.finish_within_budget ?? -1) > (a.finish_within_budget ?? -1) ? r : a))
  );
}

const pct = (x) => `${Math.round(x * 100)}`;

/** A one-sided roster as a GM says it: the favourite wins every match that has a winner, or at
 * least its least share, rounded down so that "at least" stays true (never "at least 100%"
 * for 99.6%). The companion's own sentence says it the same way. */
function walkover(team, wins, lang) {
  const least = Math.min(...wins);
  return least >= 1
    ? lang.format("BALLCOURT.Tune.OneSidedEvery", { team })
    : lang.format("BALLCOURT.Tune.OneSided", { team, p: Math.floor(least * 100 + 1e-9) });
}

/** "62% (55–69%)", or "62%" without an interval. */
function rate(lang, value, range) {
  return range
    ? lang.format("BALLCOURT.Tune.RateRange", {
        p: pct(value),
        lo: pct(range[0]),
        hi: pct(range[1]),
      })
    : lang.format("BALLCOURT.Tune.Rate", { p: pct(value) });
}

/**
 * The note for an answer, in the user's language (`lang`: {localize, format}): "with Z zones,
 * P% (lo–hi%) of matches end within B passes; upsets U% (lo–hi%)", said as "no difference"
 * when the companion found no zone count better than the others. Null when the answer has
 * nothing to say (no results).
 */
export function tuneNote(answer, { budget = 40 } = {}, lang) {
  const row = tuneRow(answer);
  const finish =
    row?.finish_within_budget ??
    (Number.isFinite(answer?.finish_within_budget) ? answer.finish_within_budget : null);
  if (!row || !Number.isFinite(finish)) return null;
  const ci = row.ci95 ?? {};
  const zones = row.zones
    ? lang.format("BALLCOURT.Tune.WithZones", { zones: row.zones })
    : lang.localize("BALLCOURT.Tune.NoZones");
  const upsets = Number.isFinite(row.upset_rate)
    ? lang.format("BALLCOURT.Tune.Upsets", {
        rate: rate(lang, row.upset_rate, interval(ci, "upset_rate")),
      })
    : lang.localize("BALLCOURT.Tune.NoUpsets");
  const data = {
    zones,
    finish: rate(lang, finish, interval(ci, "finish_within_budget")),
    budget: answer.budget ?? budget,
    upsets,
  };
  const plain = Number.isInteger(answer.zones)
    ? lang.format("BALLCOURT.Tune.Note", data)
    : lang.format("BALLCOURT.Tune.NoDifference", data);
  const note = [...warnings(answer, data.budget, lang), plain, ...choices(answer, row, lang)].join(
    " ",
  );
  // the companion's time limit came first: the answer is from fewer matches (docs/api.md)
  return answer.partial === true && Number.isInteger(answer.matches)
    ? `${note} ${lang.format("BALLCOURT.Tune.Partial", { matches: answer.matches })}`
    : note;
}

/** What the zones cannot fix, said first: a walkover (`balance.one_sided`), and a roster whose
 * matches hardly ever end within the budget at any count (every count's interval below 10%). */
function warnings(answer, budget, lang) {
  const out = [];
  const fair = answer.balance;
  const wins = Object.values(fair?.win?.[fair?.favourite] ?? {}).filter((w) => Number.isFinite(w));
  if (fair?.one_sided === true && wins.length) out.push(walkover(fair.favourite, wins, lang));
  const highs = (answer.results ?? []).map((r) => interval(r.ci95, "finish_within_budget")?.[1]);
  if (highs.length && highs.every((hi) => Number.isFinite(hi) && hi < 0.1)) {
    out.push(lang.format("BALLCOURT.Tune.HardlyEnds", { budget, p: pct(Math.max(...highs)) }));
  }
  return out;
}

/** The table minutes at the reported count, and, with no count decided, the counts within the
 * margin of the best with each one's distance from it (`plausible`, `differences`). */
function choices(answer, row, lang) {
  const out = [];
  const minutes = answer.minutes?.[String(row.zones)];
  if (Number.isFinite(minutes)) out.push(lang.format("BALLCOURT.Tune.Minutes", { minutes }));
  const plausible = (answer.plausible ?? []).filter((z) => Number.isInteger(z));
  if (Number.isInteger(answer.zones) || plausible.length < 2 || !Number.isInteger(answer.best))
    return out;
  out.push(lang.format("BALLCOURT.Tune.Plausible", { counts: plausible.join(", ") }));
  for (const z of plausible) {
    const d = answer.differences?.[String(z)];
    if (z === answer.best || !Number.isFinite(d?.below_best) || !Number.isFinite(d?.half_width))
      continue;
    out.push(
      lang.format("BALLCOURT.Tune.Gap", {
        best: answer.best,
        other: z,
        d: Math.round(d.below_best * 100),
        pm: Math.round(d.half_width * 100),
      }),
    );
  }
  return out;
}

/**
 * The line for a tune still working, from the companion's `tune_progress` event (a stage that
 * finished short of the whole run: {matches, of, seconds, limit, answer}): how far it is, and
 * what its matches so far say. Null for an event without its counts.
 */
export function tuneProgress(stage, { budget = 40 } = {}, lang) {
  if (!Number.isInteger(stage?.matches) || !Number.isInteger(stage?.of)) return null;
  const head = lang.format("BALLCOURT.Tune.Progress", {
    matches: stage.matches,
    of: stage.of,
    seconds: Math.round(Number(stage.seconds) || 0),
    limit: Math.round(Number(stage.limit) || 0),
  });
  // the stage is partial because the run goes on, not because the time limit came: no such suffix
  const note = tuneNote({ ...stage.answer, partial: false }, { budget }, lang);
  return note ? `${head} ${lang.format("BALLCOURT.Tune.SoFar", { note })}` : head;
}

/** The zone count to put in the arena form: the recommendation, or null ("no difference": keep the form's own). */
export function suggestedZoneCount(answer) {
  return Number.isInteger(answer?.zones) ? answer.zones : null;
}

/** The whispered message of a suggestion for `count` tokens: its title and the note (`line`). */
export function tuneMessageHtml(line, count, lang) {
  return (
    `<div class="ballcourt-tune"><h3>${escapeHtml(lang.format("BALLCOURT.Tune.Title", { count }))}</h3>` +
    `<p>${escapeHtml(line)}</p></div>`
  );
}
