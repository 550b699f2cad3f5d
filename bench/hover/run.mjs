/**
 * Hover-to-drawn through the module's shipped kick tool: real pointer moves in real Chromium
 * (Debian's, through playwright-core) over a 24-player court, the module's own code on the
 * Foundry doubles' game and scene with PIXI 7's real stage (page.mjs), and a real companion.
 * Each hover is split into: the event to the tool's handler, the handler to the preview's send,
 * the round trip (send to answer), the answer to the overlay drawn (the link, LatestWins, the
 * overlay's commands and PIXI objects), and the drawing to the pixels (the wait for the next
 * frame, then render and a one-pixel readPixels, so the GPU has finished). Prints the renderer
 * that drew: SwiftShader (software) or a GPU.
 *
 *     (cd foundry_module && npm ci)      # once: pixi.js, socket.io-client, playwright-core, linkedom
 *     node bench/hover/run.mjs [--n 400] [--python .venv/bin/python] [--no-antialias] [--angle swiftshader]
 *
 * `--angle` picks Chromium's ANGLE backend (swiftshader forces software; unset, Chromium picks,
 * falling back to SwiftShader without a GPU). Not a test: the figures go in docs/benchmarks.md.
 * The goal: the overlay on the frame after the move's, on a machine with a GPU (docs/benchmarks.md).
 */
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { createRequire } from "node:module";

const ROOT = new URL("../../", import.meta.url).pathname;
const MODULE = join(ROOT, "foundry_module");
const HERE = join(ROOT, "bench/hover");
const require = createRequire(join(MODULE, "package.json"));
const { chromium } = require("playwright-core");

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const N = Number(arg("n", "400"));
const ANTIALIAS = !process.argv.includes("--no-antialias");
const ANGLE = arg("angle", null);
const PYTHON = arg("python", existsSync(join(ROOT, ".venv/bin/python")) ? join(ROOT, ".venv/bin/python") : "python3");
const TOKEN = "bench-token-0123456789";
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
const ARGS = ["--headless", "--no-sandbox", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--enable-unsafe-swiftshader", ...(ANGLE ? [`--use-angle=${ANGLE}`] : [])];
// cross-origin isolated, so performance.now() counts in microseconds rather than 0.1 ms steps
const ISOLATED = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };
const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript",
  ".json": "application/json" };

const scenario = JSON.parse(execFileSync(PYTHON, ["-c",
  "import json, sys; sys.path.insert(0, '.'); from bench.scenario import kick_body; print(json.dumps(kick_body(24)))"],
  { cwd: ROOT }).toString());
delete scenario.target;

// the page and the module's files (its code, doubles, lang files), from one static server, read-only
const pages = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (path === "/bench/scenario.json") {
    res.writeHead(200, { "Content-Type": "application/json", ...ISOLATED }).end(JSON.stringify(scenario));
    return;
  }
  const file = path.startsWith("/module/") ? join(MODULE, path.slice(8))
    : path.startsWith("/bench/hover/") ? join(HERE, path.slice(13)) : null;
  if (!file || !file.startsWith(ROOT) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", ...ISOLATED });
  res.end(readFileSync(file));
});
await new Promise((r) => pages.listen(0, "127.0.0.1", r));
const pagesUrl = `http://127.0.0.1:${pages.address().port}`;

const freePort = () => new Promise((resolve) => {
  const s = createServer();
  s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
});
const port = await freePort();
const companionUrl = `http://127.0.0.1:${port}`;
const companion = spawn(PYTHON, ["-m", "companion.cli", "serve", "--port", String(port),
  "--data-dir", mkdtempSync(join(tmpdir(), "ballcourt-hover-")), "--allow-origin", pagesUrl],
{ cwd: ROOT, env: { ...process.env, BALLCOURT_TOKEN: TOKEN }, stdio: "ignore" });
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${companionUrl}/api/v1/health`)).ok) break;
  } catch { /* not up yet */ }
  if (i > 200) throw new Error("the companion did not start");
  await new Promise((r) => setTimeout(r, 100));
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p99: at(0.99), max: s[s.length - 1] };
};
const ms = (x) => `${x.toFixed(2)} ms`.padStart(10);
const row = (label, xs, note = "") => {
  const { median, p99, max } = stats(xs);
  console.log(`  ${label.padEnd(22)} median ${ms(median)}  p99 ${ms(p99)}  max ${ms(max)}${note ? `   ${note}` : ""}`);
};

const load = loadavg().map((x) => x.toFixed(2)).join(" ");
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1500, height: 520 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.stack ?? String(e)));
  await page.goto(`${pagesUrl}/bench/hover/hover.html?companion=${encodeURIComponent(companionUrl)}&token=${TOKEN}&antialias=${ANTIALIAS ? 1 : 0}`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 30000 }).catch((err) => {
    throw new Error(errors.join("\n") || err.message);
  });
  const renderer = await page.evaluate(() => window.bench.renderer);
  // squares within kicking range of the kicker at (30, 12), in a fixed pseudo-random order
  let seed = 7;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const warm = 30;
  let last = "";
  for (let i = 0; i < N + warm; i += 1) {
    const x = 22 + rand(20), y = 4 + rand(16);
    if (`${x},${y}` === last) { i -= 1; continue; }      // the same square previews nothing new
    last = `${x},${y}`;
    await page.mouse.move(x * 20 + 10, y * 20 + 10);
    await page.evaluate((count) => window.bench.drawnMore(count), i);
  }
  if (errors.length) throw new Error(errors.join("\n"));
  const samples = (await page.evaluate(() => window.bench.samples)).slice(warm);
  const echo = (await page.evaluate((n) => window.bench.echo(n), 200)).slice(20);
  const failed = samples.filter((s) => s.status !== "ok").length;
  const kind = /swiftshader/i.test(renderer) ? "SwiftShader, software" : "GPU";
  console.log(`hover-to-drawn through the kick tool, ${samples.length} moves, 24-player court, Chromium ${browser.version()},` +
    ` antialias ${ANTIALIAS ? "on" : "off"}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), load ${load}` +
    `${failed ? `, ${failed} previews failed` : ""}`);
  console.log(`  renderer: ${renderer} (${kind})`);
  const part = (from, to) => samples.map((s) => s[to] - s[from]);
  row("event -> handler", part("event", "handler"), "(the browser and PIXI's event system)");
  row("  of which browser", part("event", "dispatched"), "(the event's timestamp to its dispatch)");
  row("  of which PIXI", part("dispatched", "handler"), "(PIXI's event system to the tool's handler)");
  row("handler -> send", part("handler", "sent"), "(the court's reading, the request, LatestWins)");
  row("round trip", part("sent", "answered"), "(Socket.IO to the companion and back)");
  row("answer -> drawn", part("answered", "drawn"), "(the link, the overlay's commands, PIXI objects)");
  row("drawn -> pixels", part("drawn", "pixels"), "(the next frame, render, GPU done)");
  row("  of which frame wait", part("drawn", "frame"));
  row("  of which render", part("frame", "pixels"), "(render + readPixels)");
  row("dispatch -> send", part("dispatched", "sent"), "(goal: under 1 ms when idle)");
  row("event -> send", part("event", "sent"), "(with the browser's wait for a frame)");
  row("dispatch -> drawn", part("dispatched", "drawn"), "(the page's share: in before the next frame?)");
  row("whole", part("event", "pixels"), "(the event's timestamp to the pixels)");
  row("echo floor", echo, "(the same body through /echo on the page's socket)");
  // a move is dispatched at the start of a frame; its overlay can be on the next one if the
  // answer is drawn within ~14 ms and the render takes the frame's last couple (docs/benchmarks.md)
  const share = stats(part("dispatched", "drawn")).p99;
  const render = stats(part("frame", "pixels")).p99;
  console.log(`  one-frame goal: dispatch -> drawn p99 ${share.toFixed(1)} ms (${share < 14 ? "" : "not "}under 14 ms),` +
    ` render p99 ${render.toFixed(1)} ms (${render < 2 ? "" : "not "}under 2 ms)` +
    `${kind === "GPU" ? "" : "; on SwiftShader: only a GPU run answers it"}`);
} finally {
  await browser.close();
  companion.kill("SIGTERM");
  pages.close();
}
