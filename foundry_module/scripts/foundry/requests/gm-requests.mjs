/**
 * A player asks the companion's GM (env.mjs) to act (press a card's button, kick, dribble) by writing the
 * request to his own User's flags. Foundry's server vouches for who wrote it: the GM's client
 * takes it from the updateUser hook, whose author may only write his own User. A socket
 * payload could claim to be anyone. The hook's `changes` hold only what differs from the last
 * request of that kind, so the GM reads the request whole from the (already updated) User.
 * Foundry merges a flag's object into what is stored (FOUNDRY-SEMANTICS §1.4), so a request
 * replaces the one before it outright: merged, an earlier request's keys that the new one
 * lacks (a roll's option, a roll where none is sent) would be read as the new one's.
 */
import { CHANNEL } from "../../core/flash.mjs";
import { formatNotice } from "../../core/i18n.mjs";
import { BallcourtError, MODULE_ID, companionGM, fvtt, i18n, isCompanionGM, reportFailure } from "../world/env.mjs";

const REFUSED = "refused";

/** On a player's client: send a request of this kind; false (the player is told) with no GM connected. */
export async function askGM(kind, request) {
  if (!companionGM()) {
    fvtt.ui.notifications?.warn(i18n().localize("BALLCOURT.Chat.WaitingForGM"));
    return false;
  }
  fvtt.ui.notifications?.info(i18n().localize("BALLCOURT.Chat.SentToGM"));
  await fvtt.game.user.update(replacingFlag(kind, { ...request, at: Date.now() }));
  return true;
}

/** An update that writes the flag `kind` whole (FOUNDRY-SEMANTICS §1.4-1.5): v14's `_replace`, v13's `==key`. A card's undo record too (cards/chat.mjs). */
export function replacingFlag(kind, value) {
  const replacement = fvtt.operators?.ForcedReplacement;
  return replacement ? { [`flags.${MODULE_ID}.${kind}`]: replacement.create(value) }
    : { [`flags.${MODULE_ID}.==${kind}`]: value };
}

/** In updateUser, on the companion GM's client: the request of this kind `user` just wrote to himself, or null. */
export function requestFrom(kind, user, changes, authorId) {
  const changed = changes?.flags?.[MODULE_ID];
  if (!(changed?.[kind] || changed?.[`==${kind}`]) || !isCompanionGM() || authorId !== user.id) return null;
  return user.getFlag(MODULE_ID, kind) ?? null;
}

/**
 * On the companion GM's client: an action asked by `userId` failed or was refused. The GM sees
 * it as always; the player who asked is told too, with its reason, over the module socket
 * addressed to him (his client only shows it: a notice proves nothing, so anyone may send one).
 * A reason with a lang key goes as the key and its data, read in the player's own language;
 * the companion's own words (English) as they are.
 */
export function refuse(err, userId) {
  reportFailure(err);
  if (!userId || userId === fvtt.game.user?.id) return;
  const said = err instanceof BallcourtError
    ? { message: err.message, key: err.key, data: err.data }
    : { message: err?.message ?? String(err), key: "BALLCOURT.Errors.Unexpected", data: { message: err?.message ?? String(err) } };
  fvtt.game.socket?.emit(CHANNEL, { type: REFUSED, to: userId, ...said });
}

/** Tell the player who pressed something that it waits (busy with an earlier press, a roll): a lang key and its data. */
export function tellPresser(userId, key, data = null) {
  if (!userId || userId === fvtt.game.user?.id) {
    fvtt.ui.notifications?.info(readNotice({ key, data }));
    return;
  }
  fvtt.game.socket?.emit(CHANNEL, { type: REFUSED, to: userId, key, data, level: "info" });
}

/** A notice in this client's language (its key, the notices inside its data too), else the words it came with (null if neither will do). */
function readNotice({ key, data, message }) {
  if (typeof key === "string" && key.startsWith("BALLCOURT.") && i18n().has(key)) return formatNotice({ key, data }, i18n());
  return typeof message === "string" ? message : null;
}

/** On every client (Hooks "ready"): show the notices the companion's GM addresses to this user. */
export function listenForRefusals() {
  fvtt.game.socket?.on(CHANNEL, (data) => {
    if (data?.type !== REFUSED || data.to !== fvtt.game.user?.id) return;
    const text = readNotice(data)?.slice(0, 500);
    if (!text) return;
    if (data.level === "info") fvtt.ui.notifications?.info(text);
    else fvtt.ui.notifications?.warn(text);
  });
}
