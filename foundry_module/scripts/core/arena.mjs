/** A goat-ball arena: platforms set out at random from a seed, optional zones. */

/** mulberry32: small, fast, and the same on every machine for a given seed. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = ["pole", "boulder", "stump"];

/**
 * @param seed      any integer
 * @param width     arena width in px; height likewise
 * @param count     platforms (at least 12, as the rulebook asks)
 * @param zones     0 for none, else the number of zones (vertical bands)
 * @param radius    a platform's radius in px
 */
export function generateArena({
  seed = 1,
  width = 3000,
  height = 2000,
  count = 12,
  zones = 0,
  radius = 60,
} = {}) {
  if (count < 12) throw new Error("goat-ball needs at least a dozen platforms");
  const rand = seededRandom(seed);
  const platforms = [];
  const gap = radius * 3;
  let tries = 0;
  while (platforms.length < count) {
    if (++tries > 20000) throw new Error("the arena is too small for that many platforms");
    const x = radius + rand() * (width - 2 * radius);
    const y = radius + rand() * (height - 2 * radius);
    if (platforms.some((p) => Math.hypot(p.x - x, p.y - y) < gap)) continue;
    const kind = KINDS[Math.floor(rand() * KINDS.length)];
    platforms.push({
      id: `P${platforms.length + 1}`,
      x: Math.round(x),
      y: Math.round(y),
      radius,
      kind,
    });
  }
  const zoneList =
    zones > 0
      ? Array.from({ length: zones }, (_, i) => ({
          id: `Z${i + 1}`,
          x: Math.round((i * width) / zones),
          y: 0,
          w: Math.round(width / zones),
          h: height,
        }))
      : [];
  for (const p of platforms) p.zone = zoneAt({ zones: zoneList }, p);
  return { seed, width, height, platforms, zones: zoneList };
}

export function zoneAt(arena, point) {
  const z = arena.zones.find(
    (zone) =>
      point.x >= zone.x &&
      point.x < zone.x + zone.w &&
      point.y >= zone.y &&
      point.y < zone.y + zone.h,
  );
  return z ? z.id : null;
}

/** The platform a token stands on: the nearest whose radius (plus slack) covers the point. */
export function platformAt(arena, point, slack = 1.5) {
  let best = null;
  let bestDist = Infinity;
  for (const p of arena.platforms) {
    const d = Math.hypot(p.x - point.x, p.y - point.y);
    if (d <= p.radius * slack && d < bestDist) {
      best = p;
      bestDist = d;
    }
  }
  return best ? best.id : null;
}

/** Zones border when their bands touch (neighbouring columns). */
export function zoneLinks(arena) {
  const links = {};
  arena.zones.forEach((z, i) => {
    links[z.id] = [arena.zones[i - 1]?.id, arena.zones[i + 1]?.id].filter(Boolean);
  });
  return links;
}

/** The rulebook's design note: about three players a zone. */
export function suggestedZones(playerCount) {
  return Math.max(1, Math.round(playerCount / 3));
}
