/**
 * The random table on a fixed set of seeds, for each game (the Yaotzin court, the goat-ball
 * arena). Each seed plays RUNS random lists of commands at a table of a GM, a co-GM and two
 * players (test/random-table/), checking the table's invariants (random-table/invariants.mjs)
 * after every command. A failure is reported with its seed and fast-check's path, not shrunk
 * here (shrinking plays many more tables): `npm run table:explore
 * -- --seed S --runs N` shrinks it and prints it as a test.
 *
 * LOOKED_PAST: failures the table knows of and the module has not fixed yet (their breaches are
 * noted in the diagnostics, not failed on, so every other invariant is still checked). Empty:
 * the ones it found at first (a card answered after it was applied, an NPC acting off his turn,
 * a second kick while one was resolving, a player's K that did nothing, and an attack of
 * opportunity spent twice on two open kick cards) are fixed, and the seeds check everything.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import fc from "fast-check";

import { useTables } from "./tables/table.mjs";
import { ignoreItems } from "./random-table/invariants.mjs";
import { reached, tableProperty } from "./random-table/run.mjs";

useTables();

const RUNS = 12;
/** The seeds each game's table plays: the court's four, the arena's three. */
const SEEDS = { yaotzin: [1, 2, 3, 4], goatball: [1, 2, 3] };
const LOOKED_PAST = [];

for (const [game, seeds] of Object.entries(SEEDS))
  for (const seed of seeds) {
    test(`the random table, ${game}, seed ${seed}: ${RUNS} runs keep every invariant`, async (t) => {
      reached.ignored.clear();
      ignoreItems(LOOKED_PAST);
      let details;
      try {
        details = await fc.check(tableProperty({ game }), {
          seed,
          numRuns: RUNS,
          endOnFailure: true,
        });
      } finally {
        ignoreItems([]);
      }
      for (const [item, n] of reached.ignored)
        t.diagnostic(`item ${item} (looked past): ${n} breach(es)`);
      const error = details.errorInstance ?? details.error;
      assert.equal(
        details.failed,
        false,
        `run ${details.numRuns} broke ${error?.message ?? error}; ` +
          `replay and shrink it: npm run table:explore -- --game ${game} --seed ${seed} --runs ${RUNS}`,
      );
    });
  }
