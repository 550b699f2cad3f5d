/**
 * A sheet's feat items -> the feat ids the companion's Yaotzin rules use. An item copied from
 * the system's own feat compendium is known by its source there (the name may be translated);
 * any other by its English name. A feat the sheet has switched off (pf1's `system.disabled`)
 * does not count.
 */

/**
 * Each feat the rules use: its id, its name, and its item's id in the pf1 and D35E feat
 * compendiums (pf1's packs/feats, D35E's source/feats). Exotic Weapon Proficiency is one
 * compendium item for every weapon: the pelota is known by name only.
 */
const FEATS = [
  {
    id: "power_attack",
    name: /^power attack\b/i,
    pf1: "FUW5mIXHNBBIQ1Sq",
    D35E: "nRAGvHfsmBVfxPHf",
  },
  {
    id: "point_blank_shot",
    name: /^point[- ]blank shot\b/i,
    pf1: "8rsFtye3PwM6CKli",
    D35E: "JFAXxUcj39mkdmIF",
  },
  {
    id: "precise_shot",
    name: /^precise shot\b/i,
    pf1: "53urYIbYYpQuoSLd",
    D35E: "DDcPUyAGPkNPJjWv",
  },
  {
    id: "combat_reflexes",
    name: /^combat reflexes\b/i,
    pf1: "h9nHYLxXvIXBTmup",
    D35E: "rJ7H4RC2xMCzR7gv",
  },
  { id: "exotic_weapon_pelota", name: /exotic weapon.*pelota/i },
  {
    id: "improved_grapple",
    name: /^improved grapple\b/i,
    pf1: "ZmQkRk93nbHxsQSt",
    D35E: "pH0sb40LgQjTlXVs",
  },
  {
    id: "improved_bull_rush",
    name: /^improved bull rush\b/i,
    pf1: "dn2KgHFQRbuoNRx0",
    D35E: "UEW55cwmiYKxnQE1",
  },
  {
    id: "improved_trip",
    name: /^improved trip\b/i,
    pf1: "gTrGPxzN054GfpkM",
    D35E: "9igITV6htZUcgpWr",
  },
  {
    id: "improved_overrun",
    name: /^improved overrun\b/i,
    pf1: "go4xOiSUP8R1QJ5N",
    D35E: "mjTPawYJbAZcUX8g",
  },
  {
    id: "improved_disarm",
    name: /^improved disarm\b/i,
    pf1: "711B9WNFgpdDKKf2",
    D35E: "4Xq3pc59Kv2f4xro",
  },
];

/** Every feat id the rules use, in the order the entry form lists them. */
export const FEAT_IDS = FEATS.map((f) => f.id);

/** The compendium an item came from (Foundry v12+ `_stats.compendiumSource`, older `flags.core.sourceId`). */
function sourceOf(item) {
  return item._stats?.compendiumSource ?? item.flags?.core?.sourceId ?? null;
}

function featOf(item, system) {
  const pack = `Compendium.${system}.feats.Item.`;
  const source = sourceOf(item);
  if (source?.startsWith(pack)) {
    const known = FEATS.find((f) => f[system] && source === pack + f[system]);
    if (known) return known.id;
  }
  const name = String(item.name ?? "").trim();
  return FEATS.find((f) => f.name.test(name))?.id ?? null;
}

/** The rules' feat ids among the actor's feat items that are switched on, sorted. */
export function featIds(actor, system) {
  const items = actor?.items ?? [];
  const list = Array.isArray(items) ? items : [...(items.contents ?? items)];
  const ids = list
    .filter((i) => i.type === "feat" && i.system?.disabled !== true)
    .map((i) => featOf(i, system));
  return [...new Set(ids.filter(Boolean))].sort();
}
