/**
 * The roll-request card (the Monk's TokenBar way): one chat card per batch of checks, one row
 * per check, the state of every row in the message's flags. A player who reloads or joins late
 * still finds his Roll button there, where a dialog would be gone. Pure: the rows as flag data,
 * their one-way transitions, who may press what, and the card's HTML for one reader.
 *
 * A row goes from pending to exactly one of rolled, cancelled or expired (nobody awaits it any
 * more: the GM's client that asked was reloaded) and never changes again.
 *
 * A card is kept by the GM whose page asked (a co-GM's tip-off asks on his own page): only that
 * page awaits its rows, so only it carries out presses and expires rows. When that GM has left,
 * the companion's GM keeps the card, and expires what nobody awaits any more.
 */
import { escapeHtml } from "./i18n.mjs";

export const ROW_PENDING = "pending";
export const ROW_ROLLED = "rolled";
export const ROW_CANCELLED = "cancelled";
export const ROW_EXPIRED = "expired";

/** What a reader may press: his own row's Roll; the GM's Roll for them and Cancel. */
export const ROLL = "roll";
export const ROLL_FOR = "rollFor";
export const CANCEL = "cancel";

/**
 * The card's flags for a batch of requests, in the order asked, by the GM `askedBy`.
 * @param requests  [{id, sceneId, tokenId, name, owner, check: {type, id}, advantage}]
 */
export function cardFlags(requests, askedBy = null) {
  const rows = {};
  for (const r of requests) {
    rows[r.id] = {
      id: r.id,
      sceneId: r.sceneId,
      tokenId: r.tokenId,
      name: r.name,
      owner: r.owner,
      check: { type: r.check.type, id: r.check.id },
      advantage: Boolean(r.advantage),
      state: ROW_PENDING,
      by: null,
      total: null,
    };
  }
  return { order: requests.map((r) => r.id), rows, askedBy };
}

/**
 * The user whose page carries out presses on this card: the GM who asked while he is connected,
 * else the companion's GM (a card from before `askedBy` was kept has only him).
 * @param isActive  (userId) -> whether that user is connected
 */
export function cardKeeper(flags, isActive, companionId) {
  return flags?.askedBy && isActive(flags.askedBy) ? flags.askedBy : (companionId ?? null);
}

/**
 * The row after an outcome, or null when the row is no longer pending (a second answer, a
 * cancel after a roll): a settled row never changes.
 * @param outcome  {state: "rolled", by, total} | {state: "cancelled"} | {state: "expired"}
 */
export function settleRow(row, outcome) {
  if (row?.state !== ROW_PENDING) return null;
  if (outcome.state === ROW_ROLLED) {
    if (!Number.isFinite(outcome.total)) return null;
    return { ...row, state: ROW_ROLLED, by: outcome.by ?? null, total: outcome.total };
  }
  if (outcome.state === ROW_CANCELLED || outcome.state === ROW_EXPIRED)
    return { ...row, state: outcome.state };
  return null;
}

/** A settled RollRequests entry (core/roll-requests.mjs) as the outcome of its row. */
export function outcomeOf(request) {
  return request.state === "rolled"
    ? { state: ROW_ROLLED, by: request.by, total: request.roll?.total }
    : { state: ROW_CANCELLED };
}

/** Flag changes (dotted paths under `root`) that expire every pending row: nobody awaits them. */
export function expireChanges(flags, root) {
  const changes = {};
  for (const id of flags?.order ?? []) {
    const row = settleRow(flags.rows[id], { state: ROW_EXPIRED });
    if (row) changes[`${root}.rows.${id}`] = row;
  }
  return changes;
}

/**
 * Whether a reader may press this action on this row (null row: the card's Cancel).
 * @param viewer  {isGM, owns(row) -> bool}
 */
export function mayPressRow(row, action, viewer) {
  if (action === CANCEL) return Boolean(viewer.isGM);
  if (row?.state !== ROW_PENDING) return false;
  if (action === ROLL_FOR) return Boolean(viewer.isGM);
  if (action === ROLL) return !viewer.isGM && Boolean(viewer.owns(row));
  return false;
}

/** A button's data-ballcourt-action value, and back: "roll:r1", "rollFor:r1", "cancel". */
export const actionId = (action, rowId = null) => (rowId ? `${action}:${rowId}` : action);
export function parseAction(value) {
  const [action, rowId = null] = String(value ?? "").split(":");
  return [ROLL, ROLL_FOR, CANCEL].includes(action) ? { action, rowId } : null;
}

/**
 * What one reader sees: each row's state and the buttons he may press, and whether he may
 * cancel the card's waiting checks.
 */
export function cardView(flags, viewer) {
  const rows = (flags?.order ?? [])
    .map((id) => flags.rows[id])
    .filter(Boolean)
    .map((row) => ({
      ...row,
      buttons: [ROLL, ROLL_FOR].filter((a) => mayPressRow(row, a, viewer)),
    }));
  return {
    rows,
    cancel: rows.some((r) => r.state === ROW_PENDING) && mayPressRow(null, CANCEL, viewer),
  };
}

const STATE_KEYS = {
  [ROW_PENDING]: "BALLCOURT.Rolls.Pending",
  [ROW_CANCELLED]: "BALLCOURT.Rolls.Cancelled",
  [ROW_EXPIRED]: "BALLCOURT.Rolls.Expired",
};
const BUTTON_KEYS = {
  [ROLL]: "BALLCOURT.Rolls.Roll",
  [ROLL_FOR]: "BALLCOURT.Rolls.RollFor",
  [CANCEL]: "BALLCOURT.Rolls.Cancel",
};

/**
 * The card for one reader, in his language.
 * @param i18n      {localize(key), format(key, data)}
 * @param userName  user id -> name (whose row it is, who rolled)
 */
export function renderRequestCard(flags, viewer, i18n, userName = (id) => id) {
  const L = (k) => escapeHtml(i18n.localize(k));
  const button = (action, rowId) =>
    `<button type="button" data-ballcourt-action="${escapeHtml(actionId(action, rowId))}">` +
    `${L(BUTTON_KEYS[action])}</button>`;
  const view = cardView(flags, viewer);
  const items = view.rows.map((row) => {
    const check =
      `${L(`BALLCOURT.Rolls.Check.${row.check.type}.${row.check.id}`)}` +
      `${row.advantage ? ` (${L("BALLCOURT.Rolls.Advantage")})` : ""}`;
    const state =
      row.state === ROW_ROLLED
        ? escapeHtml(
            i18n.format("BALLCOURT.Rolls.Rolled", {
              total: row.total,
              user: userName(row.by) ?? row.by,
            }),
          )
        : L(STATE_KEYS[row.state]);
    return (
      `<li class="ballcourt-roll-row" data-request="${escapeHtml(row.id)}" data-state="${escapeHtml(row.state)}">` +
      `<b>${escapeHtml(row.name)}</b> · ${escapeHtml(userName(row.owner) ?? row.owner)} · ${check}: <span class="ballcourt-roll-state">${state}</span>` +
      `${row.buttons.map((a) => button(a, row.id)).join("")}</li>`
    );
  });
  return (
    `<div class="ballcourt-card ballcourt-roll-card" data-kind="rolls">` +
    `<header class="ballcourt-title">${L("BALLCOURT.Rolls.Title")}</header>` +
    `<ul class="ballcourt-roll-rows">${items.join("")}</ul>` +
    `<div class="ballcourt-actions">${view.cancel ? button(CANCEL) : ""}</div></div>`
  );
}
