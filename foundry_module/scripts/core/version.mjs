/**
 * Does this module match the companion it talks to? The companion carries the module it was
 * built with (`/foundry/module.json`), so the two versions should be equal; when they differ
 * the GM is told which side is behind and how to bring it level.
 *
 * Pure: the glue passes the module's own version (`game.modules.get("ballcourt").version`),
 * the companion's `GET /api/v1/health` answer and the companion URL from the settings, and
 * shows the result with `ui.notifications.warn(game.i18n.format(result.key, result.data))`.
 */

/** "0.1.0", "v1.2", "1.2.0-rc.1" → {parts: [numbers], pre: string|null}; null when not a version. */
export function parseVersion(text) {
  const match = /^\s*v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?\s*$/.exec(
    String(text ?? ""),
  );
  if (!match) return null;
  return { parts: match[1].split(".").map(Number), pre: match[2] ?? null };
}

/** -1, 0 or 1; missing parts count as 0 and a pre-release sorts before its release. */
export function compareVersions(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return String(a) === String(b) ? 0 : String(a) < String(b) ? -1 : 1;
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i += 1) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** The companion's manifest URL, where a GM reinstalls the matching module. */
export function manifestUrl(companionUrl) {
  return `${String(companionUrl ?? "").replace(/\/+$/, "")}/foundry/module.json`;
}

/**
 * The warning to show, or null when the versions match.
 * @param moduleVersion this module's version
 * @param health        the companion's `GET /api/v1/health` body ({status, version})
 * @param companionUrl  the companion URL from the settings
 * @returns null | {key, data: {module, companion, manifest}, behind: "module"|"companion"|null}
 */
export function versionWarning(moduleVersion, health, companionUrl) {
  const module = String(moduleVersion ?? "").trim();
  const companion = typeof health?.version === "string" ? health.version.trim() : "";
  const manifest = manifestUrl(companionUrl);
  if (!companion) {
    return {
      key: "BALLCOURT.Version.Unknown",
      data: { module, companion: "?", manifest },
      behind: null,
    };
  }
  const order = compareVersions(module, companion);
  if (order === 0) return null;
  const behind = order < 0 ? "module" : "companion";
  const key =
    behind === "module" ? "BALLCOURT.Version.ModuleBehind" : "BALLCOURT.Version.CompanionBehind";
  return { key, data: { module, companion, manifest }, behind };
}
