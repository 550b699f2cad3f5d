/**
 * The referee's inspection at the table (rulebook 2.0): each court player's sheet read by his
 * system's adapter, judged by the companion (`/yaotzin/inspect`), and a card posted for each
 * player (core/inspection-card.mjs), whispered to the GMs and to that player's owners only.
 * It runs when a court's match starts, and again for one player when, during the match, an
 * item of his is equipped or carried, a buff switched on or an effect enabled: a card then
 * says only what his earlier cards of this match did not. Acknowledge and Override are the
 * GMs' (their ids name no token, so chat.mjs's mayPress gives them to no player); a press goes
 * through the card lifecycle and is kept in the card's `resolved` list like every once-button.
 */
import { renderCard } from "../../core/cards.mjs";
import { plainName } from "../../core/i18n.mjs";
import { INSPECTION_GAME, inspectionCard } from "../../core/inspection-card.mjs";
import { registerCardHandlers } from "../cards/chat.mjs";
import { MODULE_ID, fvtt, i18n, isCompanionGM } from "../world/env.mjs";
import { companion } from "../world/link.mjs";
import { adapter, ballcourtOf, ownersOf, tokenList } from "../world/scene.mjs";

/** What the companion takes (docs/api.md, the inspection's route): names of 120, types and materials of 40, 500 of each list. */
const LIMITS = { name: 120, word: 40, entries: 500 };
const fit = (value, max) => plainName(value)?.slice(0, max);
const defined = (entry) =>
  Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));

/** A sheet as read, fitted to what the companion takes: a player's odd item name must not fail his whole inspection. */
function sendable({ items, effects, traits }) {
  return {
    items: items.slice(0, LIMITS.entries).map((i) =>
      defined({
        ...i,
        name: fit(i.name, LIMITS.name) ?? "?",
        type: fit(i.type, LIMITS.word),
        material: fit(i.material, LIMITS.word),
      }),
    ),
    effects: effects
      .slice(0, LIMITS.entries)
      .map((e) => defined({ ...e, name: fit(e.name, LIMITS.name) ?? "?" })),
    traits: traits
      .map((t) => fit(t, LIMITS.name))
      .filter(Boolean)
      .slice(0, LIMITS.entries),
  };
}

const isPlayer = (token) => Boolean(token.flags?.[MODULE_ID]?.team && token.actor);
const sameFinding = (a, b) => a.kind === b.kind && a.what === b.what;

/** The inspection cards of this match for this player, as their flags. */
function earlierCards(matchId, playerId) {
  const messages = fvtt.game.messages?.contents ?? [...(fvtt.game.messages ?? [])];
  return messages
    .map((m) => m.flags?.[MODULE_ID])
    .filter(
      (f) =>
        f?.context?.game === INSPECTION_GAME &&
        f.context.matchId === matchId &&
        f.context.player === playerId,
    );
}

/**
 * Inspect `players` (tokens of the court) and post a card for each with a finding his earlier
 * cards of this match lack (`onlyNew`), or for each whatever it holds; returns the messages.
 */
async function inspect(scene, players, { onlyNew = false } = {}) {
  if (!players.length) return [];
  const read = adapter();
  const answer = await companion("POST", "/api/v1/yaotzin/inspect", {
    players: players.map((t) => ({ id: t.id, ...sendable(read.inspection(t.actor)) })),
  });
  const matchId = ballcourtOf(scene)?.matchId ?? null;
  const owners = ownersOf(scene);
  const gms = fvtt.game.users.filter((u) => u.isGM).map((u) => u.id);
  const posted = [];
  for (const { id, findings: all } of answer.players) {
    const seen = onlyNew ? earlierCards(matchId, id).flatMap((f) => f.findings ?? []) : [];
    const findings = all.filter((f) => !seen.some((s) => sameFinding(s, f)));
    if (onlyNew && !findings.length) continue;
    const card = inspectionCard(players.find((t) => t.id === id)?.name ?? id, findings);
    posted.push(
      await fvtt.ChatMessage.create({
        content: renderCard(card, i18n(), {}),
        speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
        whisper: [...new Set([...gms, ...(owners[id] ?? [])])],
        flags: {
          [MODULE_ID]: {
            card,
            findings,
            applied: false,
            undone: false,
            resolved: [],
            context: { game: INSPECTION_GAME, sceneId: scene.id, matchId, player: id },
          },
        },
      }),
    );
  }
  return posted;
}

/** Inspect every player on the court and post one card each (the match starts). */
export function inspectCourt(scene) {
  return inspect(scene, tokenList(scene).filter(isPlayer));
}

/** A value of an update's diff, whether the writer sent it nested or dotted. */
function changedAt(changed, path) {
  if (Object.hasOwn(changed, path)) return changed[path];
  return path.split(".").reduce((o, k) => (o && typeof o === "object" ? o[k] : undefined), changed);
}

/**
 * A condition: an effect carrying a status (prone, unconscious) that no item or spell gave
 * (no `origin`), as Foundry makes one when a status is turned on, from the token's HUD or a
 * card's Apply. The referee inspects what a player brings, not what befell him.
 */
const isCondition = (effect) => effect.statuses?.size > 0 && !effect.origin;

/** Whether an update switches something on: an item equipped or carried, a buff active (pf1, D35E), an effect enabled. */
function switchesOn(doc, changed) {
  if (doc.documentName === "ActiveEffect")
    return changedAt(changed, "disabled") === false && !isCondition(doc);
  return ["system.equipped", "system.carried", "system.active"].some(
    (path) => changedAt(changed, path) === true,
  );
}

/** Whether a document made on a sheet comes switched on: an item equipped, carried or active, an effect not disabled (a condition aside). */
function madeOn(doc) {
  if (doc.documentName === "ActiveEffect") return !doc.disabled && !isCondition(doc);
  return ["equipped", "carried", "active"].some((key) => doc.system?.[key] === true);
}

/**
 * updateItem / updateActiveEffect, on the companion GM's page: when something of a court
 * player's is switched on while his court has a match, inspect him again at once.
 */
export function onSheetChange(doc, changed) {
  return isCompanionGM() && switchesOn(doc, changed) ? inspectOwner(doc) : Promise.resolve([]);
}

/** createItem / createActiveEffect, likewise: something made on his sheet already switched on (a drop, a buff added). */
export function onSheetCreate(doc) {
  return isCompanionGM() && madeOn(doc) ? inspectOwner(doc) : Promise.resolve([]);
}

/** Inspect again, on each court with a match, the players whose actor holds `doc` (an effect of an item: the item's actor). */
async function inspectOwner(doc) {
  const owner = doc.parent?.documentName === "Item" ? doc.parent.parent : doc.parent;
  if (!owner) return [];
  const posted = [];
  for (const scene of fvtt.game.scenes.values()) {
    const bc = ballcourtOf(scene);
    if (bc?.game !== "yaotzin" || !bc.matchId) continue;
    const players = tokenList(scene).filter((t) => isPlayer(t) && t.actor.id === owner.id);
    posted.push(...(await inspect(scene, players, { onlyNew: true })));
  }
  return posted;
}

registerCardHandlers(INSPECTION_GAME, {
  /** Acknowledge or Override: the choice itself is the record (chat.mjs adds it to `resolved`). */
  async act() {},
});
