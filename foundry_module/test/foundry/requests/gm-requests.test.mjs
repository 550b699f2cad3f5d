/**
 * A player's request to the companion's GM (requests/gm-requests.mjs) travels as a flag on his
 * own User, and Foundry merges a flag's object into what is stored (FOUNDRY-SEMANTICS §1.4):
 * written with a plain setFlag, the keys of his earlier request that the new one lacks would
 * survive into it, and the GM would read them as the new request's. A roll-request answer
 * carries the player's Roll JSON, whose `options` hold what only some rolls have (dnd5e's
 * D20Roll sets `reliableTalent`, `elvenAccuracy`, `halflingLucky`, a `target` only when they
 * apply), so a Dexterity save after a Reliable Talent skill check would reach the GM with
 * the skill check's Reliable Talent; a co-GM's "roll for him" after his own roll would carry
 * that roll. Each request must arrive whole and alone, on v13 (`==key`) and v14 (`_replace`).
 */
import assert from "node:assert/strict";
import { after, afterEach, test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import {
  FakeUser,
  asUser,
  clientModule,
  openTable,
  settle,
  world as doubles,
} from "../../fakes/foundry.mjs";

const GM_REQUESTS = "foundry/requests/gm-requests.mjs";
const tables = [];
after(() => {
  for (const t of tables.splice(0)) t.close();
});
afterEach(async () => {
  await settle();
  assert.deepEqual(
    doubles.errors.map((e) => e.message),
    [],
    "no hook handler threw on any client",
  );
});

for (const version of [13, 14]) {
  test(`v${version}: the GM reads each request a player writes as he wrote it, no earlier request's key with it`, async () => {
    for (const old of tables.splice(0)) old.close();
    const users = [
      new FakeUser({ id: "gm", name: "Tezca", isGM: true }),
      new FakeUser({ id: "alice", name: "Alice" }),
    ];
    const table = await openTable({
      io: fakeCompanion({}).io,
      version,
      users,
      settings: { companionUrl: "http://127.0.0.1:7770", token: "t0k" },
    });
    tables.push(table);
    const heard = [];
    await asUser("gm", async () => {
      const { requestFrom } = await clientModule("gm", GM_REQUESTS);
      globalThis.Hooks.on("updateUser", (user, changes, _options, authorId) => {
        const request = requestFrom("rollCard", user, changes, authorId);
        if (request) heard.push(JSON.parse(JSON.stringify(request)));
      });
    });
    const written = [
      {
        messageId: "m1",
        action: "roll",
        rowId: "r1",
        roll: {
          class: "D20Roll",
          total: 17,
          options: { reliableTalent: true, flavor: "Athletics" },
        },
      },
      {
        messageId: "m2",
        action: "roll",
        rowId: "r2",
        roll: { class: "D20Roll", total: 9, options: { flavor: "Dexterity save" } },
      },
      { messageId: "m3", action: "rollFor", rowId: "r3" },
    ];
    for (const request of written) {
      assert.equal(
        await asUser("alice", async () =>
          (await clientModule("alice", GM_REQUESTS)).askGM("rollCard", request),
        ),
        true,
      );
      await settle();
    }
    assert.deepEqual(
      heard.map(({ at, ...request }) => (assert.equal(typeof at, "number"), request)),
      written,
    );
    const stored = await asUser("gm", () =>
      globalThis.game.users.get("alice").getFlag("ballcourt", "rollCard"),
    );
    assert.deepEqual(
      { ...stored, at: undefined },
      { ...written[2], at: undefined },
      "the User holds the last request alone",
    );
  });
}
