/**
 * The chat cards as they render: both languages, their state, a rolling ball, escaped text,
 * Roll data.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { renderCard, rollData } from "../../scripts/core/cards.mjs";
import { makeLocalizer } from "../../scripts/core/i18n.mjs";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), "utf8"));
const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8")),
    name,
  );

test("cards render in English and Russian from the same data, with type=button buttons", () => {
  const card = fixture("kick").chat_card;
  const en = renderCard(card, lang("en"));
  assert.match(en, /Ixpoetchitl kicks at \(18, 12\)/);
  assert.match(en, /Yolteotl may intercept at \(13, 12\): Reflex DC 15\./);
  assert.equal([...en.matchAll(/<button /g)].length, 2);
  assert.equal([...en.matchAll(/<button type="button"/g)].length, 2);
  const ru = renderCard(card, lang("ru"));
  assert.match(ru, /Ixpoetchitl бьёт в \(18, 12\)/);
  assert.match(ru, /Применить/);
});

test("card state: applied disables Apply and offers Undo; used actions are disabled", () => {
  const card = fixture("kick").chat_card;
  const applied = renderCard(card, lang("en"), {
    applied: true,
    resolved: new Set(["intercept:yo"]),
  });
  assert.match(applied, /data-ballcourt-action="apply" disabled/);
  assert.match(applied, /data-ballcourt-action="intercept:yo" disabled/);
  assert.match(applied, /data-ballcourt-action="undo"/);
  const undone = renderCard(card, lang("en"), { applied: true, undone: true });
  assert.doesNotMatch(undone, /data-ballcourt-action="undo"/);
  assert.match(undone, /data-ballcourt-action="apply">/);
});

test("a rolling ball: each player tries once per ball action; once he has, his other squares are gone", () => {
  const card = fixture("tick").chat_card;
  const stops = card.actions.filter((a) => a.id.startsWith("stop:"));
  assert.ok(
    stops.length >= 2 && stops.every((a) => a.once === `stop:${a.payload.player}`),
    JSON.stringify(stops),
  );
  const fresh = renderCard(card, lang("en"));
  for (const a of stops) assert.match(fresh, new RegExp(`data-ballcourt-action="${a.id}">`));
  const tried = renderCard(card, lang("en"), { resolved: new Set([stops[1].id]) });
  assert.match(tried, new RegExp(`data-ballcourt-action="${stops[1].id}" disabled`));
  for (const a of stops.filter((x) => x.once === stops[1].once && x.id !== stops[1].id)) {
    assert.doesNotMatch(tried, new RegExp(`data-ballcourt-action="${a.id}"`));
  }
});

test("text from a card is escaped", () => {
  const card = {
    kind: "x",
    title: {
      key: "BALLCOURT.Card.Intercept.Title",
      data: { player: "<img src=x onerror=alert(1)>" },
    },
    lines: [],
    rolls: [],
    actions: [],
  };
  assert.doesNotMatch(renderCard(card, lang("en")), /<img/);
});

test("companion rolls become Roll data with faces and modifiers", () => {
  const [attack, , corner] = rollData(fixture("kick").rolls);
  assert.deepEqual(
    [attack.count, attack.sides, attack.faces, attack.modifier, attack.total],
    [1, 20, [9], -9, 0],
  );
  assert.equal(corner.sides, 2);
  const [, damage] = rollData(fixture("intercept").rolls);
  assert.deepEqual([damage.count, damage.sides, damage.faces, damage.total], [3, 3, [1, 2, 3], 6]);
  const adv = rollData([
    { name: "c", formula: "2d20kh1+2", natural: [3, 15], kept: 15, total: 17 },
  ])[0];
  assert.equal(adv.modifier, 2);
});
