/**
 * Yaotzin autopilot at the table (core/yaotzin-autopilot.mjs holds the logic). Each team has a
 * mode, off / suggest / act, and a tactics preset (the world setting "yaotzinAutopilot":
 * {team: {mode, tactics}}, set from the menu's Autopilot form as goat-ball's is) for its
 * tokens no player owns. When the tracker reaches such a token's turn, the companion's GM's
 * client (the only one that talks to the companion) asks `/yaotzin/suggest` for it, draws the
 * proposed path as a ghost on his canvas and whispers him a card with each step and the
 * reason. On "suggest" the card's Accept runs the turn, Decline leaves it to him; on "act" it
 * runs at once, a pause before each step in which the card's Stop ends it.
 *
 * Running a turn goes through the table's own flows, never a copy: the path is walked as one
 * token movement through its squares (so the dribble check of dribble.mjs holds it), a
 * dribble is dribble.mjs's, a kick is the kick tool's request, a hoop shot and a contest (with
 * its attack-of-opportunity question to the target's owner) are contests.mjs's, as the menu's.
 */
import { hasStatus, restoreStatuses, setStatus } from "../../adapters/sheet-writes.mjs";
import { teamEntry } from "../../core/goatball-autopilot.mjs";
import { localText, renderCard } from "../../core/cards.mjs";
import { tokenPosition, tokenSquare } from "../../core/geometry.mjs";
import { stillCurrent } from "../../core/turn-stamp.mjs";
import { attackedEnd } from "../../core/planner.mjs";
import {
  TurnRun,
  closedCard,
  ghostCommands,
  proposalCard,
  stepLine,
  suggestBody,
  turnSteps,
} from "../../core/yaotzin-autopilot.mjs";
import { performAction, registerCardHandlers } from "../cards/chat.mjs";
import { tellGMs } from "../requests/gm-requests.mjs";
import { answerBelongs, stampOf } from "../requests/turns.mjs";
import { courtOfCombat, trackerOf, turnChangeOnItsWay } from "../world/encounters.mjs";
import {
  MODULE_ID,
  fvtt,
  i18n,
  isCompanionGM,
  localizedError,
  notify,
  reportFailure,
  setting,
} from "../world/env.mjs";
import { companion, quietly } from "../world/link.mjs";
import { clearIfShown, drawOnly } from "../world/overlay-layer.mjs";
import {
  adapter,
  ballToken,
  ballcourtOf,
  cardContext,
  teamOf,
  tokenList,
} from "../world/scene.mjs";
import { autopilotEntries, modeOf } from "./autopilot-npc.mjs";
import { contest, shootHoop } from "./contests.mjs";
import { dribble, dribblePlayers } from "./dribble.mjs";
import { requestKick } from "./kick-relay.mjs";
import { placeTokens } from "./yaotzin.mjs";
import { readCourt } from "./yaotzin-players.mjs";

/** The open proposal on this (the companion GM's) client: {messageId, run, ghost, card} or null. */
let open = null;

/**
 * The turn the companion proposes for `token` (its `turn`, and the preset it played), with the
 * court's match's score when it has one: behind or ahead late, the presets play the end-game.
 */
export async function proposeTurn(scene, token, round) {
  const court = readCourt(scene);
  const team = teamOf(token);
  const { tactics } = teamEntry(autopilotEntries()[team]);
  const match = court.matchId ? await quietly("GET", `/api/v1/matches/${court.matchId}`) : null;
  return quietly(
    "POST",
    "/api/v1/yaotzin/suggest",
    suggestBody({
      field: court.field,
      players: dribblePlayers(scene),
      ball: court.ball,
      mover: token.id,
      tactics,
      attacks: attackedEnd(court.teams, team),
      round,
      score: match?.score ?? null,
      settings: court.settings,
    }),
  );
}

const isProne = (token) => Boolean(token.actor) && hasStatus(adapter(), token.actor, "prone");

/**
 * On the companion's GM's client, when the tracker reaches a combatant (combat.mjs, after the
 * turn's start is noted): nothing unless he is a court token of a team on autopilot whom no
 * player owns. Otherwise the proposal is asked for, drawn and carded; on "act" it is run.
 * A failure is told to the GM, who then plays the turn himself. A proposal that comes after
 * the tracker moved on (the GM pressed Next while the companion worked) is dropped, and the
 * GMs are told: run, it would play this NPC in another's turn. One whose card a Next crossed
 * (this page's own, on its way, or another GM's) is closed once this page hears it.
 */
export async function autopilotTurn(combat, combatant, asked = stampOf(combat)) {
  const scene = courtOfCombat(combat);
  const bc = ballcourtOf(scene);
  const token = tokenList(scene).find((t) => t.id === combatant?.tokenId);
  if (bc?.game !== "yaotzin" || !token || !teamOf(token) || !ballToken(scene)) return null;
  const mode = modeOf(token);
  if (mode === "off") return null;
  let answer;
  try {
    answer = await proposeTurn(scene, token, combat.round);
  } catch (err) {
    notify("warn", "BALLCOURT.YAutopilot.Failed", {
      player: token.name,
      message: err?.message ?? String(err),
    });
    return null;
  }
  if (
    !answerBelongs(asked, trackerOf(combat), {
      key: "BALLCOURT.Turns.LateProposal",
      data: { player: token.name },
    })
  ) {
    return null;
  }
  const proposal = await show(scene, token, answer, mode);
  proposal.itsTurn = () => stillCurrent(asked, trackerOf(combat)); // the turn it was asked for
  proposal.belongs = () => proposal.itsTurn() && !turnChangeOnItsWay(combat); // and no Next of this page's on its way
  followTurn(proposal, combat);
  if (mode === "act" && !proposal.turnOver)
    await runProposal(proposal, Number(setting("yaotzinAutopilotPause") ?? 0) * 1000);
  return proposal;
}

/**
 * A proposal follows the tracker as this page hears it: once an update of the encounter it hears
 * has ended the NPC's turn, the proposal is set aside and `turnOver` says so from then on. Another
 * GM's Next is heard so, and may come after Foundry's turn events here (FOUNDRY-SEMANTICS §7.4),
 * even before this proposal's card was posted; the page hears the server's writes in the order
 * the server made them (§1.9), so a walk whose end it hears after `turnOver` landed out of turn.
 */
function followTurn(proposal, combat) {
  const over = () => {
    proposal.turnOver = true;
    setAside(proposal).catch(reportFailure);
  };
  proposal.following = fvtt.Hooks.on("updateCombat", (updated) => {
    if (updated.id === combat.id && !proposal.itsTurn()) over();
  });
  if (!proposal.itsTurn()) over(); // heard while its card was posted
}

/** Draw the ghost and whisper the card to the GMs; the proposal is the open one from now on. */
async function show(scene, token, answer, mode) {
  const bc = ballcourtOf(scene);
  const tokens = new Map(tokenList(scene).map((t) => [t.id, t]));
  const nameOf = (id) => tokens.get(id)?.name ?? id;
  const { turn } = answer;
  const steps = turnSteps(turn, { prone: isProne(token) });
  const card = proposalCard(turn, {
    name: token.name,
    mode,
    tactics: answer.tactics ?? "",
    prone: isProne(token),
    nameOf,
  });
  const last = steps.at(-1);
  const target =
    last?.kind === "contest" && tokens.get(last.target)
      ? tokenSquare(bc.mapping, tokens.get(last.target))
      : null;
  const label = last ? localText(stepLine(last, nameOf), i18n()) : "";
  const ghost = drawOnly(ghostCommands(bc.mapping, turn, { label, targetSquare: target }), scene);
  const message = await fvtt.ChatMessage.create({
    content: renderCard(card, i18n(), {}),
    speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
    whisper: fvtt.game.users.filter((u) => u.isGM).map((u) => u.id),
    flags: {
      [MODULE_ID]: {
        card,
        context: {
          ...cardContext(scene, "autopilot"),
          game: "yaotzinAutopilot",
          tokenId: token.id,
        },
        applied: false,
        undone: false,
        resolved: [],
      },
    },
  });
  open = {
    messageId: message.id,
    sceneId: scene.id,
    tokenId: token.id,
    card,
    ghost,
    run: new TurnRun(steps),
  };
  return open;
}

/**
 * Run a proposal's steps in order, each through the table's own flow; before each, `pauseMs`
 * (act mode: time to press Stop) and the Stop check. A step that fails is told to the GM and
 * ends the run. The card then says how it ended.
 */
async function runProposal(proposal, pauseMs = 0) {
  proposal.running = true;
  const scene = fvtt.game.scenes.get(proposal.sceneId);
  try {
    for (;;) {
      if (pauseMs > 0)
        await new Promise((resolve) => {
          setTimeout(resolve, pauseMs);
        });
      if (!proposal.belongs()) proposal.run.stop(); // the tracker moved on while it paused
      const step = proposal.run.next();
      if (!step) break;
      if (!(await perform(scene, proposal, step))) break;
      proposal.run.complete();
    }
  } catch (err) {
    proposal.run.fail();
    reportFailure(err);
  }
  await close(proposal, proposal.run.outcome);
}

/**
 * One step, through the flow the table uses for it by hand. Resolves false when it wrote
 * nothing because the tracker moved on while it waited (the run then stops there).
 */
async function perform(scene, proposal, step) {
  const token = tokenList(scene).find((t) => t.id === proposal.tokenId);
  if (!token) throw localizedError("BALLCOURT.YAutopilot.Gone"); // deleted since the proposal
  switch (step.kind) {
    case "stand":
      return standUp(token, proposal);
    case "move":
      return walk(scene, token, step, proposal);
    case "kick":
      await requestKick({
        sceneId: scene.id,
        kicker: step.kicker,
        target: step.target,
        standing: step.standing,
        powerAttack: step.powerAttack,
      });
      break;
    case "hoop":
      await shootHoop(scene, {
        kicker: step.kicker,
        hoop: step.hoop,
        standing: step.standing,
        powerAttack: step.powerAttack,
      });
      break;
    case "dribble":
      return dribbleOn(scene, token, step, proposal);
    case "contest":
      await contest(scene, {
        actor: step.actor,
        target: step.target,
        kind: step.contest,
        to: step.to,
      });
      break;
    default:
      throw localizedError("BALLCOURT.YAutopilot.Unknown", { route: step.route });
  }
  return true;
}

/**
 * Walk a path: checked by the companion's `/yaotzin/move` against the court as it is now (the
 * GM may have moved someone since the proposal), then one token movement through every square
 * of it, as the ball travels (one animation, one entry in the token's history), which passes
 * the table's own checks (dribble.mjs holds a move off the still ball). A mover who enters a
 * rolling ball's square stops it there (the route's `takes_ball`). A walk that landed after
 * the turn moved on is taken back (`landing`, `takeBack`).
 */
async function walk(scene, token, { path, budget }, proposal) {
  const court = readCourt(scene);
  const { ball } = court;
  const checked = await companion("POST", "/api/v1/yaotzin/move", {
    field: court.field,
    players: dribblePlayers(scene),
    ball: { x: ball.x, y: ball.y },
    mover: token.id,
    path,
    budget,
    settings: court.settings,
  });
  if (!proposal.belongs()) return false; // the GM pressed Next while the companion checked it
  const start = { x: token.x, y: token.y };
  const waypoints = path.slice(1).map((sq) => tokenPosition(court.mapping, sq));
  const end = waypoints.at(-1);
  const landed = landing(proposal, {
    hooks: ["updateToken"],
    isEnd: arrivalAt(token, end),
    nothing: token.x === end.x && token.y === end.y, // already there: the move writes nothing
    unheard: () => localizedError("BALLCOURT.YAutopilot.MoveRefused", { player: token.name }),
  });
  const moved = await token.move(waypoints, { autoRotate: false }).catch((err) => {
    landed.stop();
    throw err;
  });
  if (moved === false) {
    landed.stop();
    throw localizedError("BALLCOURT.YAutopilot.MoveRefused", { player: token.name });
  }
  if (await landed.late) return takeBack(scene, token, start, proposal);
  if (checked.takes_ball && ball.speed > 0) {
    await ballToken(scene).update({ [`flags.${MODULE_ID}.ball`]: { speed: 0, direction: null } });
  }
  return true;
}

/** How long a step's write may take to come back before the turn gives up on hearing it. */
const ARRIVAL_MS = 30000;

/**
 * A step's landing, heard on this page from before its write is sent: `late` resolves once one
 * of `hooks` brings back the write's end (`isEnd(hook, ...args)`), true when a turn change that
 * ended the NPC's turn came back first (`followTurn`): the server made it first (§1.9), so the
 * step, or its end, landed in the next turn. `nothing`: the write changes nothing, so nothing
 * comes back. Unheard for ARRIVAL_MS, `unheard()` is the step's failure (a walk stopped on the
 * way; v13's move resolves at its first checkpoint, FOUNDRY-SEMANTICS §6.1), or null: it
 * stands unjudged.
 */
function landing(proposal, { hooks, isEnd, nothing = false, unheard }) {
  let settle = () => {};
  const done = new Promise((resolve, reject) => {
    settle = (outcome) => {
      hooks.forEach((hook, i) => fvtt.Hooks.off(hook, heard[i]));
      clearTimeout(timer);
      outcome?.(resolve, reject);
    };
  });
  const heard = hooks.map((hook) =>
    fvtt.Hooks.on(hook, (...args) => {
      if (isEnd(hook, ...args)) settle((resolve) => resolve(Boolean(proposal.turnOver)));
    }),
  );
  const timer = setTimeout(
    () =>
      settle((resolve, reject) => {
        const failure = unheard();
        if (failure) reject(failure);
        else resolve(false);
      }),
    ARRIVAL_MS,
  );
  if (nothing) settle((resolve) => resolve(false));
  return { late: done, stop: () => settle() };
}

/**
 * Whether the token's updates, heard in the server's order from where it stands now, have
 * brought it to `end`: each update's own x and y, not the document's, which a later write of
 * this page (the GM dragging him on at once) may already have changed when the hook runs.
 */
function arrivalAt(token, end) {
  const at = { x: token.x, y: token.y };
  return (_hook, doc, changes = {}) => {
    if (doc.id !== token.id) return false;
    if ("x" in changes) at.x = changes.x;
    if ("y" in changes) at.y = changes.y;
    return at.x === end.x && at.y === end.y;
  };
}

/**
 * A prone NPC stands up: a status written on his sheet, judged as a walk is (`landing`): heard
 * back as his actor's update (D35E's condition field) or as the deletion of the effect that
 * carried it. One that landed after the turn moved on is taken back as Undo takes a status
 * back (the statuses as they were), the rest of his turn is not played, and the GMs are told.
 */
async function standUp(token, proposal) {
  const actor = token.actor;
  if (!actor) return true;
  const a = adapter();
  const landed = landing(proposal, {
    hooks: ["updateActor", "deleteActiveEffect"],
    isEnd: (hook, doc) =>
      hook === "updateActor"
        ? doc.id === actor.id && !hasStatus(a, doc, "prone")
        : doc.parent?.id === actor.id && Boolean(doc.statuses?.has?.("prone")),
    nothing: !hasStatus(a, actor, "prone"),
    unheard: () => null,
  });
  const before = await setStatus(a, actor, "prone", false).catch((err) => {
    landed.stop();
    throw err;
  });
  if (!(await landed.late)) return true;
  await restoreStatuses(a, actor, before);
  tellGMs("BALLCOURT.Turns.StandTakenBack", { player: token.name });
  proposal.run.takenBack("stand");
  return false;
}

/**
 * A proposed dribble: dribble.mjs's, its card posted and applied at once. The GM pressed Next
 * while the companion checked it: nothing is posted. Its Apply is judged as a walk is
 * (`landing`), heard back as the dribbler's update to his card's square, its last write on the
 * court (the ball's comes before it, in the same write): one that landed after the turn moved
 * on is taken back by the card's Undo, the rest of his turn is not played, and the GMs are told.
 */
async function dribbleOn(scene, token, step, proposal) {
  let landed = null;
  const message = await dribble(scene, token, step.from, step.squares.at(-1), step.squares, {
    stillDue: proposal.belongs,
    beforeApply: (card) => {
      const end = dribblerEnd(scene, card, token);
      landed = landing(proposal, {
        hooks: ["updateToken"],
        isEnd: arrivalAt(token, end),
        nothing: token.x === end.x && token.y === end.y,
        unheard: () => null,
      });
    },
  });
  if (!message) return false;
  if (!message.flags?.[MODULE_ID]?.applied) {
    landed.stop(); // its Apply was refused or failed, and told: nothing stands
    return true;
  }
  if (!(await landed.late)) return true;
  if (!(await performAction(message.id, "undo", fvtt.game.user.id))) {
    proposal.run.fail(); // the Undo's refusal is told to the GM
    return false;
  }
  tellGMs("BALLCOURT.Turns.DribbleTakenBack", { player: token.name });
  proposal.run.takenBack("dribble");
  return false;
}

/** Where the dribble card's Apply puts the dribbler (scene pixels): its move of him, else where he stands. */
function dribblerEnd(scene, message, token) {
  const apply = message.flags[MODULE_ID].card.actions?.find((a) => a.id === "apply");
  const move = apply?.payload?.moves?.find((m) => m.player === token.id);
  return move ? tokenPosition(ballcourtOf(scene).mapping, move) : { x: token.x, y: token.y };
}

/**
 * A walk that landed after the turn moved on: the NPC is put back where he stood, as Undo puts
 * tokens back (x and y alone, merged: nothing else on the token changes; no dribble check), the
 * moment this page hears the walk's end, before it can hear any later write. The rolling ball
 * he would have stopped is not stopped, the rest of his turn is not played, and the GMs are told.
 */
async function takeBack(scene, token, start, proposal) {
  await placeTokens(scene, [{ _id: token.id, x: start.x, y: start.y }]);
  tellGMs("BALLCOURT.Turns.WalkTakenBack", { player: token.name });
  proposal.run.takenBack();
  return false;
}

/** The proposal is over: its ghost goes (unless something else was drawn since), its card says how it ended. */
async function close(proposal, outcome) {
  if (open === proposal) open = null;
  fvtt.Hooks.off("updateCombat", proposal.following);
  clearIfShown(proposal.ghost);
  const message = fvtt.game.messages.get(proposal.messageId);
  if (!message || proposal.closed) return;
  proposal.closed = true;
  await message.update({ [`flags.${MODULE_ID}.card`]: closedCard(proposal.card, outcome) });
}

/**
 * At "ready" on the companion GM's page: a proposal lives in his page's memory, so the cards
 * of proposals still open when a page of his closed can do nothing more; they lose their
 * buttons and say so.
 */
export async function expireOldProposals() {
  if (!isCompanionGM()) return [];
  const stale = (fvtt.game.messages.contents ?? []).filter((m) => {
    const card = m.flags?.[MODULE_ID]?.card;
    return card?.kind === "yaotzin.autopilot" && card.actions?.length && m.id !== open?.messageId;
  });
  for (const message of stale) {
    await message.update({
      [`flags.${MODULE_ID}.card`]: closedCard(message.flags[MODULE_ID].card, "expired"),
    });
  }
  return stale;
}

/** The tracker moved on: an open proposal is set aside (`setAside`). */
export async function endProposal() {
  if (open) await setAside(open);
}

/** A proposal whose turn is over: a running one stops before its next step, any other closes. */
async function setAside(proposal) {
  proposal.run.stop();
  if (!proposal.running) await close(proposal, "passed");
}

registerCardHandlers("yaotzinAutopilot", {
  /**
   * The GM's buttons on the card: Accept runs the turn, Decline leaves it, Stop ends a running
   * one. A GM's alone, whatever the table lets players press: the card is whispered to GMs, so
   * a player's press of it can only be forged.
   */
  async act(message, action, user) {
    if (!user?.isGM) throw localizedError("BALLCOURT.Chat.NotAllowed");
    const proposal = open?.messageId === message.id ? open : null;
    if (!proposal || proposal.closed) throw localizedError("BALLCOURT.YAutopilot.Gone");
    if (action.id === "stop") {
      proposal.run.stop();
      return;
    }
    if (action.id === "decline") {
      await close(proposal, "declined");
      return;
    }
    if (action.id === "accept") await runProposal(proposal);
  },
});
