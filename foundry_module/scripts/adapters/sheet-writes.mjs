/**
 * Writes to a sheet that remember what they changed, so Undo puts back exactly that: the
 * values each changed field held, read from the actor at the moment of the write (not a
 * difference to take off again, which a floor at 0 or a cap would skew), and the statuses as
 * they were, with those the system sets alongside (dnd5e's prone with unconscious, D35E's
 * helpless). They use only the actor's own methods.
 */

const valueAt = (doc, path) => path.split(".").reduce((o, k) => o?.[k], doc);

/** The values `doc` holds now at each of an update's dotted keys (null where it has none). */
export function valuesAt(doc, update) {
  return Object.fromEntries(Object.keys(update).map((key) => [key, valueAt(doc, key) ?? null]));
}

/**
 * Update the actor with `makeUpdate(actor)`, worked out from his sheet as it is now; returns
 * what the changed fields held before ({} when nothing changes), and the fields at `alsoPaths`
 * the system may change with them (D35E's conditions on a hit point write), for `restoreFields`.
 */
export async function updateRemembering(actor, makeUpdate, alsoPaths = []) {
  const update = makeUpdate(actor);
  const before = fieldsBefore(actor, update, alsoPaths);
  if (Object.keys(update).length) await actor.update(update);
  return before;
}

/** What `updateRemembering` would return for `update`, written nowhere (an Apply's journal). */
export function fieldsBefore(actor, update, alsoPaths = []) {
  if (!Object.keys(update).length) return {};
  return valuesAt(actor, { ...Object.fromEntries(alsoPaths.map((p) => [p, null])), ...update });
}

/** Put the fields `before` recorded back. */
export async function restoreFields(actor, before) {
  if (Object.keys(before ?? {}).length) await actor.update(before);
}

/** Whether the actor has status `id`, where his system keeps it (D35E: its condition fields). */
export function hasStatus(adapter, actor, id) {
  return adapter.conditionsPath
    ? valueAt(actor, `${adapter.conditionsPath}.${id}`) === true
    : Boolean(actor?.statuses?.has?.(id));
}

/**
 * Turn status `id` on or off where the system keeps it; returns {status: had} for it and for
 * each status the system turns on with it, as they were, for `restoreStatuses`.
 */
export async function setStatus(adapter, actor, id, active) {
  const before = statusesBefore(adapter, actor, id, active);
  if (adapter.conditionsPath) await actor.update({ [`${adapter.conditionsPath}.${id}`]: active });
  else await actor.toggleStatusEffect?.(id, { active });
  return before;
}

/** What `setStatus` would return, written nowhere (an Apply's journal). */
export function statusesBefore(adapter, actor, id, active) {
  const ids = [id, ...(active ? (adapter.statusRiders?.[id] ?? []) : [])];
  return Object.fromEntries(ids.map((s) => [s, hasStatus(adapter, actor, s)]));
}

/** Put the statuses `before` recorded back, those that differ now. */
export async function restoreStatuses(adapter, actor, before) {
  const differ = Object.entries(before ?? {}).filter(
    ([id, had]) => hasStatus(adapter, actor, id) !== had,
  );
  if (!differ.length) return;
  if (adapter.conditionsPath) {
    await actor.update(
      Object.fromEntries(differ.map(([id, had]) => [`${adapter.conditionsPath}.${id}`, had])),
    );
  } else {
    for (const [id, had] of differ) await actor.toggleStatusEffect?.(id, { active: had });
  }
}

/**
 * Put back what an Apply recorded, latest write first: `records` are {tokenId, fields?,
 * statuses?} in the order written, each restored on `actorOf(tokenId)` (skipped when gone).
 */
export async function restoreSheets(adapter, actorOf, records = []) {
  for (const { tokenId, fields, statuses } of [...records].reverse()) {
    const actor = actorOf(tokenId);
    if (!actor) continue;
    await restoreStatuses(adapter, actor, statuses);
    await restoreFields(actor, fields);
  }
}
