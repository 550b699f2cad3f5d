/**
 * The console lines (`info`, `warn`, `error`) the module writes during one test, kept instead of
 * printed. The module writes them for the GM's browser console when something it expects can
 * fail does (a companion without a route, a player's client that does not answer); a test
 * that provokes such a failure takes them here and asserts the one it expects, so the run's
 * output shows no stack trace that is not a failure.
 */
export function consoleLines(t) {
  const lines = [];
  const saved = {
    info: globalThis.console.info,
    warn: globalThis.console.warn,
    error: globalThis.console.error,
  };
  for (const level of ["info", "warn", "error"]) {
    globalThis.console[level] = (...args) => lines.push([level, String(args[0]), args[1]]);
  }
  t.after(() => Object.assign(globalThis.console, saved));
  return lines;
}

/** The first words of each line kept: what a test asserts (`["warn", "Ballcourt: autopilot"]`). */
export function said(lines) {
  return lines.map(([level, text]) => [level, text]);
}

/** `said`, once what the module logs as a promise settles (a catch after the test's last await)
 * has had its turn. */
export async function settled(lines) {
  await new Promise((resolve) => setImmediate(resolve));
  return said(lines);
}
