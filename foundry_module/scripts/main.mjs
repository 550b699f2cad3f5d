/** Ballcourt for Foundry VTT: wires settings, the companion link, chat, tools and hooks. */
import { registerChannels } from "./channels.mjs";
import {
  onBallUpdated,
  onCardUpdated,
  onRenderChatMessageHTML,
  namePage,
  onPageNamed,
  onUserLeft,
  takeBackCutShort,
} from "./foundry/cards/chat.mjs";
import {
  onCombatTurnChange,
  onRenderCombatTracker,
  onUpdateCombat,
} from "./foundry/yaotzin/combat.mjs";
import {
  onControlToken,
  onPreMoveToken,
  onUpdateToken,
  showDribbleReach,
} from "./foundry/yaotzin/dribble.mjs";
import {
  assignTeam,
  createCourtScene,
  createMatch,
  placeBall,
  useThisScene,
} from "./foundry/setup/court.mjs";
import {
  MODULE_ID,
  fvtt,
  i18n,
  refreshControls,
  reportFailure,
  setting,
} from "./foundry/world/env.mjs";
import * as goatball from "./foundry/goatball/goatball.mjs";
import { onSheetChange, onSheetCreate } from "./foundry/yaotzin/inspection.mjs";
import { KickTool } from "./foundry/yaotzin/kick-tool.mjs";
import { onPreUpdateCombat, onTurnChangeBack } from "./foundry/world/encounters.mjs";
import { gmLeft, listenForRefusals } from "./foundry/requests/gm-requests.mjs";
import {
  followCompanionGM,
  getLink,
  linksHere,
  startLink,
  whenConnected,
} from "./foundry/world/link.mjs";
import { onRenderTokenHUD } from "./foundry/goatball/goatball-autopilot.mjs";
import { onCanvasReady } from "./foundry/world/overlay-layer.mjs";
import { showScoreboard } from "./foundry/cards/panel.mjs";
import { openMenu } from "./foundry/setup/setup-dialog.mjs";
import { contest, shootHoop } from "./foundry/yaotzin/contests.mjs";
import { ballcourtOf, touchesBallcourt } from "./foundry/world/scene.mjs";
import { askAooAgain } from "./foundry/requests/aoo-choice.mjs";
import { expireOldQuestions, onRenderAooQuestion } from "./foundry/requests/aoo-question.mjs";
import { expireOldCards, onRenderRequestCard } from "./foundry/requests/roll-request-card.mjs";
import { expireOldProposals } from "./foundry/yaotzin/yaotzin-autopilot.mjs";
import { onSettledCard } from "./foundry/requests/open-dialogs.mjs";
import { onRenderNotice } from "./foundry/cards/match-events.mjs";
import { onRenderReportCard } from "./foundry/cards/report.mjs";
import { registerSettings } from "./foundry/world/settings.mjs";
import { resolveKick, resolveTick } from "./foundry/yaotzin/yaotzin.mjs";

let kickTool = null;

/** Ballcourt's Quench batches, imported only when Quench announces itself: no other world loads them. */
async function registerQuenchBatches(quench) {
  const batches = await import("./foundry/quench/quench.mjs");
  batches.registerQuenchBatches(quench);
}

/** The module's public API: game.modules.get("ballcourt").api (macros, Quench). */
export const api = {
  link: getLink,
  createCourtScene,
  useThisScene,
  assignTeam,
  placeBall,
  createMatch,
  showScoreboard,
  resolveKick,
  resolveTick,
  shootHoop,
  contest,
  showDribbleReach,
  goatball,
  openMenu,
  kickTool: () => kickTool,
};

/** Whether this user may kick with the tool: a GM always, a player while the GM lets players kick. */
const mayKick = () => Boolean(fvtt.game.user?.isGM || setting("playerKicks"));

/** Turn the kick tool on or off from a key; the scene controls show what it is now. */
function toggleKickTool() {
  if (!kickTool || ballcourtOf(fvtt.canvas?.scene)?.game !== "yaotzin") return false;
  if (!kickTool.active && !mayKick()) return false;
  kickTool.toggle(!kickTool.active);
  refreshControls();
  return true;
}

/** A key for a choice of the kick tool: used (and the key consumed) only while the tool is on. */
const kickKey = (action) => () => {
  if (!kickTool?.active) return false;
  kickTool.act(action);
  return true;
};

/**
 * The companion's address, this browser's token or the companion's GM changed (the last on
 * every client): connect or let go here, and rebuild the tools that follow the link at once,
 * not at the next scene change.
 */
function onConnectionChange() {
  startLink();
  refreshControls();
}

/**
 * Keybindings (Configure Controls lists them; each user may rebind them). None is restricted to
 * GMs: every key drives the kick tool, which players use too (mayKick decides who may).
 */
export function registerKeybindings() {
  const keys = fvtt.game.keybindings;
  const reg = (action, label, key, onDown, modifiers = []) =>
    keys.register(MODULE_ID, action, {
      name: `BALLCOURT.Keys.${label}.Name`,
      hint: `BALLCOURT.Keys.${label}.Hint`,
      editable: [{ key, modifiers }],
      onDown,
    });
  reg("kickTool", "Kick", "KeyK", toggleKickTool);
  reg("kickStance", "Stance", "KeyK", kickKey("stance"), ["Shift"]);
  reg("kickPowerUp", "PowerUp", "BracketRight", kickKey("pa-up"));
  reg("kickPowerDown", "PowerDown", "BracketLeft", kickKey("pa-down"));
  reg("kickPlanner", "Planner", "KeyP", kickKey("planner")); // the shot planner's marks
}

const Hooks = fvtt.Hooks;

Hooks.once("init", () => {
  registerSettings({ onConnectionChange });
  registerKeybindings();
  registerChannels(); // players' requests to the GM and the GM's questions to one player
});

Hooks.once("ready", () => {
  fvtt.game.modules.get(MODULE_ID).api = api;
  kickTool = new KickTool();
  listenForRefusals();
  whenConnected(() => takeBackCutShort().catch(reportFailure)); // an Apply a closed page left half done
  namePage().catch(reportFailure); // so the companion GM's page knows his earlier page closed
  startLink();
  expireOldCards().catch(reportFailure); // roll-request cards nobody awaits since this page loaded
  expireOldQuestions().catch(reportFailure); // likewise attack-of-opportunity questions (the GM's page)
  expireOldProposals().catch(reportFailure); // and the Yaotzin autopilot's open proposals
  askAooAgain().catch(reportFailure); // a question this player's reloaded page lost is asked again
});

Hooks.on("canvasReady", (canvas) => {
  onCanvasReady(canvas);
  kickTool?.toggle(false);
  refreshControls(); // the tools shown depend on the scene now viewed
});
/**
 * The GM's "Use this scene" or "Start match" reaches the players only as updateScene: each
 * client viewing that scene rebuilds its tools (Foundry does so only on its own scene change).
 */
Hooks.on("updateScene", (scene, changes) => {
  if (scene?.id === fvtt.canvas?.scene?.id && touchesBallcourt(changes)) refreshControls();
});
/** A GM joins or leaves: with the companion's GM unnamed, Foundry's active GM may change hands. */
Hooks.on("userConnected", () => followCompanionGM());
Hooks.on("userConnected", gmLeft); // a player's requests to a GM whose page went away stop waiting
Hooks.on("userConnected", (user, connected) => onUserLeft(user, connected)?.catch(reportFailure)); // his Apply cut short
Hooks.on("updateUser", (user, changes) => onPageNamed(user, changes)?.catch(reportFailure)); // likewise, he reloaded
Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
Hooks.on("renderChatMessageHTML", onRenderNotice); // the end of a match, in each reader's language
Hooks.on("renderChatMessageHTML", onRenderReportCard); // the match report, likewise
Hooks.on("renderChatMessageHTML", onRenderRequestCard);
Hooks.on("renderChatMessageHTML", onRenderAooQuestion);
Hooks.on("updateChatMessage", onSettledCard); // a settled row or question closes its dialog here
Hooks.on("updateChatMessage", onCardUpdated); // its siblings drawn again here, superseded or open again
Hooks.on("combatTurnChange", onCombatTurnChange);
Hooks.on("preMoveToken", onPreMoveToken); // a dribble is checked before the token moves
Hooks.on("controlToken", onControlToken);
Hooks.on("updateToken", onUpdateToken);
Hooks.on("updateToken", onBallUpdated); // cards computed from where the ball was, drawn again as stale
Hooks.on("updateToken", (token, changes) => kickTool?.planner.onTokenMoved(token, changes)); // the planner's marks follow the court
Hooks.on("updateCombat", onUpdateCombat);
Hooks.on("preUpdateCombat", onPreUpdateCombat); // a Next on its way: no NPC starts a move meanwhile
Hooks.on("updateCombat", onTurnChangeBack);
Hooks.on("updateItem", onSheetChange); // the referee's inspection: something switched on mid-match
Hooks.on("updateActiveEffect", onSheetChange);
Hooks.on("createItem", onSheetCreate); // or made on his sheet already switched on
Hooks.on("createActiveEffect", onSheetCreate);
Hooks.on("renderTokenHUD", onRenderTokenHUD); // goat-ball autopilot: a token's own mode
Hooks.on("renderCombatTracker", onRenderCombatTracker);
Hooks.on("quenchReady", registerQuenchBatches); // Quench's in-world tests: loaded only where Quench is active

/**
 * v13+ scene controls: an object of controls, each with an object of tools. Foundry reads
 * `visible` and `active` only when it rebuilds them, so every action that changes what they
 * depend on calls refreshControls().
 */
Hooks.on("getSceneControlButtons", (controls) => {
  const tokens = controls.tokens ?? controls.token;
  if (!tokens?.tools) return;
  const L = (k) => i18n().localize(k);
  const scene = () => fvtt.canvas.scene;
  const yaotzin = ballcourtOf(scene())?.game === "yaotzin";
  // the menu, Tick and the score panel need the companion: only the browser holding its link has them
  const gm = linksHere();
  const guarded = (fn) => async () => {
    try {
      await fn();
    } catch (err) {
      reportFailure(err);
    }
  };
  const tools = {
    ballcourtMenu: {
      name: "ballcourtMenu",
      title: L("BALLCOURT.Tools.Menu"),
      icon: "fa-solid fa-volleyball",
      button: true,
      order: 89,
      visible: gm,
      onChange: () => openMenu(),
    },
    ballcourtKick: {
      name: "ballcourtKick",
      title: L("BALLCOURT.Tools.Kick"),
      icon: "fa-solid fa-futbol",
      toggle: true,
      active: Boolean(kickTool?.active),
      order: 90,
      visible: yaotzin && mayKick(),
      onChange: (_event, active) => {
        if (kickTool?.toggle(active) !== active) refreshControls(); // no kicker: the button shows off
      },
    },
    ballcourtTick: {
      name: "ballcourtTick",
      title: L("BALLCOURT.Tools.Tick"),
      icon: "fa-solid fa-forward-step",
      button: true,
      order: 91,
      visible: gm && yaotzin,
      onChange: guarded(() => resolveTick(scene())),
    },
    ballcourtBoard: {
      name: "ballcourtBoard",
      title: L("BALLCOURT.Tools.Board"),
      icon: "fa-solid fa-table-list",
      button: true,
      order: 92,
      visible: gm && Boolean(ballcourtOf(scene())?.matchId),
      onChange: () => showScoreboard(ballcourtOf(scene()).matchId),
    },
  };
  Object.assign(tokens.tools, tools);
});
