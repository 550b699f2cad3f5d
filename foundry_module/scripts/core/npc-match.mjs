/**
 * NPC matches the party watches: the body the companion's `/yaotzin/odds` and
 * `/yaotzin/play` take from a court as read (its players, teams, ball, and the match under way),
 * and their two cards, in the card shape every reader renders in his own language
 * (core/cards.mjs): the odds (each team's chance to win with its interval and expected score,
 * the draw's), and a match played out (its goals, the hoop, stops and knock-outs, round by
 * round, then how it ended), whose one button keeps it as a companion match. Kicks and
 * contests, which the companion also lists, stay off the card: the table watches the story.
 * Pure: no Foundry, no companion.
 */
import { renderCard } from "./cards.mjs";

export const ODDS_KIND = "yaotzin.odds";
export const PLAY_KIND = "yaotzin.npc_match";
/** The play card context's `game`: its Keep is answered by the NPC match glue. */
export const NPC_GAME = "yaotzin.npc_match";
/** The highlights the card tells, of those the companion lists. */
export const TOLD = ["goal", "hoop", "stop", "knock_out"];

/** The hit points the companion plays a player with when none are sent (docs/api.md: the middle of the simulator's 8 to 24). */
export const DEFAULT_HIT_POINTS = 16;

/**
 * Each player's hit points as the match plays them (`hit_points`: past them, nonlethal damage
 * knocks him out), from his sheet as the adapter reads it (`sheets`: id -> {current, temp, max},
 * or null without an actor): his current hit points with his temporary ones (rulings, "Knock-out":
 * they hold him up); a sheet with no current number but a maximum, that maximum (unhurt); none,
 * the companion's default, and he is named in `defaulted` so the card can say so. Sent as the
 * route takes them, 1 to 1000.
 */
export function matchHitPoints(players, sheets) {
  const hitPoints = {};
  const defaulted = [];
  for (const { id } of players) {
    const sheet = sheets[id];
    const hp = sheet?.current ?? sheet?.max ?? null;
    if (hp === null) defaulted.push(id);
    else
      hitPoints[id] = Math.min(
        1000,
        Math.max(1, Math.round(hp + (sheet.current !== null ? sheet.temp : 0))),
      );
  }
  return { hitPoints, defaulted };
}

/**
 * The request body from a court as read (yaotzin-players.mjs readCourt's players, field, teams,
 * ball and settings), its players' hit points (matchHitPoints) and its companion match's state,
 * if any: a match still being played goes on from its round, score and nonlethal damage;
 * otherwise the match starts at a kick-off (the ball on the centre square). Only the teams that
 * have players are named.
 */
export function npcBody(court, state = null, hitPoints = {}) {
  const present = new Set(court.players.map((p) => p.team));
  const teams = (court.teams ?? [])
    .filter((t) => present.has(t.id))
    .map((t) => ({ id: t.id, defends: t.defends }));
  const body = { players: court.players };
  if (court.field) body.field = court.field;
  if (court.settings) body.settings = court.settings;
  if (teams.length === 2) body.teams = teams;
  if (Object.keys(hitPoints).length) body.hit_points = hitPoints;
  if (state?.status !== "playing") return body;
  if (court.ball)
    body.ball = {
      x: court.ball.x,
      y: court.ball.y,
      speed: court.ball.speed ?? 0,
      direction: court.ball.direction ?? null,
    };
  const ids = new Set(court.players.map((p) => p.id));
  const nonlethal = Object.fromEntries(
    Object.entries(state.nonlethal ?? {}).filter(([id, n]) => ids.has(id) && n > 0),
  );
  return {
    ...body,
    round: state.round,
    score: Object.fromEntries(Object.entries(state.score ?? {}).filter(([t]) => present.has(t))),
    ...(Object.keys(nonlethal).length ? { nonlethal } : {}),
  };
}

const pct = (p) => Math.round(100 * p);
const nameOf = (names, id) => names?.[id] ?? id;

/** The score as a line of data, in the teams' order: "Sun 3 – 2 Moon" (names are data, the dash is no word). */
export function scoreText(score, names = {}) {
  const [[a, sa], [b, sb]] = Object.entries(score);
  return `${nameOf(names, a)} ${sa} – ${sb} ${nameOf(names, b)}`;
}

/** The line naming the players played with the default hit points (their sheets have none), or none. */
function defaultedLines(defaulted, names) {
  if (!defaulted.length) return [];
  const data = {
    players: defaulted.map((id) => nameOf(names, id)).join(", "),
    hp: DEFAULT_HIT_POINTS,
  };
  return [
    {
      key: "BALLCOURT.Npc.DefaultHitPoints",
      tone: "muted",
      data,
      text: `${data.players}: no hit points on the sheet, played with the default ${data.hp}.`,
    },
  ];
}

/**
 * The odds card: a line a team (its chance to win, its interval, its expected score), the
 * draw's, how many matches said so, and who was played with the default hit points (`defaulted`).
 */
export function oddsCard(answer, names = {}, { defaulted = [] } = {}) {
  const teams = Object.keys(answer.win);
  const lines = teams.map((team) => {
    const [lo, hi] = answer.intervals.win[team];
    const data = {
      team: nameOf(names, team),
      pct: pct(answer.win[team]),
      lo: pct(lo),
      hi: pct(hi),
      score: answer.expected_score[team].toFixed(1),
    };
    return {
      key: "BALLCOURT.Npc.Wins",
      tone: "info",
      data,
      text: `${data.team} wins ${data.pct}% (${data.lo}–${data.hi}%), expected score ${data.score}`,
    };
  });
  const [lo, hi] = answer.intervals.draw;
  const draw = { pct: pct(answer.draw), lo: pct(lo), hi: pct(hi) };
  lines.push({
    key: "BALLCOURT.Npc.Draw",
    tone: "muted",
    data: draw,
    text: `Draw ${draw.pct}% (${draw.lo}–${draw.hi}%)`,
  });
  lines.push(
    answer.partial
      ? {
          key: "BALLCOURT.Npc.Partial",
          tone: "muted",
          data: { count: answer.matches },
          text: `Only ${answer.matches} matches played before the companion's time limit: a rough guess.`,
        }
      : {
          key: "BALLCOURT.Npc.Played",
          tone: "muted",
          data: { count: answer.matches },
          text: `From ${answer.matches} matches played by the presets.`,
        },
  );
  lines.push(...defaultedLines(defaulted, names));
  const vs = teams.map((t) => nameOf(names, t)).join(" – ");
  return {
    kind: ODDS_KIND,
    title: { key: "BALLCOURT.Npc.OddsTitle", data: { teams: vs }, text: `Odds: ${vs}` },
    lines,
    actions: [],
  };
}

/** One highlight's line, in the order the match played it. */
function highlightLine(h, names) {
  const data = { round: h.round, player: nameOf(names, h.player), team: nameOf(names, h.team) };
  if (h.kind === "goal") {
    const scored = { ...data, score: scoreText(h.data.score, names) };
    return h.player
      ? {
          key: "BALLCOURT.Npc.Highlight.goal",
          tone: "good",
          data: scored,
          text: `Round ${h.round}: goal by ${data.player} (${data.team}), ${scored.score}.`,
        }
      : {
          key: "BALLCOURT.Npc.Highlight.goalRolled",
          tone: "good",
          data: scored,
          text: `Round ${h.round}: the ball rolls over the line for ${data.team}, ${scored.score}.`,
        };
  }
  const text = {
    hoop: `Round ${h.round}: ${data.player} (${data.team}) puts the ball through the hoop!`,
    stop: `Round ${h.round}: ${data.player} (${data.team}) stops the ball.`,
    knock_out: `Round ${h.round}: ${data.player} (${data.team}) is knocked out.`,
  }[h.kind];
  return {
    key: `BALLCOURT.Npc.Highlight.${h.kind}`,
    tone: h.kind === "knock_out" ? "bad" : h.kind === "hoop" ? "good" : "info",
    data,
    text,
  };
}

/** How the match ended: the winner and the final score, by points, the hoop or the round limit; or a draw at the limit. */
function endLine(answer, names) {
  const data = {
    winner: nameOf(names, answer.winner),
    score: scoreText(answer.score, names),
    rounds: answer.rounds,
  };
  const how = answer.winner === null ? "draw" : answer.ended_by;
  const text = {
    score: `${data.winner} win, ${data.score}, in round ${data.rounds}.`,
    hoop: `${data.winner} win through the hoop, ${data.score}, in round ${data.rounds}.`,
    time: `${data.winner} win at the round limit, ${data.score}.`,
    draw: `A draw at the round limit, ${data.score}.`,
  }[how];
  return { key: `BALLCOURT.Npc.End.${how}`, tone: "good", data, text };
}

/** The played-out match's card: its highlights, then how it ended, who was played with the default hit points, and Keep (the GMs'). */
export function playCard(answer, names = {}, { defaulted = [] } = {}) {
  const score = scoreText(answer.score, names);
  return {
    kind: PLAY_KIND,
    title: { key: "BALLCOURT.Npc.PlayTitle", data: { score }, text: `Played out: ${score}` },
    lines: [
      ...answer.highlights.filter((h) => TOLD.includes(h.kind)).map((h) => highlightLine(h, names)),
      endLine(answer, names),
      ...defaultedLines(defaulted, names),
    ],
    actions: [
      { id: "keep", key: "BALLCOURT.Npc.Keep", data: {}, label: "Keep as a companion match" },
    ],
  };
}

/** What keeps a played-out match: the new match's body (its teams at their ends), and every event to post, in order. */
export function keepMatch(answer) {
  return {
    match: {
      game: "yaotzin",
      teams: Object.entries(answer.defends).map(([id, defends]) => ({ id, defends })),
    },
    events: [...(answer.setup ?? []), ...answer.events],
  };
}

/** The odds card as HTML in a reader's language (the gallery renders it without Foundry). */
export function renderOddsCard(answer, names, i18n) {
  return renderCard(oddsCard(answer, names), i18n, {});
}

/** The played-out match's card as HTML in a reader's language; `state` as renderCard takes it (its Keep used or not). */
export function renderPlayCard(answer, names, i18n, state = {}) {
  return renderCard(playCard(answer, names), i18n, state);
}
