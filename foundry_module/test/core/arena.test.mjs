/** Goat-ball arenas from a seed: platforms, zones and their links. */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  generateArena,
  platformAt,
  seededRandom,
  suggestedZones,
  zoneAt,
  zoneLinks,
} from "../../scripts/core/arena.mjs";

test("arenas: at least a dozen platforms from a seed, the same every time; zones and links", () => {
  assert.throws(() => generateArena({ count: 11 }), /dozen/);
  const a = generateArena({ seed: 7, zones: 3 });
  const b = generateArena({ seed: 7, zones: 3 });
  assert.deepEqual(a, b);
  assert.notDeepEqual(generateArena({ seed: 8 }).platforms, a.platforms);
  assert.equal(a.platforms.length, 12);
  for (const p of a.platforms) {
    for (const q of a.platforms)
      if (p !== q) assert.ok(Math.hypot(p.x - q.x, p.y - q.y) >= 3 * p.radius);
    assert.equal(p.zone, zoneAt(a, p));
  }
  assert.equal(platformAt(a, { x: a.platforms[4].x + 10, y: a.platforms[4].y }), a.platforms[4].id);
  assert.equal(platformAt(a, { x: -500, y: -500 }), null);
  assert.deepEqual(zoneLinks(a), { Z1: ["Z2"], Z2: ["Z1", "Z3"], Z3: ["Z2"] });
  assert.equal(suggestedZones(12), 4);
  const r = seededRandom(1);
  assert.ok([r(), r(), r()].every((x) => x >= 0 && x < 1));
});
