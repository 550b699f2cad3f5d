/**
 * Dribbling by dragging: when the GM drags a token that stands on a still ball, the move is
 * held back, checked by the companion (legal squares, who may grapple), and then the token
 * and the ball move together, with a card naming who may grab the dribbler.
 */
import { squareAt, stepPath, tokenSquare } from "../core/geometry.mjs";
import { performAction, postCard } from "./chat.mjs";
import { MODULE_ID, fvtt, isActiveGM } from "./env.mjs";
import { companion } from "./link.mjs";
import { ballToken, ballcourtOf, cardContext } from "./scene.mjs";
import { playersOn } from "./yaotzin.mjs";

/** preUpdateToken: true lets the update through; false holds it for the companion's check. */
export function onPreUpdateToken(token, changes, options) {
  if (options?.[MODULE_ID]?.internal || !isActiveGM()) return true;
  if (!("x" in changes) && !("y" in changes)) return true;
  const scene = token.parent;
  const bc = ballcourtOf(scene);
  const ball = ballToken(scene);
  if (bc?.game !== "yaotzin" || !ball || ball.id === token.id) return true;
  const state = ball.flags?.[MODULE_ID]?.ball ?? {};
  const from = tokenSquare(bc.mapping, token);
  if ((state.speed ?? 0) > 0 || !sameSquare(from, tokenSquare(bc.mapping, ball))) return true;
  const to = squareAt(bc.mapping, { x: (changes.x ?? token.x) + bc.mapping.gridSize / 2,
    y: (changes.y ?? token.y) + bc.mapping.gridSize / 2 });
  if (sameSquare(from, to)) return true;
  dribble(scene, token, from, to);
  return false;
}

function sameSquare(a, b) {
  return a.x === b.x && a.y === b.y;
}

export async function dribble(scene, token, from, to) {
  const bc = ballcourtOf(scene);
  const body = { field: bc.field, players: playersOn(scene), dribbler: token.id, ball: from,
    squares: stepPath(from, to), started_with_ball: token.flags?.[MODULE_ID]?.turnStartWithBall !== false,
    readied: false };
  const answer = await companion("POST", "/api/v1/yaotzin/dribble", body);
  const message = await postCard(answer, cardContext(scene, "dribble"));
  await performAction(message.id, "apply", fvtt.game.user.id);   // the card's Undo takes it back
  return message;
}
