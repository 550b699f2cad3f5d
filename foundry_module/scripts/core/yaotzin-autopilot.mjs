/**
 * Yaotzin autopilot at the table, without Foundry: the body of the companion's
 * `POST /api/v1/yaotzin/suggest`, what its proposed turn does in which order (the steps the
 * GM's Accept, or the act mode, runs through the module's own flows), the GM's card naming
 * each step with the companion's reason, and the ghost drawn on the canvas. The rules are the
 * companion's: nothing here checks a path or an action, it only reads the answer.
 * The glue (foundry/yaotzin/yaotzin-autopilot.mjs) reads tokens and settings and runs the steps.
 */
import { effectiveMode, teamEntry } from "./goatball-autopilot.mjs";
import { squareCenter, squareTopLeft } from "./geometry.mjs";

/** The companion's Yaotzin tactics presets (docs/simulator.md); a name typed in the form is sent as it is. */
export const YAOTZIN_PRESETS = ["press-ball", "hold-lanes", "kick-long"];

/** The ghost's colour: a pale blue, apart from the kick preview's yellow and the planner's violet. */
export const GHOST_COLOR = 0x8fd3ff;

/**
 * A court token's mode on its turn: its team's entry in the "yaotzinAutopilot" world setting
 * ({team: {mode, tactics}}, as goat-ball's), for a token no player owns; off for a player's.
 */
export function turnMode(entry, owners) {
  return effectiveMode({ teamMode: teamEntry(entry).mode, owners });
}

/**
 * The suggest body for `mover`: the court as the table sees it, the ball with its roll, his
 * team's preset and end, and the match's score (the presets' end-game reads it) when there is one.
 */
export function suggestBody({
  field,
  players,
  ball,
  mover,
  tactics = "",
  attacks = null,
  round = 1,
  score = null,
  settings,
}) {
  const body = {
    field,
    players,
    mover,
    round: Math.max(1, Math.trunc(Number(round) || 1)),
    ball: { x: ball.x, y: ball.y, speed: ball.speed ?? 0, direction: ball.direction ?? null },
  };
  if (tactics) body.tactics = tactics;
  if (attacks) body.attacks = attacks;
  if (settings) body.settings = settings;
  if (score) body.score = score;
  return body;
}

/**
 * An NPC target's attack of opportunity as the presets take it (rulebook 10.0): a disarm when it
 * is offered (the actor holds the ball, and a won disarm takes it: the ball is what every preset
 * plays for, as its tackle prefers the disarm), else a trip, as the match simulator's presets
 * answer every contest that provokes (a won trip stops the actor's action and lays him prone).
 * Null (none) when neither is offered. `choices`: the question's (core/aoo-question.mjs aooChoices).
 */
export function presetAooChoice(choices) {
  return ["disarm", "trip"].find((kind) => choices.includes(kind)) ?? null;
}

/**
 * The disarm back an applied disarm card offers its dribbler (10.0: a disarm taken as an attack
 * of opportunity), if not pressed yet (`resolved`: the card's used actions): the action, else null.
 */
export function disarmBackOf(card, resolved = []) {
  const action = (card?.actions ?? []).find((a) => a.id === "disarm_back");
  return action && !resolved.includes(action.id) ? action : null;
}

const square = (sq) => ({ x: sq.x, y: sq.y });

/** The action's step, from its route body (docs/api.md: a body its route accepts), or null for none and for a ready. */
function actionStep(action) {
  if (!action || action.ready) return null; // readying to intercept is standing where the path ends
  const b = action.body ?? {};
  const kick = { standing: Boolean(b.standing), powerAttack: Number(b.power_attack ?? 0) };
  switch (action.route) {
    case "kick":
      return { kind: "kick", kicker: b.kicker, target: square(b.target), ...kick };
    case "hoop":
      return { kind: "hoop", kicker: b.kicker, hoop: b.hoop, ...kick };
    case "dribble":
      return {
        kind: "dribble",
        dribbler: b.dribbler,
        from: square(b.ball),
        squares: b.squares.map(square),
      };
    case "contest":
      return {
        kind: "contest",
        actor: b.actor,
        target: b.target,
        contest: b.kind,
        ...(b.to ? { to: square(b.to) } : {}),
      };
    default:
      return { kind: "unknown", route: String(action.route) };
  }
}

/**
 * What the turn does, in order: a prone mover stands up; a path of more than his own square is
 * walked (its budget with it); then the action. Each step is run by the glue through the flow
 * the table uses for it by hand, so the rules and cards are those of a GM's own move.
 */
export function turnSteps(turn, { prone = false } = {}) {
  const steps = [];
  if (prone) steps.push({ kind: "stand" });
  const path = (turn.path ?? []).map(square);
  if (path.length > 1) steps.push({ kind: "move", path, budget: turn.budget ?? "move" });
  const action = actionStep(turn.action);
  if (action) steps.push(action);
  return steps;
}

/** One step as a card line ({key, data}, the English beside it); `nameOf` names a token. */
export function stepLine(step, nameOf = (id) => id) {
  const end = (sq) => ({ x: sq.x, y: sq.y });
  switch (step.kind) {
    case "stand":
      return { key: "BALLCOURT.YAutopilot.Step.stand", data: {}, text: "Stands up" };
    case "move": {
      const data = { ...end(step.path.at(-1)), count: step.path.length - 1 };
      const key =
        { double_move: "doubleMove", five_foot_step: "fiveFootStep", run: "run" }[step.budget] ??
        "move";
      return {
        key: `BALLCOURT.YAutopilot.Step.${key}`,
        data,
        text: `Moves to (${data.x}, ${data.y})`,
      };
    }
    case "kick":
      return {
        key: `BALLCOURT.YAutopilot.Step.${step.standing ? "kick" : "kickRunning"}`,
        data: { ...end(step.target), pa: step.powerAttack },
        text: `Kicks at (${step.target.x}, ${step.target.y})`,
      };
    case "hoop":
      return {
        key: `BALLCOURT.YAutopilot.Step.hoop.${step.hoop}`,
        data: {},
        text: `Shoots at the ${step.hoop} hoop`,
      };
    case "dribble": {
      const data = { ...end(step.squares.at(-1)), count: step.squares.length };
      return {
        key: "BALLCOURT.YAutopilot.Step.dribble",
        data,
        text: `Dribbles to (${data.x}, ${data.y})`,
      };
    }
    case "contest":
      return {
        key: `BALLCOURT.YAutopilot.Step.contest.${step.contest}`,
        data: { target: nameOf(step.target) },
        text: `${step.contest} against ${nameOf(step.target)}`,
      };
    default:
      return {
        key: "BALLCOURT.YAutopilot.Step.unknown",
        data: { route: step.route },
        text: `Unknown action ${step.route}`,
      };
  }
}

/** The line for a turn without an action step: readying to intercept, or nothing. */
function restLine(action) {
  return action?.ready
    ? { key: "BALLCOURT.YAutopilot.Step.ready", data: {}, text: "Readies to intercept" }
    : { key: "BALLCOURT.YAutopilot.Step.none", data: {}, text: "Takes no action" };
}

/**
 * The GM's card for a proposed turn (rendered by core/cards.mjs from the message's flags):
 * who, in which mode and with which preset; each step; the companion's one-line reason. On
 * "suggest" it offers Accept and Decline (one of them); on "act", Stop.
 */
export function proposalCard(turn, { name, mode, tactics, prone = false, nameOf }) {
  const steps = turnSteps(turn, { prone });
  const lines = steps.map((s) => ({ ...stepLine(s, nameOf), tone: "info" }));
  if (!steps.some((s) => !["stand", "move"].includes(s.kind)))
    lines.push({ ...restLine(turn.action), tone: "info" });
  lines.push({
    key: "BALLCOURT.YAutopilot.Reason",
    data: { reason: String(turn.reason ?? "") },
    text: String(turn.reason ?? ""),
    tone: "muted",
  });
  const actions =
    mode === "act"
      ? [{ id: "stop", key: "BALLCOURT.YAutopilot.Stop", data: {}, label: "Stop" }]
      : [
          {
            id: "accept",
            key: "BALLCOURT.YAutopilot.Accept",
            data: {},
            label: "Accept",
            once: "turn",
          },
          {
            id: "decline",
            key: "BALLCOURT.YAutopilot.Decline",
            data: {},
            label: "Decline",
            once: "turn",
          },
        ];
  return {
    kind: "yaotzin.autopilot",
    title: {
      key: `BALLCOURT.YAutopilot.Card.${mode}`,
      data: { player: name, tactics },
      text: `Autopilot: ${name}'s turn (${tactics})`,
    },
    lines,
    rolls: [],
    actions,
  };
}

/** The card once its turn is over: no buttons, and a last line saying how it ended (done, stopped, declined, passed, failed, expired, takenBack, standTakenBack, dribbleTakenBack). */
export function closedCard(card, outcome) {
  return {
    ...card,
    actions: [],
    lines: [
      ...card.lines,
      { key: `BALLCOURT.YAutopilot.Outcome.${outcome}`, data: {}, text: outcome, tone: "muted" },
    ],
  };
}

/**
 * The ghost of a proposed turn, as drawing commands (core/overlay.mjs's kinds, scene pixels):
 * the path's squares and a dashed line through them; a dribble's squares likewise; a dashed
 * line to a kick's aim square or to a contest's target (`targetSquare`); the action's words
 * (`label`) over the square the turn ends on.
 */
export function ghostCommands(m, turn, { label = "", targetSquare = null } = {}) {
  const color = GHOST_COLOR;
  const steps = turnSteps(turn);
  const path = (turn.path ?? []).map(square);
  const dribble = steps.find((s) => s.kind === "dribble")?.squares ?? [];
  const walked = [...path, ...dribble];
  const rect = (sq, alpha) => {
    const tl = squareTopLeft(m, sq);
    return {
      kind: "rect",
      x: tl.x,
      y: tl.y,
      w: m.gridSize,
      h: m.gridSize,
      fill: color,
      alpha,
      stroke: color,
    };
  };
  const cmds = walked.slice(1).map((sq) => rect(sq, 0.18));
  if (walked.length > 1) {
    cmds.push({
      kind: "line",
      points: walked.map((sq) => squareCenter(m, sq)),
      color,
      width: 3,
      alpha: 0.8,
      dash: true,
    });
  }
  const last = walked.at(-1);
  const kick = steps.find((s) => s.kind === "kick");
  const aim = kick?.target ?? (steps.some((s) => s.kind === "contest") ? targetSquare : null);
  if (last && aim) {
    cmds.push({
      kind: "line",
      points: [squareCenter(m, last), squareCenter(m, aim)],
      color,
      width: 2,
      alpha: 0.8,
      dash: true,
    });
    cmds.push({
      kind: "circle",
      ...squareCenter(m, aim),
      r: m.gridSize * 0.4,
      color,
      width: 3,
      alpha: 0.9,
    });
  }
  if (last && label) {
    const c = squareCenter(m, last);
    cmds.push({
      kind: "text",
      x: c.x,
      y: c.y - m.gridSize * 0.75,
      text: label,
      color,
      size: Math.max(12, Math.round(m.gridSize * 0.28)),
      anchor: 0.5,
    });
  }
  return cmds;
}

/** The outcome of a run whose step of this kind was taken back. */
const TAKEN_BACK = { move: "takenBack", stand: "standTakenBack", dribble: "dribbleTakenBack" };

/**
 * One proposed turn being run: its steps in order, and the GM's Stop, checked before each
 * step (the step under way finishes: a kick's card is posted, a contest asks its question).
 * A step that fails ends the run too, told apart from a Stop, as does a walk, a stand or a
 * dribble that landed after the turn moved on (another GM's Next crossed it).
 */
export class TurnRun {
  constructor(steps) {
    this.steps = [...steps];
    this.done = 0;
    this.stopped = false;
    this.failed = false;
    this.takenBackStep = null;
  }

  stop() {
    this.stopped = true;
  }

  /** The step under way failed: nothing after it runs. */
  fail() {
    this.failed = true;
    this.stopped = true;
  }

  /** The step under way (a walk, a stand, a dribble: its kind) landed after the turn moved on and was taken back: nothing after it runs. */
  takenBack(kind = "move") {
    this.takenBackStep = kind;
    this.stopped = true;
  }

  /** The step to run now, or null once stopped or finished; complete() moves on past it. */
  next() {
    if (this.stopped || this.done >= this.steps.length) return null;
    return this.steps[this.done];
  }

  complete() {
    this.done += 1;
  }

  /** How it ended: done (every step ran), a step taken back (it landed after the turn moved on), failed, or stopped before its last step. */
  get outcome() {
    if (this.takenBackStep) return TAKEN_BACK[this.takenBackStep];
    if (this.done >= this.steps.length) return "done";
    return this.failed ? "failed" : "stopped";
  }
}
