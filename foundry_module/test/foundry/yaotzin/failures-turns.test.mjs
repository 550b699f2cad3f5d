/**
 * The turns and the requests at a table of a GM (a co-GM too) and two players, each
 * browser its own copy of the module (openTable). The autopilot's proposal that comes after the
 * GM pressed Next, a player's double click on his kick tool, a turn change that repeats the
 * combatant, the autopilot's walk as one movement; then each other answer that may come after
 * the turn: the autopilot's reactions, a
 * player's roll, his attack-of-opportunity choice, the planner's marks. Mixco, the moon's NPC on
 * autopilot, stands beside Alice's Ixpoetchitl (on the still ball) and Bob's Yolteotl on the
 * court of fakes/scenes.mjs.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { pageOf } from "../../fakes/clients.mjs";
import {
  FakeActor,
  FakeToken,
  asUser,
  clientOf,
  installDocument,
  settle,
  until,
} from "../../fakes/foundry.mjs";
import { courtScene, fixture, runningEncounter } from "../../fakes/scenes.mjs";
import { moduleOf, openOn, shown, useTables } from "../../tables/table.mjs";
import { flush, playerClients } from "../../tables/roll-requests.mjs";
import {
  coGmTable,
  interceptCompanion,
  kickCard,
  kickCompanion,
  requestAs,
} from "../../tables/yaotzin.mjs";
import { contestCompanion } from "../../fakes/companion.mjs";

useTables();

const PATH = [
  { x: 20, y: 12 },
  { x: 21, y: 12 },
  { x: 22, y: 13 },
];
const WALK = {
  player: "mx",
  path: PATH,
  budget: "move",
  reason: "goes for the lane",
  action: null,
};

/** The companion's /yaotzin/move: the path as it was asked, fine. */
const moveRoute = (body) => ({
  status: 200,
  body: { mover: body.mover, cost_ft: 10, budget_ft: 30, end: body.path.at(-1), takes_ball: false },
});

/**
 * A table on a fake companion whose suggest answers `suggest` (a route), the moon on act; Mixco
 * added to the court; every client viewing it; an encounter at Ixpoetchitl's turn (round 1).
 */
async function mixcoTable(suggest, { routes = {}, ...options } = {}) {
  const companion = kickCompanion({
    "/api/v1/yaotzin/suggest": suggest,
    "/api/v1/yaotzin/move": moveRoute,
    ...routes,
  });
  const table = await openOn(companion, {
    ...options,
    settings: { yaotzinAutopilot: { moon: { mode: "act" } }, yaotzinAutopilotPause: 0 },
  });
  const scene = courtScene();
  const mixco = new FakeToken({
    id: "mx",
    name: "Mixco",
    x: 2000,
    y: 1200,
    flags: { ballcourt: { team: "moon" } },
    actor: new FakeActor({ ...fixture("actors/pf1"), owners: [] }),
  });
  scene.tokens.set(mixco.id, mixco);
  mixco.parent = scene;
  for (const user of globalThis.game.users.contents) table.view(user.id, scene);
  const encounter = runningEncounter(scene);
  const asked = () => companion.calls.filter((c) => c.route === "/api/v1/yaotzin/suggest").length;
  return { companion, table, scene, mixco, encounter, asked };
}

/** The GM presses Next until Mixco's turn has come and his proposal has been asked for. */
async function nextToMixco({ encounter, asked }) {
  while (encounter.combatant?.id !== "c-mx") await asUser("gm", () => encounter.nextTurn());
  await until(() => asked() === 1);
}

const suggestAnswer = (turn) => ({
  status: 200,
  body: { turn, tactics: "press-ball", attacks: { sun: "east", moon: "west" } },
});
const autopilotCards = () =>
  globalThis.ChatMessage.created.filter(
    (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.autopilot",
  );

test("item 2: the GM presses Next while the autopilot works out Mixco's turn: the late proposal is dropped, Mixco stays, the GM is told", async () => {
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const t = await mixcoTable(() => held);
  await nextToMixco(t);
  await asUser("gm", () => t.encounter.nextTurn()); // the GM plays on before the answer
  await until(() => t.encounter.combatant?.id !== "c-mx");
  answer(suggestAnswer(WALK));
  await settle();
  assert.deepEqual([t.mixco.x, t.mixco.y], [2000, 1200], "Mixco does not walk in another's turn");
  assert.equal(
    t.companion.calls.some((c) => c.route === "/api/v1/yaotzin/move"),
    false,
    "no step is run",
  );
  assert.equal(autopilotCards().length, 0, "no proposal is posted for a turn that is over");
  assert.ok(
    shown("gm").some((text) => /Mixco/.test(text) && /turn/.test(text)),
    `the GM is told: ${shown("gm")}`,
  );
  assert.ok(!shown("alice").some((text) => /Mixco/.test(text)), "the players are not");
});

test("item 2: every GM is told of the late proposal in his own language: Maria, a co-GM, in Russian", async () => {
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const t = await mixcoTable(() => held, { users: coGmTable(), languages: { maria: "ru" } });
  await nextToMixco(t);
  await asUser("gm", () => t.encounter.nextTurn());
  await until(() => t.encounter.combatant?.id !== "c-mx");
  answer(suggestAnswer(WALK));
  await settle();
  assert.ok(
    shown("gm").some((text) => /Mixco/.test(text) && /his turn was over/.test(text)),
    `in English: ${shown("gm")}`,
  );
  assert.ok(
    shown("maria").some((text) => /Mixco/.test(text) && /ход уже закончился/.test(text)),
    `in Russian: ${shown("maria")}`,
  );
  assert.ok(!shown("bob").some((text) => /Mixco/.test(text)), "not the players");
});

test("item 8: a turn change that repeats Mixco's turn does not ask for, or play, a second proposal", async () => {
  const t = await mixcoTable(() => suggestAnswer(WALK));
  await nextToMixco(t);
  await settle();
  assert.deepEqual([t.mixco.x, t.mixco.y], [2200, 1300], "his turn played once");
  await asUser("gm", () => t.mixco.update({ x: 2000, y: 1200 })); // the GM puts him back: a second walk would show
  const { previous, current } = t.encounter;
  // Foundry may run the turn events again with the same combatant (FOUNDRY-SEMANTICS §7.4)
  await asUser("gm", () =>
    pageOf(clientOf("gm")).hooks.callAll(
      "combatTurnChange",
      t.encounter,
      { ...previous },
      { ...current },
    ),
  );
  await settle();
  assert.equal(t.asked(), 1, "one proposal for one turn");
  assert.equal(autopilotCards().length, 1);
  assert.deepEqual([t.mixco.x, t.mixco.y], [2000, 1200], "he does not walk again");
});

for (const version of [13, 14]) {
  test(`item 9 (v${version}): the autopilot walks Mixco's path as one movement through every square, then acts where it ends`, async () => {
    const kick = {
      ...WALK,
      action: {
        route: "kick",
        body: { kicker: "mx", target: { x: 30, y: 12 }, standing: true, power_attack: 0 },
      },
    };
    const t = await mixcoTable(() => suggestAnswer(kick), {
      version,
      routes: {
        "/api/v1/yaotzin/kick": () => ({
          status: 422,
          body: { error: { code: "invalid", message: "kicker: not on the ball" } },
        }),
      },
    });
    const moves = [];
    const move = t.mixco.move.bind(t.mixco);
    t.mixco.move = (waypoints, options) => {
      moves.push(waypoints.map(({ x, y }) => ({ x, y })));
      return move(waypoints, options);
    };
    await nextToMixco(t);
    await settle();
    assert.deepEqual(
      moves,
      [
        [
          { x: 2100, y: 1200 },
          { x: 2200, y: 1300 },
        ],
      ],
      "one move, every square a waypoint",
    );
    const [kicked] = t.companion.calls
      .filter((c) => c.route === "/api/v1/yaotzin/kick")
      .map((c) => c.body);
    assert.ok(kicked, "the kick is asked after the walk");
    assert.deepEqual(
      kicked.players.find((p) => p.id === "mx"),
      { ...kicked.players.find((p) => p.id === "mx"), x: 22, y: 13 },
      "from the square the walk ended on, not one it passed",
    );
  });
}

/**
 * Maria, a co-GM reading Russian, presses Next in her own tracker when the GM's page runs `hook`
 * for a step of Mixco's walk and `when(doc, changes)` says so: on preUpdateToken, as the GM's
 * page writes that step, her turn change reaches the server first, and the GM's page hears of it
 * only when Foundry broadcasts it; on updateToken, once it has heard the step back. Resolves
 * once the table is quiet.
 */
async function mariaNext(hook, when, version = 14) {
  const t = await mixcoTable(() => suggestAnswer(WALK), {
    version,
    users: coGmTable(),
    languages: { maria: "ru" },
  });
  const hooks = pageOf(clientOf("gm")).hooks;
  let next = null;
  const id = hooks.on(hook, (doc, changes) => {
    if (next || doc.id !== "mx" || !when(doc, changes)) return;
    hooks.off(hook, id);
    next = asUser("maria", () => t.encounter.nextTurn());
  });
  await nextToMixco(t);
  await settle();
  await next;
  await settle();
  return { ...t, crossed: Boolean(next) };
}

const outcomeOf = (message) => message.flags.ballcourt.card.lines.at(-1).key;

for (const version of [13, 14]) {
  test(`item 2 (v${version}): Maria's Next from her browser crosses the GM's walk of Mixco: the walk, landed in the next turn, is taken back, both GMs told`, async () => {
    const t = await mariaNext("preUpdateToken", (_doc, changes) => "x" in changes, version); // as the walk's first step is sent
    assert.ok(t.crossed, "her Next went as the walk was sent");
    assert.notEqual(t.encounter.combatant?.id, "c-mx", "her Next took the turn on");
    assert.deepEqual([t.mixco.x, t.mixco.y], [2000, 1200], "Mixco stands where he stood");
    const [card] = autopilotCards();
    assert.equal(outcomeOf(card), "BALLCOURT.YAutopilot.Outcome.takenBack", "his card says so");
    assert.ok(
      shown("gm").some((text) => /Mixco/.test(text) && /put back where he stood/.test(text)),
      `the GM is told: ${shown("gm")}`,
    );
    assert.ok(
      shown("maria").some((text) => /Mixco/.test(text) && /возвращён туда, где стоял/.test(text)),
      `Maria, in Russian: ${shown("maria")}`,
    );
    assert.ok(!shown("alice").some((text) => /Mixco/.test(text)), "not the players");
  });
}

test("item 2: Maria's Next lands between the two steps of Mixco's walk: the whole walk is taken back", async () => {
  const t = await mariaNext("preUpdateToken", (_doc, changes) => changes.x === 2200); // as its last step is sent
  assert.ok(t.crossed);
  assert.deepEqual([t.mixco.x, t.mixco.y], [2000, 1200], "back to where the walk began");
  assert.equal(outcomeOf(autopilotCards()[0]), "BALLCOURT.YAutopilot.Outcome.takenBack");
});

test("item 2: Maria's Next right after Mixco's walk came back leaves the walk standing: it landed in his turn", async () => {
  const t = await mariaNext("updateToken", (doc) => doc.x === 2200);
  assert.ok(t.crossed, "her Next went once the walk's end was heard");
  assert.deepEqual([t.mixco.x, t.mixco.y], [2200, 1300], "the walk stands");
  assert.equal(outcomeOf(autopilotCards()[0]), "BALLCOURT.YAutopilot.Outcome.done");
  assert.ok(!shown("gm").some((text) => /put back/.test(text)), "nothing to tell");
});

/**
 * Maria presses Next in her own browser as the GM's page runs `cue(t)` for a step of Mixco's
 * turn (her Next reaching the server before that step's write), a proposal `turn` on a table
 * set up by `setup(t)`; resolves once the table is quiet.
 */
async function mariaNextAt(cue, { turn, version = 14, routes = {}, setup = async () => {} }) {
  const t = await mixcoTable(() => suggestAnswer(turn), {
    version,
    users: coGmTable(),
    languages: { maria: "ru" },
    routes,
  });
  await setup(t);
  let next = null;
  cue(t, () => {
    next ??= asUser("maria", () => t.encounter.nextTurn());
  });
  await nextToMixco(t);
  await settle();
  await next;
  await settle();
  return { ...t, crossed: Boolean(next) };
}

test("item 2: the GM drags Mixco on as his walk lands: the walk is heard landed (not waited for), his turn ends at once", async () => {
  const t = await mixcoTable(() => suggestAnswer(WALK));
  const hooks = pageOf(clientOf("gm")).hooks;
  const id = hooks.on("preUpdateToken", (doc, changes) => {
    if (doc.id !== "mx" || changes.x !== 2200) return;
    hooks.off("preUpdateToken", id);
    setImmediate(() => asUser("gm", () => t.mixco.update({ x: 2500, y: 1300 }))); // his drag reaches the server right after the walk's end
  });
  await nextToMixco(t);
  await settle();
  assert.deepEqual([t.mixco.x, t.mixco.y], [2500, 1300], "where the GM put him");
  assert.equal(
    outcomeOf(autopilotCards()[0]),
    "BALLCOURT.YAutopilot.Outcome.done",
    "not failed as held back on the way, 30 s later",
  );
});

/** Mixco lies prone: his turn starts with standing up (a status written on his sheet). */
const prone = async (t) => {
  t.mixco.actor.statuses.add("prone");
};

/** Maria's Next as the GM's page sends Mixco's standing up: it reaches the server first. */
const asHeStands = (t, press) => {
  const stand = t.mixco.actor.toggleStatusEffect.bind(t.mixco.actor);
  t.mixco.actor.toggleStatusEffect = (id, options) => {
    if (id === "prone" && options.active === false) press();
    return stand(id, options);
  };
};

for (const version of [13, 14]) {
  test(`item 1 (v${version}): Maria's Next from her browser crosses prone Mixco's standing up: the stand, landed in the next turn, is taken back (prone again), his turn not played on, both GMs told`, async () => {
    const t = await mariaNextAt(asHeStands, { turn: WALK, version, setup: prone });
    assert.ok(t.crossed, "her Next went as he stood up");
    assert.notEqual(t.encounter.combatant?.id, "c-mx", "her Next took the turn on");
    assert.ok(t.mixco.actor.statuses.has("prone"), "Mixco lies prone again, as Undo puts it back");
    assert.deepEqual([t.mixco.x, t.mixco.y], [2000, 1200], "and does not walk");
    assert.equal(
      t.companion.calls.some((c) => c.route === "/api/v1/yaotzin/move"),
      false,
      "the rest of his turn is not played",
    );
    assert.equal(
      outcomeOf(autopilotCards()[0]),
      "BALLCOURT.YAutopilot.Outcome.standTakenBack",
      "his card says so",
    );
    assert.ok(
      shown("gm").some((text) => /Mixco/.test(text) && /lies prone again/.test(text)),
      `the GM is told: ${shown("gm")}`,
    );
    assert.ok(
      shown("maria").some((text) => /Mixco/.test(text) && /снова лежит/.test(text)),
      `Maria, in Russian: ${shown("maria")}`,
    );
    assert.ok(!shown("alice").some((text) => /Mixco/.test(text)), "not the players");
  });
}

test("item 1: Maria's Next right after prone Mixco's standing up came back leaves him standing: he stood in his turn", async () => {
  const afterHeStood = (t, press) => {
    const hooks = pageOf(clientOf("gm")).hooks;
    const id = hooks.on("deleteActiveEffect", (effect) => {
      if (effect.parent !== t.mixco.actor) return;
      hooks.off("deleteActiveEffect", id);
      press();
    });
  };
  const t = await mariaNextAt(afterHeStood, { turn: WALK, setup: prone });
  assert.ok(t.crossed, "her Next went once the stand was heard");
  assert.equal(t.mixco.actor.statuses.has("prone"), false, "he stays on his feet");
  assert.notEqual(outcomeOf(autopilotCards()[0]), "BALLCOURT.YAutopilot.Outcome.standTakenBack");
  assert.ok(!shown("gm").some((text) => /prone again/.test(text)), "nothing to tell");
});

/** Mixco's proposal when he stands on the still ball: one square west, carrying it. */
const DRIBBLE_TURN = {
  player: "mx",
  path: [{ x: 20, y: 12 }],
  budget: "move",
  reason: "carries it on",
  action: {
    route: "dribble",
    body: {
      dribbler: "mx",
      ball: { x: 20, y: 12 },
      squares: [{ x: 19, y: 12 }],
      started_with_ball: true,
    },
  },
};

/** The companion's dribble of Mixco one square west (the recorded dribble's card, his). */
function mixcoDribble() {
  const answer = structuredClone(fixture("dribble"));
  const apply = answer.chat_card.actions.find((a) => a.id === "apply").payload;
  apply.events = [
    {
      type: "ball",
      x: 19,
      y: 12,
      speed: 0,
      direction: null,
      play: { action: "dribble", player: "mx", team: "moon", name: "Mixco" },
    },
  ];
  apply.path = [{ x: 19, y: 12 }];
  apply.moves = [{ player: "mx", x: 19, y: 12 }];
  answer.chat_card.title.data.player = "Mixco";
  return { status: 200, body: { ...answer, dribbler: "mx", ball: { x: 19, y: 12 } } };
}

const onTheBall = async (t) => {
  await t.scene.tokens.get("ball").update({ x: 2000, y: 1200 }); // Mixco stands on the still ball
};

/** Maria's Next as the GM's page applies Mixco's dribble card (its first write, the journal): the card's writes land after it. */
const asHisDribbleIsApplied = (_t, press) => {
  const hooks = pageOf(clientOf("gm")).hooks;
  const id = hooks.on("preUpdateChatMessage", (message, changes) => {
    if (message.flags?.ballcourt?.context?.kind !== "dribble") return;
    if (!JSON.stringify(changes).includes("applying")) return;
    hooks.off("preUpdateChatMessage", id);
    press();
  });
};

const dribbleCards = () =>
  globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.context?.kind === "dribble");

for (const version of [13, 14]) {
  test(`item 2 (v${version}): Maria's Next from her browser crosses the Apply of Mixco's proposed dribble: the dribble, landed in the next turn, is undone by its card's Undo, both GMs told`, async () => {
    const t = await mariaNextAt(asHisDribbleIsApplied, {
      turn: DRIBBLE_TURN,
      version,
      routes: { "/api/v1/yaotzin/dribble": mixcoDribble },
      setup: onTheBall,
    });
    assert.ok(t.crossed, "her Next went as the dribble was applied");
    assert.notEqual(t.encounter.combatant?.id, "c-mx", "her Next took the turn on");
    const [card] = dribbleCards();
    assert.ok(card, "the dribble's card was posted");
    assert.equal(card.flags.ballcourt.undone, true, "and undone");
    assert.deepEqual([t.mixco.x, t.mixco.y], [2000, 1200], "Mixco back where he stood");
    const ball = t.scene.tokens.get("ball");
    assert.deepEqual([ball.x, ball.y], [2000, 1200], "the ball too");
    assert.equal(
      outcomeOf(autopilotCards()[0]),
      "BALLCOURT.YAutopilot.Outcome.dribbleTakenBack",
      "his card says so",
    );
    assert.ok(
      shown("gm").some((text) => /Mixco/.test(text) && /dribble was undone/.test(text)),
      `the GM is told: ${shown("gm")}`,
    );
    assert.ok(
      shown("maria").some((text) => /Mixco/.test(text) && /ведение мяча отменено/.test(text)),
      `Maria, in Russian: ${shown("maria")}`,
    );
    assert.ok(!shown("alice").some((text) => /Mixco/.test(text)), "not the players");
  });
}

test("item 2: Maria's Next right after Mixco's dribble card was applied leaves the dribble standing: it landed in his turn", async () => {
  const afterItWasApplied = (_t, press) => {
    const hooks = pageOf(clientOf("gm")).hooks;
    const id = hooks.on("updateChatMessage", (message, changes) => {
      if (changes.flags?.ballcourt?.applied !== true) return;
      hooks.off("updateChatMessage", id);
      press();
    });
  };
  const t = await mariaNextAt(afterItWasApplied, {
    turn: DRIBBLE_TURN,
    routes: { "/api/v1/yaotzin/dribble": mixcoDribble },
    setup: onTheBall,
  });
  assert.ok(t.crossed);
  const [card] = dribbleCards();
  assert.equal(card.flags.ballcourt.applied, true);
  assert.equal(card.flags.ballcourt.undone, false, "the dribble stands");
  assert.deepEqual([t.mixco.x, t.mixco.y], [1900, 1200]);
  assert.equal(outcomeOf(autopilotCards()[0]), "BALLCOURT.YAutopilot.Outcome.done");
});

test("item 2: Maria's Next as the GM's page marks Mixco's dribble card applied, its moves made, leaves the dribble standing: it landed on the court in his turn", async () => {
  const asTheCardIsMarked = (_t, press) => {
    const hooks = pageOf(clientOf("gm")).hooks;
    const id = hooks.on("preUpdateChatMessage", (message, changes) => {
      if (message.flags?.ballcourt?.context?.kind !== "dribble") return;
      if (!JSON.stringify(changes).includes('"applied":true')) return;
      hooks.off("preUpdateChatMessage", id);
      press();
    });
  };
  const t = await mariaNextAt(asTheCardIsMarked, {
    turn: DRIBBLE_TURN,
    routes: { "/api/v1/yaotzin/dribble": mixcoDribble },
    setup: onTheBall,
  });
  assert.ok(t.crossed);
  const [card] = dribbleCards();
  assert.equal(card.flags.ballcourt.undone, false, "the dribble stands");
  assert.deepEqual([t.mixco.x, t.mixco.y], [1900, 1200]);
  assert.ok(!shown("gm").some((text) => /dribble was undone/.test(text)), "nothing to tell");
});

test("item 2: the GM presses Next while the companion checks Mixco's proposed dribble: no dribble card is posted or applied in the next turn", async () => {
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const t = await mixcoTable(() => suggestAnswer(DRIBBLE_TURN), {
    routes: { "/api/v1/yaotzin/dribble": () => held },
  });
  await t.scene.tokens.get("ball").update({ x: 2000, y: 1200 }); // Mixco stands on the still ball
  await nextToMixco(t);
  await until(() => t.companion.calls.some((c) => c.route === "/api/v1/yaotzin/dribble"));
  await asUser("gm", () => t.encounter.nextTurn()); // the GM plays on while the companion checks it
  await until(() => t.encounter.combatant?.id !== "c-mx");
  answer({ status: 200, body: fixture("dribble") });
  await settle();
  const dribbles = globalThis.ChatMessage.created.filter(
    (m) => m.flags?.ballcourt?.context?.kind === "dribble",
  );
  assert.deepEqual(dribbles, [], "no dribble card for a turn that is over");
  assert.deepEqual([t.mixco.x, t.mixco.y], [2000, 1200], "Mixco stays");
});

test("item 3: Alice's double click on her kick tool sends one kick and posts one kick card", async () => {
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const companion = kickCompanion({ "/api/v1/yaotzin/kick": () => held }); // the GM's resolving takes a while
  const table = await openOn(companion);
  const scene = courtScene();
  for (const id of ["gm", "alice", "bob"]) table.view(id, scene);
  const alice = globalThis.game.users.get("alice");
  const writes = [];
  const update = alice.update.bind(alice);
  alice.update = (changes, options) => {
    if (JSON.stringify(changes).includes("kick")) writes.push(changes);
    return update(changes, options);
  };
  const { KickTool } = await moduleOf("alice", "kick-tool");
  await asUser("alice", async () => {
    globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
    const tool = new KickTool();
    assert.equal(tool.toggle(true), true);
    const click = { button: 0, x: 1850, y: 1250 };
    const first = tool.click(click);
    await until(() => companion.calls.some((c) => c.route === "/api/v1/yaotzin/kick")); // her write is in: the GM resolves it
    await tool.click(click); // her second click, while he does
    answer({ status: 200, body: fixture("kick") });
    await first;
  });
  await settle();
  assert.equal(writes.length, 1, "her tool takes no second click while her kick is on its way");
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/kick").length,
    1,
    "one kick asked of the companion",
  );
  assert.equal(
    globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.card?.kind === "yaotzin.kick")
      .length,
    1,
  );
});

test("item 3: a kick for the same kicker from the GM's tool while Alice's is resolved is ignored; the next kick, once the card is out, goes", async () => {
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const companion = kickCompanion({ "/api/v1/yaotzin/kick": () => held });
  const table = await openOn(companion);
  const scene = courtScene();
  for (const id of ["gm", "alice", "bob"]) table.view(id, scene);
  const relayOf = (id) => moduleOf(id, "kick-relay");
  const choice = {
    sceneId: scene.id,
    kicker: "ix",
    target: { x: 18, y: 12 },
    standing: true,
    powerAttack: 0,
  };
  const alice = await relayOf("alice");
  await asUser("alice", () => alice.requestKick(choice));
  await until(() => companion.calls.some((c) => c.route === "/api/v1/yaotzin/kick"));
  const gm = await relayOf("gm");
  assert.equal(
    await asUser("gm", () => gm.requestKick(choice)),
    null,
    "the GM's own kick for Ixpoetchitl waits for none",
  );
  answer({ status: 200, body: fixture("kick") });
  await settle();
  assert.equal(companion.calls.filter((c) => c.route === "/api/v1/yaotzin/kick").length, 1);
  assert.ok(
    shown("gm").some((text) => /Ixpoetchitl/.test(text) && /ignored/.test(text)),
    `the GM is told: ${shown("gm")}`,
  );
  assert.ok(
    !shown("alice").some((text) => /ignored/.test(text)),
    "Alice's kick went: she is told nothing",
  );
  const again = await asUser("gm", () => gm.requestKick(choice));
  assert.equal(
    again?.flags?.ballcourt?.card?.kind,
    "yaotzin.kick",
    "Alice's card is out: the GM's next kick goes",
  );
});

test("the autopilot's reactions that come after the GM pressed Next are dropped: Yolteotl, the moon's NPC, does not try on Alice's kick", async () => {
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const companion = kickCompanion({ "/api/v1/yaotzin/react": () => held });
  const table = await openOn(companion, {
    settings: {
      yaotzinAutopilot: { moon: { mode: "act", tactics: "press-ball" } },
      yaotzinAutopilotPause: 0,
    },
  });
  const scene = courtScene();
  scene.tokens.get("yo").actor.owners = []; // Yolteotl is an NPC here
  for (const id of ["gm", "alice", "bob"]) table.view(id, scene);
  const encounter = runningEncounter(scene);
  const kicking = asUser("gm", async () =>
    (await moduleOf("gm", "yaotzin")).resolveKick(scene, {
      kicker: "ix",
      target: { x: 18, y: 12 },
      standing: true,
    }),
  );
  await until(() => companion.calls.some((c) => c.route === "/api/v1/yaotzin/react"));
  await asUser("gm", () => encounter.nextTurn()); // Ixpoetchitl's turn is over before the answer
  await until(() => encounter.combatant?.id !== "c-ix");
  answer({
    status: 200,
    body: {
      reactions: [
        {
          player: "yo",
          tries: true,
          tactics: "press-ball",
          p_stop: 0.45,
          expected_damage: 2.7,
          reason: "tries to stop it",
        },
      ],
    },
  });
  const kick = await kicking;
  await settle();
  assert.equal(
    companion.calls.some((c) => c.route === "/api/v1/yaotzin/intercept"),
    false,
    "no try is made",
  );
  assert.deepEqual(kick.flags.ballcourt.resolved, [], "nothing pressed on the kick card");
  assert.ok(
    shown("gm").some((text) => /reactions/.test(text) && /turn moved on/.test(text)),
    `the GM is told: ${shown("gm")}`,
  );
});

test("Bob's save that comes after the GM pressed Next is not used: no interception, the GM is told, Bob too", async () => {
  installDocument();
  const companion = interceptCompanion();
  const table = await openOn(companion, { settings: { rollPolicy: "players" } });
  const scene = courtScene();
  for (const id of ["gm", "alice", "bob"]) table.view(id, scene);
  const encounter = runningEncounter(scene);
  const message = await kickCard(scene);
  const { inbox, answer } = playerClients(globalThis.game.users.contents);
  const pressing = requestAs("bob", message.id, "intercept:yo"); // Bob's click asks his save of him
  await flush();
  assert.equal(inbox.length, 1, "the save is asked of Bob");
  await asUser("gm", () => encounter.nextTurn()); // Ixpoetchitl's turn ends before Bob rolls
  await until(() => encounter.combatant?.id !== "c-ix");
  globalThis.Roll.queue = [13];
  await answer();
  await pressing;
  await settle();
  assert.equal(
    companion.calls.some((c) => c.route === "/api/v1/yaotzin/intercept"),
    false,
    "no interception resolved",
  );
  assert.deepEqual(message.flags.ballcourt.resolved, []);
  assert.ok(
    shown("gm").some((text) => /Yolteotl/.test(text) && /turn moved on/.test(text)),
    `the GM is told: ${shown("gm")}`,
  );
  assert.ok(
    shown("bob").some((text) => /Yolteotl/.test(text) && /turn moved on/.test(text)),
    `Bob is told: ${shown("bob")}`,
  );
});

test("Bob's attack of opportunity chosen after the GM pressed Next stops Ixpoetchitl's trip: no contest, the GM is told", async () => {
  const companion = contestCompanion({ provokes: true });
  const table = await openOn(companion);
  const scene = courtScene();
  for (const id of ["gm", "alice", "bob"]) table.view(id, scene);
  const encounter = runningEncounter(scene);
  let choose;
  clientOf("bob").dialogs.answers.push(
    () =>
      new Promise((resolve) => {
        choose = resolve;
      }),
  ); // Bob takes his time
  const contesting = asUser("gm", async () =>
    (await moduleOf("gm", "contests"))
      .contest(scene, { actor: "ix", target: "yo", kind: "trip" })
      .catch((err) => err),
  );
  await until(() => choose);
  await asUser("gm", () => encounter.nextTurn()); // Ixpoetchitl's turn ends while Bob decides
  await until(() => encounter.combatant?.id !== "c-ix");
  choose("trip");
  const outcome = await contesting;
  await settle();
  assert.match(String(outcome?.message), /turn moved on/, "the contest stops");
  assert.equal(
    companion.calls.filter((c) => c.route === "/api/v1/yaotzin/contest" && !c.body.preview).length,
    0,
    "no contest resolved",
  );
  assert.equal(
    globalThis.ChatMessage.created.some(
      (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.contest",
    ),
    false,
  );
  assert.ok(
    shown("gm").some((text) => /Yolteotl/.test(text) && /turn moved on/.test(text)),
    `the GM is told: ${shown("gm")}`,
  );
});

test("the planner's marks asked in Ixpoetchitl's turn and answered in the next are not drawn: they are asked again", async () => {
  const marks = (p) => ({
    kicker: "ix",
    attacks: "west",
    squares: [{ x: 2, y: 12, p_goal: p, p_hit: 0.4, expected_damage: 1.2 }],
  });
  let answer;
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  let asked = 0;
  const companion = kickCompanion({
    "/api/v1/yaotzin/kick/suggest": () => {
      asked += 1;
      return asked === 1 ? held : { status: 200, body: marks(0.55) };
    },
  });
  const table = await openOn(companion);
  const scene = courtScene();
  for (const id of ["gm", "alice", "bob"]) table.view(id, scene);
  const encounter = runningEncounter(scene);
  const { KickTool } = await moduleOf("gm", "kick-tool");
  const tool = await asUser("gm", () => {
    globalThis.canvas.tokens.controlled = [{ document: scene.tokens.get("ix") }];
    const kick = new KickTool();
    kick.toggle(true);
    return kick;
  });
  const marking = asUser("gm", () => {
    tool.planner.on = true; // the palette's Planner toggle, whose ask is this refresh
    return tool.planner.refresh();
  });
  await until(() => asked === 1);
  await asUser("gm", () => encounter.nextTurn());
  await until(() => encounter.combatant?.id !== "c-ix");
  answer({ status: 200, body: marks(0.62) });
  await marking;
  await settle();
  assert.equal(asked >= 2, true, "asked again for the turn as it is");
  assert.equal(
    tool.planner.answer?.squares[0].p_goal,
    0.55,
    "the late marks are not the ones drawn",
  );
});
