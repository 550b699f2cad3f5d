/**
 * A player kicks with his own token. Only the GM's browser talks to the companion, so a
 * player's kick tool sends its choices (scene, kicker, target, standing, Power Attack), never a
 * request body: the GM's client builds the body from the scene it holds.
 * - Previews are read-only: the player asks the active GM with `User#query`, whose answer
 *   comes back to him alone.
 * - The kick itself is an action: the player writes it to his own User's flags, so the GM
 *   learns who asked from Foundry's server (the `updateUser` hook's author) and checks that he
 *   owns the kicker before resolving it. The GM still applies the card (or the kicker's owner,
 *   when the table lets owners press Apply).
 * - One kick in progress per kicker: a second request for him while his first is resolved is
 *   ignored, from whichever browser it comes, and whoever asked is told why. A player's own
 *   tool waits, as the GM's does, until his kick is resolved (the GM's word: requestDone).
 */
import { KicksInProgress, previewRequest } from "../../core/requests.mjs";
import {
  MODULE_ID,
  companionGM,
  fvtt,
  isCompanionGM,
  localizedError,
  setting,
} from "../world/env.mjs";
import { askGM, refuse, requestDone, requestFrom, tellPresser } from "../requests/gm-requests.mjs";
import { quietly } from "../world/link.mjs";
import { ballToken, ballcourtOf, owns, tokenList } from "../world/scene.mjs";
import { resolveKick } from "./yaotzin.mjs";
import { readCourt } from "./yaotzin-players.mjs";

export const PREVIEW_QUERY = `${MODULE_ID}.preview`;
/** A player's kick, sent to the companion's GM (channels.mjs). */
export const KICK_REQUEST = "kick";

/** The scene and the kicker a choice names, checked on the GM's client. */
function courtAndKicker({ sceneId, kicker }) {
  const scene = fvtt.game.scenes.get(sceneId);
  const bc = ballcourtOf(scene);
  const token = tokenList(scene).find((t) => t.id === kicker);
  if (bc?.game !== "yaotzin" || !token || !ballToken(scene)) {
    throw localizedError("BALLCOURT.Kick.PickKicker");
  }
  return { scene, bc, token };
}

/** On the GM's client: the companion's preview of a kick's choices. */
export function previewOn(choice) {
  const court = readCourt(courtAndKicker(choice).scene);
  return quietly(
    "POST",
    "/api/v1/yaotzin/kick/preview",
    previewRequest({
      mapping: court.mapping,
      field: court.field,
      players: court.players,
      ball: court.ball,
      kicker: choice.kicker,
      target: choice.target,
      standing: choice.standing,
      powerAttack: choice.powerAttack,
      settings: court.settings,
    }),
  );
}

/** From any client: the preview of these choices (the GM's own, or asked of the active GM). */
export function requestPreview(choice) {
  if (isCompanionGM()) return previewOn(choice);
  const gm = companionGM();
  if (!gm) return Promise.reject(localizedError("BALLCOURT.Chat.WaitingForGM"));
  return gm.query(PREVIEW_QUERY, choice, { timeout: 10000 });
}

const kicking = new KicksInProgress();

/**
 * On the companion GM's client: resolve `kicker`'s kick with `resolve` unless one of his is being
 * resolved already; then `userId`, who asked, is told and nothing is done (null).
 */
async function kickOnce(token, userId, resolve) {
  if (!kicking.begin(token.id)) {
    tellPresser(userId, "BALLCOURT.Turns.KickInProgress", { kicker: token.name });
    return null;
  }
  try {
    return await resolve();
  } finally {
    kicking.end(token.id);
  }
}

/** How long a player's tool waits for the GM's word that his kick is resolved before it takes clicks again. */
const KICK_WAIT_MS = 15000;

/**
 * From any client: kick. The GM resolves at once; a player's kick goes to the GM as his own
 * write, and this resolves once the GM has resolved it (or refused it).
 */
export async function requestKick(choice, preview = null) {
  if (isCompanionGM()) {
    const { scene, token } = courtAndKicker(choice);
    return kickOnce(token, fvtt.game.user.id, () =>
      resolveKick(scene, {
        kicker: choice.kicker,
        target: choice.target,
        standing: choice.standing,
        powerAttack: choice.powerAttack,
        preview,
      }),
    );
  }
  await askGM(KICK_REQUEST, choice, { untilDoneMs: KICK_WAIT_MS });
  return null;
}

/**
 * updateUser on the active GM's client: a player asked to kick. He may only if the table lets
 * players kick and he owns the kicker; who he is comes from Foundry, not from the flag.
 */
export async function onKickRequest(user, changes, _options, authorId) {
  const choice = requestFrom(KICK_REQUEST, user, changes, authorId);
  if (!choice) return null;
  try {
    if (!setting("playerKicks")) return null;
    const { scene, token } = courtAndKicker(choice);
    if (!owns(user, token)) return null;
    return await kickOnce(token, user.id, () =>
      resolveKick(scene, {
        kicker: choice.kicker,
        target: choice.target,
        standing: choice.standing,
        powerAttack: choice.powerAttack,
      }),
    );
  } catch (err) {
    refuse(err, user.id);
    return null;
  } finally {
    requestDone(user.id, choice);
  }
}
