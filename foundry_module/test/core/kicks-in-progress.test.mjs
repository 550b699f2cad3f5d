/**
 * One kick in progress per kicker (core/requests.mjs, KicksInProgress): every (state, event)
 * pair for a kicker, Ana, beside another, Bea. A state is whose kicks are being resolved; each
 * event says whether it is taken and what is being resolved after it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { KicksInProgress } from "../../scripts/core/requests.mjs";

const STATES = { idle: [], anaKicking: ["ana"], beaKicking: ["bea"], bothKicking: ["ana", "bea"] };

/** Each event: [what it does, what begin answers (null for an end)]. */
const EVENTS = {
  anaAsks: (kicks) => kicks.begin("ana"),
  beaAsks: (kicks) => kicks.begin("bea"),
  anaResolved: (kicks) => kicks.end("ana"),
  beaResolved: (kicks) => kicks.end("bea"),
};

/** By state then event: [begin's answer or undefined for an end, the kickers being resolved after it]. */
const EXPECTED = {
  idle: {
    anaAsks: [true, ["ana"]],
    beaAsks: [true, ["bea"]],
    anaResolved: [undefined, []],
    beaResolved: [undefined, []],
  },
  anaKicking: {
    anaAsks: [false, ["ana"]],
    beaAsks: [true, ["ana", "bea"]],
    anaResolved: [undefined, []],
    beaResolved: [undefined, ["ana"]],
  },
  beaKicking: {
    anaAsks: [true, ["ana", "bea"]],
    beaAsks: [false, ["bea"]],
    anaResolved: [undefined, ["bea"]],
    beaResolved: [undefined, []],
  },
  bothKicking: {
    anaAsks: [false, ["ana", "bea"]],
    beaAsks: [false, ["ana", "bea"]],
    anaResolved: [undefined, ["bea"]],
    beaResolved: [undefined, ["ana"]],
  },
};

for (const [state, kicking] of Object.entries(STATES)) {
  for (const [event, act] of Object.entries(EVENTS)) {
    test(`${state}, then ${event}`, () => {
      const kicks = new KicksInProgress();
      for (const kicker of kicking) assert.equal(kicks.begin(kicker), true);
      const [answer, after] = EXPECTED[state][event];
      assert.equal(act(kicks), answer);
      assert.deepEqual([...kicks.kickers].sort(), after);
    });
  }
}
