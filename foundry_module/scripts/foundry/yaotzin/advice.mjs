/**
 * The shot planner's advice on a kick's card of its own: for each NPC interceptor (a token no
 * player owns), the "try / let it pass" line of core/planner.mjs, from the odds the companion
 * sent with the kick, whispered to the GMs; for one whose team is on autopilot, his preset's
 * decision instead (react.mjs: a button to press it on "suggest", pressed at once on "act").
 */
import { renderCard } from "../../core/cards.mjs";
import { adviceLines } from "../../core/planner.mjs";
import { MODULE_ID, fvtt, i18n } from "../world/env.mjs";
import { cardContextOf } from "../world/scene.mjs";
import { REACT_GAME, kickReactions, playTries, reactionParts } from "./react.mjs";

/**
 * The "try / let it pass" line for each NPC interceptor (a token no player owns) of a kick,
 * posted as its own card whispered to the GMs: the advice and its odds are the GM's to weigh,
 * not the players' to read on the public kick card. Null when there is none. `court`: the
 * kick's own reading of the court (readCourt), its teams, tokens and owners; `kickCard`: the
 * kick's posted card, whose buttons the autopilot presses (without it, no autopilot).
 */
export async function postAdvice(answer, court, kickCard = null) {
  const nameOf = (id) => court.tokens.get(id)?.name ?? id;
  const reactions = kickCard ? await kickReactions(answer, court) : [];
  const autopilot = new Set(reactions.map((r) => r.player));
  let lines = [];
  try {
    lines = adviceLines(answer, { teams: court.teams,
      teamOf: (id) => court.tokens.get(id)?.team ?? null,
      isNpc: (id) => !(court.owners[id]?.length) && !autopilot.has(id),
      nameOf });
  } catch (err) {
    globalThis.console?.warn?.("Ballcourt: planner advice", err);   // advice never stops a kick
  }
  const react = reactionParts(reactions, nameOf);
  if (!lines.length && !react.lines.length) return null;
  const card = { kind: "yaotzin.advice", title: { key: "BALLCOURT.Planner.AdviceTitle", data: {},
    text: "Advice for the NPCs (GM only)" }, lines: [...lines, ...react.lines], actions: react.actions };
  const context = reactions.length ? { ...cardContextOf(court, "advice"), game: REACT_GAME, kickCard: kickCard.id }
    : cardContextOf(court, "advice");
  const message = await fvtt.ChatMessage.create({ content: renderCard(card, i18n(), {}), speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
    whisper: fvtt.game.users.filter((u) => u.isGM).map((u) => u.id),
    flags: { [MODULE_ID]: { card, context, applied: false, undone: false, resolved: [],
      ...(reactions.length ? { react: { reactions, results: {} }, names: Object.fromEntries([...autopilot].map((id) => [id, nameOf(id)])) } : {}) } } });
  if (reactions.length) await playTries(message);   // act mode's tries, in the ball's order
  return message;
}
