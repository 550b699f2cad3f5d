/**
 * A whole Yaotzin turn from the token: the kick tool's palette and keys
 * (standing / running, Power Attack 0..BAB with the feat), hoop shots and contests started
 * from it with the companion's modifiers on their Foundry rolls, and the squares a dribbler
 * may still reach drawn when he is picked up. Each browser runs its own copy of the module
 * (openTable); the tool, the palette and the squares are the GM's page's unless a test says.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeCompanion } from "../../fakes/companion.mjs";
import { fixture, runningEncounter } from "../../fakes/scenes.mjs";
import {
  FakeActor,
  FakeDialogV2,
  FakeScene,
  FakeToken,
  asUser,
  clientOf,
  installDocument,
} from "../../fakes/foundry.mjs";
import { apiOf, moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

const MAPPING = { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 };
const tick = async (n = 3) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setImmediate(r));
};

let world;
let dribble;
let KickTool;
let PALETTE_ID;

/** Every browser with the module, on a fake companion answering `routes` (returned); the GM's page's glue for the tests. */
async function table(routes = {}) {
  const companion = fakeCompanion(routes);
  world = await openOn(companion);
  dribble = await moduleOf("gm", "dribble");
  ({ KickTool } = await moduleOf("gm", "kick-tool"));
  ({ PALETTE_ID } = await moduleOf("gm", "kick-palette"));
  return companion;
}

/** Ixpoetchitl (pf1: Power Attack, BAB 2, Alice's) on the ball; Yolteotl (D35E: no Power Attack, Bob's). */
function courtScene({ ix = [10, 12], yo = [13, 12], ball = ix, ballSpeed = 0 } = {}) {
  const tokens = [
    new FakeToken({
      id: "ix",
      name: "Ixpoetchitl",
      x: ix[0] * 100,
      y: ix[1] * 100,
      flags: { ballcourt: { team: "sun" } },
      actor: new FakeActor({ ...fixture("actors/pf1"), owners: ["alice"] }),
    }),
    new FakeToken({
      id: "yo",
      name: "Yolteotl",
      x: yo[0] * 100,
      y: yo[1] * 100,
      flags: { ballcourt: { team: "moon" } },
      actor: new FakeActor({ ...fixture("actors/d35e"), owners: ["bob"] }),
    }),
    new FakeToken({
      id: "ball",
      name: "Ball",
      x: ball[0] * 100,
      y: ball[1] * 100,
      flags: {
        ballcourt: { isBall: true, ball: { speed: ballSpeed, direction: ballSpeed ? "E" : null } },
      },
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
      },
    },
  });
  for (const t of tokens) t.parent = scene;
  globalThis.game.scenes.set(scene.id, scene);
  world.view("gm", scene); // his page's canvasReady builds its overlay
  return scene;
}

/** The companion's kick modifier for a body, as its rules make it (range and Power Attack matter). */
const kickModifier = (body) => -9 - (body.power_attack ?? 0) + (body.standing ? 0 : -2);
const card = (kind) => ({
  kind,
  title: { key: "BALLCOURT.Card.Tick.Still", data: {} },
  lines: [],
  rolls: [],
  actions: [],
});

function kickRoutes() {
  return {
    "/api/v1/yaotzin/kick/preview": (body) => ({
      status: 200,
      body: {
        ...fixture("preview"),
        target: body.target,
        attack: { ...fixture("preview").attack, modifier: kickModifier(body) },
      },
    }),
    "/api/v1/yaotzin/kick": () => ({ status: 200, body: fixture("kick") }),
  };
}

test("the palette offers standing/running and Power Attack 0..BAB; preview, kick and card use the choices", async () => {
  const doc = installDocument();
  const companion = await table(kickRoutes());
  const scene = courtScene();
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  const tool = new KickTool();
  assert.equal(tool.toggle(true), true);
  const palette = doc.getElementById(PALETTE_ID);
  assert.ok(palette, "the palette is shown while the tool is on");
  assert.match(palette.innerHTML, /Ixpoetchitl/);
  assert.match(palette.innerHTML, /data-ballcourt-palette="standing" aria-pressed="true"/);
  assert.match(palette.innerHTML, /Power Attack/);
  assert.match(palette.innerHTML, /<output data-ballcourt-palette-pa>0<\/output>/);

  tool.hover({ x: 1850, y: 1250 });
  await tick();
  assert.ok(palette.clickButton("ballcourt-palette", "running"));
  await tick();
  for (let i = 0; i < 3; i += 1) palette.clickButton("ballcourt-palette", "pa-up");
  await tick();
  assert.equal(tool.powerAttack, 2, "no more than the kicker's BAB of 2");
  assert.match(palette.innerHTML, /data-ballcourt-palette="pa-up" disabled/);
  assert.match(palette.innerHTML, /data-ballcourt-palette="running" aria-pressed="true"/);
  const previews = companion.calls.filter((c) => c.route.endsWith("/preview")).map((c) => c.body);
  assert.deepEqual(
    previews.map((b) => [b.standing, b.power_attack]),
    [
      [true, 0],
      [false, 0],
      [false, 1],
      [false, 2],
    ],
    "every change previews the hovered square again",
  );

  globalThis.Roll.queue = [12];
  await tool.click({ x: 1850, y: 1250, button: 0 });
  const kick = companion.calls.find((c) => c.route === "/api/v1/yaotzin/kick").body;
  assert.equal(kick.standing, false);
  assert.equal(kick.power_attack, 2);
  assert.deepEqual(kick.rolls, { attack: 12 });
  const message = globalThis.ChatMessage.created.at(-1);
  assert.equal(
    message.rolls[0].data.mod,
    kickModifier({ standing: false, power_attack: 2 }),
    "the card's d20 carries the modifier of the kick as chosen",
  );
  tool.toggle(false);
  assert.equal(doc.getElementById(PALETTE_ID), null, "gone with the tool");
});

test("a kicker without the feat has no Power Attack; a click before the new preview asks for the modifier", async () => {
  installDocument();
  const companion = await table(kickRoutes());
  const scene = courtScene({ ix: [20, 12], yo: [10, 12], ball: [10, 12] });
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("yo") }];
  const tool = new KickTool();
  tool.toggle(true);
  assert.doesNotMatch(globalThis.document.getElementById(PALETTE_ID).innerHTML, /Power Attack/);
  assert.equal(tool.act("pa-up"), false);
  assert.equal(tool.powerAttack, 0);
  tool.hover({ x: 1850, y: 1250 });
  await tick();
  tool.act("running"); // its preview is not back yet when the GM clicks
  globalThis.Roll.queue = [7];
  await tool.click({ x: 1850, y: 1250, button: 0 });
  const kick = companion.calls.find((c) => c.route === "/api/v1/yaotzin/kick").body;
  assert.equal(kick.standing, false);
  assert.equal(
    globalThis.ChatMessage.created.at(-1).rolls[0].data.mod,
    kickModifier({ standing: false }),
    "not the standing preview's modifier",
  );
});

test("keybindings registered at init: toggle the tool, switch standing/running, Power Attack up and down", async () => {
  await table(kickRoutes()); // each page's init and ready ran as Foundry runs them
  const hooks = clientOf("gm").page.hooks;
  assert.ok(
    hooks.has("controlToken") && hooks.has("updateToken"),
    "the dribble squares follow the canvas",
  );
  const keys = globalThis.game.keybindings;
  assert.deepEqual(
    [...keys.actions.keys()],
    [
      "ballcourt.kickTool",
      "ballcourt.kickStance",
      "ballcourt.kickPowerUp",
      "ballcourt.kickPowerDown",
      "ballcourt.kickPlanner",
    ],
  ); // + the shot planner
  assert.ok(
    [...keys.actions.values()].every(
      (a) => globalThis.game.i18n.has(a.name) && globalThis.game.i18n.has(a.hint),
    ),
  );
  assert.deepEqual(keys.get("ballcourt", "kickStance"), [{ key: "KeyK", modifiers: ["Shift"] }]);
  const api = apiOf("gm");
  for (const fn of ["resolveKick", "resolveTick", "shootHoop", "contest"])
    assert.equal(typeof api[fn], "function", fn);

  const scene = courtScene();
  const controls = globalThis.ui.controls.render({ reset: true });
  assert.equal(
    keys.press("ballcourt", "kickStance"),
    false,
    "the tool is off: the key is not consumed",
  );
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  assert.equal(keys.press("ballcourt", "kickTool"), true);
  const tool = api.kickTool();
  assert.equal(tool.active, true);
  assert.equal(controls.tool("ballcourtKick").active, true, "the button shows the tool on");
  keys.press("ballcourt", "kickStance");
  assert.equal(tool.standing, false);
  keys.press("ballcourt", "kickPowerUp");
  keys.press("ballcourt", "kickPowerUp");
  keys.press("ballcourt", "kickPowerDown");
  assert.equal(tool.powerAttack, 1);
  await asUser("alice", async () => {
    assert.equal(
      globalThis.game.keybindings.press("ballcourt", "kickPowerUp"),
      false,
      "her own page's tool is off",
    );
  });
  assert.equal(tool.powerAttack, 1, "the GM's tool is his own");
  keys.press("ballcourt", "kickTool");
  assert.equal(tool.active, false);
  assert.equal(controls.tool("ballcourtKick").active, false);
});

test("issue 35 item 10: a player's kick keys work on his own page (K, Shift+K, [, ], P); K does nothing when player kicks are off", async () => {
  await table(kickRoutes());
  const scene = courtScene();
  world.view("alice", scene);
  clientOf("alice").canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }]; // her own player
  const press = (action) =>
    asUser("alice", () => globalThis.game.keybindings.press("ballcourt", action));
  const tool = apiOf("alice").kickTool();
  assert.deepEqual(
    [...clientOf("alice").page.keybindings.actions.values()].filter((a) => a.restricted),
    [],
    "no key is the GM's alone: every one drives the kick tool, which players use",
  );
  assert.equal(press("kickTool"), true, "K");
  assert.equal(tool.active, true);
  press("kickStance");
  assert.equal(tool.standing, false, "Shift+K");
  press("kickPowerUp");
  assert.equal(tool.powerAttack, 1, "]");
  press("kickPowerDown");
  assert.equal(tool.powerAttack, 0, "[");
  assert.equal(press("kickPlanner"), true, "P");
  press("kickTool");
  assert.equal(tool.active, false);
  await globalThis.game.settings.set("ballcourt", "playerKicks", false);
  assert.equal(press("kickTool"), false, "K is not hers when the GM keeps kicks to himself");
  assert.equal(tool.active, false);
});

/** A fake /hoop or /contest that computes like the companion: each named d20 gets its modifier. */
function rollingRoute(kind, modifiers, extra = () => ({})) {
  return (body) => {
    const given = body.rolls ?? {};
    const names = Object.keys(modifiers).filter((n) => n !== "confirm" || given.attack === 20);
    const rolls = names.map((name) => {
      const natural = given[name] ?? 10;
      return {
        name,
        formula: `1d20${modifiers[name] >= 0 ? "+" : ""}${modifiers[name]}`,
        natural,
        total: natural + modifiers[name],
      };
    });
    return { status: 200, body: { ...extra(body), rolls, chat_card: { ...card(kind), rolls } } };
  };
}

test("the palette's Hoop shoots at the nearer hoop with the kick's choices; its d20s carry the companion's modifier", async () => {
  const doc = installDocument();
  const modifiers = { attack: -3, confirm: -3 };
  const companion = await table({
    ...kickRoutes(),
    "/api/v1/yaotzin/hoop": rollingRoute("yaotzin.hoop", modifiers),
  });
  const scene = courtScene({ ix: [30, 22], ball: [30, 22] });
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  const tool = new KickTool();
  tool.toggle(true);
  tool.act("running");
  tool.act("pa-up");
  globalThis.Roll.queue = [20, 14];
  doc.getElementById(PALETTE_ID).clickButton("ballcourt-palette", "hoop");
  await tick(6);
  const calls = companion.calls
    .filter((c) => c.route === "/api/v1/yaotzin/hoop")
    .map((c) => c.body);
  assert.equal(calls.length, 2, "the companion's modifier first (nothing recorded), then the shot");
  const shot = calls.at(-1);
  assert.equal(shot.hoop, "south");
  assert.equal(shot.kicker, "ix");
  assert.equal(shot.standing, false);
  assert.equal(shot.power_attack, 1);
  assert.deepEqual(
    shot.rolls,
    { attack: 20, confirm: 14 },
    "a natural 20 is confirmed in Foundry too",
  );
  const message = globalThis.ChatMessage.created.at(-1);
  assert.deepEqual(
    message.rolls.map((r) => [r.options.ballcourt, r.data.mod, r.total]),
    [
      ["attack", -3, 17],
      ["confirm", -3, 11],
    ],
    "never d20+0",
  );
  assert.equal(FakeDialogV2.shown.length, 0, "no dialog: the palette knows the side");
});

test("the palette's Contest pits the kicker against the user's target; touch and checks carry the modifiers", async () => {
  const doc = installDocument();
  const modifiers = { touch: 4, actor: 4, target: 1 };
  const companion = await table({
    ...kickRoutes(),
    "/api/v1/yaotzin/contest": rollingRoute("yaotzin.contest", modifiers),
  });
  const scene = courtScene({ ix: [10, 12], yo: [11, 12] });
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  const tool = new KickTool();
  tool.toggle(true);
  const palette = doc.getElementById(PALETTE_ID);
  globalThis.game.user.targets = new Set();
  palette.clickButton("ballcourt-palette", "contest");
  await tick();
  assert.match(world.notifications.at(-1)[1], /target/i, "no target: said so");
  globalThis.game.user.targets = new Set([{ document: scene.tokens.get("yo") }]);
  FakeDialogV2.answers = [{ kind: "grapple" }];
  globalThis.Roll.queue = [15, 9, 11];
  palette.clickButton("ballcourt-palette", "contest");
  await tick(6);
  const sent = companion.calls
    .filter((c) => c.route === "/api/v1/yaotzin/contest")
    .map((c) => c.body)
    .at(-1);
  assert.deepEqual([sent.kind, sent.actor, sent.target], ["grapple", "ix", "yo"]);
  assert.deepEqual(sent.rolls, { touch: 15, actor: 9, target: 11 });
  const message = globalThis.ChatMessage.created.at(-1);
  assert.deepEqual(
    message.rolls.map((r) => [r.options.ballcourt, r.data.mod]),
    [
      ["touch", 4],
      ["actor", 4],
      ["target", 1],
    ],
  );
  assert.equal(
    message.rolls.filter((r) => r.fromData).length,
    0,
    "no companion copy of the same dice",
  );
});

test("picking up the dribbler draws the squares he may still reach, for the GM and his owner only", async () => {
  await table();
  const scene = courtScene();
  const grid = globalThis.canvas.interface.grid;
  const ix = scene.tokens.get("ix");
  globalThis.canvas.tokens.controlled = [{ document: ix }];
  dribble.onControlToken({ document: ix }, true);
  const drawn = grid.highlighted(dribble.REACH_LAYER);
  assert.equal(
    drawn.length,
    66,
    "30 ft: the move action's 3 squares and the standard action's 1 (68 on the flat)," +
      " less Yolteotl's square and the one past it",
  );
  assert.ok(drawn.includes("1100,1200") && drawn.includes("1300,900"));
  assert.ok(
    !drawn.includes("1300,1200") && !drawn.includes("1400,1200"),
    "the opponent's square is closed",
  );
  for (const id of ["alice", "bob"]) world.view(id, scene);
  await asUser("alice", async () => {
    // her own screen: the court, her dribbler picked up, her page's glue
    globalThis.canvas.tokens.controlled = [{ document: ix }];
    assert.equal(
      (await moduleOf("alice", "dribble")).showDribbleReach().length,
      66,
      "Alice owns Ixpoetchitl",
    );
  });
  await asUser("bob", async () => {
    globalThis.canvas.tokens.controlled = [{ document: ix }];
    assert.equal((await moduleOf("bob", "dribble")).showDribbleReach().length, 0, "Bob does not");
    assert.equal(
      globalThis.canvas.interface.grid.highlighted(dribble.REACH_LAYER).length,
      0,
      "nothing on his screen",
    );
  });
  assert.equal(grid.highlighted(dribble.REACH_LAYER).length, 66, "the GM's screen keeps its own");
  await ix.setFlag("ballcourt", "turnStartWithBall", false);
  assert.equal(
    dribble.showDribbleReach().length,
    8,
    "the turn did not start on the ball: one square",
  );
  dribble.onControlToken({ document: ix }, false); // the hook fires before the list is updated
  assert.deepEqual(grid.highlighted(dribble.REACH_LAYER), [], "let go: cleared");
  globalThis.canvas.tokens.controlled = [];
  await ix.setFlag("ballcourt", "turnStartWithBall", true);
  assert.equal(
    dribble.onControlToken({ document: ix }, true).length,
    66,
    "picked up again, from the hook's token",
  );
});

test("no squares for a rolling ball or a token off the ball; a move of the ball redraws them", async () => {
  await table();
  const scene = courtScene({ ballSpeed: 3 });
  const grid = globalThis.canvas.interface.grid;
  globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
  assert.deepEqual(dribble.showDribbleReach(), [], "the ball is rolling");
  const ball = scene.tokens.get("ball");
  ball.flags.ballcourt.ball = { speed: 0, direction: null };
  dribble.onUpdateToken(ball, { flags: {} });
  assert.equal(grid.highlighted(dribble.REACH_LAYER).length, 66);
  await ball.update({ x: 500 });
  dribble.onUpdateToken(ball, { x: 500 });
  assert.deepEqual(grid.highlighted(dribble.REACH_LAYER), [], "the ball left him");
});

test("the dribble the companion checks counts from the dribbler's own speed", async () => {
  const companion = await table({
    "/api/v1/yaotzin/dribble": () => ({
      status: 422,
      body: {
        error: {
          code: "illegal",
          message: "the dribble needs 5 squares of movement; Ixpoetchitl has 4",
        },
      },
    }),
  });
  const scene = courtScene();
  const ix = scene.tokens.get("ix");
  ix.actor.system.attributes.speed.land.total = 40;
  globalThis.canvas.tokens.controlled = [{ document: ix }];
  assert.ok(
    dribble.showDribbleReach().some((s) => s.x === 10 && s.y === 17),
    "40 ft: 5 squares",
  );
  runningEncounter(scene);
  assert.equal(
    dribble.onPreMoveToken(
      ix,
      { origin: { x: 1000, y: 1200 }, destination: { x: 1000, y: 1800 }, method: "dragging" },
      {},
    ),
    false,
    "held for the companion",
  );
  await tick(6);
  const sent = companion.calls.find((c) => c.route === "/api/v1/yaotzin/dribble").body;
  assert.equal(sent.players.find((p) => p.id === "ix").speed, 40);
  assert.match(
    world.notifications.find(([k]) => k === "error")[1],
    /needs 5 squares/,
    "an illegal drop: refused with its reason",
  );
  assert.deepEqual([ix.x, ix.y], [1000, 1200]);
});
