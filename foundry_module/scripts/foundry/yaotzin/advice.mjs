/**
 * The shot planner's advice on a kick's card of its own: for each NPC interceptor (a token no
 * player owns), the "try / let it pass" line of core/planner.mjs, from the odds the companion
 * sent with the kick, whispered to the GMs; for one whose team is on autopilot, his preset's
 * decision instead (react.mjs: a button to press it on "suggest", pressed at once on "act"),
 * as for the NPCs a rolling ball passes on its tick.
 */
import { renderCard } from "../../core/cards.mjs";
import { adviceLines } from "../../core/planner.mjs";
import { MODULE_ID, fvtt, i18n } from "../world/env.mjs";
import { cardContextOf } from "../world/scene.mjs";
import { REACT_GAME, playTries, reactionParts, reactionsTo } from "./react.mjs";

/**
 * The "try / let it pass" line for each NPC interceptor (a token no player owns) of a kick,
 * posted as its own card whispered to the GMs: the advice and its odds are the GM's to weigh,
 * not the players' to read on the public kick card. Null when there is none. `court`: the
 * kick's own reading of the court (readCourt), its teams, tokens and owners; `kickCard`: the
 * kick's posted card, whose buttons the autopilot presses (without it, no autopilot).
 */
export async function postAdvice(answer, court, kickCard = null) {
  const nameOf = (id) => court.tokens.get(id)?.name ?? id;
  const reactions = kickCard ? await reactionsTo("flight", answer, court) : [];
  const autopilot = new Set(reactions.map((r) => r.player));
  let lines = [];
  try {
    lines = adviceLines(answer, {
      teams: court.teams,
      teamOf: (id) => court.tokens.get(id)?.team ?? null,
      isNpc: (id) => !court.owners[id]?.length && !autopilot.has(id),
      nameOf,
    });
  } catch (err) {
    globalThis.console?.warn?.("Ballcourt: planner advice", err); // advice never stops a kick
  }
  return whisper(court, lines, reactions, kickCard);
}

/**
 * The autopilot's reactions for the NPCs a rolling ball passes on its tick (each tries by his
 * preset), on a card whispered to the GMs as a kick's advice is; null when none is on autopilot.
 */
export async function postTickAdvice(answer, court, tickCard) {
  return whisper(court, [], await reactionsTo("rolling", answer, court), tickCard);
}

/** Post the GMs' card: the planner's lines, then the autopilot's (their buttons, their record); act mode's tries follow. */
async function whisper(court, lines, reactions, sourceCard) {
  const react = reactionParts(reactions, (id) => court.tokens.get(id)?.name ?? id);
  if (!lines.length && !react.lines.length) return null;
  const card = {
    kind: "yaotzin.advice",
    title: {
      key: "BALLCOURT.Planner.AdviceTitle",
      data: {},
      text: "Advice for the NPCs (GM only)",
    },
    lines: [...lines, ...react.lines],
    actions: react.actions,
  };
  const context = reactions.length
    ? { ...cardContextOf(court, "advice"), game: REACT_GAME, sourceCard: sourceCard.id }
    : cardContextOf(court, "advice");
  const names = Object.fromEntries(
    reactions.map((r) => [r.player, court.tokens.get(r.player)?.name ?? r.player]),
  );
  const message = await fvtt.ChatMessage.create({
    content: renderCard(card, i18n(), {}),
    speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
    whisper: fvtt.game.users.filter((u) => u.isGM).map((u) => u.id),
    flags: {
      [MODULE_ID]: {
        card,
        context,
        applied: false,
        undone: false,
        resolved: [],
        ...(reactions.length ? { react: { reactions, results: {} }, names } : {}),
      },
    },
  });
  if (reactions.length) await playTries(message); // act mode's tries, in the ball's order
  return message;
}
