/**
 * The Yaotzin autopilot's reactions to a kick in flight (core/yaotzin-react.mjs holds the
 * logic). For each interceptor of a kick that no player owns whose team is on autopilot, the
 * companion's GM's client asks `/yaotzin/react` whether he tries by his team's preset; the
 * GMs' advice card (advice.mjs) says it. On "suggest" the card has a button for each try,
 * which presses that interceptor's own "tries to intercept" on the kick card; on "act" the
 * tries are pressed at once, in the order the ball meets them, until one stops the ball. Every
 * try goes through the kick card's button (chat.mjs's performAction: its flags mark it used,
 * so a second press, from either card or a re-render, does nothing), whose interception card
 * the GM applies, or undoes, as any other.
 */
import { FlightTries, autopilotInterceptors, reactBody, reactionLine, resultLine, tryAction } from "../../core/yaotzin-react.mjs";
import { performAction, registerCardHandlers } from "../cards/chat.mjs";
import { MODULE_ID, fvtt, i18n, localizedError, setting } from "../world/env.mjs";
import { quietly } from "../world/link.mjs";

/** The card game of an advice card that carries the autopilot's reactions (its buttons are handled here). */
export const REACT_GAME = "yaotzinReact";

/**
 * The autopilot's reactions for a kick's NPC interceptors on autopilot, each with its team's
 * mode ([] when none is, or when the companion cannot answer: the GM is told, and the
 * planner's advice covers them). `court`: the kick's own reading of the court (readCourt).
 */
export async function kickReactions(answer, court) {
  const stored = setting("yaotzinAutopilot");
  const interceptors = autopilotInterceptors(answer, { entries: stored && typeof stored === "object" ? stored : {},
    teamOf: (id) => court.tokens.get(id)?.team ?? null, owners: (id) => court.owners[id] ?? [] });
  if (!interceptors.length) return [];
  try {
    const { reactions } = await quietly("POST", "/api/v1/yaotzin/react", reactBody({ field: court.field,
      players: court.players, settings: court.settings, kick: answer, interceptors }));
    const modes = new Map(interceptors.map((i) => [i.player, i.mode]));
    return reactions.map((r) => ({ ...r, mode: modes.get(r.player) }));
  } catch (err) {
    fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.YReact.Failed", { message: err?.message ?? String(err) }));
    return [];
  }
}

/** The advice card's lines and buttons for the reactions: each one's decision; suggest's tries get a button. */
export function reactionParts(reactions, nameOf) {
  return { lines: reactions.map((r) => reactionLine(r, nameOf)),
    actions: reactions.filter((r) => r.tries && r.mode === "suggest").map((r) => tryAction(r, nameOf)) };
}

/** The players whose try on the kick card has been pressed (its flags' used actions). */
function pressedOn(kick) {
  return (kick?.flags?.[MODULE_ID]?.resolved ?? []).filter((id) => id.startsWith("intercept:")).map((id) => id.slice(10));
}

/**
 * Press `player`'s try on the kick card, as its button would, for `userId`: {pressed, outcome},
 * the outcome read from the interception card it posted (whose context says which card and
 * button it answers). Not pressed when refused (already used, no attack of opportunity left:
 * the GM is told why).
 */
async function pressTry(kick, player, userId) {
  const actionId = `intercept:${player}`;
  if (!await performAction(kick.id, actionId, userId)) return { pressed: false, outcome: null };
  const answers = (fvtt.game.messages.contents ?? []).filter((m) => {
    const pressed = m.flags?.[MODULE_ID]?.context?.answers;
    return pressed?.messageId === kick.id && pressed.actionId === actionId;
  });
  return { pressed: true, outcome: answers.at(-1)?.flags[MODULE_ID].context.outcome ?? null };
}

/** Write on the advice card what came of a player's try (or why it was not made): a line, and its record. */
async function noteResult(message, player, result) {
  const flags = message.flags[MODULE_ID];
  const line = resultLine(player, { ...result, nameOf: (id) => flags.names?.[id] ?? id });
  await message.update({ [`flags.${MODULE_ID}.card`]: { ...flags.card, lines: [...flags.card.lines, line] },
    [`flags.${MODULE_ID}.react.results.${player}`]: result });
}

/**
 * Act mode, right after the advice card is posted (resolveKick, on the companion GM's client):
 * press each act-mode try in the order the ball meets them, until one stops the ball; a try
 * already pressed (on the kick card, or recorded on this one) is never pressed again.
 */
export async function playTries(message) {
  const flags = message.flags?.[MODULE_ID];
  const kick = fvtt.game.messages.get(flags?.context?.kickCard);
  if (!kick || !flags.react) return;
  const { reactions, results = {} } = flags.react;
  const tries = new FlightTries(reactions, new Map(reactions.map((r) => [r.player, r.mode])),
    [...pressedOn(kick), ...Object.keys(results)]);
  for (let player = tries.next(); player; player = tries.next()) {
    const { pressed, outcome } = await pressTry(kick, player, fvtt.game.user.id);
    tries.record(player, outcome);
    await noteResult(message, player, pressed ? { outcome } : { refused: true });
  }
  for (const player of tries.skipped) await noteResult(message, player, { stoppedBy: tries.stoppedBy });
}

registerCardHandlers(REACT_GAME, {
  /**
   * Suggest mode's button: the GM's press of an NPC's try presses it on the kick card. A GM's
   * alone (the card is whispered to GMs; a player's press of it can only be forged).
   */
  async act(message, action, user) {
    if (!user?.isGM) throw localizedError("BALLCOURT.Chat.NotAllowed");
    const { player } = action.payload ?? {};
    const flags = message.flags[MODULE_ID];
    const kick = fvtt.game.messages.get(flags.context.kickCard);
    const name = flags.names?.[player] ?? player;
    if (!kick) throw localizedError("BALLCOURT.YReact.KickGone");
    if (pressedOn(kick).includes(player)) throw localizedError("BALLCOURT.YReact.AlreadyTried", { player: name });
    const { pressed, outcome } = await pressTry(kick, player, user.id);
    if (!pressed) throw localizedError("BALLCOURT.YReact.NotTried", { player: name });
    await noteResult(message, player, { outcome });
  },
});
