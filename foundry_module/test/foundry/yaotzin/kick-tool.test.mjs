/** The kick tool against the fakes: a hovered square previewed, the kick on a click. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { FakeActor, FakeScene, FakeToken, installFoundry } from "../../fakes/foundry.mjs";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${name}.json`, import.meta.url), "utf8"));

const link = await import("../../../scripts/foundry/world/link.mjs");
const { KickTool } = await import("../../../scripts/foundry/yaotzin/kick-tool.mjs");

/** A companion answering only `routes` (404 otherwise), as fakes/companion.mjs's double does. */
const companionWith = (routes) => fakeCompanion(routes, { defaults: false });

const tick = () => new Promise((r) => setImmediate(r));

function stage() {
  const handlers = new Map();
  return { on: (e, fn) => handlers.set(e, fn), off: (e) => handlers.delete(e), handlers };
}

beforeEach(() => {
  installFoundry();
});

test("the kick tool previews a hovered square from the handler itself, the newer square when the answer comes, and kicks on click", async () => {
  const companion = companionWith({
    "/api/v1/yaotzin/kick/preview": () => ({ status: 200, body: fixture("preview") }),
    "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }),
  });
  link.startLink({ ioFactory: companion.io });
  await tick();
  const ix = new FakeToken({
    id: "ix",
    name: "Ixpoetchitl",
    x: 1000,
    y: 1200,
    flags: { ballcourt: { team: "sun" } },
    actor: new FakeActor(fixture("actors/pf1")),
  });
  const ball = new FakeToken({
    id: "ball",
    x: 1000,
    y: 1200,
    flags: { ballcourt: { isBall: true } },
  });
  const scene = new FakeScene({
    tokens: [ix, ball],
    flags: {
      ballcourt: {
        game: "yaotzin",
        matchId: "m1",
        mapping: { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 },
        field: { length: 72, width: 24 },
      },
    },
  });
  globalThis.game.scenes.set(scene.id, scene);
  const s = stage();
  globalThis.canvas = { scene, stage: s, tokens: { controlled: [{ document: ix }] } };
  const tool = new KickTool();
  tool.toggle(true);
  const previews = () => companion.calls.filter((c) => c.route.endsWith("/preview"));
  s.handlers.get("pointermove")({ x: 1750, y: 1250 });
  assert.equal(previews().length, 1, "sent in the handler itself, not on a later frame");
  s.handlers.get("pointermove")({ x: 1760, y: 1260 }); // the same square: nothing new
  s.handlers.get("pointermove")({ x: 1850, y: 1250 });
  assert.equal(previews().length, 1, "one in flight: the newer square waits for its answer");
  await tick();
  await tick();
  assert.deepEqual(
    previews().map((c) => c.body.target),
    [
      { x: 17, y: 12 },
      { x: 18, y: 12 },
    ],
  );
  assert.equal("rolls" in previews()[1].body, false);
  assert.equal(tool.lastPreview.in_range, true);
  globalThis.Roll.queue = [9];
  await tool.click({ button: 0, x: 1850, y: 1250 });
  const kick = companion.calls.find((c) => c.route === "/api/v1/yaotzin/kick");
  assert.deepEqual(kick.body.rolls, { attack: 9 });
  assert.equal(kick.body.kicker, "ix");
  const message = globalThis.ChatMessage.created.findLast(
    (m) => m.flags.ballcourt.context.kind === "kick",
  );
  assert.equal(
    message.rolls[0].total,
    9 + fixture("preview").attack.modifier,
    "the roll shows the kick's total",
  );
  tool.toggle(false);
  assert.equal(s.handlers.size, 0);
});
