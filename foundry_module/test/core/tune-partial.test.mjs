/** A tune the companion cut at its time limit, and one still working (the GM sees its progress). */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import { tuneNote, tuneProgress } from "../../scripts/core/tune.mjs";

const lang = (code) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${code}.json`, import.meta.url), "utf8")),
    code,
  );
const answer = {
  zones: 4,
  finish_within_budget: 0.6,
  budget: 40,
  matches: 16,
  partial: true,
  results: [{ zones: 4, finish_within_budget: 0.6, upset_rate: 0.1 }],
};

test("a partial answer says it came from fewer matches, in both languages", () => {
  assert.match(
    tuneNote(answer, {}, lang("en")),
    /end within 40 passes; upsets 10%\. \(From 16 matches a zone count: the companion's time limit came first\.\)$/,
  );
  assert.match(
    tuneNote(answer, {}, lang("ru")),
    /\(По 16 матчам на каждое число зон: отведённое компаньону время кончилось раньше\.\)$/,
  );
  assert.doesNotMatch(tuneNote({ ...answer, partial: false }, {}, lang("en")), /time limit/);
});

test("a stage of a tune still working says how far it is and what it says so far, without the time limit's words", () => {
  const stage = {
    matches: 10,
    of: 400,
    seconds: 5.04,
    limit: 30,
    answer: { ...answer, matches: 10 },
  };
  assert.equal(
    tuneProgress(stage, {}, lang("en")),
    "Zone suggestion still working: 10 of 400 matches a zone count played" +
      " (5 s, at most 30 s). So far: Suggested for this roster: with 4 zones, 60% of matches end within 40 passes; upsets 10%.",
  );
  assert.match(
    tuneProgress(stage, {}, lang("ru")),
    /^Подбор зон ещё идёт: сыграно 10 из 400 матчей .*Пока что: /,
  );
  assert.equal(
    tuneProgress({ ...stage, answer: {} }, {}, lang("en")),
    "Zone suggestion still working: 10 of 400 matches a zone count played (5 s, at most 30 s).",
    "an answer without figures: how far only",
  );
  assert.equal(tuneProgress({ seconds: 3 }, {}, lang("en")), null, "no counts: nothing to say");
});
