/** D&D 3.5 (D35E, and its successor dnd35e read defensively): the same paths as pf1. */
import { pf1 } from "./pf1.mjs";

export const d35e = { ...pf1, id: "D35E" };
export const dnd35e = { ...pf1, id: "dnd35e" };
