/**
 * Foundry-style `{name}` placeholders, plus ICU-style plurals for counts:
 * `{squares, plural, one {# square} other {# squares}}` (`#` is the number). The lang file
 * carries every form its language needs (ru: one, few, many, other), and the companion's
 * present/text.py renders the same syntax the same way (a test keeps the two in step).
 */
const PLURAL = String.raw`\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}`;
const TOKEN = new RegExp(`${PLURAL}|\\{(\\w+)\\}`, "g");

/** The CLDR plural category of a count in a language: en 1 -> one; ru 1, 21 -> one, 2 -> few, 5, 11 -> many. */
export function pluralCategory(n, lang = "en") {
  try {
    return new Intl.PluralRules(lang).select(Number(n));
  } catch {
    return Number(n) === 1 ? "one" : "other"; // an unknown language code: English's rule
  }
}

export function formatTemplate(template, data = {}, lang = "en") {
  return String(template).replace(TOKEN, (whole, count, forms, key) => {
    if (key !== undefined) return key in data ? String(data[key]) : whole;
    if (!(count in data)) return whole;
    const byCategory = Object.fromEntries(
      [...forms.matchAll(/(\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1], m[2]]),
    );
    const form = byCategory[pluralCategory(data[count], lang)] ?? byCategory.other ?? "";
    return form.replaceAll("#", String(data[count]));
  });
}

/** The data fields a template needs: its `{name}`s and the counts of its plurals. */
export function placeholders(template) {
  return [...String(template).matchAll(TOKEN)].map((m) => m[1] ?? m[3]);
}

/** A localizer over a flat or nested lang object (as Foundry loads lang/*.json), for `language`. */
export function makeLocalizer(lang, language = "en") {
  const lookup = (key) => {
    if (key in lang) return lang[key];
    let node = lang;
    for (const part of key.split(".")) {
      if (node == null || typeof node !== "object" || !(part in node)) return undefined;
      node = node[part];
    }
    return typeof node === "string" ? node : undefined;
  };
  return {
    has: (key) => lookup(key) !== undefined,
    localize: (key) => lookup(key) ?? key,
    format: (key, data) => formatTemplate(lookup(key) ?? key, data, language),
  };
}

const isNotice = (value) =>
  Boolean(value) && typeof value === "object" && typeof value.key === "string";

/**
 * A notice ({key, data}) read with a localizer: a data value that is itself a notice (a card's
 * title, "the token of X") is read first, so a sentence sent from one client reads whole in the
 * reader's language. A nested key this module does not know gives its `text`, else nothing.
 */
export function formatNotice({ key, data }, i18n, depth = 0) {
  const read = (value) => {
    if (!isNotice(value)) return value;
    if (depth < 3 && value.key.startsWith("BALLCOURT.") && i18n.has(value.key))
      return formatNotice(value, i18n, depth + 1);
    return typeof value.text === "string" ? value.text : "";
  };
  const plain = data && typeof data === "object" && !Array.isArray(data) ? data : {};
  return i18n.format(key, Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, read(v)])));
}

// what the companion refuses in a name (C0 and C1 controls, line and paragraph separators,
// bidirectional embeddings, overrides and isolates: docs/api.md, "Limits")
const NOT_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * A token's name as the companion takes it: each run of those characters a space, trimmed;
 * undefined when nothing is left (the request then carries no name, and the id stands in).
 * A player renames his actor; the GM's request must not fail for it.
 */
export function plainName(value) {
  if (value === undefined || value === null) return undefined;
  const plain = String(value).replace(NOT_IN_NAMES, " ").trim();
  return plain || undefined;
}

export function escapeHtml(value) {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
