/**
 * "Tune my table", the pure part: the roster from the selected tokens, the tune
 * body, and the note the arena setup shows (intervals; "no difference" when zones is null).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import {
  suggestedZoneCount,
  tuneNote,
  tuneRequest,
  tuneRoster,
  tuneRow,
} from "../../scripts/core/tune.mjs";
import { tuneRoute } from "../fakes/companion.mjs";

const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8")),
    name,
  );
const en = lang("en");
const ru = lang("ru");

const tok = (id, team, athletics = 3, acrobatics = 1) => ({ id, team, athletics, acrobatics });

test("the roster: each team among the selection is a side; tokens without a team are left out", () => {
  const r = tuneRoster([tok("a", "sun", 5, 2), tok("x", null), tok("b", "moon"), tok("c", "sun")]);
  assert.deepEqual(r.teams, [
    {
      id: "sun",
      players: [
        { id: "a", athletics: 5, acrobatics: 2 },
        { id: "c", athletics: 3, acrobatics: 1 },
      ],
    },
    { id: "moon", players: [{ id: "b", athletics: 3, acrobatics: 1 }] },
  ]);
  assert.deepEqual(r.left, ["x"]);
  assert.equal(r.split, false);
});

test("the roster: a selection without two teams is split in two by turns; fewer than two tokens is none", () => {
  const r = tuneRoster([
    tok("a", null),
    tok("b", "sun"),
    tok("c", null),
    tok("d", null),
    tok("e", null),
  ]);
  assert.equal(r.split, true);
  assert.deepEqual(
    r.teams.map((t) => t.players.map((p) => p.id)),
    [
      ["a", "c", "e"],
      ["b", "d"],
    ],
  );
  assert.equal(tuneRoster([tok("a", "sun")]), null);
  assert.equal(tuneRoster([]), null);
  assert.equal(tuneRoster(undefined), null);
});

test("the roster: bonuses are whole numbers within the contract's -5 to +20", () => {
  const r = tuneRoster([
    tok("a", null, 23, -7),
    tok("b", null, 4.6, "2"),
    { id: "c", team: null, acrobatics: NaN },
  ]);
  assert.deepEqual(
    r.teams.flatMap((t) => t.players),
    [
      { id: "a", athletics: 20, acrobatics: -5 },
      { id: "c", athletics: 0, acrobatics: 0 },
      { id: "b", athletics: 5, acrobatics: 2 },
    ],
  );
});

test("the body: teams, the budget, one preset only when every side shares it", () => {
  const roster = tuneRoster([tok("a", "sun"), tok("b", "moon")]);
  assert.deepEqual(tuneRequest(roster, { budget: 30 }), { teams: roster.teams, budget: 30 });
  assert.equal(
    tuneRequest(roster, { tactics: { sun: "evasive", moon: "evasive" } }).tactics,
    "evasive",
  );
  assert.equal(
    tuneRequest(roster, { tactics: { sun: "evasive", moon: "follow-ball" } }).tactics,
    undefined,
    "two presets: no shape every companion reads alike; its default",
  );
  assert.equal(
    tuneRequest(roster, { tactics: { sun: "evasive" } }).tactics,
    undefined,
    "one side on the default",
  );
  assert.equal(tuneRequest(roster, { budget: "abc" }).budget, 40);
  assert.equal(tuneRequest(roster, { budget: 0 }).budget, 40);
  assert.equal(tuneRequest(roster, { seed: 7 }).seed, 7);
  const body = tuneRequest(roster);
  body.teams[0].players[0].athletics = 99;
  assert.equal(roster.teams[0].players[0].athletics, 3, "the body is a copy");
});

const sixASide = tuneRoster(
  Array.from({ length: 12 }, (_, i) =>
    tok(`p${i}`, i % 2 ? "moon" : "sun", 3 + (i % 3) + (i === 0 ? 4 : 0), 1),
  ),
);

test("the note: zones, the chance to end within the budget and the upset rate, each with its interval", () => {
  const answer = tuneRoute()(tuneRequest(sixASide, { budget: 40 })).body;
  assert.equal(answer.zones, 4);
  assert.equal(suggestedZoneCount(answer), 4);
  assert.equal(
    tuneNote(answer, { budget: 40 }, en),
    "Suggested for this roster: with 4 zones, 75% (68–82%) of matches end within 40 passes; upsets 20% (14–27%)." +
      " A match takes about 80 minutes at the table.",
  );
  assert.equal(
    tuneNote(answer, { budget: 40 }, ru),
    "Для этого состава: с 4 зонами 75% (68–82%) матчей кончаются не более чем за 40 розыгрышей; неожиданных побед 20% (14–27%)." +
      " Матч длится за столом примерно 80 мин.",
  );
});

test("the note in a GM's words: the counts within the margin with each one's gap, and a walkover said first", () => {
  const open = tuneRoute({ noDifference: true })(tuneRequest(sixASide, { budget: 40 })).body;
  assert.match(
    tuneNote(open, {}, en),
    / Within the margin of the best, zone counts: 3, 4\. With 4 zones a match ends about 10 points more often than with 3 \(±7\)\.$/,
  );
  assert.match(
    tuneNote(open, {}, ru),
    / В пределах допуска от лучшего число зон: 3, 4\. С 4 зонами матч кончается примерно на 10 пунктов чаще, чем с 3 зонами \(±7\)\.$/,
  );
  const walkover = tuneRoute({ oneSided: true })(tuneRequest(sixASide, { budget: 40 })).body;
  assert.match(
    tuneNote(walkover, {}, en),
    /^One-sided: sun wins every match that has a winner, at every zone count tried; no zone count makes it a contest\. Suggested/,
  );
  assert.match(
    tuneNote(walkover, {}, ru),
    /^Игра в одни ворота: «sun» выигрывает каждый матч, где есть победитель/,
  );
});

test("a walkover short of every match says its least share rounded down, never 'at least 100%'", () => {
  const answer = tuneRoute({ oneSided: true })(tuneRequest(sixASide, { budget: 40 })).body;
  const withWins = (shares) => {
    const balance = { ...answer.balance, win: { ...answer.balance.win } };
    balance.win[balance.favourite] = shares;
    return { ...answer, balance };
  };
  assert.match(
    tuneNote(withWins({ 3: 0.996, 4: 1 }), {}, en),
    /^One-sided: sun wins at least 99% of the matches/,
  );
  assert.match(
    tuneNote(withWins({ 3: 0.29, 4: 0.9 }), {}, en),
    /^One-sided: sun wins at least 29% of the matches/,
  );
  assert.match(
    tuneNote(withWins({ 3: 0.996, 4: 1 }), {}, ru),
    /^Игра в одни ворота: «sun» выигрывает не меньше 99%/,
  );
});

test("the note: a roster whose matches hardly ever end in the budget is told so first", () => {
  const rows = [0, 2].map((zones) => ({
    zones,
    finish_within_budget: 0,
    ci95: { finish_within_budget: [0, 0.03] },
  }));
  const note = tuneNote({ zones: 0, best: 0, budget: 40, results: rows }, {}, en);
  assert.match(
    note,
    /^Hardly any match ends within 40 passes at any zone count tried \(at most 3% at the best\): zones cannot fix that; a larger budget or more players a side may\. Suggested/,
  );
  assert.match(
    tuneNote({ zones: 0, best: 0, budget: 40, results: rows }, {}, ru),
    /^Почти ни один матч не кончается за 40 розыгрышей/,
  );
});

test("the note: zones null says 'no difference' plainly, with the best seen; the form keeps its own count", () => {
  const answer = tuneRoute({ noDifference: true })(tuneRequest(sixASide, { budget: 25 })).body;
  assert.equal(suggestedZoneCount(answer), null);
  const note = tuneNote(answer, { budget: 25 }, en);
  assert.match(
    note,
    /^No difference: for this roster no zone count is better than the others\. Best seen: with 4 zones, 75% \(68–82%\) of matches end within 25 passes/,
  );
  assert.match(tuneNote(answer, {}, ru), /^Разницы нет/);
});

test("the note: even teams have no upsets; no interval, no brackets; 0 zones is 'without zones'", () => {
  const even = tuneRoute()(tuneRequest(tuneRoster([tok("a", "sun"), tok("b", "moon")]))).body;
  assert.match(
    tuneNote(even, {}, en),
    /no upsets possible \(the teams are even\)\. A match takes about 80 minutes at the table\.$/,
  );
  const bare = {
    zones: 0,
    finish_within_budget: 0.5,
    results: [{ zones: 0, finish_within_budget: 0.5, upset_rate: 0.1 }],
  };
  assert.equal(
    tuneNote(bare, { budget: 40 }, en),
    "Suggested for this roster: without zones, 50% of matches end within 40 passes; upsets 10%.",
  );
  const objects = {
    zones: 2,
    results: [
      {
        zones: 2,
        finish_within_budget: 0.5,
        upset_rate: 0.1,
        ci95: { finish_within_budget: { lo: 0.4, hi: 0.6 }, upset_rate: [0.05, null] },
      },
    ],
  };
  assert.match(
    tuneNote(objects, {}, en),
    /50% \(40–60%\).*upsets 10%\.$/,
    "an interval as {lo, hi}; a half interval is none",
  );
});

test("the row: the recommended one; with none, `best`, else the answer's own figure, else the highest; nothing without results", () => {
  const rows = [
    { zones: 0, finish_within_budget: 0.3 },
    { zones: 2, finish_within_budget: 0.6 },
    { zones: 3, finish_within_budget: 0.5 },
  ];
  assert.equal(tuneRow({ zones: 3, results: rows }).zones, 3);
  assert.equal(tuneRow({ zones: null, best: 0, results: rows }).zones, 0);
  assert.equal(tuneRow({ zones: null, finish_within_budget: 0.5, results: rows }).zones, 3);
  assert.equal(tuneRow({ zones: null, results: rows }).zones, 2);
  assert.equal(tuneRow({ zones: 2, results: [] }), null);
  assert.equal(tuneNote({ zones: 2, results: [] }, {}, en), null);
  assert.equal(tuneNote(null, {}, en), null);
});
