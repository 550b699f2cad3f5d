/**
 * core/card-lifecycle.mjs: for every card kind the module posts, every action on it and every
 * phase, whether it goes through or why not, and how a card's phase is
 * read from its flags and the world.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

const { CARD_KINDS, PHASES, actionKind, cardPhase, gmOnly, refusal, subjectOf } =
  await import("../../scripts/core/card-lifecycle.mjs");

const K = (name) => `BALLCOURT.Lifecycle.${name}`;
const OK = null;

/** The phases in the order of the table's columns. */
const COLUMNS = ["open", "answering", "applied", "undone", "stale", "superseded"];

/**
 * What each action does in each phase (the columns: open, answering, applied, undone, stale,
 * superseded): OK when it goes through, else the name of its refusal's key.
 */
const TABLE = {
  apply: [OK, "Answering", "Applied", OK, "Stale", "Superseded"],
  undo: ["NotApplied", "Answering", OK, "AlreadyUndone", "NotApplied", "NotApplied"],
  intercept: [OK, "Answering", "TooLate", "Undone", "Stale", "Superseded"],
  stop: [OK, "Answering", "TooLate", "Undone", "Stale", "Superseded"],
  trip_back: [OK, "Answering", OK, "Undone", OK, "Superseded"],
  disarm_back: ["ApplyFirst", "Answering", OK, "Undone", "Stale", "Superseded"],
  carrier: ["CarrierAfterApply", "Answering", OK, "Undone", "Stale", "Superseded"],
  reroll: [OK, "Answering", "Applied", "Undone", OK, "Superseded"],
  try: [OK, "Answering", "Applied", "Undone", OK, "Superseded"],
  accept: [OK, "Answering", "Applied", "Undone", OK, "Superseded"],
  decline: [OK, "Answering", "Applied", "Undone", OK, "Superseded"],
  stop_turn: [OK, OK, "Applied", "Undone", OK, "Superseded"],
  acknowledge: [OK, "Answering", "Applied", "Undone", "Stale", "Superseded"],
  override: [OK, "Answering", "Applied", "Undone", "Stale", "Superseded"],
  keep: [OK, "Answering", "Applied", "Undone", "Stale", "Superseded"],
};

/** The table by action and phase: null, or the refusal's key. */
const EXPECTED = Object.fromEntries(
  Object.entries(TABLE).map(([action, row]) => [
    action,
    Object.fromEntries(COLUMNS.map((phase, i) => [phase, row[i] && K(row[i])])),
  ]),
);

/** Every card kind the module posts and the button ids of each action kind on it (the companion's, the autopilot's, the advice card's). */
const KINDS = {
  "yaotzin.kick": { apply: "apply", undo: "undo", intercept: "intercept:yo" },
  "yaotzin.tick": { apply: "apply", undo: "undo", stop: "stop:yo:1" },
  "yaotzin.intercept": { apply: "apply", undo: "undo" },
  "yaotzin.hoop": { apply: "apply", undo: "undo" },
  "yaotzin.dribble": { apply: "apply", undo: "undo" },
  "yaotzin.contest": {
    apply: "apply",
    undo: "undo",
    trip_back: "trip_back:ix",
    disarm_back: "disarm_back",
  },
  "yaotzin.advice": { try: "try:yo" },
  "yaotzin.autopilot": { accept: "accept", decline: "decline", stop_turn: "stop" },
  "yaotzin.inspection": { acknowledge: "acknowledge:0", override: "override:0" },
  "yaotzin.odds": {},
  "yaotzin.npc_match": { keep: "keep" },
  "goatball.pass": { apply: "apply", undo: "undo", carrier: "carrier:r1" },
  "goatball.tipoff": { apply: "apply", undo: "undo", reroll: "reroll", carrier: "carrier:r1" },
  "goatball.quick": {},
};

const cardOf = (kind) => ({
  kind,
  actions: Object.values(KINDS[kind])
    .filter((id) => id !== "undo")
    .map((id) => ({ id })),
});

test("every card kind the module posts is in the lifecycle, with exactly its actions", () => {
  assert.deepEqual(Object.keys(CARD_KINDS).sort(), Object.keys(KINDS).sort());
  for (const [kind, ids] of Object.entries(KINDS)) {
    assert.deepEqual([...CARD_KINDS[kind].actions].sort(), Object.keys(ids).sort(), kind);
    for (const [action, id] of Object.entries(ids))
      assert.equal(actionKind(kind, id), action, `${kind} ${id}`);
  }
});

test("every (card kind, phase, action): allowed, or refused with the reason a GM reads", () => {
  let pairs = 0;
  for (const [kind, ids] of Object.entries(KINDS)) {
    for (const [action, id] of Object.entries(ids)) {
      for (const phase of PHASES) {
        const got = refusal(cardOf(kind), phase, id);
        assert.deepEqual(
          got,
          EXPECTED[action][phase] === OK ? null : { key: EXPECTED[action][phase], data: {} },
          `${kind} ${phase} ${id}`,
        );
        pairs += 1;
      }
    }
  }
  assert.equal(pairs, 30 * PHASES.length, "every pair counted");
});

test("a player's action is spent once pressed, and with it the others of its `once` group; Apply and Undo never are", () => {
  const tick = {
    kind: "yaotzin.tick",
    actions: [
      { id: "apply" },
      { id: "stop:yo:1", once: "stop:yo" },
      { id: "stop:yo:2", once: "stop:yo" },
      { id: "stop:ix:1", once: "stop:ix" },
    ],
  };
  const used = new Set(["stop:yo:1"]);
  assert.deepEqual(refusal(tick, "open", "stop:yo:1", used), { key: K("Used"), data: {} });
  assert.deepEqual(
    refusal(tick, "open", "stop:yo:2", used),
    { key: K("Used"), data: {} },
    "his one try at a rolling ball",
  );
  assert.equal(refusal(tick, "open", "stop:ix:1", used), null, "another player's is his own");
  assert.equal(refusal(tick, "open", "apply", new Set(["apply"])), null);
});

test("a button the card does not have is refused, whatever the phase", () => {
  const kick = cardOf("yaotzin.kick");
  for (const id of ["intercept:zz", "stop:yo:1", "carrier:r1", "accept"]) {
    assert.deepEqual(refusal(kick, "open", id), { key: K("NoSuchAction"), data: {} }, id);
  }
});

test("a card of a kind not in the table (a newer companion's) is judged by its own buttons' kinds", () => {
  const card = { kind: "someday.new", actions: [{ id: "apply" }, { id: "cheer:yo" }] };
  assert.equal(refusal(card, "open", "apply"), null);
  assert.deepEqual(refusal(card, "applied", "apply"), { key: K("Applied"), data: {} });
  assert.equal(refusal(card, "applied", "undo"), null);
  assert.equal(
    refusal(card, "open", "cheer:yo"),
    null,
    "an action of a kind no table knows: while open",
  );
  assert.deepEqual(refusal(card, "applied", "cheer:yo"), { key: K("Applied"), data: {} });
  assert.deepEqual(refusal(card, "open", "intercept:yo"), { key: K("NoSuchAction"), data: {} });
  assert.deepEqual(refusal(cardOf("yaotzin.advice"), "applied", "undo"), {
    key: K("NoSuchAction"),
    data: {},
  });
});

test("a card's phase: answering first, then applied, stale, superseded, undone, open", () => {
  const at = { x: 10, y: 12, speed: 0, direction: null };
  const kick = (flags = {}) => ({
    card: cardOf("yaotzin.kick"),
    context: { ballAt: at },
    applied: false,
    undone: false,
    ...flags,
  });
  assert.equal(cardPhase(kick(), { ballNow: at }), "open");
  assert.equal(
    cardPhase(kick(), { ballNow: undefined }),
    "open",
    "the ball unknown (a game without a court)",
  );
  assert.equal(cardPhase(kick(), { ballNow: at, answering: true }), "answering");
  assert.equal(
    cardPhase(kick({ applied: true }), { ballNow: { ...at, x: 18 } }),
    "applied",
    "its own Apply moved the ball",
  );
  assert.equal(cardPhase(kick({ applied: true, undone: true }), { ballNow: at }), "undone");
  assert.equal(cardPhase(kick(), { ballNow: { ...at, x: 11 } }), "stale");
  assert.equal(
    cardPhase(kick(), { ballNow: { ...at, speed: 3, direction: "E" } }),
    "stale",
    "set rolling",
  );
  assert.equal(cardPhase(kick(), { ballNow: null }), "stale", "the ball gone");
  assert.equal(
    cardPhase(kick({ applied: true, undone: true }), { ballNow: { ...at, x: 11 } }),
    "stale",
  );
  assert.equal(cardPhase(kick(), { ballNow: at, siblingApplied: true }), "superseded");
  assert.equal(
    cardPhase(kick(), { ballNow: { ...at, x: 11 }, siblingApplied: true }),
    "stale",
    "the ball's move says most",
  );
});

test("a contest is stale only when its own Apply moves the ball; goat-ball cards never are", () => {
  const at = { x: 10, y: 12, speed: 0, direction: null };
  const moved = { ...at, x: 11 };
  const contest = (payload) => ({
    card: { kind: "yaotzin.contest", actions: [{ id: "apply", payload }] },
    context: { ballAt: at },
  });
  assert.equal(
    cardPhase(contest({ prone: "yo" }), { ballNow: moved }),
    "open",
    "a trip moves no ball",
  );
  assert.equal(
    cardPhase(contest({ ball: { x: 10, y: 12 } }), { ballNow: moved }),
    "stale",
    "a grapple won for it does",
  );
  assert.equal(
    cardPhase({ card: cardOf("goatball.pass"), context: {} }, { ballNow: moved }),
    "open",
  );
});

test("two cards are the same thing when kind, people, ball and the press they answer agree", () => {
  const flags = (title, ballAt, answers) => ({
    card: { kind: "yaotzin.contest", title: { data: title } },
    context: { sceneId: "s", ballAt, answers },
  });
  const at = { x: 1, y: 2 };
  assert.equal(subjectOf(flags({ actor: "ix" }, at)), subjectOf(flags({ actor: "ix" }, { ...at })));
  assert.notEqual(subjectOf(flags({ actor: "ix" }, at)), subjectOf(flags({ actor: "yo" }, at)));
  assert.notEqual(
    subjectOf(flags({ player: "yo" }, at, { actionId: "intercept:yo" })),
    subjectOf(flags({ player: "yo" }, at, { actionId: "intercept:zz" })),
  );
  assert.equal(
    subjectOf(flags({ actor: "ix" }, null)),
    null,
    "no ball recorded: nothing to compare",
  );
});

test("an NPC match's Keep is the GMs' alone, whatever players may press; no other button is", () => {
  assert.equal(gmOnly("yaotzin.npc_match", "keep"), true);
  for (const [kind, ids] of Object.entries(KINDS)) {
    for (const id of Object.values(ids))
      if (id !== "keep") assert.equal(gmOnly(kind, id), false, `${kind} ${id}`);
  }
});
