/**
 * Which applied cards may still be undone. A card may be undone while its effects are still the
 * latest for everything it touched: no card applied after it changed the same tokens, actors or
 * token states, and each token it moved is still where it left it. Its match events are the
 * companion's to judge (POST /matches/<id>/events/undo refuses when a later event was built on
 * them); `laterEventBlocker` names the card that posted that event.
 *
 * A record (what the Apply handler returns, kept in the message's flags) carries `stamp` (the
 * order cards were applied in), `touched` ({tokens: {id: {x, y}}, actors: [id], states: [id]})
 * and `seqs` (the match log numbers of its events).
 */
import { formatNotice } from "./i18n.mjs";

/** What an Apply touched: token moves (with where it left them), actors changed, token states set. */
export function touched({ moves = [], actors = [], states = [] } = {}) {
  const tokens = {};
  for (const u of moves) {
    if (u?._id && Number.isFinite(u.x) && Number.isFinite(u.y)) tokens[u._id] = { x: u.x, y: u.y };
  }
  return { tokens, actors: [...new Set(actors)], states: [...new Set(states)] };
}

function things(t) {
  return [
    ...Object.keys(t?.tokens ?? {}).map((id) => `token:${id}`),
    ...(t?.actors ?? []).map((id) => `actor:${id}`),
    ...(t?.states ?? []).map((id) => `state:${id}`),
  ];
}

/** The stamp of a card applied now: after every stamp already given, even if the clock went back. */
export function nextStamp(stamps, now) {
  const last = Math.max(0, ...stamps.filter(Number.isFinite));
  return Math.max(now, last + 1);
}

/**
 * Why `card` cannot be undone, first reason first; [] when it can. `card` and each of `others`
 * are {id, record}; `others` are the other applied, not undone cards (any order); `positions`
 * maps a token id to its {x, y} now (absent: the token is gone). A later card that touched the
 * same thing comes before a move made by hand.
 */
export function undoBlockers(card, others, positions) {
  const record = card.record ?? {};
  if (!record.touched) return [];
  const mine = new Set(things(record.touched));
  const out = [];
  const claimed = new Set();
  const later = others
    .filter((o) => o.id !== card.id && (o.record?.stamp ?? -Infinity) > (record.stamp ?? Infinity))
    .sort((a, b) => a.record.stamp - b.record.stamp);
  for (const other of later) {
    for (const thing of things(other.record.touched)) {
      if (mine.has(thing) && !claimed.has(thing)) {
        claimed.add(thing);
        out.push({ kind: "card", card: other.id, thing });
      }
    }
  }
  for (const [id, left] of Object.entries(record.touched.tokens)) {
    if (claimed.has(`token:${id}`)) continue;
    const now = positions.get(id);
    if (!now) out.push({ kind: "gone", thing: `token:${id}` });
    else if (now.x !== left.x || now.y !== left.y)
      out.push({ kind: "moved", thing: `token:${id}` });
  }
  return out;
}

/** The card whose events include log number `seq` (the companion's `later` event), or null. */
export function cardOfEvent(cards, seq) {
  return cards.find((c) => (c.record?.seqs ?? []).includes(seq)) ?? null;
}

/**
 * The reason as a notice ({key, data}) any reader renders in his own language: `thing` and the
 * card's title are notices of their own inside its data. `names` maps a token id to its name;
 * `titles` a card id to its title (a notice, or plain text). Blockers: {kind: "card"|"moved"|"gone",
 * card?, thing} or {kind: "event", card?, seq, type?}.
 */
export function blockerNotice(blocker, { names = new Map(), titles = new Map() } = {}) {
  const thing = () => {
    const [kind, id] = blocker.thing.split(":");
    return { key: `BALLCOURT.Undo.Thing.${kind}`, data: { name: names.get(id) ?? id } };
  };
  const title = () => titles.get(blocker.card) ?? blocker.card;
  if (blocker.kind === "card")
    return { key: "BALLCOURT.Undo.LaterCard", data: { card: title(), thing: thing() } };
  if (blocker.kind === "event") {
    if (blocker.card) return { key: "BALLCOURT.Undo.LaterCardEvents", data: { card: title() } };
    return {
      key: "BALLCOURT.Undo.LaterEvent",
      data: { seq: blocker.seq, type: blocker.type ?? "" },
    };
  }
  return {
    key: blocker.kind === "gone" ? "BALLCOURT.Undo.Gone" : "BALLCOURT.Undo.Moved",
    data: { thing: thing() },
  };
}

/** The reason in the user's language (blockerNotice, read with this localizer). */
export function describeBlocker(blocker, i18n, labels = {}) {
  return formatNotice(blockerNotice(blocker, labels), i18n);
}
