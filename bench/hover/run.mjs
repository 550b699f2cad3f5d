/**
 * Hover-to-drawn: from a pointer move over a square to the kick preview's overlay drawn, in
 * real Chromium (Debian's, through playwright-core) with PIXI 7 and a real companion, on a
 * 24-player court. Prints the median and p99 of the whole, of the companion's share (the
 * Socket.IO `call` to /yaotzin/kick/preview, from the event to the answer) and of the
 * drawing's share (overlay commands, PIXI draw, render, GPU done), and the echo floor.
 *
 *     (cd foundry_module && npm ci)      # once: pixi.js, socket.io-client, playwright-core
 *     node bench/hover/run.mjs [--n 400] [--python .venv/bin/python] [--no-antialias]
 *
 * Not a test: the figures go in docs/benchmarks.md. The target is p99 under 16 ms (a frame).
 */
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { createRequire } from "node:module";

const ROOT = new URL("../../", import.meta.url).pathname;
const MODULE = join(ROOT, "foundry_module");
const require = createRequire(join(MODULE, "package.json"));
const { chromium } = require("playwright-core");

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const N = Number(arg("n", "400"));
const ANTIALIAS = !process.argv.includes("--no-antialias");
const PYTHON = arg("python", existsSync(join(ROOT, ".venv/bin/python")) ? join(ROOT, ".venv/bin/python") : "python3");
const TOKEN = "bench-token-0123456789";
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
const ARGS = ["--headless", "--no-sandbox", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--use-angle=swiftshader", "--enable-unsafe-swiftshader"];
const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript",
  ".json": "application/json" };

const scenario = JSON.parse(execFileSync(PYTHON, ["-c",
  "import json, sys; sys.path.insert(0, '.'); from bench.scenario import kick_body; print(json.dumps(kick_body(24)))"],
  { cwd: ROOT }).toString());
delete scenario.target;

// the page and the module's files, from one static server (the module read-only)
const pages = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (path === "/bench/scenario.json") {
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(scenario));
    return;
  }
  const file = path.startsWith("/module/") ? join(MODULE, path.slice(8))
    : path === "/bench/hover.html" ? join(ROOT, "bench/hover/hover.html") : null;
  if (!file || !file.startsWith(ROOT) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
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
const ms = (x) => `${x.toFixed(2)} ms`;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1500, height: 520 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${pagesUrl}/bench/hover.html?companion=${encodeURIComponent(companionUrl)}&token=${TOKEN}&antialias=${ANTIALIAS ? 1 : 0}`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 30000 });
  if (errors.length) throw new Error(errors.join("\n"));
  const renderer = await page.evaluate(() => window.bench.renderer);
  // squares within kicking range of the kicker at (30, 12), in a fixed pseudo-random order
  let seed = 7;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const warm = 30;
  let last = "";
  for (let i = 0; i < N + warm; i += 1) {
    const x = 22 + rand(20), y = 4 + rand(16);
    if (`${x},${y}` === last) { i -= 1; continue; }      // the same point fires no pointermove
    last = `${x},${y}`;
    await page.mouse.move(x * 20 + 10, y * 20 + 10);
    await page.evaluate((count) => window.bench.drawnMore(count), i);
  }
  const samples = (await page.evaluate(() => window.bench.samples)).slice(warm);
  const echo = await page.evaluate((n) => window.bench.echo(n), 200);
  const bad = samples.filter((s) => s.status !== 200).length;
  const total = stats(samples.map((s) => s.total));
  const comp = stats(samples.map((s) => s.companion));
  const draw = stats(samples.map((s) => s.drawing));
  const floor = stats(echo.slice(20));
  const build = stats(samples.map((s) => s.build));
  const render = stats(samples.map((s) => s.render));
  const version = browser.version();
  console.log(`hover-to-drawn, ${samples.length} moves, 24-player court, Chromium ${version} (${renderer}, SwiftShader, antialias ${ANTIALIAS ? "on" : "off"}),` +
    ` ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"})${bad ? `, ${bad} answers not 200` : ""}`);
  console.log(`  whole:      median ${ms(total.median)}  p99 ${ms(total.p99)}  max ${ms(total.max)}`);
  console.log(`  companion:  median ${ms(comp.median)}  p99 ${ms(comp.p99)}   (event -> preview answer, Socket.IO)`);
  console.log(`  drawing:    median ${ms(draw.median)}  p99 ${ms(draw.p99)}   (overlay commands, PIXI draw, render, GPU)`);
  console.log(`    of which:  build median ${ms(build.median)} p99 ${ms(build.p99)} (commands, PIXI objects, text);` +
    ` render median ${ms(render.median)} p99 ${ms(render.p99)} (render + readPixels)`);
  console.log(`  echo floor: median ${ms(floor.median)}  p99 ${ms(floor.p99)}   (the same body through /echo)`);
  console.log(`  share of the median: companion ${(100 * comp.median / total.median).toFixed(0)}%,` +
    ` drawing ${(100 * draw.median / total.median).toFixed(0)}%; p99 target 16 ms: ${total.p99 < 16 ? "met" : "missed"}`);
} finally {
  await browser.close();
  companion.kill("SIGTERM");
  pages.close();
}
