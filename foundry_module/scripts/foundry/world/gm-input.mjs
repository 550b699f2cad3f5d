/**
 * What the GM's hands give an action that asks for none: the tokens he controls and targets,
 * and a small form of the menu's (one line each). The menu (setup/) and the Yaotzin hoop
 * shot and contest (yaotzin/contests.mjs) read them alike.
 */
import { fieldsFormHtml } from "../../core/forms.mjs";
import { formValues, fvtt, i18n } from "./env.mjs";

const L = (key) => i18n().localize(key);

export function controlledTokens() {
  return (fvtt.canvas?.tokens?.controlled ?? []).map((t) => t.document); // no scene viewed: none (autopilot branch)
}

export function targetedTokens() {
  return [...(fvtt.game.user.targets ?? [])].map((t) => t.document);
}

/**
 * A small form, with a line of `hint` above it if given; its values, or null when the GM closed
 * it (cancel). `fields`: [name, label key, value] for a text box, or [name, label key, value,
 * options, options' key prefix] for a choice.
 */
export async function askForm(fields, hint = null) {
  return fvtt.api.DialogV2.prompt({
    window: { title: L("BALLCOURT.Menu.Title") },
    content: fieldsFormHtml(fields, i18n(), hint),
    ok: { callback: (_event, button) => formValues(button) },
  });
}
