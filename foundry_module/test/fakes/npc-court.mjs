/**
 * The court the Yaotzin autopilot's tests play on (test/foundry/yaotzin/yaotzin-autopilot.test.mjs and the
 * transcript): Alice's Ixpoetchitl on the still ball and Bob's Yolteotl for the sun, against
 * the GM's two NPCs for the moon, Tezca (strong and clumsy: he trips rather than disarms) and
 * Mixco; pf1 actors; every client viewing it; a match; an encounter not yet begun, in
 * initiative order Ixpoetchitl 22, Tezca 18, Yolteotl 16, Mixco 12.
 */
import { FakeCombat, FakePf1Actor, FakeScene, FakeToken, settle } from "./foundry.mjs";

/** A pf1 actor with Power Attack, the numbers the companion reads (adapters/pf1.mjs). */
export function pf1Actor(name, owners, { str = 14, dex = 16, bab = 2, reflex = 3 } = {}) {
  return new FakePf1Actor({
    name,
    owners,
    items: [{ type: "feat", name: "Power Attack" }],
    system: {
      abilities: {
        str: { total: str, mod: (str - 10) >> 1 },
        dex: { total: dex, mod: (dex - 10) >> 1 },
      },
      skills: { acr: { mod: 4 } },
      attributes: {
        bab: { total: bab },
        savingThrows: { ref: { total: reflex } },
        hp: { value: 20, max: 20, nonlethal: 0 },
        speed: { land: { total: 30 } },
      },
    },
  });
}

/** Where each stands (in squares of 100 px) and his numbers (pf1Actor's), unless a test says otherwise. */
const SQUARES = { ix: [10, 12], yo: [13, 15], n1: [16, 12], n2: [30, 10] };
const STATS = { ix: { str: 8, dex: 18 }, yo: {}, n1: { str: 20, dex: 6 }, n2: {} };

/**
 * Build it at an open table (openTable's): the GM's page sets it up as he would from the menu.
 * `at` and `stats` move a player or give him other numbers (by id, each replacing the default).
 */
export async function npcCourt(table, userIds, { at = {}, stats = {} } = {}) {
  const api = table.api("gm");
  const squares = { ...SQUARES, ...at };
  const numbers = { ...STATS, ...stats };
  const token = (id, name, owners) =>
    new FakeToken({
      id,
      name,
      x: squares[id][0] * 100,
      y: squares[id][1] * 100,
      actor: pf1Actor(name, owners, numbers[id]),
    });
  const tokens = {
    ix: token("ix", "Ixpoetchitl", ["alice"]),
    yo: token("yo", "Yolteotl", ["bob"]),
    n1: token("n1", "Tezca", []),
    n2: token("n2", "Mixco", []),
  };
  const scene = new FakeScene({ id: "court", tokens: Object.values(tokens), padding: 0 });
  globalThis.game.scenes.set(scene.id, scene);
  for (const id of userIds) table.view(id, scene);
  await api.useThisScene(scene, {});
  await api.assignTeam([tokens.ix, tokens.yo], "sun");
  await api.assignTeam([tokens.n1, tokens.n2], "moon");
  const ball = await api.placeBall(scene);
  await scene.updateEmbeddedDocuments("Token", [{ _id: ball.id, x: 1000, y: 1200 }]);
  await api.createMatch(scene);
  await settle();
  const encounter = new FakeCombat({
    id: "enc",
    combatants: [
      ["ix", 22],
      ["n1", 18],
      ["yo", 16],
      ["n2", 12],
    ].map(([id, initiative]) => ({
      id: `c-${id}`,
      name: tokens[id].name,
      tokenId: id,
      sceneId: scene.id,
      initiative,
    })),
  });
  globalThis.game.combats.set(encounter.id, encounter);
  return { scene, ball, encounter, tokens };
}
