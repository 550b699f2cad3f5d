/**
 * What every client sees for a moment when a card is applied: the ball's flight (its path and
 * line), the interceptors, where it landed and, for a kick, the landing heat map the preview
 * showed. The active GM's client builds the drawing commands (core/overlay.mjs) and sends them
 * over the module socket; every client draws them for FLASH_MS, then clears them.
 *
 * A socket message carries no trustworthy sender (any client may emit on the module's channel),
 * so it carries only drawings, and `readFlash` keeps only well-formed ones, within bounds.
 */
import { squareTopLeft } from "./geometry.mjs";
import { overlayCommands } from "./overlay.mjs";

export const CHANNEL = "module.ballcourt";
export const FLASH_MS = 5000;
const MAX_COMMANDS = 2000;
const MAX_MS = 15000;

/** The applied card's drawing: the heat map under the resolved overlay (kick, tick, hoop, intercept). */
export function flashCommands(mapping, { overlay = null, landing = [] } = {}, palette, words) {
  const heat = (landing ?? [])
    .filter((c) => Number.isFinite(c?.p))
    .map((cell) => {
      const tl = squareTopLeft(mapping, cell);
      return {
        kind: "rect",
        x: tl.x,
        y: tl.y,
        w: mapping.gridSize,
        h: mapping.gridSize,
        fill: palette.heat,
        alpha: Math.min(0.85, 0.15 + cell.p * 1.5),
      };
    });
  return [...heat, ...(overlay ? overlayCommands(mapping, { overlay }, palette, words) : [])];
}

export function flashMessage(sceneId, commands, ms = FLASH_MS) {
  return { type: "flash", sceneId, ms, commands };
}

const num = (v) => typeof v === "number" && Number.isFinite(v) && Math.abs(v) < 1e7;
const colour = (v) => Number.isInteger(v) && v >= 0 && v <= 0xffffff;
const alpha = (v) => num(v) && v >= 0 && v <= 1;

function cleanCommand(c) {
  if (!c || typeof c !== "object") return null;
  if (
    c.kind === "rect" &&
    [c.x, c.y, c.w, c.h].every(num) &&
    colour(c.fill) &&
    alpha(c.alpha) &&
    (c.stroke === undefined || colour(c.stroke))
  ) {
    const out = { kind: "rect", x: c.x, y: c.y, w: c.w, h: c.h, fill: c.fill, alpha: c.alpha };
    if (c.stroke !== undefined) out.stroke = c.stroke;
    return out;
  }
  if (
    c.kind === "line" &&
    Array.isArray(c.points) &&
    c.points.length >= 2 &&
    c.points.length <= 500 &&
    c.points.every((p) => num(p?.x) && num(p?.y)) &&
    colour(c.color) &&
    num(c.width) &&
    alpha(c.alpha)
  ) {
    return {
      kind: "line",
      points: c.points.map((p) => ({ x: p.x, y: p.y })),
      color: c.color,
      width: Math.min(50, Math.max(0, c.width)),
      alpha: c.alpha,
      dash: Boolean(c.dash),
    };
  }
  if (
    c.kind === "circle" &&
    [c.x, c.y, c.r].every(num) &&
    colour(c.color) &&
    num(c.width) &&
    alpha(c.alpha)
  ) {
    return {
      kind: "circle",
      x: c.x,
      y: c.y,
      r: Math.abs(c.r),
      color: c.color,
      width: Math.min(50, Math.max(0, c.width)),
      alpha: c.alpha,
    };
  }
  if (
    c.kind === "text" &&
    num(c.x) &&
    num(c.y) &&
    typeof c.text === "string" &&
    c.text.length <= 200 &&
    colour(c.color) &&
    num(c.size) &&
    num(c.anchor)
  ) {
    return {
      kind: "text",
      x: c.x,
      y: c.y,
      text: c.text,
      color: c.color,
      size: Math.min(200, Math.max(6, c.size)),
      anchor: Math.min(1, Math.max(0, c.anchor)),
    };
  }
  return null;
}

/** A flash from the socket, rebuilt field by field, or null when it is not one. */
export function readFlash(data) {
  if (
    !data ||
    data.type !== "flash" ||
    typeof data.sceneId !== "string" ||
    data.sceneId.length > 64
  )
    return null;
  if (!Array.isArray(data.commands) || data.commands.length > MAX_COMMANDS) return null;
  const commands = data.commands.map(cleanCommand);
  if (commands.some((c) => c === null)) return null;
  const ms = Number.isInteger(data.ms) ? Math.min(MAX_MS, Math.max(0, data.ms)) : FLASH_MS;
  return { sceneId: data.sceneId, ms, commands };
}
