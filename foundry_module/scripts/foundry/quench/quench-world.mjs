/**
 * A Quench batch for a live world: what the test doubles assume where Foundry's API pages are
 * silent, checked against this world's own Foundry and game system, so a double found wrong is
 * fixed (docs/foundry.md, "What only a live Foundry world can verify"). A GM runs it from
 * Quench's window; it writes only a flag of his own User and the prone status of the world's
 * first actor, each put back afterwards (its token probe is vetoed before anything moves).
 * test/foundry/quench/quench-world.test.mjs runs it against the doubles.
 */
import { hasStatus, setStatus } from "../../adapters/sheet-writes.mjs";
import { readRollAnswer } from "../../core/roll-requests.mjs";
import { MODULE_ID, fvtt, messageMode } from "../world/env.mjs";
import { replacingFlag } from "../requests/gm-requests.mjs";
import { rollOnSheet } from "../requests/roll-answers.mjs";
import { adapter, tokenList } from "../world/scene.mjs";

const PROBE = "quenchProbe";

/** The message modes this Foundry version offers: v14's CONFIG.ChatMessage.modes, else v13's roll modes. */
function modesOfThisVersion() {
  const config = fvtt.CONFIG;
  return Object.keys(config.ChatMessage?.modes ?? config.Dice?.rollModes ?? {});
}

export function registerWorldBatches(quench) {
  quench.registerBatch(
    "ballcourt.world",
    (context) => {
      const { describe, it, assert, after } = context;
      describe("what the doubles assume, in this world", () => {
        after(async () => fvtt.game.user.unsetFlag?.(MODULE_ID, PROBE));
        it("Foundry's active GM is the connected GM of highest role, ties to the lowest id", () => {
          const gms = [...(fvtt.game.users.contents ?? fvtt.game.users)].filter(
            (u) => u.isGM && u.active,
          );
          const gm = fvtt.game.users.activeGM ?? null;
          if (!gms.length) return assert.equal(gm, null);
          const top = Math.max(...gms.map((u) => u.role));
          const fix =
            "the doubles pick the active GM otherwise: fix activeGMOf in test/fakes/world.mjs";
          assert.equal(gm?.role, top, `not a GM of the highest role: ${fix}`);
          return assert.equal(
            gm.id,
            gms
              .filter((u) => u.role === top)
              .map((u) => u.id)
              .sort()[0],
            `not the lowest id: ${fix}`,
          );
        });
        it("an update that changes nothing fires no update hook", async () => {
          await fvtt.game.user.setFlag(MODULE_ID, PROBE, { at: 1 });
          await new Promise((resolve) => setTimeout(resolve, 200)); // that write's own hooks, which may come after it
          let fired = 0;
          const id = fvtt.Hooks.on("updateUser", (user) => {
            if (user.id === fvtt.game.user.id) fired += 1;
          });
          try {
            await fvtt.game.user.setFlag(MODULE_ID, PROBE, { at: 1 });
            await new Promise((resolve) => setTimeout(resolve, 200)); // the server's answer and the hooks after it
          } finally {
            fvtt.Hooks.off("updateUser", id);
          }
          assert.equal(
            fired,
            0,
            "an empty update fired updateUser here: the doubles (test/fakes/server.mjs) say it does not",
          );
        });
        it("a flag written whole, then set to null, reads null (an Apply's journal is cleared so)", async () => {
          await fvtt.game.user.update(replacingFlag(PROBE, { journal: { undo: { updates: [] } } }));
          await fvtt.game.user.update({ [`flags.${MODULE_ID}.${PROBE}`]: null });
          assert.equal(
            fvtt.game.user.getFlag(MODULE_ID, PROBE) ?? null,
            null,
            "the journal would stand after its Apply: fix cards/chat.mjs and the doubles' merge (test/fakes/utils.mjs)",
          );
        });
        it("the table's message mode is read as this version names it", () => {
          assert.ok(
            modesOfThisVersion().includes(messageMode()),
            `"${messageMode()}" is not a mode of this version (${modesOfThisVersion().join(", ")})`,
          );
        });
        it("the system's own roll of a check posts no message and carries a d20", async function test() {
          const actor = [...(fvtt.game.actors?.contents ?? fvtt.game.actors ?? [])][0];
          if (!actor) this.skip();
          const before = fvtt.game.messages.size;
          const roll = await rollOnSheet(actor, { type: "save", id: "reflex" });
          const read = readRollAnswer(typeof roll?.toJSON === "function" ? roll.toJSON() : roll); // as the GM reads it
          assert.ok(read.natural >= 1 && read.natural <= 20, "a d20 face");
          assert.equal(fvtt.game.messages.size, before, "the system posted a card of its own");
        });
        it("an update that moves a token runs preMoveToken here, and its false keeps the token where it was", async function test() {
          const token = tokenList(fvtt.canvas?.scene).find((t) => t.isOwner);
          if (!token) this.skip();
          const from = { x: token.x, y: token.y };
          const to = from.x + (fvtt.canvas.scene.grid?.size ?? 100);
          let destination = null;
          const id = fvtt.Hooks.on("preMoveToken", (doc, movement) => {
            if (doc.id !== token.id) return undefined;
            destination = movement?.destination ?? null;
            return false; // nothing moves: the probe only listens
          });
          try {
            await token.update({ x: to });
          } finally {
            fvtt.Hooks.off("preMoveToken", id);
          }
          assert.equal(
            destination?.x,
            to,
            "preMoveToken did not run for an update of x: the dribble check and the doubles (test/fakes/documents.mjs) rely on it",
          );
          assert.deepEqual(
            { x: token.x, y: token.y },
            from,
            "its false did not keep the token where it was",
          );
        });
        it("a status turned on and off is heard as the effect carrying it made and deleted (a prone NPC's standing up is judged so)", async function test() {
          const actor = [...(fvtt.game.actors?.contents ?? fvtt.game.actors ?? [])][0];
          const a = adapter();
          if (!actor || a.conditionsPath) this.skip(); // D35E keeps conditions in fields: heard as the actor's update
          const had = hasStatus(a, actor, "prone");
          const heard = [];
          const listening = ["createActiveEffect", "deleteActiveEffect"].map((hook) => [
            hook,
            fvtt.Hooks.on(hook, (effect) => {
              if (effect.parent?.id === actor.id && effect.statuses?.has?.("prone"))
                heard.push(hook);
            }),
          ]);
          try {
            await setStatus(a, actor, "prone", !had);
            await setStatus(a, actor, "prone", had); // put back as it was
            await new Promise((resolve) => setTimeout(resolve, 200)); // the hooks after the server's answers
          } finally {
            for (const [hook, id] of listening) fvtt.Hooks.off(hook, id);
          }
          const order = ["createActiveEffect", "deleteActiveEffect"];
          assert.deepEqual(
            heard,
            had ? order.reverse() : order,
            "the status toggle was not heard as its effect made and deleted: the stand's guard (yaotzin-autopilot.mjs standUp) and the doubles' toggleStatusEffect (test/fakes/documents.mjs) rely on it",
          );
        });
        it("the installed module may use its socket", () => {
          assert.equal(
            fvtt.game.modules.get(MODULE_ID)?.socket,
            true,
            'module.json\'s "socket": true is not in force: restart the world after installing',
          );
        });
      });
    },
    { displayName: "Ballcourt: what the test doubles assume, in this world" },
  );
}
