/**
 * The shot planner at the table: with the kick tool on, the palette's Planner toggle
 * and its key ask the companion's /kick/suggest for the kicker's choices and the end his team
 * attacks, and mark the squares in their own canvas layer; an NPC interceptor's kick card says
 * whether to try.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";

import { connectTo, fakeCompanion } from "../../fakes/companion.mjs";
import {
  FakeActor,
  FakeScene,
  FakeToken,
  installDocument,
  installFoundry,
} from "../../fakes/foundry.mjs";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${name}.json`, import.meta.url), "utf8"));

const link = await import("../../../scripts/foundry/world/link.mjs");
const overlayLayer = await import("../../../scripts/foundry/world/overlay-layer.mjs");
const { KickTool } = await import("../../../scripts/foundry/yaotzin/kick-tool.mjs");
const { PALETTE_ID } = await import("../../../scripts/foundry/yaotzin/kick-palette.mjs");

const MAPPING = { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 };
const tick = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setImmediate(r));
};

beforeEach(() => {
  installFoundry();
});

/** Ixpoetchitl (sun, Alice's) on the ball; Yolteotl (moon) an NPC nobody owns. */
function courtScene() {
  const npc = new FakeActor({ ...fixture("actors/d35e") });
  const pc = new FakeActor({ ...fixture("actors/pf1"), owners: ["alice"] });
  pc.hasPlayerOwner = true;
  npc.hasPlayerOwner = false;
  const tokens = [
    new FakeToken({
      id: "ix",
      name: "Ixpoetchitl",
      x: 1000,
      y: 1200,
      flags: { ballcourt: { team: "sun" } },
      actor: pc,
    }),
    new FakeToken({
      id: "yo",
      name: "Yolteotl",
      x: 1300,
      y: 1200,
      flags: { ballcourt: { team: "moon" } },
      actor: npc,
    }),
    new FakeToken({
      id: "ball",
      name: "Ball",
      x: 1000,
      y: 1200,
      flags: { ballcourt: { isBall: true } },
    }),
  ];
  const scene = new FakeScene({
    tokens,
    flags: {
      ballcourt: {
        game: "yaotzin",
        mapping: MAPPING,
        field: { length: 72, width: 24 },
        matchId: "m1",
        teams: [
          { id: "sun", defends: "east" },
          { id: "moon", defends: "west" },
        ],
      },
    },
  });
  for (const t of tokens) t.parent = scene;
  globalThis.game.scenes.set(scene.id, scene);
  globalThis.canvas.scene = scene;
  overlayLayer.onCanvasReady();
  return scene;
}

const SUGGESTION = {
  kicker: "ix",
  attacks: "west",
  squares: [
    { x: 2, y: 12, p_goal: 0.62, p_hit: 0.4, expected_damage: 1.2 },
    { x: 3, y: 11, p_goal: 0.55, p_hit: 0.45, expected_damage: 0 },
  ],
};

const plannerLayer = () =>
  globalThis.canvas.interface.children.find((c) => c.name === "ballcourt-planner");

test("the planner toggle asks for the kicker's best squares and marks them; the marks follow the choices", async () => {
  const doc = installDocument();
  const companion = fakeCompanion({
    "/api/v1/yaotzin/kick/suggest": () => ({ status: 200, body: SUGGESTION }),
    "/api/v1/yaotzin/kick/preview": () => ({ status: 200, body: fixture("preview") }),
  });
  await connectTo(link, companion);
  const scene = courtScene();
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  const tool = new KickTool();
  tool.toggle(true);
  const palette = doc.getElementById(PALETTE_ID);
  assert.match(palette.innerHTML, /data-ballcourt-palette="planner" aria-pressed="false"/);
  assert.ok(palette.clickButton("ballcourt-palette", "planner"));
  await tick();
  assert.match(palette.innerHTML, /data-ballcourt-palette="planner" aria-pressed="true"/);
  const asked = companion.calls
    .filter((c) => c.route === "/api/v1/yaotzin/kick/suggest")
    .map((c) => c.body);
  assert.equal(asked.length, 1);
  assert.equal(
    asked[0].attacks,
    "west",
    "the sun defends the east line: Ixpoetchitl attacks the west one",
  );
  assert.equal(asked[0].kicker, "ix");
  assert.equal(asked[0].top, 5);
  assert.equal("target" in asked[0], false);
  assert.deepEqual(asked[0].ball, { x: 10, y: 12 });
  assert.ok(plannerLayer()?.children.length > 0, "the squares are marked");

  tool.hover({ x: 1850, y: 1250 }); // the preview draws in its own layer
  await tick();
  assert.ok(plannerLayer().children.length > 0, "a hover preview does not wipe the marks");

  tool.act("running");
  await tick();
  const again = companion.calls
    .filter((c) => c.route === "/api/v1/yaotzin/kick/suggest")
    .map((c) => c.body);
  assert.deepEqual(
    again.map((b) => b.standing),
    [true, false],
    "a changed choice asks again",
  );

  assert.equal(tool.act("planner"), false, "off again");
  assert.equal(plannerLayer().children.length, 0);
  tool.act("planner");
  await tick();
  tool.toggle(false);
  assert.equal(plannerLayer().children.length, 0, "the marks go with the tool");
});

test("an NPC interceptor's advice card, to the GMs, says whether to try, with his chance and the damage", async () => {
  installDocument();
  const kick = {
    ...fixture("kick"),
    goal: { end: "west" },
    intercept_odds: { yo: { odds: {}, p_stop: 0.3, expected_damage: 2.4 } },
  };
  const companion = fakeCompanion({
    "/api/v1/yaotzin/kick/preview": () => ({ status: 200, body: fixture("preview") }),
    "/api/v1/yaotzin/kick": () => ({ status: 200, body: kick }),
  });
  await connectTo(link, companion);
  const scene = courtScene();
  const { resolveKick } = await import("../../../scripts/foundry/yaotzin/yaotzin.mjs");
  await resolveKick(scene, { kicker: "ix", target: { x: 18, y: 12 }, standing: true });
  const [card, message] = globalThis.ChatMessage.created.slice(-2);
  assert.doesNotMatch(card.content, /NPC/, "not on the kick card");
  assert.deepEqual(message.whisper, ["gm"]);
  const html = message.content;
  assert.match(
    html,
    /Yolteotl \(NPC\): try to stop it: it lands beyond his line; 30% to stop it, 2\.4 nonlethal expected\./,
  );
});
