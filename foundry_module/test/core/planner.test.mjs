import assert from "node:assert/strict";
import { test } from "node:test";

import { makeMapping } from "../../scripts/core/geometry.mjs";
import {
  adviceLines,
  attackedEnd,
  interceptAdvice,
  percent,
  plannerCommands,
  plannerRow,
  suggestRequest,
} from "../../scripts/core/planner.mjs";

const m = makeMapping({ gridSize: 100, length: 72, width: 24 });
const TEAMS = [
  { id: "sun", defends: "west" },
  { id: "moon", defends: "east" },
];

test("the attacked end is the one the kicker's team does not defend", () => {
  assert.equal(attackedEnd(TEAMS, "sun"), "east");
  assert.equal(attackedEnd(TEAMS, "moon"), "west");
  assert.equal(attackedEnd(TEAMS, "stars"), null);
});

test("the suggest body is the preview's without a target, with top and the attacked end", () => {
  const players = [{ id: "k", team: "sun", x: 3, y: 4 }];
  const body = suggestRequest({
    mapping: m,
    players,
    ball: { x: 3, y: 4 },
    kicker: "k",
    standing: true,
    powerAttack: 2,
    attacks: "east",
    settings: { scatter_one: "srd" },
  });
  assert.deepEqual(body, {
    field: { length: 72, width: 24 },
    players,
    ball: { x: 3, y: 4 },
    kicker: "k",
    standing: true,
    power_attack: 2,
    settings: { scatter_one: "srd" },
    top: 5,
    attacks: "east",
  });
  assert.equal(
    "attacks" in suggestRequest({ mapping: m, players, ball: { x: 3, y: 4 }, kicker: "k", top: 2 }),
    false,
  );
  assert.equal(
    suggestRequest({ mapping: m, players, ball: { x: 3, y: 4 }, kicker: "k", top: 2 }).top,
    2,
  );
});

test("marks: one square and one label per suggestion, the best strongest", () => {
  const cmds = plannerCommands(m, {
    squares: [
      { x: 2, y: 3, p_goal: 0.734, expected_damage: 1.25 },
      { x: 5, y: 3, p_goal: 0.004, expected_damage: 0 },
    ],
  });
  const rects = cmds.filter((c) => c.kind === "rect");
  const texts = cmds.filter((c) => c.kind === "text");
  assert.deepEqual(
    rects.map((r) => [r.x, r.y]),
    [
      [200, 300],
      [500, 300],
    ],
  );
  assert.ok(rects[0].alpha > rects[1].alpha);
  // the ranks in the squares, then the legend: one line a square, best first, above the marks
  assert.deepEqual(
    texts.map((t) => t.text),
    ["#1", "#2", "#1 73% · 1.3", "#2 1% · 0.0"],
  );
  assert.deepEqual(
    texts.slice(0, 2).map((t) => [t.x, t.y]),
    [
      [250, 350],
      [550, 350],
    ],
  );
  const legend = texts.slice(2);
  assert.ok(
    legend.every((t) => t.y < 300) && legend[0].y < legend[1].y,
    legend.map((t) => t.y).join(" "),
  );
  assert.equal(legend[0].x, (200 + 600) / 2);
  // too near the top for the legend above: it goes below
  const low = plannerCommands(m, {
    squares: [{ x: 2, y: 0, p_goal: 0.5, expected_damage: 0 }],
  }).filter((c) => c.kind === "text");
  assert.ok(low[1].y > 100, String(low[1].y));
  assert.deepEqual(plannerCommands(m, null), []);
});

test("percent never rounds a possibility away nor a doubt into a certainty", () => {
  assert.deepEqual([0, 0.001, 0.5, 0.996, 1].map(percent), [0, 1, 50, 99, 100]);
});

test("advice: an ally lets it pass; an opponent tries when it scores on him or at even odds", () => {
  const odds = (p, d = 2) => ({ p_stop: p, expected_damage: d });
  assert.equal(interceptAdvice(odds(0.9), { ally: true }).advice, "pass");
  assert.equal(interceptAdvice(odds(0.1), { goalAgainst: true }).advice, "try");
  assert.equal(interceptAdvice(odds(0.5)).advice, "try");
  assert.equal(interceptAdvice(odds(0.45)).advice, "pass");
  assert.deepEqual(interceptAdvice(odds(0, 0), { goalAgainst: true }), {
    advice: "pass",
    pStop: 0,
    expectedDamage: 0,
    why: "hopeless",
  });
  assert.equal(interceptAdvice(undefined), null);
});

test("card lines: advice for NPC interceptors only, in the card's line shape", () => {
  const kick = {
    kicker: "k",
    goal: { end: "east" },
    interceptors: [{ player: "npc" }, { player: "pc" }, { player: "mate" }],
    intercept_odds: {
      npc: { p_stop: 0.2, expected_damage: 1.5 },
      pc: { p_stop: 0.9, expected_damage: 0 },
      mate: { p_stop: 0.8, expected_damage: 0.4 },
    },
  };
  const team = { k: "sun", npc: "moon", pc: "moon", mate: "sun" };
  const lines = adviceLines(kick, {
    teams: TEAMS,
    teamOf: (id) => team[id],
    isNpc: (id) => id !== "pc",
    nameOf: (id) => id.toUpperCase(),
  });
  assert.deepEqual(lines, [
    {
      key: "BALLCOURT.Planner.Advice.Try.goal",
      tone: "info",
      data: { player: "NPC", pct: 20, dmg: "1.5" },
    },
    {
      key: "BALLCOURT.Planner.Advice.Pass.ally",
      tone: "muted",
      data: { player: "MATE", pct: 80, dmg: "0.4" },
    },
  ]);
  // the same kick landing short: the NPC's 20% is not worth it
  assert.equal(
    adviceLines(
      { ...kick, goal: null },
      { teams: TEAMS, teamOf: (id) => team[id], isNpc: (id) => id === "npc" },
    )[0].key,
    "BALLCOURT.Planner.Advice.Pass.odds",
  );
});

test("the palette's toggle says whether it is on", () => {
  const L = (k) => k;
  assert.match(
    plannerRow(true, L),
    /data-ballcourt-palette="planner" aria-pressed="true" class="active"/,
  );
  assert.match(plannerRow(false, L), /aria-pressed="false">BALLCOURT.Palette.Planner</);
});
