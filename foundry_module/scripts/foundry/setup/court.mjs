/** Setting up a Yaotzin court: a new scene, or this one; teams; the ball; the match. */
import { courtScene } from "../../core/court-drawings.mjs";
import { makeMapping, tokenPosition } from "../../core/geometry.mjs";
import { createBallToken } from "../world/ball-token.mjs";
import {
  MODULE_ID,
  fvtt,
  i18n,
  localizedError,
  refreshControls,
  reportFailure,
} from "../world/env.mjs";
import { placeArenaBall } from "../goatball/goatball-arena.mjs";
import { inspectCourt } from "../yaotzin/inspection.mjs";
import { companion } from "../world/link.mjs";
import { DEFAULT_TEAMS, ballToken, ballcourtOf } from "../world/scene.mjs";
import { yaotzinRules } from "../world/settings.mjs";

export async function createCourtScene(options = {}) {
  const plan = courtScene(options);
  const Scene = fvtt.game.scenes.documentClass;
  const scene = await Scene.create({
    name: options.name ?? i18n().localize("BALLCOURT.Court.SceneName"),
    width: plan.width,
    height: plan.height,
    padding: 0,
    grid: plan.grid,
    backgroundColor: "#4f6b35",
    flags: {
      [MODULE_ID]: {
        game: "yaotzin",
        mapping: plan.mapping,
        field: plan.field,
        teams: DEFAULT_TEAMS,
      },
    },
  });
  await scene.createEmbeddedDocuments("Drawing", plan.drawings);
  refreshControls();
  return scene;
}

/**
 * Mark an existing scene as a court: its square (col, row), counted from the scene's own
 * top-left corner, is the court's (0, 0). Foundry puts the scene inside a padding (a quarter
 * of its size by default), and token coordinates count from the canvas's corner, so the court
 * starts at the scene rectangle's origin (`dimensions.sceneX/sceneY`), not at (0, 0). A scene
 * marked before starts afresh: its old match (or goat-ball arena) is forgotten, since
 * updating flags merges into what is there.
 */
export async function useThisScene(scene, { col = 0, row = 0, length = 72, width = 24 } = {}) {
  assertSquareGrid(scene);
  const size = scene.grid?.size ?? 100;
  const { sceneX = 0, sceneY = 0 } = scene.dimensions ?? {};
  const mapping = makeMapping({
    originX: sceneX + col * size,
    originY: sceneY + row * size,
    gridSize: size,
    length,
    width,
  });
  for (const key of ["matchId", "arena"]) {
    if (ballcourtOf(scene)?.[key] !== undefined) await scene.unsetFlag(MODULE_ID, key);
  }
  await scene.update({
    [`flags.${MODULE_ID}`]: {
      game: "yaotzin",
      mapping,
      field: { length, width },
      teams: DEFAULT_TEAMS,
    },
  });
  refreshControls();
  return mapping;
}

/**
 * A court is worked out in squares (the companion's moves, reach and scatter): a hex or
 * gridless scene is refused, saying why and what to change.
 */
export function assertSquareGrid(scene) {
  const grid = scene?.grid;
  if (grid?.isSquare) return;
  throw localizedError(grid?.isHexagonal ? "BALLCOURT.Court.HexGrid" : "BALLCOURT.Court.Gridless", {
    scene: scene?.name ?? "",
  });
}

export async function assignTeam(tokenDocs, team) {
  for (const token of tokenDocs) await token.setFlag(MODULE_ID, "team", team);
}

/**
 * The ball: a token with no actor, so it works in every system. On a court, at the centre
 * square; on a goat-ball arena (no court mapping), on the carrier or the first platform.
 */
export async function placeBall(scene) {
  const existing = ballToken(scene);
  if (existing) return existing;
  const bc = ballcourtOf(scene);
  if (bc?.game === "goatball") return placeArenaBall(scene);
  return createBallToken(
    scene,
    tokenPosition(bc.mapping, {
      x: Math.floor(bc.mapping.length / 2),
      y: Math.floor(bc.mapping.width / 2),
    }),
  );
}

export async function createMatch(scene) {
  const bc = ballcourtOf(scene);
  const match = await companion("POST", "/api/v1/matches", {
    game: "yaotzin",
    teams: bc.teams ?? DEFAULT_TEAMS,
    field: bc.field,
    settings: yaotzinRules(),
  });
  await scene.setFlag(MODULE_ID, "matchId", match.id);
  refreshControls();
  // the referee's inspection as the match starts (rulebook 2.0); its failure is told, the match stands
  await inspectCourt(scene).catch(reportFailure);
  return match;
}
