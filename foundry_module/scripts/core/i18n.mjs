/** Foundry-style `{name}` placeholders, so the same templates work in and out of Foundry. */

export function formatTemplate(template, data = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in data ? String(data[key]) : whole));
}

/** A localizer over a flat or nested lang object (as Foundry loads lang/*.json). */
export function makeLocalizer(lang) {
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
    format: (key, data) => formatTemplate(lookup(key) ?? key, data),
  };
}

export function escapeHtml(value) {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
