/**
 * Scene pixels <-> court squares. A court mapping is plain data kept in the scene's flags:
 * {originX, originY, gridSize, length, width} — the pixel of square (0, 0)'s top-left corner,
 * the pixels per 5-ft square, and the court's size in squares.
 */

export function makeMapping({
  originX = 0,
  originY = 0,
  gridSize = 100,
  length = 72,
  width = 24,
} = {}) {
  if (!(gridSize > 0)) throw new Error("gridSize must be positive");
  return { originX, originY, gridSize, length, width };
}

/** The court square under a pixel point. */
export function squareAt(m, point) {
  return {
    x: Math.floor((point.x - m.originX) / m.gridSize),
    y: Math.floor((point.y - m.originY) / m.gridSize),
  };
}

export function squareTopLeft(m, sq) {
  return { x: m.originX + sq.x * m.gridSize, y: m.originY + sq.y * m.gridSize };
}

export function squareCenter(m, sq) {
  const tl = squareTopLeft(m, sq);
  return { x: tl.x + m.gridSize / 2, y: tl.y + m.gridSize / 2 };
}

/** A grid corner [cx, cy] (the companion's line endpoints) in pixels. */
export function cornerPoint(m, [cx, cy]) {
  return { x: m.originX + cx * m.gridSize, y: m.originY + cy * m.gridSize };
}

/** A token's square: the square under its top-left cell's centre (tokens are Medium). */
export function tokenSquare(m, token) {
  return squareAt(m, { x: token.x + m.gridSize / 2, y: token.y + m.gridSize / 2 });
}

/** Where to put a token's top-left so it stands in `sq`. */
export function tokenPosition(m, sq) {
  return squareTopLeft(m, sq);
}

/** The squares of a straight grid walk from `from` to `to` (diagonal steps first, as a mover
 * would), `from` excluded: what a dragged dribble passes through. */
export function stepPath(from, to) {
  const path = [];
  let { x, y } = from;
  while (x !== to.x || y !== to.y) {
    x += Math.sign(to.x - x);
    y += Math.sign(to.y - y);
    path.push({ x, y });
  }
  return path;
}
