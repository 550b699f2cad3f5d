/**
 * The one goat-ball declaration form: a player's own prompt (goatball-declarations.mjs) and the
 * GM's change of an autopilot proposal (autopilot.mjs) show the same fields, and read them back
 * with core/autopilot.mjs formDeclaration. A Defend has its own list, of the player's teammates
 * only (rulings: a Defend names a teammate, never oneself or an opponent); the target list (a
 * throw, a knock-off) names any other player.
 */
import { escapeHtml } from "../../core/i18n.mjs";
import { i18n } from "../world/env.mjs";
import { teamOf, tokenList } from "../world/scene.mjs";

const ACTIONS = ["none", "throw", "intercept", "knock_off", "defend", "move", "block"];

/** The form's fields for player `id` on `scene`, `current` (a declaration) selected. */
export function declarationForm(scene, id, current = {}) {
  const L = (k) => escapeHtml(i18n().localize(k));
  const selected = (yes) => (yes ? " selected" : "");
  const target = current.throw?.target ?? current.target ?? "";
  const option = (value, label, chosen) => `<option value="${escapeHtml(value)}"${selected(chosen)}>${escapeHtml(label)}</option>`;
  const players = tokenList(scene).filter((t) => teamOf(t) && t.id !== id);
  const team = teamOf(tokenList(scene).find((t) => t.id === id));
  const defending = current.action === "defend";
  const actions = ACTIONS.map((a) => option(a, i18n().localize(`BALLCOURT.Pass.Action.${a}`), a === current.action)).join("");
  const others = players.map((t) => option(t.id, t.name, !defending && t.id === target)).join("");
  const teammates = players.filter((t) => teamOf(t) === team).map((t) => option(t.id, t.name, defending && t.id === target)).join("");
  const skills = ["athletics", "acrobatics"].map((s) => option(s, i18n().localize(`BALLCOURT.Pass.${s}`), s === current.skill)).join("");
  return `<label>${L("BALLCOURT.Pass.Action.Label")} <select name="action">${actions}</select></label>
    <label>${L("BALLCOURT.Pass.Target")} <select name="target"><option value=""></option>${others}</select></label>
    <label>${L("BALLCOURT.Pass.DefendTarget")} <select name="defend"><option value=""></option>${teammates}</select></label>
    <label>${L("BALLCOURT.Pass.Skill")} <select name="skill">${skills}</select></label>
    <label><input type="checkbox" name="hot"${current.throw?.kind === "hot" ? " checked" : ""}> ${L("BALLCOURT.Pass.HotThrow")}</label>
    <label>${L("BALLCOURT.Pass.Zone")} <input name="zone" type="text" value="${escapeHtml(current.zone ?? "")}"></label>`;
}
