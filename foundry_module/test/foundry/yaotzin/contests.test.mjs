/**
 * Contests at the table: the target's owner is asked about his
 * attack of opportunity before a contest that provokes; the card's trip back; a dribble
 * through a player the dribbler just overran. A GM and two players, each his own client with its
 * own copy of the module (openTable), the GM's page connected to the companion.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { contestAnswer, contestCompanion, fakeCompanion } from "../../fakes/companion.mjs";
import { asUser, clientOf, settle } from "../../fakes/foundry.mjs";
import { courtScene, runningEncounter } from "../../fakes/scenes.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

const { dribbleReach } = await import("../../../scripts/core/dribble-reach.mjs");

/** A user's own page's copy of a module file (each browser has its own module). */
const chatOf = (userId) => moduleOf(userId, "chat");
const dribbleOf = (userId) => moduleOf(userId, "dribble");

useTables();

/** A court at a table where every browser has loaded the module; `contest` is the GM's page's. */
async function table(options, companion = contestCompanion(options), settings = {}) {
  const world = await openOn(companion, { settings });
  const { contest } = await moduleOf("gm", "contests");
  return { world, companion, scene: courtScene(), contest };
}

const contests = (companion) =>
  companion.calls
    .filter((c) => c.route === "/api/v1/yaotzin/contest" && !c.body.preview)
    .map((c) => c.body);

test("the card's trip back: Bob, the tripped defender's owner, presses it and the swapped reaction trip gets its own card", async () => {
  const { companion, scene, contest } = await table();
  const chat = await chatOf("gm");
  const first = await contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  assert.ok(first.flags.ballcourt.card.actions.some((a) => a.id === "trip_back"));
  assert.equal(
    chat.mayPress(globalThis.game.users.get("alice"), first, "trip_back"),
    false,
    "not Alice's to press",
  );
  await asUser("bob", async () => (await chatOf("bob")).requestAction(first.id, "trip_back"));
  await settle();
  const back = contests(companion).at(-1);
  assert.deepEqual([back.kind, back.actor, back.target, back.reaction], ["trip", "yo", "ix", true]);
  assert.deepEqual(first.flags.ballcourt.resolved, ["trip_back"]);
  const cards = globalThis.ChatMessage.created.filter(
    (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.contest",
  );
  assert.equal(cards.length, 2, "the trip back posts its own card");
  assert.equal(
    cards[1].flags.ballcourt.card.actions.some((a) => a.id === "trip_back"),
    false,
  );
  assert.deepEqual(
    clientOf("bob").ui.notifications.filter(([k]) => k === "error"),
    [],
  );
});

/**
 * The contest route as the companion answers a bull rush whose target trips as his attack of
 * opportunity and fails: the card offers the actor's trip back (`trip_back:<actor>`, payload
 * with `after: "target_aoo"`, as present/yaotzin.py builds it); the trip back itself offers none.
 */
const aooTripFails = (body) =>
  contestAnswer(body, {
    provokes: !body.reaction,
    success: true,
    targetAoo: body.target_aoo ? { kind: "trip", success: false, foiled: false } : null,
    backs:
      body.target_aoo?.kind === "trip"
        ? [
            {
              id: `trip_back:${body.actor}`,
              key: "BALLCOURT.Action.TripBack",
              label: "Trip back",
              contest: {
                kind: "trip",
                actor: body.actor,
                target: body.target,
                after: "target_aoo",
              },
            },
          ]
        : [],
  });

test("Bob's trip as his attack of opportunity fails: Alice, the actor's owner, presses her trip back, sent with after", async () => {
  const { companion, scene, contest } = await table(
    {},
    fakeCompanion({ "/api/v1/yaotzin/contest": aooTripFails }),
  );
  runningEncounter(scene);
  clientOf("bob").dialogs.answers.push("trip");
  const first = await contest(scene, { actor: "ix", target: "yo", kind: "bull_rush" });
  await settle();
  assert.deepEqual(contests(companion).at(-1).target_aoo, { kind: "trip" });
  const offered = first.flags.ballcourt.card.actions.find((a) => a.id === "trip_back:ix");
  assert.ok(offered, "the card offers Ixpoetchitl's trip back");
  const chat = await chatOf("gm");
  assert.equal(
    chat.mayPress(globalThis.game.users.get("bob"), first, "trip_back:ix"),
    false,
    "not Bob's to press",
  );
  await asUser("alice", async () =>
    (await chatOf("alice")).requestAction(first.id, "trip_back:ix"),
  );
  await settle();
  const back = contests(companion).at(-1);
  assert.deepEqual(
    [back.kind, back.actor, back.target, back.reaction, back.after],
    ["trip", "ix", "yo", true, "target_aoo"],
  );
  assert.deepEqual(first.flags.ballcourt.resolved, ["trip_back:ix"]);
  assert.deepEqual(
    clientOf("alice").ui.notifications.filter(([k]) => k === "error"),
    [],
  );
});

const aooQueries = (userId) =>
  globalThis.game.users.get(userId).queries.filter((q) => q.name === "ballcourt.aoo");

test("a trip that provokes asks Bob, the target's owner, on his own client first; his trip is sent as target_aoo", async () => {
  const { companion, scene, contest } = await table({ provokes: true });
  const encounter = runningEncounter(scene);
  clientOf("bob").dialogs.answers.push("trip");
  await contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  await settle();
  assert.equal(aooQueries("bob").length, 1, "asked through User#query");
  const shown = clientOf("bob").dialogs.shown.at(-1);
  assert.deepEqual(
    shown.buttons.map((b) => b.action),
    ["unarmed", "grapple", "trip", "disarm", "none"],
    "Ixpoetchitl stands on the ball: Bob may disarm him",
  );
  assert.match(shown.content, /Ixpoetchitl/);
  assert.equal(clientOf("gm").dialogs.shown.length, 0, "the GM is not asked for a player's token");
  assert.deepEqual(
    contests(companion).at(-1).target_aoo,
    { kind: "trip" },
    "the contest sent (after the dice's dry run)",
  );
  assert.deepEqual(
    encounter.flags.ballcourt.aoo,
    { round: 1, spent: ["yo"] },
    "one of his round's attacks is spent",
  );
});

test("Bob closes the dialog: no attack of opportunity (target_aoo absent)", async () => {
  const { companion, scene, contest } = await table({ provokes: true });
  clientOf("bob").dialogs.answers.push(null); // he closes it with the X (a dialog stays open until then)
  await contest(scene, { actor: "ix", target: "yo", kind: "overrun" });
  await settle();
  assert.equal(aooQueries("bob").length, 1);
  assert.equal("target_aoo" in contests(companion).at(-1), false);
});

test("an NPC target's choice is the GM's, on the GM's client; a contest that does not provoke asks nobody", async () => {
  const { companion, scene, contest } = await table({ provokes: true });
  scene.tokens.get("yo").actor.owners = []; // no player owns Yolteotl
  clientOf("gm").dialogs.answers.push("unarmed");
  await contest(scene, { actor: "ix", target: "yo", kind: "bull_rush" });
  await settle();
  assert.equal(aooQueries("bob").length, 0);
  assert.equal(clientOf("gm").dialogs.shown.length, 1);
  assert.deepEqual(contests(companion).at(-1).target_aoo, { kind: "unarmed" });

  const quiet = await table({ provokes: false });
  await quiet.contest(quiet.scene, { actor: "ix", target: "yo", kind: "disarm" });
  await settle();
  assert.equal(aooQueries("bob").length, 0, "the companion's preview said it provokes nothing");
  assert.equal("target_aoo" in contests(quiet.companion).at(-1), false);
  assert.equal(
    quiet.companion.calls.filter((c) => c.body?.preview).length,
    1,
    "one preview, nothing rolled",
  );
});

/**
 * The contest route as the companion answers a disarm taken as an attack of opportunity
 * (`as_aoo`): it provokes nothing and takes the ball, and its card offers the dribbler's
 * disarm back (`disarm_back`, payload `after: "disarm_aoo"`, as present/yaotzin.py builds it);
 * any other contest fails and offers nothing.
 */
const disarmAooRoute = (body) => {
  const provokes = !body.reaction && !body.as_aoo;
  return contestAnswer(body, {
    provokes,
    success: Boolean(body.as_aoo),
    lines: provokes
      ? [{ key: "BALLCOURT.Card.Contest.Provokes", data: { target: body.target } }]
      : [],
    backs: body.as_aoo
      ? [
          {
            id: "disarm_back",
            key: "BALLCOURT.Action.DisarmBack",
            label: "Disarm back",
            contest: {
              kind: "disarm",
              actor: body.target,
              target: body.actor,
              after: "disarm_aoo",
            },
          },
        ]
      : [],
  });
};

/** The contests played: each one's last call (the Foundry dice's dry run before it asks the same contest). */
const played = (companion) =>
  contests(companion).filter(
    (b, i, all) => !["kind", "actor", "target", "reaction"].every((k) => all[i + 1]?.[k] === b[k]),
  );

/**
 * The dribbler Ixpoetchitl (Alice's, on the ball; an NPC when `npc`) trips Bob's Yolteotl, who
 * answers with a disarm as his attack of opportunity. `settings`: the world's.
 */
async function disarmedDribbler({ npc = false, settings = {} } = {}) {
  const { companion, scene, contest } = await table(
    {},
    fakeCompanion({ "/api/v1/yaotzin/contest": disarmAooRoute }),
    settings,
  );
  if (npc) scene.tokens.get("ix").actor.owners = [];
  const encounter = runningEncounter(scene);
  clientOf("bob").dialogs.answers.push("disarm");
  await contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  await settle();
  const disarm = globalThis.ChatMessage.created.find((m) =>
    m.flags?.ballcourt?.card?.actions?.some((a) => a.id === "disarm_back"),
  );
  return { companion, scene, encounter, disarm };
}

test("Bob disarms the dribbler as his attack of opportunity: the disarm (as_aoo) comes first, then the trip without target_aoo", async () => {
  const { companion, encounter, disarm } = await disarmedDribbler();
  assert.deepEqual(
    clientOf("bob")
      .dialogs.shown.at(-1)
      .buttons.map((b) => b.action),
    ["unarmed", "grapple", "trip", "disarm", "none"],
  );
  const sent = played(companion);
  assert.deepEqual(
    sent.map((b) => [b.kind, b.actor, b.target, b.as_aoo ?? false, "target_aoo" in b]),
    [
      ["disarm", "yo", "ix", true, false],
      ["trip", "ix", "yo", false, false],
    ],
  );
  assert.ok(disarm, "the disarm's card offers the disarm back");
  const trip = globalThis.ChatMessage.created.findLast(
    (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.contest",
  );
  assert.deepEqual(
    trip.flags.ballcourt.card.lines.map((l) => l.key),
    ["BALLCOURT.Card.Contest.AooDisarm.won"],
    "the trip's card says the attack of opportunity was taken, as a disarm that took the ball",
  );
  assert.match(
    clientOf("bob").chat.get(trip.id).innerHTML,
    /Yolteotl took his attack of opportunity first, as a disarm, and took the ball from Ixpoetchitl\./,
  );
  assert.deepEqual(
    encounter.flags.ballcourt.aoo,
    { round: 1, spent: ["yo"] },
    "his one attack of opportunity, spent once",
  );
});

test("the dribbler's disarm back: refused before the disarm is applied, pressed by Alice after, sent as a reaction after disarm_aoo", async () => {
  const { companion, disarm } = await disarmedDribbler();
  const chat = await chatOf("gm");
  assert.equal(
    chat.mayPress(globalThis.game.users.get("bob"), disarm, "disarm_back"),
    false,
    "not Bob's to press",
  );
  await asUser("alice", async () =>
    (await chatOf("alice")).requestAction(disarm.id, "disarm_back"),
  );
  await settle();
  assert.equal(played(companion).length, 2, "not played before Apply");
  assert.ok(
    clientOf("alice").ui.notifications.some(([, text]) => /Apply the disarm first/.test(text)),
  );
  assert.equal(await chat.performAction(disarm.id, "apply", "gm"), true);
  await asUser("alice", async () =>
    (await chatOf("alice")).requestAction(disarm.id, "disarm_back"),
  );
  await settle();
  const back = contests(companion).at(-1);
  assert.deepEqual(
    [back.kind, back.actor, back.target, back.reaction, back.after],
    ["disarm", "ix", "yo", true, "disarm_aoo"],
  );
  assert.deepEqual(disarm.flags.ballcourt.resolved, ["disarm_back"]);
  assert.equal(
    clientOf("bob").dialogs.shown.length,
    1,
    "a reaction provokes nothing: Bob is not asked again",
  );
});

test("the disarm back comes at once: once the turn has moved on it is refused and the GMs are told", async () => {
  const { companion, encounter, disarm } = await disarmedDribbler();
  const chat = await chatOf("gm");
  assert.equal(await chat.performAction(disarm.id, "apply", "gm"), true);
  encounter.turn = 1; // Yolteotl's turn now
  await asUser("alice", async () =>
    (await chatOf("alice")).requestAction(disarm.id, "disarm_back"),
  );
  await settle();
  assert.equal(played(companion).length, 2, "the disarm back is not played");
  assert.deepEqual(disarm.flags.ballcourt.resolved ?? [], []);
  assert.ok(
    clientOf("gm").ui.notifications.some(([, text]) => /disarm back/i.test(text)),
    "the GM is told",
  );
});

/** The world setting with one team's autopilot on `mode`. */
const autopilot = (team, mode) => ({
  yaotzinAutopilot: { [team]: { mode, tactics: "press-ball" } },
});

test("an NPC target whose team is on act: the autopilot takes his attack of opportunity as the presets do (a trip), nobody is asked; on suggest the GM is", async () => {
  for (const [mode, asked] of [
    ["act", 0],
    ["suggest", 1],
  ]) {
    const { companion, scene, contest } = await table(
      { provokes: true },
      undefined,
      autopilot("moon", mode),
    );
    runningEncounter(scene);
    scene.tokens.get("yo").actor.owners = []; // Yolteotl is an NPC of the moon's
    scene.tokens.get("ball").x = 1500; // the ball is loose: no disarm on offer
    clientOf("gm").dialogs.answers.push("unarmed");
    await contest(scene, { actor: "ix", target: "yo", kind: "trip" });
    await settle();
    assert.equal(clientOf("gm").dialogs.shown.length, asked, `${mode}: the GM's dialog`);
    assert.equal(aooQueries("bob").length, 0, `${mode}: no player is asked`);
    assert.deepEqual(
      contests(companion).at(-1).target_aoo,
      { kind: mode === "act" ? "trip" : "unarmed" },
      mode,
    );
  }
});

test("an NPC target on act against the dribbler: the autopilot disarms him as its attack of opportunity (as_aoo), first", async () => {
  const { companion, scene, contest } = await table(
    {},
    fakeCompanion({ "/api/v1/yaotzin/contest": disarmAooRoute }),
    autopilot("moon", "act"),
  );
  const encounter = runningEncounter(scene);
  scene.tokens.get("yo").actor.owners = [];
  await contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  await settle();
  assert.equal(clientOf("gm").dialogs.shown.length, 0, "the GM is not asked");
  assert.deepEqual(
    played(companion).map((b) => [b.kind, b.actor, b.target, b.as_aoo ?? false]),
    [
      ["disarm", "yo", "ix", true],
      ["trip", "ix", "yo", false],
    ],
  );
  assert.deepEqual(encounter.flags.ballcourt.aoo, { round: 1, spent: ["yo"] });
});

test("an NPC dribbler on act presses his disarm back once the disarm is applied, on his turn, through the card's lifecycle and its turn stamp", async () => {
  const { companion, disarm } = await disarmedDribbler({
    npc: true,
    settings: autopilot("sun", "act"),
  });
  assert.equal(played(companion).length, 2, "nothing pressed before Apply");
  assert.deepEqual(disarm.flags.ballcourt.resolved ?? [], []);
  const chat = await chatOf("gm");
  assert.equal(await chat.performAction(disarm.id, "apply", "gm"), true);
  await settle();
  const back = contests(companion).at(-1);
  assert.deepEqual(
    [back.kind, back.actor, back.target, back.reaction, back.after],
    ["disarm", "ix", "yo", true, "disarm_aoo"],
  );
  assert.deepEqual(disarm.flags.ballcourt.resolved, ["disarm_back"], "pressed once, on its card");
  assert.equal(clientOf("bob").dialogs.shown.length, 1, "a reaction: Bob is not asked again");
});

test("the autopilot's disarm back waits for nothing that is not his: not on suggest, not a player's dribbler, not once his turn is over, not in a later round of his", async () => {
  const cases = [
    { npc: true, mode: "suggest" },
    { npc: false, mode: "act" },
    { npc: true, mode: "act", turn: 1 },
    { npc: true, mode: "act", round: 2 },
  ];
  for (const { npc, mode, turn, round } of cases) {
    const { companion, encounter, disarm } = await disarmedDribbler({
      npc,
      settings: autopilot("sun", mode),
    });
    if (turn !== undefined) encounter.turn = turn; // Yolteotl's turn: Ixpoetchitl's standard action is gone
    if (round !== undefined) encounter.round = round; // his turn again, a round later: not "at once"
    const chat = await chatOf("gm");
    assert.equal(await chat.performAction(disarm.id, "apply", "gm"), true);
    await settle();
    const label = JSON.stringify({ npc, mode, turn, round });
    assert.equal(played(companion).length, 2, `${label}: no disarm back`);
    assert.deepEqual(disarm.flags.ballcourt.resolved ?? [], [], label);
    if (round !== undefined)
      assert.ok(
        clientOf("gm").ui.notifications.some(([, text]) => /disarm back/i.test(text)),
        `${label}: pressed, and the turn stamp refused it; the GM is told`,
      );
  }
});

test("a disarm is offered only to the target of the player on the ball", async () => {
  const { scene, contest } = await table({ provokes: true });
  runningEncounter(scene);
  scene.tokens.get("ball").x = 1500; // the ball is loose, away from Ixpoetchitl
  clientOf("bob").dialogs.answers.push("none");
  await contest(scene, { actor: "ix", target: "yo", kind: "trip" });
  await settle();
  assert.deepEqual(
    clientOf("bob")
      .dialogs.shown.at(-1)
      .buttons.map((b) => b.action),
    ["unarmed", "grapple", "trip", "none"],
  );
});

/** A dribble the companion accepts: Ixpoetchitl and the ball end on the drop's square. */
const dribbleRoute = (body) => {
  const end = body.squares.at(-1);
  return {
    status: 200,
    body: {
      squares: body.squares,
      provokers: [],
      ball: { ...end, speed: 0, direction: null },
      goal: null,
      overlay: null,
      chat_card: {
        kind: "yaotzin.dribble",
        title: { key: "BALLCOURT.Card.Tick.Still", data: {} },
        lines: [],
        rolls: [],
        actions: [
          {
            id: "apply",
            key: "BALLCOURT.Action.Apply",
            data: {},
            label: "Apply",
            payload: {
              events: [],
              ball: { ...end, speed: 0, direction: null },
              moves: [{ player: body.dribbler, ...end }],
            },
          },
        ],
      },
    },
  };
};

test("a dribble drag passes the player the dribbler just overran: the applied overrun is sent as overran, this turn only", async () => {
  const { companion, scene, contest } = await table({
    success: true,
    routes: { "/api/v1/yaotzin/dribble": dribbleRoute },
  });
  const [chat, dribble] = [await chatOf("gm"), await dribbleOf("gm")];
  const encounter = runningEncounter(scene);
  const [ix, yo] = [scene.tokens.get("ix"), scene.tokens.get("yo")];
  yo.x = 1100; // Yolteotl stands next to the dribbler, at (11, 12)
  const reachOf = (userId) =>
    asUser(userId, async () => {
      Object.assign(globalThis.canvas, { scene, tokens: { controlled: [{ document: ix }] } });
      return (await dribbleOf(userId)).showDribbleReach();
    });
  const rules = (overran) =>
    dribbleReach({
      field: { length: 72, width: 24 },
      players: dribble.dribblePlayers(scene),
      dribbler: "ix",
      overran,
    });
  assert.deepEqual(await reachOf("alice"), rules([]));
  const card = await contest(scene, { actor: "ix", target: "yo", kind: "overrun" });
  assert.equal(await chat.performAction(card.id, "apply", "gm"), true);
  const reach = await reachOf("alice"); // Alice's own screen
  assert.deepEqual(reach, rules(["yo"]), "the reach lets him through Yolteotl");
  assert.notDeepEqual(reach, rules([]));
  await asUser("alice", () => ix.update({ x: 1300 })); // she drags her dribbler through Yolteotl
  await settle();
  const sent = companion.calls
    .filter((c) => c.route === "/api/v1/yaotzin/dribble")
    .map((c) => c.body);
  assert.deepEqual(
    sent.map((b) => [b.overran, b.squares]),
    [
      [
        ["yo"],
        [
          { x: 11, y: 12 },
          { x: 12, y: 12 },
          { x: 13, y: 12 },
        ],
      ],
    ],
  );
  assert.equal(ix.x, 1300);

  encounter.turn = 1; // the next turn: the overrun no longer counts
  assert.deepEqual(dribble.overranThisTurn(scene, ix), []);
  encounter.turn = 0;
  const dribbleCard = globalThis.ChatMessage.created.at(-1);
  assert.equal(await chat.performAction(dribbleCard.id, "undo", "gm"), true);
  assert.equal(await chat.performAction(card.id, "undo", "gm"), true);
  assert.deepEqual(
    dribble.overranThisTurn(scene, ix),
    [],
    "the overrun's Undo takes the note back",
  );
});
