/**
 * A player asks the companion's GM (env.mjs) to act (press a card's button, kick, dribble) by writing the
 * request to his own User's flags. Foundry's server vouches for who wrote it: the GM's client
 * takes it from the updateUser hook, whose author may only write his own User. A socket
 * payload could claim to be anyone. The hook's `changes` hold only what differs from the last
 * request of that kind, so the GM reads the request whole from the (already updated) User.
 */
import { MODULE_ID, companionGM, fvtt, i18n, isCompanionGM } from "./env.mjs";

/** On a player's client: send a request of this kind; false (the player is told) with no GM connected. */
export async function askGM(kind, request) {
  if (!companionGM()) {
    fvtt.ui.notifications?.warn(i18n().localize("BALLCOURT.Chat.WaitingForGM"));
    return false;
  }
  fvtt.ui.notifications?.info(i18n().localize("BALLCOURT.Chat.SentToGM"));
  await fvtt.game.user.setFlag(MODULE_ID, kind, { ...request, at: Date.now() });
  return true;
}

/** In updateUser, on the companion GM's client: the request of this kind `user` just wrote to himself, or null. */
export function requestFrom(kind, user, changes, authorId) {
  if (!changes?.flags?.[MODULE_ID]?.[kind] || !isCompanionGM() || authorId !== user.id) return null;
  return user.getFlag(MODULE_ID, kind) ?? null;
}
