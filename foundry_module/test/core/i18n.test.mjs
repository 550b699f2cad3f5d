/** The localizer: Foundry-style placeholders and nested keys. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { formatTemplate, makeLocalizer } from "../../scripts/core/i18n.mjs";

test("i18n: Foundry-style placeholders and nested keys", () => {
  assert.equal(formatTemplate("{a} and {b} and {c}", { a: 1, b: "x" }), "1 and x and {c}");
  const l = makeLocalizer({ A: { B: "hi {n}" }, "C.D": "flat" });
  assert.equal(l.format("A.B", { n: 2 }), "hi 2");
  assert.equal(l.localize("C.D"), "flat");
  assert.equal(l.has("A.Z"), false);
});
