/** Pathfinder 1e (pf1) actors: the 3.5-compatible numbers Yaotzin needs, and goat-ball's checks. */
import { featIds, itemNames } from "./feats.mjs";

const num = (v, d = 0) => (Number.isFinite(Number(v)) ? Number(v) : d);

export const pf1 = {
  id: "pf1",
  game: "yaotzin",
  /** Athletics is a Strength check (pf1 split it into Climb and Swim); Acrobatics is the skill. */
  checks: { athletics: { ability: "str" }, acrobatics: { skill: "acr", ability: "dex" } },
  yaotzinStats(actor) {
    const s = actor.system ?? {};
    return {
      str: num(s.abilities?.str?.total ?? s.abilities?.str?.value, 10),
      dex: num(s.abilities?.dex?.total ?? s.abilities?.dex?.value, 10),
      bab: num(s.attributes?.bab?.total),
      reflex: num(s.attributes?.savingThrows?.ref?.total),
      feats: featIds(itemNames(actor)),
      speed: num(s.attributes?.speed?.land?.total, 30),
    };
  },
  /** Goat-ball's two checks on a 3.5-family sheet, by `checks`: a skill's total, else the ability's modifier. */
  goatballSkills(actor) {
    const s = actor.system ?? {};
    const mod = (ability) => num(s.abilities?.[ability]?.mod);
    const check = ({ skill, ability }) => num(skill && (s.skills?.[skill]?.mod ?? s.skills?.[skill]?.total),
      mod(ability ?? "str"));
    return { athletics: check(this.checks.athletics), acrobatics: check(this.checks.acrobatics),
      strMod: mod("str"), dexMod: mod("dex") };
  },
  nonlethal(actor) {
    return num(actor.system?.attributes?.hp?.nonlethal);
  },
  /** The actor update that adds `amount` nonlethal damage (negative heals it). */
  nonlethalUpdate(actor, amount) {
    return { "system.attributes.hp.nonlethal": Math.max(0, this.nonlethal(actor) + amount) };
  },
  /** Current hit points (`hp.value`), or null when the sheet has none to read. */
  hitPoints(actor) {
    const value = actor.system?.attributes?.hp?.value;
    return value === null || value === undefined || value === "" || !Number.isFinite(Number(value)) ? null : Number(value);
  },
  /** Temporary hit points (`hp.temp`, the pf1 and D35E sheets' field); 0 when the sheet has none. */
  tempHitPoints(actor) {
    return Math.max(0, num(actor.system?.attributes?.hp?.temp));
  },
  /**
   * Whether his nonlethal damage has knocked him out: D&D 3.5 (Player's Handbook / SRD,
   * "Nonlethal Damage" and "Temporary Hit Points", and pf1 the same) puts a creature whose
   * nonlethal damage exceeds his current hit points unconscious, his temporary hit points
   * counted with them (they come off first); equal only staggers him. Null without hit points.
   */
  outFromNonlethal(actor) {
    const hp = this.hitPoints(actor);
    return hp === null ? null : this.nonlethal(actor) > hp + this.tempHitPoints(actor);
  },
};
