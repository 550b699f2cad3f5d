/**
 * What the overlay draws on the canvas: a kick's preview and its resolved line, in the user's
 * language.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { makeMapping } from "../../scripts/core/geometry.mjs";
import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import {
  PALETTE,
  kickCommands,
  localizedWords,
  overlayCommands,
  previewCommands,
} from "../../scripts/core/overlay.mjs";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), "utf8"));
const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8")),
    name,
  );
const m = makeMapping({ originX: 500, originY: 100, gridSize: 100 });

test("a preview draws the range ring, heat map, crossed squares, both lines and interceptor labels", () => {
  const preview = fixture("preview");
  const cmds = previewCommands(m, preview);
  const circle = cmds.find((c) => c.kind === "circle");
  assert.deepEqual([circle.x, circle.y, circle.r], [1550, 1350, 800]); // 40 ft = 8 squares
  const heat = cmds.filter((c) => c.kind === "rect" && c.fill === PALETTE.heat);
  assert.equal(heat.length, preview.odds.landing.length);
  const lines = cmds.filter((c) => c.kind === "line");
  assert.equal(lines.length, 2, "a kick along a row shows both corner choices");
  assert.equal(lines[1].dash, true);
  const labels = cmds.filter((c) => c.kind === "text").map((c) => c.text);
  assert.ok(labels.includes("DC 14 · 55%"), labels.join(" | "));
  assert.ok(labels.includes("40 ft · 35%"));
});

test("an out-of-range preview shows why instead of odds", () => {
  const preview = {
    ...fixture("preview"),
    in_range: false,
    target_ft: 100,
    overlay: { ...fixture("preview").overlay, in_range: false },
  };
  const cmds = previewCommands(m, preview);
  assert.ok(cmds.some((c) => c.kind === "text" && c.text === "100 ft > 40 ft"));
  assert.equal(cmds.filter((c) => c.kind === "rect" && c.fill === PALETTE.heat).length, 0);
});

test("canvas words come in the user's language", () => {
  const ru = localizedWords(lang("ru"));
  const labels = previewCommands(m, fixture("preview"), PALETTE, ru)
    .filter((c) => c.kind === "text")
    .map((c) => c.text);
  assert.ok(labels.includes("СЛ 14 · 55%"), labels.join(" | "));
  assert.ok(labels.includes("40 фт · 35%"));
  assert.ok(kickCommands(m, fixture("kick").overlay, PALETTE, ru).some((c) => c.text === "СЛ 15"));
});

test("a resolved kick draws its line corner to corner in pixels", () => {
  const kick = fixture("kick");
  const cmds = kickCommands(m, kick.overlay);
  const line = cmds.find((c) => c.kind === "line");
  assert.deepEqual(line.points, [
    { x: 500 + 1100, y: 100 + 1200 },
    { x: 500 + 2000, y: 100 + 1200 },
  ]);
  assert.equal(overlayCommands(m, kick).length, cmds.length);
  assert.ok(
    overlayCommands(m, fixture("tick")).some((c) => c.kind === "text" && c.text === "DC 5"),
  );
});
