/** The scenes the glue tests share: a court with Ixpoetchitl (Alice's) on the ball, Yolteotl (Bob's) three squares east. */
import { readFileSync } from "node:fs";

import { FakeActor, FakeCombat, FakeScene, FakeToken } from "./foundry.mjs";

/** A companion answer or an actor recorded in test/fixtures/. */
export const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), "utf8"));

/** A test's own Yaotzin card as a companion answer carries it: titled `title`, its one button an Apply carrying `payload`. */
export const applyOnlyCard = (title, payload) => ({
  chat_card: {
    kind: "yaotzin.test",
    title: { key: "none", text: title },
    lines: [],
    rolls: [],
    actions: [{ id: "apply", key: "BALLCOURT.Action.Apply", data: {}, payload }],
  },
});

/** What an Apply carries for `nonlethal` damage to `player`: its damage event (`play` on it, if given) and its damage. */
export const damageTo = (player, nonlethal, play) => ({
  events: [{ type: "damage", player, nonlethal, ...(play ? { play } : {}) }],
  damage: [{ player, nonlethal }],
});

export function courtScene({ matchId = "m1" } = {}) {
  const ix = new FakeToken({
    id: "ix",
    name: "Ixpoetchitl",
    x: 1000,
    y: 1200,
    flags: { ballcourt: { team: "sun" } },
    actor: new FakeActor({ ...fixture("actors/pf1"), owners: ["alice"] }),
  });
  const yo = new FakeToken({
    id: "yo",
    name: "Yolteotl",
    x: 1300,
    y: 1200,
    flags: { ballcourt: { team: "moon" } },
    actor: new FakeActor({ ...fixture("actors/d35e"), owners: ["bob"] }),
  });
  const ball = new FakeToken({
    id: "ball",
    name: "Ball",
    x: 1000,
    y: 1200,
    flags: { ballcourt: { isBall: true, ball: { speed: 0, direction: null } } },
  });
  const scene = new FakeScene({
    tokens: [ix, yo, ball],
    flags: {
      ballcourt: {
        game: "yaotzin",
        mapping: { originX: 0, originY: 0, gridSize: 100, length: 72, width: 24 },
        field: { length: 72, width: 24 },
        matchId,
      },
    },
  });
  globalThis.game.scenes.set(scene.id, scene);
  return scene;
}

/** A started encounter of the court's players (not linked to the scene, as v13 makes them). */
export function runningEncounter(scene) {
  const players = scene.tokens.filter((t) => t.flags?.ballcourt?.team);
  const encounter = new FakeCombat({
    round: 1,
    combatants: players.map((t, i) => ({
      id: `c-${t.id}`,
      name: t.name,
      tokenId: t.id,
      sceneId: scene.id,
      initiative: 20 - i,
    })),
  });
  globalThis.game.combats.set(encounter.id, encounter);
  return encounter;
}
