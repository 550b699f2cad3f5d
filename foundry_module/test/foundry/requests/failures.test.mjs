/**
 * Cards and roll requests at a table of a GM and two players: a player's own kick and dribble
 * under a private message mode, the owner's own intercept click as his answer, and a cancel that
 * reaches only its own batch. Each browser
 * runs its own copy of the module (openTable); the GM's page holds the link and the requests.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { asUser, clientOf, installDocument, settle } from "../../fakes/foundry.mjs";
import { courtScene, runningEncounter } from "../../fakes/scenes.mjs";
import { moduleOf, onPage, openOn, useTables } from "../../tables/table.mjs";
import { interceptCompanion, kickCard, kickCompanion, requestAs } from "../../tables/yaotzin.mjs";

useTables();

const dribbleAnswer = {
  chat_card: {
    kind: "yaotzin.dribble",
    title: { text: "Ixpoetchitl dribbles to (12, 12)" },
    lines: [],
    actions: [
      {
        id: "apply",
        label: "Apply",
        payload: {
          events: [],
          moves: [{ player: "ix", x: 12, y: 12 }],
          ball: { x: 12, y: 12, speed: 0, direction: null },
        },
      },
    ],
  },
};

test("item 7: under a GM-only message mode a player still sees his own kick's and dribble's cards", async () => {
  await openOn(
    kickCompanion({ "/api/v1/yaotzin/dribble": () => ({ status: 200, body: dribbleAnswer }) }),
    { settings: { coreMessageMode: "gm" } },
  );
  const scene = courtScene();
  scene.tokens.get("yo").actor.owners = []; // an NPC: nobody but the GMs is asked to intercept
  await onPage("alice", "kick-relay", (relay) =>
    relay.requestKick({
      sceneId: scene.id,
      kicker: "ix",
      target: { x: 18, y: 12 },
      standing: true,
      powerAttack: 0,
    }),
  );
  await settle();
  const kick = globalThis.ChatMessage.created.find(
    (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.kick",
  );
  assert.ok(kick.whisper.includes("gm"), "whispered, as the GM's mode says");
  assert.ok(clientOf("alice").chat.has(kick.id), "Alice sees the card of her own kick");
  assert.ok(
    !clientOf("bob").chat.has(kick.id),
    "Bob, whose token has nothing to do with it, does not",
  );

  globalThis.game.messages.clear();
  runningEncounter(scene);
  await asUser("alice", () => scene.tokens.get("ix").update({ x: 1200 })); // she drags her dribbler off the still ball
  await settle();
  const card = globalThis.ChatMessage.created.find(
    (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.dribble",
  );
  assert.ok(card, "the GM's client dribbled");
  assert.ok(clientOf("alice").chat.has(card.id), "Alice sees the card of her own dribble");
  assert.ok(!clientOf("bob").chat.has(card.id));
});

/** A table whose players roll their own checks; `rr` and `requestCard` are the GM's page's. */
async function rollingTable() {
  const companion = interceptCompanion();
  await openOn(companion, { settings: { rollPolicy: "players" } });
  return {
    companion,
    scene: courtScene(),
    rr: await moduleOf("gm", "roll-requests"),
    requestCard: await moduleOf("gm", "roll-request-card"),
  };
}

const rollCards = () => globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.rollCard);

test("item 12: Bob's own press of 'try to intercept' is his answer: his save is rolled, no roll-request card", async () => {
  const { companion, scene } = await rollingTable();
  const kick = await kickCard(scene);
  await requestAs("bob", kick.id, "intercept:yo");
  await settle();
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept").length,
    1,
    "resolved with his roll",
  );
  assert.deepEqual(kick.flags.ballcourt.resolved, ["intercept:yo"]);
  assert.equal(clientOf("bob").dialogs.shown.length, 0, "no dialog asked him again");
  assert.deepEqual(rollCards(), [], "and no card asks him a second time");
});

test("Also: cancelling one batch of roll requests leaves another batch waiting", async () => {
  const { scene, rr, requestCard } = await rollingTable();
  const hold = (id) => {
    let answer;
    globalThis.game.users.get(id).answer = () =>
      new Promise((resolve) => {
        answer = resolve;
      });
    return (value) => answer(value);
  };
  const answerAlice = hold("alice");
  hold("bob");
  const check = (tokenId) => ({
    scene,
    token: scene.tokens.get(tokenId),
    check: { type: "save", id: "reflex" },
    tag: "save",
    local: () => {
      throw new Error("the GM rolled");
    },
  });
  const first = asUser("gm", () => rr.gatherRolls([check("yo")])).then(
    () => "rolled",
    (err) => err.message,
  ); // Bob's save
  const second = asUser("gm", () => rr.gatherRolls([check("ix")])).then(
    ([roll]) => roll.total,
    (err) => err.message,
  ); // Alice's
  await settle();
  const [bobCard] = rollCards();
  await requestCard.performRowAction(
    bobCard.id,
    { action: "cancel", rowId: null },
    globalThis.game.users.get("gm"),
  );
  assert.match(await first, /cancel/i, "Bob's batch is cancelled");
  answerAlice((await new globalThis.Roll("1d20 + 3").evaluate()).toJSON());
  await settle();
  assert.equal(typeof (await second), "number", "Alice's batch still takes her roll");
  assert.equal(
    rollCards()[1].flags.ballcourt.rollCard.rows[rollCards()[1].flags.ballcourt.rollCard.order[0]]
      .state,
    "rolled",
  );
});

test("Also: the GM's Roll requests view cancels one batch at a time", async () => {
  const doc = installDocument();
  const { scene, rr } = await rollingTable();
  const { VIEW_ID } = await moduleOf("gm", "roll-request-view");
  for (const id of ["alice", "bob"])
    globalThis.game.users.get(id).answer = () => new Promise(() => {});
  const check = (tokenId) => ({
    scene,
    token: scene.tokens.get(tokenId),
    check: { type: "save", id: "reflex" },
    tag: "save",
    local: () => {
      throw new Error("the GM rolled");
    },
  });
  const first = asUser("gm", () => rr.gatherRolls([check("yo")])).catch((err) => err.message);
  asUser("gm", () => rr.gatherRolls([check("ix")])).catch(() => {});
  await settle();
  const view = doc.getElementById(VIEW_ID);
  const cancels = [...view.innerHTML.matchAll(/data-ballcourt-roll="(cancel:[^"]+)"/g)].map(
    (m) => m[1],
  );
  assert.equal(cancels.length, 2, "one Cancel per batch");
  assert.ok(view.clickButton("ballcourt-roll", cancels[0]));
  assert.match(await first, /cancel/i);
  assert.deepEqual(
    rr.requests.pending().map((r) => r.name),
    ["Ixpoetchitl"],
    "Alice's check still waits",
  );
  rr.cancelRequests(rr.requests.pending()[0].batch);
});
