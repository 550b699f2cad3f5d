/**
 * The base of the module's windows (as dnd5e's Application5e is of its): Ballcourt's panel
 * look, and HTML built as a string put in place whole. A function rather than a class:
 * ApplicationV2 exists only once Foundry has loaded, so the base is made on first use (one per
 * ApplicationV2, so a page that loads Foundry again gets a base of its own).
 */
import { fvtt } from "./env.mjs";

const bases = new WeakMap();

export function BallcourtApplication() {
  const { ApplicationV2 } = fvtt.api;
  if (!bases.has(ApplicationV2)) {
    bases.set(
      ApplicationV2,
      class BallcourtApplication extends ApplicationV2 {
        static DEFAULT_OPTIONS = { classes: ["ballcourt-panel"] };

        _replaceHTML(result, content) {
          content.innerHTML = result;
        }
      },
    );
  }
  return bases.get(ApplicationV2);
}
