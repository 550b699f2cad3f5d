/** Feat items by name -> the companion's feat ids. */
const PATTERNS = [
  [/^power attack\b/i, "power_attack"],
  [/^point[- ]blank shot\b/i, "point_blank_shot"],
  [/^precise shot\b/i, "precise_shot"],
  [/^combat reflexes\b/i, "combat_reflexes"],
  [/exotic weapon.*pelota/i, "exotic_weapon_pelota"],
];

export function featIds(names) {
  const out = new Set();
  for (const name of names) {
    for (const [re, id] of PATTERNS) if (re.test(String(name).trim())) out.add(id);
  }
  return [...out].sort();
}

export function itemNames(actor, type = "feat") {
  const items = actor?.items ?? [];
  const list = Array.isArray(items) ? items : [...(items.contents ?? items)];
  return list.filter((i) => i.type === type).map((i) => i.name);
}
