/**
 * A player's press routed to the GM, who performs it once knowing who pressed; with no GM
 * connected the player is told to wait.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { courtScene, fixture } from "../../fakes/scenes.mjs";
import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeUser, asUser, clientOf, openTable, settle } from "../../fakes/foundry.mjs";
import { openOn, shown, useTables } from "../../tables/table.mjs";
import { kickCard, recorded, requestAs } from "../../tables/yaotzin.mjs";

useTables();

let world;

/** Every browser with the module, on a fake companion answering `routes` (returned). */
async function table(routes = {}, options = {}) {
  const companion = fakeCompanion(routes);
  world = await openOn(companion, options);
  return companion;
}

test("routing: a player presses his own player's action; the GM performs it once, knowing who pressed", async () => {
  // the companion's answer to the first press is held until the second press has come, so
  // that it comes while the first is being performed (not after it, when it does nothing)
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const companion = await table({
    "/api/v1/yaotzin/intercept": async (body) => {
      await held;
      return recorded("intercept")(body);
    },
  });
  const w = world;
  const scene = courtScene();
  const message = await kickCard(scene);
  const emittedBefore = w.emitted.length;
  globalThis.Roll.queue = [9];
  await requestAs("bob", message.id, "apply");
  assert.equal(clientOf("bob").ui.notifications.at(-1)[0], "warn", "Apply is the GM's (default)");
  await requestAs("bob", message.id, "intercept:ix");
  assert.equal(clientOf("bob").ui.notifications.at(-1)[0], "warn", "not Bob's token");
  await requestAs("bob", message.id, "intercept:yo");
  await requestAs("bob", message.id, "intercept:yo");
  for (let trips = 0; trips < 100 && w.emitted.length === emittedBefore; trips++)
    await new Promise((r) => setImmediate(r));
  answer();
  await settle();
  assert.deepEqual(
    w.emitted.slice(emittedBefore).map((e) => [e.data.type, e.data.to]),
    [["refused", "bob"]],
    "over the socket only a notice to Bob: his second press came while the first was being performed",
  );
  const intercepts = companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept");
  assert.equal(intercepts.length, 1, "performed once");
  assert.deepEqual(intercepts[0].body.rolls, { save: 9 });
  assert.equal(intercepts[0].body.player, "yo");
  assert.deepEqual(message.flags.ballcourt.resolved, ["intercept:yo"]);
  const card = globalThis.ChatMessage.created.at(-1);
  assert.equal(card.flags.ballcourt.card.kind, "yaotzin.intercept");
  assert.equal(card.rolls[0].options.ballcourt, "save");
  assert.equal(w.notifications.filter((n) => n[0] === "error").length, 0);
});

test("with no GM connected a player is told to wait", async () => {
  const w = await openTable({
    user: "bob",
    users: [new FakeUser({ id: "gm", isGM: true, active: false }), new FakeUser({ id: "bob" })],
    settings: { applyPermission: "anyone" },
  }); // Bob's browser alone
  assert.equal(w.link, null, "nobody's page holds the link");
  const scene = courtScene();
  const message = await asUser("bob", () =>
    globalThis.ChatMessage.create({
      content: '<div class="ballcourt-card"></div>',
      flags: {
        ballcourt: {
          card: fixture("kick").chat_card,
          context: {
            game: "yaotzin",
            kind: "kick",
            sceneId: scene.id,
            matchId: "m1",
            owners: { ix: ["alice"], yo: ["bob"], ball: [] },
          },
          applied: false,
          undone: false,
          resolved: [],
        },
      },
    }),
  );
  await requestAs("bob", message.id, "apply");
  assert.equal(w.emitted.length, 0);
  assert.match(shown("bob").at(-1), /Waiting for the GM/);
  assert.equal(
    globalThis.game.users.get("bob").getFlag("ballcourt", "press"),
    undefined,
    "no request written",
  );
});
