/**
 * "Tune my table" at the table (core/tune.mjs holds the logic): for the selected
 * tokens, the companion's balance simulator says how many zones suit them and how often a match
 * then ends within the table's budget of passes (the world setting "tuneBudget", default 40).
 * The arena setup shows the note in its form and fills in the zone count; the menu's "Suggest
 * zones" whispers it to the GM. The route plays hundreds of matches: seconds on an idle
 * machine, but 43 s was seen on a loaded one, so the call has its own long timeout, and the
 * arena form waits for it only briefly (`TUNE_TIMING.formWaitMs`): a later answer is whispered
 * to the GM when it comes. Meanwhile each stage the companion finishes is a notice to the GM
 * (how far it is, what it says so far: the `tune_progress` event). Anything that goes wrong is one quiet line (in the form, or an info
 * notice), never an error popup: the arena is set up as without it.
 */
import {
  suggestedZoneCount,
  tuneMessageHtml,
  tuneNote,
  tuneProgress,
  tuneRequest,
  tuneRoster,
} from "../../core/tune.mjs";
import { fvtt, i18n, setting } from "../world/env.mjs";
import { tacticsOf } from "./goatball-autopilot.mjs";
import { getLink } from "../world/link.mjs";
import { adapter, teamOf } from "../world/scene.mjs";

export const TUNE_ROUTE = "/api/v1/goatball/tune";
/** How long the tune call may take, and how long the arena form waits for it before it opens (tests shorten them). */
export const TUNE_TIMING = { timeoutMs: 120000, formWaitMs: 4000 };

/** The table's budget of passes (the setting; 40 when unset or nonsense). */
export function tuneBudget() {
  const b = Math.round(Number(setting("tuneBudget")));
  return Number.isFinite(b) && b >= 1 ? b : 40;
}

/** Why there is no suggestion, as the one line the GM reads. */
function quietLine(err) {
  const L = i18n();
  if (err?.status === 404 || err?.status === 405) return L.localize("BALLCOURT.Tune.Unavailable");
  if (err?.status === 429) return L.localize("BALLCOURT.Tune.Busy");
  const message = err?.key ? L.format(err.key, err.data ?? {}) : (err?.message ?? String(err));
  return L.format("BALLCOURT.Tune.Failed", { message });
}

/**
 * Ask the companion for the selected tokens (TokenDocuments). Never throws: {ok, line, zones,
 * answer}: `ok` when there is a suggestion, `line` the note (or the quiet line why there is
 * none), `zones` the count to suggest, or null (no difference, or no suggestion). Without two
 * tokens, nothing is asked.
 */
export async function tuneFor(tokens) {
  const L = i18n();
  const a = adapter();
  if (!a?.goatballSkills)
    return { line: L.localize("BALLCOURT.Tune.NoSkills"), ok: false, zones: null, answer: null };
  const roster = tuneRoster(
    (tokens ?? []).map((t) => ({
      id: t.id,
      team: teamOf(t) ?? null,
      ...a.goatballSkills(t.actor ?? {}),
    })),
  );
  if (!roster)
    return { line: L.localize("BALLCOURT.Tune.NoRoster"), ok: false, zones: null, answer: null };
  const budget = tuneBudget();
  const tactics = Object.fromEntries(roster.teams.map((t) => [t.id, tacticsOf(t.id)]));
  let answer;
  try {
    const link = getLink();
    if (!link) throw new Error(L.localize("BALLCOURT.Connection.GMOnly"));
    fvtt.ui.notifications?.info(L.localize("BALLCOURT.Tune.Asking"));
    link.on("tune_progress", (stage) => {
      // each stage the companion finished while it works on
      const line = tuneProgress(stage, { budget }, L);
      if (line) fvtt.ui.notifications?.info(line);
    });
    answer = await link.request("POST", TUNE_ROUTE, tuneRequest(roster, { budget, tactics }), {
      timeout: TUNE_TIMING.timeoutMs,
    });
  } catch (err) {
    globalThis.console?.info?.("Ballcourt: no zone suggestion", err);
    return { line: quietLine(err), ok: false, zones: null, answer: null };
  }
  const note = tuneNote(answer, { budget }, L);
  if (!note) return { ok: false, line: L.localize("BALLCOURT.Tune.Empty"), zones: null, answer };
  const extra = [
    roster.split ? L.localize("BALLCOURT.Tune.Split") : null,
    roster.left.length ? L.format("BALLCOURT.Tune.Left", { count: roster.left.length }) : null,
  ].filter(Boolean);
  return { ok: true, line: [note, ...extra].join(" "), zones: suggestedZoneCount(answer), answer };
}

/**
 * A result told to this GM: the note whispered (a chat message he can scroll back to), or the
 * quiet line as an info notice when there is none.
 */
export async function tellTune(result, count) {
  if (!result.ok) {
    fvtt.ui.notifications?.info(result.line);
    return null;
  }
  return fvtt.ChatMessage.create({
    content: tuneMessageHtml(result.line, count, i18n()),
    whisper: [fvtt.game.user.id],
    flags: { ballcourt: { tune: { zones: result.zones, budget: tuneBudget() } } },
  });
}

/** The menu's "Suggest zones for the selected tokens": asked, then told (tellTune). */
export async function showTune(tokens) {
  const result = await tuneFor(tokens);
  await tellTune(result, (tokens ?? []).length);
  return result;
}

/**
 * For the arena form: the result if it comes within `TUNE_TIMING.formWaitMs`; otherwise a
 * result whose line says the suggestion will follow, and the real one is told (tellTune) when
 * it comes. `later` is that promise (tests await it).
 */
export async function tuneForForm(tokens) {
  const pending = tuneFor(tokens);
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), TUNE_TIMING.formWaitMs);
  });
  const result = await Promise.race([pending, late]);
  clearTimeout(timer);
  if (result) return { ...result, later: null };
  const later = pending
    .then((r) => tellTune(r, (tokens ?? []).length))
    .catch((err) => globalThis.console?.warn?.("Ballcourt:", err));
  return {
    ok: false,
    line: i18n().localize("BALLCOURT.Tune.Later"),
    zones: null,
    answer: null,
    later,
  };
}
