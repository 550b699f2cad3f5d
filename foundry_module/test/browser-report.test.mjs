/**
 * The match report card in real headless Chromium (Debian's), in the chat column's width, in
 * English and Russian: every figure in its cell, nothing running off the side; photographed
 * into build/screenshots (docs/screenshots keeps a copy).
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { SHOTS, useChromium } from "./browser/chromium.mjs";

const chrome = useChromium();

const EXPECTED = {
  en: {
    title: "Match report: Yaotzin — Final",
    summary: "In play · Round 1 · Events: 9",
    goals: "G",
  },
  ru: {
    title: "Отчёт о матче: Яоцин — Final",
    summary: "Идёт игра · Раунд 1 · Событий: 9",
    goals: "Г",
  },
};

for (const lang of ["en", "ru"]) {
  test(`the match report card in the chat column (${lang})`, async () => {
    const page = await chrome.browser.newPage({ viewport: { width: 340, height: 400 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${chrome.base}/test/browser/report.html?lang=${lang}`);
    await page.waitForSelector("body[data-ready='1']", { timeout: 15000 });
    assert.deepEqual(errors, []);
    const want = EXPECTED[lang];
    assert.equal(await page.textContent(".ballcourt-title"), want.title);
    assert.equal(await page.textContent(".ballcourt-report .ballcourt-line"), want.summary);
    const tal = await page.$$eval('tr[data-player="s1"] > *', (cs) => cs.map((c) => c.textContent));
    // goals, kicks, interceptions, stops, passes thrown and caught, dribbles, contests won,
    // knocked out, nonlethal
    assert.deepEqual(tal, ["Tal", "0", "1", "0", "0", "1", "0", "0", "0", "1", "4"]);
    const sun = await page.$$eval('tr[data-team="sun"] > *', (cs) => cs.map((c) => c.textContent));
    assert.deepEqual(sun, ["sun", "1", "67%", "1", "2", "1"]);
    assert.equal(
      await page.textContent('.ballcourt-report-players th[data-field="goals"]'),
      want.goals,
    );
    const fits = await page.$eval(".chat", (c) => c.scrollWidth <= c.clientWidth);
    assert.ok(fits, "the card runs off the chat column");
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `report-card-${lang}.png`), fullPage: true });
    await page.close();
  });
}
