/** The request bodies the module sends the companion: players, kick, preview, intercept. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { makeMapping } from "../../scripts/core/geometry.mjs";
import {
  kickRequest,
  previewRequest,
  interceptRequest,
  yaotzinPlayers,
} from "../../scripts/core/requests.mjs";

const m = makeMapping({ originX: 500, originY: 100, gridSize: 100, length: 72, width: 24 });

test("players come from team tokens on the court only", () => {
  const players = yaotzinPlayers(m, [
    {
      id: "a",
      name: "Ix",
      x: 1500,
      y: 1300,
      team: "sun",
      stats: { str: 14, dex: 17, bab: 2, reflex: 3, feats: ["power_attack"], aooLeft: 0 },
    },
    { id: "b", x: 1500, y: 1300, team: null, stats: {} },
    { id: "c", x: 0, y: 0, team: "moon", stats: {} },
  ]);
  assert.deepEqual(players, [
    {
      id: "a",
      name: "Ix",
      team: "sun",
      x: 10,
      y: 12,
      str: 14,
      dex: 17,
      bab: 2,
      reflex: 3,
      feats: ["power_attack"],
      prone: false,
      aoo_left: 0,
    },
  ]);
});

test("kick and preview bodies: the preview is the kick without dice", () => {
  const args = {
    mapping: m,
    players: [],
    ball: { x: 10, y: 12 },
    kicker: "a",
    target: { x: 18, y: 12 },
    standing: true,
    rolls: { attack: 9 },
  };
  const kick = kickRequest(args);
  assert.deepEqual(kick.rolls, { attack: 9 });
  assert.equal(kick.power_attack, 0);
  assert.deepEqual(kick.field, { length: 72, width: 24 });
  const { rolls, ...withoutDice } = kick;
  assert.deepEqual(rolls, { attack: 9 });
  assert.deepEqual(previewRequest(args), withoutDice);
});

test("an intercept body carries the card action's payload and the rolled save", () => {
  const action = {
    payload: {
      kind: "flight",
      player: "yo",
      dc: 15,
      rem: 7,
      ball: { x: 20, y: 12, speed: 0, direction: null },
      from: { x: 10, y: 12 },
      corner: 2,
    },
  };
  const body = interceptRequest({ mapping: m, players: [], action, save: 9 });
  assert.equal(body.from.x, 10);
  assert.equal(body.rem, 7);
  assert.equal(
    body.corner,
    2,
    "the kick's corner d2 goes along, so the companion checks that line",
  );
  assert.deepEqual(body.rolls, { save: 9 });
});
