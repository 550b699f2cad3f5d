/** D&D 5e (dnd5e 4.x/5.x): goat-ball's skills, and Yaotzin numbers by analogy. */
import { featIds, itemNames } from "./feats.mjs";

const num = (v, d = 0) => (Number.isFinite(Number(v)) ? Number(v) : d);

export const dnd5e = {
  id: "dnd5e",
  game: "goatball",
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
      feats: featIds(itemNames(actor)),
      speed: num(s.attributes?.movement?.walk, 30),
    };
  },
  /**
   * A roll config for rollSkill / rollSavingThrow. dnd5e 4.4 and 5.x merge the caller's config
   * over the sheet's, so `advantage: false` would wipe out advantage the sheet or its effects
   * give: advantage is passed only when the rules give it.
   */
  rollConfig(config, advantage) {
    return advantage ? { ...config, advantage: true } : { ...config };
  },
  /** dnd5e has no nonlethal pool: the module keeps one in its own actor flag. */
  nonlethal(actor) {
    return num(actor.flags?.ballcourt?.nonlethal);
  },
  nonlethalUpdate(actor, amount) {
    return { "flags.ballcourt.nonlethal": Math.max(0, this.nonlethal(actor) + amount) };
  },
  /** 5e has no rule that nonlethal damage beyond hit points knocks one out (its pool is ours): never judged. */
  outFromNonlethal() {
    return null;
  },
};
