/**
 * Play-through transcripts: a Yaotzin turn and a goat-ball pass, on dnd5e and on pf1, driven
 * through the module's own hooks (main.mjs, loaded by every user's browser for itself) and
 * glue against a real `ballcourt serve`, with Foundry's defaults in the fakes (an unlinked
 * encounter, a closed dialog, presses that reach the GM as User writes); tables of three and
 * four; a reload mid-pass; and a Yaotzin match of three rounds at a table of a GM, a co-GM and
 * two players with a reload mid-round. Every chat message, document update and combat change
 * is recorded in order and compared with test/transcripts/<name>.txt.
 *
 * After a deliberate change, BALLCOURT_UPDATE_TRANSCRIPTS=1 rewrites the files; read the diff.
 */
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import {
  FakeCombat,
  FakeDialogV2,
  FakeScene,
  FakeToken,
  FakeUser,
  asUser,
  buttonsIn,
  clientOf,
  reload,
  settle,
  transcript,
  until,
  world as doubles,
} from "./fakes/foundry.mjs";
import { npcCourt } from "./fakes/npc-court.mjs";
import { apiOf, useTables } from "./tables/table.mjs";
import {
  click,
  compare,
  courtEncounter,
  liveTable as world,
  sheetActor as actor,
  threeUsers as users,
  useLiveCompanion,
  yaotzinCourt,
} from "./tables/transcripts.mjs";

useLiveCompanion();
useTables();
afterEach(() => {
  if (process.env.BALLCOURT_SHOW_TRANSCRIPTS) console.log(transcript.join("\n"));
});

/**
 * Six poles in a row and the goat-ball players on them, red r1-r4 (Alice's r1 and r4, Carol's
 * r2) against blue b1-b2 (Bob's b1), r1 with Acrobatics `r1Acrobatics`; `at(i)` is pole i's
 * token corner.
 */
function poleArena(system, r1Acrobatics) {
  const platforms = ["P1", "P2", "P3", "P4", "P5", "P6"].map((id, i) => ({
    id,
    kind: "pole",
    radius: 60,
    x: 300 + 400 * i,
    y: 500,
  }));
  const at = (i) => ({ x: platforms[i].x - 50, y: platforms[i].y - 50 });
  const player = (id, team, i, owners, numbers) =>
    new FakeToken({
      id,
      name: id,
      ...at(i),
      flags: { ballcourt: { team } },
      actor: actor(system, id, owners, numbers),
    });
  const tokens = [
    player("r1", "red", 0, ["alice"], { acr: r1Acrobatics }),
    player("r2", "red", 1, ["carol"]),
    player("r3", "red", 2, []),
    player("r4", "red", 3, ["alice"], { acr: 6 }),
    player("b1", "blue", 4, ["bob"], { ath: 7 }),
    player("b2", "blue", 5, []),
  ];
  return { platforms, at, tokens };
}

/** The goat-ball encounter's initiatives, [token, initiative]. */
const INITIATIVES = [
  ["r1", 18],
  ["r2", 9],
  ["r3", 4],
  ["r4", 16],
  ["b1", 15],
  ["b2", 12],
];

for (const system of ["pf1", "dnd5e"]) {
  test(`a Yaotzin turn on ${system}: court, unlinked encounter, kick, a player's interception, Apply, ticks, Undo`, async () => {
    const table = await world({ system, users: users() });
    const { api, ix, yo, scene } = await yaotzinCourt(table, system);
    table.view("gm", scene); // the GM's canvas draws the court: his page's canvasReady
    assert.ok(globalThis.ui.controls.visibleTools().includes("ballcourtKick"));

    const encounter = await courtEncounter(scene, [
      [ix, 22],
      [yo, 12],
    ]); // the tracker's Begin Combat
    assert.equal(encounter.scene, scene, "linked to the court");
    assert.equal(encounter.combatant.id, "c-ix", "Ixpoetchitl has the first turn");

    globalThis.canvas.tokens.controlled = [{ document: ix }];
    const tool = api.kickTool();
    globalThis.ui.controls.tool("ballcourtKick").onChange({}, true);
    tool.act("running"); // a running kick with Power Attack 1, from the palette
    tool.act("pa-up");
    tool.hover({ x: 1650, y: 1450 });
    await until(() => tool.lastPreview);
    assert.equal(tool.lastPreview.legal, true);
    globalThis.Roll.queue = [19]; // the attack: on target
    await tool.click({ x: 1650, y: 1450, button: 0 });
    const kick = globalThis.ChatMessage.created.at(-1);
    assert.ok(
      kick.flags.ballcourt.card.actions.some((a) => a.id === "intercept:yo"),
      "Bob may intercept",
    );
    assert.equal(
      kick.rolls[0].total,
      19 + tool.lastPreview.attack.modifier,
      "the d20 carries the running, PA 1 modifier",
    );
    assert.ok(
      tool.lastPreview.attack.breakdown.some((b) => /power/i.test(b.label) && b.value === -1),
      "Power Attack -1",
    );

    globalThis.Roll.queue = [2]; // Bob's Reflex save: missed
    await click(kick, "intercept:yo", "bob");
    await click(kick, "apply");
    assert.equal(kick.flags.ballcourt.applied, true);

    assert.equal(encounter.combatants.filter((c) => c.flags?.ballcourt?.tick).length, 6);
    await encounter.nextTurn(); // the GM ends Ixpoetchitl's turn: the ball rolls on its turns until Yolteotl's
    await settle();
    assert.equal(encounter.combatant.id, "c-yo");
    const lastTick = globalThis.ChatMessage.created.at(-1);
    await click(lastTick, "undo");
    assert.equal(lastTick.flags.ballcourt.undone, true);
    compare(`yaotzin-${system}`);
  });

  test(`a goat-ball pass on ${system}: tip-off, declarations with a dialog closed, a knock-off, a hot throw, Apply, Undo`, async () => {
    const u = [...users(), new FakeUser({ id: "carol", name: "Carol" })];
    const table = await world({ system, users: u });
    const api = apiOf("gm");
    const { platforms, at, tokens } = poleArena(system, 6);
    const arena = { platforms, zones: [] };
    tokens.push(
      new FakeToken({ id: "ball", name: "Ball", ...at(0), flags: { ballcourt: { isBall: true } } }),
    );
    const scene = new FakeScene({
      id: "arena",
      tokens,
      flags: { ballcourt: { game: "goatball", arena } },
    });
    globalThis.game.scenes.set(scene.id, scene);
    table.view("gm", scene);
    await api.goatball.createGoatMatch(scene);
    const encounter = new FakeCombat({
      id: "enc",
      combatants: INITIATIVES.map(([tokenId, initiative]) => ({
        id: `c-${tokenId}`,
        tokenId,
        initiative,
      })),
    });
    globalThis.game.combats.set(encounter.id, encounter);

    globalThis.Roll.queue = [20, 3, 3, 3, 3, 3]; // r1 wins the tip-off
    const tipoff = await api.goatball.tipOff(scene);
    await click(tipoff, "apply");
    assert.equal(tipoff.flags.ballcourt.applied, true);

    // Three plain passes r1 -> r2 -> r3 -> r4 to new platforms heat the ball up; everyone else
    // lets them go (the GM's own players through his dialogs, the others through User#query).
    const pass = async (by, rolls) => {
      for (const user of u) user.answer = (_name, { tokenId }) => by[tokenId] ?? { action: "none" };
      const dialog = (options) => by[options.window.title] ?? { action: "none" }; // the GM's own players
      FakeDialogV2.answers = [dialog, dialog];
      await api.goatball.startPass(scene);
      await api.goatball.collectDeclarations();
      globalThis.Roll.queue = rolls;
      const message = await api.goatball.resolvePass();
      await click(message, "apply");
      return message;
    };
    const throwTo = (target) => ({
      action: "throw",
      skill: "athletics",
      throw: { kind: "pass", target },
    });
    await pass({ r1: throwTo("r2") }, [15]);
    await pass({ r2: throwTo("r3") }, [15]);
    await pass({ r3: { action: "throw", skill: "athletics", target: "r4" } }, [15]); // the GM's dialog

    // The fourth, from a hot ball: r3's dialog is closed (no action); b2 knocks r2 off; b1
    // intercepts; Carol's r2 defends the carrier; the carrier r4 goes for a hot throw at b1.
    u[1].answer = (_name, { tokenId }) =>
      tokenId === "r4"
        ? { action: "throw", skill: "acrobatics", throw: { kind: "hot", target: "b1" } }
        : { action: "none" };
    u[2].answer = () => ({ action: "intercept", skill: "athletics" });
    u[3].answer = () => ({ action: "defend", target: "r4" });
    FakeDialogV2.answers = [null, { action: "knock_off", target: "r2", skill: "athletics" }];
    await api.goatball.startPass(scene);
    const declarations = await api.goatball.collectDeclarations();
    assert.equal(declarations.declared.get("r3").action, "none");
    globalThis.Roll.queue = [15, 4, 12, 14, 16, 9, 11, 13];
    const hot = await api.goatball.resolvePass();
    await click(hot, "apply");
    assert.equal(hot.flags.ballcourt.applied, true);
    await click(hot, "undo");
    assert.equal(hot.flags.ballcourt.undone, true);
    compare(`goatball-${system}`);
  });
}

/**
 * A table of three on one court: every client views it, players roll their own checks, and
 * what each screen shows goes into the transcript beside every document and combat change.
 */
for (const system of ["pf1", "dnd5e"]) {
  test(`a Yaotzin round at a table of three on ${system}: a refused dribble, Alice kicks, Bob rolls his interception from his card, ball turns, Undo`, async () => {
    const w = await world({
      system,
      users: users(),
      settings: { rollPolicy: "players", playerKicks: true },
    });
    const { ix, yo, scene } = await yaotzinCourt(w, system, { viewers: ["gm", "alice", "bob"] });
    await settle();
    assert.deepEqual(
      clientOf("alice").ui.controls.visibleTools(),
      ["ballcourtKick"],
      "Alice's tools, with no reload",
    );

    const encounter = await courtEncounter(scene, [
      [ix, 22],
      [yo, 12],
    ]);

    await asUser("alice", () => ix.update({ x: 2500 })); // fifteen squares: far beyond a dribble
    await settle();
    assert.equal(ix.x, 1000, "the drag is held back");
    assert.ok(
      clientOf("alice").ui.notifications.some(([, text]) => /dribble|squares|move/i.test(text)),
      `Alice is told why: ${JSON.stringify(clientOf("alice").ui.notifications)}`,
    );

    await asUser("alice", async () => {
      // Alice kicks with her own token from her own screen
      globalThis.canvas.tokens.controlled = [{ document: ix }];
      const tool = apiOf("alice").kickTool(); // her own page's kick tool
      globalThis.ui.controls.tool("ballcourtKick").onChange({}, true);
      tool.hover({ x: 1650, y: 1450 });
      await until(() => tool.lastPreview);
      assert.equal(tool.lastPreview.legal, true);
      globalThis.Roll.queue = [19];
      await tool.click({ x: 1650, y: 1450, button: 0 });
      globalThis.ui.controls.tool("ballcourtKick").onChange({}, false);
    });
    await until(() =>
      globalThis.ChatMessage.created.some((m) => m.flags?.ballcourt?.card?.kind === "yaotzin.kick"),
    );
    await settle();
    const kick = globalThis.ChatMessage.created.find(
      (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.kick",
    );

    globalThis.Roll.queue = [2]; // Bob's Reflex save, rolled on his own sheet: missed
    await click(kick, "intercept:yo", "bob");
    await until(() =>
      globalThis.ChatMessage.created.some(
        (m) => m.flags?.ballcourt?.card?.kind === "yaotzin.intercept",
      ),
    );
    await settle();
    await click(kick, "apply");
    await until(() => kick.flags.ballcourt.applied);
    await settle();

    await encounter.nextTurn(); // the GM ends Ixpoetchitl's turn: the ball's turns run
    await until(() => encounter.combatant?.id === "c-yo");
    await settle();
    const lastTick = globalThis.ChatMessage.created
      .filter((m) => m.flags?.ballcourt?.card?.kind === "yaotzin.tick")
      .at(-1);
    await click(lastTick, "undo");
    await until(() => lastTick.flags.ballcourt.undone);
    await settle();
    assert.deepEqual(
      doubles.errors.map((e) => e.message),
      [],
      "no hook handler threw on any client",
    );
    compare(`yaotzin-table-${system}`);
  });
}

/**
 * A goat-ball arena at a table of four (the GM, Alice, Bob, Carol), players rolling their own:
 * six poles, red r1-r4 against blue b1-b2, a match and an encounter on the arena.
 */
async function arenaTable(system) {
  const u = [...users(), new FakeUser({ id: "carol", name: "Carol" })];
  const w = await world({ system, users: u, settings: { rollPolicy: "players" } });
  const api = apiOf("gm");
  const { platforms, tokens } = poleArena(system, 40);
  const scene = new FakeScene({
    id: "arena",
    tokens,
    flags: { ballcourt: { game: "goatball", arena: { platforms, zones: [] } } },
  });
  globalThis.game.scenes.set(scene.id, scene);
  for (const user of u) w.view(user.id, scene);
  await api.goatball.createGoatMatch(scene);
  const encounter = new FakeCombat({
    id: "enc",
    round: 1,
    combatants: INITIATIVES.map(([tokenId, initiative]) => ({
      id: `c-${tokenId}`,
      tokenId,
      sceneId: scene.id,
      initiative,
    })),
  });
  globalThis.game.combats.set(encounter.id, encounter);
  await settle();
  return { u, api, scene };
}

for (const system of ["pf1", "dnd5e"]) {
  test(`a goat-ball pass at a table of four on ${system}: players declare and roll on their own screens, a knock-off, a hot throw`, async () => {
    const { u, api, scene } = await arenaTable(system);

    // Each player at his own screen: a roll request's button is pressed; a declaration is the form he fills in
    let plans = {};
    const screen = (options) =>
      options.buttons ? "roll" : (plans[options.window.title] ?? { action: "none" });
    for (const user of u.filter((x) => !x.isGM))
      clientOf(user.id).dialogs.answers = Array(40).fill(screen);
    const gmDialog = (options) => plans[options.window.title] ?? { action: "none" }; // r3, b2: the GM's own

    globalThis.Roll.queue = [10, 10, 10, 10, 10, 10]; // r1 wins the tip-off (Acrobatics +40), whoever rolls first
    const tipoff = await api.goatball.tipOff(scene);
    await click(tipoff, "apply");
    await until(() => tipoff.flags.ballcourt.applied);

    const pass = async (planned, rolls) => {
      plans = planned;
      FakeDialogV2.answers = [gmDialog, gmDialog];
      await api.goatball.startPass(scene);
      await api.goatball.collectDeclarations();
      globalThis.Roll.queue = rolls;
      const message = await api.goatball.resolvePass();
      await click(message, "apply");
      await until(() => message.flags.ballcourt.applied);
      await settle();
      return message;
    };
    await pass({ r1: { action: "throw", target: "r4", skill: "athletics" } }, [15]);
    await pass({ r4: { action: "throw", target: "r2", skill: "athletics" } }, [15]);
    await pass({ r2: { action: "throw", target: "r3", skill: "athletics" } }, [15]);

    // From a hot ball: b2 (the GM's) knocks r2 off, Bob's b1 intercepts, Carol's r2 defends the
    // carrier r3 (the GM's), who throws hot at b1
    const hot = await pass(
      {
        b2: { action: "knock_off", target: "r2", skill: "athletics" },
        b1: { action: "intercept", skill: "athletics" },
        r2: { action: "defend", defend: "r3" },
        r3: { action: "throw", target: "b1", skill: "acrobatics", hot: "on" },
      },
      [15, 4, 12, 14, 16, 9, 11, 13],
    );
    assert.equal(hot.flags.ballcourt.applied, true);
    assert.deepEqual(
      doubles.errors.map((e) => e.message),
      [],
      "no hook handler threw on any client",
    );
    compare(`goatball-table-${system}`);
  });
}

/**
 * A goat-ball pass at a table of four where Bob's browser reloads mid-pass: he has declared,
 * his roll dialogs are open when the page goes, and the new page still has his Roll buttons on
 * the roll-request card (the state is in the message's flags); then a knock-off and a hot throw.
 */
for (const system of ["pf1", "dnd5e"]) {
  test(`a goat-ball pass on ${system}: Bob reloads mid-pass and rolls from the roll-request card; a knock-off, a hot throw`, async () => {
    const { u, api, scene } = await arenaTable(system);

    // Each player's screen: a declaration is the form he fills in; a roll request's button he
    // presses, but Bob's page reloads while his are open: they never answer
    let plans = {};
    let bobAway = false;
    const screen = (options) => {
      if (!options.buttons) return plans[options.window.title] ?? { action: "none" };
      return bobAway && globalThis.game.user.id === "bob" ? new Promise(() => {}) : "roll";
    };
    for (const user of u.filter((x) => !x.isGM))
      clientOf(user.id).dialogs.answers = Array(40).fill(screen);
    const gmDialog = (options) => plans[options.window.title] ?? { action: "none" };

    globalThis.Roll.queue = [10, 10, 10, 10, 10, 10]; // r1 wins the tip-off (Acrobatics +40)
    const tipoff = await api.goatball.tipOff(scene);
    await click(tipoff, "apply");
    await until(() => tipoff.flags.ballcourt.applied);

    const declare = async (planned) => {
      plans = planned;
      FakeDialogV2.answers = [gmDialog, gmDialog];
      await api.goatball.startPass(scene);
      await api.goatball.collectDeclarations();
    };
    const pass = async (planned, rolls) => {
      await declare(planned);
      globalThis.Roll.queue = rolls;
      const message = await api.goatball.resolvePass();
      await click(message, "apply");
      await until(() => message.flags.ballcourt.applied);
      await settle();
      return message;
    };
    await pass({ r1: { action: "throw", target: "r4", skill: "athletics" } }, [15]);
    await pass({ r4: { action: "throw", target: "r2", skill: "athletics" } }, [15]);
    await pass({ r2: { action: "throw", target: "r3", skill: "athletics" } }, [15]);

    // From a hot ball: b2 (the GM's) knocks r2 off, Bob's b1 intercepts, Carol's r2 defends the
    // carrier r3 (the GM's), who throws hot at b1. Bob has declared; then his roll dialogs open
    // (his Athletics to intercept, his Acrobatics against the hot throw) and his page reloads.
    bobAway = true;
    const rollDialogs = () => clientOf("bob").dialogs.shown.filter((d) => d.buttons).length;
    const before = rollDialogs(); // his tip-off's
    await declare({
      b2: { action: "knock_off", target: "r2", skill: "athletics" },
      b1: { action: "intercept", skill: "athletics" },
      r2: { action: "defend", defend: "r3" },
      r3: { action: "throw", target: "b1", skill: "acrobatics", hot: "on" },
    });
    globalThis.Roll.queue = [15, 4, 12, 14, 16, 9, 11, 13];
    const resolving = api.goatball.resolvePass();
    const rollCard = () =>
      globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.rollCard).at(-1);
    const bobsRows = () =>
      Object.values(rollCard()?.flags.ballcourt.rollCard.rows ?? {}).filter(
        (r) => r.owner === "bob",
      );
    await until(() => bobsRows().length === 2 && rollDialogs() === before + 2);
    await settle();
    assert.equal(rollDialogs(), before + 2, "both of Bob's roll dialogs are open");
    await reload("bob");
    await settle();
    assert.deepEqual(clientOf("bob").dialogs.shown, [], "the new page has no dialog");
    const card = rollCard();
    const rows = bobsRows();
    assert.deepEqual(
      rows.map((r) => r.state),
      ["pending", "pending"],
    );
    for (const row of rows) {
      const buttons = buttonsIn(clientOf("bob").chat.get(card.id)).map(
        (b) => b.dataset.ballcourtAction,
      );
      const named = buttons.map((a) =>
        a.replace(/:(.+)$/, (_m, id) => `:${card.flags.ballcourt.rollCard.rows[id]?.name}`),
      );
      transcript.push(`  bob's new page shows the roll card [${named.join(" ")}]`); // names: ids depend on earlier tests
      assert.ok(
        buttons.includes(`roll:${row.id}`),
        `Bob's Roll button for ${row.name} after the reload`,
      );
      await click(card, `roll:${row.id}`, "bob");
    }
    const hot = await resolving;
    assert.deepEqual(
      bobsRows().map((r) => [r.state, r.by]),
      [
        ["rolled", "bob"],
        ["rolled", "bob"],
      ],
    );
    assert.deepEqual(
      buttonsIn(clientOf("bob").chat.get(card.id)),
      [],
      "nothing left for Bob to press",
    );
    await click(hot, "apply");
    await until(() => hot.flags.ballcourt.applied);
    await settle();
    assert.equal(hot.flags.ballcourt.applied, true);
    assert.deepEqual(
      doubles.errors.map((e) => e.message),
      [],
      "no hook handler threw on any client",
    );
    compare(`goatball-reload-${system}`);
  });
}

/**
 * A Yaotzin match of three rounds at a table of four: the GM (his browser runs the companion),
 * a co-GM (an assistant GM, Maria), Alice and Bob, each browser with its own module. Each round
 * Alice kicks from her own screen and Bob may intercept from his card; the ball's turns run;
 * in round 2 Bob's page reloads while the kick card waits for him, and he answers from his
 * new page; in round 3 the co-GM ends a turn from her own tracker.
 */
test("a Yaotzin match of three rounds at a table of a GM, a co-GM and two players; Bob reloads mid-round", async () => {
  const system = "pf1";
  const u = [...users(), new FakeUser({ id: "maria", name: "Maria", isGM: true, role: 3 })];
  const w = await world({
    system,
    users: u,
    settings: { rollPolicy: "players", playerKicks: true },
  });
  const { ix, yo, ball, scene } = await yaotzinCourt(w, system, {
    viewers: ["gm", "maria", "alice", "bob"],
    scene: { padding: 0 },
  });
  await settle();
  assert.equal(globalThis.game.users.activeGM.id, "gm", "Foundry's active GM is the full GM");

  const encounter = await courtEncounter(scene, [
    [ix, 22],
    [yo, 12],
  ]);

  const kicks = () =>
    globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.card?.kind === "yaotzin.kick");
  /** The ball back at Ixpoetchitl's feet, still (the GM's drag between rounds). */
  const ballToIx = async () => {
    await scene.updateEmbeddedDocuments("Token", [
      { _id: ball.id, x: ix.x, y: ix.y, "flags.ballcourt.ball": { speed: 0, direction: null } },
    ]);
    await settle();
  };
  /** Alice kicks from her own page, toward the east. */
  const aliceKicks = async () => {
    const before = kicks().length;
    await asUser("alice", async () => {
      globalThis.canvas.tokens.controlled = [{ document: ix }];
      const tool = apiOf("alice").kickTool();
      globalThis.ui.controls.tool("ballcourtKick").onChange({}, true);
      tool.hover({ x: 1650, y: 1450 });
      await until(() => tool.lastPreview?.legal);
      globalThis.Roll.queue = [19];
      await tool.click({ x: 1650, y: 1450, button: 0 });
      globalThis.ui.controls.tool("ballcourtKick").onChange({}, false);
    });
    await until(() => kicks().length > before);
    await settle();
    return kicks().at(-1);
  };
  /** Bob's interception from his card, his Reflex save missed; then the GM applies. */
  const interceptAndApply = async (kick) => {
    globalThis.Roll.queue = [2];
    await click(kick, "intercept:yo", "bob");
    await until(() => kick.flags.ballcourt.resolved?.includes("intercept:yo"));
    await settle();
    await click(kick, "apply");
    await until(() => kick.flags.ballcourt.applied);
    await settle();
  };
  /** The turn moves on (the ball's turns run) until a player's turn comes. */
  const nextTurn = async (who, expected) => {
    await asUser(who, () => encounter.nextTurn());
    await until(() => encounter.combatant?.id === expected);
    await settle();
    assert.equal(encounter.combatant?.id, expected);
  };

  // Round 1
  transcript.push("-- round 1");
  const first = await aliceKicks();
  assert.ok(
    first.flags.ballcourt.card.actions.some((a) => a.id === "intercept:yo"),
    "Bob may intercept in round 1",
  );
  await interceptAndApply(first);
  await nextTurn("gm", "c-yo");
  await nextTurn("gm", "c-ix");
  assert.equal(encounter.round, 2);

  // Round 2: Bob's page reloads while the kick waits for him
  transcript.push("-- round 2");
  await ballToIx();
  const second = await aliceKicks();
  assert.ok(
    second.flags.ballcourt.card.actions.some((a) => a.id === "intercept:yo"),
    "Bob may intercept again in round 2: his attack of opportunity is a new round's",
  );
  await reload("bob");
  await settle();
  assert.ok(
    buttonsIn(clientOf("bob").chat.get(second.id)).some(
      (b) => b.dataset.ballcourtAction === "intercept:yo",
    ),
    "Bob's new page shows his button",
  );
  await interceptAndApply(second);
  await nextTurn("gm", "c-yo");
  await nextTurn("gm", "c-ix");
  assert.equal(encounter.round, 3);

  // Round 3: the co-GM ends Ixpoetchitl's turn from her tracker
  transcript.push("-- round 3");
  await ballToIx();
  const third = await aliceKicks();
  assert.ok(
    third.flags.ballcourt.card.actions.some((a) => a.id === "intercept:yo"),
    "and in round 3",
  );
  await interceptAndApply(third);
  await nextTurn("maria", "c-yo");
  await nextTurn("gm", "c-ix");
  assert.equal(encounter.round, 4);
  assert.deepEqual(
    doubles.errors.map((e) => e.message),
    [],
    "no hook handler threw on any client",
  );
  compare(`yaotzin-match-${system}`);
});

/**
 * A Yaotzin match of three rounds at a table of a GM and two players: the GM's NPCs, Tezca and
 * Mixco, play the moon on the Yaotzin autopilot against Alice's and Bob's tokens. Round 1 on
 * "suggest": the GM accepts Tezca's trip (Alice answers its attack-of-opportunity question on
 * her own screen) and Mixco's run. Rounds 2 and 3 on "act": the GM drags the ball to Tezca's
 * feet, his turn kicks by itself (the kick tool's card), and the NPCs play on unasked.
 */
test("a Yaotzin match of three rounds: the GM's NPCs on the autopilot (suggest, then act) against two players' tokens", async () => {
  const table = await world({
    system: "pf1",
    users: users(),
    settings: {
      yaotzinAutopilotPause: 0,
      yaotzinAutopilot: { moon: { mode: "suggest", tactics: "press-ball" } },
    },
  });
  const { scene, ball, encounter, tokens } = await npcCourt(table, ["gm", "alice", "bob"]);
  const cards = (kind) =>
    globalThis.ChatMessage.created.filter((m) => m.flags?.ballcourt?.card?.kind === kind);
  const turnTo = async (expected) => {
    await asUser("gm", () => encounter.nextTurn());
    await until(() => encounter.combatant?.id === expected);
    await settle();
    assert.equal(encounter.combatant?.id, expected);
  };
  await encounter.startCombat();
  await until(() => encounter.combatant?.id === "c-ix");
  await settle();

  transcript.push("-- round 1 (suggest)");
  await turnTo("c-n1"); // Alice's Ixpoetchitl holds the ball and passes his turn
  const trip = cards("yaotzin.autopilot").at(-1);
  assert.match(clientOf("gm").chat.get(trip.id).innerHTML, /Trips Ixpoetchitl/);
  clientOf("alice").dialogs.answers.push("unarmed");
  globalThis.Roll.queue = [1, 1, 10, 10]; // her punch misses; so does Tezca's touch attack
  await click(trip, "accept");
  await until(() => cards("yaotzin.contest").length === 1);
  await settle();
  assert.equal(
    globalThis.game.users.get("alice").queries.filter((q) => q.name === "ballcourt.aoo").length,
    1,
    "the question reached Alice's client",
  );
  await click(cards("yaotzin.contest")[0], "apply");
  await turnTo("c-yo");
  await turnTo("c-n2");
  await click(cards("yaotzin.autopilot").at(-1), "accept");
  await turnTo("c-ix");
  assert.equal(encounter.round, 2);

  transcript.push("-- round 2 (act)");
  await asUser("gm", () =>
    globalThis.game.settings.set("ballcourt", "yaotzinAutopilot", {
      moon: { mode: "act", tactics: "press-ball" },
    }),
  );
  await scene.updateEmbeddedDocuments("Token", [
    {
      _id: ball.id,
      x: tokens.n1.x,
      y: tokens.n1.y,
      "flags.ballcourt.ball": { speed: 0, direction: null },
    },
  ]); // the GM drags the ball to Tezca's feet
  await settle();
  globalThis.Roll.queue = [19]; // Tezca's kick: on target
  await turnTo("c-n1");
  const kick = cards("yaotzin.kick").at(-1);
  assert.ok(kick, "act mode kicked through the kick tool's request: its card");
  await click(kick, "apply");
  await until(() => kick.flags.ballcourt.applied);
  await settle();
  await turnTo("c-yo");
  await turnTo("c-n2");
  await turnTo("c-ix");
  assert.equal(encounter.round, 3);

  transcript.push("-- round 3 (act)");
  await turnTo("c-n1");
  await turnTo("c-yo");
  await turnTo("c-n2");
  await turnTo("c-ix");
  assert.equal(encounter.round, 4);
  assert.equal(
    cards("yaotzin.autopilot").filter((m) => m.flags.ballcourt.card.title.key.endsWith(".act"))
      .length >= 2,
    true,
    "the act rounds' NPC turns were carded",
  );
  assert.deepEqual(
    doubles.errors.map((e) => e.message),
    [],
    "no hook handler threw on any client",
  );
  compare("yaotzin-autopilot-pf1");
});
