/**
 * A container on canvas.interface, rebuilt on every canvasReady, that draws overlays; and the
 * flashes every client sees when a card is applied (core/flash.mjs), sent by the GM's client
 * over the module socket. A flash is drawn for a few seconds and then cleared, unless something
 * else (the kick tool's preview) has been drawn over it meanwhile.
 */
import { CHANNEL, FLASH_MS, flashCommands, flashMessage, readFlash } from "../../core/flash.mjs";
import { PALETTE, localizedWords, overlayCommands } from "../../core/overlay.mjs";
import { clearContainer, drawCommands } from "../../render/pixi-draw.mjs";
import { fvtt, i18n } from "./env.mjs";

/** One container per canvas (one per client in Foundry; several clients share a process in tests). */
const containers = new WeakMap();
const shown = new WeakMap(); // container -> what it shows now (a flash's token, or null)

function current() {
  const iface = fvtt.canvas?.interface;
  return iface ? (containers.get(iface) ?? null) : null;
}

/**
 * canvasReady: a fresh container for the scene now viewed. canvas.interface outlives a scene
 * change in practice, so the one added for the last scene is destroyed first, never stacked.
 */
export function onCanvasReady() {
  const PIXI = fvtt.PIXI;
  const old = current();
  if (old && !old.destroyed) {
    old.parent?.removeChild?.(old);
    old.destroy({ children: true });
  }
  const container = new PIXI.Container();
  container.name = "ballcourt-overlay";
  container.eventMode = "none";
  fvtt.canvas.interface.addChild(container);
  containers.set(fvtt.canvas.interface, container);
  listenForFlashes();
}

/** Draw a companion answer for its scene (only if this client views it). */
export function drawAnswer(scene, mapping, answer) {
  drawOnly(overlayCommands(mapping, answer, PALETTE, localizedWords(i18n())), scene);
}

/**
 * Replace whatever is drawn with these commands, for this scene: a client viewing another
 * scene draws nothing (a court's lines do not belong on the GM's dungeon). No scene: the
 * viewed one (a flash already checked it).
 */
export function drawOnly(commands, scene = fvtt.canvas?.scene) {
  const container = current();
  if (!container || !scene || scene.id !== fvtt.canvas?.scene?.id) return null;
  clearContainer(container);
  drawCommands(fvtt.PIXI, container, commands);
  const token = {};
  shown.set(container, token);
  return token;
}

export function clearOverlay() {
  const container = current();
  if (!container) return;
  clearContainer(container);
  shown.set(container, null);
}

/** Clear the overlay only while it still shows drawOnly's drawing `token` (the autopilot's ghost): a later drawing stays. */
export function clearIfShown(token) {
  const container = current();
  if (!container || !token || shown.get(container) !== token) return false;
  clearContainer(container);
  shown.set(container, null);
  return true;
}

/** Draw these commands on this client for `ms`, then clear them if they are still what is shown. */
export function flash(commands, ms = FLASH_MS) {
  const container = current();
  const token = drawOnly(commands);
  if (!token) return;
  globalThis.setTimeout(() => {
    if (shown.get(container) !== token || container.destroyed) return; // drawn over, or the canvas is gone
    clearContainer(container);
    shown.set(container, null);
  }, ms);
}

/** The module socket's handler: a flash for the scene this client views; anything else is ignored. */
export function onSocketMessage(data) {
  const message = readFlash(data);
  if (!message || fvtt.canvas?.scene?.id !== message.sceneId) return;
  flash(message.commands, message.ms);
}

const listening = new WeakSet();

/** Listen on the module socket once per client (from its first canvasReady: no canvas, nothing to draw). */
export function listenForFlashes() {
  const socket = fvtt.game?.socket;
  if (!socket || listening.has(socket)) return;
  listening.add(socket);
  socket.on(CHANNEL, onSocketMessage);
}

/**
 * The GM's side, when a card is applied: its drawing (`overlay`, the kick's `landing` heat) for
 * every client viewing the scene, this one included (a socket message never reaches its sender).
 */
export function broadcastFlash(scene, mapping, drawing, ms = FLASH_MS) {
  if (!drawing?.overlay && !drawing?.landing?.length) return;
  try {
    // only a drawing: whatever goes wrong here never stops the card's Apply
    const commands = flashCommands(mapping, drawing, PALETTE, localizedWords(i18n()));
    if (!commands.length) return;
    if (fvtt.canvas?.scene?.id === scene.id) flash(commands, ms);
    fvtt.game.socket?.emit(CHANNEL, flashMessage(scene.id, commands, ms));
  } catch (err) {
    globalThis.console?.warn?.("Ballcourt: flash", err);
  }
}
