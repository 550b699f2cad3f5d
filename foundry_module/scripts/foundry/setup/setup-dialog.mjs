/**
 * The GM's Ballcourt menu (one DialogV2): set up a court or an arena, teams, the ball, the
 * match; shoot at a hoop, contest the ball (yaotzin/contests.mjs); an NPC match's odds and its
 * playing out (yaotzin/npc-match.mjs); tip-off, passes and quick resolution (goatball/).
 */
import { suggestedZones } from "../../core/arena.mjs";
import { showScoreboard } from "../cards/panel.mjs";
import { configureAutopilot } from "../goatball/goatball-autopilot.mjs";
import * as goatball from "../goatball/goatball.mjs";
import { showTune, tuneForForm } from "../goatball/tune.mjs"; // the zone suggestion
import { fvtt, i18n, reportFailure, setting } from "../world/env.mjs";
import { askForm, controlledTokens } from "../world/gm-input.mjs";
import { adapter, ballcourtOf } from "../world/scene.mjs";
import { contest, shootHoop } from "../yaotzin/contests.mjs";
import { oddsFromMenu, playOut } from "../yaotzin/npc-match.mjs";
import {
  assertSquareGrid,
  assignTeam,
  createCourtScene,
  createMatch,
  placeBall,
  useThisScene,
} from "./court.mjs";
import { editStats } from "./stats-form.mjs";

const L = (key) => i18n().localize(key);

const numbers = (v) => v && Object.fromEntries(Object.entries(v).map(([k, n]) => [k, Number(n)]));

/**
 * The menu's choices for a scene: only what can run there. A court or an arena needs its match
 * for play; a goat-ball pass needs the system's checks; typed-in numbers only where the system
 * cannot be read.
 */
export function menuChoices(bc, a = adapter(), hasScene = true) {
  const out = ["newCourt", "newArena"];
  if (hasScene) out.push("useScene");
  if (bc) out.push("teams", "ball", "match");
  if (bc?.game === "yaotzin" && bc.matchId && a.yaotzinStats) out.push("hoop", "contest");
  if (bc?.game === "goatball") out.push("platforms", "autopilot"); // autopilot: per team, selected tokens
  if (bc?.game === "yaotzin") out.push("autopilot"); // per team (yaotzin/yaotzin-autopilot.mjs)
  if (bc?.game === "yaotzin" && a.yaotzinStats) out.push("odds", "playOut"); // NPC matches the party watches (yaotzin/npc-match.mjs)
  if (hasScene && (!bc || bc.game === "goatball")) out.push("tune"); // the zone suggestion for the selected tokens
  if (bc?.game === "goatball" && bc.matchId && a.goatballSkills)
    out.push("tipoff", "pass", "quick");
  if (bc && a.needsDialog) out.push("stats");
  if (bc?.matchId) out.push("board");
  return out;
}

/**
 * Before replacing what a scene holds, ask, naming what would be lost: its match (score, clock,
 * events) and, for "Use this scene", a goat-ball arena. True when nothing would be lost.
 */
export async function confirmLoss(scene, { arena = false } = {}) {
  const bc = ballcourtOf(scene);
  const lost = [
    bc?.matchId ? L("BALLCOURT.Menu.LoseMatch") : null,
    arena && bc?.arena ? L("BALLCOURT.Menu.LoseArena") : null,
  ].filter(Boolean);
  if (!lost.length) return true;
  const answer = await fvtt.api.DialogV2.confirm({
    window: { title: L("BALLCOURT.Menu.Title") },
    rejectClose: false,
    content: `<p>${i18n().format("BALLCOURT.Menu.ConfirmLoss", { scene: scene.name ?? "", lost: lost.join(" ") })}</p>`,
  });
  return answer === true;
}

/** The menu: what applies to this scene, as buttons. Closing it, or a form in it, cancels. */
export async function openMenu() {
  const scene = fvtt.canvas.scene;
  const bc = ballcourtOf(scene);
  const run = {
    newCourt: () => createCourtScene(),
    useScene: async () => {
      assertSquareGrid(scene); // before any question: no court can be made of it
      if (!(await confirmLoss(scene, { arena: true }))) return null;
      const v = await askForm([
        ["col", "BALLCOURT.Menu.Col", 0],
        ["row", "BALLCOURT.Menu.Row", 0],
        ["length", "BALLCOURT.Menu.Length", 72],
        ["width", "BALLCOURT.Menu.Width", 24],
      ]);
      return v && useThisScene(scene, numbers(v));
    },
    newArena: async () => {
      const tune = await tuneForForm(controlledTokens()); // the companion's suggestion, one quiet line if none
      const zones =
        tune.zones ??
        (setting("goatZones") ? suggestedZones(Math.max(controlledTokens().length, 12)) : 0);
      const v = await askForm(
        [
          ["seed", "BALLCOURT.Menu.Seed", Date.now() % 100000],
          ["count", "BALLCOURT.Menu.Platforms", 12],
          ["zones", "BALLCOURT.Menu.Zones", zones],
        ],
        tune.line,
      );
      return v && goatball.createArenaScene(numbers(v));
    },
    teams: async () => {
      const v = await askForm([["team", "BALLCOURT.Menu.Team", "sun"]]);
      return v && assignTeam(controlledTokens(), v.team.trim());
    },
    ball: () => placeBall(scene),
    match: async () => {
      if (!(await confirmLoss(scene))) return null;
      return bc?.game === "goatball" ? goatball.createGoatMatch(scene) : createMatch(scene);
    },
    board: () => showScoreboard(bc.matchId),
    hoop: () => shootHoop(scene),
    contest: () => contest(scene),
    tipoff: () => goatball.tipOff(scene),
    pass: async () => {
      const pass = await goatball.startPass(scene);
      const declared = await goatball.collectDeclarations();
      return declared ? goatball.resolvePass(pass) : null; // null: the GM cancelled the pass
    },
    quick: () => goatball.quickResolution(scene),
    platforms: () =>
      goatball.markPlatforms(scene, fvtt.canvas.drawings?.controlled?.map((d) => d.document) ?? []),
    autopilot: () => configureAutopilot(scene, controlledTokens()),
    tune: () => showTune(controlledTokens()),
    odds: () => oddsFromMenu(scene),
    playOut: () => playOut(scene),
    stats: () => editStats(controlledTokens(), bc.game),
  };
  const available = menuChoices(bc, adapter(), Boolean(scene));
  const choice = await fvtt.api.DialogV2.wait({
    window: { title: L("BALLCOURT.Menu.Title") },
    content: `<p>${L("BALLCOURT.Menu.Hint")}</p>`,
    buttons: available.map((id) => ({ action: id, label: L(`BALLCOURT.Menu.${id}`) })),
    rejectClose: false,
  });
  if (!choice || !run[choice]) return null;
  try {
    return await run[choice]();
  } catch (err) {
    reportFailure(err);
    return null;
  }
}
