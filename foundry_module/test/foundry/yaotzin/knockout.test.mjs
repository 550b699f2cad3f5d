/**
 * Times knocked out, Yaotzin: a card's Apply reads each damaged player's hit points and
 * nonlethal damage through the system's adapter after the damage, and marks his damage event
 * `knocked_out` when it has just put him out (D&D 3.5 and pf1: nonlethal damage above current
 * hit points; equal only staggers). A sheet without hit points is never marked. Undo as before;
 * the match report counts the mark (against a real `ballcourt serve`).
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { io } from "socket.io-client";

import { adapterFor } from "../../../scripts/adapters/index.mjs";
import { knockedOutNow, markKnockouts } from "../../../scripts/core/apply.mjs";
import { connectTo, fakeCompanion } from "../../fakes/companion.mjs";
import {
  FakeActor,
  FakeDnd5eActor,
  FakeScene,
  FakeToken,
  installFoundry,
  settle,
  until,
} from "../../fakes/foundry.mjs";
import { startCompanion } from "../../fakes/live-companion.mjs";
import { applyOnlyCard, courtScene, damageTo, fixture } from "../../fakes/scenes.mjs";

const chat = await import("../../../scripts/foundry/cards/chat.mjs");
const link = await import("../../../scripts/foundry/world/link.mjs");
const report = await import("../../../scripts/foundry/cards/report.mjs");
await import("../../../scripts/foundry/yaotzin/yaotzin.mjs");

/** A card that only hurts `player` for `amount` nonlethal: one damage event, as an interception's deflection. */
function hurtCard(scene, player, amount, matchId = "m1") {
  const { events, damage } = damageTo(player, amount, { action: "intercept", player });
  return chat.postCard(
    applyOnlyCard("Hurt", {
      events: [{ type: "ball", x: 13, y: 14, speed: 0, direction: null }, ...events],
      damage,
    }),
    { game: "yaotzin", kind: "intercept", sceneId: scene.id, matchId, owners: {} },
  );
}

const damageEvents = (companion) => companion.match.log.filter((e) => e.type === "damage");

/** Yolteotl (D35E) with `value` hit points and `nonlethal` taken already. */
function hurtYolteotl(scene, value, nonlethal = 0) {
  Object.assign(scene.tokens.get("yo").actor.system.attributes.hp, { value, nonlethal });
  return scene.tokens.get("yo").actor;
}

test("the 3.5 adapters judge nonlethal against current hit points; dnd5e and typed-in numbers never", () => {
  const actor = (value, nonlethal) => ({
    system: { attributes: { hp: { value, max: 20, nonlethal } } },
  });
  for (const system of ["pf1", "D35E"]) {
    const a = adapterFor(system);
    assert.deepEqual(
      [
        a.outFromNonlethal(actor(5, 6)),
        a.outFromNonlethal(actor(6, 6)),
        a.outFromNonlethal(actor(6, 5)),
      ],
      [true, false, false],
      `${system}: above is out, equal only staggered`,
    );
    assert.equal(
      a.outFromNonlethal({ system: {} }),
      null,
      `${system}: no hit points, no judgement`,
    );
    assert.equal(a.outFromNonlethal(actor(null, 6)), null);
  }
  assert.equal(
    adapterFor("pf1").outFromNonlethal(fixture("actors/pf1")),
    false,
    "the recorded pf1 sheet: 18 hp, 2 nonlethal",
  );
  assert.equal(adapterFor("dnd5e").outFromNonlethal(fixture("actors/dnd5e")), null);
  assert.equal(
    adapterFor("swade").outFromNonlethal({ flags: { ballcourt: { nonlethal: 99 } } }),
    null,
  );
});

test("the 3.5 adapters count temporary hit points: nonlethal must exceed current plus temporary (issue 26)", () => {
  const actor = (value, temp, nonlethal) => ({
    system: { attributes: { hp: { value, max: 20, temp, nonlethal } } },
  });
  for (const system of ["pf1", "D35E"]) {
    const a = adapterFor(system);
    assert.deepEqual(
      [
        a.outFromNonlethal(actor(5, 3, 8)),
        a.outFromNonlethal(actor(5, 3, 9)),
        a.outFromNonlethal(actor(5, null, 6)),
        a.outFromNonlethal(actor(5, "", 6)),
      ],
      [false, true, true, true],
      `${system}: 8 on 5 + 3 temporary only staggers; 9 is out; no temporary field counts 0`,
    );
  }
});

test("markKnockouts marks the damage event of each player just put out, nothing else", () => {
  const events = [
    { type: "ball", x: 1, y: 1 },
    { type: "damage", player: "yo", nonlethal: 6 },
    { type: "damage", player: "ix", nonlethal: 2 },
  ];
  const out = knockedOutNow(
    new Map([
      ["yo", false],
      ["ix", true],
      ["tl", null],
    ]),
    new Map([
      ["yo", true],
      ["ix", true],
      ["tl", null],
    ]),
  );
  assert.deepEqual(
    [...out],
    ["yo"],
    "Ixpoetchitl was out already; Tlaloc's sheet has no hit points",
  );
  assert.deepEqual(markKnockouts(events, out), [
    events[0],
    { ...events[1], knocked_out: true },
    events[2],
  ]);
  assert.equal("knocked_out" in events[1], false, "the card's own payload is left as it was");
});

test("D35E: 6 nonlethal on Yolteotl's 5 hit points knocks him out: the damage event says so; Undo takes all back", async () => {
  installFoundry({ system: "D35E" });
  const companion = fakeCompanion();
  await connectTo(link, companion);
  const scene = courtScene();
  const yo = hurtYolteotl(scene, 5);
  const card = await hurtCard(scene, "yo", 6);
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  assert.equal(yo.system.attributes.hp.nonlethal, 6);
  assert.deepEqual(
    damageEvents(companion).map((e) => [e.player, e.nonlethal, e.knocked_out]),
    [["yo", 6, true]],
  );
  assert.equal(await chat.performAction(card.id, "undo", "gm"), true);
  assert.equal(yo.system.attributes.hp.nonlethal, 0, "Undo restores his nonlethal damage");
  assert.deepEqual(
    companion.match.undone,
    [1, 2],
    "and takes the card's events, the marked one too, off the match",
  );
});

test("pf1: damage equal to his hit points only staggers him; a player already out is not knocked out again", async () => {
  installFoundry({ system: "pf1" });
  const companion = fakeCompanion();
  await connectTo(link, companion);
  const scene = courtScene();
  scene.tokens.get("yo").actor = new FakeActor({ ...fixture("actors/pf1"), owners: ["bob"] });
  hurtYolteotl(scene, 6);
  assert.equal(await chat.performAction((await hurtCard(scene, "yo", 6)).id, "apply", "gm"), true);
  hurtYolteotl(scene, 5, 8);
  assert.equal(await chat.performAction((await hurtCard(scene, "yo", 2)).id, "apply", "gm"), true);
  assert.deepEqual(
    damageEvents(companion).map((e) => "knocked_out" in e),
    [false, false],
  );
});

test("sheets the 3.5 rule does not read leave the event unmarked: dnd5e (no such rule), typed-in numbers (no hit points)", async () => {
  for (const system of ["dnd5e", "swade"]) {
    installFoundry({ system });
    const companion = fakeCompanion();
    await connectTo(link, companion);
    const scene = courtScene();
    scene.tokens.get("yo").actor = new FakeDnd5eActor({
      ...fixture("actors/dnd5e"),
      owners: ["bob"],
    });
    scene.tokens.get("yo").actor.system.attributes.hp.value = 1;
    assert.equal(
      await chat.performAction((await hurtCard(scene, "yo", 6)).id, "apply", "gm"),
      true,
    );
    assert.deepEqual(
      damageEvents(companion).map((e) => [e.nonlethal, "knocked_out" in e]),
      [[6, false]],
      system,
    );
  }
});

test("the companion refuses the events: the damage applied first is taken back, the card stays unapplied", async () => {
  const world = installFoundry({ system: "D35E" });
  const refused = {
    status: 422,
    body: { error: { code: "unknown_player", message: "yo is on no roster" } },
  };
  const companion = fakeCompanion({ "/api/v1/matches/m1/events": () => refused });
  await connectTo(link, companion);
  const scene = courtScene();
  const yo = hurtYolteotl(scene, 5);
  const card = await hurtCard(scene, "yo", 6);
  assert.equal(await chat.performAction(card.id, "apply", "gm"), false);
  await settle();
  assert.equal(yo.system.attributes.hp.nonlethal, 0);
  assert.equal(card.flags.ballcourt.applied, false);
  assert.match(world.notifications.at(-1)[1], /roster/);
});

// ---- against a real companion: the match report counts the module's mark

const TOKEN = "knockout-integration-token";
let live = null;
after(() => {
  link.getLink()?.close();
  live?.stop();
});

test("the match report's Out column counts the knock-out the module marked, and not an undone one", async () => {
  live = await startCompanion(TOKEN);
  installFoundry({ system: "D35E", settings: { companionUrl: live.url, token: TOKEN } });
  link.startLink({ ioFactory: io, pageUrl: "http://localhost:30000/game" });
  assert.ok(
    await until(() => link.getLink().status === "connected"),
    "the link connects, however slowly",
  );
  const match = await link.companion("POST", "/api/v1/matches", {
    game: "yaotzin",
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
  });
  const yo = new FakeToken({
    id: "yo",
    name: "Yolteotl",
    x: 1300,
    y: 1200,
    flags: { ballcourt: { team: "moon" } },
    actor: new FakeActor({ ...fixture("actors/d35e") }),
  });
  const scene = new FakeScene({
    tokens: [yo],
    flags: {
      ballcourt: {
        game: "yaotzin",
        matchId: match.id,
        mapping: { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 },
        field: { length: 72, width: 24 },
      },
    },
  });
  globalThis.game.scenes.set(scene.id, scene);
  hurtYolteotl(scene, 5);
  const outCell = async () => {
    const message = await report.postReport(match.id);
    return /<tr [^>]*data-player="yo"[^>]*>.*?<td data-field="knocked_out">(\d+)<\/td>/s.exec(
      message.content,
    )?.[1];
  };

  const knocked = await hurtCard(scene, "yo", 6, match.id);
  assert.equal(await chat.performAction(knocked.id, "apply", "gm"), true);
  const box = await link.companion("GET", `/api/v1/matches/${match.id}/report`);
  assert.deepEqual([box.players.yo.knocked_out, box.players.yo.nonlethal], [1, 6]);
  assert.equal(await outCell(), "1", "the report card shows Yolteotl knocked out once");

  const more = await hurtCard(scene, "yo", 3, match.id); // already out: more damage is no second knock-out
  assert.equal(await chat.performAction(more.id, "apply", "gm"), true);
  assert.equal(await outCell(), "1");
  assert.equal(await chat.performAction(more.id, "undo", "gm"), true);
  assert.equal(await chat.performAction(knocked.id, "undo", "gm"), true);
  assert.equal(yo.actor.system.attributes.hp.nonlethal, 0);
  const undone = await link.companion("GET", `/api/v1/matches/${match.id}/report`);
  assert.equal(undone.players.yo, undefined, "undone, nothing counts for him");
  assert.equal(await outCell(), undefined);
});
