/** A tune the companion cut at its time limit (issue 28), and one refused while another runs. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { makeLocalizer } from "../scripts/core/i18n.mjs";
import { tuneNote } from "../scripts/core/tune.mjs";

const lang = (code) => makeLocalizer(JSON.parse(readFileSync(new URL(`../lang/${code}.json`, import.meta.url), "utf8")), code);
const answer = { zones: 4, finish_within_budget: 0.6, budget: 40, matches: 16, partial: true,
  results: [{ zones: 4, finish_within_budget: 0.6, upset_rate: 0.1 }] };

test("a partial answer says it came from fewer matches, in both languages", () => {
  assert.match(tuneNote(answer, {}, lang("en")),
    /end within 40 passes; upsets 10%\. \(From 16 matches a zone count: the companion's time limit came first\.\)$/);
  assert.match(tuneNote(answer, {}, lang("ru")), /\(По 16 матчам на каждое число зон: отведённое компаньону время кончилось раньше\.\)$/);
  assert.doesNotMatch(tuneNote({ ...answer, partial: false }, {}, lang("en")), /time limit/);
});
