/**
 * Goat-ball autopilot: the GM's second pair of hands. The players on autopilot (by default the
 * tokens no player owns, when their team's mode is on) have their declarations proposed by the
 * companion's tactics (POST /api/v1/goatball/suggest). On "suggest" the GM sees each proposal
 * with its reason and may change it before the pass resolves; on "act" it goes straight in.
 * Pure state and request bodies: the glue (foundry/scripts/foundry/goatball/goatball-autopilot.mjs) reads tokens, settings and
 * the companion.
 */

export const MODES = ["off", "suggest", "act"];

/**
 * The companion's tactics presets when this was written (the balance simulator's, which the
 * autopilot plays). Only offered in the form; a name typed there is sent as it is, so a preset
 * a newer companion adds works too, and one it does not know is refused by it.
 */
export const PRESETS = ["single-chaser", "follow-ball", "thin-defence", "double-team", "evasive"];

/**
 * A team's entry in the "autopilot" world setting: {mode, tactics} (tactics "" plays the world's
 * default). The first cut stored the mode alone ("act"); that still reads.
 */
export function teamEntry(entry) {
  const raw =
    typeof entry === "string" ? { mode: entry } : entry && typeof entry === "object" ? entry : {};
  return {
    mode: MODES.includes(raw.mode) ? raw.mode : null,
    tactics: typeof raw.tactics === "string" ? raw.tactics.trim() : "",
  };
}

/** The preset a team plays: its own, else the world's default, else null (the companion's default). */
export function teamTactics(entry, fallback = "") {
  return teamEntry(entry).tactics || String(fallback ?? "").trim() || null;
}

/**
 * The suggest requests for one pass's players on autopilot (in declaring order). The contract
 * gives `tactics` as one name without saying how two presets are sent (the CLI takes
 * "NAME,NAME" in table order; a companion may read a list, or refuse both), so the module only
 * ever sends one name: one request when every team asked plays the same preset (or all the
 * companion's default), else one request per team with that team's preset and only its
 * players, whose answers are taken for that team's players alone.
 */
export function suggestBatches(players, teamOf, tacticsOf) {
  const byTeam = new Map();
  for (const id of players) {
    const team = teamOf(id);
    if (!byTeam.has(team)) byTeam.set(team, []);
    byTeam.get(team).push(id);
  }
  const names = new Set([...byTeam.keys()].map((team) => tacticsOf(team) || null));
  if (names.size <= 1) return [{ tactics: [...names][0] ?? null, players: [...players] }];
  return [...byTeam].map(([team, ids]) => ({ tactics: tacticsOf(team) || null, players: ids }));
}

/** A token no player owns is an NPC. `owners`: the ids of the non-GM users who own it. */
export function isNpc(owners) {
  return !owners?.length;
}

/**
 * A token's autopilot mode this pass: its own override if it has one; else its team's mode
 * for an NPC; else off (a player declares for his own character unless the GM says otherwise).
 */
export function effectiveMode({ tokenMode = null, teamMode = null, owners = [] } = {}) {
  if (MODES.includes(tokenMode)) return tokenMode;
  return isNpc(owners) && MODES.includes(teamMode) ? teamMode : "off";
}

/** The token HUD's button steps through: the team's mode (null), off, suggest, act, and round again. */
export function nextTokenMode(tokenMode) {
  const cycle = [null, ...MODES];
  return cycle[(cycle.indexOf(MODES.includes(tokenMode) ? tokenMode : null) + 1) % cycle.length];
}

/**
 * The suggest seed for one pass (a 31-bit integer): the same match at the same event count
 * gets the same proposals, so reopening a cancelled pass proposes what it proposed before.
 */
export function passSeed(matchId, seq) {
  let hash = 2166136261; // FNV-1a over "<match>:<seq>"
  for (const ch of `${matchId}:${seq ?? 0}`)
    hash = Math.imul(hash ^ ch.codePointAt(0), 16777619) >>> 0;
  return hash >>> 1;
}

/**
 * The companion's suggest body: the match's teams (as /goatball/pass takes them) with each
 * player's Athletics and Acrobatics bonuses from `skills` ({id: {athletics, acrobatics}}), the
 * possession, and the players whose declarations are wanted. No declaration made so far goes
 * in: the companion proposes from what the table can see, never from a sealed slip.
 */
export function suggestRequest({
  teams,
  possession,
  players,
  skills = {},
  tactics,
  seed,
  settings,
}) {
  const bonus = (id) => ({
    athletics: Number(skills[id]?.athletics ?? 0),
    acrobatics: Number(skills[id]?.acrobatics ?? 0),
  });
  const body = {
    teams: teams.map((t) => ({ ...t, players: t.players.map((p) => ({ ...p, ...bonus(p.id) })) })),
    possession,
    players: [...players],
  };
  if (tactics) body.tactics = tactics;
  if (Number.isInteger(seed)) body.seed = seed;
  if (settings) body.settings = settings;
  return body;
}

/**
 * One suggestion as a declaration (the shape the owner's prompt gives). The carrier's throw
 * names where the ball goes: to a teammate it is a pass, to an opponent a hot throw (the only
 * kind the rules allow at an opponent). A move's zone is kept when the companion names one.
 */
export function toDeclaration(suggestion, { carrier, teamOf }) {
  const s = suggestion;
  const declaration = { action: s.action };
  if (s.skill) declaration.skill = s.skill;
  if (s.target) declaration.target = s.target;
  if (s.zone) declaration.zone = s.zone;
  if (s.player === carrier && s.action === "throw" && s.target) {
    declaration.throw = {
      kind: teamOf(s.target) === teamOf(carrier) ? "pass" : "hot",
      target: s.target,
    };
  }
  return declaration;
}

/**
 * A declaration from the change form's values ({action, target, skill, hot, zone}), as the
 * owner's prompt builds one: a throw with a target says where the ball goes.
 */
export function formDeclaration(values) {
  const declaration = { action: values.action || "none" };
  if (values.skill) declaration.skill = values.skill;
  const target = declaration.action === "defend" ? values.defend : values.target; // a Defend's own list: teammates
  if (target) declaration.target = target;
  if (values.zone) declaration.zone = values.zone;
  if (declaration.action === "throw" && values.target) {
    declaration.throw = { kind: values.hot ? "hot" : "pass", target: values.target };
  }
  return declaration;
}

/** Why a declaration is no use for this pass (Declarations#problemWith, and a target that is not in it), or null. */
function problemWith(declarations, id, declaration) {
  const target = declaration.throw?.target ?? declaration.target;
  if (target && (target === id || !declarations.byId.has(target)))
    return `${target} is not a target for ${id}`;
  return declarations.problemWith(id, declaration);
}

/**
 * One pass's autopilot: who is on it (and how), what the companion proposed for each with its
 * reason, and which proposals the GM has changed.
 */
export class AutopilotPass {
  /** @param modes  Map (or entries) of player id -> mode; the players off are left out. */
  constructor(modes) {
    this.modes = new Map([...modes].filter(([, mode]) => mode === "suggest" || mode === "act"));
    this.suggestions = new Map(); // id -> {declaration, reason}
    this.changed = new Set();
  }

  /** The players on autopilot, in the order given. */
  get players() {
    return [...this.modes.keys()];
  }

  /**
   * Take the companion's answer: each usable suggestion for a player on autopilot (the first
   * one for him, legal for this pass). Returns the players left without one: they declare as
   * anyone does (the GM is asked for an NPC).
   */
  take(answer, declarations, teamOf) {
    for (const s of answer?.declarations ?? []) {
      if (!this.modes.has(s?.player) || this.suggestions.has(s.player)) continue;
      const declaration = toDeclaration(s, { carrier: declarations.carrier, teamOf });
      if (problemWith(declarations, s.player, declaration)) continue;
      this.suggestions.set(s.player, { declaration, reason: String(s.reason ?? "") });
    }
    return this.players.filter((id) => !this.suggestions.has(id));
  }

  /** The declaration proposed for this player at his turn (a copy), or null. */
  proposal(id) {
    const s = this.suggestions.get(id);
    return s ? structuredClone(s.declaration) : null;
  }

  /**
   * The GM changes a declaration on autopilot before the pass resolves. It keeps its place in
   * the declaring order. Returns null, or why it was refused (the old one then stands).
   */
  change(declarations, id, declaration) {
    if (!this.modes.has(id)) return `${id} is not on autopilot`;
    if (!declarations.declared.has(id)) return `${id} has not declared yet`;
    const entries = [...declarations.declared];
    declarations.declared.delete(id);
    const problem = problemWith(declarations, id, declaration);
    declarations.declared.clear(); // the same Map, refilled in the same order
    for (const [key, d] of entries)
      declarations.declared.set(key, key === id && !problem ? { ...declaration, player: id } : d);
    if (!problem) this.changed.add(id);
    return problem;
  }

  /**
   * The GM's view rows (Declarations#progress) with the autopilot's part for the players on
   * it: {mode, reason (null once the GM changed it), changed, canChange (declared and proposed)}.
   */
  annotate(rows) {
    return rows.map((row) => {
      const mode = this.modes.get(row.player);
      if (!mode) return row;
      const changed = this.changed.has(row.player);
      const proposed = this.suggestions.has(row.player);
      return {
        ...row,
        autopilot: {
          mode,
          changed,
          reason: proposed && !changed ? this.suggestions.get(row.player).reason : null,
          canChange: proposed && row.state === "declared",
        },
      };
    });
  }

  /** Whether the pass waits for the GM's word before it resolves: a proposal on "suggest" went in. */
  needsReview() {
    return [...this.suggestions.keys()].some((id) => this.modes.get(id) === "suggest");
  }
}
