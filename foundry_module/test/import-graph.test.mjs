/**
 * The module's own import graph keeps the shape docs/foundry.md writes down ("How the module's
 * code is laid out"): every file in a folder with a layer, no import circle, and each import
 * going to its own folder or to a lower layer, never upward or sideways (yaotzin/ and
 * goatball/ never import each other).
 * Read from the files themselves, so a new import that breaks the order fails here.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const SCRIPTS = fileURLToPath(new URL("../scripts/", import.meta.url));

/** Each folder's layer, lowest first; a file may import its own folder or a strictly lower layer. */
const LAYERS = {
  core: 0,
  adapters: 0,
  render: 0,
  "foundry/world": 1,
  "foundry/requests": 2,
  "foundry/cards": 3,
  "foundry/yaotzin": 4,
  "foundry/goatball": 4,
  "foundry/setup": 5,
  "foundry/quench": 6,
  ".": 7, // main.mjs
};

// static imports and re-exports at a line's start, and dynamic import("./...") anywhere
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*["'](\.{1,2}\/[^'"]+)["']|import\(\s*["'](\.{1,2}\/[^'"]+)["']\s*\)/g;

function moduleFiles(dir = SCRIPTS) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? moduleFiles(join(dir, e.name))
      : e.name.endsWith(".mjs")
        ? [join(dir, e.name)]
        : [],
  );
}

/** {file: [imported file]}, paths relative to scripts/. */
function importGraph(files = moduleFiles()) {
  return Object.fromEntries(
    files.map((file) => {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(IMPORT)].map((m) =>
        normalize(join(dirname(file), m[1] ?? m[2])),
      );
      return [relative(SCRIPTS, file), targets.map((t) => relative(SCRIPTS, t))];
    }),
  );
}

const folderOf = (file) => (dirname(file) === "" ? "." : dirname(file));

/** The circles of a graph, each as a list of files (Tarjan's strongly connected components). */
function circles(graph) {
  const index = new Map(),
    low = new Map(),
    stack = [],
    onStack = new Set(),
    out = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (const w of graph[v] ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const comp = [];
    for (let w; w !== v;) {
      w = stack.pop();
      onStack.delete(w);
      comp.push(w);
    }
    if (comp.length > 1 || (graph[v] ?? []).includes(v)) out.push(comp.sort());
  };
  for (const v of Object.keys(graph)) if (!index.has(v)) visit(v);
  return out;
}

/** Each import that goes upward or sideways, as "from -> to (why)". */
function misdirected(graph) {
  const out = [];
  for (const [from, targets] of Object.entries(graph)) {
    for (const to of targets) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a === b) continue;
      if (LAYERS[b] === undefined) out.push(`${from} -> ${to} (no layer for ${b})`);
      else if (LAYERS[b] > LAYERS[a]) out.push(`${from} -> ${to} (upward: ${b} is above ${a})`);
      else if (LAYERS[b] === LAYERS[a])
        out.push(`${from} -> ${to} (sideways: ${a} and ${b} are one layer)`);
    }
  }
  return out;
}

const graph = importGraph();

test("every module file sits in a folder with a layer (a new folder gets one here and in docs/foundry.md)", () => {
  assert.deepEqual(
    Object.keys(graph).filter((f) => LAYERS[folderOf(f)] === undefined),
    [],
  );
});

test("every relative import names a file that exists", () => {
  const missing = Object.entries(graph).flatMap(([from, ts]) =>
    ts.filter((t) => !(t in graph)).map((t) => `${from} -> ${t}`),
  );
  assert.deepEqual(missing, []);
});

test("the module's imports have no circle", () => {
  assert.deepEqual(circles(graph), []);
});

test("no import runs upward or sideways between layers", () => {
  assert.deepEqual(misdirected(graph), []);
});

test("the checks catch what they are for: a circle, an upward and a sideways import", () => {
  const bad = {
    "foundry/world/scene.mjs": ["foundry/cards/chat.mjs"],
    "foundry/cards/chat.mjs": ["foundry/world/scene.mjs"],
    "foundry/yaotzin/kick-tool.mjs": [
      "foundry/goatball/goatball-autopilot.mjs",
      "foundry/setup/setup-dialog.mjs",
    ],
  };
  assert.deepEqual(circles(bad), [["foundry/cards/chat.mjs", "foundry/world/scene.mjs"]]);
  assert.deepEqual(misdirected(bad), [
    "foundry/world/scene.mjs -> foundry/cards/chat.mjs (upward: foundry/cards is above foundry/world)",
    "foundry/yaotzin/kick-tool.mjs -> foundry/goatball/goatball-autopilot.mjs (sideways: foundry/yaotzin and foundry/goatball are one layer)",
    "foundry/yaotzin/kick-tool.mjs -> foundry/setup/setup-dialog.mjs (upward: foundry/setup is above foundry/yaotzin)",
  ]);
  assert.equal(
    importGraph([join(SCRIPTS, "main.mjs")])["main.mjs"].includes("foundry/world/env.mjs"),
    true,
    "the parser reads main.mjs's imports",
  );
});
