/**
 * What a card allows, and why not. A card is in one phase at the moment of a press:
 * - open: posted, not applied;
 * - answering: a press on it is being performed (the companion's GM's page is busy with it);
 * - applied: its Apply went through and was not undone;
 * - undone: applied, then undone (it may be applied again while it holds);
 * - stale: not applied, and the ball is no longer where the card found it (a card whose
 *   result depends on the ball: a kick, a tick, a shot, a dribble, an interception, a
 *   contest won for the ball);
 * - superseded: not applied, and another card for the same thing (same kind, same people,
 *   the same ball) was applied since it was posted, the ball still where both found it: the
 *   second card of a double click on a contest, say.
 * Each press of a button is an action of one kind (actionKind) whose table below says in
 * which phases it goes through and, for each other, the lang key that says why not. The
 * companion's GM's page asks at the moment it writes (cards/chat.mjs performAction); every
 * reader's page asks when it draws the buttons (core/cards.mjs), so what it cannot do shows.
 */
import { ballMovedSince } from "./apply.mjs";

export const PHASES = Object.freeze([
  "open",
  "answering",
  "applied",
  "undone",
  "stale",
  "superseded",
]);

/** Why an action is refused in each phase it is not allowed in, by default. */
const REFUSED = {
  answering: "BALLCOURT.Lifecycle.Answering",
  applied: "BALLCOURT.Lifecycle.Applied",
  undone: "BALLCOURT.Lifecycle.Undone",
  stale: "BALLCOURT.Lifecycle.Stale",
  superseded: "BALLCOURT.Lifecycle.Superseded",
  open: "BALLCOURT.Lifecycle.NotApplied",
};

/**
 * Each action kind: the phases it goes through in, and refusals that say more than the default.
 * Apply goes through on an open card or an undone one (once more, if it still holds). A player's
 * try at the ball in flight or rolling (intercept, stop) goes through only while the kick or the
 * tick is open: once applied the ball is at its landing, and too late to catch. A trip back
 * answers the card's own result, so it also goes through after Apply. The choice of a carrier
 * goes through only once the card is applied: before, no team waits for one (the companion
 * refuses it), or the team an earlier card left waiting would get it under this card's name.
 * A disarm back takes the ball from where the disarm (taken as an attack of opportunity) left
 * it, so it goes through only once that disarm is applied.
 * The autopilot's Stop is meant for a turn under way, so it goes through while answering. The
 * referee's inspection's Acknowledge and Override answer one finding each, once, on the open card.
 * An NPC match's Keep makes it a companion match, once; it is the GMs' whoever may press Apply
 * (`gmOnly`: it calls the companion for nobody's token).
 */
const ACTIONS = {
  apply: { allowed: ["open", "undone"] },
  undo: {
    allowed: ["applied"],
    refused: {
      undone: "BALLCOURT.Lifecycle.AlreadyUndone",
      stale: "BALLCOURT.Lifecycle.NotApplied",
      superseded: "BALLCOURT.Lifecycle.NotApplied",
    },
  },
  intercept: { allowed: ["open"], refused: { applied: "BALLCOURT.Lifecycle.TooLate" } },
  stop: { allowed: ["open"], refused: { applied: "BALLCOURT.Lifecycle.TooLate" } },
  trip_back: { allowed: ["open", "applied", "stale"] },
  disarm_back: { allowed: ["applied"], refused: { open: "BALLCOURT.Lifecycle.ApplyFirst" } },
  carrier: { allowed: ["applied"], refused: { open: "BALLCOURT.Lifecycle.CarrierAfterApply" } },
  reroll: { allowed: ["open", "stale"] },
  try: { allowed: ["open", "stale"] },
  accept: { allowed: ["open", "stale"] },
  decline: { allowed: ["open", "stale"] },
  stop_turn: { allowed: ["open", "answering", "stale"] },
  acknowledge: { allowed: ["open"] },
  override: { allowed: ["open"] },
  keep: { allowed: ["open"], gmOnly: true },
};

/**
 * The action kinds each card kind offers, and whether its result hangs on where the ball is. A
 * kind whose result does not (a contest is between two players, the goat-ball cards have no
 * court) is stale only when its own Apply moves the ball (a contest won for it).
 */
export const CARD_KINDS = Object.freeze({
  "yaotzin.kick": { actions: ["apply", "undo", "intercept"], ball: true },
  "yaotzin.tick": { actions: ["apply", "undo", "stop"], ball: true },
  "yaotzin.intercept": { actions: ["apply", "undo"], ball: true },
  "yaotzin.hoop": { actions: ["apply", "undo"], ball: true },
  "yaotzin.dribble": { actions: ["apply", "undo"], ball: true },
  "yaotzin.contest": { actions: ["apply", "undo", "trip_back", "disarm_back"], ball: false },
  "yaotzin.advice": { actions: ["try"], ball: false },
  "yaotzin.autopilot": { actions: ["accept", "decline", "stop_turn"], ball: false },
  "yaotzin.inspection": { actions: ["acknowledge", "override"], ball: false },
  "yaotzin.odds": { actions: [], ball: false },
  "yaotzin.npc_match": { actions: ["keep"], ball: false },
  "goatball.pass": { actions: ["apply", "undo", "carrier"], ball: false },
  "goatball.tipoff": { actions: ["apply", "undo", "reroll", "carrier"], ball: false },
  "goatball.quick": { actions: [], ball: false },
});

/** The kind of a button's action: its id's first part ("intercept:yo", "stop:yo:3"); the autopilot's Stop is its own. */
export function actionKind(cardKind, actionId) {
  const kind = String(actionId).split(":")[0];
  return cardKind === "yaotzin.autopilot" && kind === "stop" ? "stop_turn" : kind;
}

/** Whether only a GM may press this button, whatever the table lets players press (an NPC match's Keep). */
export function gmOnly(cardKind, actionId) {
  return Boolean(ACTIONS[actionKind(cardKind, actionId)]?.gmOnly);
}

/**
 * The card's phase, from its message's flags and the world as read now: `answering` (a press
 * on it is being performed), `ballNow` (the ball's square, speed and direction, null without a
 * ball; undefined when unknown), `siblingApplied` (another card for the same thing is applied).
 */
export function cardPhase(flags, { answering = false, ballNow, siblingApplied = false } = {}) {
  if (answering) return "answering";
  if (flags.applied && !flags.undone) return "applied";
  if (
    holdsBall(flags.card) &&
    flags.context?.ballAt &&
    ballNow !== undefined &&
    (!ballNow || ballMovedSince(flags.context.ballAt, ballNow))
  )
    return "stale";
  if (siblingApplied) return "superseded";
  return flags.undone ? "undone" : "open";
}

/** Whether a card's result hangs on where the ball is: its kind's, or its Apply moves the ball (a contest won for it). */
function holdsBall(card) {
  return Boolean(
    CARD_KINDS[card?.kind]?.ball || card?.actions?.find((a) => a.id === "apply")?.payload?.ball,
  );
}

/**
 * Whether `actionId` may be performed on `card` in `phase`, given the actions already used on
 * it (`resolved`): null when it may, else the refusal {key, data}.
 */
export function refusal(card, phase, actionId, resolved = new Set()) {
  const kind = actionKind(card.kind, actionId);
  const action = (card.actions ?? []).find((a) => a.id === actionId);
  if (!offers(card, kind) || (kind !== "undo" && !action))
    return { key: "BALLCOURT.Lifecycle.NoSuchAction", data: {} };
  const rule = ACTIONS[kind] ?? NOT_APPLIED;
  if (!rule.allowed.includes(phase))
    return { key: rule.refused?.[phase] ?? REFUSED[phase], data: {} };
  if (kind !== "apply" && kind !== "undo" && usedUp(card, action, resolved))
    return { key: "BALLCOURT.Lifecycle.Used", data: {} };
  return null;
}

/** A button of a kind the table does not know (a newer companion's card): it goes through while its card is not applied. */
const NOT_APPLIED = { allowed: ["open", "stale"] };

/** Whether the card offers actions of this kind: its kind's, or for a kind not in the table, those of its own buttons and Undo. */
function offers(card, kind) {
  const known = CARD_KINDS[card.kind]?.actions;
  if (known) return known.includes(kind);
  return kind === "undo" || (card.actions ?? []).some((a) => actionKind(card.kind, a.id) === kind);
}

/** Whether a player's action is spent: pressed before, or another of its `once` group was (his one try at a rolling ball). */
function usedUp(card, action, resolved) {
  if (resolved.has(action.id)) return true;
  return (
    Boolean(action.once) &&
    (card.actions ?? []).some((a) => a.once === action.once && resolved.has(a.id))
  );
}

/**
 * The key that says what makes two cards "the same thing": kind, the people named in the
 * title (kicker, interceptor, contestants), the ball it was computed from, and the press it
 * answers. Null for a card without a recorded ball (nothing to compare).
 */
export function subjectOf(flags) {
  const ctx = flags?.context ?? {};
  if (!ctx.ballAt || !flags.card) return null;
  return JSON.stringify([
    flags.card.kind,
    ctx.sceneId ?? null,
    flags.card.title?.data ?? flags.card.title?.text ?? null,
    ctx.ballAt,
    ctx.answers ?? null,
  ]);
}
