/**
 * Each client in its own language: game.i18n answers from the lang file of whichever user's
 * client is running (asUser switches game.user), as Foundry loads each browser's chosen
 * language. Users not named read English.
 */
import { readFileSync } from "node:fs";
import { makeLocalizer } from "../../scripts/core/i18n.mjs";

const localizers = new Map();

function localizer(lang) {
  if (!localizers.has(lang)) {
    const file = new URL(`../../lang/${lang}.json`, import.meta.url);
    localizers.set(lang, makeLocalizer(JSON.parse(readFileSync(file, "utf8")), lang));
  }
  return localizers.get(lang);
}

/** Call after installFoundry: `clientLanguages({ bob: "ru" })`. */
export function clientLanguages(byUser) {
  const current = () => localizer(byUser[globalThis.game.user.id] ?? "en");
  globalThis.game.i18n = {
    get lang() { return byUser[globalThis.game.user.id] ?? "en"; },
    has: (key) => current().has(key),
    localize: (key) => current().localize(key),
    // as Foundry's own: plain {name} replacement, no plurals (the module formats through core/i18n.mjs)
    format: (key, data) => current().localize(key).replace(/{[^}]+}/g, (k) => data[k.slice(1, -1)] ?? k),
  };
}
