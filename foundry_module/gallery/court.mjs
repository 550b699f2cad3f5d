/**
 * The court pictures: a Yaotzin court (core/court-drawings.mjs's drawings, which Foundry draws
 * as Drawing documents; here PIXI rectangles and lines of the same data stand in for them),
 * then what the module itself draws with PIXI 7: the kick tool's preview (the line, the
 * interceptors with their DCs, the landing heat map: core/overlay.mjs through
 * render/pixi-draw.mjs), or a dribbler's reach (core/dribble-reach.mjs, highlighted as
 * yaotzin/dribble.mjs asks Foundry's grid to: its colours at alpha 0.3).
 */
import * as PIXI from "../node_modules/pixi.js/dist/pixi.min.mjs";
import { courtScene } from "../scripts/core/court-drawings.mjs";
import { dribbleReach } from "../scripts/core/dribble-reach.mjs";
import { squareTopLeft } from "../scripts/core/geometry.mjs";
import { PALETTE, localizedWords, overlayCommands } from "../scripts/core/overlay.mjs";
import { drawCommands } from "../scripts/render/pixi-draw.mjs";
import { GOAL_COLOR, REACH_COLOR } from "../scripts/foundry/yaotzin/dribble.mjs";

const GRID = 32;
/** The court's west half: its end zone and squares 0..30. */
const VIEW = { width: 36 * GRID, height: 26 * GRID };
const hex = (color) => Number.parseInt(color.slice(1), 16);

function drawCourt(stage, court) {
  const g = new PIXI.Graphics();
  for (const d of court.drawings) {
    if (d.shape.type === "r") {
      g.lineStyle(0)
        .beginFill(hex(d.fillColor), d.fillAlpha)
        .drawRect(d.x, d.y, d.shape.width, d.shape.height)
        .endFill();
    } else {
      const [x0, y0, x1, y1] = d.shape.points;
      g.lineStyle(d.strokeWidth / 4, hex(d.strokeColor), d.strokeAlpha)
        .moveTo(d.x + x0, d.y + y0)
        .lineTo(d.x + x1, d.y + y1);
    }
  }
  g.lineStyle(1, 0x000000, 0.2); // Foundry's square grid
  for (let x = 0; x <= VIEW.width; x += GRID) g.moveTo(x, 0).lineTo(x, VIEW.height);
  for (let y = 0; y <= VIEW.height; y += GRID) g.moveTo(0, y).lineTo(VIEW.width, y);
  stage.addChild(g);
}

function tokens(stage, m, players, ball) {
  const g = new PIXI.Graphics();
  for (const p of players) {
    const { x, y } = squareTopLeft(m, p);
    g.lineStyle(2, 0x111111, 1)
      .beginFill(p.team === "sun" ? 0xe8b23a : 0x4a6fd6, 1)
      .drawCircle(x + GRID / 2, y + GRID / 2, GRID * 0.38)
      .endFill();
  }
  if (ball) {
    // the ball token, at a corner of its square so a player on it still shows
    const { x, y } = squareTopLeft(m, ball);
    g.lineStyle(2, 0x111111, 1)
      .beginFill(0xf4f1e8, 1)
      .drawCircle(x + GRID * 0.78, y + GRID * 0.22, GRID * 0.2)
      .endFill();
  }
  stage.addChild(g);
}

/**
 * A court canvas with the `players` and the `ball` on it, and either a companion answer's
 * overlay (`answer`: a kick preview, a kick) or the reach of the dribbler "ix" (`reach`).
 * Returns {canvas, texts (every word drawn on it)}.
 */
export function drawCourtView({ answer = null, reach = false, players, ball = null, L }) {
  const court = courtScene({ gridSize: GRID });
  const m = court.mapping;
  // drawn once (autoStart off): a ticker redrawing a still picture would keep the CPU busy
  const app = new PIXI.Application({
    ...VIEW,
    background: 0x5d7a3e,
    antialias: true,
    preserveDrawingBuffer: true,
    autoStart: false,
  });
  drawCourt(app.stage, court);
  let texts = [];
  if (answer) {
    const layer = new PIXI.Container();
    app.stage.addChild(layer);
    texts = drawCommands(
      PIXI,
      layer,
      overlayCommands(m, answer, PALETTE, localizedWords(L)),
    ).texts.map((t) => t.text);
  }
  if (reach) {
    const squares = new PIXI.Graphics();
    for (const sq of dribbleReach({ field: court.field, players, dribbler: "ix" })) {
      const { x, y } = squareTopLeft(m, sq);
      const color = sq.goal ? GOAL_COLOR : REACH_COLOR;
      squares.lineStyle(1, color, 0.3).beginFill(color, 0.3).drawRect(x, y, GRID, GRID).endFill();
    }
    app.stage.addChild(squares);
  }
  tokens(app.stage, m, players, ball);
  app.render();
  return { canvas: app.view, texts };
}
