/**
 * The referee's inspection card, pure: each finding's line in the reader's language
 * with its rule and how it was judged, Acknowledge or Override once per banned finding (the
 * card lifecycle refuses a second choice).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { refusal } from "../../scripts/core/card-lifecycle.mjs";
import { renderCard } from "../../scripts/core/cards.mjs";
import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import { inspectionCard } from "../../scripts/core/inspection-card.mjs";

const lang = (code) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${code}.json`, import.meta.url), "utf8")),
    code,
  );
const FINDINGS = [
  {
    kind: "metal",
    what: "Chain shirt",
    why: "its name says metal (chain)",
    by_name: true,
    allowed: false,
  },
  {
    kind: "magic_effect",
    what: "Bull's Strength",
    why: "it comes from a spell",
    by_name: false,
    allowed: false,
  },
  {
    kind: "extraordinary",
    what: "Evasion (Ex)",
    why: "an extraordinary (Ex) ability",
    by_name: false,
    allowed: true,
  },
];

test("each finding reads with its rule and how it was judged, in English and in Russian", () => {
  const card = inspectionCard("Ixpoetchitl", FINDINGS);
  const en = renderCard(card, lang("en")).replaceAll("&#39;", "'");
  assert.match(en, /The referee's inspection: Ixpoetchitl/);
  assert.match(
    en,
    /Chain shirt: no metal on the court, ornaments included \(judged by its name\)\./,
  );
  assert.match(
    en,
    /Bull's Strength: no spell, spell-like or supernatural ability in effect \(by the sheet's own data\)\./,
  );
  assert.match(
    en,
    /Evasion \(Ex\): an extraordinary ability \(by the sheet's own data\): the GM's call, allowed\./,
  );
  const ru = renderCard(card, lang("ru")).replaceAll("&#39;", "'");
  assert.match(ru, /Осмотр судьи: Ixpoetchitl/);
  assert.match(ru, /Chain shirt: никакого металла на поле, украшения тоже \(судя по названию\)\./);
  assert.match(ru, /Подтвердить: Chain shirt/);
  assert.doesNotMatch(ru, /judged|Acknowledge/);
  assert.match(renderCard(inspectionCard("Yolteotl", []), lang("en")), /Nothing the rules ban\./);
});

test("Acknowledge and Override once for each banned finding, none for the allowed; the second choice is refused", () => {
  const card = inspectionCard("Ixpoetchitl", FINDINGS);
  assert.deepEqual(
    card.actions.map((a) => a.id),
    ["acknowledge:0", "override:0", "acknowledge:1", "override:1"],
  );
  assert.equal(refusal(card, "open", "override:0"), null);
  assert.equal(
    refusal(card, "open", "override:0", new Set(["acknowledge:0"])).key,
    "BALLCOURT.Lifecycle.Used",
  );
  assert.equal(
    refusal(card, "open", "acknowledge:1", new Set(["acknowledge:0"])),
    null,
    "each finding is its own choice",
  );
  assert.equal(
    refusal(card, "open", "override:2").key,
    "BALLCOURT.Lifecycle.NoSuchAction",
    "an allowed finding asks nothing",
  );
  assert.equal(refusal(card, "open", "apply").key, "BALLCOURT.Lifecycle.NoSuchAction");
  const shown = renderCard(card, lang("en"), { resolved: new Set(["override:0"]) });
  assert.doesNotMatch(
    shown,
    /Acknowledge: Chain shirt/,
    "the choice made, the other button is gone",
  );
});
