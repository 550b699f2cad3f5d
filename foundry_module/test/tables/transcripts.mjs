/**
 * What the transcripts share: a real `ballcourt serve` for the file (started before its tests,
 * stopped after), a table on it where each browser runs its own copy of the module, clicks in
 * a user's own chat log, the players' sheets on dnd5e or pf1, the Yaotzin court the table
 * sets up through the module's API, its encounter, and the comparison with
 * test/transcripts/<name>.txt (BALLCOURT_UPDATE_TRANSCRIPTS=1 rewrites the file; read the diff).
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { after, before } from "node:test";

import { io } from "socket.io-client";

import {
  FakeCombat,
  FakeDnd5eActor,
  FakePf1Actor,
  FakeScene,
  FakeToken,
  FakeUser,
  asUser,
  clientOf,
  press,
  settle,
  transcript,
} from "../fakes/foundry.mjs";
import { startCompanion } from "../fakes/live-companion.mjs";
import { apiOf, openOn } from "./table.mjs";

const TOKEN = "transcript-token-0123456789";
const UPDATE = process.env.BALLCOURT_UPDATE_TRANSCRIPTS === "1";
let companion = null;

/** Start the companion before the file's tests and stop it after them. Call once at a file's top level. */
export function useLiveCompanion() {
  before(async () => {
    companion = await startCompanion(TOKEN);
  });
  after(() => companion?.stop());
}

/** A table on the real companion: every browser its own module, the GM's page connected, ticks applied as they come. */
export const liveTable = ({ system, users, settings = {} }) =>
  openOn(
    { io },
    {
      system,
      users,
      settings: { companionUrl: companion.url, token: TOKEN, autoApplyTicks: true, ...settings },
    },
  );

/** A user's click on a card's button in his own chat log (the render hook wired it); then the table settles. */
export async function click(message, action, userId = "gm") {
  await settle();
  await asUser(userId, () => press(clientOf(userId).chat.get(message.id), action));
}

/** The transcript recorded so far against test/transcripts/<name>.txt. */
export function compare(name) {
  const file = new URL(`../transcripts/${name}.txt`, import.meta.url);
  const got = `${transcript.join("\n")}\n`;
  if (UPDATE) writeFileSync(file, got);
  assert.deepEqual(got.split("\n"), readFileSync(file, "utf8").split("\n"), `${name} transcript`);
}

/** The GM, Alice and Bob. */
export const threeUsers = () => [
  new FakeUser({ id: "gm", name: "GM", isGM: true }),
  new FakeUser({ id: "alice", name: "Alice" }),
  new FakeUser({ id: "bob", name: "Bob" }),
];

/** A system's actor for a player: dnd5e or pf1 paths, with numbers that make the rolls land. */
export function sheetActor(
  system,
  name,
  owners,
  { str = 14, dex = 16, bab = 2, reflex = 3, ath = 5, acr = 4 } = {},
) {
  const items = [{ type: "feat", name: "Power Attack" }];
  if (system === "dnd5e") {
    return new FakeDnd5eActor({
      name,
      owners,
      items,
      system: {
        abilities: {
          str: { value: str, mod: (str - 10) >> 1 },
          dex: { value: dex, mod: (dex - 10) >> 1, save: { value: reflex } },
        },
        skills: { ath: { total: ath }, acr: { total: acr } },
        attributes: { prof: bab, hp: { value: 20, max: 20 }, movement: { walk: 30 } },
      },
    });
  }
  return new FakePf1Actor({
    name,
    owners,
    items,
    system: {
      abilities: {
        str: { total: str, mod: (str - 10) >> 1 },
        dex: { total: dex, mod: (dex - 10) >> 1 },
      },
      skills: { acr: { mod: acr } },
      attributes: {
        bab: { total: bab },
        savingThrows: { ref: { total: reflex } },
        hp: { value: 20, max: 20, nonlethal: 0 },
        speed: { land: { total: 30 } },
      },
    },
  });
}

/**
 * The Yaotzin court as the GM sets it up through his page's API: Ixpoetchitl (Alice's, sun) and
 * Yolteotl (Bob's, moon) on a scene `viewers` view, "Use this scene", the ball at Ixpoetchitl's
 * feet, a match. `scene` options go to the FakeScene (its padding).
 */
export async function yaotzinCourt(table, system, { viewers = [], scene: sceneOptions = {} } = {}) {
  const api = apiOf("gm");
  const ix = new FakeToken({
    id: "ix",
    name: "Ixpoetchitl",
    x: 1000,
    y: 1200,
    actor: sheetActor(system, "Ixpoetchitl", ["alice"]),
  });
  const yo = new FakeToken({
    id: "yo",
    name: "Yolteotl",
    x: 1300,
    y: 1300,
    actor: sheetActor(system, "Yolteotl", ["bob"]),
  });
  const scene = new FakeScene({ id: "court", tokens: [ix, yo], ...sceneOptions });
  globalThis.game.scenes.set(scene.id, scene);
  for (const id of viewers) table.view(id, scene);
  await api.useThisScene(scene, {});
  await api.assignTeam([ix], "sun");
  await api.assignTeam([yo], "moon");
  const ball = await api.placeBall(scene);
  await scene.updateEmbeddedDocuments("Token", [{ _id: ball.id, x: 1000, y: 1200 }]);
  await api.createMatch(scene);
  return { api, ix, yo, ball, scene };
}

/** The court's encounter begun from the tracker (unlinked, as v13 makes it): each [token, initiative]. */
export async function courtEncounter(scene, entries) {
  const encounter = new FakeCombat({
    id: "enc",
    combatants: entries.map(([token, initiative]) => ({
      id: `c-${token.id}`,
      name: token.name,
      tokenId: token.id,
      sceneId: scene.id,
      initiative,
    })),
  });
  globalThis.game.combats.set(encounter.id, encounter);
  await encounter.startCombat();
  await settle();
  return encounter;
}
