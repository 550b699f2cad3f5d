/**
 * The three Node built-ins the Foundry doubles (foundry_module/test/fakes) import, for the
 * benchmark's browser page (hover.html maps node:async_hooks, node:fs and linkedom here).
 * One page is one client, the GM's, so the doubles' per-client context is simply his.
 */

/** node:async_hooks: a store kept for the synchronous part of `run` (the doubles fall back to the default client). */
export class AsyncLocalStorage {
  run(store, fn) {
    const outer = this.store;
    this.store = store;
    try {
      return fn();
    } finally {
      this.store = outer;
    }
  }

  getStore() { return this.store; }
}

/** node:fs: the doubles read the module's lang files and module.json, served beside them. */
export function readFileSync(url) {
  const request = new XMLHttpRequest();
  request.open("GET", String(url), false);
  request.send();
  if (request.status !== 200) throw new Error(`${url}: ${request.status}`);
  return request.responseText;
}

/** linkedom: the browser's own DOM. */
export function parseHTML(html) {
  return { document: new DOMParser().parseFromString(html, "text/html"), window: globalThis };
}
