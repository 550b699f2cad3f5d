/**
 * Chat cards with Apply, Undo and per-player actions. One writer: the active GM performs every
 * action. A player's click reaches the GM as a write to the player's own User flags
 * (gm-requests.mjs), which Foundry's server vouches for. The message's flags say what was applied, so a second
 * click, or a render hook firing twice, does nothing. Any applied card may be undone while its
 * effects are still the latest for what it touched (match-events.mjs says why not otherwise).
 *
 * An Apply is all or nothing across a closed page too: before its first write, the card keeps
 * a journal (`applying`: what the writes will change, as it is then); the last write clears it.
 * The journal names the page that keeps it: one the GM's page finds once linked, or when its
 * keeper's user leaves, is an Apply a closed page left half done, and it is taken back whole
 * (takeBackCutShort); one whose page is still open is that page's Apply under way.
 */
import { cardPhase, gmOnly, refusal, subjectOf } from "../../core/card-lifecycle.mjs";
import { localText, renderCard, rollData } from "../../core/cards.mjs";
import { nextStamp } from "../../core/undo.mjs";
import {
  MODULE_ID,
  applyMessageMode,
  fvtt,
  i18n,
  isCompanionGM,
  localizedError,
  notify,
  reportFailure,
  setting,
} from "../world/env.mjs";
import {
  askGM,
  refuse,
  replacingFlag,
  requestFrom,
  tellPresser,
} from "../requests/gm-requests.mjs";
import { requests } from "../requests/roll-requests.mjs";
import { appliedCards, checkStillLatest, standingEventsOf } from "./match-events.mjs";

const games = new Map();
const busy = new Set();
let thisPage = null;

/** This page's name in the journals it keeps: a reloaded page is another page of the same user. */
function pageName() {
  thisPage ??= { user: fvtt.game.user.id, page: fvtt.utils.randomID() };
  return thisPage;
}

/**
 * A game's card handlers: {journal(message, action) -> {undo}: what apply will write, read
 * before it does, as its record's `undo`; apply(message, action) -> record, undo(message, record),
 * act(message, action, user, recheck)} — `act` answers per-player actions such as
 * "intercept:<token>", and calls `recheck()` before it writes after a wait (a player's roll);
 * `ballNow(message)`: the ball as the card's lifecycle compares it (its square, speed and
 * direction; null with none), for a game whose cards are computed from where the ball is;
 * `afterApply(message)` (optional): what follows an Apply once the card is free for presses
 * again (the autopilot's disarm back), its failure told without taking the Apply back.
 */
export function registerCardHandlers(game, handlers) {
  games.set(game, handlers);
}

/** Foundry Rolls rebuilt from the companion's naturals, so they ride on the message. */
export function toFoundryRolls(rolls) {
  const Roll = fvtt.Roll;
  return rollData(rolls).map((r) =>
    Roll.fromData({
      class: "Roll",
      formula: r.formula,
      total: r.total,
      evaluated: true,
      terms: [
        {
          class: "Die",
          number: r.count,
          faces: r.sides,
          evaluated: true,
          results: r.faces.map((f) => ({ result: f, active: true })),
        },
        ...(r.modifier
          ? [
              { class: "OperatorTerm", operator: r.modifier > 0 ? "+" : "-", evaluated: true },
              { class: "NumericTerm", number: Math.abs(r.modifier), evaluated: true },
            ]
          : []),
      ],
    }),
  );
}

/**
 * Post a card. `showTo`: users who must see it whatever the message mode (the owners of the
 * kicker or dribbler whose card it is: a player's own kick is never hidden from him).
 */
export async function postCard(answer, context, { extraRolls = [], showTo = [] } = {}) {
  const card = answer.chat_card;
  const data = {
    content: renderCard(card, i18n(), {}),
    speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
    rolls: [...extraRolls, ...toFoundryRolls(companionOnly(card.rolls, extraRolls))],
    flags: {
      [MODULE_ID]: {
        card,
        context,
        applied: false,
        undone: false,
        resolved: [],
        posted: Date.now(),
      },
    },
  };
  applyMessageMode(data);
  showToActors(data, card, context, showTo);
  return fvtt.ChatMessage.create(data);
}

/**
 * A card that asks players to act ("tries to intercept") is seen by those players whatever the
 * GM's message mode, as are the users in `showTo`: a private card is whispered to them too,
 * and never blind.
 */
function showToActors(data, card, context, showTo) {
  if (!data.whisper?.length) return;
  const tokens = (card.actions ?? []).map(actingToken).filter(Boolean);
  const owners = [...tokens.flatMap((id) => context.owners?.[id] ?? []), ...showTo];
  if (!owners.length) return;
  data.whisper = [...new Set([...data.whisper, ...owners])];
  data.blind = false;
}

/** The companion's rolls that Foundry did not roll itself (those are already on the message). */
function companionOnly(rolls, foundryRolls) {
  const mine = new Set(foundryRolls.map((r) => r.options?.ballcourt));
  return (rolls ?? []).filter((r) => !mine.has(r.name));
}

/**
 * The card's lifecycle phase (core/card-lifecycle.mjs) as the world stands now: the ball as its
 * game reads it (`ballNow`), whether a card for the same thing was applied since this one was
 * posted (both stamped by the companion GM's clock), and on his page whether a press on it is
 * being performed.
 */
function phaseNow(
  message,
  flags,
  { answering = busy.has(message.id) || Boolean(flags.applying) } = {},
) {
  const subject = subjectOf(flags);
  const siblingApplied =
    subject !== null &&
    Number.isFinite(flags.posted) &&
    appliedCards().some(
      (c) =>
        c.id !== message.id &&
        c.record.stamp >= flags.posted &&
        subjectOf(c.message.flags?.[MODULE_ID]) === subject,
    );
  return cardPhase(flags, {
    answering,
    siblingApplied,
    ballNow: games.get(flags.context?.game)?.ballNow?.(message),
  });
}

/**
 * The card's state as drawn: its phase without this page's busy mark, which ends with no
 * update of the message to draw the card again (a press that comes meanwhile is told to wait);
 * an Apply under way is drawn so on every client, its journal being on the card.
 */
function cardState(message, flags) {
  return {
    applied: flags.applied,
    undone: flags.undone,
    resolved: new Set(flags.resolved ?? []),
    phase: phaseNow(message, flags, { answering: Boolean(flags.applying) }),
  };
}

/**
 * renderChatMessageHTML: render the card afresh from the flags, in this client's language and
 * with the buttons' current state (the stored content is the GM's rendering); keep the buttons
 * this user may press and wire each once.
 */
export function onRenderChatMessageHTML(message, html) {
  const flags = message.flags?.[MODULE_ID];
  if (!flags?.card) return;
  const state = cardState(message, flags);
  const box = html.querySelector(".ballcourt-card");
  if (box) box.outerHTML = renderCard(flags.card, i18n(), state);
  remember(message.id, html, state.phase);
  for (const button of html.querySelectorAll("button[data-ballcourt-action]")) {
    if (!mayPress(fvtt.game.user, message, button.dataset.ballcourtAction)) {
      // a player sees only his own
      button.remove();
      continue;
    }
    if (button.dataset.ballcourtWired) continue;
    button.dataset.ballcourtWired = "1";
    button.addEventListener("click", (event) => {
      event.preventDefault();
      return requestAction(message.id, button.dataset.ballcourtAction); // its work, for whoever awaits it
    });
  }
}

/**
 * The cards this page drew, each with the phase it was drawn in. A card's phase also hangs on
 * other documents (a sibling applied or undone, the ball moved), whose updates Foundry does not
 * draw it again for: this page draws it again itself (redrawCards). Held weakly: an element
 * the log has dropped is let go.
 */
const drawn = new Map();

function remember(messageId, html, phase) {
  const entry = drawn.get(messageId) ?? { elements: new Set(), phase };
  if (![...entry.elements].some((ref) => ref.deref() === html))
    entry.elements.add(new WeakRef(html));
  entry.phase = phase;
  drawn.set(messageId, entry);
}

/**
 * updateChatMessage and updateToken, on every page: each card drawn here, but for one Foundry
 * draws again itself (`except`), whose phase is no longer the one drawn, is drawn again. An
 * applied card stays so whatever its siblings and the ball do (only its own update changes it).
 */
export function redrawCards(except = null) {
  for (const [messageId, entry] of drawn) {
    if (messageId === except || entry.phase === "applied") continue;
    const message = fvtt.game.messages.get(messageId);
    const flags = message?.flags?.[MODULE_ID];
    if (!flags?.card) {
      drawn.delete(messageId);
      continue;
    }
    if (cardState(message, flags).phase === entry.phase) continue;
    for (const ref of [...entry.elements]) {
      const html = ref.deref();
      if (html) onRenderChatMessageHTML(message, html);
      else entry.elements.delete(ref);
    }
  }
}

/** updateChatMessage: an Apply or Undo may have changed its siblings' phase. */
export function onCardUpdated(message, changes) {
  const flags = changes?.flags?.[MODULE_ID];
  if (flags && ("applied" in flags || "undone" in flags)) redrawCards(message.id);
}

/** updateToken: the ball moved or changed speed, so cards computed from where it was are stale. */
export function onBallUpdated(token, changes) {
  if (!token.flags?.[MODULE_ID]?.isBall) return;
  if ("x" in changes || "y" in changes || changes.flags?.[MODULE_ID]?.ball) redrawCards();
}

/**
 * The token whose player an action is for: named in its id ("intercept:<token>"), or, for the
 * trip back and the disarm back, the player who makes it (its payload's `actor`); null for
 * Apply and the like.
 */
function actingToken(action) {
  const [kind, tokenId] = action.id.split(":");
  if (kind === "apply") return null;
  return (
    tokenId ??
    (["trip_back", "disarm_back"].includes(kind) ? (action.payload?.actor ?? null) : null)
  );
}

/** Who may press what: Apply/Undo by the table's setting; a player's own action by its owner; a GM's own (gmOnly) by GMs. */
export function mayPress(user, message, actionId) {
  if (!user) return false;
  if (user.isGM) return true;
  if (gmOnly(message.flags?.[MODULE_ID]?.card?.kind, actionId)) return false;
  const context = message.flags?.[MODULE_ID]?.context ?? {};
  const action = message.flags?.[MODULE_ID]?.card?.actions?.find((a) => a.id === actionId) ?? {
    id: actionId,
  };
  const tokenId = actingToken(action);
  if (tokenId) return (context.owners?.[tokenId] ?? []).includes(user.id);
  const policy = setting("applyPermission");
  if (policy === "anyone") return true;
  if (policy === "owner")
    return Object.values(context.owners ?? {}).some((ids) => ids.includes(user.id));
  return false;
}

export async function requestAction(messageId, actionId) {
  const game = fvtt.game;
  const message = game.messages.get(messageId);
  if (!message) return;
  if (!mayPress(game.user, message, actionId)) {
    notify("warn", "BALLCOURT.Chat.NotAllowed");
    return;
  }
  if (isCompanionGM()) {
    await performAction(messageId, actionId, game.user.id);
    return;
  }
  await askGM(PRESS_REQUEST, { messageId, actionId });
}

/** A player's press on a card, sent to the companion's GM (channels.mjs). */
export const PRESS_REQUEST = "press";

/** updateUser on the active GM's client: a player pressed a button (gm-requests.mjs). */
export function onUpdateUser(user, changes, _options, authorId) {
  const press = requestFrom(PRESS_REQUEST, user, changes, authorId);
  if (typeof press?.messageId !== "string" || typeof press?.actionId !== "string") return undefined;
  return performAction(press.messageId, press.actionId, authorId);
}

/** What a busy card waits for, as a lang key and its data: a player's roll (by his token's name), else an earlier press. */
function waitingFor() {
  const names = [...new Set(requests.pending().map((r) => r.name))];
  return names.length
    ? ["BALLCOURT.Chat.WaitingForRoll", { names: names.join(", ") }]
    : [ANSWERING];
}

/**
 * On the companion GM's page: perform a press, if the card's lifecycle allows it now. The
 * message's flags and the world are read at this moment, not as they were when the button was
 * drawn; a refusal tells the presser why, in his language. Returns whether it was performed.
 */
export async function performAction(messageId, actionId, userId) {
  const game = fvtt.game;
  const message = game.messages.get(messageId);
  const user = game.users.get(userId);
  if (!message || !mayPress(user, message, actionId)) return false;
  const handlers = games.get(message.flags[MODULE_ID].context?.game);
  if (!handlers) return false;
  const refused = refusalNow(message, actionId);
  if (refused?.key === ANSWERING) {
    // say what the card waits for: a press that does nothing looks broken
    tellPresser(userId, ...waitingFor());
    return false;
  }
  if (refused) {
    refuse(localizedError(refused.key, refused.data), userId);
    return false;
  }
  const alongside = busy.has(messageId); // a press the lifecycle lets through while another is performed (the autopilot's Stop)
  busy.add(messageId);
  let applied = false;
  try {
    const flags = message.flags[MODULE_ID];
    if (actionId === "apply") {
      const action = flags.card.actions.find((a) => a.id === "apply");
      const stamp = nextStamp(
        appliedCards().map((c) => c.record.stamp),
        Date.now(),
      );
      await message.update(
        replacingFlag("applying", { ...handlers.journal(message, action), stamp, by: pageName() }),
      );
      let record;
      try {
        record = { ...(await handlers.apply(message, action)), stamp };
      } catch (err) {
        await message.update({ [`flags.${MODULE_ID}.applying`]: null }); // applyAtomically took its writes back
        throw err;
      }
      // the record whole: merged into an earlier Apply's (undone) record, keys only it had would stay (FOUNDRY-SEMANTICS §1.4)
      await message.update({
        [`flags.${MODULE_ID}.applied`]: true,
        [`flags.${MODULE_ID}.undone`]: false,
        ...replacingFlag("record", record),
        [`flags.${MODULE_ID}.applying`]: null,
      });
      applied = true;
      return true;
    }
    if (actionId === "undo") {
      checkStillLatest(message, flags.record, game.scenes.get(flags.context?.sceneId));
      await handlers.undo(message, flags.record);
      await message.update({ [`flags.${MODULE_ID}.undone`]: true });
      return true;
    }
    const action = flags.card.actions.find((a) => a.id === actionId);
    const recheck = () => {
      const now = refusalNow(message, actionId, { answering: false });
      if (now) throw localizedError(now.key, now.data);
    };
    await handlers.act(message, action, user, recheck);
    await message.update({
      [`flags.${MODULE_ID}.resolved`]: [...(message.flags[MODULE_ID].resolved ?? []), actionId],
    });
    return true;
  } catch (err) {
    refuse(err, userId);
    return false;
  } finally {
    if (!alongside) busy.delete(messageId);
    // what the game does once the card is applied and free again (the autopilot's disarm back)
    if (applied && handlers.afterApply) await handlers.afterApply(message).catch(reportFailure);
  }
}

const ANSWERING = "BALLCOURT.Lifecycle.Answering";

/**
 * On the companion GM's page, once linked: each Apply a closed page left half done (its journal
 * on a card this page is not applying now) is taken back whole: its events still standing at
 * the companion (each names its card), then the scene and sheets as the journal read them. The
 * GM is told which, to apply them again. Resolves with the cards taken back.
 */
export async function takeBackCutShort() {
  const taken = [];
  for (const message of fvtt.game.messages.contents ?? []) {
    const flags = message.flags?.[MODULE_ID];
    const handlers = games.get(flags?.context?.game);
    if (!flags?.applying || !handlers || busy.has(message.id)) continue;
    if (keeperStillOpen(flags.applying.by)) continue;
    busy.add(message.id);
    try {
      const seqs = await standingEventsOf(flags.context.matchId, message.id);
      await handlers.undo(message, { undo: flags.applying.undo, events: seqs.length, seqs });
      await message.update({ [`flags.${MODULE_ID}.applying`]: null });
      taken.push(message);
    } finally {
      busy.delete(message.id);
    }
  }
  if (taken.length) {
    notify(
      "warn",
      "BALLCOURT.Chat.ApplyTakenBack",
      { cards: taken.map((m) => cardTitle(m)).join(", ") },
      { permanent: true },
    );
  }
  return taken;
}

/**
 * Whether the page that keeps a journal may still be applying it: another user's page while he
 * is connected (userConnected tells this page when he leaves). This user's own other page is
 * one he closed (a reload), and a journal naming no page predates the names.
 */
function keeperStillOpen(by) {
  if (!by?.user || by.user === fvtt.game.user.id) return false;
  const keeper = fvtt.game.users.get(by.user);
  if (!keeper?.active) return false;
  const page = keeper.flags?.[MODULE_ID]?.page; // the page he has open now (namePage)
  return page === undefined || page === by.page;
}

/** userConnected: a user whose page kept a journal left; on the companion GM's page, his Apply is taken back. */
export function onUserLeft(user, connected) {
  if (connected || !isCompanionGM()) return undefined;
  return takeBackCutShort();
}

/**
 * On a GM's page, once ready: his User names the page he has open, so that the companion GM's
 * page tells a journal his earlier page left (he reloaded, and is connected again) from his
 * Apply under way. The random table found it (seed 9403): the GM reloaded mid-Apply and named
 * Maria the companion's GM before his new page had linked; hers left the journal for ever.
 */
export async function namePage() {
  if (!fvtt.game.user.isGM) return;
  await fvtt.game.user.update({ [`flags.${MODULE_ID}.page`]: pageName().page });
}

/** updateUser: a GM's page named itself; on the companion GM's page, a journal his earlier page left is taken back. */
export function onPageNamed(user, changes) {
  if (!changes?.flags?.[MODULE_ID]?.page || !isCompanionGM()) return undefined;
  return takeBackCutShort();
}

/** A card's title in this reader's language. */
function cardTitle(message) {
  const title = message.flags[MODULE_ID].card?.title;
  return title ? localText(title, i18n()) : message.id;
}

/** The lifecycle's refusal of `actionId` on the message as it is now ({key, data}), or null; `answering` overrides this page's busy mark. */
function refusalNow(message, actionId, { answering } = {}) {
  const flags = message.flags[MODULE_ID];
  return refusal(
    flags.card,
    phaseNow(message, flags, { answering }),
    actionId,
    new Set(flags.resolved ?? []),
  );
}
