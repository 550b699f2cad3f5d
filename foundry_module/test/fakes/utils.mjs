/**
 * foundry.utils as Foundry documents it, and the small data helpers the other doubles share.
 * FOUNDRY-SEMANTICS §1.4-1.6: an update merges nested objects; `-=key` deletes, `==key`
 * replaces; v14 adds the ForcedDeletion / ForcedReplacement operators (`_del`, `_replace`);
 * dotted keys are expanded before the merge, so `recursive: false` with a dotted key still
 * replaces what sits beside the value.
 */
const plain = (v) =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Operator);

/** v14's data operators (FOUNDRY-SEMANTICS §1.5): `_del` and `_replace(value)`. */
export class Operator {
  constructor(kind, value) {
    Object.assign(this, { kind, value });
  }
}
export const ForcedDeletion = { create: () => new Operator("delete") };
export const ForcedReplacement = { create: (value) => new Operator("replace", value) };

/** foundry.utils.isDeletionKey: `-=key` and `==key` (FOUNDRY-SEMANTICS §1.4). */
export const isDeletionKey = (key) =>
  typeof key === "string" && (key.startsWith("-=") || key.startsWith("=="));

export function getProperty(obj, path) {
  return path.split(".").reduce((node, p) => (node == null ? undefined : node[p]), obj);
}

export function setProperty(obj, path, value) {
  const parts = path.split(".");
  let node = obj;
  for (const p of parts.slice(0, -1)) node = node[p] ??= {};
  node[parts.at(-1)] = value;
}

/** foundry.utils.expandObject: `{"a.b": 1}` becomes `{a: {b: 1}}`, deeply (§1.6). */
export function expandObject(data) {
  const out = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    const expanded = plain(value) ? expandObject(value) : value;
    const parts = key.split(".");
    let node = out;
    for (const p of parts.slice(0, -1)) node = plain(node[p]) ? node[p] : (node[p] = {});
    const last = parts.at(-1);
    node[last] =
      plain(expanded) && plain(node[last])
        ? mergeObject(node[last], expanded, { inplace: false })
        : expanded;
  }
  return out;
}

const copy = (v) => (v instanceof Operator ? v : structuredClone(v));

/**
 * foundry.utils.mergeObject(original, other, options): `other` merged into `original` (in
 * place unless `inplace: false`), nested objects recursively unless `recursive: false`;
 * with `performDeletions` (v14 `applyOperators`), `-=k` deletes k, `==k` replaces k outright,
 * and the v14 operators do the same by value. Returns the merged object.
 */
export function mergeObject(
  original,
  other,
  {
    inplace = true,
    recursive = true,
    performDeletions = false,
    applyOperators = performDeletions,
    insertKeys = true,
    insertValues = true,
  } = {},
) {
  const target = inplace ? original : structuredClone(original ?? {});
  const opts = { recursive, applyOperators, insertKeys, insertValues };
  for (const [key, value] of Object.entries(other ?? {})) mergeKey(target, key, value, opts);
  return target;
}

function mergeKey(target, key, value, opts) {
  if (opts.applyOperators && key.startsWith("-=")) {
    delete target[key.slice(2)];
    return;
  }
  if (opts.applyOperators && key.startsWith("==")) {
    target[key.slice(2)] = copy(value);
    return;
  }
  if (value instanceof Operator && opts.applyOperators) {
    if (value.kind === "delete") delete target[key];
    else
      target[key] = plain(value.value)
        ? mergeObject({}, value.value, { ...opts, inplace: true })
        : copy(value.value);
    return;
  }
  const exists = Object.hasOwn(target, key);
  if (!exists && !opts.insertKeys) return;
  if (plain(value) && plain(target[key]) && opts.recursive) {
    for (const [k, v] of Object.entries(value)) mergeKey(target[key], k, v, opts);
    return;
  }
  if (plain(value) && opts.applyOperators) {
    target[key] = mergeObject({}, value, { ...opts, inplace: true }); // operators inside a new object still apply
    return;
  }
  target[key] = copy(value);
}

/**
 * foundry.utils.diffObject(original, other): what in `other` differs from `original`, deeply;
 * deletion and replacement keys are always kept (they are instructions, not data). `{}`: no
 * difference.
 */
export function diffObject(original, other) {
  const out = {};
  for (const [key, value] of Object.entries(other ?? {})) {
    if (isDeletionKey(key) || value instanceof Operator) {
      out[key] = value;
      continue;
    }
    const before = original?.[key];
    if (plain(value) && plain(before)) {
      const inner = diffObject(before, value);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (JSON.stringify(before) !== JSON.stringify(value)) {
      out[key] = value;
    }
  }
  return out;
}

/**
 * A document update as the server applies it (§1.3-1.6): dotted keys expanded, operators
 * honoured, objects merged unless `recursive: false`. `doc` is the document itself (its data
 * lives on it, as the doubles keep it).
 */
export function applyUpdate(doc, changes, { recursive = true } = {}) {
  const expanded = expandObject(
    Object.fromEntries(Object.entries(changes).filter(([k]) => k !== "_id")),
  );
  for (const [key, value] of Object.entries(expanded))
    mergeKey(doc, key, value, {
      recursive,
      applyOperators: true,
      insertKeys: true,
      insertValues: true,
    });
  return expanded;
}

let ids = 0;
export const newId = (prefix = "id") => `${prefix}${(ids += 1).toString().padStart(4, "0")}`;

export class Collection extends Map {
  get contents() {
    return [...this.values()];
  }
  find(fn) {
    return this.contents.find(fn);
  }
  filter(fn) {
    return this.contents.filter(fn);
  }
  some(fn) {
    return this.contents.some(fn);
  }
  map(fn) {
    return this.contents.map(fn);
  }
}

/**
 * What a play-through changed, in order: every chat message, document update and combat change
 * the doubles saw, as short lines (`chat+ yaotzin.kick [intercept:yo] to gm,bob`).
 */
export const transcript = [];
export const note = (line) => transcript.push(line);
export const changedKeys = (changes) =>
  Object.keys(changes)
    .filter((k) => k !== "_id")
    .sort()
    .join(",");
