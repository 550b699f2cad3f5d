/**
 * The shot planner's advice on a kick's card of its own: for each NPC interceptor (a token no
 * player owns), the "try / let it pass" line of core/planner.mjs, from the odds the companion
 * sent with the kick, whispered to the GMs.
 */
import { renderCard } from "../../core/cards.mjs";
import { adviceLines } from "../../core/planner.mjs";
import { MODULE_ID, fvtt, i18n } from "../world/env.mjs";
import { cardContextOf } from "../world/scene.mjs";

/**
 * The "try / let it pass" line for each NPC interceptor (a token no player owns) of a kick,
 * posted as its own card whispered to the GMs: the advice and its odds are the GM's to weigh,
 * not the players' to read on the public kick card. Null when there is none. `court`: the
 * kick's own reading of the court (readCourt), its teams, tokens and owners.
 */
export async function postAdvice(answer, court) {
  let lines = [];
  try {
    lines = adviceLines(answer, { teams: court.teams,
      teamOf: (id) => court.tokens.get(id)?.team ?? null,
      isNpc: (id) => !(court.owners[id]?.length),
      nameOf: (id) => court.tokens.get(id)?.name ?? id });
  } catch (err) {
    globalThis.console?.warn?.("Ballcourt: planner advice", err);   // advice never stops a kick
  }
  if (!lines.length) return null;
  const card = { kind: "yaotzin.advice", title: { key: "BALLCOURT.Planner.AdviceTitle", data: {},
    text: "Advice for the NPCs (GM only)" }, lines, actions: [] };
  return fvtt.ChatMessage.create({ content: renderCard(card, i18n(), {}), speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
    whisper: fvtt.game.users.filter((u) => u.isGM).map((u) => u.id),
    flags: { [MODULE_ID]: { card, context: cardContextOf(court, "advice"), applied: false, undone: false, resolved: [] } } });
}
