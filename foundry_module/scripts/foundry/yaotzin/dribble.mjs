/**
 * Dribbling by dragging: when the GM drags a token that stands on a still ball, the move is
 * held back, checked by the companion (legal squares, who may grapple), and then the token
 * and the ball move together, with a card naming who may grab the dribbler. Foundry asks only
 * the dragging client (preMoveToken), so when a player drags his own dribbler his client
 * holds the move and writes it to his own User; the GM's client checks he owns the token and
 * dribbles it the same way.
 *
 * While such a token is controlled (picked up: Foundry controls a token on the pointer-down that
 * starts its drag), the squares it may still reach are highlighted on that client, for the GM
 * and for the token's owner: the same rules as the companion's check, so a drop on a drawn
 * square is accepted and any other drop is refused with its reason.
 */
import { dribbleReach } from "../../core/dribble-reach.mjs";
import { squareAt, squareTopLeft, stepPath, tokenSquare } from "../../core/geometry.mjs";
import { performAction, postCard } from "../cards/chat.mjs";
import { MODULE_ID, fvtt, isCompanionGM, reportFailure } from "../world/env.mjs";
import { encounterOn } from "../world/encounters.mjs";
import { askGM, refuse, requestFrom } from "../requests/gm-requests.mjs";
import { companion } from "../world/link.mjs";
import { ballToken, ballcourtOf, cardContextOf, owns } from "../world/scene.mjs";
import { readCourt } from "./yaotzin-players.mjs";

/** A player's dribble, sent to the companion's GM (channels.mjs). */
export const DRIBBLE_REQUEST = "dribble";

export const REACH_LAYER = "ballcourt-dribble";
export const REACH_COLOR = 0x33cc66;
export const GOAL_COLOR = 0xffcc33;

/** The GM holds Alt while dragging to move a token freely (setting up, the companion down), as Drag Ruler does. */
export const FREE_MOVE_MODIFIER = "Alt";

const movesFreely = () =>
  Boolean(fvtt.game.user?.isGM && fvtt.game.keyboard?.isModifierActive?.(FREE_MOVE_MODIFIER));

/**
 * preMoveToken(token, movement, operation), on the moving client only: true lets the movement
 * through; false holds it for the companion's check. The documented place to veto a move
 * (its destination is final); preUpdateToken need not see x/y during a drag. Only while an
 * encounter runs on the court is a move off the still ball a dribble: before the match,
 * between fights and with the GM's modifier held, tokens move as anywhere else.
 */
export function onPreMoveToken(token, movement, operation) {
  if (operation?.[MODULE_ID]?.internal) return true;
  const scene = token.parent;
  const bc = ballcourtOf(scene);
  const destination = movement?.destination;
  if (
    !destination ||
    bc?.game !== "yaotzin" ||
    !onStillBall(scene, token) ||
    !encounterOn(scene) ||
    movesFreely()
  )
    return true;
  const from = tokenSquare(bc.mapping, token);
  const to = squareAt(bc.mapping, {
    x: (destination.x ?? token.x) + bc.mapping.gridSize / 2,
    y: (destination.y ?? token.y) + bc.mapping.gridSize / 2,
  });
  if (sameSquare(from, to)) return true;
  if (isCompanionGM())
    dribble(scene, token, from, to).catch(reportFailure); // a refusal is shown with its reason
  else
    askGM(DRIBBLE_REQUEST, {
      sceneId: scene.id,
      tokenId: token.id,
      to: { x: to.x, y: to.y },
    }).catch(reportFailure);
  return false;
}

/**
 * updateUser on the active GM's client: a player dragged his dribbler. Who he is comes from
 * Foundry (the author); he must own the token, and it must still stand on the still ball.
 */
export function onDribbleRequest(user, changes, _options, authorId) {
  const asked = requestFrom(DRIBBLE_REQUEST, user, changes, authorId);
  const scene = fvtt.game.scenes.get(asked?.sceneId);
  const bc = ballcourtOf(scene);
  const token = scene?.tokens?.get?.(asked?.tokenId);
  const to = asked?.to;
  if (bc?.game !== "yaotzin" || !token || !Number.isInteger(to?.x) || !Number.isInteger(to?.y))
    return null;
  if (!owns(user, token) || !onStillBall(scene, token)) return null;
  return dribble(scene, token, tokenSquare(bc.mapping, token), to).catch((err) =>
    refuse(err, user.id),
  );
}

function sameSquare(a, b) {
  return a.x === b.x && a.y === b.y;
}

/** Whether a (team) token stands on the ball while the ball is still. */
function onStillBall(scene, token) {
  const bc = ballcourtOf(scene);
  const ball = ballToken(scene);
  if (!bc?.mapping || !ball || ball.id === token.id) return false;
  if ((ball.flags?.[MODULE_ID]?.ball?.speed ?? 0) > 0) return false;
  return sameSquare(tokenSquare(bc.mapping, token), tokenSquare(bc.mapping, ball));
}

/** The court's players with their speed, which the dribble budget is counted from. */
export function dribblePlayers(scene) {
  return dribblersOf(readCourt(scene));
}

function dribblersOf(court) {
  return court.players.map((p) => {
    const speed = court.tokens.get(p.id)?.speed;
    return Number.isInteger(speed) && speed >= 5 && speed <= 300 ? { ...p, speed } : p;
  });
}

const startedWithBall = (token) => token.flags?.[MODULE_ID]?.turnStartWithBall !== false;

/** The opponents the dribbler beat with an overrun this turn (yaotzin.mjs notes an applied one). */
export function overranThisTurn(scene, token) {
  return overranIn(encounterOn(scene), token);
}

/** `encounter`: its round and turn, which the note must carry to hold. */
function overranIn(encounter, token) {
  const note = token.flags?.[MODULE_ID]?.overran;
  if (!note || !encounter || note.round !== encounter.round || note.turn !== encounter.turn)
    return [];
  return note.ids;
}

/**
 * A dribble from `from` to `to` (a drag's straight walk, or the `squares` the autopilot's
 * proposal names): the court read once, checked by the companion, then its card posted and
 * applied. The autopilot's: `stillDue()` is asked once the companion has answered (the NPC's
 * turn still stands): false, and nothing is posted (resolves null); `beforeApply(message)` is
 * called once the card is posted, before its Apply's first write (to hear where it lands).
 */
export async function dribble(
  scene,
  token,
  from,
  to,
  squares = stepPath(from, to),
  { stillDue = () => true, beforeApply = () => {} } = {},
) {
  const court = readCourt(scene);
  const body = {
    field: court.field,
    players: dribblersOf(court),
    dribbler: token.id,
    ball: from,
    squares,
    started_with_ball: startedWithBall(token),
    readied: false,
  };
  const overran = overranIn(court.encounter, token);
  if (overran.length) body.overran = overran; // he may pass through them (not end there)
  const answer = await companion("POST", "/api/v1/yaotzin/dribble", body);
  if (!stillDue()) return null;
  const message = await postCard(answer, cardContextOf(court, "dribble"), {
    showTo: court.owners[token.id] ?? [],
  }); // his own dribble
  beforeApply(message);
  await performAction(message.id, "apply", fvtt.game.user.id); // the card's Undo takes it back
  return message;
}

function mayDribble(doc) {
  const user = fvtt.game.user;
  return Boolean(user?.isGM || doc.isOwner === true || owns(user, doc));
}

const docOf = (token) => token?.document ?? token;

/**
 * Highlight, on this client, the squares the one controlled token may dribble to; clear them
 * when no such token is controlled. Returns the squares drawn.
 */
export function showDribbleReach(controlled = (fvtt.canvas?.tokens?.controlled ?? []).map(docOf)) {
  const grid = fvtt.canvas?.interface?.grid;
  if (!grid?.addHighlightLayer) return [];
  grid.addHighlightLayer(REACH_LAYER);
  grid.clearHighlightLayer(REACH_LAYER);
  const scene = fvtt.canvas.scene;
  const bc = ballcourtOf(scene);
  const doc = controlled.length === 1 ? controlled[0] : null;
  if (
    bc?.game !== "yaotzin" ||
    !doc ||
    !doc.flags?.[MODULE_ID]?.team ||
    !onStillBall(scene, doc) ||
    !mayDribble(doc)
  )
    return [];
  const court = readCourt(scene);
  const squares = dribbleReach({
    field: court.field,
    players: dribblersOf(court),
    dribbler: doc.id,
    startedWithBall: startedWithBall(doc),
    overran: overranIn(court.encounter, doc),
  });
  for (const sq of squares) {
    const { x, y } = squareTopLeft(bc.mapping, sq);
    grid.highlightPosition(REACH_LAYER, {
      x,
      y,
      color: sq.goal ? GOAL_COLOR : REACH_COLOR,
      border: sq.goal ? GOAL_COLOR : REACH_COLOR,
      alpha: 0.3,
    });
  }
  return squares;
}

/**
 * controlToken(token, controlled): picking a dribbler up shows his squares; letting go clears
 * them. The hook's own arguments count, whether or not the layer's list has caught up yet.
 */
export function onControlToken(token, controlled) {
  const doc = docOf(token);
  let list = (fvtt.canvas?.tokens?.controlled ?? []).map(docOf).filter((d) => d?.id !== doc?.id);
  if (controlled && doc) list = [...list, doc];
  return showDribbleReach(list);
}

/** updateToken: the dribbler or the ball moved (a dribble, an Apply, an Undo): redraw. */
export function onUpdateToken(doc) {
  const controlled = fvtt.canvas?.tokens?.controlled ?? [];
  if (doc?.flags?.[MODULE_ID]?.isBall || controlled.some((t) => docOf(t).id === doc?.id)) {
    return showDribbleReach();
  }
  return null;
}
