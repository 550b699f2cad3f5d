/**
 * What the gallery shows: every chat card the module posts and every dialog, each drawn by the
 * module's own render function (scripts/core/, and the glue's pure HTML functions) from the
 * companion's real answers (test/fixtures/, written by tests/fixtures_for_module.py).
 *
 * One more card is one more entry in CARDS: {id, html(ctx)}. `ctx` is {L (the reader's
 * localizer), fixture(name) (a companion answer, its names already swapped for the variant's),
 * name(short) (a player's name in the variant: ordinary or very long), card(answer, state)}.
 */
import {
  autopilotFormHtml,
  declarationFormHtml,
  fieldsFormHtml,
  statsFormHtml,
} from "../scripts/core/forms.mjs";
import { AutopilotPass, MODES, PRESETS } from "../scripts/core/goatball-autopilot.mjs";
import {
  questionFlags,
  renderQuestionCard,
  settleQuestion,
} from "../scripts/core/aoo-question.mjs";
import { Declarations } from "../scripts/core/goatball.mjs";
import { inspectionCard } from "../scripts/core/inspection-card.mjs";
import { renderOddsCard, renderPlayCard } from "../scripts/core/npc-match.mjs";
import { ODDS, PLAYED } from "../test/fixtures/npc-match.mjs";
import { renderReportCard } from "../scripts/core/report-card.mjs";
import {
  ROW_ROLLED,
  cardFlags,
  renderRequestCard,
  settleRow,
} from "../scripts/core/roll-request-card.mjs";
import { renderBoard } from "../scripts/core/scoreboard.mjs";
import { tuneMessageHtml, tuneNote } from "../scripts/core/tune.mjs";
import { YAOTZIN_PRESETS, proposalCard } from "../scripts/core/yaotzin-autopilot.mjs";
import { reactionLine, tryAction } from "../scripts/core/yaotzin-react.mjs";
import { FEAT_IDS } from "../scripts/adapters/feats.mjs";
import { shareButton } from "../scripts/foundry/cards/panel.mjs";
import { reportButton } from "../scripts/foundry/cards/report.mjs";
import { renderProgress } from "../scripts/foundry/goatball/declaration-progress.mjs";
import { STAT_FIELDS } from "../scripts/foundry/setup/stats-form.mjs";
import { menuChoices } from "../scripts/foundry/setup/setup-dialog.mjs";
import { paletteHtml } from "../scripts/foundry/yaotzin/kick-palette.mjs";

/** The companion answers the gallery reads (test/fixtures/<name>.json). */
export const FIXTURES = [
  "preview",
  "kick",
  "kick-running",
  "intercept",
  "tick",
  "contest",
  "hoop",
  "dribble",
  "tipoff",
  "pass",
  "pass-checks",
  "quick",
  "react",
  "autopilot-contest",
  "report-yaotzin",
];

const GM = { isGM: true, owns: () => true };
const users = { gm: "Gamemaster", bob: "Bob", alice: "Alice" };
const userName = (id) => users[id] ?? id;

/** The chat cards, as each reader's page renders them. */
export const CARDS = [
  { id: "kick", html: (c) => c.card(c.fixture("kick")) },
  { id: "kick-applied", html: (c) => c.card(c.fixture("kick-running"), { applied: true }) },
  { id: "intercept", html: (c) => c.card(c.fixture("intercept")) },
  { id: "tick", html: (c) => c.card(c.fixture("tick")) },
  { id: "contest", html: (c) => c.card(c.fixture("contest")) },
  { id: "hoop", html: (c) => c.card(c.fixture("hoop")) },
  { id: "dribble", html: (c) => c.card(c.fixture("dribble"), { undone: true }) },
  {
    id: "advice",
    html: (c) => {
      // the NPCs' reactions to a kick in flight (yaotzin/advice.mjs whispers it to the GMs)
      const reactions = c.fixture("react").reactions.map((r) => ({ ...r, mode: "suggest" }));
      return c.card({
        chat_card: {
          kind: "yaotzin.advice",
          title: { key: "BALLCOURT.Planner.AdviceTitle", data: {} },
          lines: reactions.map((r) => reactionLine(r, c.name)),
          actions: reactions.filter((r) => r.tries).map((r) => tryAction(r, c.name)),
        },
      });
    },
  },
  {
    id: "autopilot",
    html: (c) => {
      const proposal = c.fixture("autopilot-contest");
      return c.card({
        chat_card: proposalCard(proposal.turn, {
          name: c.name("yo"),
          mode: "suggest",
          tactics: proposal.tactics,
          nameOf: c.name,
        }),
      });
    },
  },
  {
    id: "inspection",
    html: (c) =>
      c.card({
        chat_card: inspectionCard(c.name("ix"), [
          {
            what: "Obsidian-studded hip guard",
            kind: "metal",
            allowed: false,
            by_name: true,
            why: "metal",
          },
          {
            what: "Cloak of the feathered serpent",
            kind: "magic_item",
            allowed: true,
            by_name: false,
            why: "allowed",
          },
        ]),
      }),
  },
  { id: "npc-odds", html: (c) => renderOddsCard(ODDS, {}, c.L) }, // an NPC match's odds, posted for the table to bet on
  {
    id: "npc-match",
    html: (c) => renderPlayCard(PLAYED, { ix: c.name("ix"), yo: c.name("yo") }, c.L),
  }, // played out
  { id: "tipoff", html: (c) => c.card(c.fixture("tipoff")) },
  { id: "pass", html: (c) => c.card(c.fixture("pass-checks")) },
  { id: "quick", html: (c) => c.card(c.fixture("quick")) },
  { id: "report", html: (c) => renderReportCard(c.fixture("report-yaotzin"), c.L) },
  {
    id: "roll-requests",
    html: (c) => {
      const flags = cardFlags([
        {
          id: "r1",
          sceneId: "s",
          tokenId: "yo",
          name: c.name("yo"),
          owner: "bob",
          check: { type: "save", id: "reflex" },
        },
        {
          id: "r2",
          sceneId: "s",
          tokenId: "ix",
          name: c.name("ix"),
          owner: "alice",
          check: { type: "skill", id: "athletics" },
          advantage: true,
        },
      ]);
      flags.rows.r2 = settleRow(flags.rows.r2, { state: ROW_ROLLED, by: "alice", total: 18 });
      return renderRequestCard(flags, GM, c.L, userName);
    },
  },
  {
    id: "aoo-question",
    html: (c) =>
      renderQuestionCard(
        questionFlags({
          sceneId: "s",
          tokenId: "yo",
          name: c.name("yo"),
          owner: "bob",
          actorName: c.name("ix"),
          kind: "trip",
          expiresAt: 0,
        }),
        GM,
        c.L,
        userName,
      ),
  },
  {
    id: "aoo-answered",
    html: (c) =>
      renderQuestionCard(
        settleQuestion(
          questionFlags({
            sceneId: "s",
            tokenId: "yo",
            name: c.name("yo"),
            owner: "bob",
            actorName: c.name("ix"),
            kind: "grapple",
            expiresAt: 0,
          }),
          { state: "answered", choice: "grapple", by: "bob" },
        ),
        GM,
        c.L,
        userName,
      ),
  },
  { id: "tune", html: (c) => tuneMessageHtml(tuneNote(TUNE_ANSWER, { budget: 40 }, c.L), 12, c.L) },
];

/** A tune answer for twelve players: four zones suggested (the companion's shape, docs/api.md). */
const TUNE_ANSWER = {
  zones: 4,
  budget: 40,
  results: [
    {
      zones: 4,
      finish_within_budget: 0.75,
      upset_rate: 0.2,
      ci95: { finish_within_budget: [0.68, 0.82], upset_rate: [0.14, 0.27] },
    },
  ],
};

/** Goat-ball's six a side, as the pass-checks fixture names them. */
const GOAT_PLAYERS = [
  ["r1", "red", 14],
  ["r2", "red", 9],
  ["r3", "red", 3],
  ["b1", "blue", 12],
  ["b2", "blue", 5],
  ["b3", "blue", 17],
];

function declarations(c) {
  const d = new Declarations(
    GOAT_PLAYERS.map(([id, team, initiative]) => ({ id, team, initiative })),
    "r1",
  );
  d.declare("r3", { action: "none" });
  d.declare("b2", { action: "knock_off", target: "r3" });
  d.declare("r2", { action: "defend", target: "r3" });
  return renderProgress(
    d.progress({ isGM: true }),
    Object.fromEntries(GOAT_PLAYERS.map(([id]) => [id, c.name(id)])),
    c.L,
    { seconds: 120 },
  );
}

/** Blue's NPCs on "suggest", red's carrier on "act": the proposals with their reasons, one changed by the GM. */
function autopilotProgress(c) {
  const team = Object.fromEntries(GOAT_PLAYERS.map(([id, t]) => [id, t]));
  const d = new Declarations(
    GOAT_PLAYERS.map(([id, t, initiative]) => ({ id, team: t, initiative })),
    "r1",
  );
  const state = new AutopilotPass([
    ["b1", "suggest"],
    ["b2", "suggest"],
    ["b3", "suggest"],
    ["r1", "act"],
  ]);
  state.take(
    {
      declarations: [
        {
          player: "b2",
          action: "knock_off",
          target: "r3",
          skill: "athletics",
          reason: `knocks off ${c.name("r3")}: weakest defender in the carrier's zone`,
        },
        {
          player: "b1",
          action: "intercept",
          skill: "acrobatics",
          reason: "covers the throw: best Acrobatics left",
        },
        {
          player: "r1",
          action: "throw",
          target: "r2",
          skill: "athletics",
          reason: `passes to ${c.name("r2")}: an unvisited platform`,
        },
        {
          player: "b3",
          action: "knock_off",
          target: "r1",
          skill: "athletics",
          reason: "knocks off the carrier: in his zone",
        },
      ],
    },
    d,
    (id) => team[id],
  );
  d.declare("r3", { action: "none" });
  for (const id of ["b2", "r2", "b1", "r1", "b3"])
    d.declare(id, id === "r2" ? { action: "defend", target: "r3" } : state.proposal(id));
  state.change(d, "b3", { action: "intercept", skill: "athletics" });
  const names = Object.fromEntries(GOAT_PLAYERS.map(([id]) => [id, c.name(id)]));
  return renderProgress(state.annotate(d.progress({ isGM: true })), names, c.L, {
    autopilot: { state, reviewing: true },
  });
}

const others = (c) => GOAT_PLAYERS.slice(1).map(([id]) => ({ id, name: c.name(id) }));
const YAOTZIN_BOARD = {
  game: "yaotzin",
  seq: 4,
  round: 12,
  status: "running",
  settings: { round_limit: 100 },
  score: { sun: 3, moon: 1 },
  teams: [
    { id: "sun", name: "Sun", defends: "west" },
    { id: "moon", name: "Moon", defends: "east" },
  ],
};
const GOAT_BOARD = {
  game: "goatball",
  seq: 7,
  status: "running",
  possession: { team: "red", carrier: "r1", visited: ["P1", "P2"], hot: false },
  teams: [
    { id: "red", players: [{ id: "r1" }, { id: "r2" }, { id: "r3", out: true }] },
    { id: "blue", players: [{ id: "b1" }, { id: "b2" }, { id: "b3" }] },
  ],
};

/**
 * The dialogs and windows: {id, title(ctx) (the window's title), width (Foundry's for that
 * window, px), html(ctx), buttons (a DialogV2's footer: [label key]), and the app's own CSS class}.
 */
export const DIALOGS = [
  {
    id: "menu",
    width: 400,
    title: (c) => c.L.localize("BALLCOURT.Menu.Title"),
    html: (c) => `<p>${c.L.localize("BALLCOURT.Menu.Hint")}</p>`,
    buttons: () =>
      menuChoices(
        { game: "goatball", matchId: "m" },
        { goatballSkills: true, needsDialog: true },
      ).map((id) => `BALLCOURT.Menu.${id}`),
  },
  {
    id: "court-setup",
    width: 400,
    title: (c) => c.L.localize("BALLCOURT.Menu.Title"),
    html: (c) =>
      fieldsFormHtml(
        [
          ["col", "BALLCOURT.Menu.Col", 0],
          ["row", "BALLCOURT.Menu.Row", 0],
          ["length", "BALLCOURT.Menu.Length", 72],
          ["width", "BALLCOURT.Menu.Width", 24],
        ],
        c.L,
      ),
    buttons: () => ["Confirm"],
  },
  {
    id: "arena-setup",
    width: 400,
    title: (c) => c.L.localize("BALLCOURT.Menu.Title"),
    html: (c) =>
      fieldsFormHtml(
        [
          ["seed", "BALLCOURT.Menu.Seed", 4242],
          ["count", "BALLCOURT.Menu.Platforms", 12],
          ["zones", "BALLCOURT.Menu.Zones", 4],
        ],
        c.L,
        tuneNote(TUNE_ANSWER, { budget: 40 }, c.L),
      ),
    buttons: () => ["Confirm"],
  },
  {
    id: "stats-yaotzin",
    width: 400,
    title: (c) => c.L.format("BALLCOURT.Stats.Title", { name: c.name("ix") }),
    html: (c) =>
      statsFormHtml(
        {
          game: "yaotzin",
          fields: STAT_FIELDS.yaotzin,
          feats: FEAT_IDS,
          current: { str: 14, dex: 17, bab: 2, reflex: 4, speed: 30, feats: ["power_attack"] },
          typed: { items: "Hip guard | armor | leather", effects: "Bless | spell", traits: "" },
        },
        c.L,
      ),
    buttons: () => ["Confirm"],
  },
  {
    id: "stats-goatball",
    width: 400,
    title: (c) => c.L.format("BALLCOURT.Stats.Title", { name: c.name("r1") }),
    html: (c) =>
      statsFormHtml(
        {
          game: "goatball",
          fields: STAT_FIELDS.goatball,
          feats: [],
          current: { athletics: 5 },
          typed: {},
        },
        c.L,
      ),
    buttons: () => ["Confirm"],
  },
  {
    id: "declaration",
    width: 400,
    title: (c) => c.name("r2"),
    html: (c) =>
      declarationFormHtml(
        others(c),
        c.L,
        {},
        others(c).filter((t) => t.id.startsWith("r")),
      ),
    buttons: () => ["Confirm"],
  },
  {
    id: "declaration-change",
    width: 400,
    title: (c) => c.L.format("BALLCOURT.Autopilot.ChangeTitle", { player: c.name("b2") }),
    html: (c) =>
      declarationFormHtml(
        others(c),
        c.L,
        { action: "knock_off", target: "r3", skill: "athletics" },
        others(c).filter((t) => t.id.startsWith("b") && t.id !== "b2"),
      ),
    buttons: () => ["Confirm"],
  },
  {
    id: "declarations",
    width: 340,
    className: "ballcourt-panel",
    title: (c) => c.L.localize("BALLCOURT.Declare.Title"),
    html: declarations,
  },
  {
    id: "declarations-autopilot",
    width: 340,
    className: "ballcourt-panel",
    title: (c) => c.L.localize("BALLCOURT.Declare.Title"),
    html: autopilotProgress,
  },
  {
    id: "autopilot-form",
    width: 400,
    title: (c) => c.L.localize("BALLCOURT.Autopilot.Title"),
    html: (c) =>
      autopilotFormHtml(
        {
          teams: ["red", "blue"],
          modes: { blue: "suggest" },
          tactics: { blue: "press-ball" },
          presets: PRESETS,
          words: "BALLCOURT.Autopilot",
          selected: 2,
          modeNames: MODES,
        },
        c.L,
      ),
    buttons: () => ["Confirm"],
  },
  {
    id: "yaotzin-autopilot-form",
    width: 400,
    title: (c) => c.L.localize("BALLCOURT.YAutopilot.Title"),
    html: (c) =>
      autopilotFormHtml(
        {
          teams: ["sun", "moon"],
          modes: { moon: "act" },
          tactics: {},
          presets: YAOTZIN_PRESETS,
          words: "BALLCOURT.YAutopilot",
          yaotzin: true,
          modeNames: MODES,
        },
        c.L,
      ),
    buttons: () => ["Confirm"],
  },
  {
    id: "score-yaotzin",
    width: 320,
    className: "ballcourt-panel",
    title: (c) => c.L.localize("BALLCOURT.Panel.Title"),
    html: (c) =>
      renderBoard(YAOTZIN_BOARD, c.L, [
        { type: "round", seq: 3 },
        { type: "goal", team: "sun", seq: 4 },
      ]) +
      shareButton(c.L) +
      reportButton(c.L),
  },
  {
    id: "score-goatball",
    width: 320,
    className: "ballcourt-panel",
    title: (c) => c.L.localize("BALLCOURT.Panel.Title"),
    html: (c) =>
      renderBoard(
        { ...GOAT_BOARD, possession: { ...GOAT_BOARD.possession, carrier: c.name("r1") } },
        c.L,
      ) +
      shareButton(c.L) +
      reportButton(c.L),
  },
  {
    id: "kick-palette",
    width: 240,
    className: "ballcourt-palette",
    title: () => "",
    html: (c) =>
      paletteHtml(
        { kicker: c.name("ix"), standing: false, powerAttack: 1, maxPowerAttack: 2, gm: true },
        (k) => c.L.localize(k),
      ),
  },
];
