/**
 * The roll-request card's core: rows as flag data, their one-way transitions, who may press
 * what, and the card each reader sees in his own language.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import {
  CANCEL,
  ROLL,
  ROLL_FOR,
  ROW_CANCELLED,
  ROW_EXPIRED,
  ROW_PENDING,
  ROW_ROLLED,
  actionId,
  cardFlags,
  cardKeeper,
  cardView,
  expireChanges,
  mayPressRow,
  outcomeOf,
  parseAction,
  renderRequestCard,
  settleRow,
} from "../../scripts/core/roll-request-card.mjs";

const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8")),
    name,
  );
const NAMES = { gm: "GM", alice: "Alice", bob: "Bob" };
const userName = (id) => NAMES[id];

const batch = () =>
  cardFlags([
    {
      id: "r1",
      sceneId: "s1",
      tokenId: "yo",
      name: "Yolteotl",
      owner: "bob",
      check: { type: "save", id: "reflex" },
      advantage: false,
      state: "pending",
      roll: null,
    },
    {
      id: "r2",
      sceneId: "s1",
      tokenId: "ix",
      name: "Ixpoetchitl",
      owner: "alice",
      check: { type: "skill", id: "athletics" },
      advantage: true,
    },
  ]);

/** A reader: the GM, or a player owning the tokens listed. */
const gm = { isGM: true, owns: () => true };
const player = (...tokens) => ({ isGM: false, owns: (row) => tokens.includes(row.tokenId) });

test("a batch becomes rows in order, each pending with its check; nothing else of the request is kept", () => {
  const flags = batch();
  assert.deepEqual(flags.order, ["r1", "r2"]);
  assert.deepEqual(flags.rows.r1, {
    id: "r1",
    sceneId: "s1",
    tokenId: "yo",
    name: "Yolteotl",
    owner: "bob",
    check: { type: "save", id: "reflex" },
    advantage: false,
    state: ROW_PENDING,
    by: null,
    total: null,
  });
  assert.equal(flags.rows.r2.advantage, true);
  assert.deepEqual(JSON.parse(JSON.stringify(flags)), flags, "plain data: it is stored in flags");
});

test("a card is kept by the GM whose page asked while he is connected, else by the companion's GM", () => {
  const asked = cardFlags(
    [
      {
        id: "r1",
        sceneId: "s1",
        tokenId: "yo",
        name: "Y",
        owner: "bob",
        check: { type: "save", id: "reflex" },
      },
    ],
    "maria",
  );
  assert.equal(asked.askedBy, "maria");
  const connected =
    (...ids) =>
    (id) =>
      ids.includes(id);
  assert.equal(
    cardKeeper(asked, connected("gm", "maria"), "gm"),
    "maria",
    "the co-GM's page awaits its rows",
  );
  assert.equal(
    cardKeeper(asked, connected("gm"), "gm"),
    "gm",
    "once she has left, the companion's GM expires them",
  );
  assert.equal(
    cardKeeper(batch(), connected("gm", "maria"), "gm"),
    "gm",
    "a card without its asker: the companion's GM's",
  );
  assert.equal(cardKeeper(asked, connected(), null), null, "no GM connected: nobody");
});

test("a row is settled once: rolled, cancelled or expired, and never again", () => {
  const row = batch().rows.r1;
  const rolled = settleRow(row, { state: ROW_ROLLED, by: "bob", total: 17 });
  assert.deepEqual([rolled.state, rolled.by, rolled.total], [ROW_ROLLED, "bob", 17]);
  assert.equal(row.state, ROW_PENDING, "the old row is left as it was");
  assert.equal(settleRow(rolled, { state: ROW_ROLLED, by: "gm", total: 3 }), null, "a second roll");
  assert.equal(settleRow(rolled, { state: ROW_CANCELLED }), null, "a cancel after the roll");
  const cancelled = settleRow(row, { state: ROW_CANCELLED });
  assert.equal(cancelled.state, ROW_CANCELLED);
  assert.equal(
    settleRow(cancelled, { state: ROW_ROLLED, by: "bob", total: 9 }),
    null,
    "a late answer",
  );
  assert.equal(settleRow(row, { state: ROW_EXPIRED }).state, ROW_EXPIRED);
  assert.equal(
    settleRow(row, { state: ROW_ROLLED, by: "bob", total: "lots" }),
    null,
    "a roll without a total",
  );
  assert.equal(settleRow(row, { state: "exploded" }), null);
  assert.equal(settleRow(undefined, { state: ROW_CANCELLED }), null, "an unknown row");
});

test("a settled request's outcome: its roll's total and who rolled, or a cancel", () => {
  assert.deepEqual(outcomeOf({ state: "rolled", by: "bob", roll: { total: 12 } }), {
    state: ROW_ROLLED,
    by: "bob",
    total: 12,
  });
  assert.deepEqual(outcomeOf({ state: "cancelled", by: null, roll: null }), {
    state: ROW_CANCELLED,
  });
});

test("expiring a card touches only its waiting rows, as dotted flag paths", () => {
  const flags = batch();
  flags.rows.r1 = settleRow(flags.rows.r1, { state: ROW_ROLLED, by: "bob", total: 17 });
  const changes = expireChanges(flags, "flags.ballcourt.rollCard");
  assert.deepEqual(Object.keys(changes), ["flags.ballcourt.rollCard.rows.r2"]);
  assert.equal(changes["flags.ballcourt.rollCard.rows.r2"].state, ROW_EXPIRED);
  assert.deepEqual(expireChanges(null, "x"), {});
});

test("who may press: the owner his row's Roll; the GM Roll for them and Cancel; nobody a settled row", () => {
  const { r1 } = batch().rows;
  assert.equal(mayPressRow(r1, ROLL, player("yo")), true);
  assert.equal(mayPressRow(r1, ROLL, player("ix")), false, "not his token");
  assert.equal(mayPressRow(r1, ROLL_FOR, player("yo")), false);
  assert.equal(mayPressRow(null, CANCEL, player("yo")), false);
  assert.equal(mayPressRow(r1, ROLL, gm), false, "the GM rolls for them instead");
  assert.equal(mayPressRow(r1, ROLL_FOR, gm), true);
  assert.equal(mayPressRow(null, CANCEL, gm), true);
  const done = settleRow(r1, { state: ROW_ROLLED, by: "bob", total: 17 });
  assert.equal(mayPressRow(done, ROLL, player("yo")), false);
  assert.equal(mayPressRow(done, ROLL_FOR, gm), false);
  assert.equal(mayPressRow(r1, "explode", gm), false);
});

test("button values round-trip; anything else is no action", () => {
  assert.equal(actionId(ROLL, "r1"), "roll:r1");
  assert.deepEqual(parseAction(actionId(ROLL_FOR, "r2")), { action: ROLL_FOR, rowId: "r2" });
  assert.deepEqual(parseAction(actionId(CANCEL)), { action: CANCEL, rowId: null });
  assert.equal(parseAction("apply"), null);
  assert.equal(parseAction(undefined), null);
});

test("each reader's view: Bob his Roll, Alice hers, the GM Roll for them on each and Cancel", () => {
  const flags = batch();
  const buttons = (viewer) => cardView(flags, viewer).rows.map((r) => r.buttons);
  assert.deepEqual(buttons(player("yo")), [[ROLL], []]);
  assert.deepEqual(buttons(player("ix")), [[], [ROLL]]);
  assert.deepEqual(buttons(gm), [[ROLL_FOR], [ROLL_FOR]]);
  assert.equal(cardView(flags, player("yo")).cancel, false);
  assert.equal(cardView(flags, gm).cancel, true);
  for (const id of flags.order)
    flags.rows[id] = settleRow(flags.rows[id], { state: ROW_CANCELLED });
  assert.equal(cardView(flags, gm).cancel, false, "nothing left to cancel");
});

test("the card renders each row's state and only the reader's buttons, in his language", () => {
  const flags = batch();
  flags.rows.r2 = settleRow(flags.rows.r2, { state: ROW_ROLLED, by: "alice", total: 18 });
  const bob = renderRequestCard(flags, player("yo"), lang("en"), userName);
  assert.match(
    bob,
    /<li class="ballcourt-roll-row" data-request="r1" data-state="pending"><b>Yolteotl<\/b> · Bob · Reflex save: <span class="ballcourt-roll-state">waiting<\/span><button type="button" data-ballcourt-action="roll:r1">Roll<\/button><\/li>/,
  );
  assert.match(
    bob,
    /<b>Ixpoetchitl<\/b> · Alice · Athletics check \(advantage\): <span class="ballcourt-roll-state">rolled 18 \(Alice\)<\/span><\/li>/,
  );
  assert.doesNotMatch(bob, /rollFor|cancel/);
  const alice = renderRequestCard(flags, player("ix"), lang("en"), userName);
  assert.doesNotMatch(alice, /<button/, "her row is rolled; Bob's is not hers");
  const master = renderRequestCard(flags, gm, lang("en"), userName);
  assert.match(master, /data-ballcourt-action="rollFor:r1">Roll for them</);
  assert.match(master, /data-ballcourt-action="cancel">Cancel the checks</);
  const ru = renderRequestCard(flags, player("yo"), lang("ru"), userName);
  assert.match(ru, /<header class="ballcourt-title">Запросы бросков<\/header>/);
  assert.match(
    ru,
    /спасбросок Реакции: <span class="ballcourt-roll-state">ждём<\/span><button type="button" data-ballcourt-action="roll:r1">Бросить</,
  );
  assert.match(ru, /выпало 18 \(Alice\)/);
  flags.rows.r1 = settleRow(flags.rows.r1, { state: ROW_EXPIRED });
  assert.match(renderRequestCard(flags, gm, lang("en"), userName), /no longer awaited/);
});

test("names on the card are escaped", () => {
  const flags = cardFlags([
    {
      id: "r1",
      sceneId: "s",
      tokenId: "t",
      name: "<img src=x>",
      owner: "u",
      check: { type: "save", id: "reflex" },
    },
  ]);
  assert.doesNotMatch(
    renderRequestCard(flags, gm, lang("en"), () => "<b>x</b>"),
    /<img|<b>x/,
  );
});
