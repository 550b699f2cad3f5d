/**
 * Players' numbers for systems Ballcourt cannot read (the generic adapter, dnd35e's too): a DialogV2 form per
 * token, kept on its actor in the module's flags, so kicks and passes use real numbers, not 10s.
 */
import { FEAT_IDS } from "../../adapters/feats.mjs";
import { generic } from "../../adapters/generic.mjs";
import { MODULE_ID, formValues, fvtt, i18n } from "../world/env.mjs";

/** The numbers each game asks for, and the feats Yaotzin's rules use (those a sheet's adapter reads). */
export const STAT_FIELDS = {
  yaotzin: ["str", "dex", "bab", "reflex", "speed"],
  goatball: ["athletics", "acrobatics", "strMod", "dexMod"],
};
export const FEATS = FEAT_IDS;

/** The form's values -> the stored record: whole numbers only, feats as ids. */
export function statsFromForm(values, game) {
  const stats = {};
  for (const key of STAT_FIELDS[game]) {
    const n = Number(values[key]);
    if (values[key] !== undefined && values[key] !== "" && Number.isInteger(n)) stats[key] = n;
  }
  if (game === "yaotzin") stats.feats = FEATS.filter((f) => values[`feat.${f}`]);
  return stats;
}

function formHtml(actor, game) {
  const L = (k) => i18n().localize(k);
  const current = { ...(game === "yaotzin" ? generic.yaotzinStats(actor) : generic.goatballSkills(actor)) };
  const fields = STAT_FIELDS[game].map((key) => `<label>${L(`BALLCOURT.Stats.Field.${key}`)}
    <input type="number" step="1" name="${key}" value="${current[key] ?? ""}"></label>`).join("");
  const feats = game === "yaotzin" ? FEATS.map((f) => `<label><input type="checkbox" name="feat.${f}"
    ${current.feats?.includes(f) ? "checked" : ""}> ${L(`BALLCOURT.Stats.Feat.${f}`)}</label>`).join("") : "";
  return `<div class="ballcourt-stats">${fields}${feats}</div>`;
}

/** Ask for each token's numbers in turn; a closed dialog skips that token. Returns how many were saved. */
export async function editStats(tokens, game) {
  let saved = 0;
  for (const token of tokens) {
    const actor = token.actor;
    if (!actor) continue;
    const values = await fvtt.api.DialogV2.prompt({
      window: { title: i18n().format("BALLCOURT.Stats.Title", { name: token.name }) },
      content: formHtml(actor, game), ok: { callback: (_event, button) => formValues(button) } });
    if (!values) continue;
    const prior = actor.flags?.[MODULE_ID]?.stats ?? {};
    await actor.setFlag(MODULE_ID, "stats", { ...prior, ...statsFromForm(values, game) });
    saved += 1;
  }
  return saved;
}
