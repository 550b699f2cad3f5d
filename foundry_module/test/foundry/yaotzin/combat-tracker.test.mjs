/**
 * The combat tracker at a real table: an encounter driven
 * through the combat double, the module's own hooks on every client, each browser its own
 * copy of the module (openTable), the GM's page connected.
 */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import {
  FakeActor,
  FakeCombat,
  FakeScene,
  FakeToken,
  asUser,
  settle,
} from "../../fakes/foundry.mjs";
import { courtScene } from "../../fakes/scenes.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";
import { interceptCompanion, kickCard, recorded } from "../../tables/yaotzin.mjs";

useTables();

let world;
let companion;
beforeEach(async () => {
  companion = interceptCompanion({ "/api/v1/yaotzin/tick": recorded("tick") });
  world = await openOn(companion);
});

/** The GM views a scene (his canvas is drawn anew there). */
const gmViews = (scene) => world.view("gm", scene);

const combatant = (token, initiative) => ({
  id: `c-${token.id}`,
  name: token.name,
  tokenId: token.id,
  sceneId: token.parent.id,
  initiative,
});

function encounterOf(...combatants) {
  const encounter = new FakeCombat({ combatants });
  globalThis.game.combats.set(encounter.id, encounter);
  return encounter;
}

function dungeon() {
  const goblin = new FakeToken({
    id: "gob",
    name: "Goblin",
    actor: new FakeActor({ name: "Goblin" }),
  });
  const scene = new FakeScene({ name: "Dungeon", tokens: [goblin] });
  globalThis.game.scenes.set(scene.id, scene);
  return { scene, goblin };
}

test("item 1: a dungeon fight is left alone, silently, while the GM views a court", async () => {
  const court = courtScene();
  gmViews(court);
  const { goblin } = dungeon();
  const fight = encounterOf(combatant(goblin, 12));
  await fight.startCombat();
  await fight.nextTurn();
  await settle();
  assert.equal(fight.scene, null, "not linked to the court");
  assert.deepEqual(
    fight.combatants.map((c) => c.name),
    ["Goblin"],
    "no Ball combatants",
  );
  assert.deepEqual(world.notifications, [], "no warning");
});

test("item 1: an encounter whose combatants stand on the court is adopted, wherever the GM looks", async () => {
  const court = courtScene();
  gmViews(dungeon().scene);
  const fight = encounterOf(
    combatant(court.tokens.get("ix"), 18),
    combatant(court.tokens.get("yo"), 9),
  );
  await fight.startCombat();
  await settle();
  assert.equal(fight.scene, court, "linked to the court its tokens stand on");
  assert.equal(fight.combatants.filter((c) => c.flags?.ballcourt?.tick).length, 6);
});

test("item 2: a still ball's turn posts nothing and the tracker moves on", async () => {
  const court = courtScene();
  gmViews(court);
  const fight = encounterOf(
    combatant(court.tokens.get("ix"), 22),
    combatant(court.tokens.get("yo"), 12),
  );
  await fight.startCombat();
  await settle();
  const before = globalThis.ChatMessage.created.length;
  await fight.nextTurn(); // Ixpoetchitl ends his turn: the ball's (20) and (15) come, the ball lies still
  await settle();
  assert.equal(globalThis.ChatMessage.created.length, before, "no 'The ball is still.' cards");
  assert.equal(fight.combatant.id, "c-yo", "the ball's turns were passed");
  assert.equal(companion.calls.filter((c) => c.route === "/api/v1/yaotzin/tick").length, 0);
  await fight.previousTurn(); // the GM steps back onto the ball's (15): he is rewinding, it stays
  await settle();
  assert.equal(fight.combatant.flags.ballcourt.tick, 15);
});

test("item 5: Previous round never moves the match clock forward", async () => {
  const court = courtScene();
  const fight = encounterOf(combatant(court.tokens.get("ix"), 22));
  await fight.startCombat();
  await fight.nextRound();
  await settle();
  const rounds = () => companion.calls.filter((c) => c.body?.type === "round").length;
  assert.equal(rounds(), 1, "round 2: the clock moves on");
  await fight.previousRound();
  await settle();
  assert.equal(rounds(), 1, "back to round 1: no round event");
});

test("item 13: attacks of opportunity are counted in the court's encounter, not the viewed scene's", async () => {
  const court = courtScene();
  const fight = encounterOf(
    combatant(court.tokens.get("ix"), 22),
    combatant(court.tokens.get("yo"), 12),
  );
  await fight.startCombat();
  await settle();
  const { goblin, scene: elsewhere } = dungeon();
  const other = new FakeCombat({ scene: elsewhere, combatants: [combatant(goblin, 5)] });
  globalThis.game.combats.set(other.id, other);
  gmViews(elsewhere); // the GM looks at the dungeon: game.combat is the dungeon's fight
  const card = await kickCard(court);
  await asUser("gm", async () =>
    (await moduleOf("gm", "chat")).performAction(card.id, "intercept:yo", "gm"),
  );
  assert.deepEqual(fight.flags.ballcourt?.aoo?.spent, ["yo"], "spent in the court's encounter");
  assert.equal(other.flags.ballcourt, undefined, "the dungeon's fight untouched");
  assert.ok((await moduleOf("gm", "yaotzin")).playersOn(court).find((p) => p.id === "yo"));
});

test("item 13: the Ball entries are marked in the tracker", async () => {
  const court = courtScene();
  const fight = encounterOf(combatant(court.tokens.get("ix"), 22));
  await fight.startCombat();
  await settle();
  const { parseHTML } = await import("linkedom");
  const { document } = parseHTML(
    `<section><ol>${fight.turns.map((c) => `<li class="combatant" data-combatant-id="${c.id}">${c.name}</li>`).join("")}</ol></section>`,
  );
  const html = document.querySelector("section");
  (await moduleOf("gm", "combat")).onRenderCombatTracker({ viewed: fight }, html);
  const marked = [...html.querySelectorAll("li.ballcourt-ball-turn")].map(
    (li) => li.dataset.combatantId,
  );
  assert.deepEqual(
    marked.sort(),
    fight.combatants
      .filter((c) => c.flags?.ballcourt?.tick)
      .map((c) => c.id)
      .sort(),
  );
  assert.ok(
    !html.querySelector(`li[data-combatant-id="c-ix"]`).classList.contains("ballcourt-ball-turn"),
  );
});

test("item 8: a token on the still ball moves freely before the match and with the GM's Alt held", async () => {
  const court = courtScene();
  const ix = court.tokens.get("ix");
  await ix.update({ x: 1200 }); // setting up: no encounter runs on the court
  await settle();
  assert.equal(ix.x, 1200, "placed where the GM dropped him");
  await ix.update({ x: 1000 });
  const fight = encounterOf(combatant(ix, 22), combatant(court.tokens.get("yo"), 12));
  await fight.startCombat();
  await settle();
  await ix.update({ x: 1200 });
  assert.equal(ix.x, 1000, "in the encounter: held for the companion's dribble check");
  globalThis.game.keyboard.held.add("Alt");
  await ix.update({ x: 1200 });
  assert.equal(ix.x, 1200, "the GM's held Alt moves him freely");
  await ix.update({ x: 1000 });
  await settle(); // Alice's copy of the token hears the GM's move back (each client has its own copy)
  await asUser("alice", async () => {
    globalThis.game.keyboard.held.add("Alt");
    await ix.update({ x: 1200 });
  });
  await settle();
  assert.equal(ix.x, 1000, "a player's Alt changes nothing");
  assert.ok(
    globalThis.game.users.get("alice").getFlag("ballcourt", "dribble"),
    "her drag went to the GM as a dribble",
  );
});
