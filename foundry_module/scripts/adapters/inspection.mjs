/**
 * What the referee's inspection (rulebook 2.0) is sent for one player: his items with what the
 * sheet says of them (equipped, carried, material, magic), his effects in force with where they
 * come from, his traits. The companion judges (`/yaotzin/inspect`); here each system's own
 * fields are only read. A field the sheet does not have is left out, so the companion judges
 * by name and says so. Read from the systems' sources: D35E's item template (its
 * `material.data`, `enhancements`, `baseCl`, `buffType`, `abilityType`; the 0.99 template, the
 * one at hand, whose item fields 2.4 keeps), dnd5e 5.3.3 (`properties` "mgc", `attunement`,
 * `areEffectsSuppressed`). pf1 10.8's own source could not be read here; an older pf1 item
 * template (a public copy of the system) has `cl`, `aura.school`/`aura.custom`, `carried`,
 * `equipped`, `enh`/`armor.enh`, a feat's `abilityType` and `disabled`, and a buff's `buffType`,
 * which later pf1 names `subType` (both are read). pf1 10's `material` (normal, base, addon)
 * is as its documentation gives it, still to be checked against 10.8's source.
 */
import { num } from "./sheet-numbers.mjs";

const listOf = (collection) =>
  Array.isArray(collection) ? collection : [...(collection?.contents ?? collection ?? [])];
const PHYSICAL = new Set(["weapon", "equipment", "consumable", "loot", "container", "tool"]);
/** The 3.5 family's magic consumables (pf1 and D35E `consumableType` / `subType`). */
const MAGIC_CONSUMABLES = new Set([
  "potion",
  "scroll",
  "wand",
  "staff",
  "dorje",
  "powerstone",
  "tattoo",
]);
const TAGS = { ex: "Ex", su: "Su", sp: "Sp" };

/** An item entry, keys the sheet has no value for left out. */
function entry(name, fields) {
  return Object.fromEntries(
    Object.entries({ name: String(name ?? "").trim() || "?", ...fields }).filter(
      ([, v]) => v !== undefined && v !== null && v !== "",
    ),
  );
}

/** A trait's name with its ability type as the rulebook writes it ("Evasion (Ex)"), unless it has one. */
function tagged(name, abilityType) {
  const tag = TAGS[String(abilityType ?? "").toLowerCase()];
  return tag && !/\((ex|su|sp)\)/i.test(name) ? `${name} (${tag})` : name;
}

/** The 3.5 family's item type as the rules name it: armor, shield, weapon, a consumable's kind. */
function kind35(item) {
  const s = item.system ?? {};
  if (item.type === "equipment") {
    const sub = s.equipmentType ?? s.subType;
    return sub === "shield" ? "shield" : sub === "armor" ? "armor" : "equipment";
  }
  if (item.type === "consumable") return s.consumableType ?? s.subType ?? "consumable";
  return item.type;
}

/** pf1: a caster level, an aura school, an enhancement bonus, a magic consumable. */
function pf1Magic(item) {
  const s = item.system ?? {};
  return (
    num(s.cl) > 0 ||
    Boolean(s.aura?.school || s.aura?.custom) ||
    num(s.enh) > 0 ||
    num(s.armor?.enh) > 0 ||
    MAGIC_CONSUMABLES.has(kind35(item)) ||
    undefined
  );
}

/** D35E: a caster level (`baseCl`), an enhancement bonus or enhancements, a magic consumable. */
function d35eMagic(item) {
  const s = item.system ?? {};
  return (
    num(s.baseCl) > 0 ||
    num(s.enh) > 0 ||
    num(s.armor?.enh) > 0 ||
    listOf(s.enhancements?.items).length > 0 ||
    MAGIC_CONSUMABLES.has(kind35(item)) ||
    undefined
  );
}

/** D35E's material is a copy of its material item; an "equivalent" counts as that metal. */
function d35eMaterial(item) {
  const m = item.system?.material?.data;
  if (!m) return undefined;
  if (m.isAdamantineEquivalent) return "adamantine";
  if (m.isAlchemicalSilverEquivalent) return "silver";
  if (m.isColdIronEquivalent) return "cold iron";
  return m.name;
}

/** pf1's material: the normal (or base) material's id, an addon such as cold iron or silver otherwise. */
function pf1Material(item) {
  const m = item.system?.material;
  if (!m || typeof m !== "object") return typeof m === "string" ? m : undefined;
  return (
    m.normal?.value ||
    m.base?.value ||
    listOf(m.addon).find((a) => /iron|silver|adamant|mithral/i.test(a)) ||
    undefined
  );
}

/** The 3.5 family: physical items, active buff items (their `buffType`/`subType` "item" or "spell"), feat items as traits. */
function sheet35(actor, { magic, material, buffKind }) {
  const items = listOf(actor?.items);
  return {
    items: items
      .filter((i) => PHYSICAL.has(i.type))
      .map((i) =>
        entry(i.name, {
          type: kind35(i),
          material: material(i),
          magic: magic(i),
          equipped: typeof i.system?.equipped === "boolean" ? i.system.equipped : undefined,
          carried: typeof i.system?.carried === "boolean" ? i.system.carried : undefined,
        }),
      ),
    effects: items
      .filter((i) => (i.type === "buff" || i.type === "aura") && i.system?.active === true)
      .map((i) => entry(i.name, { source: { item: "item", spell: "spell" }[buffKind(i)] })),
    traits: items
      .filter((i) => i.type === "feat" && i.system?.disabled !== true)
      .map((i) => tagged(String(i.name ?? "").trim(), i.system?.abilityType))
      .filter(Boolean),
  };
}

export function pf1Inspection(actor) {
  return sheet35(actor, {
    magic: pf1Magic,
    material: pf1Material,
    buffKind: (i) => i.system?.subType ?? i.system?.buffType,
  });
}

export function d35eInspection(actor) {
  return sheet35(actor, {
    magic: d35eMagic,
    material: d35eMaterial,
    buffKind: (i) => i.system?.buffType,
  });
}

/** dnd5e: an item's type as the rules name it (armor, shield, weapon, a consumable's kind). */
function kind5e(item) {
  const type = item.system?.type?.value;
  if (item.type === "equipment")
    return type === "shield"
      ? "shield"
      : ["light", "medium", "heavy"].includes(type)
        ? "armor"
        : "equipment";
  if (item.type === "consumable") return type || "consumable";
  return item.type;
}

/** dnd5e's magical property, or an item that asks to be attuned: the sheet's own mark of magic. */
function magic5e(item) {
  const properties = item.system?.properties;
  const has =
    properties instanceof Set ? properties.has("mgc") : listOf(properties).includes("mgc");
  return has || ["required", "optional"].includes(item.system?.attunement) || undefined;
}

/** dnd5e suppresses an item's effects while it is unequipped (consumables but rods, trinkets and wands aside) or unattuned. */
function suppressed5e(item) {
  const needsEquipped =
    item.type !== "consumable" || ["rod", "trinket", "wand"].includes(item.system?.type?.value);
  return (
    (needsEquipped && item.system?.equipped === false) ||
    (!item.system?.attuned && item.system?.attunement === "required")
  );
}

/** Where a dnd5e effect comes from: the actor's own item its origin names (a spell, a magic item), or its parent item. */
function source5e(effect, parentItem, items) {
  const id = /Item\.([^.]+)$/.exec(String(effect.origin ?? ""))?.[1];
  const from = parentItem ?? (id ? items.find((i) => i.id === id || i._id === id) : undefined);
  if (!from) return undefined;
  if (from.type === "spell") return "spell";
  return magic5e(from) ? "item" : undefined;
}

export function dnd5eInspection(actor) {
  const items = listOf(actor?.items);
  const own = listOf(actor?.effects)
    .filter((e) => !e.disabled)
    .map((e) => [e, null]);
  const carried = items.flatMap((i) =>
    suppressed5e(i)
      ? []
      : listOf(i.effects)
          .filter((e) => e.transfer !== false && !e.disabled)
          .map((e) => [e, i]),
  );
  return {
    items: items
      .filter((i) => PHYSICAL.has(i.type))
      .map((i) =>
        entry(i.name, {
          type: kind5e(i),
          magic: magic5e(i),
          equipped: typeof i.system?.equipped === "boolean" ? i.system.equipped : undefined,
        }),
      ),
    effects: [...own, ...carried].map(([e, parent]) =>
      entry(e.name ?? e.label, { source: source5e(e, parent, items) }),
    ),
    traits: items
      .filter((i) => i.type === "feat")
      .map((i) => String(i.name ?? "").trim())
      .filter(Boolean),
  };
}

/** A sheet of any other system: what the GM listed by hand in the entry form (flags.ballcourt.inspection). */
export function typedInspection(actor) {
  const typed = actor?.flags?.ballcourt?.inspection ?? {};
  return {
    items: listOf(typed.items),
    effects: listOf(typed.effects),
    traits: listOf(typed.traits),
  };
}
