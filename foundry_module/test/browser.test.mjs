/**
 * The overlay and card code in real headless Chromium (Debian's, never a downloaded one) with
 * PIXI 7, Foundry's renderer: a kick preview drawn on a canvas and a card in the chat column.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { after, before, test } from "node:test";

import { chromium } from "playwright-core";

const ROOT = new URL("../", import.meta.url).pathname;
const SHOTS = new URL("../../build/screenshots/", import.meta.url).pathname;
const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript",
  ".json": "application/json", ".css": "text/css", ".svg": "image/svg+xml" };
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--use-angle=swiftshader", "--enable-unsafe-swiftshader"];

let server;
let base;
let browser;

before(async () => {
  assert.ok(CHROMIUM, "Debian's chromium is not installed (scripts/test installs it)");
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(ROOT, path);
    if (!file.startsWith(ROOT) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(lang = "en", view = "court") {
  const page = await browser.newPage({ viewport: { width: 1000, height: 560 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${base}/test/browser/harness.html?lang=${lang}&view=${view}`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 15000 });
  assert.deepEqual(errors, []);
  return page;
}

test("a kick preview is drawn on a PIXI 7 canvas: heat map, lines, labels", async () => {
  const page = await open();
  const info = await page.evaluate(() => ({ texts: window.harness.texts, children: window.harness.children,
    kinds: window.harness.commands.map((c) => c.kind), renderer: window.harness.renderer }));
  assert.ok(info.texts.includes("40 ft · 35%"), info.texts.join(" | "));
  assert.ok(info.texts.includes("DC 14 · 55%"));
  assert.equal(info.children, 1 + info.kinds.filter((k) => k === "text").length);
  // the target square (18, 12) is tinted by the heat map: its pixel is not the bare field colour
  const field = await page.evaluate(() => window.harness.pixel(2, 2));
  const target = await page.evaluate(() => window.harness.pixel((18 - 6) * 40 + 20, (12 - 6) * 40 + 30));
  assert.notDeepEqual(target, field);
  assert.ok(target[2] > field[2], `the heat map is blue: ${target} vs ${field}`);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, "kick-preview.png") });
  await page.close();
});

test("the kick card renders with its buttons, in English and in Russian", async () => {
  for (const [lang, title, apply] of [["en", "Ixpoetchitl kicks at (18, 12)", "Apply"],
    ["ru", "Ixpoetchitl бьёт в (18, 12)", "Применить"]]) {
    const page = await open(lang);
    assert.equal(await page.textContent("#chat .ballcourt-title"), title);
    const buttons = await page.$$eval("#chat button", (bs) => bs.map((b) => [b.type, b.textContent]));
    assert.deepEqual(buttons[0], ["button", apply]);
    assert.equal(buttons.length, 2);
    await page.close();
  }
});

test("a goat-ball arena and a pass card: platforms, heat, the carrier ringed", async () => {
  const page = await open("en", "arena");
  const info = await page.evaluate(() => ({ texts: window.harness.texts, platforms: window.harness.arena.platforms }));
  assert.equal(info.platforms.length, 12);
  assert.ok(info.texts.includes("2/4"));
  for (const p of info.platforms) assert.ok(info.texts.includes(p.id));
  const p2 = info.platforms.find((p) => p.id === "P2");
  const ring = await page.evaluate(([x, y]) => window.harness.pixel(x, y), [Math.round((p2.x + p2.radius * 1.35) / 4) - 1,
    Math.round(p2.y / 4)]);
  assert.ok(ring[1] > ring[0], `the carrier's ring is green: ${ring}`);
  assert.equal(await page.textContent("#chat .ballcourt-title"), "Pass: red has the ball");
  const lines = await page.$$eval("#chat .ballcourt-line", (ps) => ps.map((p) => p.textContent));
  assert.ok(lines.includes("Intercepted! blue takes the ball."), lines.join(" | "));
  assert.ok(lines.includes("b2 is back in the game."));
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, "goatball-arena.png") });
  await page.close();
});
