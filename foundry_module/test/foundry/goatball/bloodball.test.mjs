/**
 * Bloodball's hit points. Apply takes damage from temporary hit points first
 * (5e), reads the sheet when it writes, and keeps what it changed (hit points, temporary hit
 * points, the statuses it set); Undo puts back exactly those, whatever the damage was.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  FakeDnd5eActor,
  FakeScene,
  FakeToken,
  clientOf,
  loadModule,
  reload,
  settle,
} from "../../fakes/foundry.mjs";
import { fixture } from "../../fakes/scenes.mjs";
import { goatCompanion, goatMatch } from "../../tables/goatball.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

/**
 * An arena (match m1, whose events the fake companion takes) with r1 (hp, temp) and b1, and a
 * pass card whose Apply hits r1 for `damage` and puts `out` out of the game.
 */
async function bloodball({ hp, temp = 0, damage, out = [] }) {
  const match = goatMatch({ red: [["r1", "P1"]], blue: [["b1", "P3"]] });
  const companion = goatCompanion(match);
  await openOn(companion, { system: "dnd5e" });
  const sheet = (value, tmp) => {
    const data = fixture("actors/dnd5e");
    Object.assign(data.system.attributes.hp, { value, temp: tmp });
    return new FakeDnd5eActor(data);
  };
  const token = (id, team, actor) =>
    new FakeToken({ id, name: id, x: 0, y: 0, flags: { ballcourt: { team } }, actor });
  const scene = new FakeScene({
    tokens: [token("r1", "red", sheet(hp, temp)), token("b1", "blue", sheet(30, 0))],
    flags: { ballcourt: { game: "goatball", matchId: "m1", arena: { platforms: [], zones: [] } } },
  });
  globalThis.game.scenes.set(scene.id, scene);
  const chat = await moduleOf("gm", "chat");
  const card = {
    kind: "goatball.pass",
    title: "Pass",
    lines: [],
    rolls: [],
    actions: [
      {
        id: "apply",
        key: "BALLCOURT.Action.Apply",
        data: {},
        payload: {
          out,
          returned: [],
          dead: [],
          possession: { team: "red", carrier: null, visited: ["P1"], hot: false },
          damage: [{ player: "r1", total: damage, type: "bludgeoning" }],
          ball_on: null,
        },
      },
    ],
  };
  const message = await chat.postCard(
    { chat_card: card },
    {
      game: "goatball",
      kind: "pass",
      sceneId: scene.id,
      matchId: "m1",
      pass: { actions: [], throw: null },
      owners: {},
    },
  );
  const actor = scene.tokens.get("r1").actor;
  const press = (id) => chat.performAction(message.id, id, "gm");
  return {
    actor,
    press,
    message,
    companion,
    hp: () => [actor.system.attributes.hp.value, actor.system.attributes.hp.temp],
  };
}

test("failure 4: a 3-HP player hit for 7 drops to 0, and Undo gives him back his 3, not 7", async () => {
  const { press, hp } = await bloodball({ hp: 3, damage: 7 });
  await press("apply");
  assert.deepEqual(hp(), [0, 0]);
  await press("undo");
  assert.deepEqual(hp(), [3, 0], "Undo restores the hit points Apply found");
});

test("failure 4: damage comes off temporary hit points first, and Undo restores both", async () => {
  const { press, hp } = await bloodball({ hp: 10, temp: 5, damage: 7 });
  await press("apply");
  assert.deepEqual(hp(), [8, 0], "5 from the temporary, 2 from the real");
  await press("undo");
  assert.deepEqual(hp(), [10, 5]);
});

test("failure 4: Apply reads the sheet as it is when it writes, not as the card found it", async () => {
  const { actor, press, hp } = await bloodball({ hp: 10, damage: 4 });
  actor.system.attributes.hp.value = 6; // healed, hurt or edited between the card and its Apply
  await press("apply");
  assert.deepEqual(hp(), [2, 0]);
  await press("undo");
  assert.deepEqual(hp(), [6, 0], "back to what Apply changed, not to what the card saw");
});

test("failure 4: a player knocked out and Undone keeps neither dnd5e's unconscious nor the prone it brought", async () => {
  const { actor, press } = await bloodball({ hp: 3, damage: 7, out: ["r1"] });
  await press("apply");
  assert.ok(
    actor.statuses.has("unconscious") && actor.statuses.has("prone"),
    "dnd5e adds prone with unconscious",
  );
  await press("undo");
  assert.deepEqual([...actor.statuses], [], "Undo takes off both");
});

test("failure 4: Undo leaves a prone the player had before Apply", async () => {
  const { actor, press } = await bloodball({ hp: 3, damage: 7, out: ["r1"] });
  await actor.toggleStatusEffect("prone", { active: true });
  await press("apply");
  await press("undo");
  assert.deepEqual([...actor.statuses], ["prone"]);
});

test("a card the previous version applied, whose record kept the damage rather than the sheet, still undoes", async () => {
  const { press, hp } = await bloodball({ hp: 12, damage: 7 });
  await press("apply");
  const message = globalThis.game.messages.contents.at(-1);
  const record = message.flags.ballcourt.record;
  const { sheets, ...older } = record.undo; // the record as the previous version wrote it
  assert.ok(sheets, "this version records the sheets");
  await message.update({
    "flags.ballcourt.==record": {
      ...record,
      undo: { ...older, damage: [{ tokenId: "r1", amount: -7, type: "bludgeoning" }] },
    },
  });
  await press("undo");
  assert.deepEqual(hp(), [12, 0], "the damage given back, as that version did");
});

test("an Apply cut short by the GM's reload (its event posted, the out status set, the hit points not) is taken back whole once his page links again", async () => {
  const { actor, press, message, companion, hp } = await bloodball({
    hp: 10,
    temp: 5,
    damage: 7,
    out: ["r1"],
  });
  const update = actor.update;
  actor.update = () => new Promise(() => {}); // his page closes as the hit points are written
  press("apply");
  await settle();
  assert.ok(actor.statuses.has("unconscious"), "the status was written");
  assert.deepEqual(
    companion.match.log.map((e) => e.type),
    ["pass"],
    "and the pass's event posted",
  );
  assert.ok(message.flags.ballcourt.applying, "the card keeps its journal");
  actor.update = update;
  await reload("gm", {
    load: (userId) => {
      // his new page loads the module as he comes back
      clientOf(userId).user.active = true;
      return loadModule(userId);
    },
  });
  await settle();
  assert.deepEqual([...actor.statuses], [], "the status taken back");
  assert.deepEqual(hp(), [10, 5], "the hit points as they were");
  assert.deepEqual(companion.match.undone, [1], "the event undone at the companion");
  assert.equal(message.flags.ballcourt.applying, null);
  assert.equal(message.flags.ballcourt.applied, false, "the card may be applied again");
  assert.match(clientOf("gm").ui.notifications.at(-1)[1], /cut short/);
  await (await moduleOf("gm", "chat")).performAction(message.id, "apply", "gm");
  assert.deepEqual(hp(), [8, 0], "and its Apply, pressed again, is made whole");
});
