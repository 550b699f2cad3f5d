/**
 * The dialogs' forms as HTML (a DialogV2's content): the menu's small forms, the stats form, a
 * goat-ball declaration and the autopilot's form. Pure, over a localizer: the glue asks Foundry
 * for the values and opens the dialog, the module's gallery (gallery/) draws them in a browser.
 */
import { escapeHtml } from "./i18n.mjs";

/** A goat-ball player's actions in a pass, as the declaration form offers them. */
export const PASS_ACTIONS = Object.freeze([
  "none",
  "throw",
  "intercept",
  "knock_off",
  "defend",
  "move",
  "block",
]);
const SKILLS = ["athletics", "acrobatics"];

const selected = (yes) => (yes ? " selected" : "");

/**
 * The menu's small form (world/gm-input.mjs askForm), a line of `hint` above it if given.
 * `fields`: [name, label key, value] for a text box, or [name, label key, value, options,
 * options' key prefix] for a choice.
 */
export function fieldsFormHtml(fields, i18n, hint = null) {
  const L = (key) => i18n.localize(key);
  const option = (prefix, value) => (o) =>
    `<option value="${o}"${selected(o === value)}>${L(`${prefix}.${o}`)}</option>`;
  const content = fields
    .map(([name, label, value, options, optionKeys]) =>
      options
        ? `<label>${L(label)} <select name="${name}">${options.map(option(optionKeys, value)).join("")}</select></label>`
        : `<label>${L(label)} <input name="${name}" value="${value}"></label>`,
    )
    .join("");
  const head = hint ? `<p class="hint ballcourt-tune">${escapeHtml(hint)}</p>` : "";
  return head + content;
}

/**
 * A token's numbers for a system Ballcourt cannot read (setup/stats-form.mjs): `fields` the
 * game's stat fields, `feats` the feats it may tick (Yaotzin), `current` the stored numbers
 * and feats, `typed` the referee's inspection lists as lines ({items, effects, traits}).
 */
export function statsFormHtml({ game, fields, feats, current, typed }, i18n) {
  const L = (k) => i18n.localize(k);
  const numbers = fields
    .map(
      (key) => `<label>${L(`BALLCOURT.Stats.Field.${key}`)}
    <input type="number" step="1" name="${key}" value="${current[key] ?? ""}"></label>`,
    )
    .join("");
  const ticks =
    game === "yaotzin"
      ? feats
          .map(
            (f) => `<label><input type="checkbox" name="feat.${f}"
    ${current.feats?.includes(f) ? "checked" : ""}> ${L(`BALLCOURT.Stats.Feat.${f}`)}</label>`,
          )
          .join("")
      : "";
  const lists =
    game === "yaotzin"
      ? ["items", "effects", "traits"]
          .map(
            (key) =>
              `<label>${L(
                `BALLCOURT.Stats.Inspection.${key[0].toUpperCase()}${key.slice(1)}`,
              )}<textarea name="inspection.${key}" rows="3">${escapeHtml(typed[key])}</textarea></label>`,
          )
          .join("")
      : "";
  return `<div class="ballcourt-stats">${numbers}${ticks}${lists}</div>`;
}

/**
 * The one goat-ball declaration form, a player's own prompt and the GM's Change of an autopilot
 * proposal alike (read back by core/goatball-autopilot.mjs formDeclaration): the action; its target
 * among `others` ([{id, name}]: a throw's, a knock-off's); a Defend's among `teammates` only
 * (rulings: a Defend names a teammate, never oneself or an opponent); the skill, a hot throw, a
 * zone. `current` (a declaration) is preselected.
 */
export function declarationFormHtml(others, i18n, current = {}, teammates = []) {
  const L = (k) => escapeHtml(i18n.localize(k));
  const target = current.throw?.target ?? current.target ?? "";
  const defending = current.action === "defend";
  const option = (t, chosen) =>
    `<option value="${escapeHtml(t.id)}"${selected(chosen)}>${escapeHtml(t.name)}</option>`;
  const actions = PASS_ACTIONS.map(
    (a) =>
      `<option value="${a}"${selected(a === current.action)}>${L(`BALLCOURT.Pass.Action.${a}`)}</option>`,
  ).join("");
  const people = others.map((t) => option(t, !defending && t.id === target)).join("");
  const mates = teammates.map((t) => option(t, defending && t.id === target)).join("");
  const skills = SKILLS.map(
    (s) =>
      `<option value="${s}"${selected(s === current.skill)}>${L(`BALLCOURT.Pass.${s}`)}</option>`,
  ).join("");
  return `<label>${L("BALLCOURT.Pass.Action.Label")} <select name="action">${actions}</select></label>
    <label>${L("BALLCOURT.Pass.Target")} <select name="target"><option value=""></option>${people}</select></label>
    <label>${L("BALLCOURT.Pass.DefendTarget")} <select name="defend"><option value=""></option>${mates}</select></label>
    <label>${L("BALLCOURT.Pass.Skill")} <select name="skill">${skills}</select></label>
    <label><input type="checkbox" name="hot"${current.throw?.kind === "hot" ? " checked" : ""}> ${L("BALLCOURT.Pass.HotThrow")}</label>
    <label>${L("BALLCOURT.Pass.Zone")} <input name="zone" type="text" value="${escapeHtml(current.zone ?? "")}"></label>`;
}

/**
 * The menu's autopilot form (goatball/scripts/foundry/goatball/goatball-autopilot.mjs configureAutopilot): each team's mode and
 * tactics preset, the presets offered, and on an arena an override for the `selected` tokens.
 * `words` the lang prefix (goat-ball's "BALLCOURT.Autopilot", Yaotzin's "BALLCOURT.YAutopilot").
 */
export function autopilotFormHtml(
  { teams, modes, tactics, presets, words, selected: count = 0, yaotzin = false, modeNames },
  i18n,
) {
  const L = (k) => escapeHtml(i18n.localize(k));
  const option = (value, key, current) =>
    `<option value="${value}"${selected(value === current)}>${L(key)}</option>`;
  const modeOptions = (current) =>
    modeNames.map((m) => option(m, `BALLCOURT.Autopilot.Mode.${m}`, current)).join("");
  const teamFields = teams
    .map(
      (team) =>
        `<label>${escapeHtml(i18n.format("BALLCOURT.Autopilot.TeamMode", { team }))}` +
        ` <select name="team-${escapeHtml(team)}">${modeOptions(modes[team] ?? "off")}</select></label>` +
        `<label>${escapeHtml(i18n.format("BALLCOURT.Autopilot.TeamTactics", { team }))}` + // each team's own tactics
        ` <input type="text" name="tactics-${escapeHtml(team)}" list="ballcourt-presets"` +
        ` value="${escapeHtml(tactics[team] ?? "")}"></label>`,
    )
    .join("");
  const datalist =
    `<datalist id="ballcourt-presets">${presets.map((p) => `<option value="${p}"></option>`).join("")}</datalist>` +
    `<p class="hint">${L(`${words}.TacticsHint`)}</p>`;
  const tokenField =
    count && !yaotzin
      ? `<label>${escapeHtml(i18n.format("BALLCOURT.Autopilot.Selected", { count }))}` +
        ` <select name="tokens">${option("", "BALLCOURT.Autopilot.Keep", "")}${option("team", "BALLCOURT.Autopilot.TeamDefault", "")}` +
        `${modeOptions("")}</select></label>`
      : "";
  return `<p>${L(`${words}.Hint`)}</p>${teamFields}${datalist}${tokenField}`;
}
