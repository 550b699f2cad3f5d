/** The adapter for a game system id; anything unknown falls back to typed-in numbers. */
import { d35e, dnd35e } from "./d35e.mjs";
import { dnd5e } from "./dnd5e.mjs";
import { generic } from "./generic.mjs";
import { pf1 } from "./pf1.mjs";

const BY_SYSTEM = { pf1, D35E: d35e, dnd35e, dnd5e };

export function adapterFor(systemId) {
  return BY_SYSTEM[systemId] ?? generic;
}

export { d35e, dnd35e, dnd5e, generic, pf1 };
