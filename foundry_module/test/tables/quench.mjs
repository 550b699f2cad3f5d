/**
 * Quench's registerBatch with a small mocha-like runner, so a Quench batch that cannot pass in a
 * live world is caught against the doubles before a GM runs it (and one that must fail does).
 */
import assert from "node:assert/strict";

const SKIP = Symbol("skip");

/**
 * Run the named batches that `register` (a registerQuenchBatches) registers:
 * {batch: [{title, state: passed|failed|skipped, error}]}. A test's `this.skip()` skips it.
 */
export async function runBatches(register, names) {
  const batches = new Map();
  register({ registerBatch: (name, fn, options) => batches.set(name, { fn, options }) });
  const out = {};
  for (const name of names) {
    const hooks = { before: [], after: [] };
    const tests = [];
    const ctx = {
      timeout() {},
      skip() {
        throw SKIP;
      },
    };
    const context = {
      assert,
      describe: (_title, fn) => fn(),
      it: (title, fn) => tests.push({ title, fn }),
      before: (fn) => hooks.before.push(fn),
      after: (fn) => hooks.after.push(fn),
    };
    batches.get(name).fn(context);
    for (const fn of hooks.before) await fn.call(ctx);
    out[name] = [];
    for (const t of tests) {
      try {
        await t.fn.call(ctx);
        out[name].push({ title: t.title, state: "passed" });
      } catch (error) {
        out[name].push({ title: t.title, state: error === SKIP ? "skipped" : "failed", error });
      }
    }
    for (const fn of hooks.after) await fn.call(ctx);
    assert.ok(batches.get(name).options.displayName);
  }
  return out;
}

/** Each result as "state: title (error)", for one assertion over a batch. */
export const states = (results) =>
  results.map(
    (r) => `${r.state}: ${r.title}${r.error && r.error !== SKIP ? ` (${r.error.message})` : ""}`,
  );
