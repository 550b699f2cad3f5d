/**
 * The random table's runner: fast-check draws lists of commands (commands.mjs), plays each on
 * a fresh table (table.mjs) and checks the invariants after every command and at the end
 * (invariants.mjs); a failing list is shrunk to the shortest that still fails and printed as a
 * test (printer.mjs) beside fast-check's own replay (its seed and path).
 */
import fc from "fast-check";

import { closeTables } from "../tables/table.mjs";
import { answer, applyThenUndo, autopilot, closeDialogs, kick, press, reloadPage, settleTable, settled, slow,
  turn } from "./commands.mjs";
import { checkNow, checkSettled, ignoreItems } from "./invariants.mjs";
import { printTest } from "./printer.mjs";
import { GMS, USERS, openRandomTable } from "./table.mjs";

const user = fc.constantFrom(...USERS);
const gm = fc.constantFrom(...GMS);
const clicks = fc.constantFrom(1, 1, 2);
const nth = fc.nat({ max: 5 });

/** Every command a user of this table can give, with how often it is drawn. */
export const COMMANDS = [
  fc.record({ user, kicker: fc.constantFrom("ix", "yo"), keys: fc.boolean(), clicks })
    .map(({ user: u, kicker, keys, clicks: n }) => kick(u, kicker, { keys, clicks: n })),
  fc.record({ user, kind: fc.constantFrom("kick", "tick", "intercept"), nth,
    action: fc.constantFrom("apply", "apply", "undo", "intercept", "intercept", "stop", "trip_back"), clicks })
    .map(({ user: u, kind, nth: n, action, clicks: c }) => press(u, kind, n, action, { clicks: c })),
  fc.record({ user: gm, nth, action: fc.constantFrom("accept", "decline", "stop") })
    .map(({ user: u, nth: n, action }) => press(u, "autopilot", n, action)),
  fc.record({ user: gm, direction: fc.constantFrom("next", "next", "previous") }).map(({ user: u, direction }) => turn(u, direction)),
  fc.boolean().map((on) => slow(on)),
  nth.map((n) => answer(n)),
  user.map((u) => reloadPage(u)),
  fc.constantFrom("off", "suggest", "act").map((mode) => autopilot(mode)),
  user.map((u) => closeDialogs(u)),
  fc.constant(null).map(() => settled()),
  fc.record({ kind: fc.constantFrom("kick", "tick", "intercept"), nth }).map(({ kind, nth: n }) => applyThenUndo(kind, n)),
];

/** Play one list of commands on a fresh table, then settle and check once more. */
export async function playTable(commands) {
  const real = await openRandomTable();
  try {
    for (const command of commands) await command.run({}, real);
    await settleTable(real);
    checkNow(real);
    checkSettled(real);
  } finally {
    real.observer.close();
    closeTables();
  }
}

/** The fast-check property: any list of up to `maxCommands` commands keeps every invariant. */
export function tableProperty({ maxCommands = 25 } = {}) {
  return fc.asyncProperty(fc.commands(COMMANDS, { maxCommands }), async (commands) => {
    const real = await openRandomTable();
    try {
      await fc.asyncModelRun(() => ({ model: {}, real }), commands);
      await settleTable(real);
      checkNow(real);
      checkSettled(real);
    } finally {
      real.observer.close();
      closeTables();
    }
  });
}

/**
 * Run `numRuns` tables from `seed` (breaches of the `ignore` items noted, not failing); resolves {failed, runs, seed, path, breach, test} with the
 * shrunk failing list printed as a test, or {failed: false, runs}.
 */
export async function exploreTable({ seed, numRuns = 10, maxCommands = 25, path, ignore = [] } = {}) {
  ignoreItems(ignore);
  const details = await fc.check(tableProperty({ maxCommands }), { seed, numRuns, path });
  ignoreItems([]);
  if (!details.failed) return { failed: false, runs: details.numRuns, seed: details.seed };
  const [commands] = details.counterexample;
  const ran = [...commands.commands ?? commands].filter((c) => c.hasRan ?? true).map((c) => c.cmd ?? c);
  const error = details.errorInstance ?? details.error;
  const found = breachOf(error);
  const { list, breach } = await shorten(ran, found, ignore);
  const printed = list.map(String);
  return { failed: true, runs: details.numRuns, seed: details.seed, path: details.counterexamplePath, breach,
    commands: printed, test: printTest({ breach, commands: printed, seed: details.seed, path: details.counterexamplePath }) };
}

const breachOf = (error) => error?.breach ?? { item: "error", text: String(error?.message ?? error) };

/**
 * fast-check's shrinking of a command list stops at a local minimum; this takes each command
 * out in turn and keeps it out while the list still fails on the same item, so the printed
 * test has no command the failure does not need.
 */
async function shorten(commands, breach, ignore) {
  let list = commands;
  let last = breach;
  ignoreItems(ignore);
  try {
    for (let i = list.length - 1; i >= 0; i -= 1) {
      const without = list.filter((_c, j) => j !== i);
      const failure = await playTable(without).then(() => null, breachOf);
      if (failure && String(failure.item) === String(breach.item)) {
        list = without;
        last = failure;
      }
    }
  } finally {
    ignoreItems([]);
  }
  return { list, breach: last };
}
