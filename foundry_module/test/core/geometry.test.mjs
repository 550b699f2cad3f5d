/** The court mapping between canvas pixels and court squares. */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  cornerPoint,
  makeMapping,
  squareAt,
  squareCenter,
  tokenPosition,
  tokenSquare,
} from "../../scripts/core/geometry.mjs";

const m = makeMapping({ originX: 500, originY: 100, gridSize: 100, length: 72, width: 24 });

test("pixels and squares round-trip through the court mapping", () => {
  assert.deepEqual(squareAt(m, { x: 500, y: 100 }), { x: 0, y: 0 });
  assert.deepEqual(squareAt(m, { x: 599, y: 199 }), { x: 0, y: 0 });
  assert.deepEqual(squareAt(m, { x: 499, y: 100 }), { x: -1, y: 0 });
  assert.deepEqual(squareCenter(m, { x: 3, y: 2 }), { x: 850, y: 350 });
  assert.deepEqual(cornerPoint(m, [11, 12]), { x: 1600, y: 1300 });
  for (const sq of [
    { x: 0, y: 0 },
    { x: 71, y: 23 },
    { x: -3, y: 5 },
  ]) {
    assert.deepEqual(tokenSquare(m, tokenPosition(m, sq)), sq);
  }
});
