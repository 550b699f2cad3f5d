/** The score panel: the score, the clock and the winner. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import { renderBoard } from "../../scripts/core/scoreboard.mjs";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), "utf8"));
const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8")),
    name,
  );

test("the score panel shows the score, the clock and the winner", () => {
  const state = {
    game: "yaotzin",
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
    score: { sun: 3, moon: 9 },
    round: 41,
    settings: { round_limit: 100 },
    status: "over",
    winner: "moon",
    seq: 12,
  };
  const html = renderBoard(state, lang("en"), [{ type: "goal", team: "moon" }, { type: "round" }]);
  assert.match(html, /Round 41 of 100/);
  assert.match(html, /moon wins the match!/);
  assert.match(html, /<li>A new round<\/li><li>Goal<\/li>/);
  const goat = renderBoard(
    {
      game: "goatball",
      teams: fixture("pass").arena.teams,
      possession: fixture("pass").possession,
      status: "playing",
      seq: 1,
    },
    lang("en"),
  );
  assert.match(goat, /blue has the ball/);
});
