/**
 * The GM's view of the open roll requests: every request, its state and who rolled it, with
 * "roll for" for an absent player and a cancel (roll-requests.mjs acts on them).
 */
import { CANCELLED, PENDING, ROLLED } from "../../core/roll-requests.mjs";
import { fvtt, i18n } from "../world/env.mjs";

export const VIEW_ID = "ballcourt-roll-requests";
let view = null;
let handlers = null; // {rollFor, cancel} from the last render

export const escape = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Reflex save", "Athletics check": a check's name in the user's language. */
export function checkLabel(check) {
  return i18n().localize(`BALLCOURT.Rolls.Check.${check.type}.${check.id}`);
}

/**
 * The GM's view: every open request, its state, who rolled; roll-for buttons, and a cancel
 * for each batch still waiting (the checks one card asked together), which cancels that batch only.
 */
export function viewHtml(list, L = (k) => i18n().localize(k)) {
  const users = fvtt.game.users;
  const row = (r) => {
    const who = escape(users.get(r.owner)?.name ?? r.owner);
    const check = `${escape(checkLabel(r.check))}${r.advantage ? ` (${L("BALLCOURT.Rolls.Advantage")})` : ""}`;
    let state;
    if (r.state === ROLLED) {
      state = i18n().format("BALLCOURT.Rolls.Rolled", {
        total: r.total,
        user: escape(users.get(r.by)?.name ?? r.by),
      });
    } else if (r.state === CANCELLED) {
      state = L("BALLCOURT.Rolls.Cancelled");
    } else {
      state =
        `${L("BALLCOURT.Rolls.Pending")} <button type="button" data-ballcourt-roll="${r.id}">` +
        `${L("BALLCOURT.Rolls.RollFor")}</button>`;
    }
    return `<li data-request="${r.id}" data-state="${r.state}"><b>${escape(r.name)}</b> · ${who} · ${check}: ${state}</li>`;
  };
  const batches = [...new Set(list.map((r) => r.batch))].map((batch) => {
    const rows = list.filter((r) => r.batch === batch);
    const cancel = rows.some((r) => r.state === PENDING)
      ? `<button type="button" data-ballcourt-roll="${CANCEL_PREFIX}${escape(batch)}">${L("BALLCOURT.Rolls.Cancel")}</button>`
      : "";
    return `<ul data-batch="${escape(batch)}">${rows.map(row).join("")}</ul>${cancel}`;
  });
  return `<header>${L("BALLCOURT.Rolls.Title")}</header>${batches.join("")}`;
}

const CANCEL_PREFIX = "cancel:";

function onClick(event) {
  const action = event.target?.closest?.("[data-ballcourt-roll]")?.dataset?.ballcourtRoll;
  if (!action) return;
  if (action.startsWith(CANCEL_PREFIX)) handlers?.cancel(action.slice(CANCEL_PREFIX.length));
  else handlers?.rollFor(action).catch((err) => globalThis.console?.error?.("Ballcourt:", err));
}

/**
 * Show, refresh or (nothing open) remove the GM's view of these requests; plain HTML in one
 * element. Its buttons call `actions.rollFor(id)` and `actions.cancel(batch)`.
 */
export function renderView(list, actions) {
  const doc = globalThis.document;
  handlers = actions;
  if (!list.length) {
    view?.removeEventListener?.("click", onClick);
    view?.remove?.();
    view = null;
    return null;
  }
  if (!doc?.body) return null;
  view ??= doc.getElementById(VIEW_ID);
  if (!view) {
    view = doc.createElement("section");
    view.id = VIEW_ID;
    view.className = "ballcourt-palette ballcourt-roll-requests";
    view.addEventListener("click", onClick);
    doc.body.appendChild(view);
  }
  view.innerHTML = viewHtml(list);
  return view;
}
