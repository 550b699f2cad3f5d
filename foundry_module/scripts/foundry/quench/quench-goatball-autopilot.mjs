/**
 * Quench batches for the goat-ball autopilot and the zone suggestion, for a
 * live world: a GM with the companion connected runs them from Quench's window. They set up a
 * throw-away arena with four tokens of this world's actors (two a side), drive the real
 * settings, token flags and the live companion's /goatball/suggest and /goatball/tune, and put
 * everything back afterwards. test/foundry/quench/quench-autopilots.test.mjs runs them against the fakes.
 */
import { AutopilotPass, PRESETS, suggestRequest } from "../../core/goatball-autopilot.mjs";
import { Declarations } from "../../core/goatball.mjs";
import { MODULE_ID, fvtt } from "../world/env.mjs";
import { quietly } from "../world/link.mjs";
import { adapter, teamOf, tokenList } from "../world/scene.mjs";

const TEAMS = ["quench-sun", "quench-moon"];

/**
 * A throw-away arena with two tokens a side, from the first actors of this world (the same
 * actor may stand for more than one token), each on a platform of its own. Null without an
 * actor.
 */
export async function quenchArena() {
  const actors = [...(fvtt.game.actors?.contents ?? fvtt.game.actors ?? [])];
  if (!actors.length) return null;
  const { createArenaScene } = await import("../goatball/goatball.mjs");
  const scene = await createArenaScene({
    seed: 19,
    count: 12,
    zones: 0,
    name: "Ballcourt Quench arena",
  });
  const platforms = scene.flags[MODULE_ID].arena.platforms;
  const size = scene.grid?.size ?? 100;
  const data = [0, 1, 2, 3].map((i) => ({
    name: `Quench ${i + 1}`,
    actorId: actors[i % actors.length].id,
    x: platforms[i].x - size / 2,
    y: platforms[i].y - size / 2,
    flags: { [MODULE_ID]: { team: TEAMS[i % 2] } },
  }));
  await scene.createEmbeddedDocuments("Token", data);
  return scene;
}

/** What the arena's tokens look like to the suggest route: teams on their platforms, a carrier. */
async function passOn(scene) {
  const { goatTeams, goatSettings } = await import("../goatball/goatball.mjs");
  const teams = goatTeams(scene);
  const carrier = teams[0].players[0];
  const possession = {
    team: teams[0].id,
    carrier: carrier.id,
    visited: [carrier.platform],
    hot: false,
  };
  const players = teams.flatMap((t) =>
    t.players.map((p, i) => ({
      id: p.id,
      team: t.id,
      initiative: i * 2 + (t === teams[0] ? 1 : 2),
    })),
  );
  return { teams, possession, settings: goatSettings(scene), players };
}

export function registerAutopilotBatches(quench) {
  quench.registerBatch(
    "ballcourt.autopilot",
    (context) => {
      const { describe, it, assert, before, after } = context;
      describe("the goat-ball autopilot against this world and the companion (GM)", () => {
        let scene;
        let saved;
        before(async function () {
          this.timeout?.(20000);
          saved = {
            autopilot: fvtt.game.settings.get(MODULE_ID, "autopilot"),
            autopilotTactics: fvtt.game.settings.get(MODULE_ID, "autopilotTactics"),
          };
          scene = await quenchArena();
        });
        after(async () => {
          for (const [key, value] of Object.entries(saved ?? {}))
            await fvtt.game.settings.set(MODULE_ID, key, value);
          await scene?.delete();
        });

        it("keeps each team's mode and tactics in the setting; the first cut's mode alone still reads", async function () {
          if (!scene) this.skip();
          const autopilot = await import("../goatball/goatball-autopilot.mjs");
          await fvtt.game.settings.set(MODULE_ID, "autopilot", {
            [TEAMS[0]]: { mode: "act", tactics: "evasive" },
            [TEAMS[1]]: "suggest",
          });
          await fvtt.game.settings.set(MODULE_ID, "autopilotTactics", "follow-ball");
          assert.deepEqual(autopilot.teamModes(), { [TEAMS[0]]: "act", [TEAMS[1]]: "suggest" });
          assert.equal(autopilot.tacticsOf(TEAMS[0]), "evasive");
          assert.equal(autopilot.tacticsOf(TEAMS[1]), "follow-ball", "the world's default");
        });

        it("a token's own mode survives the server round trip, and null clears it", async function () {
          if (!scene) this.skip();
          const autopilot = await import("../goatball/goatball-autopilot.mjs");
          const token = tokenList(scene)[0];
          await autopilot.setTokenMode(token, "act");
          assert.equal(autopilot.tokenMode(scene.tokens.get(token.id)), "act");
          assert.equal(
            autopilot.modeOf(scene.tokens.get(token.id)),
            "act",
            "its own mode, owned or not",
          );
          await autopilot.setTokenMode(token, null);
          assert.equal(autopilot.tokenMode(scene.tokens.get(token.id)), null);
        });

        it("every preset the form offers gets a legal declaration with a reason for every standing player, the same for the same seed", async function () {
          if (!scene) this.skip();
          this.timeout?.(30000);
          const { teams, possession, settings, players } = await passOn(scene);
          const a = adapter();
          const skills = Object.fromEntries(
            tokenList(scene).map((t) => [t.id, a.goatballSkills(t.actor ?? {})]),
          );
          const ids = players.map((p) => p.id);
          const team = (id) => players.find((p) => p.id === id)?.team;
          for (const tactics of PRESETS) {
            const body = suggestRequest({
              teams,
              possession,
              players: ids,
              skills,
              tactics,
              seed: 7,
              settings,
            });
            const answer = await quietly("POST", "/api/v1/goatball/suggest", body);
            const state = new AutopilotPass(ids.map((id) => [id, "act"]));
            const left = state.take(answer, new Declarations(players, possession.carrier), team);
            assert.deepEqual(left, [], `${tactics}: a usable proposal for everyone`);
            assert.ok(
              answer.declarations.every((d) => String(d.reason ?? "").trim()),
              `${tactics}: each with its reason`,
            );
            assert.deepEqual(
              await quietly("POST", "/api/v1/goatball/suggest", body),
              answer,
              `${tactics}: deterministic`,
            );
          }
        });

        it("two teams on different presets: each team's players get proposals, nobody is asked by hand", async function () {
          if (!scene) this.skip();
          this.timeout?.(30000);
          const autopilot = await import("../goatball/goatball-autopilot.mjs");
          const { teams, possession, settings, players } = await passOn(scene);
          await fvtt.game.settings.set(MODULE_ID, "autopilot", {
            [TEAMS[0]]: { mode: "act", tactics: PRESETS[1] },
            [TEAMS[1]]: { mode: "act", tactics: PRESETS[3] },
          });
          for (const token of tokenList(scene)) await autopilot.setTokenMode(token, "act"); // owned by a player or not
          const declarations = new Declarations(players, possession.carrier);
          const pass = { declarations, match: { id: "quench", seq: 1, teams, possession } };
          const ask = autopilot.autopilotAsk(
            pass,
            scene,
            async (id) => {
              throw new Error(`${id} was asked by hand`);
            },
            settings,
          );
          for (const id of declarations.order()) {
            const declaration = await ask(id, id === possession.carrier);
            assert.ok(declaration?.action, `${id} has a proposal`);
            declarations.declared.set(id, { ...declaration, player: id });
          }
          assert.equal(pass.autopilot.state.suggestions.size, players.length);
        });
      });
    },
    { displayName: "Ballcourt: goat-ball autopilot (live companion)" },
  );

  quench.registerBatch(
    "ballcourt.tune",
    (context) => {
      const { describe, it, assert, before, after } = context;
      describe("the zone suggestion for selected tokens (GM, companion connected)", () => {
        let scene;
        before(async function () {
          this.timeout?.(20000);
          scene = await quenchArena();
        });
        after(async () => scene?.delete());

        it("the companion's tune route answers for this world's actors and the note reads in this language", async function () {
          if (!scene) this.skip();
          this.timeout?.(130000); // the route takes seconds, over 40 s on a loaded machine
          const { tuneFor, tuneBudget } = await import("../goatball/tune.mjs");
          const result = await tuneFor(tokenList(scene));
          if (!result.ok && /simulator/.test(result.line)) this.skip(); // an older companion: nothing to check
          assert.ok(result.ok, result.line);
          assert.doesNotMatch(result.line, /BALLCOURT\./, "every key has its text");
          assert.match(result.line, /\d+%/);
          assert.match(result.line, new RegExp(`\\b${tuneBudget()}\\b`), "the world's budget");
          assert.ok(result.zones === null || Number.isInteger(result.zones));
          assert.ok(result.answer.results.length > 0);
          assert.deepEqual(
            new Set(result.answer.results.map((r) => typeof r.finish_within_budget)),
            new Set(["number"]),
          );
        });

        it("a failure is one quiet line, never an error popup", async function () {
          if (!scene) this.skip();
          const { tuneFor } = await import("../goatball/tune.mjs");
          const errors = [];
          const notifications = fvtt.ui.notifications;
          const original = notifications.error;
          notifications.error = (...args) => {
            errors.push(args);
          };
          try {
            const one = await tuneFor(tokenList(scene).slice(0, 1));
            assert.equal(one.ok, false);
            assert.ok(one.line.length > 0);
          } finally {
            notifications.error = original;
          }
          assert.deepEqual(errors, []);
        });

        it("reads each token's team", function () {
          if (!scene) this.skip();
          assert.deepEqual([...new Set(tokenList(scene).map(teamOf))], TEAMS);
        });
      });
    },
    { displayName: "Ballcourt: zone suggestion (live companion)" },
  );
}
