/**
 * Undo of an older card through the module's glue and a real `ballcourt serve` (socket.io-client,
 * the protocol of Foundry's `io`): the companion takes that card's events out from under newer
 * ones, and refuses, named by the module, when a newer card's result was built on them. Every
 * browser runs its own copy of the module (openTable); the GM's page is the one connected.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { io } from "socket.io-client";

import { FakeActor, FakeScene, FakeToken } from "../../fakes/foundry.mjs";
import { startCompanion } from "../../fakes/live-companion.mjs";
import { applyOnlyCard } from "../../fakes/scenes.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

const TOKEN = "undo-integration-token";
let companion;
let url;

before(async () => {
  companion = await startCompanion(TOKEN);
  url = companion.url;
});

useTables();
after(() => companion?.stop());

async function table(settings) {
  const world = await openOn({ io }, { settings: { companionUrl: url, token: TOKEN } });
  const [chat, link] = [await moduleOf("gm", "chat"), await moduleOf("gm", "link")];
  const match = await link.companion("POST", "/api/v1/matches", {
    game: "yaotzin",
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
    settings,
  });
  const yo = new FakeToken({
    id: "yo",
    name: "Yolteotl",
    x: 1300,
    y: 1200,
    flags: { ballcourt: { team: "moon" } },
    actor: new FakeActor({
      name: "Yolteotl",
      system: { attributes: { hp: { value: 10, max: 10, nonlethal: 0 } } },
    }),
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
  const card = (title, events, extra = {}) =>
    chat.postCard(applyOnlyCard(title, { events, ...extra }), {
      game: "yaotzin",
      kind: "test",
      sceneId: scene.id,
      matchId: match.id,
      owners: {},
    });
  return { world, match, scene, card, chat, link };
}

test("an older card comes off the real match from under a newer one; one built on it refuses", async () => {
  const { world, match, scene, card, chat, link } = await table({ round_limit: 1 });
  const hurt = await card("Yolteotl is hurt", [{ type: "damage", player: "yo", nonlethal: 3 }], {
    damage: [{ player: "yo", nonlethal: 3 }],
  });
  const goal = await card("Sun scores", [{ type: "goal", team: "sun" }]);
  for (const m of [hurt, goal])
    assert.equal(
      await chat.performAction(m.id, "apply", "gm"),
      true,
      world.notifications.at(-1)?.[1],
    );
  assert.equal(scene.tokens.get("yo").actor.system.attributes.hp.nonlethal, 3);

  assert.equal(
    await chat.performAction(hurt.id, "undo", "gm"),
    true,
    world.notifications.at(-1)?.[1],
  );
  let state = await link.companion("GET", `/api/v1/matches/${match.id}`);
  assert.deepEqual(
    [state.nonlethal, state.score.sun, state.seq],
    [{}, 1, 1],
    "the hurt is gone, the goal stays",
  );
  assert.equal(scene.tokens.get("yo").actor.system.attributes.hp.nonlethal, 0);

  const end = await card("The last round ends", [{ type: "round" }]);
  assert.equal(await chat.performAction(end.id, "apply", "gm"), true);
  state = await link.companion("GET", `/api/v1/matches/${match.id}`);
  assert.deepEqual([state.status, state.winner], ["over", "sun"]);
  assert.equal(
    await chat.performAction(goal.id, "undo", "gm"),
    false,
    "the round's winner was built on the goal",
  );
  assert.match(
    world.notifications.at(-1)[1],
    /later card “The last round ends” was resolved on this card's result/,
  );
  state = await link.companion("GET", `/api/v1/matches/${match.id}`);
  assert.deepEqual([state.score.sun, state.status], [1, "over"], "nothing changed");
  assert.equal(await chat.performAction(end.id, "undo", "gm"), true);
  assert.equal(
    await chat.performAction(goal.id, "undo", "gm"),
    true,
    "then the goal comes off too",
  );
});

test("an Apply whose scene write fails takes back its own events, never another card's posted meanwhile", async () => {
  const { match, link } = await table({});
  const events = await moduleOf("gm", "match-events");
  const failed = events.applyAtomically(
    match.id,
    [{ type: "goal", team: "sun" }],
    "failing",
    async () => {
      // while this card writes the scene, another card's Apply lands (a co-GM's, say)
      await link.companion("POST", `/api/v1/matches/${match.id}/events`, {
        type: "goal",
        team: "moon",
      });
      throw new Error("the scene write failed");
    },
  );
  await assert.rejects(failed, /the scene write failed/);
  const state = await link.companion("GET", `/api/v1/matches/${match.id}`);
  assert.deepEqual(
    [state.score.sun, state.score.moon, state.seq],
    [0, 1, 1],
    "the failed card's goal is gone; the other card's stays",
  );
});
