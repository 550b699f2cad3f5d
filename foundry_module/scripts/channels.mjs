/**
 * Every message between the table's clients, in one table (as Sequencer's sockets.js): each
 * kind with the handler that takes it, registered once by main.mjs. Three channels, each for
 * what only it can do:
 * - REQUESTS: a player asks the companion's GM by writing the request to his own User's flags
 *   under its kind (requests/gm-requests.mjs); Foundry vouches for the writer (updateUser's
 *   author), so the GM knows who asked. The handler says whose page acts.
 * - QUERIES: the GM asks one user and awaits his answer (User#query, CONFIG.queries); the
 *   question and the answer travel between those two pages alone.
 * - The module socket (core/flash.mjs's CHANNEL): the GM's notices and flashes to the pages;
 *   a socket payload proves nobody's identity, so a page only shows what it carries
 *   (world/overlay-layer.mjs, requests/gm-requests.mjs).
 */
import { PRESS_REQUEST, onUpdateUser } from "./foundry/cards/chat.mjs";
import { DECLARE_QUERY, declarationPrompt } from "./foundry/goatball/goatball-declarations.mjs";
import { AOO_QUERY, aooPrompt } from "./foundry/requests/aoo-choice.mjs";
import { AOO_ANSWER_REQUEST, onAooAnswer } from "./foundry/requests/aoo-question.mjs";
import { ROLL_QUERY, answerRollRequest } from "./foundry/requests/roll-answers.mjs";
import { ROLL_CARD_REQUEST, onRequestCardPress } from "./foundry/requests/roll-request-card.mjs";
import { DRIBBLE_REQUEST, onDribbleRequest } from "./foundry/yaotzin/dribble.mjs";
import {
  KICK_REQUEST,
  PREVIEW_QUERY,
  onKickRequest,
  previewOn,
} from "./foundry/yaotzin/kick-relay.mjs";
import { SUGGEST_QUERY, suggestOn } from "./foundry/yaotzin/planner.mjs";
import { MODULE_ID, fvtt } from "./foundry/world/env.mjs";

/** A player's requests to the companion's GM, by the User flag they are written under. */
export const REQUESTS = {
  [PRESS_REQUEST]: onUpdateUser, // a button on a card
  [KICK_REQUEST]: onKickRequest, // a kick from his own kick tool
  [DRIBBLE_REQUEST]: onDribbleRequest, // his token dragged along with the ball
  [ROLL_CARD_REQUEST]: onRequestCardPress, // a Roll on the roll-request card
  [AOO_ANSWER_REQUEST]: onAooAnswer, // his answer to an attack-of-opportunity question
};

/** The GM's questions to one user, by query name. */
export const QUERIES = {
  [DECLARE_QUERY]: declarationPrompt, // a goat-ball declaration
  [ROLL_QUERY]: answerRollRequest, // a roll of his token's check
  [AOO_QUERY]: aooPrompt, // whether his token takes an attack of opportunity
  [PREVIEW_QUERY]: previewOn, // the kick preview on his own kick tool
  [SUGGEST_QUERY]: suggestOn, // the shot planner's marks on his own kick tool
};

/**
 * updateUser: each request kind the update wrote goes to its handler. Their work is returned
 * (Foundry does not await a hook; whoever calls it by hand, a test, may).
 */
function onUserRequest(user, changes, options, authorId) {
  const written = changes?.flags?.[MODULE_ID] ?? {};
  const work = Object.entries(REQUESTS)
    .filter(([kind]) => kind in written || `==${kind}` in written)
    .map(([, handler]) => handler(user, changes, options, authorId));
  return work.length ? Promise.all(work) : undefined;
}

/** Register every channel's handlers on this page (Hooks "init"). */
export function registerChannels() {
  fvtt.Hooks.on("updateUser", onUserRequest);
  fvtt.CONFIG.queries ??= {};
  Object.assign(fvtt.CONFIG.queries, QUERIES);
}
