/** Goat-ball's sealed declaration: the carrier's goes to the GM alone, never over the socket. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fixture } from "../../fakes/scenes.mjs";
import { FakeUser, asUser } from "../../fakes/foundry.mjs";
import { goatArena, goatCompanion, goatMatch, goatPlayer } from "../../tables/goatball.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

test("goat-ball: the carrier's sealed declaration goes to the GM alone, never over the broadcast socket", async () => {
  const match = goatMatch(
    {
      red: [
        ["r1", "P1"],
        ["r2", "P2"],
      ],
      blue: [["b1", "P7"]],
    },
    { seq: 2 },
  );
  const companion = goatCompanion(match, {
    "/api/v1/goatball/pass": (body) => ({ status: 200, body: { ...fixture("pass"), echo: body } }),
  });
  const users = [
    new FakeUser({ id: "gm", isGM: true }),
    new FakeUser({ id: "alice" }),
    new FakeUser({ id: "bob" }),
    new FakeUser({ id: "carol" }),
  ];
  const w = await openOn(companion, { users, system: "dnd5e" });
  const goatball = await moduleOf("gm", "goatball");
  const scene = goatArena(w, [
    goatPlayer("r1", ["alice"]),
    goatPlayer("r2", ["carol"]),
    goatPlayer("b1", ["bob"]),
  ]);
  const emittedBefore = w.emitted.length;
  users[1].answer = () => ({
    action: "throw",
    skill: "athletics",
    throw: { kind: "pass", target: "r2" },
  });
  users[2].answer = () => ({ action: "intercept", skill: "acrobatics" });
  users[3].answer = () => ({ action: "throw", skill: "athletics" });
  await asUser("gm", () => goatball.startPass(scene));
  await asUser("gm", () => goatball.collectDeclarations());
  assert.deepEqual(
    users[1].queries.map((q) => q.name),
    ["ballcourt.declare"],
  );
  assert.equal(users[1].queries[0].data.sealed, true, "Alice owns the carrier");
  assert.equal(users[2].queries[0].data.sealed, false);
  assert.equal(users[3].queries[0].data.sealed, false);
  assert.equal(w.emitted.length, emittedBefore, "nothing went over the broadcast socket");
  assert.ok(users[2].queries.every((q) => !JSON.stringify(q).includes('r2","kind')));
  globalThis.Roll.queue = [9, 8, 14]; // rolled after the declarations: b1, r2, then r1
  const message = await asUser("gm", () => goatball.resolvePass());
  const sent = companion.calls.find((c) => c.route === "/api/v1/goatball/pass").body;
  assert.deepEqual(sent.throw, { kind: "pass", target: "r2" });
  assert.deepEqual(sent.actions.map((a) => [a.player, a.action, a.check]).sort(), [
    ["b1", "intercept", 9 + 1],
    ["r1", "throw", 14 + 7],
    ["r2", "throw", 8 + 7],
  ]);
  assert.equal(message.rolls.length, 3);
  assert.equal(message.flags.ballcourt.context.kind, "pass");
});
