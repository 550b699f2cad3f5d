/**
 * The adapter for a game system id, bound to the world's settings; anything unknown falls back
 * to typed-in numbers. So does dnd35e: it has no actor data model yet (its actors hold no
 * abilities, attack bonus or saves to read), so its players' numbers are typed in until it has.
 */
import { d35e } from "./d35e.mjs";
import { dnd5e } from "./dnd5e.mjs";
import { generic } from "./generic.mjs";
import { pf1 } from "./pf1.mjs";

const BY_SYSTEM = { pf1, D35E: d35e, dnd5e };

/**
 * `readSetting(namespace, key)` reads a world setting (a system's units, pf1's health rules);
 * one that is not registered reads as undefined.
 */
export function adapterFor(systemId, readSetting = () => undefined) {
  const read = (namespace, key) => {
    try {
      return readSetting(namespace, key);
    } catch {
      return undefined;
    }
  };
  return (BY_SYSTEM[systemId] ?? generic).bind(read);
}

export { d35e, dnd5e, generic, pf1 };
