/**
 * The turn stamp's check (core/turn-stamp.mjs), every (state, event) pair: a stamp taken on a
 * combatant's turn, on a tracker with no combatant at its turn, for a whole round (a goat-ball
 * pass), and with no encounter running; then each way the tracker can move before the answer comes. Each row says whether the answer
 * still belongs, and why not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  repeatsTurn,
  roundStamp,
  staleBecause,
  stillCurrent,
  turnStamp,
} from "../../scripts/core/turn-stamp.mjs";

/** The states a question may be asked in: the tracker as it stood. */
const STATES = {
  combatant: { encounter: "e1", round: 2, turn: 3, combatant: "ana" },
  noCombatant: { encounter: "e1", round: 2, turn: 3, combatant: null },
  round: { encounter: "e1", round: 2, turn: 3, combatant: "ana" },
  noEncounter: null,
};

/** How each state's question is stamped: the round's for a pass, else the turn's. */
const stampFor = (state, tracker) => (state === "round" ? roundStamp(tracker) : turnStamp(tracker));

/** What may happen before the answer comes: the tracker each state is then at (a function of where it stood). */
const EVENTS = {
  nothing: (s) => s,
  repeated: (s) => s && { ...s }, // Foundry's turn events again, the same combatant (FOUNDRY-SEMANTICS §7.4)
  nextTurn: (s) => s && { ...s, turn: s.turn + 1, combatant: s.combatant && "bob" },
  previousTurn: (s) => s && { ...s, turn: s.turn - 1, combatant: s.combatant && "cid" },
  nextRound: (s) => s && { ...s, round: s.round + 1, turn: 0, combatant: s.combatant && "zed" },
  previousRound: (s) => s && { ...s, round: s.round - 1, turn: 0, combatant: s.combatant && "zed" },
  sameRoundAgain: (s) => s && { ...s, round: s.round + 1 }, // the same combatant, the next round
  indexShifted: (s) => s && { ...s, turn: s.turn + 6 }, // the ball's six turns added before him
  ended: () => null,
  otherEncounter: (s) => s && { ...s, encounter: "e2" },
  started: () => ({ encounter: "e3", round: 1, turn: 0, combatant: "ana" }),
};

/** Why the answer is stale (null: it still belongs), by state then event. */
const EXPECTED = {
  combatant: {
    nothing: null,
    repeated: null,
    nextTurn: "combatant",
    previousTurn: "combatant",
    nextRound: "round",
    previousRound: "round",
    sameRoundAgain: "round",
    indexShifted: null,
    ended: "ended",
    otherEncounter: "encounter",
    started: "encounter",
  },
  noCombatant: {
    nothing: null,
    repeated: null,
    nextTurn: "combatant",
    previousTurn: "combatant",
    nextRound: "round",
    previousRound: "round",
    sameRoundAgain: "round",
    indexShifted: "combatant",
    ended: "ended",
    otherEncounter: "encounter",
    started: "encounter",
  },
  round: {
    nothing: null,
    repeated: null,
    nextTurn: null,
    previousTurn: null,
    nextRound: "round",
    previousRound: "round",
    sameRoundAgain: "round",
    indexShifted: null,
    ended: "ended",
    otherEncounter: "encounter",
    started: "encounter",
  },
  noEncounter: {
    nothing: null,
    repeated: null,
    nextTurn: null,
    previousTurn: null,
    nextRound: null,
    previousRound: null,
    sameRoundAgain: null,
    indexShifted: null,
    ended: null,
    otherEncounter: null,
    started: "encounter",
  },
};

for (const [state, tracker] of Object.entries(STATES)) {
  for (const [event, move] of Object.entries(EVENTS)) {
    test(`stamp taken on ${state}, then ${event}: ${EXPECTED[state][event] ?? "still current"}`, () => {
      const stamp = stampFor(state, tracker);
      const now = move(tracker);
      assert.equal(staleBecause(stamp, now), EXPECTED[state][event]);
      assert.equal(stillCurrent(stamp, now), EXPECTED[state][event] === null);
      assert.equal(
        repeatsTurn(stamp, now),
        Boolean(tracker) && EXPECTED[state][event] === null,
        "a repeat is the same turn of a running encounter",
      );
    });
  }
}

test("every state has an expectation for every event", () => {
  for (const state of Object.keys(STATES))
    assert.deepEqual(Object.keys(EXPECTED[state]).sort(), Object.keys(EVENTS).sort());
});

test("a stamp is a copy: the tracker moving on afterwards does not move it", () => {
  const tracker = { encounter: "e1", round: 1, turn: 0, combatant: "ana" };
  const stamp = turnStamp(tracker);
  Object.assign(tracker, { turn: 1, combatant: "bob" });
  assert.equal(staleBecause(stamp, tracker), "combatant");
});
