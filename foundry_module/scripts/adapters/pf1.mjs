/** Pathfinder 1e (pf1 10.x) actors: the 3.5-compatible numbers Yaotzin needs, and goat-ball's checks. */
import { featIds } from "./feats.mjs";
import { pf1Inspection } from "./inspection.mjs";
import { num, numberOrNull } from "./sheet-numbers.mjs";

export const pf1 = {
  id: "pf1",
  game: "yaotzin",
  /** Athletics is a Strength check (pf1 split it into Climb and Swim); Acrobatics is the skill. */
  checks: { athletics: { ability: "str" }, acrobatics: { skill: "acr", ability: "dex" } },
  /** pf1 stops nonlethal damage at maximum hit points, the excess lethal (ActorPF.applyDamage). */
  capsNonlethal: true,
  /**
   * The world's rules the adapter follows, read from the system's settings by `bind`:
   * `woundsAndVigor` ({pc, npc}: pf1's healthConfig variants), `metric` (distances in metres).
   */
  world: { woundsAndVigor: { pc: false, npc: false }, metric: false },
  /** This adapter in a world whose settings `read(namespace, key)` gives (undefined where unset). */
  bind(read) {
    const variants = read("pf1", "healthConfig")?.variants ?? {};
    return {
      ...this,
      world: {
        metric: false,
        woundsAndVigor: {
          pc: Boolean(variants.pc?.useWoundsAndVigor),
          npc: Boolean(variants.npc?.useWoundsAndVigor),
        },
      },
    };
  },
  /** What the referee's inspection judges on his sheet (adapters/inspection.mjs). */
  inspection: pf1Inspection,
  yaotzinStats(actor) {
    const s = actor.system ?? {};
    return {
      str: num(s.abilities?.str?.total ?? s.abilities?.str?.value, 10),
      dex: num(s.abilities?.dex?.total ?? s.abilities?.dex?.value, 10),
      bab: num(s.attributes?.bab?.total),
      reflex: num(s.attributes?.savingThrows?.ref?.total),
      feats: featIds(actor, this.id),
      speed: this.feet(num(s.attributes?.speed?.land?.total, 30)),
    };
  },
  /** Speed in feet: pf1 keeps feet on the sheet in every world (its metric setting only converts what it shows). */
  feet(speed) {
    return speed;
  },
  /** Goat-ball's two checks on a 3.5-family sheet, by `checks`: a skill's total, else the ability's modifier. */
  goatballSkills(actor) {
    const s = actor.system ?? {};
    const mod = (ability) => num(s.abilities?.[ability]?.mod);
    const check = ({ skill, ability }) =>
      num(skill && (s.skills?.[skill]?.mod ?? s.skills?.[skill]?.total), mod(ability ?? "str"));
    return {
      athletics: check(this.checks.athletics),
      acrobatics: check(this.checks.acrobatics),
      strMod: mod("str"),
      dexMod: mod("dex"),
    };
  },
  /**
   * Whether his sheet follows pf1's Wounds and Vigor rules (healthConfig, per character or
   * NPC): they have no hit points, so nonlethal damage is kept in the module's own flag and
   * no knock-out is judged (docs/foundry.md).
   */
  woundsAndVigor(actor) {
    return Boolean(this.world.woundsAndVigor[actor?.type === "npc" ? "npc" : "pc"]);
  },
  nonlethal(actor) {
    return this.woundsAndVigor(actor)
      ? num(actor.flags?.ballcourt?.nonlethal)
      : num(actor.system?.attributes?.hp?.nonlethal);
  },
  /** Where `nonlethal` reads it: the sheet's pool, or the module's own count under Wounds and Vigor. */
  nonlethalPath(actor) {
    return this.woundsAndVigor(actor)
      ? "flags.ballcourt.nonlethal"
      : "system.attributes.hp.nonlethal";
  },
  /**
   * The actor update `amount` nonlethal damage makes on his sheet as it is now. Where the system
   * caps it (`capsNonlethal`, pf1's own damage), nonlethal stops at his maximum hit points and
   * the excess is lethal, off temporary hit points first. Only the fields it changes.
   */
  nonlethalUpdate(actor, amount) {
    const damage = Math.max(0, amount);
    if (this.woundsAndVigor(actor))
      return damage ? { "flags.ballcourt.nonlethal": this.nonlethal(actor) + damage } : {};
    const hp = actor.system?.attributes?.hp ?? {};
    const taken = num(hp.nonlethal);
    const capped = this.capsNonlethal && hp.max !== undefined && hp.max !== null;
    const nonlethal = capped ? Math.min(Math.max(0, num(hp.max) - taken), damage) : damage;
    const lethal = damage - nonlethal;
    const temp = Math.max(0, num(hp.temp));
    const fromTemp = Math.min(temp, lethal);
    return {
      ...(nonlethal ? { "system.attributes.hp.nonlethal": taken + nonlethal } : {}),
      ...(fromTemp ? { "system.attributes.hp.temp": temp - fromTemp } : {}),
      ...(lethal > fromTemp
        ? { "system.attributes.hp.value": num(hp.value) - (lethal - fromTemp) }
        : {}),
    };
  },
  /** Current hit points (`hp.value`), or null when the sheet has none to read (or follows Wounds and Vigor). */
  hitPoints(actor) {
    return this.woundsAndVigor(actor) ? null : numberOrNull(actor.system?.attributes?.hp?.value);
  },
  /** Temporary hit points (`hp.temp`, the pf1 and D35E sheets' field); 0 when the sheet has none. */
  tempHitPoints(actor) {
    return Math.max(0, num(actor.system?.attributes?.hp?.temp));
  },
  /** His hit points as an NPC match plays them (current, temporary, maximum: `hp.value`, `hp.temp`, `hp.max`); nulls where the sheet has none. */
  sheetHitPoints(actor) {
    return {
      current: this.hitPoints(actor),
      temp: this.tempHitPoints(actor),
      max: this.woundsAndVigor(actor) ? null : numberOrNull(actor.system?.attributes?.hp?.max),
    };
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
