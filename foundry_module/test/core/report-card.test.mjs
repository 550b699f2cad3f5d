/** The match report card: the companion's box score as a chat card, en and ru, both games. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import { figure, renderReportCard, reportSummary } from "../../scripts/core/report-card.mjs";

const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8")),
    name,
  );
const en = lang("en");
const ru = lang("ru");

// the shape GET /api/v1/matches/<id>/report answers (tests/present/test_report.py pins it)
const YAOTZIN = {
  id: "m1",
  name: "Final <b>",
  game: "yaotzin",
  status: "over",
  winner: "sun",
  events: 12,
  round: 7,
  score: { sun: 2, moon: 1 },
  fields: {
    teams: ["score", "possession", "passes", "kicks", "hoop_attempts"],
    players: [
      "goals",
      "kicks",
      "interceptions",
      "stops",
      "passes_thrown",
      "passes_caught",
      "dribbles",
      "contests_won",
      "knocked_out",
      "nonlethal",
    ],
  },
  teams: {
    sun: { name: "Sun", score: 2, possession: 0.625, passes: 3, kicks: 5, hoop_attempts: 1 },
    moon: { name: "moon", score: 1, possession: 0.375, passes: 0, kicks: 2, hoop_attempts: 0 },
  },
  players: {
    s1: {
      name: "Tal",
      team: "sun",
      goals: 2,
      kicks: 4,
      interceptions: 0,
      stops: 0,
      passes_thrown: 3,
      passes_caught: 0,
      dribbles: 5,
      contests_won: 1,
      knocked_out: 1,
      nonlethal: 4,
    },
    m1: {
      name: "Ixi",
      team: "moon",
      goals: 1,
      kicks: 2,
      interceptions: 3,
      stops: 2,
      passes_thrown: 0,
      passes_caught: 0,
      dribbles: 0,
      contests_won: 2,
      knocked_out: 0,
      nonlethal: 6,
    },
    x9: {
      name: "x9",
      team: null,
      goals: 0,
      kicks: 0,
      interceptions: 0,
      stops: 0,
      passes_thrown: 0,
      passes_caught: 0,
      dribbles: 0,
      contests_won: 0,
      knocked_out: 0,
      nonlethal: 2,
    },
  },
};

const GOAT = {
  id: "g1",
  name: null,
  game: "goatball",
  status: "playing",
  winner: null,
  events: 5,
  passes: 4,
  fields: {
    teams: ["possession", "passes", "heat", "hot", "hot_throws", "knock_offs"],
    players: [
      "interceptions",
      "stops",
      "passes_thrown",
      "passes_caught",
      "hot_throws",
      "throws_joined",
      "knock_offs",
      "knocked_out",
      "damage",
    ],
  },
  teams: {
    red: { name: "red", possession: 1, passes: 3, heat: 2, hot: 0, hot_throws: 0, knock_offs: 0 },
    blue: { name: "blue", possession: 0, passes: 0, heat: 0, hot: 0, hot_throws: 0, knock_offs: 1 },
  },
  players: {
    b2: {
      name: "b2",
      team: "blue",
      interceptions: 1,
      stops: 1,
      passes_thrown: 0,
      passes_caught: 0,
      hot_throws: 0,
      throws_joined: 3,
      knock_offs: 1,
      knocked_out: 0,
      damage: 0,
    },
  },
};

const cells = (html, attr) => {
  const found = new RegExp(`<tr ${attr}>(.*?)</tr>`).exec(html);
  assert.ok(found, `no row ${attr}`);
  return [...found[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((m) => m[1]);
};

test("a Yaotzin report: title, summary, a team row and a player row per figure", () => {
  const html = renderReportCard(YAOTZIN, en);
  assert.match(
    html,
    /<header class="ballcourt-title">Match report: Yaotzin — Final &lt;b&gt;<\/header>/,
  );
  assert.equal(reportSummary(YAOTZIN, en), "Winner: Sun · Round 7 · Events: 12");
  assert.deepEqual(cells(html, 'data-team="sun"'), ["Sun", "2", "63%", "3", "5", "1"]);
  assert.deepEqual(cells(html, 'data-player="m1"'), [
    "Ixi",
    "1",
    "2",
    "3",
    "2",
    "0",
    "0",
    "0",
    "2",
    "0",
    "6",
  ]);
  assert.deepEqual(cells(html, 'data-player="x9"').length, 11, "a player with no team still shows");
  assert.match(html, /<th title="Nonlethal taken" data-field="nonlethal">NL<\/th>/);
  // each player's dribbles and contests won (rulings "The match report"), in both languages
  assert.match(
    html,
    /<th title="Dribbles" data-field="dribbles">Drb<\/th><th title="Contests won" data-field="contests_won">CW<\/th>/,
  );
  const inRussian = renderReportCard(YAOTZIN, ru);
  assert.match(
    inRussian,
    /<th title="Ведения мяча" data-field="dribbles">Вед<\/th><th title="Выиграно схваток" data-field="contests_won">Сх<\/th>/,
  );
  assert.deepEqual(cells(inRussian, 'data-player="s1"'), [
    "Tal",
    "2",
    "4",
    "0",
    "0",
    "3",
    "0",
    "5",
    "1",
    "1",
    "4",
  ]);
  assert.equal(
    (html.match(/ballcourt-report-players/g) ?? []).length,
    3,
    "one table per team, and the teamless",
  );
});

test("a goat-ball report in Russian: the game's own figures, no goals or kicks", () => {
  const html = renderReportCard(GOAT, ru);
  assert.match(html, /Отчёт о матче: Козлобол<\/header>/);
  assert.equal(reportSummary(GOAT, ru), "Идёт игра · Сыграно розыгрышей: 4 · Событий: 5");
  assert.deepEqual(cells(html, 'data-team="red"'), ["red", "100%", "3", "2", "0", "0", "0"]);
  assert.deepEqual(cells(html, 'data-player="b2"'), [
    "b2",
    "1",
    "1",
    "0",
    "0",
    "0",
    "3",
    "1",
    "0",
    "0",
  ]);
  // the rulebook's own words: «выбивание», «передача» (rulings "The match report")
  assert.match(html, /title="Выбивания" data-field="knock_offs">Выбив</);
  assert.match(html, /title="Передачи" data-field="passes">Пер</);
  assert.match(html, /title="Передач отдано" data-field="passes_thrown">ПО</);
  assert.match(html, /title="Участие в бросках" data-field="throws_joined">УБ</);
  assert.doesNotMatch(html, /Сброс|Пасы|Пасов/);
  assert.match(renderReportCard(GOAT, en), /title="Throws joined" data-field="throws_joined">TJ</);
  assert.doesNotMatch(html, /data-field="goals"/);
  assert.equal(
    (html.match(/ballcourt-report-players/g) ?? []).length,
    1,
    "red has no players in the log",
  );
});

test("every figure either game reports has a label and a short label in en and ru", () => {
  for (const report of [YAOTZIN, GOAT]) {
    for (const f of [...report.fields.teams, ...report.fields.players]) {
      for (const i18n of [en, ru]) {
        assert.ok(i18n.has(`BALLCOURT.Report.Field.${f}`), f);
        assert.ok(i18n.has(`BALLCOURT.Report.Short.${f}`), f);
      }
    }
  }
  assert.equal(figure("possession", 0.333), "33%");
  assert.equal(figure("kicks", undefined), "0");
  assert.equal(
    reportSummary({ ...GOAT, status: "over", winner: "draw" }, en),
    "A draw · Passes played: 4 · Events: 5",
  );
});
