import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { renderCard, rollData } from "../scripts/core/cards.mjs";
import { makeMapping } from "../scripts/core/geometry.mjs";
import { makeLocalizer } from "../scripts/core/i18n.mjs";
import {
  PALETTE,
  kickCommands,
  localizedWords,
  overlayCommands,
  previewCommands,
} from "../scripts/core/overlay.mjs";
import { renderBoard } from "../scripts/core/scoreboard.mjs";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../lang/${name}.json`, import.meta.url), "utf8")),
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

test("cards render in English and Russian from the same data, with type=button buttons", () => {
  const card = fixture("kick").chat_card;
  const en = renderCard(card, lang("en"));
  assert.match(en, /Ixpoetchitl kicks at \(18, 12\)/);
  assert.match(en, /Yolteotl may intercept at \(13, 12\): Reflex DC 15\./);
  assert.equal([...en.matchAll(/<button /g)].length, 2);
  assert.equal([...en.matchAll(/<button type="button"/g)].length, 2);
  const ru = renderCard(card, lang("ru"));
  assert.match(ru, /Ixpoetchitl бьёт в \(18, 12\)/);
  assert.match(ru, /Применить/);
});

test("card state: applied disables Apply and offers Undo; used actions are disabled", () => {
  const card = fixture("kick").chat_card;
  const applied = renderCard(card, lang("en"), {
    applied: true,
    resolved: new Set(["intercept:yo"]),
  });
  assert.match(applied, /data-ballcourt-action="apply" disabled/);
  assert.match(applied, /data-ballcourt-action="intercept:yo" disabled/);
  assert.match(applied, /data-ballcourt-action="undo"/);
  const undone = renderCard(card, lang("en"), { applied: true, undone: true });
  assert.doesNotMatch(undone, /data-ballcourt-action="undo"/);
  assert.match(undone, /data-ballcourt-action="apply">/);
});

test("a rolling ball: each player tries once per ball action; once he has, his other squares are gone", () => {
  const card = fixture("tick").chat_card;
  const stops = card.actions.filter((a) => a.id.startsWith("stop:"));
  assert.ok(
    stops.length >= 2 && stops.every((a) => a.once === `stop:${a.payload.player}`),
    JSON.stringify(stops),
  );
  const fresh = renderCard(card, lang("en"));
  for (const a of stops) assert.match(fresh, new RegExp(`data-ballcourt-action="${a.id}">`));
  const tried = renderCard(card, lang("en"), { resolved: new Set([stops[1].id]) });
  assert.match(tried, new RegExp(`data-ballcourt-action="${stops[1].id}" disabled`));
  for (const a of stops.filter((x) => x.once === stops[1].once && x.id !== stops[1].id)) {
    assert.doesNotMatch(tried, new RegExp(`data-ballcourt-action="${a.id}"`));
  }
});

test("text from a card is escaped", () => {
  const card = {
    kind: "x",
    title: {
      key: "BALLCOURT.Card.Intercept.Title",
      data: { player: "<img src=x onerror=alert(1)>" },
    },
    lines: [],
    rolls: [],
    actions: [],
  };
  assert.doesNotMatch(renderCard(card, lang("en")), /<img/);
});

test("companion rolls become Roll data with faces and modifiers", () => {
  const [attack, , corner] = rollData(fixture("kick").rolls);
  assert.deepEqual(
    [attack.count, attack.sides, attack.faces, attack.modifier, attack.total],
    [1, 20, [9], -9, 0],
  );
  assert.equal(corner.sides, 2);
  const [, damage] = rollData(fixture("intercept").rolls);
  assert.deepEqual([damage.count, damage.sides, damage.faces, damage.total], [3, 3, [1, 2, 3], 6]);
  const adv = rollData([
    { name: "c", formula: "2d20kh1+2", natural: [3, 15], kept: 15, total: 17 },
  ])[0];
  assert.equal(adv.modifier, 2);
});

test("the score panel shows the score, the clock and the winner", () => {
  const state = {
    game: "yaotzin",
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
    score: { sun: 3, moon: 9 },
    round: 41,
    settings: { round_limit: 100 },
    status: "over",
    winner: "moon",
    seq: 12,
  };
  const html = renderBoard(state, lang("en"), [{ type: "goal", team: "moon" }, { type: "round" }]);
  assert.match(html, /Round 41 of 100/);
  assert.match(html, /moon wins the match!/);
  assert.match(html, /<li>A new round<\/li><li>Goal<\/li>/);
  const goat = renderBoard(
    {
      game: "goatball",
      teams: fixture("pass").arena.teams,
      possession: fixture("pass").possession,
      status: "playing",
      seq: 1,
    },
    lang("en"),
  );
  assert.match(goat, /blue has the ball/);
});
