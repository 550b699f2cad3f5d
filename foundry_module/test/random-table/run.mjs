/**
 * The random table's runner: fast-check draws lists of commands (commands.mjs), plays each on
 * a fresh table (table.mjs) and checks the invariants after every command and at the end
 * (invariants.mjs); a failing list is shrunk to the shortest that still fails and printed as a
 * test (printer.mjs) beside fast-check's own replay (its seed and path).
 */
import fc from "fast-check";

import { world } from "../fakes/foundry.mjs";
import { closeTables } from "../tables/table.mjs";
import {
  answer,
  answerDialog,
  answerThenNext,
  applyThenUndo,
  autopilot,
  closeDialogs,
  companionGMIs,
  kick,
  knockProne,
  nextThenAnswer,
  placeOnBall,
  press,
  reloadPage,
  rollPolicy,
  settleTable,
  settled,
  slow,
  turn,
} from "./commands.mjs";
import { checkNow, checkSettled, ignoreItems } from "./invariants.mjs";
import { printTest } from "./printer.mjs";
import { GMS, USERS, openRandomTable } from "./table.mjs";
import { openArenaTable } from "./arena.mjs";
import {
  companionAway,
  declarationsView,
  declare,
  dice,
  goatAutopilot,
  menu,
  tokenAutopilot,
  wholePass,
} from "./goatball-commands.mjs";

const user = fc.constantFrom(...USERS);
const gm = fc.constantFrom(...GMS);
const clicks = fc.constantFrom(1, 1, 2);
const nth = fc.nat({ max: 5 });

/** The token a player kicks with: his own (a GM kicks with either). */
const OWN = { alice: "ix", bob: "yo" };

/** The buttons each kind of card has, as `press` names them (the first whose action starts so). */
const BUTTONS = {
  kick: ["apply", "apply", "undo", "intercept", "intercept"],
  tick: ["apply", "undo", "stop", "stop"],
  intercept: ["apply", "undo", "trip_back"],
  dribble: ["undo", "apply"],
  tipoff: ["apply", "apply", "undo", "carrier", "reroll"],
  pass: ["apply", "apply", "apply", "undo", "carrier", "carrier"],
};

/** The buttons only a GM may press (a player's press is refused); the others are a player's own. */
const GM_BUTTONS = ["apply", "undo", "carrier", "reroll"];

/**
 * A press of a card's button: Apply and Undo mostly by a GM (the table lets only GMs press
 * them), a player's own button (intercept, stop) mostly by Bob, whose Yolteotl has them; now
 * and then by whoever, who may not have the button.
 */
const pressing = (kind) =>
  fc
    .record({
      anyone: user,
      gm,
      nth,
      action: fc.constantFrom(...BUTTONS[kind]),
      clicks,
      odd: fc.nat({ max: 4 }),
    })
    .map(({ anyone, gm: g, nth: n, action, clicks: c, odd }) => {
      const usual = GM_BUTTONS.includes(action) ? g : ["bob", g][odd % 2];
      return press(odd === 0 ? anyone : usual, kind, n, action, { clicks: c });
    });

/** Every command a user of the court can give, drawn with these weights (fast-check draws each entry alike). */
const COURT = [
  [
    3,
    fc
      .record({ user, kicker: fc.constantFrom("ix", "yo"), keys: fc.boolean(), clicks })
      .map(({ user: u, kicker, keys, clicks: n }) =>
        kick(u, OWN[u] ?? kicker, { keys, clicks: n }),
      ),
  ],
  [4, pressing("kick")],
  [2, pressing("tick")],
  [2, pressing("intercept")],
  [1, pressing("dribble")],
  [
    2,
    fc
      .record({ user: gm, npc: fc.constantFrom("n1", "n2") })
      .map(({ user: u, npc }) => placeOnBall(u, npc)),
  ],
  [
    1,
    fc
      .record({ user: gm, npc: fc.constantFrom("n1", "n2") })
      .map(({ user: u, npc }) => knockProne(u, npc)),
  ],
  [
    1,
    fc
      .record({ user: gm, nth, action: fc.constantFrom("accept", "decline", "stop") })
      .map(({ user: u, nth: n, action }) => press(u, "autopilot", n, action)),
  ],
  [
    4,
    fc
      .record({ user: gm, direction: fc.constantFrom("next", "next", "next", "previous") })
      .map(({ user: u, direction }) => turn(u, direction)),
  ],
  [1, fc.boolean().map((on) => slow(on))],
  [2, nth.map((n) => answer(n))],
  [
    3,
    fc
      .record({ user: gm, nth, turns: fc.nat({ max: 1 }) })
      .map(({ user: u, nth: n, turns }) => nextThenAnswer(u, n, turns)),
  ],
  [
    2,
    fc
      .record({ user: gm, nth, turns: fc.nat({ max: 8 }) })
      .map(({ user: u, nth: n, turns }) => answerThenNext(u, n, turns)),
  ],
  [1, user.map((u) => reloadPage(u))],
  [1, fc.constantFrom("off", "suggest", "act").map((mode) => autopilot(mode))],
  [1, user.map((u) => closeDialogs(u))],
  [1, user.map((u) => answerDialog(u))],
  [1, fc.constantFrom("gm", "players").map((policy) => rollPolicy(policy))],
  [
    1,
    fc
      .record({ user: gm, name: fc.constantFrom("Tezca", "Maria") })
      .map(({ user: u, name }) => companionGMIs(u, name)),
  ],
  [2, fc.constant(null).map(() => settled())],
  [
    1,
    fc
      .record({ kind: fc.constantFrom("kick", "tick", "intercept"), nth })
      .map(({ kind, nth: n }) => applyThenUndo(kind, n)),
  ],
];

const ARENA_IDS = ["r1", "r2", "b1", "b2", ""];

/**
 * A player's declared action, drawn so: knock-offs (who is out comes back in when the ball
 * changes hands) and moves and blocks (a move into a zone an opponent blocks is contested) more
 * often than the rest, so the passes reach those.
 */
const PLAYER_ACTIONS = [
  "none",
  "throw",
  "throw",
  "intercept",
  "knock_off",
  "knock_off",
  "knock_off",
  "defend",
  "move",
  "move",
  "move",
  "block",
  "block",
];

/**
 * What a user fills the declaration dialog in with: a player any action; a GM, declaring for
 * an NPC off the autopilot, one the autopilot never proposes (none, move, block), so a
 * proposal in the pass is the autopilot's. `gmAction` is kept for whoever turns out asked.
 */
const declarationValues = fc
  .record({
    action: fc.constantFrom(...PLAYER_ACTIONS),
    gmAction: fc.constantFrom("none", "move", "move", "block", "block", "block"),
    target: fc.constantFrom(...ARENA_IDS),
    skill: fc.constantFrom("athletics", "acrobatics"),
    hot: fc.constantFrom(false, false, true),
    zone: fc.constantFrom("Z1", "Z2", "Z1", "Z2", ""),
  })
  .map(({ hot, zone, ...values }) => ({
    ...values,
    ...(hot ? { hot: "on" } : {}),
    ...(zone ? { zone } : {}),
  }));

/** A declaration as a user fills in the dialog (`declarationValues`), sent by him or by whoever is asked. */
const declaring = fc
  .record({
    user: fc.constantFrom(...USERS, "anyone", "anyone", "anyone"),
    values: declarationValues,
  })
  .map(({ user: u, values: { gmAction, action, ...values } }) =>
    declare(u, {
      action: GMS.includes(u) ? gmAction : action,
      ...(u === "anyone" ? { gmAction } : {}),
      ...values,
    }),
  );

/** A pass played through at once: four declarations, each sent by whoever is asked then; mostly applied. */
const wholePassing = fc
  .record({
    user: gm,
    declarations: fc.array(declarationValues, { minLength: 4, maxLength: 4 }),
    apply: fc.constantFrom(true, true, false),
  })
  .map(({ user: u, declarations, apply }) => wholePass(u, declarations, { apply }));

/** Every command a user at the goat-ball arena can give, with these weights. */
const ARENA = [
  [
    4,
    fc
      .record({
        user: gm,
        choice: fc.constantFrom("tipoff", "pass", "pass", "pass", "quick"),
        clicks,
      })
      .map(({ user: u, choice, clicks: c }) => menu(u, choice, { clicks: c })),
  ],
  [6, declaring],
  [6, wholePassing],
  [
    3,
    fc
      .array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 6 })
      .map((faces) => dice(faces)),
  ],
  [6, pressing("pass")],
  [2, pressing("tipoff")],
  [
    1,
    fc
      .record({
        user: gm,
        action: fc.constantFrom("cancel", "close", "resolve", "resolve", "change", "change"),
        nth,
      })
      .map(({ user: u, action, nth: n }) => declarationsView(u, action, n)),
  ],
  [
    3,
    fc
      .record({ user: gm, direction: fc.constantFrom("next", "next", "round", "previous") })
      .map(({ user: u, direction }) => turn(u, direction)),
  ],
  [1, fc.boolean().map((on) => slow(on))],
  [1, fc.boolean().map((away) => companionAway(away))],
  [2, nth.map((n) => answer(n))],
  [1, user.map((u) => reloadPage(u))],
  [
    1,
    fc
      .record({
        team: fc.constantFrom("red", "blue"),
        mode: fc.constantFrom("off", "off", "suggest", "act"), // off: the GMs declare for the NPCs (moves, blocks)
      })
      .map(({ team, mode }) => goatAutopilot(team, mode)),
  ],
  [
    2,
    fc
      .record({ user: gm, token: fc.constantFrom("r1", "r2", "b1", "b2") })
      .map(({ user: u, token }) => tokenAutopilot(u, token)),
  ],
  [1, user.map((u) => closeDialogs(u))],
  [1, user.map((u) => answerDialog(u))],
  [1, fc.constantFrom("gm", "players").map((policy) => rollPolicy(policy))],
  [
    1,
    fc
      .record({ user: gm, name: fc.constantFrom("Tezca", "Maria") })
      .map(({ user: u, name }) => companionGMIs(u, name)),
  ],
  [2, fc.constant(null).map(() => settled())],
  [
    1,
    fc
      .record({ kind: fc.constantFrom("tipoff", "pass", "pass"), nth })
      .map(({ kind, nth: n }) => applyThenUndo(kind, n)),
  ],
];

const weighted = (list) => list.flatMap(([weight, arbitrary]) => Array(weight).fill(arbitrary));

/** Each game's table and commands. */
export const GAMES = {
  yaotzin: { open: openRandomTable, commands: weighted(COURT) },
  goatball: { open: openArenaTable, commands: weighted(ARENA) },
};

/** Close a table: its link, its observer, and work it left stuck (nobody's to wait for once it is gone). */
export function closeRandomTable(real) {
  real.companion.gate.closed = true;
  real.observer.close();
  closeTables();
  world.pending.clear();
}

/** Play one list of commands on a fresh table, then settle and check once more. */
export async function playTable(commands, { game = "yaotzin" } = {}) {
  const real = await GAMES[game].open();
  try {
    for (const command of commands) await command.run({}, real);
    await settleTable(real);
    checkNow(real);
    checkSettled(real);
  } finally {
    closeRandomTable(real);
  }
}

/** What the runs reached, for explore's summary: cards posted by kind, breaches noted but ignored by item. */
export const reached = { cards: new Map(), ignored: new Map() };

function tally(real) {
  for (const message of globalThis.ChatMessage.created) {
    const kind =
      message.flags?.ballcourt?.card?.kind ??
      (message.flags?.ballcourt?.rollCard
        ? "roll-request"
        : message.flags?.ballcourt?.aooQuestion
          ? "aoo-question"
          : "other");
    reached.cards.set(kind, (reached.cards.get(kind) ?? 0) + 1);
    for (const feature of passFeatures(message.flags?.ballcourt))
      reached.cards.set(feature, (reached.cards.get(feature) ?? 0) + 1);
  }
  for (const { item } of real.observer.breaches)
    reached.ignored.set(String(item), (reached.ignored.get(String(item)) ?? 0) + 1);
}

/** What a goat-ball pass card played, for the summary: a hot throw, players back in, a move contested. */
function passFeatures(flags) {
  if (flags?.context?.kind !== "pass") return [];
  const payload = flags.card?.actions?.find((a) => a.id === "apply")?.payload ?? {};
  const actions = flags.context.pass?.actions ?? [];
  return [
    ...(flags.context.pass?.throw?.kind === "hot" ? ["hot throw"] : []),
    ...(payload.returned?.length ? ["back in"] : []),
    ...(actions.some((a) => a.action === "move" && a.check !== undefined)
      ? ["move contested"]
      : []),
  ];
}

/** The fast-check property: any list of up to `maxCommands` commands keeps every invariant. */
export function tableProperty({ maxCommands = 25, game = "yaotzin" } = {}) {
  return fc.asyncProperty(
    fc.commands(GAMES[game].commands, { maxCommands, size: "max" }),
    async (commands) => {
      const real = await GAMES[game].open();
      try {
        await fc.asyncModelRun(() => ({ model: {}, real }), commands);
        await settleTable(real);
        checkNow(real);
        checkSettled(real);
      } finally {
        tally(real);
        closeRandomTable(real);
      }
    },
  );
}

/**
 * Run `numRuns` tables from `seed` (breaches of the `ignore` items noted, not failing); resolves {failed, runs, seed, path, breach, test} with the
 * shrunk failing list printed as a test, or {failed: false, runs}.
 */
export async function exploreTable({
  seed,
  numRuns = 10,
  maxCommands = 25,
  path,
  ignore = [],
  game = "yaotzin",
} = {}) {
  ignoreItems(ignore);
  const details = await fc.check(tableProperty({ maxCommands, game }), { seed, numRuns, path });
  ignoreItems([]);
  if (!details.failed) return { failed: false, runs: details.numRuns, seed: details.seed };
  const [commands] = details.counterexample;
  const ran = [...(commands.commands ?? commands)]
    .filter((c) => c.hasRan ?? true)
    .map((c) => c.cmd ?? c);
  const error = details.errorInstance ?? details.error;
  const found = breachOf(error);
  const { list, breach } = await shorten(ran, found, ignore, game);
  const printed = list.map(String);
  return {
    failed: true,
    runs: details.numRuns,
    seed: details.seed,
    path: details.counterexamplePath,
    breach,
    commands: printed,
    test: printTest({
      breach,
      commands: printed,
      seed: details.seed,
      path: details.counterexamplePath,
      game,
    }),
  };
}

const breachOf = (error) =>
  error?.breach ?? { item: "error", text: String(error?.message ?? error) };

/**
 * fast-check's shrinking of a command list stops at a local minimum; this takes each command
 * out in turn and keeps it out while the list still fails on the same item, so the printed
 * test has no command the failure does not need.
 */
async function shorten(commands, breach, ignore, game) {
  let list = commands;
  let last = breach;
  ignoreItems(ignore);
  try {
    for (let i = list.length - 1; i >= 0; i -= 1) {
      const without = list.filter((_c, j) => j !== i);
      const failure = await playTable(without, { game }).then(() => null, breachOf);
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
