/**
 * The Yaotzin autopilot's reactions to a kick in flight and a rolling ball, pure part
 * (core/yaotzin-react.mjs), against the companion's own `/yaotzin/react` answer
 * (test/fixtures/react.json, rewritten and checked by tests/fixtures_for_module.py) and tick
 * answer (tick.json): which chances it answers for and which button each presses, the body it
 * asks with, the card's lines and buttons, and act mode's tries in the ball's order until one
 * stops it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fixture } from "../fakes/scenes.mjs";
import { renderCard } from "../../scripts/core/cards.mjs";
import {
  TryChain,
  autopilotChances,
  chancesOf,
  reactBody,
  reactionLine,
  resultLine,
  stopsBall,
  tryAction,
} from "../../scripts/core/yaotzin-react.mjs";

const keys = {
  format: (key, data) => `${key}${JSON.stringify(data)}`,
  localize: (key) => key,
  has: () => true,
};
const { reactions } = fixture("react");
const KICK = {
  kicker: "ix",
  interceptors: [
    { player: "yo", dc: 15, rem: 7, square: { x: 13, y: 12 } },
    { player: "pc", dc: 15, rem: 6 },
    { player: "n2", dc: 15, rem: 5 },
    { player: "s2", dc: 15, rem: 4 },
    { player: "off", dc: 15, rem: 3 },
  ],
};
const TEAMS = { ix: "sun", yo: "moon", pc: "moon", n2: "moon", s2: "sun", off: "earth" };
const OWNERS = { pc: ["alice"] };
const ENTRIES = {
  moon: { mode: "act", tactics: "hold-lanes" },
  sun: { mode: "suggest", tactics: "" },
  earth: { mode: "off" },
};

const flightChances = () =>
  autopilotChances(chancesOf("flight", KICK), {
    entries: ENTRIES,
    teamOf: (id) => TEAMS[id],
    owners: (id) => OWNERS[id],
  });

test("the autopilot answers for the NPC interceptors of teams on suggest or act, in the ball's order; players' tokens and teams off are the GM's", () => {
  assert.deepEqual(flightChances(), [
    {
      player: "yo",
      dc: 15,
      rem: 7,
      press: "intercept:yo",
      team: "moon",
      mode: "act",
      tactics: "hold-lanes",
    },
    {
      player: "n2",
      dc: 15,
      rem: 5,
      press: "intercept:n2",
      team: "moon",
      mode: "act",
      tactics: "hold-lanes",
    },
    {
      player: "s2",
      dc: 15,
      rem: 4,
      press: "intercept:s2",
      team: "sun",
      mode: "suggest",
      tactics: "",
    },
  ]);
  assert.deepEqual(
    autopilotChances(chancesOf("flight", KICK), { teamOf: (id) => TEAMS[id], owners: () => [] }),
    [],
    "no setting: nobody",
  );
});

test("a tick's chances: each player once, at the first square the ball passes him, with the tick card's stop button for it", () => {
  const tick = fixture("tick");
  assert.deepEqual(
    tick.opportunities.map((o) => [o.player, o.step]),
    [
      ["yo", 0],
      ["yo", 1],
      ["yo", 2],
    ],
  );
  assert.deepEqual(chancesOf("rolling", tick), [{ player: "yo", dc: 5, press: "stop:yo:0" }]);
  const two = {
    opportunities: [
      { player: "a", dc: 4, step: 1 },
      { player: "b", dc: 4, step: 1 },
      { player: "a", dc: 4, step: 2 },
      { player: "b", dc: 4, step: 3 },
    ],
  };
  assert.deepEqual(
    chancesOf("rolling", two).map((c) => c.press),
    ["stop:a:1", "stop:b:1"],
  );
  assert.deepEqual(chancesOf("rolling", {}), []);
});

test("the react body lists each one's chance as the answer listed it, and only the presets that are named", () => {
  const chances = flightChances();
  const body = reactBody({
    kind: "flight",
    field: { length: 72, width: 24 },
    players: [{ id: "ix" }],
    settings: { scatter_one: "long" },
    kicker: "ix",
    chances,
  });
  assert.deepEqual(body, {
    field: { length: 72, width: 24 },
    players: [{ id: "ix" }],
    settings: { scatter_one: "long" },
    kind: "flight",
    kicker: "ix",
    tactics: { moon: "hold-lanes" },
    chances: [
      { player: "yo", dc: 15, rem: 7 },
      { player: "n2", dc: 15, rem: 5 },
      { player: "s2", dc: 15, rem: 4 },
    ],
  });
  assert.equal(
    "tactics" in reactBody({ kind: "flight", players: [], kicker: "ix", chances: [chances[2]] }),
    false,
    "sun's blank preset: the companion's default",
  );
  assert.deepEqual(
    reactBody({
      kind: "rolling",
      players: [],
      chances: [{ player: "yo", dc: 5, press: "stop:yo:0", team: "moon", tactics: "kick-long" }],
    }),
    {
      players: [],
      kind: "rolling",
      chances: [{ player: "yo", dc: 5 }],
      tactics: { moon: "kick-long" },
    },
    "a rolling ball's: no kicker, no rem",
  );
});

test("each reaction's line says what its preset decides, with the odds and the preset's name", () => {
  const names = { yo: "Yolteotl", n2: "Nochtli", s2: "Citlali" };
  const lines = reactions.map((r) => reactionLine(r, (id) => names[id]));
  assert.deepEqual(
    lines.map((l) => [l.key, l.tone]),
    [
      ["BALLCOURT.YReact.Try", "info"],
      ["BALLCOURT.YReact.Pass.odds", "muted"],
      ["BALLCOURT.YReact.Pass.ally", "muted"],
    ],
  );
  assert.deepEqual(lines[0].data, {
    player: "Yolteotl",
    tactics: "hold-lanes",
    pct: 50,
    dmg: "2.7",
    min: 25,
  });
  assert.deepEqual(lines[1].data, {
    player: "Nochtli",
    tactics: "hold-lanes",
    pct: 10,
    dmg: "1.2",
    min: 25,
  });
  assert.match(
    lines[1].text,
    /Nochtli \(autopilot, hold-lanes\): lets it pass: 10% chance/,
    "the companion's reason, in English",
  );
  const cannot = reactionLine({ ...reactions[0], tries: false, why: "cannot" });
  assert.equal(cannot.key, "BALLCOURT.YReact.Pass.cannot");
  assert.equal(
    reactionLine({ player: "yo", tactics: "press-ball", tries: true, why: "rolling", p_stop: null })
      .key,
    "BALLCOURT.YReact.Rolling",
  );
  const html = renderCard(
    {
      kind: "yaotzin.advice",
      title: { key: "T", data: {} },
      lines,
      actions: [tryAction(reactions[0], (id) => names[id])],
    },
    keys,
    {},
  );
  assert.match(html, /data-ballcourt-action="try:yo"/);
  assert.match(
    html,
    />BALLCOURT.YReact.TryButton\{&quot;player&quot;:&quot;Yolteotl&quot;,&quot;tactics&quot;:&quot;hold-lanes&quot;\}</,
  );
});

test("a try's result line: each outcome, a refusal, and a try skipped because the ball was stopped first", () => {
  assert.deepEqual(
    ["yoke", "stopped", "deflected", "missed", null].map((outcome) => {
      const l = resultLine("yo", { outcome });
      return [l.key, l.tone];
    }),
    [
      ["BALLCOURT.YReact.Done.yoke", "good"],
      ["BALLCOURT.YReact.Done.stopped", "good"],
      ["BALLCOURT.YReact.Done.deflected", "good"],
      ["BALLCOURT.YReact.Done.missed", "bad"],
      ["BALLCOURT.YReact.Done.unknown", "muted"],
    ],
  );
  assert.deepEqual(resultLine("n2", { stoppedBy: "yo", nameOf: (id) => id.toUpperCase() }).data, {
    player: "N2",
    by: "YO",
  });
  assert.equal(resultLine("n2", { refused: true }).key, "BALLCOURT.YReact.Refused");
  assert.deepEqual(["yoke", "stopped", "deflected", "missed", null].map(stopsBall), [
    true,
    true,
    true,
    false,
    false,
  ]);
});

const r = (player, tries) => ({ player, tries });

test("act mode presses the tries of act-mode NPCs in the ball's order, on past a miss, and skips the rest once one stops it", () => {
  const modes = new Map([
    ["a", "act"],
    ["b", "act"],
    ["c", "suggest"],
    ["d", "act"],
    ["e", "act"],
  ]);
  const tries = new TryChain(
    [r("a", true), r("b", true), r("c", true), r("d", false), r("e", true)],
    modes,
  );
  assert.equal(tries.next(), "a");
  tries.record("a", "missed");
  assert.equal(tries.next(), "b", "a miss: the ball flies on to the next");
  tries.record("b", "deflected");
  assert.equal(tries.next(), null, "a deflection ends the flight");
  assert.deepEqual(
    tries.skipped,
    ["e"],
    "c is the GM's (suggest), d lets it pass: only e is skipped",
  );
  assert.equal(tries.stoppedBy, "b");
});

test("act mode never presses a try twice: one already pressed is passed over, and a refused press does not stop the ball", () => {
  const modes = new Map([
    ["a", "act"],
    ["b", "act"],
    ["c", "act"],
  ]);
  const tries = new TryChain([r("a", true), r("b", true), r("c", true)], modes, ["a"]);
  assert.equal(tries.next(), "b");
  tries.record("b", null);
  assert.equal(tries.next(), "c");
  tries.record("c", "yoke");
  assert.equal(tries.next(), null);
  assert.deepEqual([tries.skipped, tries.stoppedBy], [[], "c"]);
});
