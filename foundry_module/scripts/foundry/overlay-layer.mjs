/** A container on canvas.interface, rebuilt on every canvasReady, that draws overlays. */
import { PALETTE, localizedWords, overlayCommands } from "../core/overlay.mjs";
import { clearContainer, drawCommands } from "../render/pixi-draw.mjs";
import { fvtt, i18n } from "./env.mjs";

let container = null;

export function onCanvasReady() {
  const PIXI = fvtt.PIXI;
  container = new PIXI.Container();
  container.name = "ballcourt-overlay";
  container.eventMode = "none";
  fvtt.canvas.interface.addChild(container);
}

export function drawAnswer(mapping, answer) {
  drawOnly(overlayCommands(mapping, answer, PALETTE, localizedWords(i18n())));
}

/** Replace whatever is drawn with these commands. */
export function drawOnly(commands) {
  if (!container) return;
  clearContainer(container);
  drawCommands(fvtt.PIXI, container, commands);
}

export function clearOverlay() {
  if (container) clearContainer(container);
}
