/** Every BALLCOURT.* key the module uses is in both lang files; the files list each other's keys. */
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { formatTemplate, makeLocalizer, placeholders } from "../scripts/core/i18n.mjs";

const ROOT = new URL("../", import.meta.url).pathname;
const flatten = (node, prefix = "") =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === "object" ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
  );
const lang = (name) =>
  new Map(flatten(JSON.parse(readFileSync(join(ROOT, "lang", `${name}.json`), "utf8"))));
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
    for (const [key] of readFileSync(file, "utf8").matchAll(/BALLCOURT(?:\.[A-Za-z0-9_-]+)+/g))
      used.add(key);
  }
  const prefixes = [...used].filter((k) => k.endsWith("."));
  assert.deepEqual(prefixes, []);
  for (const key of used) {
    if ([...en.keys()].some((k) => k.startsWith(`${key}.`))) continue; // a prefix completed at run time
    assert.ok(en.has(key), `en.json lacks ${key}`);
    assert.ok(ru.has(key), `ru.json lacks ${key}`);
  }
});

test("the keys built at run time exist for each value", () => {
  for (const status of [
    "idle",
    "connecting",
    "connected",
    "wrong-token",
    "origin",
    "blocked",
    "unreachable",
  ]) {
    assert.ok(
      en.has(`BALLCOURT.Connection.Status.${status}`) &&
        ru.has(`BALLCOURT.Connection.Status.${status}`),
      status,
    );
  }
  for (const a of ["none", "throw", "intercept", "knock_off", "defend", "move", "block"]) {
    assert.ok(en.has(`BALLCOURT.Pass.Action.${a}`) && ru.has(`BALLCOURT.Pass.Action.${a}`), a);
  }
  for (const e of ["ball", "goal", "hoop", "round", "damage", "note", "end"]) {
    assert.ok(en.has(`BALLCOURT.Panel.Event.${e}`), e);
  }
  for (const key of [
    "companionUrl",
    "token",
    "applyPermission",
    "diceSource",
    "autoApplyTicks",
    "scatterOne",
    "rollingDcBase",
    "equidistantDiagonals",
    "goatZones",
    "goatBloodball",
    "goatBloodballLethal",
    "goatMagic",
    "goatAllowedMagic",
  ]) {
    assert.ok(
      en.has(`BALLCOURT.Settings.${key}.Name`) && en.has(`BALLCOURT.Settings.${key}.Hint`),
      key,
    );
  }
});

test("en and ru have the same keys and placeholders", () => {
  assert.deepEqual([...ru.keys()].sort(), [...en.keys()].sort());
  const ph = (s) => [...new Set(placeholders(s))].sort();
  for (const [key, text] of en) assert.deepEqual(ph(ru.get(key)), ph(text), key);
});

const json = (name) => JSON.parse(readFileSync(join(ROOT, name), "utf8"));

test("a count reads in its language's form: ru one/few/many (11-14 many), en one/other", () => {
  const format = (language, n) =>
    makeLocalizer(json(`lang/${language}.json`), language).format("BALLCOURT.Card.Kick.Miss", {
      total: 3,
      ac: 5,
      squares: n,
      heading: "E",
    });
  const ru = [1, 2, 5, 11, 21, 22].map((n) => format("ru", n).match(/мимо на (.*) \(/)[1]);
  assert.deepEqual(ru, ["1 клетку", "2 клетки", "5 клеток", "11 клеток", "21 клетку", "22 клетки"]);
  assert.equal(format("en", 1), "Attack 3 against AC 5: off by 1 square (E).");
  assert.equal(format("en", 2), "Attack 3 against AC 5: off by 2 squares (E).");
  const declared = (done) =>
    makeLocalizer(json("lang/en.json")).format("BALLCOURT.Declare.Count", { done, total: 3 });
  assert.deepEqual([0, 1, 2].map(declared), [
    "0 of 3 have declared.",
    "1 of 3 has declared.",
    "2 of 3 have declared.",
  ]);
});

test("every plural text renders as the companion's present/text.py renders it", () => {
  const { counts, texts } = json("test/fixtures/plurals.json");
  assert.ok(Object.keys(texts.ru).length >= 8, "the cards' counts are plurals");
  for (const [language, table] of Object.entries(texts)) {
    const file = lang(language);
    for (const [key, rendered] of Object.entries(table)) {
      const text = file.get(key);
      const got = counts.map((n) =>
        formatTemplate(text, Object.fromEntries(placeholders(text).map((p) => [p, n])), language),
      );
      assert.deepEqual(got, rendered, `${language} ${key}`);
    }
  }
});

test("a plural lists each form of its language, and no English count is left bare", () => {
  const categories = (text) =>
    [...text.matchAll(/\{\w+, plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}/g)].map((m) =>
      [...m[1].matchAll(/(\w+)\s*\{/g)].map((f) => f[1]).join(" "),
    );
  for (const [language, forms] of [
    ["en", "one other"],
    ["ru", "one few many other"],
  ]) {
    for (const [key, text] of lang(language)) {
      for (const got of categories(text)) assert.equal(got, forms, `${language} ${key}`);
    }
  }
  for (const [key, text] of en) {
    assert.doesNotMatch(
      text,
      /\{(?!actor|player|target)\w+\} (squares|points|feet|passes|players|rounds|tokens|zones)\b/,
      key,
    );
  }
});

test("module.json lists both languages and stays v13-v14 with no maximum", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "module.json"), "utf8"));
  assert.deepEqual(
    manifest.languages.map((l) => l.lang),
    ["en", "ru"],
  );
  assert.deepEqual(manifest.compatibility, { minimum: "13", verified: "14" });
  assert.equal(manifest.socket, true);
  for (const path of [
    ...manifest.esmodules,
    ...manifest.styles,
    ...manifest.languages.map((l) => l.path),
  ]) {
    assert.ok(statSync(join(ROOT, path)).isFile(), path);
  }
  for (const legacy of ["name", "minimumCoreVersion", "compatibleCoreVersion"])
    assert.equal(legacy in manifest, false);
});
