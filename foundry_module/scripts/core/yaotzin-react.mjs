/**
 * The Yaotzin autopilot's reactions to a kick in flight, without Foundry: which of a kick's
 * interceptors the autopilot answers for (the NPCs of a team on suggest or act), the body of
 * the companion's `POST /api/v1/yaotzin/react` that asks whether each tries by his team's
 * preset, the GM's card lines and buttons that say it, and, in act mode, the tries to press in
 * the order the ball meets them until one stops it. Whether a player tries is the companion's
 * answer (the presets' own test, the one the match simulator plays by): nothing here weighs
 * odds. The glue (foundry/yaotzin/react.mjs) reads the settings and presses the kick card's
 * own "tries to intercept" buttons.
 */
import { teamEntry } from "./autopilot.mjs";
import { percent } from "./planner.mjs";
import { turnMode } from "./yaotzin-autopilot.mjs";

/** The interception outcomes (the companion's), and the one after which the ball flies on. */
export const OUTCOMES = ["yoke", "stopped", "deflected", "missed"];
const FLIES_ON = "missed";

/**
 * The kick's interceptors the autopilot answers for, in the order the ball meets them:
 * [{player, team, mode, tactics}] for each token no player owns whose team's entry in the
 * "yaotzinAutopilot" setting is suggest or act. `owners(id)`: a token's players' user ids.
 */
export function autopilotInterceptors(kick, { entries = {}, teamOf, owners }) {
  const out = [];
  for (const i of kick?.interceptors ?? []) {
    const team = teamOf(i.player);
    if (!team) continue;
    const mode = turnMode(entries[team], owners(i.player) ?? []);
    if (mode === "off") continue;
    out.push({ player: i.player, team, mode, tactics: teamEntry(entries[team]).tactics });
  }
  return out;
}

/**
 * The /yaotzin/react body for those interceptors: the court as the kick read it, its kicker,
 * each one's chance as the kick's answer listed it, and each team's preset (a blank preset is
 * left out: the companion plays its default).
 */
export function reactBody({ field, players, settings, kick, interceptors }) {
  const listed = new Map((kick.interceptors ?? []).map((i) => [i.player, i]));
  const tactics = Object.fromEntries(interceptors.filter((i) => i.tactics).map((i) => [i.team, i.tactics]));
  const body = { players, kind: "flight", kicker: kick.kicker,
    chances: interceptors.map(({ player }) => ({ player, dc: listed.get(player).dc, rem: listed.get(player).rem })) };
  if (field) body.field = field;
  if (settings) body.settings = settings;
  if (Object.keys(tactics).length) body.tactics = tactics;
  return body;
}

/** The card line for one reaction ({key, tone, data}, the English beside it), as the preset decided. */
export function reactionLine(reaction, nameOf = (id) => id) {
  const data = { player: nameOf(reaction.player), tactics: reaction.tactics, pct: percent(reaction.p_stop ?? 0),
    dmg: Number(reaction.expected_damage ?? 0).toFixed(1), min: percent(reaction.try_flight ?? 0) };
  const why = ["odds", "ally", "cannot"].includes(reaction.why) ? reaction.why : "odds";
  const key = reaction.tries ? "BALLCOURT.YReact.Try" : `BALLCOURT.YReact.Pass.${why}`;
  return { key, tone: reaction.tries ? "info" : "muted", data,
    text: `${data.player} (autopilot, ${data.tactics}): ${String(reaction.reason ?? "")}` };
}

/** Suggest mode's button for a reaction that tries: the GM's press of it presses that player's try on the kick card. */
export function tryAction(reaction, nameOf = (id) => id) {
  const data = { player: nameOf(reaction.player), tactics: reaction.tactics };
  return { id: `try:${reaction.player}`, key: "BALLCOURT.YReact.TryButton", data, payload: { player: reaction.player },
    label: `${data.player} tries (${data.tactics})` };
}

/**
 * The line saying what came of a try the autopilot pressed (`outcome`), of one the kick card
 * refused (`refused`), or of one it did not press (`stoppedBy`: who stopped the ball first).
 */
export function resultLine(player, { outcome = null, stoppedBy = null, refused = false, nameOf = (id) => id }) {
  const name = nameOf(player);
  if (stoppedBy) {
    return { key: "BALLCOURT.YReact.Skipped", tone: "muted", data: { player: name, by: nameOf(stoppedBy) },
      text: `${name} does not try: ${nameOf(stoppedBy)} stopped the ball first.` };
  }
  if (refused) {
    return { key: "BALLCOURT.YReact.Refused", tone: "bad", data: { player: name },
      text: `${name}'s try was not made (see the notice).` };
  }
  const known = OUTCOMES.includes(outcome) ? outcome : "unknown";
  return { key: `BALLCOURT.YReact.Done.${known}`, tone: { [FLIES_ON]: "bad", unknown: "muted" }[known] ?? "good", data: { player: name },
    text: `${name} tried: ${outcome ?? "see the card"}.` };
}

/** Whether the ball's flight ends at this outcome: caught, stopped or deflected (it caroms to rest), not a miss. */
export const endsFlight = (outcome) => OUTCOMES.includes(outcome) && outcome !== FLIES_ON;

/**
 * Act mode's tries, one at a time, in the order the ball meets them: the act-mode interceptors
 * whose preset tries. After each press, `record(player, outcome)`; once an outcome ends the
 * flight, the tries after it are skipped (told by `skipped`). `done` lists the players whose
 * try was already pressed (read from the card's flags), so nothing is pressed twice.
 */
export class FlightTries {
  constructor(reactions, modes, done = []) {
    this.queue = reactions.filter((r) => r.tries && modes.get(r.player) === "act").map((r) => r.player);
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
    if (endsFlight(outcome) && !this.stoppedBy) this.stoppedBy = player;
  }
}
