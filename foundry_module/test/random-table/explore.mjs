/**
 * `npm run table:explore -- --runs N --seed S [--commands M] [--path P]`: play N random tables
 * from seed S (a random seed when none is given), up to M commands each; on a failure, print
 * the shortest failing list as a test to paste into test/random-table-regressions.test.mjs and
 * exit 1. `--path` (with the seed fast-check printed) replays one failing run and its shrinking.
 * `--ignore 3,aoo` looks past breaches of those items (failures already found and kept);
 * `--only 2` fails on that item alone (how many runs the table needs to find it).
 * `--until-failure` keeps going with new seeds (each of N runs) until one fails.
 */
import { parseArgs } from "node:util";

import { ITEMS } from "./invariants.mjs";
import { exploreTable, reached } from "./run.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "20" }, seed: { type: "string" },
  commands: { type: "string", default: "25" }, path: { type: "string" }, ignore: { type: "string", default: "" },
  only: { type: "string" }, "until-failure": { type: "boolean", default: false } } });
const numRuns = Number(values.runs);
const maxCommands = Number(values.commands);
let seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(numRuns) || numRuns < 1) throw new Error(`--runs: a whole number of runs, not "${values.runs}"`);
if (!Number.isInteger(seed)) throw new Error(`--seed: a whole number, not "${values.seed}"`);
if (!Number.isInteger(maxCommands) || maxCommands < 1) throw new Error(`--commands: a whole number, not "${values.commands}"`);

for (let played = 0; ; seed += 1) {
  const started = Date.now();
  const result = await exploreTable({ seed, numRuns, maxCommands, path: values.path,
    ignore: values.only ? ITEMS.filter((item) => !values.only.split(",").includes(item)) : values.ignore.split(",").filter(Boolean) });
  played += result.runs;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.failed) {
    console.log(`seed ${seed}: failed after ${result.runs} run(s) (${played} in all), ${seconds} s: [${result.breach.item}] ${result.breach.text}`);
    console.log(`\n${result.test}\n`);
    process.exit(1);
  }
  console.log(`seed ${seed}: ${result.runs} run(s) passed, ${seconds} s`);
  const list = (map) => [...map].map(([k, n]) => `${k} ${n}`).join(", ") || "none";
  console.log(`  cards posted: ${list(reached.cards)}; breaches looked past: ${list(reached.ignored)}`);
  if (!values["until-failure"] || values.path) break;
}
process.exit(0);
