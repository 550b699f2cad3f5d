/**
 * The referee's inspection at the table (rulebook 2.0): each court player's sheet read by his
 * system's adapter, judged by the companion (`/yaotzin/inspect`), and a card posted for each
 * player (core/inspection-card.mjs), whispered to the GMs and to that player's owners only.
 * Acknowledge and Override are the GMs' (their ids name no token, so chat.mjs's mayPress gives
 * them to no player); a press goes through the card lifecycle and is kept in the card's
 * `resolved` list like every card's once-buttons.
 */
import { renderCard } from "../../core/cards.mjs";
import { INSPECTION_GAME, inspectionCard } from "../../core/inspection-card.mjs";
import { registerCardHandlers } from "../cards/chat.mjs";
import { MODULE_ID, fvtt, i18n } from "../world/env.mjs";
import { companion } from "../world/link.mjs";
import { adapter, ballcourtOf, ownersOf, tokenList } from "../world/scene.mjs";

/** Inspect every player on the court and post one card each; returns the messages posted. */
export async function inspectCourt(scene) {
  const players = tokenList(scene).filter((t) => t.flags?.[MODULE_ID]?.team && t.actor);
  if (!players.length) return [];
  const read = adapter();
  const answer = await companion("POST", "/api/v1/yaotzin/inspect",
    { players: players.map((t) => ({ id: t.id, ...read.inspection(t.actor) })) });
  const owners = ownersOf(scene);
  const gms = fvtt.game.users.filter((u) => u.isGM).map((u) => u.id);
  const posted = [];
  for (const { id, findings } of answer.players) {
    const card = inspectionCard(players.find((t) => t.id === id)?.name ?? id, findings);
    posted.push(await fvtt.ChatMessage.create({ content: renderCard(card, i18n(), {}),
      speaker: fvtt.ChatMessage.getSpeaker?.() ?? {}, whisper: [...new Set([...gms, ...(owners[id] ?? [])])],
      flags: { [MODULE_ID]: { card, findings, applied: false, undone: false, resolved: [],
        context: { game: INSPECTION_GAME, sceneId: scene.id, matchId: ballcourtOf(scene)?.matchId ?? null, player: id } } } }));
  }
  return posted;
}

registerCardHandlers(INSPECTION_GAME, {
  /** Acknowledge or Override: the choice itself is the record (chat.mjs adds it to `resolved`). */
  async act() {},
});
