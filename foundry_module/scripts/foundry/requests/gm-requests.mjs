/**
 * A player asks the companion's GM (env.mjs) to act (press a card's button, kick, dribble) by writing the
 * request to his own User's flags. Foundry's server vouches for who wrote it: the GM's client
 * takes it from the updateUser hook, whose author may only write his own User. A socket
 * payload could claim to be anyone. The hook's `changes` hold only what differs from the last
 * request of that kind, so the GM reads the request whole from the (already updated) User.
 * Foundry merges a flag's object into what is stored (FOUNDRY-SEMANTICS §1.4), so a request
 * replaces the one before it outright: merged, an earlier request's keys that the new one
 * lacks (a roll's option, a roll where none is sent) would be read as the new one's.
 *
 * The write is acknowledged as soon as the server has it, long before the GM has carried it
 * out; a request that must not be sent twice while under way (a kick: a double click would be
 * two) waits for the GM's word that it is done (requestDone), or a while.
 */
import { CHANNEL } from "../../core/flash.mjs";
import { formatNotice } from "../../core/i18n.mjs";
import {
  BallcourtError,
  MODULE_ID,
  companionGM,
  fvtt,
  i18n,
  isCompanionGM,
  notify,
  reportFailure,
} from "../world/env.mjs";

const REFUSED = "refused";
const DONE = "done";

/** On this player's client: the requests that wait for the GM's word, by their `at`: {gm asked, done()}. */
const awaitingDone = new Map();

/**
 * On a player's client: send a request of this kind; false (the player is told) with no GM
 * connected. With `untilDoneMs`, it resolves once the GM says the request is done (refused
 * included), once that GM's page goes away (gmLeft: the player is told to ask again), or
 * after that many milliseconds.
 */
export async function askGM(kind, request, { untilDoneMs = 0 } = {}) {
  const gm = companionGM();
  if (!gm) {
    notify("warn", "BALLCOURT.Chat.WaitingForGM");
    return false;
  }
  notify("info", "BALLCOURT.Chat.SentToGM");
  const at = Date.now();
  const done =
    untilDoneMs > 0
      ? new Promise((resolve) => {
          const timer = setTimeout(resolve, untilDoneMs);
          awaitingDone.set(at, {
            gm: gm.id,
            done: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        })
      : null;
  try {
    await fvtt.game.user.update(replacingFlag(kind, { ...request, at }));
    await done;
  } finally {
    awaitingDone.delete(at);
  }
  return true;
}

/**
 * userConnected on a player's client: a GM whose page went away (a reload, a closed tab) will
 * never say the requests asked of him are done, so they stop waiting now and the player is
 * told to ask again (his page took them; the GM's new page knows nothing of them).
 */
export function gmLeft(user, connected) {
  if (connected || !user?.isGM) return;
  const lost = [...awaitingDone.values()].filter((w) => w.gm === user.id);
  if (!lost.length) return;
  for (const w of lost) w.done();
  notify("warn", "BALLCOURT.Chat.GMLeft");
}

/** On the companion GM's client: `userId`'s request (its `at`) is done, carried out or refused: his client may send the next. */
export function requestDone(userId, request) {
  if (!userId || userId === fvtt.game.user?.id || request?.at === undefined) return;
  fvtt.game.socket?.emit(CHANNEL, { type: DONE, to: userId, at: request.at });
}

/** An update that writes the flag `kind` whole (FOUNDRY-SEMANTICS §1.4-1.5): v14's `_replace`, v13's `==key`. A card's undo record too (cards/chat.mjs). */
export function replacingFlag(kind, value) {
  const replacement = fvtt.operators?.ForcedReplacement;
  return replacement
    ? { [`flags.${MODULE_ID}.${kind}`]: replacement.create(value) }
    : { [`flags.${MODULE_ID}.==${kind}`]: value };
}

/** In updateUser, on the companion GM's client: the request of this kind `user` just wrote to himself, or null. */
export function requestFrom(kind, user, changes, authorId) {
  return isCompanionGM() ? requestOf(kind, user, changes, authorId) : null;
}

/** In updateUser, on any client: the request of this kind `user` just wrote to himself, or null (its handler says whose page acts). */
export function requestOf(kind, user, changes, authorId) {
  const changed = changes?.flags?.[MODULE_ID];
  if (!(changed?.[kind] || changed?.[`==${kind}`]) || authorId !== user.id) return null;
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
  const said =
    err instanceof BallcourtError
      ? { message: err.message, key: err.key, data: err.data }
      : {
          message: err?.message ?? String(err),
          key: "BALLCOURT.Errors.Unexpected",
          data: { message: err?.message ?? String(err) },
        };
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

/**
 * Tell every GM something (a lang key and its data), each in his own language: this GM on his
 * screen, the others over the module socket, read by their listenForRefusals.
 */
export function tellGMs(key, data = null) {
  if (fvtt.game.user?.isGM) fvtt.ui.notifications?.warn(readNotice({ key, data }));
  for (const gm of fvtt.game.users.filter(
    (u) => u.isGM && u.active && u.id !== fvtt.game.user?.id,
  )) {
    fvtt.game.socket?.emit(CHANNEL, { type: REFUSED, to: gm.id, key, data });
  }
}

/** A notice in this client's language (its key, the notices inside its data too), else the words it came with (null if neither will do). */
function readNotice({ key, data, message }) {
  if (typeof key === "string" && key.startsWith("BALLCOURT.") && i18n().has(key))
    return formatNotice({ key, data }, i18n());
  return typeof message === "string" ? message : null;
}

/**
 * On every client (Hooks "ready"): show the notices the companion's GM addresses to this user,
 * and take his word that a request of this user's is done.
 */
export function listenForRefusals() {
  fvtt.game.socket?.on(CHANNEL, (data) => {
    if (data?.to !== fvtt.game.user?.id) return;
    if (data.type === DONE) awaitingDone.get(data.at)?.done();
    if (data.type !== REFUSED) return;
    const text = readNotice(data)?.slice(0, 500);
    if (!text) return;
    if (data.level === "info") fvtt.ui.notifications?.info(text);
    else fvtt.ui.notifications?.warn(text);
  });
}
