/** Every BALLCOURT.* key the module uses is in both lang files; the files list each other's keys. */
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const ROOT = new URL("../", import.meta.url).pathname;
const flatten = (node, prefix = "") => Object.entries(node).flatMap(([k, v]) =>
  (typeof v === "object" ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]]));
const lang = (name) => new Map(flatten(JSON.parse(readFileSync(join(ROOT, "lang", `${name}.json`), "utf8"))));
const en = lang("en");
const ru = lang("ru");

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".mjs") ? [path] : [];
  });
}

test("every literal key in the scripts is in en and ru", () => {
  const used = new Set();
  for (const file of sources(join(ROOT, "scripts"))) {
    for (const [key] of readFileSync(file, "utf8").matchAll(/BALLCOURT(?:\.[A-Za-z0-9_-]+)+/g)) used.add(key);
  }
  const prefixes = [...used].filter((k) => k.endsWith("."));
  assert.deepEqual(prefixes, []);
  for (const key of used) {
    if ([...en.keys()].some((k) => k.startsWith(`${key}.`))) continue;   // a prefix completed at run time
    assert.ok(en.has(key), `en.json lacks ${key}`);
    assert.ok(ru.has(key), `ru.json lacks ${key}`);
  }
});

test("the keys built at run time exist for each value", () => {
  for (const status of ["idle", "connecting", "connected", "wrong-token", "origin", "blocked", "unreachable"]) {
    assert.ok(en.has(`BALLCOURT.Connection.Status.${status}`) && ru.has(`BALLCOURT.Connection.Status.${status}`), status);
  }
  for (const a of ["none", "throw", "intercept", "knock_off", "defend", "move", "block"]) {
    assert.ok(en.has(`BALLCOURT.Pass.Action.${a}`) && ru.has(`BALLCOURT.Pass.Action.${a}`), a);
  }
  for (const e of ["ball", "goal", "hoop", "round", "damage", "note", "end"]) {
    assert.ok(en.has(`BALLCOURT.Panel.Event.${e}`), e);
  }
  for (const key of ["companionUrl", "token", "applyPermission", "diceSource", "autoApplyTicks", "scatterOne",
    "rollingDcBase", "equidistantDiagonals", "goatZones", "goatBloodball", "goatBloodballLethal", "goatMagic",
    "goatAllowedMagic"]) {
    assert.ok(en.has(`BALLCOURT.Settings.${key}.Name`) && en.has(`BALLCOURT.Settings.${key}.Hint`), key);
  }
});

test("en and ru have the same keys and placeholders", () => {
  assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
  const ph = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [key, text] of en) assert.deepEqual(ph(ru.get(key)), ph(text), key);
});

test("module.json lists both languages and stays v13-v14 with no maximum", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "module.json"), "utf8"));
  assert.deepEqual(manifest.languages.map((l) => l.lang), ["en", "ru"]);
  assert.deepEqual(manifest.compatibility, { minimum: "13", verified: "14" });
  assert.equal(manifest.socket, true);
  for (const path of [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l) => l.path)]) {
    assert.ok(statSync(join(ROOT, path)).isFile(), path);
  }
  for (const legacy of ["name", "minimumCoreVersion", "compatibleCoreVersion"]) assert.equal(legacy in manifest, false);
});
