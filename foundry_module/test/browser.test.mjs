/**
 * The overlay and card code in real headless Chromium (Debian's, never a downloaded one) with
 * PIXI 7, Foundry's renderer: a kick preview drawn on a canvas and a card in the chat column.
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { SHOTS, useChromium } from "./browser/chromium.mjs";

const chrome = useChromium();

async function open(
  lang = "en",
  view = "court",
  { page: file = "harness", width = 1000, height = 560 } = {},
) {
  const page = await chrome.browser.newPage({ viewport: { width, height } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${chrome.base}/test/browser/${file}.html?lang=${lang}&view=${view}`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 15000 });
  assert.deepEqual(errors, []);
  return page;
}

test("a kick preview is drawn on a PIXI 7 canvas: heat map, lines, labels", async () => {
  const page = await open();
  const info = await page.evaluate(() => ({
    texts: window.harness.texts,
    children: window.harness.children,
    kinds: window.harness.commands.map((c) => c.kind),
    renderer: window.harness.renderer,
  }));
  assert.ok(info.texts.includes("40 ft · 35%"), info.texts.join(" | "));
  assert.ok(info.texts.includes("DC 14 · 55%"));
  assert.equal(info.children, 1 + info.kinds.filter((k) => k === "text").length);
  // the target square (18, 12) is tinted by the heat map: its pixel is not the bare field colour
  const field = await page.evaluate(() => window.harness.pixel(2, 2));
  const target = await page.evaluate(() =>
    window.harness.pixel((18 - 6) * 40 + 20, (12 - 6) * 40 + 30),
  );
  assert.notDeepEqual(target, field);
  assert.ok(target[2] > field[2], `the heat map is blue: ${target} vs ${field}`);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, "kick-preview.png") });
  await page.close();
});

test("the kick card renders with its buttons, in English and in Russian", async () => {
  for (const [lang, title, apply] of [
    ["en", "Ixpoetchitl kicks at (18, 12)", "Apply"],
    ["ru", "Ixpoetchitl бьёт в (18, 12)", "Применить"],
  ]) {
    const page = await open(lang);
    assert.equal(await page.textContent("#chat .ballcourt-title"), title);
    const buttons = await page.$$eval("#chat button", (bs) =>
      bs.map((b) => [b.type, b.textContent]),
    );
    assert.deepEqual(buttons[0], ["button", apply]);
    assert.equal(buttons.length, 2);
    await page.close();
  }
});

test("a goat-ball arena and a pass card: platforms, heat, the carrier ringed", async () => {
  const page = await open("en", "arena");
  const info = await page.evaluate(() => ({
    texts: window.harness.texts,
    platforms: window.harness.arena.platforms,
  }));
  assert.equal(info.platforms.length, 12);
  assert.ok(info.texts.includes("2/4"));
  for (const p of info.platforms) assert.ok(info.texts.includes(p.id));
  const p2 = info.platforms.find((p) => p.id === "P2");
  const ring = await page.evaluate(
    ([x, y]) => window.harness.pixel(x, y),
    [Math.round((p2.x + p2.radius * 1.35) / 4) - 1, Math.round(p2.y / 4)],
  );
  assert.ok(ring[1] > ring[0], `the carrier's ring is green: ${ring}`);
  assert.equal(await page.textContent("#chat .ballcourt-title"), "Pass: red has the ball");
  const lines = await page.$$eval("#chat .ballcourt-line", (ps) => ps.map((p) => p.textContent));
  assert.ok(lines.includes("Intercepted! blue takes the ball."), lines.join(" | "));
  assert.ok(lines.includes("b2 is back in the game."));
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, "goatball-arena.png") });
  await page.close();
});

/** The table's HTML views (test/browser/table.html): the same functions the glue renders them with. */
const table = (lang, view, size = {}) =>
  open(lang, view, { page: "table", width: 720, height: 480, ...size });

async function shoot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), fullPage: true });
}

test("the kick palette beside a running kick's card with Power Attack 1 and its tries-to-intercept button", async () => {
  const page = await table("en", "kick", { height: 330 });
  const palette = await page.$$eval("#ballcourt-kick-palette button", (bs) =>
    bs.map((b) => ({
      type: b.type,
      text: b.textContent,
      action: b.dataset.ballcourtPalette,
      pressed: b.getAttribute("aria-pressed"),
      disabled: b.disabled,
    })),
  );
  assert.ok(palette.every((b) => b.type === "button"));
  const by = Object.fromEntries(palette.map((b) => [b.action, b]));
  assert.equal(by.running.pressed, "true");
  assert.equal(by.running.text, "Running");
  assert.equal(by.standing.pressed, "false");
  assert.equal(await page.textContent("#ballcourt-kick-palette output"), "1");
  assert.equal(by["pa-down"].disabled, false);
  assert.equal(by["pa-up"].disabled, false);
  assert.deepEqual([by.hoop.text, by.contest.text], ["Hoop", "Contest"]);
  assert.equal(await page.textContent(".chat .ballcourt-title"), "Ixpoetchitl kicks at (18, 12)");
  const breakdown = await page.$$eval(".chat .ballcourt-breakdown li", (ls) =>
    ls.map((l) => l.textContent),
  );
  assert.ok(breakdown.includes("Power Attack-1"), breakdown.join(" | "));
  const buttons = await page.$$eval(".chat button", (bs) => bs.map((b) => [b.type, b.textContent]));
  assert.deepEqual(buttons, [
    ["button", "Apply"],
    ["button", "Yolteotl tries to intercept"],
  ]);
  // beside, not over: the palette ends left of the card
  const [p, c] = await Promise.all(
    ["#ballcourt-kick-palette", ".chat"].map((s) =>
      page.$eval(s, (e) => e.getBoundingClientRect().toJSON()),
    ),
  );
  assert.ok(p.right <= c.left, `${p.right} > ${c.left}`);
  await shoot(page, "kick-palette-card.png");
  await page.close();
});

test("the goat-ball pass card lists every check with its player, skill and advantage, in English and in Russian", async () => {
  const expected = {
    en: [
      "Nochtli tries a knock-off (Athletics): 17.",
      "Xochitl holds (Acrobatics, with advantage): 11.",
      "Nochtli knocks Xochitl off (17 against 11).",
      "Citlali throws (Athletics): 16, margin 11.",
      "Yaretzi intercepts (Acrobatics, with advantage): 9, margin 4.",
      "Citlali makes a hot throw (Acrobatics, with advantage): 15.",
      "Mixtli dodges (Acrobatics): 9.",
      "Mixtli is knocked out by the hot ball.",
    ],
    ru: [
      "Nochtli пытается выбить (Атлетика): 17.",
      "Xochitl держится (Акробатика, с преимуществом): 11.",
      "Citlali бросает горячий мяч (Акробатика, с преимуществом): 15.",
      "Mixtli уклоняется (Акробатика): 9.",
    ],
  };
  for (const lang of ["en", "ru"]) {
    const page = await table(lang, "pass", { width: 360, height: 420 });
    const lines = await page.$$eval(".chat .ballcourt-line", (ps) => ps.map((p) => p.textContent));
    for (const line of expected[lang])
      assert.ok(lines.includes(line), `${lang}: ${line}\n${lines.join("\n")}`);
    // no code value leaks through untranslated
    assert.ok(
      lines.every((l) => !/knock_off|hot_throw|athletics|acrobatics|\bhold\b|\bdodge\b/.test(l)),
      lines.join(" | "),
    );
    const buttons = await page.$$eval(".chat button", (bs) =>
      bs.map((b) => [b.type, b.dataset.ballcourtAction]),
    );
    assert.deepEqual(buttons, [
      ["button", "apply"],
      ["button", "carrier:r1"],
      ["button", "carrier:r2"],
    ]);
    await shoot(page, `goatball-pass-card-${lang}.png`);
    await page.close();
  }
});

test("the GM's Declarations window with the autopilot's proposals: reasons, a change, Resolve (en and ru)", async () => {
  for (const lang of ["en", "ru"]) {
    const page = await table(lang, "autopilot", { height: 360 });
    const rows = await page.$$eval("#declarations li", (ls) =>
      ls.map((l) => [
        l.dataset.player,
        Boolean(l.querySelector(".fa-robot")),
        l.querySelector(".reason")?.textContent ?? null,
        l.querySelector("button")?.dataset.action ?? null,
      ]),
    );
    const reasons = lang === "en" ? ["changed by the GM"] : ["изменено ведущим"];
    assert.deepEqual(rows, [
      ["r3", false, null, null],
      ["b2", true, "knocks off Xochitl: weakest defender in the carrier's zone", "change"],
      ["r2", false, null, null],
      ["b1", true, "covers the throw: best Acrobatics left", "change"],
      ["r1", true, "passes to Tlaloc: an unvisited platform", "change"],
      ["b3", true, reasons[0], "change"],
    ]);
    const buttons = await page.$$eval("#declarations footer button", (bs) =>
      bs.map((b) => [b.type, b.dataset.action]),
    );
    assert.deepEqual(buttons, [
      ["button", "resolve"],
      ["button", "cancel"],
    ]);
    await shoot(page, `goatball-autopilot-${lang}.png`);
    await page.close();
  }
});

test("the GM's Declarations window and Roll requests: who declared, the sealed slip, who rolled", async () => {
  const page = await table("en", "gm", { height: 300 });
  const rows = await page.$$eval("#declarations li", (ls) =>
    ls.map((l) => [
      l.dataset.player,
      l.className.split(" ").pop(),
      Boolean(l.querySelector(".fa-lock")),
      l.textContent.replace(/\s+/g, " ").trim(),
    ]),
  );
  assert.deepEqual(
    rows.map((r) => r.slice(0, 3)),
    [
      ["r3", "declared", false],
      ["b2", "declared", false],
      ["r2", "declared", false],
      ["b1", "declared", false],
      ["r1", "asking", true],
      ["b3", "pending", false],
    ],
  );
  assert.equal(rows[1][3], "Nochtli declared Knock-off → Xochitl");
  assert.equal(rows[4][3], "Citlali declaring now…");
  assert.equal(await page.textContent("#declarations p"), "4 of 6 have declared.");
  const requests = await page.$$eval("#ballcourt-roll-requests li", (ls) =>
    ls.map((l) => [l.dataset.state, l.textContent]),
  );
  assert.deepEqual(requests, [
    ["rolled", "Nochtli · Bob · Athletics check: rolled 17 (Bob)"],
    ["pending", "Xochitl · Alice · Acrobatics check (advantage): waiting Roll for them"],
    ["pending", "Citlali · Alice · Athletics check: waiting Roll for them"],
  ]);
  const buttons = await page.$$eval("body button", (bs) => bs.map((b) => [b.type, b.textContent]));
  assert.deepEqual(buttons, [
    ["button", "Cancel the pass"],
    ["button", "Roll for them"],
    ["button", "Roll for them"],
    ["button", "Cancel the checks"],
  ]);
  await shoot(page, "goatball-gm-views.png");
  await page.close();
});

test("the shot planner's marks beside the kick preview: rank, chance and expected damage on each square (en and ru)", async () => {
  // the companion's five best squares for the preview's kicker (test/fixtures/suggest.json),
  // best first; the damage is Yolteotl's, on the flight's line at (13, 12)
  const expected = {
    en: [
      "#1 14% · 1.2 nl",
      "#2 10% · 1.2 nl",
      "#3 10% · 1.2 nl",
      "#4 5% · 1.2 nl",
      "#5 5% · 1.2 nl",
    ],
    ru: [
      "#1 14% · 1.2 несм.",
      "#2 10% · 1.2 несм.",
      "#3 10% · 1.2 несм.",
      "#4 5% · 1.2 несм.",
      "#5 5% · 1.2 несм.",
    ],
  };
  const px = (sq, dx, dy) => [(sq.x - 6) * 40 + dx, (sq.y - 6) * 40 + dy];
  for (const lang of ["en", "ru"]) {
    const page = await open(lang, "planner");
    const info = await page.evaluate(() => ({
      planner: window.harness.planner,
      texts: window.harness.texts,
    }));
    const { suggestion, texts, above } = info.planner;
    assert.deepEqual(
      suggestion.squares.map((s) => [s.x, s.y]),
      [
        [18, 12],
        [18, 11],
        [18, 13],
        [17, 12],
        [17, 11],
      ],
    );
    // each square's rank at its centre, then the legend, best first, above the marks (row 11's top
    // is at 200 px) and clear of them
    const ranks = texts.slice(0, 5);
    const legend = texts.slice(5);
    assert.deepEqual(
      ranks.map((t) => t.text),
      ["#1", "#2", "#3", "#4", "#5"],
    );
    assert.deepEqual(
      ranks.map((t) => [t.x, t.y]),
      suggestion.squares.map((s) => [(s.x - 6) * 40 + 20, (s.y - 6) * 40 + 20]),
    );
    assert.deepEqual(
      legend.map((t) => t.text),
      expected[lang],
    );
    assert.ok(
      legend.every((t, i) => t.y + 8 < 200 && (i === 0 || t.y - legend[i - 1].y >= 14)),
      legend.map((t) => t.y).join(" "),
    );
    // the preview is still drawn (in the reader's language too), under the marks
    assert.ok(
      info.texts.includes(lang === "en" ? "40 ft · 35%" : "40 фт · 35%"),
      info.texts.join(" | "),
    );
    assert.ok(above);
    // the marked squares are tinted the planner's violet (more red than green); the preview's
    // blue heat beside them is not
    for (const s of suggestion.squares) {
      const [r, g, b] = await page.evaluate(([x, y]) => window.harness.pixel(x, y), px(s, 6, 34));
      assert.ok(r > g && b > g, `${lang}: (${s.x}, ${s.y}) is violet: ${[r, g, b]}`);
    }
    const heat = await page.evaluate(
      ([x, y]) => window.harness.pixel(x, y),
      px({ x: 16, y: 12 }, 6, 34),
    );
    assert.ok(heat[0] < heat[1], `(16, 12) is not marked: ${heat}`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({
      path: join(SHOTS, lang === "en" ? "kick-planner.png" : "kick-planner-ru.png"),
    });
    await page.close();
  }
});

test("the Yaotzin autopilot's ghost on a PIXI 7 canvas and its GM card, in English and in Russian", async () => {
  for (const [lang, label, accept] of [
    ["en", "Disarms Ixpoetchitl", "Accept"],
    ["ru", "Обезоруживает Ixpoetchitl", "Принять"],
  ]) {
    const page = await open(lang, "autopilot");
    const info = await page.evaluate(() => ({
      texts: window.harness.texts,
      kinds: window.harness.commands.map((c) => c.kind),
    }));
    assert.deepEqual(info.texts, [label]);
    assert.deepEqual([...new Set(info.kinds)], ["rect", "line", "circle", "text"]);
    // a square he walks, (12, 12), is tinted the ghost's pale blue (0x8fd3ff: the layer's own
    // pixels, unpremultiplied, so its red and green); his own square (13, 12) is left bare
    const at = (sq, dx, dy) =>
      page.evaluate(
        ([x, y]) => window.harness.pixel(x, y),
        [(sq.x - 6) * 40 + dx, (sq.y - 6) * 40 + dy],
      );
    const walked = await at({ x: 12, y: 12 }, 8, 30);
    assert.ok(
      Math.abs(walked[0] - 0x8f) < 16 && Math.abs(walked[1] - 0xd3) < 16,
      `the ghost's colour: ${walked}`,
    );
    assert.deepEqual(
      await at({ x: 13, y: 12 }, 30, 8),
      [0, 0, 0],
      "nothing drawn on his own square",
    );
    const buttons = await page.$$eval("#chat button", (bs) => bs.map((b) => b.textContent));
    assert.equal(buttons[0], accept);
    assert.equal(buttons.length, 2, "Accept and Decline");
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `yaotzin-autopilot-${lang}.png`) });
    await page.close();
  }
});
