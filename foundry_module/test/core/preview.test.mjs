/** LatestWins, the hover preview's requests: the latest wins under a slow companion. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { LatestWins } from "../../scripts/core/preview.mjs";

/** A companion that answers only when told: `release(i)` answers the i-th request sent. */
function slowCompanion() {
  const sent = [];
  const waiting = [];
  const send = (args) => {
    sent.push(args);
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  const settle = () => new Promise((r) => setImmediate(r));
  return {
    sent,
    send,
    settle,
    answer: async (i, value) => {
      waiting[i].resolve(value);
      await settle();
    },
    fail: async (i, err) => {
      waiting[i].reject(err);
      await settle();
    },
  };
}

test("latest request wins: the leading edge is sent at once, in the same turn as the hover", async () => {
  const companion = slowCompanion();
  const answers = [];
  const pw = new LatestWins(companion.send, (answer) => answers.push(answer));
  pw.request("a");
  assert.deepEqual(companion.sent, ["a"], "sent before any frame or timer");
  await companion.answer(0, "answer a");
  assert.deepEqual(answers, ["answer a"]);
  pw.request("b");
  assert.deepEqual(companion.sent, ["a", "b"], "idle again: the next hover is sent at once too");
});

test("latest request wins: many hovers under a slow companion make exactly one more send, the latest", async () => {
  const companion = slowCompanion();
  const answers = [];
  const pw = new LatestWins(companion.send, (answer, args) => answers.push([answer, args]));
  pw.request(0);
  for (let i = 1; i <= 50; i += 1) pw.request(i);
  await companion.settle();
  assert.deepEqual(companion.sent, [0], "one in flight: the 50 hovers wait");
  await companion.answer(0, "answer 0");
  assert.deepEqual(answers, [], "the answer to 0 is stale: 50 is newer");
  assert.deepEqual(companion.sent, [0, 50], "exactly one more send, with the latest");
  await companion.answer(1, "answer 50");
  assert.deepEqual(answers, [["answer 50", 50]]);
  assert.deepEqual(companion.sent, [0, 50], "nothing left to send");
});

test("latest request wins: stale answers and failures are dropped; cancel drops the one in flight", async () => {
  const companion = slowCompanion();
  const answers = [];
  const pw = new LatestWins(companion.send, (answer) => answers.push(answer));
  pw.request(1);
  pw.request(2);
  await companion.fail(0, new Error("gone"));
  assert.deepEqual(answers, [], "a superseded request's failure is not shown either");
  assert.deepEqual(companion.sent, [1, 2]);
  await companion.fail(1, new Error("down"));
  assert.equal(answers.length, 1);
  assert.equal(answers[0].error.message, "down", "the newest request's failure is shown");
  pw.request(3);
  pw.request(4);
  pw.cancel();
  await companion.answer(2, "answer 3");
  assert.equal(answers.length, 1, "the tool was closed: its answer is dropped");
  assert.deepEqual(companion.sent, [1, 2, 3], "and the pending 4 is never sent");
});
