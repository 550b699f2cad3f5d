/**
 * The kick tool's palette: a small panel shown beside the scene controls while the tool is on.
 * It holds the kick's choices (standing or running, Power Attack 0..BAB when the kicker has
 * the feat) and starts the kicker's other actions (a hoop shot, a contest with the target).
 * Plain HTML in one element, wired by delegation; the tool owns the state, the palette shows it.
 */
import { plannerRow } from "../../core/planner.mjs"; // the shot planner's toggle
import { i18n } from "../world/env.mjs";

export const PALETTE_ID = "ballcourt-kick-palette";

const escape = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The palette's HTML for a tool's state: {kicker, standing, powerAttack, maxPowerAttack, gm}; hoop and contest are the GM's. */
export function paletteHtml(state, L = (k) => i18n().localize(k)) {
  const button = (action, label, { pressed, disabled } = {}) =>
    `<button type="button" data-ballcourt-palette="${action}"` +
    `${pressed === undefined ? "" : ` aria-pressed="${pressed}"${pressed ? ' class="active"' : ""}`}` +
    `${disabled ? " disabled" : ""}>${label}</button>`;
  const rows = [
    `<header>${escape(state.kicker)}</header>`,
    `<div class="ballcourt-palette-row">${button("standing", L("BALLCOURT.Palette.Standing"), { pressed: state.standing })}` +
      `${button("running", L("BALLCOURT.Palette.Running"), { pressed: !state.standing })}</div>`,
  ];
  if (state.maxPowerAttack > 0) {
    rows.push(
      `<div class="ballcourt-palette-row"><span>${L("BALLCOURT.Palette.PowerAttack")}</span>` +
        `${button("pa-down", "&minus;", { disabled: state.powerAttack <= 0 })}` +
        `<output data-ballcourt-palette-pa>${state.powerAttack}</output>` +
        `${button("pa-up", "+", { disabled: state.powerAttack >= state.maxPowerAttack })}</div>`,
    );
  }
  if (state.planner !== undefined) rows.push(plannerRow(state.planner, L)); // the shot planner
  if (state.gm !== false) {
    rows.push(
      `<div class="ballcourt-palette-row">${button("hoop", L("BALLCOURT.Palette.Hoop"))}` +
        `${button("contest", L("BALLCOURT.Palette.Contest"))}</div>`,
    );
  }
  return rows.join("");
}

export class KickPalette {
  /** @param tool  a KickTool: its state() and act(action) */
  constructor(tool) {
    this.tool = tool;
    this.element = null;
    this.onClick = (event) => {
      const action = event.target?.closest?.("[data-ballcourt-palette]")?.dataset?.ballcourtPalette;
      if (action) this.tool.act(action);
    };
  }

  show() {
    const doc = globalThis.document;
    if (!doc?.body) return null;
    this.element ??= doc.getElementById(PALETTE_ID);
    if (!this.element) {
      this.element = doc.createElement("section");
      this.element.id = PALETTE_ID;
      this.element.className = "ballcourt-palette";
      this.element.addEventListener("click", this.onClick);
      doc.body.appendChild(this.element);
    }
    this.element.setAttribute?.("aria-label", i18n().localize("BALLCOURT.Tools.Kick"));
    this.render();
    return this.element;
  }

  render() {
    if (this.element) this.element.innerHTML = paletteHtml(this.tool.state());
  }

  hide() {
    this.element?.removeEventListener?.("click", this.onClick);
    this.element?.remove();
    this.element = null;
  }

  get shown() {
    return Boolean(this.element);
  }
}

/** Where a player stands decides the hoop he can shoot at: the nearer side wall's. */
export function nearerHoop(field, square) {
  const width = field?.width ?? 24;
  return square.y < width / 2 ? "north" : "south";
}
