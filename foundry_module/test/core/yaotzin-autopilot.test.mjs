/**
 * The Yaotzin autopilot's pure part (core/yaotzin-autopilot.mjs) against the companion's own
 * `/yaotzin/suggest` answers (test/fixtures/autopilot-*.json, rewritten and checked by
 * tests/fixtures_for_module.py): the request body, the steps a turn runs in order, the GM's
 * card, the ghost's drawing commands and the Stop checked before each step.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fixture } from "../fakes/scenes.mjs";
import { renderCard } from "../../scripts/core/cards.mjs";
import {
  GHOST_COLOR,
  TurnRun,
  closedCard,
  ghostCommands,
  proposalCard,
  stepLine,
  suggestBody,
  turnMode,
  turnSteps,
} from "../../scripts/core/yaotzin-autopilot.mjs";

const M = { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 };
const dribbling = fixture("autopilot-dribble");
const contesting = fixture("autopilot-contest");
const readying = fixture("autopilot-ready");

/** An i18n that prints each key with its data, so a test sees which key a line chose. */
const keys = {
  format: (key, data) => `${key}${JSON.stringify(data)}`,
  localize: (key) => key,
  has: () => true,
};

test("a team's mode applies to its NPCs only; an unknown or missing entry is off", () => {
  assert.equal(turnMode({ mode: "act", tactics: "kick-long" }, []), "act");
  assert.equal(turnMode({ mode: "suggest" }, ["alice"]), "off", "a player's token is his to play");
  assert.equal(turnMode("suggest", []), "suggest", "the first cut's bare mode still reads");
  assert.equal(turnMode({ mode: "sometimes" }, []), "off");
  assert.equal(turnMode(undefined, []), "off");
});

test("the suggest body carries the ball's roll, the preset and the end only when known, and a whole round of at least 1", () => {
  const body = suggestBody({
    field: { length: 72, width: 24 },
    players: [{ id: "ix" }],
    ball: { x: 3, y: 4 },
    mover: "ix",
    round: 0,
    settings: { scatter_one: "long" },
  });
  assert.deepEqual(body, {
    field: { length: 72, width: 24 },
    players: [{ id: "ix" }],
    mover: "ix",
    round: 1,
    ball: { x: 3, y: 4, speed: 0, direction: null },
    settings: { scatter_one: "long" },
  });
  const rolling = suggestBody({
    field: {},
    players: [],
    ball: { x: 3, y: 4, speed: 2, direction: "E" },
    mover: "yo",
    tactics: "hold-lanes",
    attacks: "west",
    round: 3.7,
  });
  assert.deepEqual(
    [rolling.ball, rolling.tactics, rolling.attacks, rolling.round],
    [{ x: 3, y: 4, speed: 2, direction: "E" }, "hold-lanes", "west", 3],
  );
});

test("the holder's turn is his dribble alone: his path is his own square, the dribble's squares start next to it", () => {
  const steps = turnSteps(dribbling.turn);
  assert.equal(dribbling.turn.path.length, 1);
  assert.deepEqual(
    steps.map((s) => s.kind),
    ["dribble"],
  );
  const [d] = steps;
  assert.equal(d.dribbler, "ix");
  assert.deepEqual(d.from, dribbling.turn.path[0]);
  assert.deepEqual(
    d.squares,
    dribbling.turn.action.body.squares.map(({ x, y }) => ({ x, y })),
  );
});

test("an opponent walks his path first, then contests: the path with its budget, the contest named by kind and target", () => {
  const steps = turnSteps(contesting.turn);
  assert.deepEqual(
    steps.map((s) => s.kind),
    ["move", "contest"],
  );
  assert.deepEqual(steps[0].path, contesting.turn.path);
  assert.equal(steps[0].budget, contesting.turn.budget);
  const body = contesting.turn.action.body;
  assert.deepEqual(steps[1], {
    kind: "contest",
    actor: body.actor,
    target: body.target,
    contest: body.kind,
  });
});

test("a prone mover stands first; readying to intercept adds no step (he stands where the path ends)", () => {
  assert.deepEqual(
    turnSteps(readying.turn).map((s) => s.kind),
    ["move"],
  );
  assert.deepEqual(
    turnSteps({ path: [{ x: 4, y: 4 }], action: { ready: "intercept" } }, { prone: true }).map(
      (s) => s.kind,
    ),
    ["stand"],
  );
  assert.deepEqual(turnSteps({ path: [{ x: 4, y: 4 }], action: null }), []);
});

test("kicks and hoop shots keep the route body's choices; an unknown route is its own step, for the GM to see", () => {
  const kick = turnSteps({
    path: [{ x: 1, y: 1 }],
    action: {
      route: "kick",
      body: { kicker: "ix", target: { x: 9, y: 2 }, standing: false, power_attack: 2 },
    },
  });
  assert.deepEqual(kick, [
    { kind: "kick", kicker: "ix", target: { x: 9, y: 2 }, standing: false, powerAttack: 2 },
  ]);
  const hoop = turnSteps({
    path: [{ x: 1, y: 1 }],
    action: { route: "hoop", body: { kicker: "ix", hoop: "north", standing: true } },
  });
  assert.deepEqual(hoop, [
    { kind: "hoop", kicker: "ix", hoop: "north", standing: true, powerAttack: 0 },
  ]);
  assert.deepEqual(turnSteps({ path: [{ x: 1, y: 1 }], action: { route: "juggle", body: {} } }), [
    { kind: "unknown", route: "juggle" },
  ]);
});

test("the card names each step and the companion's reason; suggest offers Accept or Decline, act a Stop", () => {
  const nameOf = (id) => ({ ix: "Ixpoetchitl", yo: "Yolteotl" })[id] ?? id;
  const card = proposalCard(contesting.turn, {
    name: "Yolteotl",
    mode: "suggest",
    tactics: contesting.tactics,
    nameOf,
  });
  assert.equal(card.kind, "yaotzin.autopilot");
  assert.deepEqual(card.title, {
    key: "BALLCOURT.YAutopilot.Card.suggest",
    data: { player: "Yolteotl", tactics: "press-ball" },
    text: "Autopilot: Yolteotl's turn (press-ball)",
  });
  assert.deepEqual(
    card.lines.map((l) => l.key),
    [
      "BALLCOURT.YAutopilot.Step.move",
      "BALLCOURT.YAutopilot.Step.contest.disarm",
      "BALLCOURT.YAutopilot.Reason",
    ],
  );
  assert.deepEqual(card.lines[1].data, { target: "Ixpoetchitl" });
  assert.deepEqual(card.lines[0].data, { x: 11, y: 12, count: 2 });
  assert.equal(card.lines[2].data.reason, contesting.turn.reason);
  assert.deepEqual(
    card.actions.map((a) => [a.id, a.once]),
    [
      ["accept", "turn"],
      ["decline", "turn"],
    ],
  );
  const act = proposalCard(readying.turn, { name: "n1", mode: "act", tactics: "hold-lanes" });
  assert.deepEqual(
    act.actions.map((a) => a.id),
    ["stop"],
  );
  assert.deepEqual(
    act.lines.map((l) => l.key),
    [
      "BALLCOURT.YAutopilot.Step.move",
      "BALLCOURT.YAutopilot.Step.ready",
      "BALLCOURT.YAutopilot.Reason",
    ],
    "a ready is said, though it runs nothing",
  );
  const html = renderCard(card, keys, {});
  assert.match(html, /data-ballcourt-action="accept"/);
  assert.match(html, /data-ballcourt-action="decline"/);
});

test("a closed card has no buttons left and says how it ended", () => {
  const card = proposalCard(dribbling.turn, {
    name: "Ixpoetchitl",
    mode: "suggest",
    tactics: "press-ball",
  });
  const closed = closedCard(card, "declined");
  assert.deepEqual(closed.actions, []);
  assert.equal(closed.lines.at(-1).key, "BALLCOURT.YAutopilot.Outcome.declined");
  assert.equal(closed.lines.length, card.lines.length + 1);
  assert.doesNotMatch(renderCard(closed, keys, {}), /data-ballcourt-action/);
});

test("step lines: a double move, a 5-ft step, a run, a running kick with Power Attack, a hoop by its side, a dribble's count", () => {
  const line = (step) => keys.format(stepLine(step).key, stepLine(step).data);
  assert.equal(
    line({
      kind: "move",
      path: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 2, y: 0 },
      ],
      budget: "double_move",
    }),
    'BALLCOURT.YAutopilot.Step.doubleMove{"x":2,"y":0,"count":2}',
  );
  assert.equal(
    line({
      kind: "move",
      path: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
      budget: "five_foot_step",
    }),
    'BALLCOURT.YAutopilot.Step.fiveFootStep{"x":1,"y":0,"count":1}',
  );
  assert.equal(
    line({
      kind: "move",
      path: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 2, y: 0 },
        { x: 3, y: 0 },
      ],
      budget: "run",
    }),
    'BALLCOURT.YAutopilot.Step.run{"x":3,"y":0,"count":3}',
  );
  assert.equal(
    line({ kind: "kick", target: { x: 9, y: 2 }, standing: false, powerAttack: 1 }),
    'BALLCOURT.YAutopilot.Step.kickRunning{"x":9,"y":2,"pa":1}',
  );
  assert.equal(line({ kind: "hoop", hoop: "south" }), "BALLCOURT.YAutopilot.Step.hoop.south{}");
  assert.equal(
    line(turnSteps(dribbling.turn)[0]),
    'BALLCOURT.YAutopilot.Step.dribble{"x":14,"y":14,"count":4}',
  );
});

test("the ghost: each square walked after his own, a dashed line through their centres, the action's words over the end", () => {
  const cmds = ghostCommands(M, contesting.turn, {
    label: "Disarms Ixpoetchitl",
    targetSquare: { x: 10, y: 12 },
  });
  const rects = cmds.filter((c) => c.kind === "rect");
  assert.deepEqual(
    rects.map((r) => [r.x, r.y]),
    [
      [1200, 1200],
      [1100, 1200],
    ],
    "the two squares he walks, not his own",
  );
  assert.ok(rects.every((r) => r.fill === GHOST_COLOR && r.alpha < 0.5));
  const [path, toTarget] = cmds.filter((c) => c.kind === "line");
  assert.deepEqual(path.points, [
    { x: 1350, y: 1250 },
    { x: 1250, y: 1250 },
    { x: 1150, y: 1250 },
  ]);
  assert.equal(path.dash, true);
  assert.deepEqual(
    toTarget.points,
    [
      { x: 1150, y: 1250 },
      { x: 1050, y: 1250 },
    ],
    "a line to the contest's target",
  );
  assert.deepEqual(
    cmds.filter((c) => c.kind === "circle").map((c) => [c.x, c.y]),
    [[1050, 1250]],
  );
  const [text] = cmds.filter((c) => c.kind === "text");
  assert.deepEqual([text.text, text.x, text.y], ["Disarms Ixpoetchitl", 1150, 1175]);
});

test("a dribble's ghost walks on from his square; a kick's aims at its target; a ready draws its path alone", () => {
  const dribble = ghostCommands(M, dribbling.turn);
  assert.equal(dribble.filter((c) => c.kind === "rect").length, 4);
  assert.equal(dribble.filter((c) => c.kind === "line").length, 1);
  assert.equal(
    dribble.filter((c) => c.kind === "text").length,
    0,
    "no label asked for: none drawn",
  );
  const kick = ghostCommands(M, {
    path: [{ x: 1, y: 1 }],
    action: { route: "kick", body: { kicker: "ix", target: { x: 5, y: 1 } } },
  });
  assert.deepEqual(
    kick.map((c) => c.kind),
    ["line", "circle"],
    "he stands still: no path, a line to the aim",
  );
  assert.deepEqual(kick[0].points, [
    { x: 150, y: 150 },
    { x: 550, y: 150 },
  ]);
  const ready = ghostCommands(M, readying.turn, { label: "Readies" });
  assert.deepEqual([...new Set(ready.map((c) => c.kind))], ["rect", "line", "text"]);
});

test("a run hands out its steps in order and none after Stop; stopping after the last still counts as done", () => {
  const run = new TurnRun([{ kind: "move" }, { kind: "contest" }]);
  assert.equal(run.next().kind, "move");
  assert.equal(run.next().kind, "move", "the same step until it is complete");
  run.complete();
  run.stop();
  assert.equal(run.next(), null, "Stop is checked before the next step");
  assert.equal(run.outcome, "stopped");
  const whole = new TurnRun([{ kind: "move" }]);
  assert.equal(whole.next().kind, "move");
  whole.complete();
  assert.equal(whole.next(), null);
  whole.stop();
  assert.equal(whole.outcome, "done");
});

test("a step that fails ends the run, told apart from the GM's Stop", () => {
  const run = new TurnRun([{ kind: "dribble" }]);
  run.next();
  run.fail();
  assert.equal(run.next(), null);
  assert.equal(run.outcome, "failed");
});

test("a walk taken back (it landed after the turn moved on) ends the run, even as its last step", () => {
  const run = new TurnRun([{ kind: "move" }, { kind: "kick" }]);
  run.next();
  run.takenBack();
  assert.equal(run.next(), null, "nothing after it runs");
  assert.equal(run.outcome, "takenBack");
  const last = new TurnRun([{ kind: "move" }]);
  last.next();
  last.takenBack();
  assert.equal(last.outcome, "takenBack", "not done");
});

test("a stand or a dribble taken back ends the run with its own outcome, the card's words for it", () => {
  const stood = new TurnRun([{ kind: "stand" }, { kind: "move" }]);
  stood.next();
  stood.takenBack("stand");
  assert.equal(stood.next(), null, "nothing after it runs");
  assert.equal(stood.outcome, "standTakenBack");
  const dribbled = new TurnRun([{ kind: "move" }, { kind: "dribble" }]);
  dribbled.next();
  dribbled.complete();
  dribbled.next();
  dribbled.takenBack("dribble");
  assert.equal(dribbled.outcome, "dribbleTakenBack", "not done");
});
