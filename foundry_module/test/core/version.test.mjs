import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  compareVersions,
  manifestUrl,
  parseVersion,
  versionWarning,
} from "../../scripts/core/version.mjs";

const lang = (name) =>
  JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8"));
const MODULE = JSON.parse(readFileSync(new URL("../../module.json", import.meta.url), "utf8"));

test("versions compare by number, a pre-release before its release", () => {
  assert.deepEqual(parseVersion("v1.2.0-rc.1"), { parts: [1, 2, 0], pre: "rc.1" });
  assert.equal(parseVersion("banana"), null);
  assert.equal(compareVersions("0.1.0", "0.1.0"), 0);
  assert.equal(compareVersions("0.1", "0.1.0"), 0);
  assert.equal(compareVersions("v0.1.0", "0.1.0"), 0);
  assert.equal(compareVersions("0.9.0", "0.10.0"), -1);
  assert.equal(compareVersions("1.0.0", "0.10.0"), 1);
  assert.equal(compareVersions("1.0.0-rc.1", "1.0.0"), -1);
  assert.equal(compareVersions("1.0.0", "1.0.0-rc.1"), 1);
});

test("no warning when the module is the companion's own version", () => {
  assert.equal(
    versionWarning(
      MODULE.version,
      { status: "ok", version: MODULE.version },
      "http://127.0.0.1:7770",
    ),
    null,
  );
});

test("an older module is told to install the companion's, with its manifest URL", () => {
  const w = versionWarning("0.1.0", { status: "ok", version: "0.2.0" }, "http://127.0.0.1:7770/");
  assert.equal(w.key, "BALLCOURT.Version.ModuleBehind");
  assert.equal(w.behind, "module");
  assert.deepEqual(w.data, {
    module: "0.1.0",
    companion: "0.2.0",
    manifest: "http://127.0.0.1:7770/foundry/module.json",
  });
});

test("an older companion is told to update", () => {
  const w = versionWarning("0.10.0", { version: "0.9.3" }, "http://localhost:7770");
  assert.equal(w.key, "BALLCOURT.Version.CompanionBehind");
  assert.equal(w.behind, "companion");
  assert.equal(w.data.manifest, "http://localhost:7770/foundry/module.json");
});

test("a companion that does not report its version gets a warning too", () => {
  for (const health of [undefined, {}, { status: "ok" }, { version: 3 }]) {
    const w = versionWarning("0.1.0", health, "http://127.0.0.1:7770");
    assert.equal(w.key, "BALLCOURT.Version.Unknown");
  }
});

test("every warning has its text in en and ru with the same placeholders", () => {
  const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of ["ModuleBehind", "CompanionBehind", "Unknown"]) {
    const en = lang("en").BALLCOURT.Version[key];
    const ru = lang("ru").BALLCOURT.Version[key];
    assert.ok(en && ru, key);
    assert.deepEqual(placeholders(ru), placeholders(en), key);
    for (const p of placeholders(en)) assert.ok(["module", "companion", "manifest"].includes(p), p);
  }
  assert.equal(manifestUrl("http://127.0.0.1:7770//"), "http://127.0.0.1:7770/foundry/module.json");
});
