/**
 * The match report in chat: the companion's box score for a match (GET .../report), posted as
 * a card (core/report-card.mjs renders it) when a match ends and when the score panel's Report
 * button asks. The message's flags say which match and at which event, so the end of a match
 * posts its report once however many clients or hooks see it end; the report itself is kept
 * there too, so each client renders the card in its own language.
 */
import { escapeHtml } from "../../core/i18n.mjs";
import { overridesIn } from "../../core/inspection-card.mjs";
import { renderReportCard } from "../../core/report-card.mjs";
import { MODULE_ID, applyMessageMode, fvtt, i18n, isCompanionGM, notify } from "../world/env.mjs";
import { companion } from "../world/link.mjs";

export function fetchReport(matchId) {
  return companion("GET", `/api/v1/matches/${encodeURIComponent(matchId)}/report`);
}

const chatMessages = () => fvtt.game.messages?.contents ?? [...(fvtt.game.messages ?? [])];

/** The report card already in chat for this match at this event, if any. */
function posted(matchId, seq) {
  return chatMessages().find((m) => {
    const r = m.flags?.[MODULE_ID]?.report;
    return r?.match === matchId && r.seq === seq;
  });
}

/**
 * Post the match's report card. With `once`, nothing is posted when the same report (same
 * match, same number of events in force) is already in chat. Answers the message, or null.
 */
export async function postReport(matchId, { once = false } = {}) {
  let report;
  try {
    report = await fetchReport(matchId);
  } catch (err) {
    notify("warn", "BALLCOURT.Report.Failed", { error: err?.message ?? String(err) });
    return null;
  }
  if (once && posted(matchId, report.events)) return null;
  const overrides = overridesIn(
    chatMessages().map((m) => m.flags?.[MODULE_ID]),
    matchId,
  );
  const data = {
    content: renderReportCard(report, i18n(), overrides),
    speaker: fvtt.ChatMessage.getSpeaker?.() ?? {},
    // the box score itself rides in the flags: every client renders it in its own language
    flags: {
      [MODULE_ID]: {
        report: { match: matchId, seq: report.events, game: report.game, data: report, overrides },
      },
    },
  };
  applyMessageMode(data);
  return fvtt.ChatMessage.create(data);
}

/** renderChatMessageHTML: a report card in this client's language (the stored content is the GM's). */
export function onRenderReportCard(message, html) {
  const kept = message.flags?.[MODULE_ID]?.report;
  const box = kept?.data ? html.querySelector(".ballcourt-report") : null;
  if (box) box.outerHTML = renderReportCard(kept.data, i18n(), kept.overrides ?? []);
}

/**
 * After a card's events were applied (match-events.mjs): the match just ended, so the GM's
 * client posts its report. Never throws: a report that cannot be had must not undo an Apply.
 */
export function reportIfOver(matchId, state) {
  if (!matchId || state?.status !== "over" || !isCompanionGM()) return null;
  return postReport(matchId, { once: true }).catch(() => null);
}

/** The score panel's Report button (panel.mjs). */
export function reportButton(lang) {
  return (
    `<footer class="ballcourt-share"><button type="button" data-action="report"` +
    ` title="${escapeHtml(lang.localize("BALLCOURT.Report.ButtonHint"))}">` +
    `<i class="fa-solid fa-table-list"></i> ${escapeHtml(lang.localize("BALLCOURT.Report.Button"))}</button></footer>`
  );
}
