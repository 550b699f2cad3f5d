/**
 * The Quench batch for the Yaotzin autopilot, for a live world: a GM with the companion
 * connected runs it from Quench's window. It sets up a throw-away court with four tokens of
 * this world's actors (two a side, the sun's first on the ball), asks the live companion's
 * /yaotzin/suggest for every player under every preset the form offers, the way the tracker's
 * turn does (yaotzin/yaotzin-autopilot.mjs), and checks each turn against the routes the Accept runs
 * it through; asks /yaotzin/react about a kick along the ball's row past a moon token no
 * player owns, as a kick's advice card does (yaotzin/react.mjs); then puts the setting back and
 * deletes the court. test/foundry/quench/quench-autopilots.test.mjs runs it against the fakes.
 */
import { renderCard } from "../../core/cards.mjs";
import { tokenPosition, tokenSquare } from "../../core/geometry.mjs";
import { previewRequest } from "../../core/requests.mjs";
import {
  YAOTZIN_PRESETS,
  ghostCommands,
  proposalCard,
  turnSteps,
} from "../../core/yaotzin-autopilot.mjs";
import {
  OUTCOMES,
  autopilotChances,
  chancesOf,
  reactBody,
  reactionLine,
  resultLine,
  tryAction,
} from "../../core/yaotzin-react.mjs";
import { MODULE_ID, fvtt, i18n } from "../world/env.mjs";
import { quietly } from "../world/link.mjs";
import { ballToken, teamOf, tokenList } from "../world/scene.mjs";

/** The court's squares the four tokens stand on: the sun's first on the ball at the centre, the moon facing them. */
const SPOTS = [
  ["sun", 36, 12],
  ["sun", 33, 15],
  ["moon", 40, 12],
  ["moon", 45, 8],
];

/** A throw-away court with two tokens a side from this world's first actors, and its ball; null without an actor. */
async function quenchCourt() {
  const actors = [...(fvtt.game.actors?.contents ?? fvtt.game.actors ?? [])];
  if (!actors.length) return null;
  const { createCourtScene, placeBall } = await import("../setup/court.mjs");
  const scene = await createCourtScene({ name: "Ballcourt Quench court (autopilot)" });
  const mapping = scene.flags[MODULE_ID].mapping;
  await scene.createEmbeddedDocuments(
    "Token",
    SPOTS.map(([team, x, y], i) => ({
      name: `Quench ${team} ${i + 1}`,
      actorId: actors[i % actors.length].id,
      ...tokenPosition(mapping, { x, y }),
      flags: { [MODULE_ID]: { team } },
    })),
  );
  await placeBall(scene);
  return scene;
}

/** The route an action step is checked against, with its body: nothing is rolled or kept. */
function routeCheck(action) {
  if (!action?.route) return null;
  const body = action.body;
  switch (action.route) {
    case "kick":
      return ["/api/v1/yaotzin/kick/preview", body, (a) => a.legal === true];
    case "contest":
      return ["/api/v1/yaotzin/contest", { ...body, preview: true }, (a) => a.kind === body.kind];
    default:
      return [`/api/v1/yaotzin/${action.route}`, body, () => true];
  }
}

export function registerYaotzinAutopilotBatch(quench) {
  quench.registerBatch(
    "ballcourt.yaotzin-autopilot",
    (context) => {
      const { describe, it, assert, before, after } = context;
      describe("the Yaotzin autopilot against this world and the companion (GM)", () => {
        let scene;
        let saved;
        before(async function () {
          this.timeout?.(20000);
          saved = fvtt.game.settings.get(MODULE_ID, "yaotzinAutopilot");
          scene = await quenchCourt();
        });
        after(async () => {
          await fvtt.game.settings.set(MODULE_ID, "yaotzinAutopilot", saved ?? {});
          await scene?.delete();
        });

        it("every preset proposes each player a turn whose path /yaotzin/move accepts and whose action its route takes, the same twice", async function () {
          if (!scene) this.skip();
          this.timeout?.(60000);
          const { proposeTurn } = await import("../yaotzin/yaotzin-autopilot.mjs");
          const { dribblePlayers } = await import("../yaotzin/dribble.mjs");
          const bc = scene.flags[MODULE_ID];
          for (const tactics of YAOTZIN_PRESETS) {
            await fvtt.game.settings.set(MODULE_ID, "yaotzinAutopilot", {
              sun: { mode: "suggest", tactics },
              moon: { mode: "suggest", tactics },
            });
            for (const token of tokenList(scene).filter(teamOf)) {
              const answer = await proposeTurn(scene, token, 1);
              const { turn } = answer;
              assert.equal(answer.tactics, tactics);
              assert.ok(String(turn.reason ?? "").trim(), `${tactics}, ${token.name}: a reason`);
              assert.deepEqual(
                turn.path[0],
                tokenSquare(bc.mapping, token),
                `${tactics}, ${token.name}: the path starts on him`,
              );
              const ball = tokenSquare(bc.mapping, ballToken(scene));
              await quietly("POST", "/api/v1/yaotzin/move", {
                field: bc.field,
                players: dribblePlayers(scene),
                ball,
                mover: token.id,
                path: turn.path,
                budget: turn.budget,
              });
              const check = routeCheck(turn.action);
              if (check) {
                const [route, body, ok] = check;
                assert.ok(
                  ok(await quietly("POST", route, body)),
                  `${tactics}, ${token.name}: ${route} takes the body`,
                );
              }
              assert.deepEqual(
                await proposeTurn(scene, token, 1),
                answer,
                `${tactics}, ${token.name}: the same answer again`,
              );
            }
          }
        });

        it("the GM's card reads in this language, every key with its text, and the ghost has its path to draw", async function () {
          if (!scene) this.skip();
          const { proposeTurn } = await import("../yaotzin/yaotzin-autopilot.mjs");
          const bc = scene.flags[MODULE_ID];
          const mover = tokenList(scene).find((t) => teamOf(t) === "moon");
          const { turn, tactics } = await proposeTurn(scene, mover, 1);
          for (const mode of ["suggest", "act"]) {
            const html = renderCard(
              proposalCard(turn, { name: mover.name, mode, tactics }),
              i18n(),
              {},
            );
            assert.doesNotMatch(html, /BALLCOURT\./, `${mode}: no key without its text`);
          }
          const steps = turnSteps(turn);
          if (steps.length)
            assert.ok(ghostCommands(bc.mapping, turn).length > 0, "something to draw");
        });

        it("a kick past the moon's token: /yaotzin/react answers each NPC interceptor by his team's preset, and the GM's lines read in this language", async function () {
          if (!scene) this.skip();
          const { readCourt } = await import("../yaotzin/yaotzin-players.mjs");
          const npc = tokenList(scene).find(
            (t) =>
              teamOf(t) === "moon" &&
              !fvtt.game.users.some((u) => !u.isGM && t.actor?.testUserPermission?.(u, "OWNER")),
          );
          if (!npc) this.skip(); // both of the moon's tokens are players': nobody for the autopilot
          await npc.update(tokenPosition(scene.flags[MODULE_ID].mapping, { x: 39, y: 12 })); // on the kick's line
          const court = readCourt(scene);
          const kicker = tokenList(scene).find((t) => teamOf(t) === "sun");
          const preview = await quietly(
            "POST",
            "/api/v1/yaotzin/kick/preview",
            previewRequest({
              mapping: court.mapping,
              field: court.field,
              players: court.players,
              ball: court.ball,
              kicker: kicker.id,
              target: { x: 41, y: 12 },
              standing: true,
              powerAttack: 0,
              settings: court.settings,
            }),
          );
          const teamOfId = (id) => court.tokens.get(id)?.team ?? null;
          const owners = (id) => court.owners[id] ?? [];
          for (const tactics of YAOTZIN_PRESETS) {
            const interceptors = autopilotChances(chancesOf("flight", preview), {
              entries: { moon: { mode: "act", tactics } },
              teamOf: teamOfId,
              owners,
            });
            if (!interceptors.length) this.skip(); // 15 ft out of this actor's range
            const { reactions } = await quietly(
              "POST",
              "/api/v1/yaotzin/react",
              reactBody({
                kind: "flight",
                field: court.field,
                players: court.players,
                settings: court.settings,
                kicker: preview.kicker,
                chances: interceptors,
              }),
            );
            assert.deepEqual(
              reactions.map((r) => r.player),
              interceptors.map((i) => i.player),
              `${tactics}: one answer each, in the ball's order`,
            );
            for (const r of reactions) {
              assert.equal(r.tactics, tactics);
              assert.equal(typeof r.tries, "boolean", `${tactics}: tries or not`);
              assert.ok(
                ["odds", "cannot"].includes(r.why),
                `${tactics}: an opponent of the kicker, decided by his odds (${r.why})`,
              );
              assert.ok(r.p_stop >= 0 && r.p_stop <= 1, `${tactics}: his chance to stop it`);
            }
            const nameOf = (id) => court.tokens.get(id)?.name ?? id;
            const lines = [
              ...reactions.map((r) => reactionLine(r, nameOf)),
              ...OUTCOMES.map((outcome) => resultLine(kicker.id, { outcome, nameOf })),
              resultLine(kicker.id, { stoppedBy: kicker.id, nameOf }),
              resultLine(kicker.id, { refused: true, nameOf }),
            ];
            const html = renderCard(
              {
                kind: "yaotzin.advice",
                title: { key: "BALLCOURT.Planner.AdviceTitle", data: {} },
                lines,
                actions: reactions.map((r) => tryAction(r, nameOf)),
              },
              i18n(),
              {},
            );
            assert.doesNotMatch(html, /BALLCOURT\./, `${tactics}: no key without its text`);
          }
        });

        it("a team's mode applies to its tokens no player owns", async function () {
          if (!scene) this.skip();
          const { modeOf } = await import("../yaotzin/autopilot-npc.mjs");
          await fvtt.game.settings.set(MODULE_ID, "yaotzinAutopilot", {
            moon: { mode: "act", tactics: "" },
          });
          for (const token of tokenList(scene).filter(teamOf)) {
            const owned = fvtt.game.users.some(
              (u) => !u.isGM && token.actor?.testUserPermission?.(u, "OWNER"),
            );
            assert.equal(
              modeOf(token),
              teamOf(token) === "moon" && !owned ? "act" : "off",
              token.name,
            );
          }
        });
      });
    },
    { displayName: "Ballcourt: Yaotzin autopilot (live companion)" },
  );
}
