/**
 * The Yaotzin autopilot's reactions to the ball passing its NPCs (core/yaotzin-react.mjs holds
 * the logic): a kick in flight past its interceptors, a rolling ball's tick past the players
 * next to its path. For each such chance of a token no player owns whose team is on
 * autopilot, the companion's GM's client asks `/yaotzin/react` whether he tries by his team's
 * preset; the GMs' advice card (advice.mjs) says it. On "suggest" the card has a button for
 * each try, which presses that player's own button on the kick's or the tick's card ("tries to
 * intercept", "stop"); on "act" the tries are pressed at once, in the order the ball meets
 * them, until one stops the ball. Every try goes through that card's button (chat.mjs's
 * performAction: its flags mark it used, so a second press, from either card or a re-render,
 * does nothing), whose interception card the GM applies, or undoes, as any other.
 */
import {
  TryChain,
  autopilotChances,
  chancesOf,
  reactBody,
  reactionLine,
  resultLine,
  tryAction,
} from "../../core/yaotzin-react.mjs";
import { performAction, registerCardHandlers } from "../cards/chat.mjs";
import { answerBelongs, stampOn, trackerFor } from "../requests/turns.mjs";
import { MODULE_ID, fvtt, localizedError, notify, setting } from "../world/env.mjs";
import { quietly } from "../world/link.mjs";

/** The card game of an advice card that carries the autopilot's reactions (its buttons are handled here). */
export const REACT_GAME = "yaotzinReact";

/**
 * The autopilot's reactions to a kick (`kind` "flight") or a tick ("rolling") for its NPCs on
 * autopilot, each with its team's mode and the source card's button it presses ([] when none
 * is on autopilot, or when the companion cannot answer: the GM is told). `court`: the kick's
 * or tick's own reading of the court (readCourt). An answer that comes after the tracker moved
 * on is dropped (the GMs are told): its tries would be made in another's turn.
 */
export async function reactionsTo(kind, answer, court) {
  const stored = setting("yaotzinAutopilot");
  const chances = autopilotChances(chancesOf(kind, answer), {
    entries: stored && typeof stored === "object" ? stored : {},
    teamOf: (id) => court.tokens.get(id)?.team ?? null,
    owners: (id) => court.owners[id] ?? [],
  });
  if (!chances.length) return [];
  const scene = fvtt.game.scenes.get(court.sceneId);
  const asked = stampOn(scene);
  try {
    const { reactions } = await quietly(
      "POST",
      "/api/v1/yaotzin/react",
      reactBody({
        kind,
        field: court.field,
        players: court.players,
        settings: court.settings,
        kicker: answer.kicker,
        chances,
      }),
    );
    if (!answerBelongs(asked, trackerFor(scene), { key: "BALLCOURT.Turns.LateReactions" }))
      return [];
    const byPlayer = new Map(chances.map((c) => [c.player, c]));
    return reactions.map((r) => ({
      ...r,
      mode: byPlayer.get(r.player).mode,
      press: byPlayer.get(r.player).press,
    }));
  } catch (err) {
    notify("warn", "BALLCOURT.YReact.Failed", { message: err?.message ?? String(err) });
    return [];
  }
}

/** The advice card's lines and buttons for the reactions: each one's decision; suggest's tries get a button. */
export function reactionParts(reactions, nameOf) {
  return {
    lines: reactions.map((r) => reactionLine(r, nameOf)),
    actions: reactions
      .filter((r) => r.tries && r.mode === "suggest")
      .map((r) => tryAction(r, nameOf)),
  };
}

/** The players whose try on the source card has been pressed (its flags' used "intercept:<id>" and "stop:<id>:<step>"). */
function pressedOn(source) {
  return (source?.flags?.[MODULE_ID]?.resolved ?? [])
    .map((id) => id.split(":"))
    .filter(([kind]) => kind === "intercept" || kind === "stop")
    .map(([, player]) => player);
}

/**
 * The outcome of the interception card that answered `actionId` on `source` (its context says
 * which card and button it answers), or null when there is none.
 */
function outcomeOf(source, actionId) {
  const answers = (fvtt.game.messages.contents ?? []).filter((m) => {
    const pressed = m.flags?.[MODULE_ID]?.context?.answers;
    return pressed?.messageId === source.id && pressed.actionId === actionId;
  });
  return answers.at(-1)?.flags[MODULE_ID].context.outcome ?? null;
}

/** Whether an NPC's try on a tick's card has stopped the ball (then the tracker does not apply that tick by itself). */
export function stoppedOn(source) {
  return (source?.flags?.[MODULE_ID]?.resolved ?? []).some(
    (id) => id.startsWith("stop:") && outcomeOf(source, id) === "stopped",
  );
}

/**
 * Press a reaction's button on the source card, as its player's owner would, for `userId`:
 * {pressed, outcome}. Not pressed when refused (already used, no attack of opportunity left:
 * the GM is told why).
 */
async function pressTry(source, reaction, userId) {
  if (!(await performAction(source.id, reaction.press, userId)))
    return { pressed: false, outcome: null };
  return { pressed: true, outcome: outcomeOf(source, reaction.press) };
}

/** Write on the advice card what came of a player's try (or why it was not made): a line, and its record. */
async function noteResult(message, player, result) {
  const flags = message.flags[MODULE_ID];
  const line = resultLine(player, { ...result, nameOf: (id) => flags.names?.[id] ?? id });
  await message.update({
    [`flags.${MODULE_ID}.card`]: { ...flags.card, lines: [...flags.card.lines, line] },
    [`flags.${MODULE_ID}.react.results.${player}`]: result,
  });
}

/**
 * Act mode, right after the advice card is posted (on the companion GM's client, by the kick
 * or the tick that posted its source card): press each act-mode try in the order the ball
 * meets them, until one stops the ball; a try already pressed (on the source card, or
 * recorded on this one) is never pressed again.
 */
export async function playTries(message) {
  const flags = message.flags?.[MODULE_ID];
  const source = fvtt.game.messages.get(flags?.context?.sourceCard);
  if (!source || !flags.react) return;
  const { reactions, results = {} } = flags.react;
  const byPlayer = new Map(reactions.map((r) => [r.player, r]));
  const chain = new TryChain(reactions, new Map(reactions.map((r) => [r.player, r.mode])), [
    ...pressedOn(source),
    ...Object.keys(results),
  ]);
  for (let player = chain.next(); player; player = chain.next()) {
    const { pressed, outcome } = await pressTry(source, byPlayer.get(player), fvtt.game.user.id);
    chain.record(player, outcome);
    await noteResult(message, player, pressed ? { outcome } : { refused: true });
  }
  for (const player of chain.skipped)
    await noteResult(message, player, { stoppedBy: chain.stoppedBy });
}

registerCardHandlers(REACT_GAME, {
  /**
   * Suggest mode's button: the GM's press of an NPC's try presses it on the source card. A
   * GM's alone (the card is whispered to GMs; a player's press of it can only be forged).
   */
  async act(message, action, user) {
    if (!user?.isGM) throw localizedError("BALLCOURT.Chat.NotAllowed");
    const { player } = action.payload ?? {};
    const flags = message.flags[MODULE_ID];
    const source = fvtt.game.messages.get(flags.context.sourceCard);
    const reaction = flags.react?.reactions?.find((r) => r.player === player);
    const name = flags.names?.[player] ?? player;
    if (!source || !reaction) throw localizedError("BALLCOURT.YReact.SourceGone");
    if (pressedOn(source).includes(player))
      throw localizedError("BALLCOURT.YReact.AlreadyTried", { player: name });
    const { pressed, outcome } = await pressTry(source, reaction, user.id);
    if (!pressed) throw localizedError("BALLCOURT.YReact.NotTried", { player: name });
    await noteResult(message, player, { outcome });
  },
});
