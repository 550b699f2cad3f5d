/**
 * The doubles against docs/foundry-semantics.md: one test per behaviour a double must
 * have, each naming the fact it pins. A double kinder than Foundry is a bug in the doubles;
 * these keep them honest. Nothing here loads the module except the per-client tests, which
 * load it to show that each client has its own.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  FakeActor,
  FakeChatMessage,
  FakeCombat,
  FakeDialogV2,
  FakeMessage,
  FakeScene,
  FakeToken,
  FakeUser,
  GRID_TYPES,
  asUser,
  clientModule,
  clientOf,
  installFoundry,
  loadModule,
  loadTable,
  mergeObject,
  reload,
  settle,
  transcript,
  view,
  world,
} from "./fakes/foundry.mjs";
import { fakeCompanion } from "./fakes/companion.mjs";
import { startCompanion } from "./fakes/live-companion.mjs";

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Every call of a hook on every client, as [userId, ...args]. */
function listen(name, clients = [...world.clients.keys()]) {
  const heard = [];
  for (const id of clients)
    asUser(id, () =>
      globalThis.Hooks.on(name, (...args) => {
        heard.push([id, ...args]);
      }),
    );
  return heard;
}

/** A table whose every client has a page of its own (hooks registered per client). */
async function ownPages(options = {}) {
  const w = installFoundry(options);
  for (const client of world.clients.values())
    client.page = (await import("./fakes/world.mjs")).makePage();
  return w;
}

// --- §1 Document updates -------------------------------------------------------------------

test("§1.4 mergeObject: nested objects merge; -=key deletes; ==key replaces", () => {
  const data = { a: { b: 1, c: 2 }, d: 1 };
  mergeObject(data, { a: { b: 5 } }, { performDeletions: true });
  assert.deepEqual(data, { a: { b: 5, c: 2 }, d: 1 });
  mergeObject(data, { "-=d": null, a: { "-=c": null } }, { performDeletions: true });
  assert.deepEqual(data, { a: { b: 5 } });
  mergeObject(data, { "==a": { z: 1 } }, { performDeletions: true });
  assert.deepEqual(data, { a: { z: 1 } });
});

test("§1.4 / §1.7 setFlag merges an object into the stored one: last round's keys survive", async () => {
  await ownPages();
  const actor = new FakeActor({
    owners: ["alice"],
    flags: { ballcourt: { aoo: { round: 1, used: { yo: 1 } } } },
  });
  await asUser("alice", () => actor.setFlag("ballcourt", "aoo", { round: 2, used: {} }));
  assert.deepEqual(
    actor.flags.ballcourt.aoo,
    { round: 2, used: { yo: 1 } },
    "Foundry merges: `used` keeps yo",
  );
  await asUser("alice", () => actor.update({ "flags.ballcourt.==aoo": { round: 3, used: {} } }));
  assert.deepEqual(actor.flags.ballcourt.aoo, { round: 3, used: {} }, "==key replaces");
  await asUser("alice", () => actor.unsetFlag("ballcourt", "aoo"));
  assert.equal(actor.getFlag("ballcourt", "aoo"), undefined, "unsetFlag writes a deletion key");
});

test("§1.5 v14 operators: _del deletes, _replace replaces; v13 has neither", async () => {
  await ownPages({ version: 14 });
  const token = new FakeToken({
    id: "t",
    flags: { ballcourt: { ball: { speed: 3, direction: "E" }, other: 1 } },
  });
  await token.update({ "flags.ballcourt.ball": globalThis._replace({ speed: 0 }) });
  assert.deepEqual(token.flags.ballcourt.ball, { speed: 0 });
  await token.update({ "flags.ballcourt.other": globalThis._del });
  assert.equal("other" in token.flags.ballcourt, false);
  installFoundry({ version: 13 });
  assert.equal(globalThis._del, undefined);
  assert.equal(globalThis.foundry.data, undefined);
});

test("§1.3 / §1.6 recursive: false replaces the top-level object, even through a dotted key", async () => {
  await ownPages();
  const scene = new FakeScene({ flags: { other: { keep: 1 }, ballcourt: { game: "yaotzin" } } });
  await scene.update({ "flags.ballcourt.matchId": "m1" }, { recursive: false });
  assert.deepEqual(
    scene.flags,
    { ballcourt: { matchId: "m1" } },
    "the other module's flags are gone",
  );
});

test("§1.1 preUpdate runs on the writer only, before the trip, may change `changed`; false cancels", async () => {
  await ownPages();
  const pre = listen("preUpdateToken");
  const token = new FakeToken({ id: "t", x: 0 });
  asUser("gm", () =>
    globalThis.Hooks.on("preUpdateToken", (_doc, changed) => {
      changed.y = 50;
    }),
  );
  await token.update({ x: 100 });
  assert.deepEqual(
    pre.map(([id]) => id),
    ["gm"],
  );
  assert.equal(token.y, 50, "the handler's change was sent");
  asUser("gm", () => globalThis.Hooks.on("preUpdateToken", () => false));
  assert.equal(await token.update({ x: 300 }), undefined);
  assert.equal(token.x, 100, "vetoed: nothing written");
});

test("§1.2 update runs on every connected client with the diff and the writer's id; options pass through", async () => {
  await ownPages();
  const heard = listen("updateActor");
  const actor = new FakeActor({ owners: ["alice"], system: { hp: { value: 5, max: 9 } } });
  await asUser("alice", () =>
    actor.update({ "system.hp.value": 3, "system.hp.max": 9 }, { custom: 1 }),
  );
  await settle();
  assert.deepEqual(heard.map(([id]) => id).sort(), ["alice", "bob", "gm"]);
  for (const [, doc, changed, options, userId] of heard) {
    assert.equal(doc, actor);
    assert.deepEqual(changed, { system: { hp: { value: 3 } } }, "only what differs, expanded");
    assert.equal(options.custom, 1);
    assert.equal(userId, "alice");
  }
});

test("§1.8 (undocumented, harsher): the writer's own update hook runs after its promise resolves, the others' a turn after the server's answer; an empty diff fires none", async () => {
  await ownPages();
  const order = [];
  asUser("gm", () => globalThis.Hooks.on("updateToken", () => order.push("gm hook")));
  asUser("bob", () => globalThis.Hooks.on("updateToken", () => order.push("bob hook")));
  const token = new FakeToken({ id: "t" });
  await token.update({ x: 5 });
  order.push("gm resumes");
  await settle();
  assert.deepEqual(order, ["gm resumes", "bob hook", "gm hook"]);
  order.length = 0;
  await token.update({ x: 5 });
  await settle();
  assert.deepEqual(order, [], "nothing changed: no hook");
});

test("§1.9 (undocumented) every page hears the writes' update hooks in the order the server made them, the writer's own among them", async () => {
  await ownPages();
  const heard = { gm: [], bob: [] };
  for (const id of ["gm", "bob"])
    asUser(id, () => {
      globalThis.Hooks.on("updateToken", () => heard[id].push("Bob's token"));
      globalThis.Hooks.on("updateCombat", () => heard[id].push("the GM's turn"));
    });
  const token = new FakeToken({ id: "t", x: 0, actor: new FakeActor({ owners: ["bob"] }) });
  const combat = encounter();
  // Bob's write reaches the server first, the GM's right after, before Bob's broadcast reaches him
  const bobs = asUser("bob", () => token.update({ x: 100 }));
  await combat.update({ turn: 1 });
  assert.equal(token.x, 100, "the server made Bob's write first");
  assert.equal(
    asUser("gm", () => token.x),
    0,
    "the GM's promise may resolve before Bob's broadcast reaches his page",
  );
  await bobs;
  await settle();
  const order = ["Bob's token", "the GM's turn"];
  assert.deepEqual(heard.gm, order, "the GM hears Bob's write, then his own");
  assert.deepEqual(heard.bob, order, "Bob hears them in that order too");
});

test("§1.2 / §1.9 a status turned on or off makes or deletes an effect carrying it, heard on every client in the server's order; until then another page reads the statuses it had", async () => {
  await ownPages();
  const actor = new FakeActor({ owners: ["bob"] });
  const heard = { gm: [], bob: [] };
  for (const id of ["gm", "bob"])
    asUser(id, () => {
      for (const hook of ["createActiveEffect", "deleteActiveEffect"])
        globalThis.Hooks.on(hook, (effect, _options, userId) =>
          heard[id].push([hook, [...effect.statuses], effect.parent === actor, userId]),
        );
      globalThis.Hooks.on("updateCombat", () => heard[id].push(["the GM's turn"]));
    });
  await asUser("bob", () => actor.toggleStatusEffect("prone", { active: true }));
  assert.equal(
    asUser("gm", () => actor.statuses.has("prone")),
    false,
    "the GM's copy is stale until the broadcast",
  );
  await settle();
  assert.ok(asUser("gm", () => actor.statuses.has("prone")));
  await asUser("bob", () => actor.toggleStatusEffect("prone", { active: true })); // on already: nothing written
  const combat = encounter();
  const off = asUser("bob", () => actor.toggleStatusEffect("prone", { active: false }));
  await combat.update({ turn: 1 });
  await off;
  await settle();
  const order = [
    ["createActiveEffect", ["prone"], true, "bob"],
    ["deleteActiveEffect", ["prone"], true, "bob"],
    ["the GM's turn"],
  ];
  assert.deepEqual(heard.gm, order, "the GM hears Bob's two writes, then his own");
  assert.deepEqual(heard.bob, order);
  assert.equal(actor.statuses.has("prone"), false);
});

test("§8.4 / §1.2 each client has its own copy: another's write reaches it with the broadcast; until then it reads what it had", async () => {
  await ownPages();
  const token = new FakeToken({
    id: "t",
    x: 0,
    flags: { ballcourt: { team: "sun" } },
    actor: new FakeActor({ owners: ["alice"] }),
  });
  const heard = [];
  asUser("bob", () =>
    globalThis.Hooks.on("updateToken", (doc) => heard.push([doc.x, doc.flags.ballcourt.team])),
  );
  await asUser("alice", () => token.update({ x: 300, "flags.ballcourt.team": "moon" }));
  assert.deepEqual(
    asUser("alice", () => [token.x, token.flags.ballcourt.team]),
    [300, "moon"],
    "the writer reads his write",
  );
  assert.deepEqual(
    asUser("bob", () => [token.x, token.flags.ballcourt.team]),
    [0, "sun"],
    "Bob's copy is stale until the broadcast",
  );
  assert.equal(token.x, 300, "the test's own eye reads the server's data");
  await settle();
  assert.deepEqual(heard, [[300, "moon"]], "his hook runs once his copy has caught up");
  assert.deepEqual(
    asUser("bob", () => [token.x, token.flags.ballcourt.team]),
    [300, "moon"],
  );
  await asUser("alice", () => Promise.all([token.update({ x: 400 }), token.update({ x: 500 })]));
  assert.equal(
    asUser("gm", () => token.x),
    300,
    "two writes not yet reached: the GM still reads the last he heard",
  );
  await settle();
  assert.equal(
    asUser("gm", () => token.x),
    500,
  );
  const message = await asUser("alice", () =>
    FakeChatMessage.create({ content: "<p>a</p>", flags: { ballcourt: { n: 1 } } }),
  );
  await settle();
  const rendered = [];
  asUser("bob", () =>
    globalThis.Hooks.on("renderChatMessageHTML", (m) => rendered.push(m.flags.ballcourt.n)),
  );
  await asUser("alice", () => message.setFlag("ballcourt", "n", 2));
  assert.equal(
    asUser("bob", () => message.flags.ballcourt.n),
    1,
    "a message too: Bob's copy is stale until the broadcast",
  );
  await settle();
  assert.ok(
    rendered.length && rendered.every((n) => n === 2),
    "he renders it once his copy has caught up",
  );
  const combat = encounter();
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: "a", initiative: 5 }]);
  assert.equal(
    asUser("bob", () => combat.combatants.get("a").initiative),
    20,
    "a combatant too",
  );
  await settle();
  assert.equal(
    asUser("bob", () => combat.combatants.get("a").initiative),
    5,
  );
});

test("§1.7 setFlag fires preUpdate and update like any update", async () => {
  await ownPages();
  const heard = listen("updateUser");
  const pre = listen("preUpdateUser");
  const bob = globalThis.game.users.get("bob");
  await asUser("bob", () => bob.setFlag("ballcourt", "press", { id: 1 }));
  await settle();
  assert.deepEqual(
    pre.map(([id]) => id),
    ["bob"],
  );
  assert.equal(heard.length, 3);
  assert.deepEqual(heard[0][2], { flags: { ballcourt: { press: { id: 1 } } } });
});

test("§1.7 a flag scope that is no active module is refused", async () => {
  await ownPages();
  const token = new FakeToken({ id: "t" });
  await assert.rejects(token.setFlag("nomodule", "x", 1), /not valid or not currently active/);
});

test("§2.5 ownership: a player may not write another's actor, token, scene or message; the refusal shows on his screen", async () => {
  await ownPages();
  const actor = new FakeActor({ name: "Ix", owners: ["alice"] });
  const token = new FakeToken({ id: "t", actor });
  const scene = new FakeScene({ name: "Court" });
  await assert.rejects(
    asUser("bob", () => actor.update({ name: "x" })),
    /Bob lacks permission to update Actor/,
  );
  await assert.rejects(
    asUser("bob", () => token.update({ x: 1 })),
    /lacks permission/,
  );
  await assert.rejects(
    asUser("alice", () => scene.setFlag("ballcourt", "x", 1)),
    /lacks permission/,
  );
  const message = await asUser("alice", () => FakeChatMessage.create({ content: "hi" }));
  await assert.rejects(
    asUser("bob", () => message.update({ content: "x" })),
    /lacks permission/,
  );
  await assert.rejects(
    asUser("alice", () => message.update({ rolls: [] })),
    /lacks permission/,
    "an author may not change the rolls",
  );
  await asUser("alice", () => message.update({ content: "mine" }));
  assert.ok(
    clientOf("bob").ui.notifications.some(
      ([level, text]) => level === "error" && /lacks permission/.test(text),
    ),
  );
  assert.ok(!clientOf("gm").ui.notifications.length, "the GM is told nothing");
});

// --- §2 Users, queries ---------------------------------------------------------------------

test("§2.1 activeGM: a connected GM, a full GM before an assistant; null when none is connected", () => {
  const users = [
    new FakeUser({ id: "co", name: "Co", isGM: true, role: 3 }),
    new FakeUser({ id: "gm", name: "GM", isGM: true }),
    new FakeUser({ id: "p", name: "P" }),
  ];
  installFoundry({ users });
  assert.equal(globalThis.game.users.activeGM.id, "gm");
  users[1].active = false;
  assert.equal(globalThis.game.users.activeGM.id, "co");
  users[0].active = false;
  assert.equal(globalThis.game.users.activeGM, null);
});

test("§2.3 / §2.4 User#query: a prefix is required; an inactive user is refused (an assumption, labelled)", async () => {
  await ownPages();
  const bob = globalThis.game.users.get("bob");
  await assert.rejects(bob.query("noprefix", {}), /package prefix/);
  bob.active = false;
  await assert.rejects(bob.query("ballcourt.x", {}), /not connected/);
  bob.active = true;
  asUser("bob", () => {
    globalThis.CONFIG.queries["ballcourt.echo"] = (d) => ({ seen: globalThis.game.user.id, ...d });
  });
  assert.deepEqual(
    await bob.query("ballcourt.echo", { a: 1 }),
    { seen: "bob", a: 1 },
    "the handler runs on Bob's page",
  );
  assert.equal(
    globalThis.CONFIG.queries["ballcourt.echo"],
    undefined,
    "the GM's page has no such handler",
  );
  assert.equal(typeof globalThis.CONFIG.queries.dialog, "function", "core's own queries");
});

test("§2.2 userConnected fires on the other clients only, when a user leaves and comes back (a reload)", async () => {
  await ownPages();
  const heard = listen("userConnected");
  await reload("bob", { load: async () => {} });
  assert.deepEqual(
    heard.map(([id, user, connected]) => `${id}:${user.id}:${connected}`),
    ["gm:bob:false", "alice:bob:false", "gm:bob:true", "alice:bob:true"],
  );
});

// --- §3 Chat messages ------------------------------------------------------------------------

test("§3.1 renderChatMessageHTML: every surface, a fresh element each time, the toast only on creation", async () => {
  await ownPages({ doubleRenders: false, popouts: false });
  clientOf("bob").popoutOpen = true;
  const renders = listen("renderChatMessageHTML");
  const message = await FakeChatMessage.create({ content: "<p>hi</p>" });
  await settle();
  const bob = renders.filter(([id]) => id === "bob");
  assert.equal(bob.length, 3, "Bob's log, his pop-out and a toast");
  assert.equal(new Set(bob.map(([, , html]) => html)).size, 3, "three elements");
  renders.length = 0;
  await message.update({ content: "<p>again</p>" });
  await settle();
  assert.equal(
    renders.filter(([id]) => id === "bob").length,
    2,
    "log and pop-out; no toast for an update (FVTT#12022)",
  );
  assert.equal(renders.filter(([id]) => id === "alice").length, 1);
  world.doubleRenders = true;
  renders.length = 0;
  await message.update({ content: "<p>thrice</p>" });
  await settle();
  assert.equal(
    renders.filter(([id]) => id === "alice").length,
    2,
    "an update may render the log twice (FVTT#13067)",
  );
});

test("§3.1 by default a render may come twice and a chat be popped out, at random from the seed: the same seed, the same renders", async () => {
  const counts = async (seed) => {
    await ownPages({ seed });
    const renders = listen("renderChatMessageHTML");
    const message = await FakeChatMessage.create({ content: "<p>hi</p>" });
    for (let i = 0; i < 6; i += 1) await message.update({ content: `<p>${i}</p>` });
    await settle();
    return ["gm", "alice", "bob"].map((id) => renders.filter(([who]) => who === id).length);
  };
  const first = await counts(7);
  assert.deepEqual(await counts(7), first, "a seed replays");
  const plain = 1 + 6 + 1; // the log at creation, one log render a change, the toast
  assert.ok(
    first.some((n) => n > plain),
    `some client rendered more than once a change: ${first}`,
  );
});

test("§3.2 / §3.5 a whisper renders only for its readers; a blind message not even for its author", async () => {
  await ownPages();
  const renders = listen("renderChatMessageHTML");
  await asUser("alice", () =>
    FakeChatMessage.create({ content: "w", whisper: ["gm"], blind: true }),
  );
  await settle();
  assert.deepEqual([...new Set(renders.map(([id]) => id))], ["gm"]);
});

test("§3.3 v13: applyRollMode and the old names; core.messageMode throws, core.rollMode is read", () => {
  installFoundry({ version: 13, settings: { coreRollMode: "gmroll" } });
  assert.equal(globalThis.ChatMessage.applyMode, undefined);
  assert.throws(
    () => globalThis.game.settings.get("core", "messageMode"),
    /not a registered game setting/,
  );
  assert.equal(globalThis.game.settings.get("core", "rollMode"), "gmroll");
  const data = globalThis.ChatMessage.applyRollMode({}, "gmroll");
  assert.deepEqual(data.whisper, ["gm"]);
  assert.deepEqual(
    globalThis.ChatMessage.applyRollMode({}, "gm").whisper,
    undefined,
    "v14's name means nothing on v13",
  );
});

test("§3.3 v14: applyMode and the new names; core.rollMode gives null; an old name whispers nobody", () => {
  installFoundry({ version: 14, settings: { coreMessageMode: "blind" } });
  assert.equal(globalThis.ChatMessage.applyRollMode, undefined);
  assert.equal(globalThis.game.settings.get("core", "messageMode"), "blind");
  assert.equal(globalThis.game.settings.get("core", "rollMode"), null);
  assert.deepEqual(Object.keys(globalThis.CONFIG.ChatMessage.modes), [
    "public",
    "gm",
    "blind",
    "self",
  ]);
  const data = globalThis.ChatMessage.applyMode({}, "blind");
  assert.deepEqual(data.whisper, ["gm"]);
  assert.equal(data.blind, true);
  assert.equal(
    globalThis.ChatMessage.applyMode({}, "gmroll").whisper,
    undefined,
    "the old name leaks to everyone",
  );
});

// --- §4 Dialogs ------------------------------------------------------------------------------

test("§4.2 / §4.4 a dialog renders into its client's DOM, fires the render hooks and callback, and stays open", async () => {
  await ownPages();
  const rendered = listen("renderDialogV2");
  const app = listen("renderApplicationV2");
  clientOf("bob").dialogs.unanswered = "open";
  let callback = 0;
  const answer = asUser("bob", () =>
    FakeDialogV2.wait({
      window: { title: "T" },
      content: "<p>Pick</p>",
      buttons: [
        { action: "a", label: "A" },
        { action: "b", label: "B" },
      ],
      render: () => {
        callback += 1;
      },
    }),
  );
  for (let i = 0; i < 5; i += 1) await tick();
  assert.deepEqual(
    rendered.map(([id]) => id),
    ["bob"],
  );
  assert.equal(app.length, 1);
  assert.equal(callback, 1);
  const [dialog] = clientOf("bob").dialogs.open;
  assert.ok(clientOf("bob").dom.document.body.contains(dialog.element), "in Bob's DOM");
  assert.equal(clientOf("gm").dom.document.querySelectorAll("dialog").length, 0, "not the GM's");
  dialog.press("b");
  assert.equal(await answer, "b");
  assert.equal(clientOf("bob").dialogs.open.length, 0);
});

test("§4.1 / §4.2 closed by its user: null, the close callback and hooks run; rejectClose: true rejects", async () => {
  await ownPages();
  const closes = listen("closeDialogV2");
  clientOf("gm").dialogs.unanswered = "open";
  let closed = 0;
  const answer = FakeDialogV2.prompt({
    content: "x",
    close: () => {
      closed += 1;
    },
  });
  await tick();
  await clientOf("gm").dialogs.open[0].close();
  assert.equal(await answer, null);
  assert.equal(closed, 1);
  assert.equal(closes.length, 1);
  const strict = FakeDialogV2.confirm({ content: "x", rejectClose: true });
  await tick();
  await clientOf("gm").dialogs.open[0].close();
  await assert.rejects(strict, /dismissed/);
  const confirm = FakeDialogV2.confirm({ content: "x" });
  await tick();
  await clientOf("gm").dialogs.open[0].close();
  assert.equal(await confirm, null, "confirm dismissed: null, not false");
});

test("§4.4 a self-close timer the module sets in render closes the dialog (it times out)", async () => {
  await ownPages();
  clientOf("gm").dialogs.unanswered = "open";
  const answer = FakeDialogV2.wait({
    buttons: [{ action: "a" }],
    render: (_e, dialog) => setTimeout(() => dialog.close(), 20),
  });
  assert.equal(await answer, null);
});

test("§4.5 several dialogs can be open at once, each answered on its own", async () => {
  await ownPages();
  clientOf("gm").dialogs.unanswered = "open";
  const first = FakeDialogV2.wait({ buttons: [{ action: "one" }] });
  const second = FakeDialogV2.prompt({
    content: "<input name='n'>",
    ok: { callback: (_e, button) => Object.fromEntries(new FormData(button.form)) },
  });
  await tick();
  const open = clientOf("gm").dialogs.open;
  assert.equal(open.length, 2);
  open[1].press("ok", { n: 4 });
  assert.deepEqual(await second, { n: "4" });
  open[0].press("one");
  assert.equal(await first, "one");
});

test("§4 a queued answer comes on a later turn of the event loop; nothing queued: it stays open, no default dismissal", async () => {
  await ownPages();
  FakeDialogV2.answers = ["go"];
  let settled = false;
  const answer = FakeDialogV2.wait({ buttons: [{ action: "go" }] }).then((v) => {
    settled = true;
    return v;
  });
  await Promise.resolve();
  assert.equal(settled, false, "not answered at once");
  assert.equal(await answer, "go");
  let waited = "pending";
  const unanswered = FakeDialogV2.wait({ buttons: [{ action: "go" }] }).then((v) => {
    waited = v;
  });
  for (let i = 0; i < 20; i += 1) await tick();
  assert.equal(waited, "pending", "still open: nobody answered or closed it");
  await clientOf("gm").dialogs.open[0].close();
  await unanswered;
  assert.equal(waited, null, "closed by its user: null");
});

test("§4.2 a dialog's render hooks and render callback run on every render, and it stays one open dialog", async () => {
  await ownPages();
  const renders = listen("renderDialogV2", ["gm"]);
  let callbacks = 0;
  const answer = FakeDialogV2.wait({
    buttons: [{ action: "go" }],
    render: () => {
      callbacks += 1;
    },
  });
  const [dialog] = clientOf("gm").dialogs.open;
  dialog.render();
  assert.deepEqual([renders.length, callbacks, clientOf("gm").dialogs.open.length], [2, 2, 1]);
  assert.equal(
    clientOf("gm").dom.document.querySelectorAll("dialog").length,
    1,
    "its element replaced, not doubled",
  );
  dialog.press("go");
  assert.equal(await answer, "go");
});

test("§4.3 a modal dialog blocks the rest of the UI: what is behind it cannot be pressed until it closes", async () => {
  await ownPages();
  const behind = FakeDialogV2.wait({ buttons: [{ action: "go" }] });
  const modal = FakeDialogV2.confirm({ modal: true });
  const [first, second] = clientOf("gm").dialogs.open;
  assert.throws(() => first.press("go"), /modal/);
  second.press("yes");
  assert.equal(await modal, true);
  first.press("go");
  assert.equal(await behind, "go");
});

// --- §5 Scenes -------------------------------------------------------------------------------

test("§5.2 / §5.3 a scene has padding 0.25 by default and dimensions with sceneX/sceneY in whole squares", () => {
  installFoundry();
  const scene = new FakeScene({ width: 4000, height: 3000, grid: { size: 100 } });
  assert.equal(scene.padding, 0.25);
  const d = scene.dimensions;
  assert.deepEqual([d.sceneX, d.sceneY, d.width, d.height], [1000, 800, 6000, 4600]);
  assert.deepEqual(d.sceneRect, { x: 1000, y: 800, width: 4000, height: 3000 });
  const tight = new FakeScene({ width: 7200, height: 2400, padding: 0 });
  assert.deepEqual([tight.dimensions.sceneX, tight.dimensions.sceneY], [0, 0]);
});

test("§5 a scene's grid has a type: square unless the scene says so, or hexagonal in rows or columns, or none", () => {
  installFoundry();
  const kinds = (scene) => [scene.grid.isSquare, scene.grid.isHexagonal, scene.grid.isGridless];
  assert.equal(new FakeScene().grid.type, globalThis.CONST.GRID_TYPES.SQUARE);
  assert.deepEqual(kinds(new FakeScene()), [true, false, false]);
  for (const type of ["HEXODDR", "HEXEVENR", "HEXODDQ", "HEXEVENQ"]) {
    assert.deepEqual(
      kinds(new FakeScene({ grid: { type: GRID_TYPES[type] } })),
      [false, true, false],
      type,
    );
  }
  assert.deepEqual(kinds(new FakeScene({ grid: { type: GRID_TYPES.GRIDLESS } })), [
    false,
    false,
    true,
  ]);
  assert.equal(new FakeScene({ grid: { size: 140, type: GRID_TYPES.HEXODDQ } }).grid.size, 140);
});

test("§5.5 a client's own scene change: canvasTearDown then canvasReady there only", async () => {
  await ownPages();
  const order = [];
  for (const name of ["canvasTearDown", "canvasInit", "canvasReady"]) {
    for (const id of ["gm", "bob"])
      asUser(id, () => globalThis.Hooks.on(name, () => order.push(`${id}:${name}`)));
  }
  view("bob", new FakeScene({ id: "a" }));
  view("bob", new FakeScene({ id: "b" }));
  assert.deepEqual(order, [
    "bob:canvasInit",
    "bob:canvasReady",
    "bob:canvasTearDown",
    "bob:canvasInit",
    "bob:canvasReady",
  ]);
});

// --- §6 Tokens and movement --------------------------------------------------------------------

test("§6.1-6.4 move(): preMoveToken on the mover only; one update per waypoint; moveToken with a User everywhere", async () => {
  await ownPages();
  const pre = listen("preMoveToken");
  const moved = listen("moveToken");
  const updated = listen("updateToken");
  const token = new FakeToken({ id: "t", actor: new FakeActor({ owners: ["alice"] }) });
  assert.equal(
    await asUser("alice", () =>
      token.move([
        { x: 100, y: 0 },
        { x: 200, y: 0 },
      ]),
    ),
    true,
  );
  await settle();
  assert.deepEqual(
    pre.map(([id]) => id),
    ["alice"],
  );
  assert.equal(updated.length, 6, "two checkpoints, three clients");
  assert.equal(moved.length, 6);
  assert.equal(moved[0][4], globalThis.game.users.get("alice"), "the fourth argument is a User");
  assert.deepEqual([token.x, token.y], [200, 0]);
  asUser("alice", () => globalThis.Hooks.on("preMoveToken", () => false));
  assert.equal(await asUser("alice", () => token.move({ x: 500 })), false);
  assert.equal(token.x, 200, "vetoed");
});

test("§6.2 preMoveToken: the waypoints are final, only autoRotate and showRuler are written back; an update of x/y is a movement too", async () => {
  await ownPages();
  const token = new FakeToken({ id: "t", actor: new FakeActor({ owners: ["alice"] }) });
  const moved = listen("moveToken", ["gm"]);
  asUser("alice", () =>
    globalThis.Hooks.on("preMoveToken", (_doc, movement) => {
      movement.destination.x = 900;
      movement.pending.waypoints = [];
      movement.autoRotate = true;
    }),
  );
  assert.equal(await asUser("alice", () => token.move([{ x: 100, y: 0 }])), true);
  await settle();
  assert.equal(token.x, 100, "the destination is final");
  assert.equal(moved[0][2].autoRotate, true, "autoRotate is writable");
  const heard = listen("preMoveToken", ["alice"]);
  await asUser("alice", () => token.update({ x: 300 }));
  await settle();
  assert.deepEqual(
    heard.map(([id, doc, movement]) => [id, doc.id, movement.origin.x]),
    [["alice", "t", 100]],
    "an update of x/y runs preMoveToken on the writer",
  );
  assert.equal(token.x, 300);
  asUser("alice", () => globalThis.Hooks.on("preMoveToken", () => false));
  assert.equal(
    await asUser("alice", () => token.update({ x: 400 })),
    undefined,
    "false rejects it",
  );
  assert.equal(token.x, 300);
});

test("§6.6 (undocumented, harsher) during a drag preUpdateToken sees no x/y; the steps still move the token", async () => {
  await ownPages();
  const token = new FakeToken({ id: "t", actor: new FakeActor({ owners: ["alice"] }) });
  const seen = []; // what each call saw, copied then (the double puts x/y back after the handlers)
  asUser("alice", () =>
    globalThis.Hooks.on("preUpdateToken", (_doc, changed) => {
      seen.push({ ...changed });
    }),
  );
  assert.equal(
    await asUser("alice", () =>
      token.move(
        [
          { x: 100, y: 0 },
          { x: 200, y: 0 },
        ],
        { method: "dragging" },
      ),
    ),
    true,
  );
  await settle();
  assert.equal(seen.length, 2, "one preUpdateToken a step");
  assert.ok(seen.every((changed) => !("x" in changed) && !("y" in changed)));
  assert.deepEqual([token.x, token.y], [200, 0]);
  await asUser("alice", () => token.move([{ x: 300, y: 0 }]));
  assert.equal(seen.at(-1).x, 300, "a move from code (method api) shows them");
});

test("§6.1 v13's move() resolves at the first checkpoint, v14's when the path is done", async () => {
  for (const version of [13, 14]) {
    await ownPages({ version });
    const token = new FakeToken({ id: "t" });
    await token.move([{ x: 100 }, { x: 200 }, { x: 300 }]);
    assert.equal(token.x, version === 13 ? 100 : 300, `v${version}`);
    await settle();
    assert.equal(token.x, 300);
  }
});

// --- §7 Combat -----------------------------------------------------------------------------

const encounter = () => {
  const combat = new FakeCombat({
    id: "c",
    combatants: [
      { id: "a", name: "A", initiative: 20 },
      { id: "b", name: "B", initiative: 10 },
    ],
  });
  globalThis.game.combats.set(combat.id, combat);
  return combat;
};

test("§7.1 combatTurn / combatRound / combatStart on the initiating client only, before the update; handlers may change it", async () => {
  await ownPages({ version: 13 });
  const turn = listen("combatTurn");
  const start = listen("combatStart");
  const round = listen("combatRound");
  const combat = encounter();
  await combat.startCombat();
  assert.deepEqual(
    start.map(([id]) => id),
    ["gm"],
  );
  assert.equal(round.length, 0, "no combatRound at the start");
  asUser("gm", () =>
    globalThis.Hooks.on("combatTurn", (_c, data) => {
      data.turn = 1;
    }),
  );
  await combat.nextTurn();
  assert.deepEqual(
    turn.map(([id, , data, options]) => [
      id,
      data.turn,
      options.direction,
      "advanceTime" in options,
    ]),
    [["gm", 1, 1, true]],
  );
  await combat.nextTurn();
  assert.equal(turn.length, 1, "no combatTurn when the round rolls over");
  assert.equal(round.length, 1);
  await ownPages({ version: 14 });
  const round14 = listen("combatRound");
  const c14 = encounter();
  await c14.startCombat();
  await c14.nextRound();
  assert.deepEqual(round14[0][3], { direction: 1, worldTime: { delta: 6 } }, "v14's options");
});

test("§7.2 / §7.4 combatTurnChange on every client, in an order against updateCombat drawn per client", async () => {
  const orders = new Set();
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    await ownPages({ seed });
    const seen = [];
    for (const id of ["gm", "alice", "bob"]) {
      for (const name of ["updateCombat", "combatTurnChange"])
        asUser(id, () => globalThis.Hooks.on(name, () => seen.push(`${id}:${name}`)));
    }
    const combat = encounter();
    await combat.startCombat();
    await settle();
    assert.equal(seen.length, 6, "both hooks on every client");
    for (const id of ["gm", "alice", "bob"])
      orders.add(seen.filter((s) => s.startsWith(`${id}:`)).join(" "));
  }
  assert.equal(orders.size > 2, true, `both orders occur: ${[...orders]}`);
});

test("§7.3 adding combatants keeps the turn with whoever had it through a visible updateCombat", async () => {
  await ownPages({ turnRepeats: false });
  const combat = encounter();
  await combat.startCombat();
  await combat.nextTurn(); // B's turn (index 1)
  await settle();
  const updates = listen("updateCombat");
  const turns = listen("combatTurnChange");
  await combat.createEmbeddedDocuments("Combatant", [{ name: "Ball", initiative: 25 }]);
  await settle();
  assert.equal(combat.combatant.id, "b", "B keeps the turn");
  assert.equal(combat.turn, 2);
  assert.deepEqual(updates.map(([id, , changed]) => [id, changed]).sort(), [
    ["alice", { turn: 2 }],
    ["bob", { turn: 2 }],
    ["gm", { turn: 2 }],
  ]);
  assert.equal(turns.length, 0, "the combatant did not change");
  await combat.deleteEmbeddedDocuments("Combatant", ["b"]);
  await settle();
  assert.equal(turns.length, 3, "the current combatant left: the turn moved on, heard everywhere");
});

test("§7.4 (undocumented, harsher) a turn update that keeps the combatant may still fire combatTurnChange, repeating him", async () => {
  await ownPages({ turnRepeats: true });
  const combat = encounter();
  await combat.startCombat();
  await combat.nextTurn(); // B's turn
  await settle();
  const turns = listen("combatTurnChange");
  await combat.createEmbeddedDocuments("Combatant", [{ name: "Ball", initiative: 25 }]);
  await settle();
  assert.equal(turns.length, 3, "heard on every client");
  assert.ok(
    turns.every(([, , prior, current]) => prior.combatantId === "b" && current.combatantId === "b"),
    "B again",
  );
  assert.equal(combat.previous.combatantId, "a", "previous is still the last real change (§7.3)");
  const counts = [];
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    // by default: at random, from the seed
    await ownPages({ seed });
    const fight = encounter();
    await fight.startCombat();
    await fight.nextTurn();
    await settle();
    const heard = listen("combatTurnChange");
    await fight.createEmbeddedDocuments("Combatant", [{ name: "Ball", initiative: 25 }]);
    await settle();
    counts.push(heard.length);
  }
  assert.ok(counts.includes(0) && counts.includes(3), `some seeds repeat, some do not: ${counts}`);
});

test("§7 (harsher) a player may not update an encounter, except moving on from his own turn", async () => {
  await ownPages();
  const combat = encounter();
  await assert.rejects(
    asUser("bob", () => combat.update({ round: 3 })),
    /lacks permission/,
  );
});

// --- §8 Hooks and per-client state -----------------------------------------------------------

test("§8.1 on returns an id; once fires once; off takes the id or the function", () => {
  installFoundry();
  let n = 0;
  const id = globalThis.Hooks.on("x", () => {
    n += 1;
  });
  assert.equal(typeof id, "number");
  globalThis.Hooks.once("y", () => {
    n += 10;
  });
  globalThis.Hooks.callAll("y");
  globalThis.Hooks.callAll("y");
  assert.equal(n, 10);
  globalThis.Hooks.callAll("x");
  globalThis.Hooks.off("x", id);
  globalThis.Hooks.callAll("x");
  assert.equal(n, 11);
});

test("§8.1 / §8.2 call stops at exactly false; a Promise is never a veto", () => {
  installFoundry();
  globalThis.Hooks.on("a", async () => false);
  assert.equal(globalThis.Hooks.call("a"), true);
  globalThis.Hooks.on("a", () => false);
  let after = false;
  globalThis.Hooks.on("a", () => {
    after = true;
  });
  assert.equal(globalThis.Hooks.call("a"), false);
  assert.equal(after, false);
});

test("§8.3 a handler that throws is reported through the error hook; the others still run", () => {
  installFoundry();
  const errors = [];
  globalThis.Hooks.on("error", (location, error) => errors.push([location, error.message]));
  let ran = false;
  globalThis.Hooks.on("z", () => {
    throw new Error("boom");
  });
  globalThis.Hooks.on("z", () => {
    ran = true;
  });
  globalThis.Hooks.callAll("z");
  assert.equal(ran, true);
  assert.deepEqual(errors, [["Hooks.callAll z", "boom"]]);
  world.errors.length = 0;
});

test("§8.4 each client loads its own module instance: its own state, hooks, CONFIG and api", async () => {
  installFoundry();
  await loadTable();
  const gmLink = await clientModule("gm", "foundry/world/link.mjs");
  const bobLink = await clientModule("bob", "foundry/world/link.mjs");
  assert.notEqual(gmLink, bobLink, "two module graphs");
  const apis = ["gm", "alice", "bob"].map((id) =>
    asUser(id, () => globalThis.game.modules.get("ballcourt").api),
  );
  assert.equal(new Set(apis).size, 3, "each page set its own api at ready");
  assert.equal(
    asUser("bob", () => typeof globalThis.CONFIG.queries["ballcourt.roll"]),
    "function",
    "Bob's init registered his queries",
  );
  assert.ok(asUser("gm", () => globalThis.Hooks.has("renderChatMessageHTML")));
});

test("§8.4 a reload starts that client's module afresh: a new instance, its hooks run, the old page's dialogs are gone", async () => {
  installFoundry();
  await loadTable();
  const before = await clientModule("bob", "foundry/world/link.mjs");
  clientOf("bob").dialogs.unanswered = "open";
  const stranded = asUser("bob", () => FakeDialogV2.wait({ buttons: [{ action: "a" }] }));
  let answered = false;
  stranded.then(() => {
    answered = true;
  });
  await reload("bob");
  const after = await clientModule("bob", "foundry/world/link.mjs");
  assert.notEqual(before, after, "a new module instance");
  assert.equal(clientOf("bob").dialogs.open.length, 0, "the new page has no dialog");
  await settle();
  assert.equal(answered, false, "the old dialog never answers");
  assert.ok(transcript.includes("bob reloads"));
  assert.ok(
    asUser("bob", () => globalThis.game.modules.get("ballcourt").api),
    "ready ran on the new page",
  );
});

test("§8.4 the test file's own import is a separate instance from every client's", async () => {
  installFoundry();
  await loadModule("gm");
  const own = await import("../scripts/foundry/world/link.mjs");
  assert.notEqual(own, await clientModule("gm", "foundry/world/link.mjs"));
});

// --- §9 Settings ---------------------------------------------------------------------------

test("§9.2 / §9.3 a world setting: a player may not write it; onChange on every client only when it changed", async () => {
  installFoundry();
  await loadTable();
  const changes = [];
  for (const id of ["gm", "bob"]) {
    asUser(id, () => {
      const data = globalThis.game.settings.registered.get("ballcourt.playerKicks");
      const original = data.onChange;
      data.onChange = (v) => {
        changes.push([id, v]);
        return original?.(v);
      };
    });
  }
  await assert.rejects(
    asUser("bob", () => globalThis.game.settings.set("ballcourt", "playerKicks", false)),
    /lacks permission/,
  );
  await globalThis.game.settings.set("ballcourt", "playerKicks", false);
  await globalThis.game.settings.set("ballcourt", "playerKicks", false);
  assert.deepEqual(changes, [
    ["gm", false],
    ["bob", false],
  ]);
  assert.throws(
    () => globalThis.game.settings.get("ballcourt", "nothing"),
    /not a registered game setting/,
  );
  await settle();
});

test("§3.4 / §9 the older single-instance tests' shared page reads only registered settings: the module's, as its init registers them", () => {
  installFoundry({ settings: { rollingDcBase: 6 } });
  assert.equal(globalThis.game.settings.get("ballcourt", "rollingDcBase"), 6);
  assert.equal(
    globalThis.game.settings.get("ballcourt", "declarationTimeout"),
    120,
    "a registered default",
  );
  assert.throws(
    () => globalThis.game.settings.get("ballcourt", "nothing"),
    /not a registered game setting/,
  );
  return assert.rejects(
    globalThis.game.settings.set("ballcourt", "nothing", 1),
    /not a registered game setting/,
  );
});

test("§9.1 a client setting lives in one browser: each has its own store, kept across its reloads", async () => {
  installFoundry({
    settings: { token: "gm-token" },
    clientSettings: { bob: { token: "bob-token" } },
  });
  await loadTable();
  const read = (id) => asUser(id, () => globalThis.game.settings.get("ballcourt", "token"));
  assert.deepEqual(
    ["gm", "alice", "bob"].map(read),
    ["gm-token", "", "bob-token"],
    "alice's browser has only the default",
  );
  const heard = listen("clientSettingChanged");
  await asUser("alice", () => globalThis.game.settings.set("ballcourt", "token", "alice-token"));
  assert.deepEqual(["gm", "alice", "bob"].map(read), ["gm-token", "alice-token", "bob-token"]);
  assert.deepEqual(
    heard.map(([id, key]) => [id, key]),
    [["alice", "ballcourt.token"]],
    "heard in her browser only",
  );
  await reload("alice");
  assert.equal(read("alice"), "alice-token", "a reload keeps the browser's store");
  await settle();
});

test("socket: a message reaches every other client's page, never its sender's", async () => {
  await ownPages();
  const got = [];
  for (const id of ["gm", "alice", "bob"])
    asUser(id, () => globalThis.game.socket.on("module.ballcourt", (d) => got.push([id, d])));
  asUser("bob", () => globalThis.game.socket.emit("module.ballcourt", { a: 1 }));
  assert.deepEqual(
    got.map(([id]) => id),
    ["gm", "alice"],
  );
});

test("a message's author and data are the server's: FakeMessage keeps its author", async () => {
  await ownPages();
  const message = await asUser("bob", () => FakeChatMessage.create({ content: "c" }));
  assert.ok(message instanceof FakeMessage);
  assert.equal(message.author, "bob");
});

test("§8.4 a closed page's timers never fire: a self-close timer set by a dialog on the old page is gone with it", async (t) => {
  installFoundry();
  t.mock.timers.enable({ apis: ["setTimeout"] }); // the test's clock: the timer is due only when the test says so
  clientOf("bob").dialogs.unanswered = "open";
  let fired = false;
  asUser("bob", () =>
    FakeDialogV2.wait({
      buttons: [{ action: "a" }],
      render: () =>
        setTimeout(() => {
          fired = true;
        }, 10),
    }),
  );
  await reload("bob");
  t.mock.timers.tick(30);
  assert.equal(fired, false);
});

test("§4.4 ApplicationV2: a render puts it in its client's DOM and fires render<Class> and renderApplicationV2; close fires the close hooks", async () => {
  await ownPages();
  const heard = ["renderProgress", "renderApplicationV2", "closeApplicationV2"].map((name) =>
    listen(name, ["gm"]),
  );
  class Progress extends globalThis.foundry.applications.api.ApplicationV2 {
    static DEFAULT_OPTIONS = {
      actions: {
        stop() {
          this.stopped = true;
        },
      },
    };
    async _renderHTML() {
      return "<p>rows</p>";
    }
    _replaceHTML(html, content) {
      content.innerHTML = html;
    }
  }
  const app = new Progress();
  await app.render({ force: true });
  assert.ok(clientOf("gm").dom.document.body.contains(app.element));
  assert.deepEqual(app.shown, ["<p>rows</p>"]);
  await app.press("stop");
  assert.equal(app.stopped, true);
  await app.close();
  assert.equal(app.closed, true);
  assert.deepEqual(
    heard.map((calls) => calls.length),
    [1, 1, 1],
  );
  assert.deepEqual(clientOf("gm").apps, [app]);
});

// --- The fake companion's match log, against the real companion --------------------------------

test("the fake companion's match log answers as the real one's: each record its log number, undo records among them, plain undo and undo of given events refused as it refuses", async (t) => {
  const TOKEN = "fake-companion-conformance-token";
  const live = await startCompanion(TOKEN);
  t.after(() => live.stop());
  const real = async (method, path, body) => {
    const answer = await fetch(`${live.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: await answer.json() };
  };
  const created = await real("POST", "/api/v1/matches", {
    game: "yaotzin",
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
  });
  const fake = fakeCompanion();
  const socket = fake.io();
  socket.on("connect", () => {});
  const ask = async (method, path, body) => ({
    real: await real(method, path.replace("{m}", created.body.id), body),
    fake: await socket.emitWithAck("request", {
      method,
      route: path.replace("{m}", "m1"),
      body: body ?? {},
    }),
  });
  /** What the module reads of an answer: its status, its error's code and fields, the log numbers. */
  const seen = ({ status, body }) => ({
    status,
    error: body.error
      ? { code: body.error.code, fields: Object.keys(body.error.fields ?? {}) }
      : null,
    seq: body.seq,
    applied: body.applied,
    events: body.events?.map((e) => ({
      seq: e.seq,
      type: e.type,
      undone: e.undone,
      undoes: e.undoes,
    })),
  });
  const ball = (x) => ({ type: "ball", x, y: 12, speed: 0, direction: null });
  const steps = [
    ["POST", "/api/v1/matches/{m}/events", ball(11)],
    ["POST", "/api/v1/matches/{m}/events", ball(12)],
    ["POST", "/api/v1/matches/{m}/events", ball(13)],
    ["POST", "/api/v1/matches/{m}/undo"],
    ["POST", "/api/v1/matches/{m}/events/undo", { seqs: [3] }],
    ["POST", "/api/v1/matches/{m}/events/undo", { seqs: [4] }],
    ["POST", "/api/v1/matches/{m}/events/undo", { seqs: [99] }],
    ["POST", "/api/v1/matches/{m}/events", ball(14)],
    ["POST", "/api/v1/matches/{m}/events/undo", { seqs: [5] }],
    ["GET", "/api/v1/matches/{m}/events?after=2"],
    ["POST", "/api/v1/matches/{m}/undo"],
    ["POST", "/api/v1/matches/{m}/undo"],
    ["POST", "/api/v1/matches/{m}/undo"],
    ["GET", "/api/v1/matches/{m}"],
    ["GET", "/api/v1/matches/{m}/events"],
  ];
  for (const [method, path, body] of steps) {
    const { real: r, fake: f } = await ask(method, path, body);
    assert.deepEqual(seen(f), seen(r), `${method} ${path} ${JSON.stringify(body ?? {})}`);
  }
});
