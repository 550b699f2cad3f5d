/**
 * A goat-ball pass at the table: the Declarations window closed while the autopilot's
 * proposals are under review, and the GM's own declaration dialogs, which must wait for him.
 * Each browser runs its own copy of the module (openTable).
 */
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { suggestRoute } from "../../fakes/companion.mjs";
import { FakeDialogV2, asUser, clientOf, until } from "../../fakes/foundry.mjs";
import { goatArena, goatCompanion, goatMatch, goatPlayer } from "../../tables/goatball.mjs";
import { moduleOf, openOn, useTables } from "../../tables/table.mjs";

useTables();

/** An arena with two NPCs (no player owns r1 or b1); the GM's windows are `views`, his page's pass glue `goatball`. */
async function arena({ autopilot = {} } = {}) {
  const match = goatMatch({ red: [["r1", "P1"]], blue: [["b1", "P3"]] });
  const world = await openOn(goatCompanion(match, { "/api/v1/goatball/suggest": suggestRoute() }), {
    system: "dnd5e",
    settings: { autopilot },
  });
  const scene = goatArena(world, [goatPlayer("r1"), goatPlayer("b1")]);
  return { world, scene, views: clientOf("gm").apps, goatball: await moduleOf("gm", "goatball") };
}

test(
  "item 2: closing the Declarations window while the proposals are under review cancels the pass",
  { timeout: 60000 },
  async () => {
    const { scene, views, goatball } = await arena({
      autopilot: { red: "suggest", blue: "suggest" },
    });
    await asUser("gm", () => goatball.startPass(scene));
    const collecting = asUser("gm", () => goatball.collectDeclarations());
    assert.ok(
      await until(() => views[0]?.element.innerHTML.includes('data-action="resolve"')),
      "the review is shown",
    );
    await views[0].close(); // the GM closes the window with its X
    // stranded, it would wait for a Resolve nobody can press, until the test's hang guard
    assert.equal(
      await collecting,
      null,
      "the pass is abandoned, not left waiting for a Resolve nobody can press",
    );
    assert.equal(goatball.currentDeclarations(), null, "the menu may start another pass");
    await asUser("gm", () => goatball.startPass(scene)); // and does: no "a pass is already being declared"
  },
);

test(
  "item 4: the GM's own declaration dialog stays open past the players' time limit",
  { timeout: 60000 },
  async () => {
    const { scene, goatball } = await arena();
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const closed = [];
      FakeDialogV2.answers = [1, 2].map(
        () => (options) =>
          new Promise((resolve) => {
            const id = options.window.title.split("-")[0];
            const dialog = {
              close: () => {
                closed.push(id);
                resolve(null);
              },
            };
            options.render?.({}, dialog); // the dialog is on screen; a self-close timer would start now
            mock.timers.tick(10 * 60 * 1000); // the GM takes ten minutes over it
            // the carrier r1 has no teammate to pass to (a pass to b1 the rules refuse): he stands
            resolve({ action: id === "r1" ? "none" : "intercept", skill: "athletics" });
          }),
      );
      await asUser("gm", () => goatball.startPass(scene));
      const declared = await asUser("gm", () => goatball.collectDeclarations());
      assert.deepEqual(closed, [], "nothing closed the GM's dialogs");
      assert.equal(declared.declared.get("b1").action, "intercept", "his declarations count");
    } finally {
      mock.timers.reset();
    }
  },
);
