/**
 * Goat-ball autopilot at the table (core/goatball-autopilot.mjs holds the logic). Each team has a mode
 * and a tactics preset (the world setting "autopilot": {team: {mode: "off"|"suggest"|"act",
 * tactics}}; the first cut's {team: mode} still reads) for its tokens no player owns;
 * a token's own flag (flags.ballcourt.autopilot, set from the token HUD or the menu) overrides
 * it for that token, owned or not. Everything here runs on the GM's client, the only one that
 * talks to the companion: proposals (the NPC carrier's sealed slip among them) live in the
 * pass's memory there and in his Declarations view, never in a flag, a chat message or a
 * query a player's client receives, until the pass card reveals them.
 */
import {
  AutopilotPass,
  MODES,
  PRESETS,
  effectiveMode,
  formDeclaration,
  nextTokenMode,
  passSeed,
  suggestBatches,
  suggestRequest,
  teamEntry,
  teamTactics,
} from "../../core/goatball-autopilot.mjs";
import { autopilotFormHtml, declarationFormHtml } from "../../core/forms.mjs";
import { escapeHtml } from "../../core/i18n.mjs";
import { YAOTZIN_PRESETS } from "../../core/yaotzin-autopilot.mjs";
import { answerBelongs, stampOn, trackerFor } from "../requests/turns.mjs";
import { MODULE_ID, formValues, fvtt, i18n, notify, setting } from "../world/env.mjs";
import { quietly } from "../world/link.mjs";
import { adapter, ballcourtOf, owns, teamOf, tokenList } from "../world/scene.mjs";

const L = (key) => i18n().localize(key);

/** The per-team entries as stored: {team: {mode, tactics}} (or the first cut's {team: mode}); Yaotzin's under its own key. */
function teamEntries(key = "autopilot") {
  const entries = setting(key);
  return entries && typeof entries === "object" ? entries : {};
}

/** The per-team modes: {team: mode}. */
export function teamModes(key = "autopilot") {
  return Object.fromEntries(
    Object.entries(teamEntries(key))
      .map(([team, e]) => [team, teamEntry(e).mode])
      .filter(([, mode]) => mode),
  );
}

/** The preset a team's autopilot plays: its own, else the "autopilotTactics" setting, else null (the companion's default). */
export function tacticsOf(team) {
  return teamTactics(teamEntries()[team], setting("autopilotTactics"));
}

/** The token's own override, or null (its team's mode applies). */
export function tokenMode(token) {
  const mode = token?.flags?.[MODULE_ID]?.autopilot;
  return MODES.includes(mode) ? mode : null;
}

/** This token's mode now: its override, else its team's if no player owns it, else off. */
export function modeOf(token) {
  if (!token) return "off";
  const owners = fvtt.game.users.filter((u) => !u.isGM && owns(u, token)).map((u) => u.id);
  return effectiveMode({
    tokenMode: tokenMode(token),
    teamMode: teamModes()[teamOf(token)] ?? null,
    owners,
  });
}

/** A token on autopilot has its checks rolled by the GM's client, without asking its owner. */
export function rolledByGM(token) {
  return modeOf(token) !== "off";
}

/** Set (or, with null, clear) a token's override. null rather than a deletion: v13 and v14 read it alike. */
export function setTokenMode(token, mode) {
  return token.setFlag(MODULE_ID, "autopilot", MODES.includes(mode) ? mode : null);
}

/**
 * At the start of a pass's declarations: ask the companion, in one request, for the
 * declarations of the standing players on autopilot, and return the `ask` the pass uses from
 * then on: a player on autopilot gets his proposal at his turn (his slip, sealed as anyone's,
 * if he carries the ball); anyone else, and a player the companion had nothing usable for, is
 * asked as before. The request is not awaited here, so the pass is marked as collecting at
 * once; the first turn on autopilot waits for it. The pass keeps the autopilot's state in
 * `pass.autopilot` for the view. If the companion fails, the GM is told and declares for the
 * NPCs himself.
 */
export function autopilotAsk(pass, scene, ask, settings) {
  const { declarations } = pass;
  const tokens = new Map(tokenList(scene).map((t) => [t.id, t]));
  const state = new AutopilotPass(declarations.order().map((id) => [id, modeOf(tokens.get(id))]));
  pass.autopilot = {
    state,
    sceneId: scene.id,
    declarations,
    reviewing: false,
    done: false,
    finish: null,
  };
  if (!state.players.length) return ask;
  const proposed = propose(pass, tokens, settings);
  return async (id, sealed) => {
    if (!state.modes.has(id)) return ask(id, sealed);
    await proposed;
    return state.proposal(id) ?? ask(id, sealed);
  };
}

/**
 * The companion's proposals, taken into the pass's autopilot; what goes wrong is told to the GM,
 * never thrown. Each team plays its own preset: one request when they all play the same, else
 * one per team (suggestBatches), each answer taken for its own players only; a request that
 * fails leaves its players to declare as without the autopilot. The proposals belong to the
 * round they were asked in: answers that come once the arena's encounter is in another round
 * (or gone) are dropped, the GMs told, and the players declare as without the autopilot.
 */
async function propose(pass, tokens, settings) {
  const {
    declarations,
    match,
    autopilot: { state, sceneId },
  } = pass;
  const arena = fvtt.game.scenes.get(sceneId);
  const asked = stampOn(arena);
  const a = adapter();
  const skills = Object.fromEntries(
    [...tokens].map(([id, t]) => [id, a.goatballSkills(t.actor ?? {})]),
  );
  const teamByPlayer = new Map(match.teams.flatMap((t) => t.players.map((p) => [p.id, t.id])));
  const teamOfPlayer = (id) => teamByPlayer.get(id);
  const batches = suggestBatches(state.players, teamOfPlayer, tacticsOf);
  const answers = await Promise.allSettled(
    batches.map((batch) =>
      quietly(
        "POST",
        "/api/v1/goatball/suggest",
        suggestRequest({
          teams: match.teams,
          possession: match.possession,
          players: batch.players,
          skills,
          tactics: batch.tactics,
          seed: passSeed(match.id, match.seq),
          settings,
        }),
      ),
    ),
  );
  const names = state.players.map((id) => tokens.get(id)?.name ?? id).join(", ");
  if (
    !answerBelongs(asked, trackerFor(arena), {
      key: "BALLCOURT.Turns.LateDeclarations",
      data: { players: names },
    })
  ) {
    return;
  }
  const failed = answers.filter((r) => r.status === "rejected").map((r) => r.reason);
  const declarationsFor = answers.flatMap((r, i) =>
    r.status === "fulfilled"
      ? (r.value?.declarations ?? []).filter((d) => batches[i].players.includes(d?.player))
      : [],
  );
  const left = state.take({ declarations: declarationsFor }, declarations, teamOfPlayer);
  for (const err of failed) {
    globalThis.console?.warn?.("Ballcourt: autopilot", err);
    notify("warn", "BALLCOURT.Autopilot.Failed", { message: err?.message ?? String(err) });
  }
  const unanswered = new Set(
    batches.filter((_, i) => answers[i].status === "rejected").flatMap((b) => b.players),
  );
  const without = left.filter((id) => !unanswered.has(id)); // a failed request's players: told above
  if (without.length) {
    notify("warn", "BALLCOURT.Autopilot.NoSuggestion", {
      names: without.map((id) => tokens.get(id)?.name ?? id).join(", "),
    });
  }
}

/**
 * Once everyone has declared: with a proposal on "suggest" in, the Declarations `view` offers
 * "Resolve the pass" and this waits for it (the GM may change any autopilot declaration
 * first); otherwise (or with no view to press it in) it resolves at once. Either way no change
 * is taken after it.
 */
export async function reviewSuggestions(pass, view) {
  const autopilot = pass.autopilot;
  if (!autopilot) return;
  if (view && autopilot.state.needsReview()) {
    const reviewed = new Promise((resolve) => {
      autopilot.finish = resolve;
    });
    autopilot.reviewing = true;
    await view.render({ force: true });
    await reviewed;
  }
  autopilot.reviewing = false;
  autopilot.done = true;
}

/**
 * The GM's "Change" on an autopilot row: a form filled in with the declaration as it stands.
 * Closing it keeps that declaration. True if it changed.
 */
export async function changeDeclaration(autopilot, id) {
  if (!autopilot || autopilot.done) return false;
  const scene = fvtt.game.scenes.get(autopilot.sceneId);
  const token = tokenList(scene).find((t) => t.id === id);
  const others = tokenList(scene).filter((t) => teamOf(t) && t.id !== id);
  const values = await fvtt.api.DialogV2.prompt({
    window: {
      title: i18n().format("BALLCOURT.Autopilot.ChangeTitle", { player: token?.name ?? id }),
    },
    content: declarationFormHtml(
      others,
      i18n(),
      autopilot.declarations.declared.get(id) ?? {},
      others.filter((t) => teamOf(t) === teamOf(token)),
    ),
    ok: { callback: (_event, button) => formValues(button) },
  });
  if (!values) return false;
  if (autopilot.done) {
    // the pass went on while the form was open
    fvtt.ui.notifications?.warn(L("BALLCOURT.Autopilot.TooLate"));
    return false;
  }
  const problem = autopilot.state.change(autopilot.declarations, id, formDeclaration(values));
  if (problem) notify("warn", "BALLCOURT.Pass.Invalid", { reason: problem });
  return !problem;
}

/** What the Declarations view adds to a row on autopilot: its mode, the reason, a Change button. */
export function autopilotRowHtml(row, lang) {
  const a = row.autopilot;
  if (!a) return "";
  const mode = lang.localize(`BALLCOURT.Autopilot.Mode.${a.mode}`);
  const badge = ` <i class="fa-solid fa-robot" title="${escapeHtml(mode)}"></i>`;
  const why = a.changed ? lang.localize("BALLCOURT.Autopilot.Changed") : a.reason;
  const reason = why ? ` <span class="reason">${escapeHtml(why)}</span>` : "";
  const change = a.canChange
    ? ` <button type="button" data-action="change" data-player="${escapeHtml(row.player)}">` +
      `${escapeHtml(lang.localize("BALLCOURT.Autopilot.Change"))}</button>`
    : "";
  return `${badge}${change}${reason}`;
}

/** The view's "Resolve the pass", while the GM reviews the proposals on "suggest". */
export function autopilotFooterHtml(autopilot, lang) {
  if (!autopilot?.reviewing) return "";
  return (
    `<p class="hint">${escapeHtml(lang.localize("BALLCOURT.Autopilot.Review"))}</p>` +
    `<button type="button" data-action="resolve">${escapeHtml(lang.localize("BALLCOURT.Autopilot.Resolve"))}</button>`
  );
}

/** The token HUD's autopilot button (GM, goat-ball arena, team tokens): each click steps the token's override on. */
export function onRenderTokenHUD(hud, html) {
  if (!fvtt.game.user?.isGM) return;
  const token = hud?.document ?? hud?.object?.document;
  const scene = token?.parent ?? fvtt.canvas?.scene;
  if (!token || !teamOf(token) || ballcourtOf(scene)?.game !== "goatball") return;
  const root = html?.querySelector ? html : html?.[0]; // v13+: an HTMLElement
  const column = root?.querySelector?.(".col.left");
  if (!column || column.querySelector("[data-ballcourt-autopilot]")) return;
  const button = globalThis.document.createElement("button");
  button.type = "button";
  button.className = "control-icon";
  button.dataset.ballcourtAutopilot = "";
  button.innerHTML = '<i class="fa-solid fa-robot"></i>';
  const label = () => {
    const own = tokenMode(token);
    const text = i18n().format(own ? "BALLCOURT.Autopilot.HudOwn" : "BALLCOURT.Autopilot.HudTeam", {
      mode: L(`BALLCOURT.Autopilot.Mode.${modeOf(token)}`),
    });
    button.dataset.tooltip = text;
    button.setAttribute("aria-label", text);
    button.classList?.toggle?.("active", modeOf(token) !== "off");
  };
  label();
  button.addEventListener("click", async (event) => {
    event.preventDefault();
    await setTokenMode(token, nextTokenMode(tokenMode(token)));
    label();
  });
  column.appendChild(button);
}

/**
 * The menu's "Autopilot" form for an arena: each team's mode and tactics preset (blank: the
 * world's "Autopilot tactics"), and an override for the selected tokens ("" keeps theirs,
 * "team" clears it). On a Yaotzin court the same form sets that game's own setting
 * ("yaotzinAutopilot", its presets, blank: the companion's default), without an override.
 * The values, or null when the GM closed it.
 */
export async function configureAutopilot(scene, selected = []) {
  const yaotzin = ballcourtOf(scene)?.game === "yaotzin";
  const settingKey = yaotzin ? "yaotzinAutopilot" : "autopilot";
  const words = yaotzin ? "BALLCOURT.YAutopilot" : "BALLCOURT.Autopilot";
  const teams = [...new Set(tokenList(scene).map(teamOf).filter(Boolean))];
  const entries = teamEntries(settingKey);
  const modes = teamModes(settingKey);
  const content = autopilotFormHtml(
    {
      teams,
      modes,
      words,
      yaotzin,
      selected: selected.length,
      modeNames: MODES,
      tactics: Object.fromEntries(teams.map((team) => [team, teamEntry(entries[team]).tactics])),
      presets: yaotzin ? YAOTZIN_PRESETS : PRESETS,
    },
    i18n(),
  );
  const values = await fvtt.api.DialogV2.prompt({
    window: { title: L(`${words}.Title`) },
    content,
    ok: { callback: (_event, button) => formValues(button) },
  });
  if (!values) return null;
  const next = Object.fromEntries(Object.entries(entries).map(([team, e]) => [team, teamEntry(e)]));
  for (const team of teams) {
    const mode = MODES.includes(values[`team-${team}`])
      ? values[`team-${team}`]
      : (next[team]?.mode ?? "off");
    const tactics =
      typeof values[`tactics-${team}`] === "string"
        ? values[`tactics-${team}`].trim()
        : (next[team]?.tactics ?? "");
    next[team] = { mode, tactics };
  }
  await fvtt.game.settings.set(MODULE_ID, settingKey, next);
  if (values.tokens)
    for (const token of selected)
      await setTokenMode(token, values.tokens === "team" ? null : values.tokens);
  return values;
}
