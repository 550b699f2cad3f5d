/** A real `ballcourt serve` for the tests that talk to the companion: a free port, a fresh data dir. */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = new URL("../../../", import.meta.url).pathname;
const PYTHON = process.env.PYTHON ?? "python3";

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Start the companion with this token; resolves once it answers health: {url, stop()}. */
export async function startCompanion(token) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(
    PYTHON,
    [
      "-m",
      "companion.cli",
      "serve",
      "--port",
      String(port),
      "--data-dir",
      mkdtempSync(join(tmpdir(), "ballcourt-")),
    ],
    { cwd: ROOT, env: { ...process.env, BALLCOURT_TOKEN: token }, stdio: "ignore" },
  );
  const deadline = Date.now() + 60_000; // a loaded machine starts it slowly; wait, don't fail
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, stop: () => server.kill() };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  server.kill();
  throw new Error("the companion did not start");
}
