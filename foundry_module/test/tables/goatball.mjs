/**
 * The goat-ball arenas the tests share: a match `g1` the fake companion answers (its teams and
 * possession), players on a dnd5e sheet owned by whom the test says, an arena scene the GM
 * views, and the declaration order (the encounter's initiatives) the GM's page reads.
 */
import { fakeCompanion } from "../fakes/companion.mjs";
import { FakeActor, FakeScene, FakeToken, asUser } from "../fakes/foundry.mjs";
import { fixture } from "../fakes/scenes.mjs";

/** The companion's answer for match g1: teams of players ([id, platform, zone?]), `carrier` (red's) holding the ball. */
export function goatMatch(teams, { seq = 4, carrier = "r1", visited = ["P1"], hot = false } = {}) {
  return {
    id: "g1",
    seq,
    teams: Object.entries(teams).map(([id, players]) => ({
      id,
      players: players.map(([player, platform, zone]) => ({
        id: player,
        platform,
        ...(zone ? { zone } : {}),
      })),
    })),
    possession: { team: "red", carrier, visited, hot },
  };
}

/** A companion that answers match g1 with `match`, and `routes` first. */
export const goatCompanion = (match, routes = {}) =>
  fakeCompanion({
    "/api/v1/matches/g1": () => ({ status: 200, body: match }),
    ...routes,
  });

/**
 * A player's token: red if his id starts with "r", else blue; a dnd5e sheet owned by `owners`
 * (`Sheet`: FakeDnd5eActor for one that rolls as dnd5e's does); `name` his id with "-name".
 */
export const goatPlayer = (
  id,
  owners = [],
  { flags = {}, Sheet = FakeActor, name = `${id}-name` } = {},
) =>
  new FakeToken({
    id,
    name,
    x: 0,
    y: 0,
    flags: { ballcourt: { team: id[0] === "r" ? "red" : "blue", ...flags } },
    actor: new Sheet({ ...fixture("actors/dnd5e"), owners }),
  });

/**
 * The arena scene of match g1 with these tokens, viewed by the GM; `initiative` ({tokenId: n})
 * is the declaration order his page reads from the encounter (the lowest declares first).
 */
export function goatArena(world, tokens, initiative = null) {
  const scene = new FakeScene({
    tokens,
    flags: { ballcourt: { game: "goatball", matchId: "g1", arena: { platforms: [], zones: [] } } },
  });
  globalThis.game.scenes.set(scene.id, scene);
  world.view("gm", scene);
  if (initiative) {
    asUser("gm", () => {
      globalThis.game.combat = {
        combatants: Object.entries(initiative).map(([tokenId, n]) => ({ tokenId, initiative: n })),
      };
    });
  }
  return scene;
}
