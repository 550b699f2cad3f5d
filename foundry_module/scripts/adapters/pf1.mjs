/** Pathfinder 1e (pf1) actors: the 3.5-compatible numbers Yaotzin needs. */
import { featIds, itemNames } from "./feats.mjs";

const num = (v, d = 0) => (Number.isFinite(Number(v)) ? Number(v) : d);

export const pf1 = {
  id: "pf1",
  game: "yaotzin",
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
  nonlethal(actor) {
    return num(actor.system?.attributes?.hp?.nonlethal);
  },
  /** The actor update that adds `amount` nonlethal damage (negative heals it). */
  nonlethalUpdate(actor, amount) {
    return { "system.attributes.hp.nonlethal": Math.max(0, this.nonlethal(actor) + amount) };
  },
};
