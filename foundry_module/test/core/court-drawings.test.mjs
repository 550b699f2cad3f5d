/** The court scene a GM creates: its size, mapping and drawings. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { courtScene } from "../../scripts/core/court-drawings.mjs";

test("the court scene: size, mapping and drawings follow the court", () => {
  const plan = courtScene({ length: 72, width: 24, gridSize: 100 });
  assert.equal(plan.width, (72 + 10) * 100);
  assert.equal(plan.height, 26 * 100);
  assert.deepEqual(plan.mapping, {
    originX: 500,
    originY: 100,
    gridSize: 100,
    length: 72,
    width: 24,
  });
  assert.equal(plan.field.slope, 6);
  const northSlope = plan.drawings[0];
  assert.equal(northSlope.shape.height, 600);
  const hoops = plan.drawings.filter((d) => d.text === "◯");
  assert.deepEqual(
    hoops.map((h) => [h.x, h.y]),
    [
      [500 + 3600, 100],
      [500 + 3600, 100 + 2300],
    ],
  );
});
