/**
 * `npm run table:explore -- --runs N --seed S [--game yaotzin|goatball] [--commands M] [--only I | --ignore I,J]
 * [--path P] [--until-failure]`: play N random tables (the court's, or with --game goatball the arena's) from seed S (a random seed when none is given), up
 * to M commands each; on a failure, print the shortest failing list as a test to paste into
 * test/random-table-regressions.test.mjs and exit 1.
 * - `--only 2` fails on that item alone (how many runs the table needs to find it);
 *   `--ignore 3,aoo` looks past breaches of those items (failures already found and kept).
 * - `--path` (with the seed fast-check printed, and the same --only or --ignore) replays one
 *   failing run and its shrinking.
 * - `--until-failure` keeps going with new seeds until one fails.
 * Every table's pages stay in Node's module map (each browser imports the module afresh), so
 * a process grows with each: runs go in batches of at most BATCH, each batch a seed of its
 * own (S, S+1, ...) in a process of its own.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const BATCH = 50; // at 40 commands a run, a batch of 100 outgrew the memory a loaded machine gave it

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20" },
    seed: { type: "string" },
    commands: { type: "string", default: "25" },
    path: { type: "string" },
    ignore: { type: "string", default: "" },
    only: { type: "string" },
    game: { type: "string", default: "yaotzin" },
    "until-failure": { type: "boolean", default: false },
    batch: { type: "boolean", default: false },
  },
});
const numRuns = Number(values.runs);
const maxCommands = Number(values.commands);
const firstSeed =
  values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(numRuns) || numRuns < 1)
  throw new Error(`--runs: a whole number of runs, not "${values.runs}"`);
if (!Number.isInteger(firstSeed)) throw new Error(`--seed: a whole number, not "${values.seed}"`);
if (!["yaotzin", "goatball"].includes(values.game))
  throw new Error(`--game: yaotzin or goatball, not "${values.game}"`);
if (!Number.isInteger(maxCommands) || maxCommands < 1)
  throw new Error(`--commands: a whole number, not "${values.commands}"`);

if (values.batch || values.path) await batch(firstSeed, numRuns);
else playBatches();

/** The parent: each batch in a child process, until the runs are played (or, with --until-failure, one fails). */
function playBatches() {
  const passOn = [
    "--commands",
    String(maxCommands),
    "--game",
    values.game,
    ...(values.only ? ["--only", values.only] : []),
    ...(values.ignore ? ["--ignore", values.ignore] : []),
  ];
  let played = 0;
  for (let seed = firstSeed; ; seed += 1) {
    const runs = values["until-failure"]
      ? Math.min(BATCH, numRuns)
      : Math.min(BATCH, numRuns - played);
    const child = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        "--batch",
        "--seed",
        String(seed),
        "--runs",
        String(runs),
        ...passOn,
      ],
      { stdio: "inherit" },
    );
    if (child.status !== 0) process.exit(child.status ?? 1);
    played += runs;
    if (!values["until-failure"] && played >= numRuns) break;
  }
  console.log(`${played} run(s) passed`);
}

/** One batch: `runs` tables from `seed` in this process. */
async function batch(seed, runs) {
  const { ITEMS } = await import("./invariants.mjs");
  const { exploreTable, reached } = await import("./run.mjs");
  const started = Date.now();
  const ignore = values.only
    ? ITEMS.filter((item) => !values.only.split(",").includes(item))
    : values.ignore.split(",").filter(Boolean);
  const result = await exploreTable({
    seed,
    numRuns: runs,
    maxCommands,
    path: values.path,
    ignore,
    game: values.game,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.failed) {
    console.log(
      `seed ${seed}: failed after ${result.runs} run(s), ${seconds} s: [${result.breach.item}] ${result.breach.text}`,
    );
    console.log(`\n${result.test}\n`);
    process.exit(1);
  }
  const list = (map) => [...map].map(([k, n]) => `${k} ${n}`).join(", ") || "none";
  console.log(`seed ${seed}: ${result.runs} run(s) passed, ${seconds} s`);
  console.log(
    `  cards posted: ${list(reached.cards)}; breaches looked past: ${list(reached.ignored)}`,
  );
  process.exit(0);
}
