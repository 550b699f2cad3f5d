/**
 * A dribble by dragging the dribbler's token, the GM's or a player's: checked by the
 * companion, held while it answers, both tokens moved, Undo takes it back.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { courtScene, fixture, runningEncounter } from "../../fakes/scenes.mjs";
import { fakeCompanion } from "../../fakes/companion.mjs";
import { asUser, settle } from "../../fakes/foundry.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

let chat;

/**
 * Every browser with the module, on a fake companion answering `routes` (returned); `chat` is
 * the GM's page's.
 */
async function table(routes = {}, options = {}) {
  const companion = fakeCompanion(routes);
  await openOn(companion, options);
  chat = await moduleOf("gm", "chat");
  return companion;
}

/** A dribble check that accepts Ixpoetchitl's two squares east, with the ball. */
function dribbleRoutes() {
  return {
    "/api/v1/yaotzin/dribble": (body) => ({
      status: 200,
      body: {
        ...fixture("kick"),
        chat_card: {
          kind: "yaotzin.dribble",
          title: { key: "BALLCOURT.Card.Dribble.Title", data: { player: "Ix", count: 2 } },
          lines: [],
          rolls: [],
          actions: [
            {
              id: "apply",
              key: "BALLCOURT.Action.Apply",
              data: {},
              payload: {
                events: [{ type: "ball", x: 12, y: 12, speed: 0, direction: null }],
                ball: { x: 12, y: 12, speed: 0, direction: null },
                moves: [{ player: "ix", x: 12, y: 12 }],
                path: body.squares,
              },
            },
          ],
        },
      },
    }),
  };
}

test("dragging the token on a still ball is checked by the companion, then moves both; Undo takes it back", async () => {
  const companion = await table(dribbleRoutes());
  const dribble = await moduleOf("gm", "dribble");
  const scene = courtScene();
  const ix = scene.tokens.get("ix");
  ix.parent = scene;
  const yo = scene.tokens.get("yo");
  yo.parent = scene;
  runningEncounter(scene);
  const movement = (token, x) => ({
    origin: { x: token.x, y: token.y },
    destination: { x, y: token.y },
    method: "dragging",
  });
  assert.equal(
    dribble.onPreMoveToken(yo, movement(yo, 1400), {}),
    true,
    "not on the ball: moves freely",
  );
  assert.equal(dribble.onPreMoveToken(ix, movement(ix, 1000), {}), true, "no change of square");
  assert.equal(
    dribble.onPreMoveToken(ix, movement(ix, 1200), { ballcourt: { internal: true } }),
    true,
  );
  assert.equal(dribble.onPreMoveToken(ix, movement(ix, 1200), {}), false, "held for the companion");
  await settle();
  const sent = companion.calls.find((c) => c.route === "/api/v1/yaotzin/dribble").body;
  assert.deepEqual(sent.squares, [
    { x: 11, y: 12 },
    { x: 12, y: 12 },
  ]);
  assert.deepEqual(sent.ball, { x: 10, y: 12 });
  assert.deepEqual([ix.x, scene.tokens.get("ball").x], [1200, 1200]);
  const message = globalThis.ChatMessage.created.at(-1);
  assert.equal(message.flags.ballcourt.applied, true);
  assert.ok(scene.updateLog.at(-1).updates.length === 2);
  await chat.performAction(message.id, "undo", "gm");
  assert.deepEqual([ix.x, scene.tokens.get("ball").x], [1000, 1000]);
});

test("issue 35 item 7: the GM's drag of the dribbler is held in preMoveToken (preUpdateToken need not see x/y during a drag)", async () => {
  const companion = await table(dribbleRoutes());
  const scene = courtScene();
  const ix = scene.tokens.get("ix");
  runningEncounter(scene);
  const moved = await asUser("gm", () =>
    ix.move(
      [
        { x: 1100, y: 1200 },
        { x: 1200, y: 1200 },
      ],
      { method: "dragging" },
    ),
  );
  await settle();
  assert.equal(moved, false, "the drag itself is vetoed");
  const asked = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/dribble");
  assert.equal(asked.length, 1, "the companion checks the dribble");
  assert.deepEqual(asked[0].body.squares, [
    { x: 11, y: 12 },
    { x: 12, y: 12 },
  ]);
  assert.deepEqual(
    [ix.x, scene.tokens.get("ball").x],
    [1200, 1200],
    "then the token and the ball move together",
  );
});

test("a player dragging his own dribbler: his client holds the move, the GM's checks who he is and dribbles", async () => {
  const companion = await table(dribbleRoutes());
  const scene = courtScene();
  const ix = scene.tokens.get("ix");
  ix.parent = scene;
  runningEncounter(scene);
  const moved = await asUser("alice", () =>
    ix.move(
      [
        { x: 1100, y: 1200 },
        { x: 1200, y: 1200 },
      ],
      { method: "dragging" },
    ),
  );
  assert.equal(moved, false, "Alice's client holds her drag of Ixpoetchitl off the ball");
  await settle();
  const sent = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/dribble");
  assert.equal(sent.length, 1, "the GM's client dribbled it");
  assert.deepEqual(sent[0].body.squares, [
    { x: 11, y: 12 },
    { x: 12, y: 12 },
  ]);
  assert.deepEqual(
    [ix.x, scene.tokens.get("ball").x],
    [1200, 1200],
    "the token and the ball moved together",
  );
  await asUser("bob", () =>
    globalThis.game.user.setFlag("ballcourt", "dribble", {
      sceneId: scene.id,
      tokenId: "ix",
      to: { x: 14, y: 12 },
      at: 1,
    }),
  );
  await settle();
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/dribble").length,
    1,
    "Bob does not own Ixpoetchitl: nothing",
  );
});
