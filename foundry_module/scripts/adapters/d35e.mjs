/**
 * D&D 3.5 (D35E, and its successor dnd35e read defensively): the same paths as pf1; goat-ball's
 * Athletics is the Jump skill and its Acrobatics the Tumble skill (3.5 has neither by name).
 */
import { pf1 } from "./pf1.mjs";

const checks = { athletics: { skill: "jmp", ability: "str" }, acrobatics: { skill: "tmb", ability: "dex" } };

export const d35e = { ...pf1, id: "D35E", checks };
export const dnd35e = { ...pf1, id: "dnd35e", checks };
