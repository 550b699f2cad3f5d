/**
 * Real headless Chromium (Debian's, never a downloaded one) over a static server of the module's
 * own files, for the browser tests: `const chrome = useChromium()` at a test file's top, then
 * pages at `${chrome.base}/test/browser/...` (startChromium alone: the gallery's npm run gallery).
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { after, before } from "node:test";

import { chromium } from "playwright-core";

const ROOT = new URL("../../", import.meta.url).pathname;
/** Where screenshots go (docs/screenshots keeps a copy of the ones the docs show). */
export const SHOTS = new URL("../../../build/screenshots/", import.meta.url).pathname;
const TYPES = {
  ".html": "text/html",
  ".mjs": "text/javascript",
  ".js": "text/javascript",
  ".json": "application/json",
  ".css": "text/css",
  ".svg": "image/svg+xml",
};
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
// without the background-networking flags Chromium keeps dialling out of this closed network
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

export async function startChromium() {
  assert.ok(CHROMIUM, "Debian's chromium is not installed (scripts/test installs it)");
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    const file = join(ROOT, path);
    if (!file.startsWith(ROOT) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** Chromium for one test file: started before its tests and closed after them; `base` and
 * `browser` are on the returned object once it has started. */
export function useChromium() {
  const chrome = {};
  before(async () => {
    Object.assign(chrome, await startChromium());
  });
  after(async () => {
    await chrome.close?.();
  });
  return chrome;
}
