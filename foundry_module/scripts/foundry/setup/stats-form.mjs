/**
 * Players' numbers for systems Ballcourt cannot read (the generic adapter, dnd35e's too): a DialogV2 form per
 * token, kept on its actor in the module's flags, so kicks and passes use real numbers, not 10s.
 */
import { FEAT_IDS } from "../../adapters/feats.mjs";
import { generic } from "../../adapters/generic.mjs";
import { statsFormHtml } from "../../core/forms.mjs";
import { MODULE_ID, formValues, fvtt, i18n } from "../world/env.mjs";

/** The numbers each game asks for, and the feats Yaotzin's rules use (those a sheet's adapter reads). */
export const STAT_FIELDS = {
  yaotzin: ["str", "dex", "bab", "reflex", "speed"],
  goatball: ["athletics", "acrobatics", "strMod", "dexMod"],
};
export const FEATS = FEAT_IDS;

const SOURCES = ["spell", "su", "sp", "ex", "item"];
const cells = (line) => line.split("|").map((c) => c.trim());
const lines = (text) =>
  String(text ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The entry form's three lists -> what the referee's inspection is sent (flags.ballcourt.inspection):
 * items "name | type | material | magic", effects "name | source | healing", traits one a line.
 * A cell left empty says nothing, so the companion judges that by name; an unknown source is left out.
 */
export function inspectionFromForm(values) {
  const items = lines(values["inspection.items"]).map((line) => {
    const [name, type, material, magic] = cells(line);
    return {
      name,
      ...(type ? { type } : {}),
      ...(material ? { material } : {}),
      ...(magic ? { magic: /^(magic|yes|true)$/i.test(magic) } : {}),
    };
  });
  const effects = lines(values["inspection.effects"]).map((line) => {
    const [name, source, healing] = cells(line);
    const known = SOURCES.includes(source?.toLowerCase()) ? { source: source.toLowerCase() } : {};
    return {
      name,
      ...known,
      ...(healing ? { healing: /^(healing|yes|true)$/i.test(healing) } : {}),
    };
  });
  return { items, effects, traits: lines(values["inspection.traits"]) };
}

/** A stored list back into the form's lines. */
function inspectionLines(typed) {
  const join = (cellsOf) => (list) =>
    (list ?? [])
      .map((x) =>
        cellsOf(x)
          .join(" | ")
          .replace(/( \| )+$/, ""),
      )
      .join("\n");
  return {
    items: join((i) => [
      i.name,
      i.type ?? "",
      i.material ?? "",
      i.magic === undefined ? "" : i.magic ? "magic" : "no",
    ])(typed.items),
    effects: join((e) => [
      e.name,
      e.source ?? "",
      e.healing === undefined ? "" : e.healing ? "healing" : "no",
    ])(typed.effects),
    traits: (typed.traits ?? []).join("\n"),
  };
}

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
  const current = {
    ...(game === "yaotzin" ? generic.yaotzinStats(actor) : generic.goatballSkills(actor)),
  };
  return statsFormHtml(
    {
      game,
      fields: STAT_FIELDS[game],
      feats: FEATS,
      current,
      typed: inspectionLines(generic.inspection(actor)),
    },
    i18n(),
  );
}

/** Ask for each token's numbers in turn; a closed dialog skips that token. Returns how many were saved. */
export async function editStats(tokens, game) {
  let saved = 0;
  for (const token of tokens) {
    const actor = token.actor;
    if (!actor) continue;
    const values = await fvtt.api.DialogV2.prompt({
      window: { title: i18n().format("BALLCOURT.Stats.Title", { name: token.name }) },
      content: formHtml(actor, game),
      ok: { callback: (_event, button) => formValues(button) },
    });
    if (!values) continue;
    const prior = actor.flags?.[MODULE_ID]?.stats ?? {};
    await actor.setFlag(MODULE_ID, "stats", { ...prior, ...statsFromForm(values, game) });
    if (game === "yaotzin")
      await actor.setFlag(MODULE_ID, "inspection", inspectionFromForm(values));
    saved += 1;
  }
  return saved;
}
