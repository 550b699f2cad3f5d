/** D&D 5e (dnd5e 4.x/5.x): goat-ball's skills, and Yaotzin numbers by analogy. */
import { featIds } from "./feats.mjs";
import { dnd5eInspection } from "./inspection.mjs";
import { flagNonlethal, num, numberOrNull } from "./sheet-numbers.mjs";

/** Feet in each of dnd5e's movement units (its `movementUnits`' conversions: 5 ft is 1.5 m). */
const FEET_PER_UNIT = { ft: 1, mi: 5280, m: 10 / 3, km: 10000 / 3 };

export const dnd5e = {
  id: "dnd5e",
  game: "goatball",
  /** dnd5e's unconscious brings a separate prone effect with it (its status's riders), which stays when it goes. */
  statusRiders: { unconscious: ["prone"] },
  /** `metric`: the world's metricLengthUnits setting, the units of a sheet that names none. */
  world: { metric: false },
  bind(read) {
    return { ...this, world: { metric: Boolean(read("dnd5e", "metricLengthUnits")) } };
  },
  inspection: dnd5eInspection,
  goatballSkills(actor) {
    const s = actor.system ?? {};
    return {
      athletics: num(s.skills?.ath?.total ?? s.skills?.ath?.mod),
      acrobatics: num(s.skills?.acr?.total ?? s.skills?.acr?.mod),
      strMod: num(s.abilities?.str?.mod),
      dexMod: num(s.abilities?.dex?.mod),
    };
  },
  yaotzinStats(actor) {
    const s = actor.system ?? {};
    return {
      str: num(s.abilities?.str?.value, 10),
      dex: num(s.abilities?.dex?.value, 10),
      bab: num(s.attributes?.prof),
      reflex: num(s.abilities?.dex?.save?.value ?? s.abilities?.dex?.save),
      feats: featIds(actor, this.id),
      speed: this.walkFeet(s.attributes?.movement),
    };
  },
  /** Walking speed in feet, from the sheet's movement units (its own, else the world's default). */
  walkFeet(movement) {
    const units = movement?.units ?? (this.world.metric ? "m" : "ft");
    return Math.round(
      num(movement?.walk, 30 / (FEET_PER_UNIT[units] ?? 1)) * (FEET_PER_UNIT[units] ?? 1),
    );
  },
  /**
   * A roll config for rollSkill / rollSavingThrow. dnd5e 4.4 and 5.x merge the caller's config
   * over the sheet's, so `advantage: false` would wipe out advantage the sheet or its effects
   * give: advantage is passed only when the rules give it.
   */
  rollConfig(config, advantage) {
    return advantage ? { ...config, advantage: true } : { ...config };
  },
  ...flagNonlethal, // dnd5e has no nonlethal pool: the module keeps one in its own actor flag
  /** 5e has no rule that nonlethal damage beyond hit points knocks one out (its pool is ours): never judged. */
  outFromNonlethal() {
    return null;
  },
  /** His hit points as an NPC match plays them (`hp.value`, `hp.temp`, `hp.max`); nulls where the sheet has none. */
  sheetHitPoints(actor) {
    const hp = actor.system?.attributes?.hp ?? {};
    return {
      current: numberOrNull(hp.value),
      temp: Math.max(0, num(hp.temp)),
      max: numberOrNull(hp.max),
    };
  },
  /**
   * The actor update `amount` damage makes on his sheet as it is now (5e, "Temporary Hit
   * Points": they take the damage first; hit points stop at 0): only the fields it changes,
   * {} on a sheet without hit points.
   */
  damageUpdate(actor, amount) {
    const hp = actor.system?.attributes?.hp;
    if (!hp) return {};
    const temp = Math.max(0, num(hp.temp));
    const fromTemp = Math.min(temp, Math.max(0, amount));
    const value = num(hp.value);
    const left = Math.max(0, value - (Math.max(0, amount) - fromTemp));
    return {
      ...(fromTemp ? { "system.attributes.hp.temp": temp - fromTemp } : {}),
      ...(left !== value ? { "system.attributes.hp.value": left } : {}),
    };
  },
};
