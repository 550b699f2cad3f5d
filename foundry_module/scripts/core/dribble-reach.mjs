/**
 * Where a dribbler may still take the ball this turn (rulebook 6.0, docs/rules.md "Dribbling"):
 * the companion's dribble rules (companion/rules/yaotzin/dribble.py) run over every square a
 * drop could name. A drop is checked along the straight grid walk the module sends for it
 * (geometry.stepPath), so a square is drawn exactly when dropping the token there is accepted.
 *
 * Budgets: the move action's half speed when the turn started on the ball and not readied
 * (else none), and the standard action's one square, separately: what one leaves unused is
 * lost, and the standard action's square is never uphill. Within an action diagonal steps cost
 * 1 and 2 in turn and an uphill square double; an opponent's square is closed, nothing goes
 * past the wall, and the walk stops at a goal line. An opponent the dribbler overran this turn
 * (`overran`) may be passed through, never ended on, and the overrun took the standard action.
 */
import { stepPath } from "./geometry.mjs";

/** The court the companion builds from a request's `field` (Court.from_dict's defaults). */
export function courtOf(field = {}) {
  const width = field.width ?? 24;
  const slope = field.slope ?? (field.width !== undefined ? Math.floor(width / 4) : 6);
  return { length: field.length ?? 72, width, slope, endZone: field.end_zone ?? 4 };
}

/** Height of row y above the flat floor, in rows (Court.height). */
export function rowHeight(court, y) {
  if (y < court.slope) return court.slope - y;
  if (y >= court.width - court.slope) return y - (court.width - court.slope) + 1;
  return 0;
}

function inBounds(court, sq) {
  return (
    sq.x >= -court.endZone && sq.x < court.length + court.endZone && sq.y >= 0 && sq.y < court.width
  );
}

function pastGoal(court, sq) {
  return sq.x < 0 || sq.x >= court.length;
}

/** Squares the move action may dribble (move_budget): speed in feet. */
export function moveBudget(speedFt = 30, startedWithBall = true, readied = false) {
  return startedWithBall && !readied ? Math.floor(Math.floor(speedFt / 2) / 5) : 0;
}

/** Squares one action spends on [diagonal, uphill] steps (action_cost). */
export function actionCost(steps) {
  let total = 0;
  let diagonals = 0;
  for (const [diagonal, uphill] of steps) {
    let cost = 1;
    if (diagonal) {
      diagonals += 1;
      cost = diagonals % 2 === 0 ? 2 : 1;
    }
    total += uphill ? 2 * cost : cost;
  }
  return total;
}

/**
 * The squares' cost when they fit the two actions (move only; move then the standard action's
 * square; that square then move), else null (split_actions).
 */
export function splitCost(steps, move, standardAction = true) {
  const n = steps.length;
  const options = [
    [n, null],
    ...(n && standardAction
      ? [
          [n - 1, n - 1],
          [n - 1, 0],
        ]
      : []),
  ];
  for (const [moved, standard] of options) {
    const rest = standard === null ? steps : standard === 0 ? steps.slice(1) : steps.slice(0, -1);
    if (moved && actionCost(rest) > move) continue;
    if (standard !== null && actionCost([steps[standard]]) > 1) continue;
    if (standard === null && !move) continue;
    return (moved ? actionCost(rest) : 0) + (standard === null ? 0 : 1);
  }
  return null;
}

/**
 * The cost of walking `squares` from `from`, or null when the companion would refuse the walk.
 * `closed` holds "x,y" of opponents' squares; `passable` those of opponents he overran (passed
 * through, never ended on; then the turn has no standard action).
 */
export function walkCost(court, from, squares, move, closed, passable = new Set()) {
  const steps = [];
  let here = from;
  for (const [i, sq] of squares.entries()) {
    if (pastGoal(court, here)) return null; // already over the goal line
    if (!inBounds(court, sq) || closed.has(`${sq.x},${sq.y}`)) return null;
    if (i === squares.length - 1 && passable.has(`${sq.x},${sq.y}`)) return null;
    steps.push([
      sq.x !== here.x && sq.y !== here.y,
      rowHeight(court, sq.y) > rowHeight(court, here.y),
    ]);
    here = sq;
  }
  return splitCost(steps, move, passable.size === 0);
}

/**
 * Every square a drop may name: [{x, y, cost, goal}], the ball's own square and teammates' left
 * out (a dribble passes through a teammate's square, never ends there).
 * @param field      the request's field (length, width, slope, end_zone)
 * @param players    the request's players ({id, team, x, y, speed?})
 * @param dribbler   the dribbler's id; he stands on the ball
 * @param overran    ids of the opponents he beat with an overrun this turn (the dribble's `overran`)
 */
export function dribbleReach({
  field,
  players,
  dribbler,
  startedWithBall = true,
  readied = false,
  overran = [],
}) {
  const court = courtOf(field);
  const me = players.find((p) => p.id === dribbler);
  if (!me) return [];
  const move = moveBudget(me.speed ?? 30, startedWithBall, readied);
  const beaten = new Set(overran);
  const opponents = players.filter((p) => p.team !== me.team);
  const key = (p) => `${p.x},${p.y}`;
  const passable = new Set(opponents.filter((p) => beaten.has(p.id)).map(key));
  const closed = new Set(opponents.filter((p) => !beaten.has(p.id)).map(key));
  for (const sq of closed) passable.delete(sq); // another opponent still stands there
  const mates = new Set(players.filter((p) => p.team === me.team && p !== me).map(key)); // passed through, never ended on
  const reach = passable.size ? move : move + 1;
  const from = { x: me.x, y: me.y };
  const out = [];
  for (let y = from.y - reach; y <= from.y + reach; y += 1) {
    for (let x = from.x - reach; x <= from.x + reach; x += 1) {
      if ((x === from.x && y === from.y) || mates.has(`${x},${y}`)) continue;
      const cost = walkCost(court, from, stepPath(from, { x, y }), move, closed, passable);
      if (cost !== null) out.push({ x, y, cost, goal: pastGoal(court, { x, y }) });
    }
  }
  return out;
}
