/**
 * The Yaotzin autopilot's reactions to the ball passing its NPCs, without Foundry: a kick in
 * flight past its interceptors, or a rolling ball's tick past the players next to its path.
 * Which of them the autopilot answers for (the NPCs of a team on suggest or act), the body of
 * the companion's `POST /api/v1/yaotzin/react` that asks whether each tries by his team's
 * preset, the GM's card lines and buttons that say it, and, in act mode, the tries to press in
 * the order the ball meets them until one stops it. Whether a player tries is the companion's
 * answer (the presets' own test, the one the match simulator plays by): nothing here weighs
 * odds. The glue (foundry/yaotzin/react.mjs) reads the settings and presses the kick's or the
 * tick's own card buttons.
 */
import { teamEntry } from "./goatball-autopilot.mjs";
import { percent } from "./planner.mjs";
import { turnMode } from "./yaotzin-autopilot.mjs";

/** The interception outcomes (the companion's: a rolling ball's are stopped and missed), and the one after which the ball goes on. */
export const OUTCOMES = ["yoke", "stopped", "deflected", "missed"];
const FLIES_ON = "missed";

/**
 * The chances at the ball a kick's or a tick's answer offers, one per player, in the order the
 * ball meets them, each with the card button that takes it: a kick's interceptors
 * (`intercept:<player>`), or a tick's opportunities, each player's first square (his one try
 * per tick, taken where the ball first passes him, as the match simulator takes it:
 * `stop:<player>:<step>`).
 */
export function chancesOf(kind, answer) {
  if (kind === "flight") {
    return (answer?.interceptors ?? []).map((i) => ({
      player: i.player,
      dc: i.dc,
      rem: i.rem,
      press: `intercept:${i.player}`,
    }));
  }
  const seen = new Set();
  return (answer?.opportunities ?? [])
    .filter((o) => !seen.has(o.player) && seen.add(o.player))
    .map((o) => ({ player: o.player, dc: o.dc, press: `stop:${o.player}:${o.step}` }));
}

/**
 * The chances the autopilot answers for, in order: [{...chance, team, mode, tactics}] for each
 * token no player owns whose team's entry in the "yaotzinAutopilot" setting is suggest or act.
 * `owners(id)`: a token's players' user ids.
 */
export function autopilotChances(chances, { entries = {}, teamOf, owners }) {
  const out = [];
  for (const chance of chances) {
    const team = teamOf(chance.player);
    if (!team) continue;
    const mode = turnMode(entries[team], owners(chance.player) ?? []);
    if (mode === "off") continue;
    out.push({ ...chance, team, mode, tactics: teamEntry(entries[team]).tactics });
  }
  return out;
}

/**
 * The /yaotzin/react body for those chances: the court as the kick or tick read it, the
 * kicker of a kick, each one's chance as the answer listed it, and each team's preset (a
 * blank preset is left out: the companion plays its default).
 */
export function reactBody({ kind, field, players, settings, kicker = null, chances }) {
  const tactics = Object.fromEntries(
    chances.filter((c) => c.tactics).map((c) => [c.team, c.tactics]),
  );
  const body = {
    players,
    kind,
    chances: chances.map(({ player, dc, rem }) =>
      kind === "flight" ? { player, dc, rem } : { player, dc },
    ),
  };
  if (kind === "flight") body.kicker = kicker;
  if (field) body.field = field;
  if (settings) body.settings = settings;
  if (Object.keys(tactics).length) body.tactics = tactics;
  return body;
}

/** The card line for one reaction ({key, tone, data}, the English beside it), as the preset decided. */
export function reactionLine(reaction, nameOf = (id) => id) {
  const data = {
    player: nameOf(reaction.player),
    tactics: reaction.tactics,
    pct: percent(reaction.p_stop ?? 0),
    dmg: Number(reaction.expected_damage ?? 0).toFixed(1),
    min: percent(reaction.try_flight ?? 0),
  };
  const why = ["odds", "ally", "cannot"].includes(reaction.why) ? reaction.why : "odds";
  const trying = reaction.why === "rolling" ? "BALLCOURT.YReact.Rolling" : "BALLCOURT.YReact.Try";
  const key = reaction.tries ? trying : `BALLCOURT.YReact.Pass.${why}`;
  return {
    key,
    tone: reaction.tries ? "info" : "muted",
    data,
    text: `${data.player} (autopilot, ${data.tactics}): ${String(reaction.reason ?? "")}`,
  };
}

/** Suggest mode's button for a reaction that tries: the GM's press of it presses that player's try on the kick's or tick's card. */
export function tryAction(reaction, nameOf = (id) => id) {
  const data = { player: nameOf(reaction.player), tactics: reaction.tactics };
  return {
    id: `try:${reaction.player}`,
    key: "BALLCOURT.YReact.TryButton",
    data,
    payload: { player: reaction.player },
    label: `${data.player} tries (${data.tactics})`,
  };
}

/**
 * The line saying what came of a try the autopilot pressed (`outcome`), of one the kick card
 * refused (`refused`), or of one it did not press (`stoppedBy`: who stopped the ball first).
 */
export function resultLine(
  player,
  { outcome = null, stoppedBy = null, refused = false, nameOf = (id) => id },
) {
  const name = nameOf(player);
  if (stoppedBy) {
    return {
      key: "BALLCOURT.YReact.Skipped",
      tone: "muted",
      data: { player: name, by: nameOf(stoppedBy) },
      text: `${name} does not try: ${nameOf(stoppedBy)} stopped the ball first.`,
    };
  }
  if (refused) {
    return {
      key: "BALLCOURT.YReact.Refused",
      tone: "bad",
      data: { player: name },
      text: `${name}'s try was not made (see the notice).`,
    };
  }
  const known = OUTCOMES.includes(outcome) ? outcome : "unknown";
  return {
    key: `BALLCOURT.YReact.Done.${known}`,
    tone: { [FLIES_ON]: "bad", unknown: "muted" }[known] ?? "good",
    data: { player: name },
    text: `${name} tried: ${outcome ?? "see the card"}.`,
  };
}

/** Whether the ball's way ends at this outcome: caught, stopped or deflected (it caroms to rest), not a miss. */
export const stopsBall = (outcome) => OUTCOMES.includes(outcome) && outcome !== FLIES_ON;

/**
 * Act mode's tries, one at a time, in the order the ball meets them: the act-mode NPCs whose
 * preset tries. After each press, `record(player, outcome)`; once an outcome ends the ball's
 * way, the tries after it are skipped (told by `skipped`). `done` lists the players whose try
 * was already pressed (read from the cards' flags), so nothing is pressed twice.
 */
export class TryChain {
  constructor(reactions, modes, done = []) {
    this.queue = reactions
      .filter((r) => r.tries && modes.get(r.player) === "act")
      .map((r) => r.player);
    this.done = new Set(done);
    this.stoppedBy = null;
    this.skipped = [];
  }

  /** The next player whose try to press, or null once the ball is stopped or none is left. */
  next() {
    while (this.queue.length) {
      const player = this.queue[0];
      if (this.stoppedBy) {
        this.skipped.push(this.queue.shift());
        continue;
      }
      if (!this.done.has(player)) return player;
      this.queue.shift();
    }
    return null;
  }

  /** The try of `player` was pressed and came out as `outcome` (null: it was not made). */
  record(player, outcome) {
    this.queue = this.queue.filter((p) => p !== player);
    this.done.add(player);
    if (stopsBall(outcome) && !this.stoppedBy) this.stoppedBy = player;
  }
}
