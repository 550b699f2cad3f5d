/**
 * A module.register() resolve hook (module.mjs): every module under foundry_module/scripts/
 * imported from a module that carries `?client=<id>&page=<n>` carries the same query, so each
 * simulated browser page imports its own module graph, with its own module-level state, as
 * each browser does (FOUNDRY-SEMANTICS §8.4). Imports without the query (a test file's own)
 * resolve as usual.
 */
const SCRIPTS = new URL("../../scripts/", import.meta.url).href;

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (!context.parentURL || !resolved.url.startsWith(SCRIPTS)) return resolved;
  const parent = new URL(context.parentURL);
  if (!parent.searchParams.has("client")) return resolved;
  const url = new URL(resolved.url);
  if (url.searchParams.has("client")) return resolved;
  url.search = parent.search;
  return { ...resolved, url: url.href };
}
