/**
 * Goat-ball arenas: the ball marker is placed and follows possession. Each
 * browser runs its own copy of the module (openTable); the glue is the GM's page's.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeCombat, FakeScene, FakeToken, asUser } from "../../fakes/foundry.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

/** A dnd5e table on a companion answering `routes`; the GM's page's glue. */
async function table(routes) {
  const world = await openOn(fakeCompanion(routes), { system: "dnd5e" });
  const [court, goatball, chat, { ballToken }] = await Promise.all(
    ["court", "goatball", "chat", "scene"].map((name) => moduleOf("gm", name)),
  );
  return { world, court, goatball, chat, ballToken };
}

function arena() {
  const platforms = [
    { id: "P1", kind: "pole", radius: 60, x: 300, y: 500 },
    { id: "P2", kind: "pole", radius: 60, x: 700, y: 500 },
  ];
  const player = (id, team, x) =>
    new FakeToken({ id, name: id, x, y: 450, flags: { ballcourt: { team } } });
  const scene = new FakeScene({
    tokens: [player("r1", "red", 250), player("b1", "blue", 650)],
    flags: { ballcourt: { game: "goatball", arena: { platforms, zones: [] } } },
  });
  globalThis.game.scenes.set(scene.id, scene);
  return scene;
}

test("item 6: 'Place the ball' on an arena puts it on the carrier, and it follows possession", async () => {
  const { court, goatball, chat, ballToken } = await table({
    "/api/v1/matches": () => ({ status: 201, body: { id: "m1" } }),
    "/api/v1/matches/m1": () => ({
      status: 200,
      body: { id: "m1", seq: 0, possession: { team: "blue", carrier: "b1" } },
    }),
  });
  const scene = arena();
  const ball = await court.placeBall(scene);
  assert.deepEqual([ball.x, ball.y], [250, 450], "no match yet: on the first platform");
  await scene.tokens.delete(ball.id);
  await goatball.createGoatMatch(scene);
  const marker = ballToken(scene);
  assert.deepEqual(
    [marker.x, marker.y],
    [650, 450],
    "a new match gets its ball, on the carrier b1",
  );
  const card = await chat.postCard(
    {
      chat_card: {
        kind: "goatball.tipoff",
        title: { key: "BALLCOURT.Card.Tick.Still", data: {} },
        lines: [],
        rolls: [],
        actions: [
          { id: "carrier:r1", key: "BALLCOURT.Action.Apply", data: {}, payload: { player: "r1" } },
        ],
      },
    },
    { game: "goatball", kind: "tipoff", sceneId: scene.id, matchId: "m1", owners: {} },
  );
  await card.update({ "flags.ballcourt.applied": true }); // a carrier is named once the card is applied
  await chat.performAction(card.id, "carrier:r1", "gm");
  assert.deepEqual([marker.x, marker.y], [250, 450], "the red team's new carrier has it");
});

test("item 13 (goat-ball): declarations follow the arena's encounter, not the viewed scene's", async () => {
  const { world, goatball } = await table({
    "/api/v1/matches/m1": () => ({
      status: 200,
      body: {
        id: "m1",
        seq: 0,
        teams: [
          { id: "red", players: [{ id: "r1" }] },
          { id: "blue", players: [{ id: "b1" }] },
        ],
        possession: { team: "blue", carrier: "b1" },
      },
    }),
  });
  const scene = arena();
  scene.flags.ballcourt.matchId = "m1";
  const fight = new FakeCombat({
    round: 1,
    combatants: [
      { tokenId: "r1", sceneId: scene.id, initiative: 19 },
      { tokenId: "b1", sceneId: scene.id, initiative: 4 },
    ],
  });
  const elsewhere = new FakeScene({ name: "Dungeon" });
  const dungeon = new FakeCombat({
    scene: elsewhere,
    round: 1,
    combatants: [{ tokenId: "b1", sceneId: elsewhere.id, initiative: 30 }],
  });
  for (const c of [fight, dungeon]) globalThis.game.combats.set(c.id, c);
  globalThis.game.scenes.set(elsewhere.id, elsewhere);
  world.view("gm", elsewhere);
  const pass = await asUser("gm", () => goatball.startPass(scene));
  assert.equal(
    pass.declarations.turn().player,
    "b1",
    "b1 (4) declares first: lowest initiative in the arena's tracker",
  );
  goatball.cancelPass();
});
