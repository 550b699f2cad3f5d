/**
 * `npm run gallery`: the gallery's pictures the docs show (docs/gallery/*.png), taken in
 * Debian's Chromium from gallery/index.html. A representative set, to keep the docs small: the
 * browser tests (tests/browser/test_module_gallery.py) check every variant, saved or not.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { startChromium } from "../test/browser/chromium.mjs";
import { animatedPng } from "./apng.mjs";

const OUT = new URL("../../docs/gallery/", import.meta.url).pathname;

/** [query, [exhibit ids]]: cards are taken at the chat sidebar's width. */
const SHOTS = [
  [
    "lang=en&theme=light&names=short",
    [
      "kick",
      "kick-applied",
      "intercept",
      "tick",
      "contest",
      "hoop",
      "dribble",
      "advice",
      "autopilot",
      "inspection",
      "tipoff",
      "pass",
      "quick",
      "report",
      "roll-requests",
      "aoo-question",
      "menu",
      "arena-setup",
      "stats-yaotzin",
      "declaration",
      "declarations-autopilot",
      "autopilot-form",
      "score-yaotzin",
      "score-goatball",
      "court-kick",
      "court-dribble",
    ],
  ],
  ["lang=ru&theme=dark&names=short", ["kick", "pass", "report", "declarations", "score-goatball"]],
  ["lang=en&theme=dark&names=long", ["kick", "roll-requests"]],
  ["lang=ru&theme=light&names=long", ["contest", "declarations-autopilot"]],
];

const chrome = await startChromium();
try {
  mkdirSync(OUT, { recursive: true });
  for (const old of readdirSync(OUT).filter((f) => f.endsWith(".png"))) rmSync(join(OUT, old));
  for (const [query, ids] of SHOTS) {
    const page = await chrome.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${chrome.base}/gallery/index.html?${query}`);
    await page.waitForSelector("body[data-ready='1']", { timeout: 20000 });
    const { lang, theme, names } = Object.fromEntries(new URLSearchParams(query));
    for (const id of ids) {
      const exhibit = page.locator(`[data-exhibit="${id}"]`);
      const sidebar = exhibit.locator(".chat-log.sidebar");
      const target = (await sidebar.count()) ? sidebar : exhibit;
      const file = `${id}-${lang}-${theme}${names === "long" ? "-long" : ""}.png`;
      await target.screenshot({ path: join(OUT, file) });
    }
    await page.close();
  }
  // the kick, from the tool's preview to the applied card, as one animated PNG
  const page = await chrome.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${chrome.base}/gallery/index.html?lang=en&theme=dark&names=short`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 20000 });
  const frames = [];
  for (const step of [1, 2, 3])
    frames.push(await page.locator(`[data-exhibit="story-${step}"]`).screenshot());
  await page.close();
  writeFileSync(join(OUT, "kick-story-en-dark.png"), animatedPng(frames, [1800, 2600, 2600]));
  console.log(`gallery: ${readdirSync(OUT).length} pictures in docs/gallery/`);
} finally {
  await chrome.close();
}
