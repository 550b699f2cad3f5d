/**
 * Goat-ball autopilot, the pure part: who is on it, the suggest request, the
 * proposals taken into a pass's declarations, the GM's changes, the view's rows.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  AutopilotPass,
  effectiveMode,
  formDeclaration,
  isNpc,
  nextTokenMode,
  passSeed,
  suggestRequest,
  toDeclaration,
} from "../../scripts/core/goatball-autopilot.mjs";
import { Declarations } from "../../scripts/core/goatball.mjs";

/** r1 carries; r2 his teammate; b1, b2 the other side. Declaring order: b2, b1, r1 (sealed), r2. */
const players = [
  { id: "b2", team: "blue", initiative: 1 },
  { id: "b1", team: "blue", initiative: 3 },
  { id: "r1", team: "red", initiative: 5 },
  { id: "r2", team: "red", initiative: 9 },
];
const teamOf = (id) => players.find((p) => p.id === id)?.team;
const fresh = () => new Declarations(players, "r1");

test("a token no player owns is an NPC: his team's mode applies to him; a player's token is off unless its own mode says otherwise", () => {
  assert.equal(isNpc([]), true);
  assert.equal(isNpc(["alice"]), false);
  assert.equal(effectiveMode({ teamMode: "act", owners: [] }), "act");
  assert.equal(
    effectiveMode({ teamMode: "act", owners: ["alice"] }),
    "off",
    "the team's mode is for NPCs",
  );
  assert.equal(
    effectiveMode({ tokenMode: "suggest", teamMode: "off", owners: ["alice"] }),
    "suggest",
    "the token's own mode wins",
  );
  assert.equal(effectiveMode({ tokenMode: "off", teamMode: "act", owners: [] }), "off");
  assert.equal(
    effectiveMode({ tokenMode: "bogus", teamMode: "nonsense", owners: [] }),
    "off",
    "unknown modes count for nothing",
  );
  assert.equal(effectiveMode(), "off");
});

test("the HUD's button steps a token through the team's mode, off, suggest, act and back", () => {
  const seen = [];
  let mode = null;
  for (let i = 0; i < 5; i += 1) seen.push((mode = nextTokenMode(mode)));
  assert.deepEqual(seen, ["off", "suggest", "act", null, "off"]);
  assert.equal(nextTokenMode("bogus"), "off", "a stray value starts the round again");
});

test("the suggest seed is the same for the same match and event count, another for the next pass", () => {
  assert.equal(passSeed("g1", 2), passSeed("g1", 2));
  assert.notEqual(passSeed("g1", 2), passSeed("g1", 3));
  assert.notEqual(passSeed("g1", 2), passSeed("g2", 2));
  assert.ok(
    Number.isInteger(passSeed("g1", 2)) && passSeed("g1", 2) >= 0 && passSeed("g1", 2) < 2 ** 31,
  );
});

test("the suggest request carries the teams with each player's skills, the possession and whom to propose for; nothing declared", () => {
  const teams = [
    {
      id: "red",
      players: [
        { id: "r1", platform: "P1" },
        { id: "r2", platform: "P2", out: true },
      ],
    },
  ];
  const possession = { team: "red", carrier: "r1", visited: ["P1"], hot: false };
  const body = suggestRequest({
    teams,
    possession,
    players: ["r1"],
    skills: { r1: { athletics: 7, acrobatics: 1, strMod: 4 } },
    seed: 42,
    settings: { zones: false },
  });
  assert.deepEqual(body, {
    teams: [
      {
        id: "red",
        players: [
          { id: "r1", platform: "P1", athletics: 7, acrobatics: 1 },
          { id: "r2", platform: "P2", out: true, athletics: 0, acrobatics: 0 },
        ],
      },
    ],
    possession,
    players: ["r1"],
    seed: 42,
    settings: { zones: false },
  });
  assert.equal(teams[0].players[0].athletics, undefined, "the match's teams are not changed");
  assert.deepEqual(
    Object.keys(suggestRequest({ teams, possession, players: [], tactics: "", seed: null })),
    ["teams", "possession", "players"],
    "no tactics, seed or settings when none",
  );
  assert.equal(
    suggestRequest({ teams, possession, players: [], tactics: "cautious" }).tactics,
    "cautious",
  );
});

test("a suggestion becomes a declaration: the carrier's throw to a teammate is a pass, at an opponent a hot throw", () => {
  assert.deepEqual(
    toDeclaration(
      { player: "r1", action: "throw", target: "r2", skill: "athletics", reason: "x" },
      { carrier: "r1", teamOf },
    ),
    { action: "throw", skill: "athletics", target: "r2", throw: { kind: "pass", target: "r2" } },
  );
  assert.deepEqual(
    toDeclaration(
      { player: "r1", action: "throw", target: "b1", skill: "acrobatics" },
      { carrier: "r1", teamOf },
    ).throw,
    { kind: "hot", target: "b1" },
  );
  assert.deepEqual(
    toDeclaration({ player: "r2", action: "throw", skill: "athletics" }, { carrier: "r1", teamOf }),
    { action: "throw", skill: "athletics" },
    "a teammate's throw says nothing of where the ball goes",
  );
  assert.deepEqual(
    toDeclaration(
      { player: "r2", action: "defend", target: "r1", skill: null },
      { carrier: "r1", teamOf },
    ),
    { action: "defend", target: "r1" },
  );
  assert.deepEqual(
    toDeclaration(
      { player: "b1", action: "move", zone: "z2", skill: "athletics" },
      { carrier: "r1", teamOf },
    ),
    { action: "move", skill: "athletics", zone: "z2" },
  );
});

test("the proposals taken are the legal ones for players on autopilot; the rest are left to be asked", () => {
  const d = fresh();
  const auto = new AutopilotPass([
    ["b2", "act"],
    ["b1", "suggest"],
    ["r1", "act"],
    ["r2", "off"],
  ]);
  assert.deepEqual(auto.players, ["b2", "b1", "r1"], "a player off is not on autopilot");
  const left = auto.take(
    {
      declarations: [
        { player: "r2", action: "defend", target: "r1", reason: "not on autopilot" },
        {
          player: "b2",
          action: "knock_off",
          target: "zz",
          skill: "athletics",
          reason: "no such target",
        },
        { player: "b2", action: "dance", reason: "no such action" },
        {
          player: "b1",
          action: "knock_off",
          target: "r1",
          skill: "athletics",
          reason: "weakest defender",
        },
        { player: "b1", action: "intercept", skill: "acrobatics", reason: "a second one for him" },
        {
          player: "r1",
          action: "throw",
          skill: "athletics",
          reason: "a carrier's throw with no target",
        },
      ],
    },
    d,
    teamOf,
  );
  assert.deepEqual(left, ["b2", "r1"]);
  assert.deepEqual(auto.proposal("b1"), { action: "knock_off", skill: "athletics", target: "r1" });
  assert.equal(auto.proposal("r2"), null);
  auto.proposal("b1").target = "changed";
  assert.equal(auto.proposal("b1").target, "r1", "each proposal is a copy");
  assert.deepEqual(
    new AutopilotPass([["b1", "act"]]).take(null, d, teamOf),
    ["b1"],
    "no answer: everyone is asked",
  );
});

test("the GM changes a proposal: it keeps its place, the reason gives way to 'changed'; an illegal change leaves the old one", () => {
  const d = fresh();
  const auto = new AutopilotPass([
    ["b2", "act"],
    ["b1", "suggest"],
  ]);
  auto.take(
    {
      declarations: [
        { player: "b2", action: "intercept", skill: "acrobatics", reason: "covers the throw" },
        {
          player: "b1",
          action: "knock_off",
          target: "r1",
          skill: "athletics",
          reason: "knocks off r1: in reach",
        },
      ],
    },
    d,
    teamOf,
  );
  assert.equal(auto.change(d, "b1", { action: "intercept" }), "b1 has not declared yet");
  d.declare("b2", auto.proposal("b2"));
  d.declare("b1", auto.proposal("b1"));
  d.declare("r1", { action: "throw", throw: { kind: "pass", target: "r2" } });
  let rows = auto.annotate(d.progress({ isGM: true }));
  assert.deepEqual(rows.find((r) => r.player === "b1").autopilot, {
    mode: "suggest",
    changed: false,
    reason: "knocks off r1: in reach",
    canChange: true,
  });
  assert.equal(rows.find((r) => r.player === "r1").autopilot, undefined, "r1 is not on autopilot");
  assert.equal(rows.find((r) => r.player === "r2").state, "asking");

  assert.equal(auto.change(d, "b1", { action: "dance" }), "unknown action dance");
  assert.equal(d.declared.get("b1").action, "knock_off", "refused: the proposal stands");
  assert.equal(auto.change(d, "r1", { action: "none" }), "r1 is not on autopilot");
  assert.equal(auto.change(d, "b1", { action: "intercept", skill: "acrobatics" }), null);
  assert.deepEqual(d.declared.get("b1"), {
    action: "intercept",
    skill: "acrobatics",
    player: "b1",
  });
  assert.deepEqual(
    [...d.declared.keys()],
    ["b2", "b1", "r1"],
    "in its place in the declaring order",
  );
  rows = auto.annotate(d.progress({ isGM: true }));
  assert.deepEqual(rows.find((r) => r.player === "b1").autopilot, {
    mode: "suggest",
    changed: true,
    reason: null,
    canChange: true,
  });
  assert.equal(rows.find((r) => r.player === "b1").declaration.action, "intercept");
});

test("only a proposal on 'suggest' makes the pass wait for the GM", () => {
  const d = fresh();
  const acting = new AutopilotPass([["b1", "act"]]);
  acting.take(
    { declarations: [{ player: "b1", action: "intercept", skill: "athletics", reason: "" }] },
    d,
    teamOf,
  );
  assert.equal(acting.needsReview(), false);
  const suggesting = new AutopilotPass([["b1", "suggest"]]);
  assert.equal(
    suggesting.needsReview(),
    false,
    "nothing proposed (the GM declared himself): nothing to review",
  );
  suggesting.take(
    { declarations: [{ player: "b1", action: "intercept", skill: "athletics", reason: "" }] },
    d,
    teamOf,
  );
  assert.equal(suggesting.needsReview(), true);
});

test("the change form's values make a declaration as the owner's prompt does", () => {
  assert.deepEqual(
    formDeclaration({ action: "throw", target: "b1", skill: "acrobatics", hot: "on", zone: "" }),
    { action: "throw", skill: "acrobatics", target: "b1", throw: { kind: "hot", target: "b1" } },
  );
  assert.deepEqual(formDeclaration({ action: "intercept", target: "", skill: "athletics" }), {
    action: "intercept",
    skill: "athletics",
  });
  assert.deepEqual(formDeclaration({ action: "" }), { action: "none" });
  assert.deepEqual(
    formDeclaration({ action: "defend", target: "b1", defend: "r2" }),
    { action: "defend", target: "r2" },
    "a Defend names whom the Defend list says (a teammate), not the target list's opponent",
  );
  assert.deepEqual(formDeclaration({ action: "defend", target: "b1", defend: "" }), {
    action: "defend",
  });
});

// --- per-team tactics ------------------------------------------------------------------------
test("a team's entry: {mode, tactics}, or the first cut's mode alone; anything else counts for nothing", async () => {
  const { teamEntry, teamTactics } = await import("../../scripts/core/goatball-autopilot.mjs");
  assert.deepEqual(teamEntry("act"), { mode: "act", tactics: "" });
  assert.deepEqual(teamEntry({ mode: "suggest", tactics: " evasive " }), {
    mode: "suggest",
    tactics: "evasive",
  });
  assert.deepEqual(teamEntry({ mode: "bogus", tactics: 3 }), { mode: null, tactics: "" });
  assert.deepEqual(teamEntry(undefined), { mode: null, tactics: "" });
  assert.equal(
    teamTactics({ mode: "act", tactics: "evasive" }, "follow-ball"),
    "evasive",
    "its own first",
  );
  assert.equal(teamTactics("act", " follow-ball "), "follow-ball", "then the world's default");
  assert.equal(teamTactics("act", ""), null, "then the companion's");
});

test("suggest requests: one for every team on the same preset; one per team, with its own and its players, when they differ", async () => {
  const { suggestBatches } = await import("../../scripts/core/goatball-autopilot.mjs");
  const order = ["b2", "b1", "r1"];
  assert.deepEqual(
    suggestBatches(order, teamOf, () => null),
    [{ tactics: null, players: order }],
  );
  assert.deepEqual(
    suggestBatches(order, teamOf, () => "evasive"),
    [{ tactics: "evasive", players: order }],
  );
  assert.deepEqual(
    suggestBatches(order, teamOf, (t) => (t === "red" ? "thin-defence" : "double-team")),
    [
      { tactics: "double-team", players: ["b2", "b1"] },
      { tactics: "thin-defence", players: ["r1"] },
    ],
  );
  assert.deepEqual(
    suggestBatches(order, teamOf, (t) => (t === "red" ? "evasive" : null)),
    [
      { tactics: null, players: ["b2", "b1"] },
      { tactics: "evasive", players: ["r1"] },
    ],
    "the companion's default is a preset too",
  );
  assert.deepEqual(
    suggestBatches(["r1"], teamOf, (t) => (t === "red" ? "evasive" : "double-team")),
    [{ tactics: "evasive", players: ["r1"] }],
    "only red asked: red's preset alone",
  );
});
