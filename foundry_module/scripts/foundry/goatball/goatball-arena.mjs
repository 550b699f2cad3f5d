/**
 * Goat-ball arenas: generated or marked platforms and zones, the teams as they stand, a new
 * match and its ball, the heat drawn on the platforms.
 */
import { generateArena, platformAt, zoneAt, zoneLinks } from "../../core/arena.mjs";
import { plainName } from "../../core/i18n.mjs";
import { PALETTE, arenaCommands, localizedWords } from "../../core/overlay.mjs";
import { createBallToken } from "../world/ball-token.mjs";
import { MODULE_ID, fvtt, i18n, refreshControls } from "../world/env.mjs";
import { companion } from "../world/link.mjs";
import { drawOnly } from "../world/overlay-layer.mjs";
import { ballToken, ballcourtOf, ownersOf, teamOf, tokenList } from "../world/scene.mjs";
import { goatballRules } from "../world/settings.mjs";

export async function createArenaScene({
  seed = Date.now() % 100000,
  count = 12,
  zones = 0,
  width = 3000,
  height = 2000,
  name,
} = {}) {
  const arena = generateArena({ seed, count, zones, width, height });
  const Scene = fvtt.game.scenes.documentClass;
  const scene = await Scene.create({
    name: name ?? i18n().localize("BALLCOURT.Arena.SceneName"),
    width,
    height,
    padding: 0,
    backgroundColor: "#cfd8dc",
    grid: { size: 100, distance: 5, units: "ft", type: 0 },
    flags: { [MODULE_ID]: { game: "goatball", arena } },
  });
  await scene.createEmbeddedDocuments("Drawing", arenaDrawings(arena));
  refreshControls();
  return scene;
}

export function arenaDrawings(arena) {
  const fill = { pole: "#8d6e63", boulder: "#90a4ae", stump: "#a1887f" };
  const platforms = arena.platforms.map((p) => ({
    shape: { type: "e", width: 2 * p.radius, height: 2 * p.radius },
    x: p.x - p.radius,
    y: p.y - p.radius,
    fillType: 1,
    fillColor: fill[p.kind],
    fillAlpha: 0.9,
    strokeWidth: 3,
    strokeColor: "#37474f",
    text: p.id,
    fontSize: 28,
    textColor: "#ffffff",
    flags: { [MODULE_ID]: { platform: p.id } },
  }));
  const zones = arena.zones.map((z) => ({
    shape: { type: "r", width: z.w, height: z.h },
    x: z.x,
    y: z.y,
    fillType: 0,
    strokeWidth: 4,
    strokeColor: "#1565c0",
    strokeAlpha: 0.6,
    text: z.id,
    fontSize: 48,
    textColor: "#1565c0",
    flags: { [MODULE_ID]: { zone: z.id } },
  }));
  return [...zones, ...platforms];
}

/** The arena: generated (flags) or marked by the GM on drawings flagged as platform/zone. */
export function arenaOf(scene) {
  const bc = ballcourtOf(scene);
  if (bc?.arena) return bc.arena;
  const drawings = [...(scene.drawings?.contents ?? scene.drawings ?? [])];
  const platforms = drawings
    .filter((d) => d.flags?.[MODULE_ID]?.platform)
    .map((d) => ({
      id: d.flags[MODULE_ID].platform,
      x: d.x + d.shape.width / 2,
      y: d.y + d.shape.height / 2,
      radius: Math.max(d.shape.width, d.shape.height) / 2,
    }));
  const zones = drawings
    .filter((d) => d.flags?.[MODULE_ID]?.zone)
    .map((d) => ({
      id: d.flags[MODULE_ID].zone,
      x: d.x,
      y: d.y,
      w: d.shape.width,
      h: d.shape.height,
    }));
  return { platforms, zones };
}

/**
 * The arena as one goat-ball activity (a tip-off, a pass from its declarations to its card, a
 * quick resolution) reads it: once, as plain data. Its platforms and zones, the teams as the
 * companion wants them, the rules, the match, and each token's name and owners. The
 * activity computes from this and writes at its end; the players' rolls in between can take
 * minutes, and nothing is read from the scene again after them.
 */
export function readArena(scene) {
  const arena = arenaOf(scene);
  return {
    game: "goatball",
    sceneId: scene.id,
    matchId: ballcourtOf(scene)?.matchId ?? null,
    arena,
    teams: teamsIn(scene, arena),
    settings: rulesFor(arena),
    owners: ownersOf(scene),
    names: Object.fromEntries(tokenList(scene).map((t) => [t.id, t.name])),
  };
}

/** The teams as the companion wants them: each token's platform and zone from where it stands. */
export function goatTeams(scene) {
  return teamsIn(scene, arenaOf(scene));
}

function teamsIn(scene, arena) {
  const size = scene.grid?.size ?? 100;
  const teams = new Map();
  for (const token of tokenList(scene)) {
    const team = teamOf(token);
    if (!team) continue;
    const centre = { x: token.x + size / 2, y: token.y + size / 2 };
    const player = {
      id: token.id,
      name: plainName(token.name),
      platform: platformAt(arena, centre) ?? "ground",
      out: Boolean(token.flags?.[MODULE_ID]?.out),
      dead: Boolean(token.flags?.[MODULE_ID]?.dead),
    };
    const zone = zoneAt(arena, centre);
    if (zone) player.zone = zone;
    if (!teams.has(team)) teams.set(team, { id: team, players: [] });
    teams.get(team).players.push(player);
  }
  return [...teams.values()];
}

export function goatSettings(scene) {
  return rulesFor(arenaOf(scene));
}

function rulesFor(arena) {
  const rules = goatballRules({ zones: arena.zones.length > 0 });
  if (rules.zones && arena.zones.length) rules.zone_links = zoneLinks(arena);
  return rules;
}

/** A new match on the arena, and its ball marker (which then follows possession). */
export async function createGoatMatch(scene) {
  const match = await companion("POST", "/api/v1/matches", {
    game: "goatball",
    teams: goatTeams(scene),
    settings: goatSettings(scene),
  });
  await scene.setFlag(MODULE_ID, "matchId", match.id);
  await placeArenaBall(scene);
  refreshControls();
  return match;
}

/** The arena's ball marker, if it has none: on the carrier or the first platform (arenaBallSpot). */
export async function placeArenaBall(scene) {
  return ballToken(scene) ?? createBallToken(scene, await arenaBallSpot(scene));
}

/**
 * Where an arena's ball goes: on the carrier (the match's possession), else on the first
 * platform, where the goat kicks it in from. Token top-left pixels.
 */
export async function arenaBallSpot(scene) {
  const bc = ballcourtOf(scene);
  const state = bc?.matchId ? await companion("GET", `/api/v1/matches/${bc.matchId}`) : null;
  const carrier = tokenList(scene).find((t) => t.id === state?.possession?.carrier);
  if (carrier) return { x: carrier.x, y: carrier.y };
  const size = scene.grid?.size ?? 100;
  const first = arenaOf(scene).platforms[0];
  return first ? { x: first.x - size / 2, y: first.y - size / 2 } : { x: 0, y: 0 };
}

/** "Use this scene": flag the selected drawings as platforms P1, P2, ... */
export async function markPlatforms(scene, drawings) {
  const taken = new Set(arenaOf(scene).platforms.map((p) => p.id));
  let n = 0;
  for (const drawing of drawings) {
    do n += 1;
    while (taken.has(`P${n}`));
    await drawing.setFlag(MODULE_ID, "platform", `P${n}`);
  }
  return n;
}

/** Light the platforms the ball has visited and ring the carrier's. */
export function drawHeat(scene, overlay, teams) {
  if (!overlay) return;
  const carrier = teams.flatMap((t) => t.players).find((p) => p.id === overlay.carrier);
  drawOnly(
    arenaCommands(
      arenaOf(scene),
      { visited: overlay.visited, hot: overlay.hot, carrierPlatform: carrier?.platform ?? null },
      PALETTE,
      localizedWords(i18n()),
    ),
    scene,
  );
}

/**
 * Where a token stands on each platform (centred on it) and where one knocked off lands: on
 * the ground just below the platform's edge, or just above it when below is off the scene.
 * Top-left corners, as a token's x, y. `arena`: the scene's, when its caller has read it already.
 */
export function platformSpots(scene, arena = arenaOf(scene)) {
  const size = scene.grid?.size ?? 100;
  const half = size / 2;
  const height = scene.height ?? scene.dimensions?.height ?? Infinity;
  return Object.fromEntries(
    arena.platforms.map((p) => {
      const below = p.y + p.radius;
      const groundY = below + size <= height ? below : p.y - p.radius - size;
      return [p.id, { x: p.x - half, y: p.y - half, ground: { x: p.x - half, y: groundY } }];
    }),
  );
}
