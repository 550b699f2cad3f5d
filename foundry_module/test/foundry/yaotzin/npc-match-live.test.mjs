/**
 * NPC matches against a real `ballcourt serve`: the GM plays out the match of a
 * court whose companion match is in its last rounds, keeps it, and the kept match's state and
 * report at the companion say what the card says: the events the companion answered folded
 * back into the same score, one after another, through the module's Keep.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { io } from "socket.io-client";

import { FakeScene, FakeToken, installFoundry, settle, until } from "../../fakes/foundry.mjs";
import { startCompanion } from "../../fakes/live-companion.mjs";
import { pf1Actor } from "../../fakes/npc-court.mjs";

const chat = await import("../../../scripts/foundry/cards/chat.mjs");
const link = await import("../../../scripts/foundry/world/link.mjs");
const npc = await import("../../../scripts/foundry/yaotzin/npc-match.mjs");

const TOKEN = "npc-live-token-0123456789";
let live;
after(() => {
  link.getLink()?.close?.();
  live?.stop();
});

test("a played-out match kept through the module is, at the companion, the match its card told", async () => {
  live = await startCompanion(TOKEN);
  installFoundry({ system: "pf1", settings: { companionUrl: live.url, token: TOKEN } });
  link.startLink({ ioFactory: io, pageUrl: "http://localhost:30000/game" });
  assert.ok(
    await until(() => link.getLink().status === "connected"),
    "the link connects, however slowly",
  );
  const match = await link.companion("POST", "/api/v1/matches", {
    game: "yaotzin",
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
  });
  for (let round = 1; round < 99; round += 1)
    await link.companion("POST", `/api/v1/matches/${match.id}/events`, { type: "round" });
  await link.companion("POST", `/api/v1/matches/${match.id}/events`, {
    type: "goal",
    team: "moon",
  });
  const token = (id, name, x, y, team) =>
    new FakeToken({
      id,
      name,
      x: x * 100,
      y: y * 100,
      flags: { ballcourt: { team } },
      actor: pf1Actor(name, []),
    });
  const ball = new FakeToken({
    id: "ball",
    name: "Ball",
    x: 3600,
    y: 1200,
    flags: { ballcourt: { isBall: true, ball: { speed: 0, direction: null } } },
  });
  const scene = new FakeScene({
    tokens: [
      token("ix", "Ixpoetchitl", 30, 12, "sun"),
      token("yo", "Yolteotl", 25, 8, "sun"),
      token("n1", "Tezca", 42, 12, "moon"),
      token("n2", "Mixco", 46, 16, "moon"),
      ball,
    ],
    flags: {
      ballcourt: {
        game: "yaotzin",
        matchId: match.id,
        mapping: { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 },
        field: { length: 72, width: 24 },
      },
    },
  });
  globalThis.game.scenes.set(scene.id, scene);

  const message = await npc.playOut(scene);
  const told = message.flags.ballcourt.card.title.data.score;
  assert.match(told, /^sun \d+ – \d+ moon$/);
  assert.equal(await chat.performAction(message.id, "keep", "gm"), true);
  await settle();
  const kept = message.flags.ballcourt.kept;
  assert.ok(kept && kept !== match.id, "a new match of the companion's own");
  const state = await link.companion("GET", `/api/v1/matches/${kept}`);
  assert.equal(`sun ${state.score.sun} – ${state.score.moon} moon`, told);
  assert.equal(state.status, "over");
  assert.ok(state.score.moon >= 1 && state.round >= 99, "it went on from the match under way");
  const report = await link.companion("GET", `/api/v1/matches/${kept}/report`);
  assert.deepEqual(report.score, state.score);
  assert.ok(
    globalThis.game.messages.contents.some((m) => m.flags?.ballcourt?.report?.match === kept),
    "its report card is posted",
  );
});
