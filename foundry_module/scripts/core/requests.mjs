/**
 * Companion request bodies built from what is on the canvas, and the rule that one kick per
 * kicker is resolved at a time. Inputs are plain descriptors (the Foundry glue reads tokens
 * and actors into them), so this is testable without Foundry.
 *
 * A Yaotzin descriptor: {id, name, x, y (px), team, stats: {str, dex, bab, reflex, feats,
 * prone, aooLeft}}. The player id sent to the companion is the token id.
 */
import { tokenSquare } from "./geometry.mjs";

export function yaotzinPlayer(mapping, d) {
  const sq = tokenSquare(mapping, d);
  const s = d.stats ?? {};
  const player = {
    id: d.id,
    team: d.team,
    x: sq.x,
    y: sq.y,
    str: s.str ?? 10,
    dex: s.dex ?? 10,
    bab: s.bab ?? 0,
    reflex: s.reflex ?? 0,
    feats: [...(s.feats ?? [])],
    prone: Boolean(s.prone),
  };
  if (d.name) player.name = d.name;
  if (Number.isInteger(s.aooLeft)) player.aoo_left = s.aooLeft;
  return player;
}

/** Only tokens on the court take part; off-court tokens (the bench, spectators) are left out. */
export function yaotzinPlayers(mapping, descriptors) {
  return descriptors
    .filter((d) => d.team)
    .map((d) => yaotzinPlayer(mapping, d))
    .filter((p) => p.x >= 0 && p.x < mapping.length && p.y >= 0 && p.y < mapping.width);
}

export function fieldOf(mapping, extra = {}) {
  return { length: mapping.length, width: mapping.width, ...extra };
}

export function kickRequest({
  mapping,
  players,
  ball,
  kicker,
  target,
  standing = false,
  powerAttack = 0,
  settings,
  rolls,
  field,
}) {
  const body = {
    field: field ?? fieldOf(mapping),
    players,
    ball: { x: ball.x, y: ball.y },
    kicker,
    target: { x: target.x, y: target.y },
    standing: Boolean(standing),
    power_attack: powerAttack,
  };
  if (settings) body.settings = settings;
  if (rolls && Object.keys(rolls).length) body.rolls = rolls;
  return body;
}

/** The preview is the kick's body without dice. */
export function previewRequest(args) {
  const { rolls, ...rest } = kickRequest(args);
  return rest;
}

export function interceptRequest({
  mapping,
  players,
  action,
  save,
  damage,
  scatter,
  settings,
  field,
}) {
  const p = action.payload;
  const body = {
    field: field ?? fieldOf(mapping),
    players,
    kind: p.kind,
    player: p.player,
    dc: p.dc,
    ball: p.ball,
  };
  if (p.kind === "flight") {
    body.from = p.from;
    body.rem = p.rem;
    if (p.corner) body.corner = p.corner; // the kick's d2: the companion checks that line
    if (p.kicker) body.kicker = p.kicker; // whose kick: the match report counts it
  }
  const rolls = {};
  if (Number.isInteger(save)) rolls.save = save;
  if (Array.isArray(damage)) rolls.damage = damage;
  if (Number.isInteger(scatter)) rolls.scatter = scatter;
  if (Object.keys(rolls).length) body.rolls = rolls;
  if (settings) body.settings = settings;
  return body;
}

export function tickRequest({ mapping, players, ball, settings, field }) {
  const body = {
    field: field ?? fieldOf(mapping),
    players,
    ball: { x: ball.x, y: ball.y, speed: ball.speed ?? 0, direction: ball.direction ?? null },
  };
  if (settings) body.settings = settings;
  return body;
}

/**
 * One kick in progress per kicker, on the companion GM's client: a second request for a kicker
 * whose kick is being resolved (a double click relayed as two User-flag writes, the GM's tool
 * and a player's at once, the autopilot's) is refused until the first has its card or failed.
 * Kicks of different kickers go side by side.
 */
export class KicksInProgress {
  constructor() {
    this.kickers = new Set();
  }

  /** Begin `kicker`'s kick: false when one of his is already being resolved. */
  begin(kicker) {
    if (this.kickers.has(kicker)) return false;
    this.kickers.add(kicker);
    return true;
  }

  /** His kick is resolved (its card posted) or failed: the next may begin. */
  end(kicker) {
    this.kickers.delete(kicker);
  }
}
