/**
 * Issue 25, section 2, a goat-ball pass at the table: the Declarations window closed while the
 * autopilot's proposals are under review (item 2), and the GM's own declaration dialogs, which
 * must wait for him (item 4).
 */
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { connectTo, fakeCompanion, suggestRoute } from "./fakes/companion.mjs";
import { FakeActor, FakeDialogV2, FakeScene, FakeToken, installFoundry } from "./fakes/foundry.mjs";
import { fixture } from "./fakes/scenes.mjs";

const link = await import("../scripts/foundry/world/link.mjs");
const goatball = await import("../scripts/foundry/goatball/goatball.mjs");

const matchBody = { id: "g1", seq: 4,
  teams: [{ id: "red", players: [{ id: "r1", platform: "P1" }] }, { id: "blue", players: [{ id: "b1", platform: "P3" }] }],
  possession: { team: "red", carrier: "r1", visited: ["P1"], hot: false } };

/** An arena with two NPCs (no player owns r1 or b1); the views the pass opens are kept in `views`. */
async function arena({ autopilot = {} } = {}) {
  const world = installFoundry({ system: "dnd5e", settings: { autopilot } });
  const views = [];
  const Base = globalThis.foundry.applications.api.ApplicationV2;
  globalThis.foundry.applications.api.ApplicationV2 = class extends Base {
    constructor(options) { super(options); views.push(this); this.closes = 0; }
    async close(options) { this.closes += 1; return super.close(options); }
  };
  await connectTo(link, fakeCompanion({ "/api/v1/matches/g1": () => ({ status: 200, body: matchBody }),
    "/api/v1/goatball/suggest": suggestRoute() }));
  const token = (id) => new FakeToken({ id, name: `${id}-name`, flags: { ballcourt: { team: id[0] === "r" ? "red" : "blue" } },
    actor: new FakeActor({ ...fixture("actors/dnd5e"), owners: [] }) });
  const scene = new FakeScene({ tokens: [token("r1"), token("b1")],
    flags: { ballcourt: { game: "goatball", matchId: "g1", arena: { platforms: [], zones: [] } } } });
  globalThis.game.scenes.set(scene.id, scene);
  globalThis.canvas.scene = scene;
  return { world, scene, views };
}

/** Wait (a few turns of the event loop) until `fn` holds. */
async function until(fn, turns = 200) {
  for (let i = 0; i < turns && !fn(); i += 1) await new Promise((r) => setImmediate(r));
  return fn();
}

test("item 2: closing the Declarations window while the proposals are under review cancels the pass", { timeout: 5000 }, async () => {
  const { scene, views } = await arena({ autopilot: { red: "suggest", blue: "suggest" } });
  await goatball.startPass(scene);
  const collecting = goatball.collectDeclarations();
  assert.ok(await until(() => views[0]?.element.innerHTML.includes('data-action="resolve"')), "the review is shown");
  await views[0].close();   // the GM closes the window with its X
  const outcome = await Promise.race([collecting, new Promise((r) => setTimeout(() => r("stranded"), 500))]);
  assert.equal(outcome, null, "the pass is abandoned, not left waiting for a Resolve nobody can press");
  assert.equal(goatball.currentDeclarations(), null, "the menu may start another pass");
  await goatball.startPass(scene);   // and does: no "a pass is already being declared"
});

test("item 4: the GM's own declaration dialog stays open past the players' time limit", { timeout: 5000 }, async () => {
  const { scene } = await arena();
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const closed = [];
    FakeDialogV2.answers = [1, 2].map(() => (options) => new Promise((resolve) => {
      const id = options.window.title.split("-")[0];
      const dialog = { close: () => { closed.push(id); resolve(null); } };
      options.render?.({}, dialog);   // the dialog is on screen; a self-close timer would start now
      mock.timers.tick(10 * 60 * 1000);   // the GM takes ten minutes over it
      resolve({ action: id === "r1" ? "throw" : "defend", target: id === "r1" ? "b1" : "r1", skill: "athletics" });
    }));
    await goatball.startPass(scene);
    const declared = await goatball.collectDeclarations();
    assert.deepEqual(closed, [], "nothing closed the GM's dialogs");
    assert.equal(declared.declared.get("r1").action, "throw", "his declarations count");
  } finally {
    mock.timers.reset();
  }
});
