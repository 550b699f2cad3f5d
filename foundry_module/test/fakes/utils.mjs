/** foundry.utils and the small data helpers the other doubles share. */
export function setProperty(obj, path, value) {
  const parts = path.split(".");
  let node = obj;
  for (const p of parts.slice(0, -1)) node = node[p] ??= {};
  node[parts.at(-1)] = value;
}

const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Deep-merge `value` into `target[key]`, as Foundry's updates do by default (recursive). */
function mergeInto(target, key, value) {
  if (plain(value) && plain(target[key])) {
    for (const [k, v] of Object.entries(value)) mergeInto(target[key], k, v);
  } else {
    target[key] = structuredClone(value);
  }
}

/** A document update: dotted paths, objects merged into what is there (Foundry's default). */
export function applyUpdate(doc, changes) {
  for (const [key, value] of Object.entries(changes)) {
    if (key === "_id") continue;
    const parts = key.split(".");
    let node = doc;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    mergeInto(node, parts.at(-1), value);
  }
}

/** foundry.utils.diffObject's sense: what in `after` differs from `before`, deeply (undefined: nothing). */
export function diffObject(before, after) {
  if (!plain(before) || !plain(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? undefined : structuredClone(after);
  }
  const out = {};
  for (const [k, v] of Object.entries(after)) {
    const d = diffObject(before[k], v);
    if (d !== undefined) out[k] = d;
  }
  return Object.keys(out).length ? out : undefined;
}

let ids = 0;
export const newId = (prefix = "id") => `${prefix}${(ids += 1).toString().padStart(4, "0")}`;

export class Collection extends Map {
  get contents() { return [...this.values()]; }
  find(fn) { return this.contents.find(fn); }
  filter(fn) { return this.contents.filter(fn); }
  some(fn) { return this.contents.some(fn); }
  map(fn) { return this.contents.map(fn); }
}

/**
 * What a play-through changed, in order: every chat message, document update and combat change
 * the doubles saw, as short lines (`chat+ yaotzin.kick [intercept:yo] to gm,bob`).
 */
export const transcript = [];
export const note = (line) => transcript.push(line);
export const changedKeys = (changes) => Object.keys(changes).filter((k) => k !== "_id").sort().join(",");
