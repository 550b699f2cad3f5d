/** Any other system: numbers the GM types in (kept in the actor's module flags). */
import { typedInspection } from "./inspection.mjs";
import { flagNonlethal, num } from "./sheet-numbers.mjs";

export const generic = {
  id: "generic",
  needsDialog: true,
  bind() {
    return this;
  },
  /** What the GM listed by hand for the referee's inspection. */
  inspection: typedInspection,
  yaotzinStats(actor) {
    const f = actor.flags?.ballcourt?.stats ?? {};
    return {
      str: num(f.str, 10),
      dex: num(f.dex, 10),
      bab: num(f.bab),
      reflex: num(f.reflex),
      feats: [...(f.feats ?? [])],
      speed: num(f.speed, 30),
    };
  },
  goatballSkills(actor) {
    const f = actor.flags?.ballcourt?.stats ?? {};
    return {
      athletics: num(f.athletics),
      acrobatics: num(f.acrobatics),
      strMod: num(f.strMod),
      dexMod: num(f.dexMod),
    };
  },
  hasStats(actor) {
    return Boolean(actor.flags?.ballcourt?.stats);
  },
  ...flagNonlethal,
  /** The typed-in numbers hold no hit points: an NPC match plays its default for him. */
  sheetHitPoints() {
    return { current: null, temp: 0, max: null };
  },
  /** The typed-in numbers hold no hit points, so nobody is judged knocked out. */
  outFromNonlethal() {
    return null;
  },
};
