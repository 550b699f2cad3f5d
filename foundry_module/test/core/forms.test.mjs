/** The dialogs' forms (core/forms.mjs): what the GM and players fill in, in their language, names as text. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  autopilotFormHtml,
  declarationFormHtml,
  fieldsFormHtml,
  statsFormHtml,
} from "../../scripts/core/forms.mjs";
import { makeLocalizer } from "../../scripts/core/i18n.mjs";

const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8")),
    name,
  );
const en = lang("en");

test("a declaration names its targets as text, in the reader's language, the current one chosen", () => {
  const others = [
    { id: "r2", name: "Tlaloc" },
    { id: "b1", name: "<img src=x onerror=alert(1)>" },
  ];
  const fresh = declarationFormHtml(others, en);
  assert.doesNotMatch(fresh, /<img/, "a token's name is text, never markup");
  assert.match(fresh, /<option value="b1">&lt;img src=x onerror=alert\(1\)&gt;<\/option>/);
  assert.doesNotMatch(fresh, / selected/);
  const change = declarationFormHtml(others, lang("ru"), {
    action: "knock_off",
    target: "r2",
    skill: "acrobatics",
  });
  assert.match(change, /<option value="knock_off" selected>/);
  assert.match(change, /<option value="r2" selected>Tlaloc<\/option>/);
  assert.match(change, /<option value="acrobatics" selected>/);
  assert.doesNotMatch(change, /BALLCOURT\./);
  const defend = declarationFormHtml(others, en, { action: "defend", target: "r2" }, [
    { id: "r2", name: "Tlaloc" },
  ]);
  const [, targets, defended] = defend.match(
    /<select name="target">(.*?)<\/select>.*<select name="defend">(.*?)<\/select>/s,
  );
  assert.match(
    defended,
    /<option value="r2" selected>Tlaloc<\/option>/,
    "a Defend names a teammate, from its own list",
  );
  assert.doesNotMatch(defended, /b1/, "never an opponent");
  assert.doesNotMatch(targets, / selected/);
});

test("the menu's small form, the stats form and the autopilot form carry every field, no key left", () => {
  const small = fieldsFormHtml(
    [
      ["seed", "BALLCOURT.Menu.Seed", 7],
      ["zones", "BALLCOURT.Menu.Zones", 4],
    ],
    en,
    "4 zones suit them",
  );
  assert.match(
    small,
    /^<p class="hint ballcourt-tune">4 zones suit them<\/p><label>[^<]+ <input name="seed" value="7"><\/label>/,
  );
  const stats = statsFormHtml(
    {
      game: "yaotzin",
      fields: ["str", "dex"],
      feats: ["power_attack"],
      current: { str: 14, feats: ["power_attack"] },
      typed: { items: "a <b> | metal", effects: "", traits: "" },
    },
    en,
  );
  assert.match(stats, /name="str" value="14"/);
  assert.match(stats, /name="dex" value=""/);
  assert.match(stats, /name="feat.power_attack"\s+checked/);
  assert.match(stats, /a &lt;b&gt; \| metal<\/textarea>/);
  const auto = autopilotFormHtml(
    {
      teams: ["red", "<blue>"],
      modes: { red: "act" },
      tactics: { red: "press-ball" },
      presets: ["press-ball"],
      words: "BALLCOURT.Autopilot",
      selected: 2,
      modeNames: ["off", "suggest", "act"],
    },
    en,
  );
  assert.match(
    auto,
    /name="team-red"><option value="off">[^<]+<\/option><option value="suggest">[^<]+<\/option><option value="act" selected>/,
  );
  assert.match(auto, /name="tactics-red" list="ballcourt-presets" value="press-ball"/);
  assert.match(auto, /name="tokens"/);
  assert.doesNotMatch(auto, /<blue>|BALLCOURT\./);
});
