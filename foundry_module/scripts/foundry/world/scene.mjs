/** Reading a Ballcourt scene: its court or arena, its teams, its ball, its players. */
import { adapterFor } from "../../adapters/index.mjs";
import { hasStatus } from "../../adapters/sheet-writes.mjs";
import { plainName } from "../../core/i18n.mjs";
import { aooPerRound } from "../../core/ticks.mjs";
import { MODULE_ID, fvtt } from "./env.mjs";

/** A court's two teams until the GM names others: every court scene is made with these (setup/court.mjs). */
export const DEFAULT_TEAMS = [
  { id: "sun", defends: "west" },
  { id: "moon", defends: "east" },
];

export function ballcourtOf(scene) {
  return scene?.flags?.[MODULE_ID] ?? null;
}

export function tokenList(scene) {
  const tokens = scene?.tokens ?? [];
  return Array.isArray(tokens) ? tokens : [...(tokens.contents ?? tokens)];
}

export function tokenById(scene, id) {
  return tokenList(scene).find((t) => t.id === id) ?? null;
}

export function ballToken(scene) {
  return tokenList(scene).find((t) => t.flags?.[MODULE_ID]?.isBall) ?? null;
}

export function teamOf(token) {
  return token.flags?.[MODULE_ID]?.team ?? null;
}

/** The system's adapter, bound to this world's settings (its units, pf1's health rules). */
export function adapter() {
  return adapterFor(fvtt.game.system.id, (namespace, key) =>
    fvtt.game.settings.get(namespace, key),
  );
}

/** Team tokens whose numbers the GM must still type in (systems Ballcourt cannot read). */
export function missingStats(scene) {
  const a = adapter();
  if (!a.needsDialog) return [];
  return tokenList(scene)
    .filter((t) => teamOf(t) && !a.hasStats(t.actor ?? {}))
    .map((t) => t.name);
}

/** Whether `user` owns the token's actor (the player whose token it is). */
export function owns(user, token) {
  return Boolean(token?.actor?.testUserPermission?.(user, "OWNER"));
}

/** Who owns each token (user ids), so a player may press his own "try to intercept". */
export function ownersOf(scene) {
  const out = {};
  for (const token of tokenList(scene)) {
    out[token.id] = fvtt.game.users.filter((u) => !u.isGM && owns(u, token)).map((u) => u.id);
  }
  return out;
}

/** What a card keeps in its flags to be acted on later: its game, scene, match, owners. */
export function cardContext(scene, kind) {
  const bc = ballcourtOf(scene);
  return cardContextOf(
    { game: bc.game, sceneId: scene.id, matchId: bc.matchId ?? null, owners: ownersOf(scene) },
    kind,
  );
}

/** cardContext from an activity's one reading of its scene ({game, sceneId, matchId, owners}: readCourt, readArena). */
export function cardContextOf(reading, kind) {
  return {
    game: reading.game,
    kind,
    sceneId: reading.sceneId,
    matchId: reading.matchId,
    owners: reading.owners,
  };
}

/** Yaotzin descriptors for core/requests.mjs: one per team token with an actor. */
export function yaotzinDescriptors(scene, aooUsed = () => undefined) {
  const a = adapter();
  return tokenList(scene)
    .filter((t) => teamOf(t) && t.actor)
    .map((t) => {
      const stats = a.yaotzinStats(t.actor);
      const used = aooUsed(t.id);
      return {
        id: t.id,
        name: plainName(t.name),
        x: t.x,
        y: t.y,
        team: teamOf(t),
        stats: {
          ...stats,
          prone: hasStatus(a, t.actor, "prone"),
          aooLeft: used === undefined ? undefined : Math.max(0, aooPerRound(stats) - used),
        },
      };
    });
}

/** Whether a scene update changed Ballcourt's flags (set, merged or unset). */
export function touchesBallcourt(changes) {
  return (
    Object.keys(changes ?? {}).some((k) => k.startsWith(`flags.${MODULE_ID}`)) ||
    changes?.flags?.[MODULE_ID] !== undefined ||
    Object.keys(changes?.flags ?? {}).includes(`-=${MODULE_ID}`)
  );
}
