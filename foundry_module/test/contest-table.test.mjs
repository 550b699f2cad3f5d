/**
 * Contests at the table (issue 18, "At the table"): the target's owner is asked about his
 * attack of opportunity before a contest that provokes; the card's trip back; a dribble
 * through a player the dribbler just overran. A GM and two players, each his own client.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectTo, fakeCompanion } from "./fakes/companion.mjs";
import { asUser, clientOf, installFoundry, settle } from "./fakes/foundry.mjs";
import { courtScene } from "./fakes/scenes.mjs";

const link = await import("../scripts/foundry/link.mjs");
const chat = await import("../scripts/foundry/chat.mjs");
await import("../scripts/foundry/yaotzin.mjs");
const { contest } = await import("../scripts/foundry/setup-dialog.mjs");

const contestCard = (body) => ({ kind: "yaotzin.contest", title: { key: "BALLCOURT.Card.Tick.Still", data: {} },
  lines: [], rolls: [], actions: [
    { id: "apply", key: "BALLCOURT.Action.Apply", data: {}, label: "Apply", payload: { events: [], moves: [], prone: null } },
    ...(body.reaction ? [] : [{ id: "trip_back", key: "BALLCOURT.Action.TripBack", data: {}, label: "Trip back",
      payload: { kind: "trip", actor: body.target, target: body.actor, reaction: true } }])] });

/** A companion whose contest answers like the real one's shape: a failed trip offers the trip back. */
function contestCompanion({ provokes = false } = {}) {
  return fakeCompanion({
    "/api/v1/yaotzin/contest": (body) => ({ status: 200, body: body.preview
      ? { kind: body.kind, actor: body.actor, target: body.target, provokes: provokes && !body.reaction, preview: true }
      : { kind: body.kind, actor: body.actor, target: body.target, success: false, provokes: provokes && !body.reaction,
        target_aoo: body.target_aoo ? { kind: body.target_aoo.kind, success: false, foiled: false } : null,
        reaction: body.reaction ? null : { kind: "trip", actor: body.target, target: body.actor },
        ball: null, rolls: [], chat_card: contestCard(body), overlay: null } }),
  });
}

async function table(options) {
  const world = installFoundry();
  globalThis.Hooks.on("updateUser", chat.onUpdateUser);
  const companion = contestCompanion(options);
  await connectTo(link, companion);
  return { world, companion, scene: courtScene() };
}

const contests = (companion) => companion.calls.filter((c) => c.route === "/api/v1/yaotzin/contest" && !c.body.preview)
  .map((c) => c.body);

test("the card's trip back: Bob, the tripped defender's owner, presses it and the swapped reaction trip gets its own card", async () => {
  const { companion, scene } = await table();
  const first = await contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  assert.ok(first.flags.ballcourt.card.actions.some((a) => a.id === "trip_back"));
  assert.equal(chat.mayPress(globalThis.game.users.get("alice"), first, "trip_back"), false, "not Alice's to press");
  await asUser("bob", () => chat.requestAction(first.id, "trip_back"));
  await settle();
  const back = contests(companion).at(-1);
  assert.deepEqual([back.kind, back.actor, back.target, back.reaction], ["trip", "yo", "ix", true]);
  assert.deepEqual(first.flags.ballcourt.resolved, ["trip_back"]);
  const cards = globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.card?.kind === "yaotzin.contest");
  assert.equal(cards.length, 2, "the trip back posts its own card");
  assert.equal(cards[1].flags.ballcourt.card.actions.some((a) => a.id === "trip_back"), false);
  assert.deepEqual(clientOf("bob").ui.notifications.filter(([k]) => k === "error"), []);
});
