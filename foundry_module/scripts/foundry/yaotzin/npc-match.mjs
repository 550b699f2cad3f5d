/**
 * NPC matches the party watches (core/npc-match.mjs holds the logic): on a Yaotzin
 * court, the GM's menu asks the companion for the odds of the match on the scene (its players,
 * teams, ball, and the match under way, if any) and whispers them to the GMs or posts them for
 * the table to bet on; or plays the match out and posts its highlights for everyone, each
 * reader's in his own language. Only the companion's GM's page calls the companion. The card's
 * Keep (the GMs' alone: card-lifecycle's gmOnly) makes the played-out match a companion match
 * (a new match, its setup and its events posted in order), so the board and the report show
 * it; its report is posted at once. Both routes play whole matches: seconds to tens of seconds,
 * so the calls have the tune's long timeout, and a companion busy with another simulation is
 * one quiet notice.
 */
import { renderCard } from "../../core/cards.mjs";
import {
  NPC_GAME,
  keepMatch,
  matchHitPoints,
  npcBody,
  oddsCard,
  playCard,
} from "../../core/npc-match.mjs";
import { registerCardHandlers } from "../cards/chat.mjs";
import { postReport } from "../cards/report.mjs";
import { MODULE_ID, fvtt, i18n, localizedError, notify } from "../world/env.mjs";
import { companion, getLink, quietly } from "../world/link.mjs";
import { adapter, tokenById } from "../world/scene.mjs";
import { readCourt } from "./yaotzin-players.mjs";

export const ODDS_ROUTE = "/api/v1/yaotzin/odds";
export const PLAY_ROUTE = "/api/v1/yaotzin/play";
/** How long a simulation may take (the companion's own limit is 30 s by default; tests shorten it). */
export const NPC_TIMING = { timeoutMs: 120000 };

/**
 * The court's body, the names its cards use (tokens' names by id; teams by their ids) and the
 * players its hit points were defaulted for: each player's hit points are read from his
 * token's actor's sheet through the system's adapter.
 */
async function sceneRequest(scene) {
  const court = readCourt(scene);
  const state = court.matchId
    ? await companion("GET", `/api/v1/matches/${encodeURIComponent(court.matchId)}`)
    : null;
  const names = Object.fromEntries([...court.tokens.values()].map((t) => [t.id, t.name]));
  const a = adapter();
  const sheets = Object.fromEntries(
    court.players.map((p) => {
      const actor = tokenById(scene, p.id)?.actor;
      return [p.id, actor ? a.sheetHitPoints(actor) : null];
    }),
  );
  const { hitPoints, defaulted } = matchHitPoints(court.players, sheets);
  return { court, names, defaulted, body: npcBody(court, state, hitPoints) };
}

/** One simulation on the companion, with its long timeout; a companion busy with another is told as such. */
async function simulate(route, body) {
  if (!getLink()) throw localizedError("BALLCOURT.Connection.GMOnly"); // before the notice that it is asking
  notify("info", "BALLCOURT.Npc.Asking");
  try {
    return await quietly("POST", route, body, { timeout: NPC_TIMING.timeoutMs });
  } catch (err) {
    if (err?.status === 429) throw localizedError("BALLCOURT.Npc.Busy");
    if (err?.key) throw err; // the link's own (not connected), already in this user's language
    throw localizedError("BALLCOURT.Npc.Failed", { message: err?.message ?? String(err) });
  }
}

const gmIds = () => fvtt.game.users.filter((u) => u.isGM).map((u) => u.id);

/** Post a card: whispered to the GMs, or for everyone. */
function post(card, flags, { whisper }) {
  return fvtt.ChatMessage.create({
    content: renderCard(card, i18n(), {}),
    speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
    ...(whisper ? { whisper: gmIds() } : {}),
    flags: {
      [MODULE_ID]: {
        card,
        applied: false,
        undone: false,
        resolved: [],
        posted: Date.now(),
        ...flags,
      },
    },
  });
}

/** The odds of the scene's match: `whisper` to the GMs (default), or posted for the table. Answers the message. */
export async function askOdds(scene, { whisper = true } = {}) {
  const { names, defaulted, body } = await sceneRequest(scene);
  const answer = await simulate(ODDS_ROUTE, body);
  return post(
    oddsCard(answer, names, { defaulted }),
    { context: { game: "yaotzin.odds", sceneId: scene.id } },
    { whisper },
  );
}

/** The scene's match played out, its card posted for everyone, with what Keep needs. Answers the message. */
export async function playOut(scene) {
  const { court, names, defaulted, body } = await sceneRequest(scene);
  const answer = await simulate(PLAY_ROUTE, { ...body, seed: Math.floor(Math.random() * 2 ** 31) });
  return post(
    playCard(answer, names, { defaulted }),
    {
      context: { game: NPC_GAME, sceneId: scene.id, matchId: court.matchId },
      keep: keepMatch(answer),
    },
    { whisper: false },
  );
}

/** The menu's Odds: whispered to the GMs or posted for the table, as the GM chooses (closing the question cancels). */
export async function oddsFromMenu(scene) {
  const L = i18n();
  const choice = await fvtt.api.DialogV2.wait({
    window: { title: L.localize("BALLCOURT.Npc.OddsTitleMenu") },
    content: `<p>${L.localize("BALLCOURT.Npc.Audience")}</p>`,
    rejectClose: false,
    buttons: [
      { action: "whisper", label: L.localize("BALLCOURT.Npc.Whisper") },
      { action: "table", label: L.localize("BALLCOURT.Npc.ToTable") },
    ],
  });
  return choice ? askOdds(scene, { whisper: choice === "whisper" }) : null;
}

/**
 * Keep: a new companion match (the teams at their ends), the setup and the events posted in
 * order, the card told which match it became, and its report posted. A failure part way takes
 * the half-kept match away again, so Keep can be pressed once more.
 */
async function keep(message) {
  const flags = message.flags[MODULE_ID];
  const created = await companion("POST", "/api/v1/matches", flags.keep.match);
  const route = `/api/v1/matches/${encodeURIComponent(created.id)}`;
  try {
    for (const event of flags.keep.events) await companion("POST", `${route}/events`, event);
  } catch (err) {
    await companion("DELETE", route).catch(() => null);
    throw err;
  }
  const kept = {
    key: "BALLCOURT.Npc.Kept",
    tone: "muted",
    data: { match: created.id },
    text: `Kept as companion match ${created.id}.`,
  };
  await message.update({
    [`flags.${MODULE_ID}.kept`]: created.id,
    [`flags.${MODULE_ID}.card.lines`]: [...flags.card.lines, kept],
  });
  await postReport(created.id);
}

registerCardHandlers(NPC_GAME, {
  async act(message, action) {
    if (action.id === "keep") await keep(message);
  },
});
