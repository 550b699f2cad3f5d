/**
 * Goat-ball at the table: the GM's declarations progress view (who has declared,
 * whose turn, who is pending; the carrier's slip sealed), a per-player timeout that counts as
 * no action, a Cancel that abandons the pass, and the checks the pass card needs. Each browser
 * runs its own copy of the module (openTable); `goatball` and `menu` are the GM's page's.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  FakeActor,
  FakeDialogV2,
  FakeScene,
  FakeToken,
  FakeUser,
  clientOf,
} from "../../fakes/foundry.mjs";
import { fixture } from "../../fakes/scenes.mjs";
import { goatArena, goatCompanion, goatMatch, goatPlayer } from "../../tables/goatball.mjs";
import { glueModule, moduleOf, openOn, useTables } from "../../tables/table.mjs";

const en = JSON.parse(readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8"));

const { renderProgress } = await glueModule("declaration-progress");
const { Declarations } = await import("../../../scripts/core/goatball.mjs");

useTables();

let world;
let users;
let views;
let goatball;
let menu;

const matchBody = goatMatch(
  {
    red: [
      ["r1", "P1"],
      ["r2", "P2"],
    ],
    blue: [["b1", "P3"]],
  },
  { seq: 2 },
);

/** r1 carries (Alice), r2 is Carol's, b1 Bob's; initiative b1 3, r1 5, r2 9: b1 declares first. */
async function passWorld(routes = {}) {
  users = [
    new FakeUser({ id: "gm", name: "GM", isGM: true }),
    new FakeUser({ id: "alice", name: "Alice" }),
    new FakeUser({ id: "bob", name: "Bob" }),
    new FakeUser({ id: "carol", name: "Carol" }),
  ];
  const companion = goatCompanion(matchBody, routes);
  world = await openOn(companion, { users, system: "dnd5e" });
  views = clientOf("gm").apps; // the GM's windows (FakeApplicationV2): each render's HTML in `shown`
  [goatball, menu] = [await moduleOf("gm", "goatball"), await moduleOf("gm", "setup-dialog")];
  const scene = goatArena(
    world,
    [goatPlayer("r1", ["alice"]), goatPlayer("r2", ["carol"]), goatPlayer("b1", ["bob"])],
    { b1: 3, r1: 5, r2: 9 },
  );
  return { companion, scene };
}

const user = (id) => users.find((u) => u.id === id);

test("the GM's progress view shows who has declared, whose turn it is and who waits; the carrier's slip stays sealed", async () => {
  await passWorld();
  const seen = {};
  user("bob").answer = () => {
    seen.b1 = views[0].shown.at(-1);
    return { action: "intercept", skill: "acrobatics" };
  };
  user("alice").answer = () => {
    seen.r1 = views[0].shown.at(-1);
    return { action: "throw", skill: "athletics", throw: { kind: "pass", target: "r2" } };
  };
  user("carol").answer = () => {
    seen.r2 = views[0].shown.at(-1);
    return { action: "defend", target: "r1" };
  };
  await goatball.startPass(globalThis.game.scenes.contents[0]);
  const declared = await goatball.collectDeclarations();
  assert.ok(declared.complete());
  assert.equal(views.length, 1, "one view for the pass");
  const row = (html, id) =>
    html.match(
      new RegExp(`<li class="ballcourt-declare (\\w+)" data-player="${id}">.*?</li>`),
    )?.[0];
  assert.match(seen.b1, /0 of 3 have declared/);
  assert.match(row(seen.b1, "b1"), /asking/);
  assert.match(row(seen.b1, "r1"), /pending/);
  assert.match(row(seen.r1, "b1"), /declared.*Intercept/);
  assert.match(row(seen.r1, "r1"), /asking.*fa-lock/);
  assert.match(seen.r2, /2 of 3 have declared/);
  assert.match(row(seen.r2, "r1"), /Throw → r2-name/, "the GM sees the sealed slip");
  assert.match(row(seen.r2, "r2"), /asking/);
  assert.match(seen.b1, /120 s/, "the default timeout is shown");
  assert.equal(views[0].closed, true, "closed once all have declared");
});

test("the sealed slip's content is hidden from a viewer who is neither the GM nor its owner until all have declared", () => {
  const d = new Declarations(
    [
      { id: "b1", initiative: 3 },
      { id: "r1", initiative: 5 },
      { id: "r2", initiative: 9 },
    ],
    "r1",
  );
  d.declare("b1", { action: "intercept" });
  d.declare("r1", { action: "throw", throw: { kind: "hot", target: "b1" } });
  const names = { b1: "Bee", r1: "Ruth", r2: "Rex" };
  const lang = {
    localize: (k) => k.split(".").pop(),
    format: (k, data) => `${k.split(".").pop()} ${JSON.stringify(data)}`,
  };
  const player = renderProgress(d.progress({}), names, lang);
  assert.match(player, /data-player="r1"><b>Ruth<\/b>.*Hidden/);
  assert.doesNotMatch(player, /throw → Bee/);
  assert.match(renderProgress(d.progress({ isGM: true }), names, lang), /throw → Bee/);
  assert.match(renderProgress(d.progress({ ownsCarrier: true }), names, lang), /throw → Bee/);
  d.declare("r2", { action: "none" });
  assert.match(
    renderProgress(d.progress({}), names, lang),
    /throw → Bee/,
    "revealed once all are in",
  );
});

test(
  "a player who does not answer within the world's timeout takes no action, and the pass goes on",
  { timeout: 60000 },
  async () => {
    await passWorld();
    world.values.declarationTimeout = 0.05;
    user("bob").answer = () => new Promise(() => {}); // his client never answers
    user("alice").answer = () => ({
      action: "throw",
      skill: "athletics",
      throw: { kind: "pass", target: "r2" },
    });
    user("carol").answer = () => ({ action: "none" });
    await goatball.startPass(globalThis.game.scenes.contents[0]);
    const declared = await goatball.collectDeclarations();
    assert.equal(declared.declared.get("b1").action, "none");
    assert.equal(declared.declared.get("r1").action, "throw");
    assert.deepEqual(
      world.notifications.filter(([k]) => k === "warn").map(([, m]) => m),
      ["b1-name did not declare in time: no action this pass."],
    );
    assert.equal(user("bob").queries.length, 1, "asked once");
  },
);

test("the timeout is a world setting in seconds, 120 by default", async () => {
  await passWorld(); // the GM's page registered it at its init
  const reg = globalThis.game.settings.registered.get("ballcourt.declarationTimeout");
  assert.equal(reg.scope, "world");
  assert.equal(reg.default, 120);
  assert.ok(en.BALLCOURT.Settings.declarationTimeout.Name);
  world.values.declarationTimeout = 45;
  assert.equal(goatball.declarationTimeout(), 45000);
  world.values.declarationTimeout = -1;
  assert.equal(goatball.declarationTimeout(), 120000, "nonsense falls back to the default");
});

test("Cancel in the progress view abandons the pass: the open query is dropped, nothing is rolled, sent or posted", async () => {
  const { companion, scene } = await passWorld();
  user("bob").answer = () => ({ action: "intercept", skill: "acrobatics" });
  let later;
  user("alice").answer = () => {
    const view = views[0];
    view.constructor.DEFAULT_OPTIONS.actions.cancel.call(view); // the GM clicks Cancel
    return new Promise((resolve) => {
      later = resolve;
    });
  };
  user("carol").answer = () => ({ action: "defend", target: "r1" });
  world.view("gm", scene);
  FakeDialogV2.answers = ["pass"];
  assert.equal(await menu.openMenu(), null, "the menu's pass ends with nothing");
  later({ action: "throw", skill: "athletics", throw: { kind: "pass", target: "r2" } }); // answers too late
  await new Promise((r) => setImmediate(r));
  assert.equal(goatball.currentDeclarations(), null, "no pass is pending");
  assert.equal(user("carol").queries.length, 0, "nobody else is asked");
  assert.equal(views[0].closed, true);
  assert.equal(companion.calls.filter((c) => c.route === "/api/v1/goatball/pass").length, 0);
  assert.equal(globalThis.ChatMessage.created.length, 0);
  assert.match(world.notifications.find(([k]) => k === "info")[1], /cancelled/);
});

test("the pass sends each check's skill, advantage and the knock-off target's skill; the card reads them in en and ru", async () => {
  const { makeLocalizer } = await import("../../../scripts/core/i18n.mjs");
  const { renderCard } = await import("../../../scripts/core/cards.mjs");
  const ru = JSON.parse(readFileSync(new URL("../../../lang/ru.json", import.meta.url), "utf8"));
  const zoned = goatMatch(
    {
      red: [
        ["r1", "P1", "A"],
        ["r2", "P2", "B"],
      ],
      blue: [
        ["b1", "P3", "C"],
        ["b2", "P4", "B"],
      ],
    },
    { seq: 2 },
  );
  const { companion, scene } = await passWorld({
    "/api/v1/matches/g1": () => ({ status: 200, body: zoned }),
    "/api/v1/goatball/pass": () => ({ status: 200, body: fixture("pass") }),
  });
  const b2 = new FakeToken({
    id: "b2",
    name: "b2-name",
    x: 0,
    y: 0,
    flags: { ballcourt: { team: "blue" } },
    actor: new FakeActor({ ...fixture("actors/dnd5e"), owners: ["bob"] }),
  });
  scene.tokens.set("b2", b2);
  globalThis.game.combat.combatants.push({ tokenId: "b2", initiative: 1 });
  scene.tokens.get("r2").actor.system.skills = { ath: { total: 1 }, acr: { total: 6 } };
  user("bob").answer = (_name, data) =>
    data.tokenId === "b1"
      ? { action: "intercept", skill: "acrobatics" }
      : { action: "knock_off", target: "r2", skill: "acrobatics" }; // a knock-off is Athletics whatever is picked
  user("alice").answer = () => ({
    action: "throw",
    skill: "athletics",
    throw: { kind: "pass", target: "r2" },
  });
  user("carol").answer = () => ({ action: "none" });
  await goatball.startPass(scene);
  await goatball.collectDeclarations();
  await goatball.resolvePass();
  const sent = companion.calls.find((c) => c.route === "/api/v1/goatball/pass").body;
  const by = Object.fromEntries(sent.actions.map((a) => [a.player, a]));
  assert.equal(by.r1.advantage, true, "the carrier's zone gives advantage");
  assert.equal(by.r1.skill, "athletics");
  assert.equal(by.b1.advantage, undefined, "b1 is in neither zone");
  assert.equal(by.b1.skill, "acrobatics");
  assert.equal(by.b2.skill, "athletics");
  assert.equal(by.b2.defense_skill, "acrobatics", "the target's better skill");
  assert.equal(typeof by.b2.defense, "number");

  const line = {
    key: "BALLCOURT.Card.Pass.CheckAdv",
    tone: "info",
    data: { player: "Ruth", action: "throw", skill: "athletics", total: 18, margin: 13 },
  };
  const roll = {
    key: "BALLCOURT.Card.Pass.Roll",
    tone: "muted",
    data: { player: "Rosa", action: "hold", skill: "acrobatics", total: 12 },
  };
  const card = {
    kind: "goatball.pass",
    title: { key: "BALLCOURT.Card.Pass.Title", data: { team: "red" } },
    lines: [line, roll],
    rolls: [],
    actions: [],
  };
  const enHtml = renderCard(card, makeLocalizer(en));
  assert.match(enHtml, /Ruth throws \(Athletics, with advantage\): 18, margin 13\./);
  assert.match(enHtml, /Rosa holds \(Acrobatics\): 12\./);
  const ruHtml = renderCard(card, makeLocalizer(ru, "ru"));
  assert.match(ruHtml, /Ruth бросает \(Атлетика, с преимуществом\): 18, запас 13\./);
  assert.match(ruHtml, /Rosa держится \(Акробатика\): 12\./);
});

test("Apply's plan: a knocked-off token goes to the ground below its platform, a returning one climbs back, the ball moves; Undo inverts it", async () => {
  const { planGoatballApply } = await import("../../../scripts/core/apply.mjs");
  const platforms = {
    P1: { x: 100, y: 100, ground: { x: 100, y: 250 } },
    P2: { x: 600, y: 100, ground: { x: 600, y: 250 } },
    P3: { x: 900, y: 900, ground: { x: 900, y: 1050 } },
  };
  const scene = {
    ball: { id: "ball", x: 100, y: 100 },
    tokens: new Map([
      ["r1", { id: "r1", x: 100, y: 100, out: false, platform: "P1" }],
      ["r2", { id: "r2", x: 110, y: 90, out: false, platform: "P1" }],
      ["b1", { id: "b1", x: 600, y: 100, out: false, platform: "P2" }],
      ["b2", { id: "b2", x: 40, y: 1200, out: true, platform: null }],
    ]),
  };
  const plan = planGoatballApply(
    {
      out: ["r1", "r2", "b2"],
      returned: ["b2"],
      dead: [],
      possession: { team: "blue", carrier: "b1" },
      damage: [],
      platforms: { r1: "P1", r2: "P1", b2: "P3" },
    },
    scene,
    platforms,
    { size: 100 },
  );
  assert.deepEqual(
    plan.moves,
    [
      { _id: "r1", x: 100, y: 250 },
      { _id: "r2", x: 200, y: 250 },
      { _id: "b2", x: 900, y: 900 },
    ],
    "both fall below P1 side by side; b2 (out before) climbs back onto P3",
  );
  assert.deepEqual(plan.ballMove, { _id: "ball", x: 600, y: 100 });
  assert.deepEqual(plan.undo.moves, [
    { _id: "r1", x: 100, y: 100 },
    { _id: "r2", x: 110, y: 90 },
    { _id: "b2", x: 40, y: 1200 },
  ]);
  const hot = planGoatballApply(
    {
      out: ["b1"],
      returned: [],
      possession: { team: "red", carrier: null },
      ball_on: "P2",
      damage: [],
    },
    scene,
    platforms,
  );
  assert.deepEqual(
    hot.moves,
    [{ _id: "b1", x: 600, y: 250 }],
    "without payload platforms: the one he stands on",
  );
  assert.deepEqual(
    hot.ballMove,
    { _id: "ball", x: 600, y: 100 },
    "the ball rests on the hit player's platform",
  );
});

test("Apply on a pass card moves the knocked-off token and the ball on the scene; Undo puts both back", async () => {
  const { companion } = await passWorld();
  const chat = await moduleOf("gm", "chat");
  const arena = {
    platforms: [
      { id: "P1", x: 300, y: 300, radius: 100 },
      { id: "P2", x: 800, y: 300, radius: 100 },
      { id: "P3", x: 1300, y: 1850, radius: 100 },
    ],
    zones: [],
  };
  const at = (x, y) => ({ x: x - 50, y: y - 50 });
  const mk = (id, team, [x, y]) =>
    new FakeToken({
      id,
      name: id,
      ...at(x, y),
      flags: { ballcourt: { team } },
      actor: new FakeActor(fixture("actors/dnd5e")),
    });
  const scene = new FakeScene({
    id: "arena2",
    height: 2000,
    tokens: [
      mk("r1", "red", [300, 300]),
      mk("r2", "red", [800, 300]),
      mk("b1", "blue", [1300, 1850]),
      new FakeToken({
        id: "ball",
        name: "Ball",
        ...at(300, 300),
        flags: { ballcourt: { isBall: true } },
      }),
    ],
    flags: { ballcourt: { game: "goatball", matchId: "m1", arena } },
  });
  scene.height = 2000;
  globalThis.game.scenes.set(scene.id, scene);
  // b1 knocks r1 (the carrier) off P1; blue takes the ball and b1 holds it
  const card = {
    kind: "goatball.pass",
    title: { key: "BALLCOURT.Card.Pass.Title", data: { team: "red" } },
    lines: [],
    rolls: [],
    actions: [
      {
        id: "apply",
        key: "BALLCOURT.Action.Apply",
        data: {},
        payload: {
          out: ["r1"],
          returned: [],
          dead: [],
          possession: { team: "blue", carrier: "b1", visited: ["P3"], hot: false },
          damage: [],
          ball_on: null,
          platforms: { r1: "P1" },
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
      pass: { actions: [{ player: "b1", action: "knock_off", target: "r1" }], throw: null },
      owners: {},
    },
  );
  await chat.performAction(message.id, "apply", "gm");
  const pos = (id) => [scene.tokens.get(id).x, scene.tokens.get(id).y];
  assert.deepEqual(pos("r1"), [250, 400], "just below P1's edge");
  assert.equal(scene.tokens.get("r1").flags.ballcourt.out, true);
  assert.deepEqual(pos("ball"), pos("b1"), "the ball goes to the new carrier");
  await chat.performAction(message.id, "undo", "gm");
  assert.deepEqual(pos("r1"), [250, 250]);
  assert.deepEqual(pos("ball"), [250, 250]);
  assert.equal(scene.tokens.get("r1").flags.ballcourt.out, false);
  assert.ok(companion.calls.some((c) => c.route === "/api/v1/matches/m1/events"));

  const { platformSpots } = goatball;
  assert.deepEqual(
    platformSpots(scene).P3,
    { x: 1250, y: 1800, ground: { x: 1250, y: 1650 } },
    "below P3 is off the scene: the token lands just above it",
  );
});
