/**
 * The drawings of a Yaotzin court scene (slopes shaded, goal lines, scoring areas, hoops,
 * walls) as plain Drawing data, and the scene's size and mapping: pure, so it is tested here
 * and Foundry only creates the documents.
 */
import { makeMapping } from "./geometry.mjs";

export function courtScene({
  length = 72,
  width = 24,
  slope = Math.floor(width / 4),
  endZone = 4,
  gridSize = 100,
  hoopX = Math.floor(length / 2),
} = {}) {
  const margin = 1;
  const mapping = makeMapping({
    originX: (endZone + margin) * gridSize,
    originY: margin * gridSize,
    gridSize,
    length,
    width,
  });
  const px = (n) => n * gridSize;
  const rect = (x, y, w, h, fillColor, fillAlpha, text) => ({
    shape: { type: "r", width: px(w), height: px(h) },
    x: mapping.originX + px(x),
    y: mapping.originY + px(y),
    fillType: 1,
    fillColor,
    fillAlpha,
    strokeWidth: 0,
    ...(text ? { text, fontSize: Math.round(gridSize * 0.6), textColor: "#ffffff" } : {}),
    flags: { ballcourt: { part: text ?? "area" } },
  });
  const line = (x0, y0, x1, y1, strokeColor, strokeWidth, part) => ({
    shape: { type: "p", points: [0, 0, px(x1 - x0), px(y1 - y0)] },
    x: mapping.originX + px(x0),
    y: mapping.originY + px(y0),
    strokeColor,
    strokeWidth,
    strokeAlpha: 1,
    fillType: 0,
    flags: { ballcourt: { part } },
  });
  const drawings = [
    rect(0, 0, length, slope, "#8a7a5a", 0.45),
    rect(0, width - slope, length, slope, "#8a7a5a", 0.45),
    rect(-endZone, 0, endZone, width, "#3a6b3a", 0.35, "W"),
    rect(length, 0, endZone, width, "#3a6b3a", 0.35, "E"),
    line(0, 0, 0, width, "#3fd65a", 6, "goal-west"),
    line(length, 0, length, width, "#3fd65a", 6, "goal-east"),
    line(-endZone, 0, length + endZone, 0, "#111111", 10, "wall-north"),
    line(-endZone, width, length + endZone, width, "#111111", 10, "wall-south"),
    rect(hoopX, 0, 1, 1, "#d64545", 0.8, "◯"),
    rect(hoopX, width - 1, 1, 1, "#d64545", 0.8, "◯"),
  ];
  return {
    width: px(length + 2 * (endZone + margin)),
    height: px(width + 2 * margin),
    grid: { size: gridSize, distance: 5, units: "ft", type: 1 },
    mapping,
    field: { length, width, slope, end_zone: endZone, hoop_x: hoopX },
    drawings,
    centre: { x: Math.floor(length / 2), y: Math.floor(width / 2) },
  };
}
