/**
 * D&D 3.5 (D35E 2.4/3.0): the same paths as pf1; goat-ball's Athletics is the Jump skill and its
 * Acrobatics the Tumble skill (3.5 has neither by name). D35E keeps conditions as booleans in
 * `system.attributes.conditions` and deletes any other effect at its next update, so prone
 * and unconscious are read and written there; turning unconscious on sets helpless too.
 */
import { d35eInspection } from "./inspection.mjs";
import { pf1 } from "./pf1.mjs";

const checks = {
  athletics: { skill: "jmp", ability: "str" },
  acrobatics: { skill: "tmb", ability: "dex" },
};

export const d35e = {
  ...pf1,
  id: "D35E",
  checks,
  capsNonlethal: false,
  inspection: d35eInspection,
  conditionsPath: "system.attributes.conditions",
  statusRiders: { unconscious: ["helpless"] },
  /** The conditions D35E's actor updater sets itself on a hit point or nonlethal write (staggered, unconscious, dying...). */
  hitPointSideEffects: ["staggered", "unconscious", "helpless", "dying", "dead"].map(
    (c) => `system.attributes.conditions.${c}`,
  ),
  /** D35E's `units` setting: in a metric world the sheet's speeds are metres (1.5 m a square). */
  bind(read) {
    return {
      ...this,
      world: {
        metric: read("D35E", "units") === "metric",
        woundsAndVigor: { pc: false, npc: false },
      },
    };
  },
  feet(speed) {
    return this.world.metric ? Math.round((speed / 1.5) * 5) : speed;
  },
};
