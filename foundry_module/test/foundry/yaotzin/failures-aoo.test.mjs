/**
 * Attacks of opportunity at a table: the round's budget, the question after a reload, and a
 * stale question dialog. Each
 * browser runs its own copy of the module (openTable); a reload starts Bob's page afresh, and
 * its own "ready" hook asks his lost question again.
 */
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { contestCompanion } from "../../fakes/companion.mjs";
import { clientOf, reload, settle, until } from "../../fakes/foundry.mjs";
import { courtScene, runningEncounter } from "../../fakes/scenes.mjs";
import { moduleOf, onPage, openOn, useTables } from "../../tables/table.mjs";
import { interceptCompanion, kickCard } from "../../tables/yaotzin.mjs";

useTables();

test("item 1: last round's attacks of opportunity are not counted in the next round (Foundry merges the flag)", async () => {
  await openOn(contestCompanion());
  const yaotzin = await moduleOf("gm", "yaotzin");
  const aooLeft = (scene, id) => yaotzin.playersOn(scene).find((p) => p.id === id)?.aoo_left;
  const scene = courtScene();
  const encounter = runningEncounter(scene);
  await yaotzin.spendAoo(scene, "yo"); // round 1: Yolteotl intercepts
  assert.equal(aooLeft(scene, "yo"), 2, "one of his three (Combat Reflexes) is spent");
  await encounter.update({ round: 2 });
  assert.equal(
    aooLeft(scene, "yo"),
    undefined,
    "a new round: nothing spent (the companion counts his full budget)",
  );
  await yaotzin.spendAoo(scene, "ix"); // round 2: Ixpoetchitl's attack of opportunity
  assert.equal(aooLeft(scene, "ix"), 0, "his one is spent");
  assert.equal(
    aooLeft(scene, "yo"),
    undefined,
    "Yolteotl's round-1 attack does not survive the write",
  );
  assert.equal(encounter.getFlag("ballcourt", "aoo").round, 2);
});

/**
 * `userId` leaves the next dialog his client shows open (the doubles' DialogV2 stays open until
 * pressed or closed); `opened()` resolves with it once it is on his screen, `closed()` once it is gone.
 */
function openDialog(userId) {
  clientOf(userId).dialogs.unanswered = "open";
  const seen = {};
  // waited for in time, not in turns of the event loop: a loaded machine may take longer to get there
  seen.opened = () => until(() => (seen.dialog ??= clientOf(userId).dialogs.open[0]));
  seen.closed = () =>
    until(() => seen.dialog && !seen.dialog.rendered).then((gone) => gone || "still open");
  return seen;
}

test("item 9: Bob's roll dialog closes once the GM rolled for him from the card; his sheet is not rolled", async () => {
  const companion = interceptCompanion();
  await openOn(companion, { settings: { rollPolicy: "players" } });
  const kick = await kickCard(courtScene());
  const dialog = openDialog("bob");
  const resolving = onPage("gm", "chat", (chat) =>
    chat.performAction(kick.id, "intercept:yo", "gm"),
  ); // the GM's press asks Bob
  await settle();
  assert.ok(await dialog.opened(), "Bob's dialog is open");
  const card = globalThis.ChatMessage.created.find((m) => m.flags?.ballcourt?.rollCard);
  const rowId = card.flags.ballcourt.rollCard.order[0];
  await onPage("gm", "roll-request-card", (requestCard) =>
    requestCard.performRowAction(
      card.id,
      { action: "rollFor", rowId },
      globalThis.game.users.get("gm"),
    ),
  );
  assert.equal(await dialog.closed(), true, "the settled row closed it on Bob's screen");
  assert.equal(await resolving, true);
  assert.equal(card.flags.ballcourt.rollCard.rows[rowId].by, "gm");
  assert.equal(companion.calls.filter((c) => c.route === "/api/v1/yaotzin/intercept").length, 1);
});

test("item 9: Bob's attack-of-opportunity dialog closes once the GM chose for him on the card", async () => {
  await openOn(contestCompanion({ provokes: true }));
  const scene = courtScene();
  const dialog = openDialog("bob");
  const contesting = onPage("gm", "contests", (contests) =>
    contests.contest(scene, { actor: "ix", target: "yo", kind: "trip" }),
  );
  await settle();
  assert.ok(await dialog.opened(), "Bob is asked");
  const question = globalThis.ChatMessage.created.find((m) => m.flags?.ballcourt?.aooQuestion);
  assert.equal(
    await onPage("gm", "aoo-question", (q) => q.pressAnswer(question.id, "none")),
    true,
    "the GM answers for him on the card",
  );
  assert.equal(await dialog.closed(), true, "Bob's dialog is closed on his screen");
  await contesting;
  assert.equal(question.flags.ballcourt.aooQuestion.by, "gm");
});

test(
  "item 11 and Also: Bob's reloaded page asks his open question again whatever his clock says; his answer counts",
  { timeout: 60000 },
  async () => {
    const companion = contestCompanion({ provokes: true });
    await openOn(companion);
    const scene = courtScene();
    clientOf("bob").dialogs.answers.push(() => new Promise(() => {})); // his old page's dialog never answers
    const contesting = onPage("gm", "contests", (contests) =>
      contests.contest(scene, { actor: "ix", target: "yo", kind: "trip" }),
    );
    assert.ok(
      await until(() => clientOf("bob").dialogs.shown.length === 1),
      "Bob's old page is asked",
    );
    clientOf("bob").dialogs.unanswered = "open"; // his new page's dialog waits for him
    mock.timers.enable({ apis: ["Date"], now: Date.now() + 3 * 60 * 1000 }); // Bob's clock runs three minutes fast
    let asked;
    try {
      await reload("bob"); // his new page's own "ready" hook asks again
      asked = await until(() => clientOf("bob").dialogs.open[0]);
    } finally {
      mock.timers.reset();
    }
    assert.ok(asked, "asked again: the GM's deadline is the GM's to keep");
    assert.equal(clientOf("bob").dialogs.shown.length, 1, "once, on his new page");
    await asked.press("trip");
    await settle();
    await contesting; // at once: his old page's question would hold it two minutes, past the hang guard
    const question = globalThis.ChatMessage.created.find((m) => m.flags?.ballcourt?.aooQuestion);
    assert.deepEqual(
      [question.flags.ballcourt.aooQuestion.choice, question.flags.ballcourt.aooQuestion.by],
      ["trip", "bob"],
    );
    const sent = companion.calls
      .filter((c) => c.route === "/api/v1/yaotzin/contest" && !c.body.preview)
      .at(-1);
    assert.deepEqual(
      sent.body.target_aoo,
      { kind: "trip" },
      "at once, not after the two minutes his old page would have taken",
    );
  },
);
