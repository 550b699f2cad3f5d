/**
 * What Apply changes on the table, and how Undo puts it back: computed from a card's payload
 * and the current scene, before anything is written, so a failed write never half-applies and
 * an undo restores exactly what was there.
 */
import { tokenPosition } from "./geometry.mjs";

/**
 * Where a card puts the ball: its `ball`, or, on a card that names it only in its events (the
 * companion's dribble card), its last ball event; null when it leaves the ball alone.
 */
function ballDestination(payload) {
  return payload.ball ?? (payload.events ?? []).findLast((e) => e.type === "ball") ?? null;
}

/**
 * Yaotzin. `scene` is {ball: {id, x, y, flags}, tokens: Map(id -> {id, x, y, nonlethal})}.
 * Returns {updates, animation (the ball's waypoints, token positions), damage, prone, events,
 * undo}: Undo's token positions; what the damage and prone change on the sheets is read when
 * they are written (yaotzin.mjs).
 */
export function planYaotzinApply(mapping, payload, scene) {
  const updates = [];
  const undoUpdates = [];
  const animation = [];
  const ball = scene.ball;
  const ballTo = ballDestination(payload);
  if (ballTo && ball) {
    const pos = tokenPosition(mapping, ballTo);
    updates.push({
      _id: ball.id,
      x: pos.x,
      y: pos.y,
      "flags.ballcourt.ball": {
        speed: ballTo.speed ?? 0,
        direction: ballTo.direction ?? null,
      },
    });
    // a copy: Foundry merges the update into the token's flags object in place
    undoUpdates.push({
      _id: ball.id,
      x: ball.x,
      y: ball.y,
      "flags.ballcourt.ball": structuredClone(
        ball.flags?.ballcourt?.ball ?? { speed: 0, direction: null },
      ),
    });
    for (const sq of payload.path ?? []) animation.push(tokenPosition(mapping, sq));
  }
  for (const move of payload.moves ?? []) {
    const token = scene.tokens.get(move.player);
    if (!token) continue;
    const pos = tokenPosition(mapping, move);
    updates.push({ _id: token.id, x: pos.x, y: pos.y });
    undoUpdates.push({ _id: token.id, x: token.x, y: token.y });
  }
  const damage = [];
  for (const d of payload.damage ?? []) {
    if (scene.tokens.has(d.player) && d.nonlethal)
      damage.push({ tokenId: d.player, amount: d.nonlethal });
  }
  const prone = payload.prone && scene.tokens.has(payload.prone) ? [payload.prone] : [];
  return {
    updates,
    animation,
    damage,
    prone,
    events: payload.events ?? [],
    undo: { updates: undoUpdates },
  };
}

/**
 * Whether the ball is no longer as a card found it: another square, speed or heading. Both
 * are {x, y, speed, direction}, in court squares.
 */
export function ballMovedSince(recorded, now) {
  return ["x", "y", "speed", "direction"].some((k) => (recorded[k] ?? null) !== (now[k] ?? null));
}

/**
 * The players a card's damage has just knocked out: out from nonlethal after it (true), not
 * before (false). `before` and `after` map token ids to the adapter's outFromNonlethal, null
 * where a sheet gives no hit points: those are never judged.
 */
export function knockedOutNow(before, after) {
  return new Set(
    [...after].filter(([id, out]) => out === true && before.get(id) === false).map(([id]) => id),
  );
}

/**
 * The card's events with `knocked_out: true` on the (last) damage event of each player in
 * `knockedOut`, for the match report's count; the others unchanged.
 */
export function markKnockouts(events, knockedOut) {
  const last = new Map();
  events.forEach((e, i) => {
    if (e.type === "damage" && knockedOut.has(e.player)) last.set(e.player, i);
  });
  const marked = new Set(last.values());
  return events.map((e, i) => (marked.has(i) ? { ...e, knocked_out: true } : e));
}

/**
 * Goat-ball. `scene` is {ball: {id, x, y}, tokens: Map(id -> {id, x, y, out, dead, platform})}
 * and `platforms` maps platform ids to where a token stands on it and, as `ground`, where a
 * token lands just off its edge (top-left corners, in pixels); `size` is a token's width.
 * A token knocked off (newly out) goes down to the ground below its platform, side by side
 * when several fall from one; a token back in the game climbs back onto its platform; the
 * ball goes to the new carrier, or rests on the platform of a hot-ball hit.
 * Returns {status, moves, ballMove, damage, undo}: Undo's token states and positions; what the
 * damage and the statuses change on the sheets is read when they are written (goatball-pass.mjs).
 */
export function planGoatballApply(payload, scene, platforms = {}, { size = 100 } = {}) {
  const status = [];
  const undoStatus = [];
  const moves = [];
  const undoMoves = [];
  const mark = (id, out, dead = false) => {
    const token = scene.tokens.get(id);
    if (!token) return;
    status.push({ tokenId: id, out, dead });
    undoStatus.push({ tokenId: id, out: Boolean(token.out), dead: Boolean(token.dead) });
  };
  const move = (token, spot) => {
    if (!spot || (spot.x === token.x && spot.y === token.y)) return;
    moves.push({ _id: token.id, x: spot.x, y: spot.y });
    undoMoves.push({ _id: token.id, x: token.x, y: token.y });
  };
  const platformOf = (id) => payload.platforms?.[id] ?? scene.tokens.get(id)?.platform ?? null;
  const fallen = new Map(); // platform -> how many have landed below it
  const outNow = new Set(payload.out ?? []);
  for (const id of outNow) {
    const token = scene.tokens.get(id);
    if (!token || token.out) continue;
    mark(id, true, (payload.dead ?? []).includes(id));
    const ground = platforms[platformOf(id)]?.ground;
    if (!ground) continue;
    const n = fallen.get(platformOf(id)) ?? 0;
    fallen.set(platformOf(id), n + 1);
    const side = n === 0 ? 0 : (n % 2 ? 1 : -1) * Math.ceil(n / 2); // 0, +1, -1, +2, ...
    move(token, { x: ground.x + side * size, y: ground.y });
  }
  for (const id of payload.returned ?? []) {
    mark(id, false);
    const token = scene.tokens.get(id);
    const spot = platforms[platformOf(id)];
    if (token && spot) move(token, { x: spot.x, y: spot.y });
  }
  let ballMove = null;
  let undoBall = null;
  const ball = scene.ball;
  const carrier = payload.possession?.carrier ? scene.tokens.get(payload.possession.carrier) : null;
  const target = carrier
    ? { x: carrier.x, y: carrier.y }
    : payload.ball_on && platforms[payload.ball_on]
      ? platforms[payload.ball_on]
      : null;
  if (ball && target) {
    ballMove = { _id: ball.id, x: target.x, y: target.y };
    undoBall = { _id: ball.id, x: ball.x, y: ball.y };
  }
  const damage = (payload.damage ?? [])
    .filter((d) => scene.tokens.has(d.player))
    .map((d) => ({ tokenId: d.player, amount: d.total, type: d.type }));
  return {
    status,
    moves,
    ballMove,
    damage,
    undo: { status: undoStatus, moves: undoMoves, ballMove: undoBall },
  };
}
