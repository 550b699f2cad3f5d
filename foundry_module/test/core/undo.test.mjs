/**
 * Undo on any card whose effects are still the latest for what it touched: the pure judgement
 * (core/undo.mjs), then the glue against fakes: an older card undone under a newer one, a
 * later card or a hand move that overtook it, the companion refusing a later event built on it.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";

import {
  cardOfEvent,
  describeBlocker,
  nextStamp,
  touched,
  undoBlockers,
} from "../../scripts/core/undo.mjs";
import { makeLocalizer } from "../../scripts/core/i18n.mjs";
import { applyOnlyCard, courtScene, damageTo, fixture } from "../fakes/scenes.mjs";
import { connectTo, fakeCompanion } from "../fakes/companion.mjs";
import { installFoundry } from "../fakes/foundry.mjs";

const lang = (name) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../lang/${name}.json`, import.meta.url), "utf8")),
    name,
  );

const chat = await import("../../scripts/foundry/cards/chat.mjs");
const link = await import("../../scripts/foundry/world/link.mjs");
await import("../../scripts/foundry/yaotzin/yaotzin.mjs");

const rec = (stamp, t, seqs = []) => ({ stamp, touched: touched(t), seqs });

test("touched: the tokens moved (where they were left), actors and states, once each", () => {
  const t = touched({
    moves: [{ _id: "ball", x: 100, y: 200, "flags.ballcourt.ball": {} }, { _id: "ix" }],
    actors: ["yo", "yo"],
    states: ["r1"],
  });
  assert.deepEqual(t, { tokens: { ball: { x: 100, y: 200 } }, actors: ["yo"], states: ["r1"] });
});

test("stamps keep the order cards were applied in, even when the clock goes back", () => {
  assert.equal(nextStamp([], 500), 500);
  assert.equal(nextStamp([500, 900], 700), 901);
  assert.equal(nextStamp([500, undefined], 700), 700);
});

test("an older card is still latest when later cards touched other things", () => {
  const a = { id: "a", record: rec(1, { actors: ["yo"] }) };
  const b = { id: "b", record: rec(2, { moves: [{ _id: "ball", x: 0, y: 0 }] }) };
  const positions = new Map([["ball", { x: 0, y: 0 }]]);
  assert.deepEqual(undoBlockers(a, [a, b], positions), []);
  assert.deepEqual(undoBlockers(b, [a, b], positions), []);
});

test("a later card that touched the same thing blocks, the first such card named once per thing", () => {
  const a = { id: "a", record: rec(1, { moves: [{ _id: "ball", x: 0, y: 0 }], actors: ["yo"] }) };
  const b = { id: "b", record: rec(3, { moves: [{ _id: "ball", x: 100, y: 0 }] }) };
  const c = { id: "c", record: rec(2, { moves: [{ _id: "ball", x: 200, y: 0 }], actors: ["yo"] }) };
  const positions = new Map([["ball", { x: 100, y: 0 }]]);
  assert.deepEqual(undoBlockers(a, [b, a, c], positions), [
    { kind: "card", card: "c", thing: "token:ball" },
    { kind: "card", card: "c", thing: "actor:yo" },
  ]);
  assert.deepEqual(
    undoBlockers(b, [b, a, c], positions),
    [],
    "the newest is never blocked by older ones",
  );
});

test("a token moved by hand since, or gone, blocks; a card with no record of what it touched does not", () => {
  const a = {
    id: "a",
    record: rec(1, {
      moves: [
        { _id: "ball", x: 0, y: 0 },
        { _id: "ix", x: 5, y: 5 },
      ],
    }),
  };
  assert.deepEqual(undoBlockers(a, [a], new Map([["ball", { x: 0, y: 100 }]])), [
    { kind: "moved", thing: "token:ball" },
    { kind: "gone", thing: "token:ix" },
  ]);
  assert.deepEqual(
    undoBlockers({ id: "old", record: { seqAfter: 3, events: 1 } }, [a], new Map()),
    [],
  );
});

test("the card that posted a later event, and the reasons in both languages", () => {
  const cards = [
    { id: "a", record: rec(1, {}, [1, 2]) },
    { id: "b", record: rec(2, {}, [4]) },
  ];
  assert.equal(cardOfEvent(cards, 4).id, "b");
  assert.equal(cardOfEvent(cards, 3), null);
  const labels = { names: new Map([["ball", "Ball"]]), titles: new Map([["b", "Ix kicks"]]) };
  for (const l of [lang("en"), lang("ru")]) {
    const texts = [
      describeBlocker({ kind: "card", card: "b", thing: "token:ball" }, l, labels),
      describeBlocker({ kind: "moved", thing: "token:ball" }, l, labels),
      describeBlocker({ kind: "gone", thing: "actor:ball" }, l, labels),
      describeBlocker({ kind: "event", seq: 4, card: "b" }, l, labels),
      describeBlocker({ kind: "event", seq: 4, type: "carrier" }, l, labels),
      describeBlocker({ kind: "card", card: "b", thing: "state:ball" }, l, labels),
    ];
    for (const text of texts) assert.doesNotMatch(text, /BALLCOURT|\{/, text);
    assert.match(texts[0], /Ix kicks/);
    assert.match(texts[0], /Ball/);
    assert.match(texts[3], /Ix kicks/);
    assert.match(texts[4], /4 \(carrier\)/);
  }
});

// ---- the glue, against the fakes

let world;
beforeEach(() => {
  world = installFoundry();
});

const context = (scene) => ({
  game: "yaotzin",
  kind: "kick",
  sceneId: scene.id,
  matchId: "m1",
  owners: {},
});

/** A card that only hurts `player`: one damage event, nonlethal on his actor. */
const hurtCard = (scene, player, amount, title) =>
  chat.postCard(applyOnlyCard(title, damageTo(player, amount)), context(scene));

const kickCard = (scene) => chat.postCard(fixture("kick"), context(scene));

test("an older card is undone under a newer one that touched other things", async () => {
  const companion = fakeCompanion();
  await connectTo(link, companion);
  const scene = courtScene();
  const hurt = await hurtCard(scene, "yo", 3, "Yolteotl is hurt");
  const kick = await kickCard(scene);
  const yo = scene.tokens.get("yo").actor;
  const before = yo.system.attributes.hp.nonlethal ?? 0;
  assert.equal(await chat.performAction(hurt.id, "apply", "gm"), true);
  assert.equal(await chat.performAction(kick.id, "apply", "gm"), true);
  assert.equal(yo.system.attributes.hp.nonlethal, before + 3);
  assert.ok(kick.flags.ballcourt.record.stamp > hurt.flags.ballcourt.record.stamp);
  assert.deepEqual(
    [hurt.flags.ballcourt.record.seqs, kick.flags.ballcourt.record.seqs],
    [[1], [2]],
  );
  assert.equal(
    await chat.performAction(hurt.id, "undo", "gm"),
    true,
    world.notifications.at(-1)?.[1],
  );
  assert.deepEqual(
    companion.match.undone,
    [1],
    "the companion took out that card's event, not the last",
  );
  assert.equal(yo.system.attributes.hp.nonlethal, before);
  assert.equal(scene.tokens.get("ball").x, 2000, "the newer kick stays where it put the ball");
  assert.equal(kick.flags.ballcourt.undone, false);
  assert.equal(await chat.performAction(kick.id, "undo", "gm"), true);
  assert.equal(scene.tokens.get("ball").x, 1000);
});

test("a ball moved by hand since the card refuses its undo and says so", async () => {
  const companion = fakeCompanion();
  await connectTo(link, companion);
  const scene = courtScene();
  const kick = await kickCard(scene);
  await chat.performAction(kick.id, "apply", "gm");
  scene.tokens.get("ball").x = 2300;
  assert.equal(await chat.performAction(kick.id, "undo", "gm"), false);
  assert.match(
    world.notifications.at(-1)[1],
    /the token of Ball has been moved since this card was applied/,
  );
  assert.deepEqual(companion.match.undone, [], "nothing was undone on the match");
  assert.equal(kick.flags.ballcourt.undone, false);
});

test("the companion refusing a later event built on the card names the card that posted it", async () => {
  const companion = fakeCompanion({
    "/api/v1/matches/m1/events/undo": () => ({
      status: 409,
      body: {
        error: {
          code: "undo_conflict",
          message: "event 2 (damage) was built on event 1: undo it first",
          fields: { later: ["2"] },
        },
      },
    }),
  });
  await connectTo(link, companion);
  const scene = courtScene();
  const first = await hurtCard(scene, "yo", 2, "Yolteotl is hurt");
  const second = await hurtCard(scene, "ix", 1, "Ixpoetchitl is hurt");
  await chat.performAction(first.id, "apply", "gm");
  await chat.performAction(second.id, "apply", "gm");
  assert.equal(await chat.performAction(first.id, "undo", "gm"), false);
  assert.match(
    world.notifications.at(-1)[1],
    /later card “Ixpoetchitl is hurt” was resolved on this card's result/,
  );
  assert.equal(first.flags.ballcourt.undone, false);
  assert.equal(world.notifications.length, 1, "one notice, not two");
});

test("a card applied before log numbers were kept is undone only while its events are the newest", async () => {
  const companion = fakeCompanion();
  await connectTo(link, companion);
  const scene = courtScene();
  const old = await hurtCard(scene, "yo", 2, "Yolteotl is hurt");
  const other = await hurtCard(scene, "ix", 1, "Ixpoetchitl is hurt");
  await chat.performAction(old.id, "apply", "gm");
  const { undo, seqAfter, events } = old.flags.ballcourt.record;
  old.flags.ballcourt.record = { undo, seqAfter, events }; // what an older version stored
  await chat.performAction(other.id, "apply", "gm");
  assert.equal(await chat.performAction(old.id, "undo", "gm"), false);
  assert.match(world.notifications.at(-1)[1], /undo those first/);
  assert.equal(await chat.performAction(other.id, "undo", "gm"), true);
  assert.equal(await chat.performAction(old.id, "undo", "gm"), true);
  assert.deepEqual(
    companion.match.undone,
    [2, 1],
    "the older card's event by plain undo, marked so",
  );
  assert.equal(companion.match.seq, 0);
});
