/**
 * Several GMs and the players at one table (issue 17, items 3, 4, 11, 12, 13): who answers a
 * player, who is told what, whose screen shows what.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectTo, fakeCompanion } from "./fakes/companion.mjs";
import { FakeUser, asUser, installFoundry, settle } from "./fakes/foundry.mjs";
import { courtScene, fixture } from "./fakes/scenes.mjs";

const link = await import("../scripts/foundry/link.mjs");
const chat = await import("../scripts/foundry/chat.mjs");
await import("../scripts/foundry/yaotzin.mjs");

const interceptCompanion = () => fakeCompanion({
  "/api/v1/yaotzin/intercept": () => ({ status: 200, body: fixture("intercept") }) });

const kickCard = (scene) => chat.postCard(fixture("kick"), { game: "yaotzin", kind: "kick", sceneId: scene.id,
  matchId: "m1", owners: { ix: ["alice"], yo: ["bob"], ball: [] } });

test("item 11: the GM named as running the companion alone connects and answers the players", async () => {
  const users = [new FakeUser({ id: "gm", name: "Tezca", isGM: true }), new FakeUser({ id: "maria", name: "Maria", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }), new FakeUser({ id: "bob", name: "Bob" })];
  const world = installFoundry({ users, user: "maria", settings: { companionGM: "Maria" } });
  assert.equal(globalThis.game.users.activeGM.id, "gm", "Foundry's own pick is the other GM");
  globalThis.Hooks.on("updateUser", chat.onUpdateUser);
  const companion = interceptCompanion();
  assert.equal(await asUser("gm", () => link.startLink({ ioFactory: companion.io })), null,
    "Tezca's browser does not try its own localhost");
  await connectTo(link, companion);   // Maria's
  assert.equal(link.getLink().status, "connected");
  const scene = courtScene();
  const message = await kickCard(scene);
  await asUser("bob", () => chat.requestAction(message.id, "intercept:yo"));
  await settle();
  assert.deepEqual(message.flags.ballcourt.resolved, ["intercept:yo"]);
  assert.equal(message.updatedBy, "maria", "Maria's client performed Bob's press");
  assert.equal(world.notifications.filter(([k]) => k === "error").length, 0);
});
