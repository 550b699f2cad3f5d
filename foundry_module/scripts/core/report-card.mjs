/**
 * The match report's chat card: the companion's box score (GET /api/v1/matches/<id>/report)
 * as HTML, in the user's language. Pure: no Foundry, no companion. `report.fields` says which
 * figures the game has (rules/report.py documents each), so one renderer serves both games.
 */
import { escapeHtml } from "./i18n.mjs";

/** A figure as shown: possession is a share, shown as a percentage. */
export function figure(field, value) {
  if (field === "possession") return `${Math.round((Number(value) || 0) * 100)}%`;
  return String(value ?? 0);
}

/** "Winner: Sun · Round 7 · 31 events" (or "In play · …"). */
export function reportSummary(report, i18n) {
  let head = i18n.localize("BALLCOURT.Report.Playing");
  if (report.status === "over") {
    const w = report.winner;
    head =
      w === "draw"
        ? i18n.localize("BALLCOURT.Report.Draw")
        : w
          ? i18n.format("BALLCOURT.Report.Winner", { team: report.teams?.[w]?.name ?? w })
          : i18n.localize("BALLCOURT.Report.Over");
  }
  const clock =
    report.game === "yaotzin"
      ? i18n.format("BALLCOURT.Report.Round", { n: report.round })
      : i18n.format("BALLCOURT.Report.Passes", { n: report.passes });
  return [head, clock, i18n.format("BALLCOURT.Report.Events", { n: report.events })].join(" · ");
}

function head(fields, i18n, first) {
  const cells = fields.map(
    (f) =>
      `<th title="${escapeHtml(i18n.localize(`BALLCOURT.Report.Field.${f}`))}"` +
      ` data-field="${escapeHtml(f)}">${escapeHtml(i18n.localize(`BALLCOURT.Report.Short.${f}`))}</th>`,
  );
  return `<thead><tr><th>${escapeHtml(first)}</th>${cells.join("")}</tr></thead>`;
}

function row(name, fields, figures, attrs) {
  const cells = fields.map(
    (f) => `<td data-field="${escapeHtml(f)}">${escapeHtml(figure(f, figures[f]))}</td>`,
  );
  return `<tr ${attrs}><th>${escapeHtml(name)}</th>${cells.join("")}</tr>`;
}

/** The players of one team (null: players the log names with no team), in the report's order. */
function playersOf(report, team) {
  return Object.entries(report.players ?? {}).filter(([, p]) => (p.team ?? null) === team);
}

/** The findings of the referee's inspection the GMs overrode: one line each, in the reader's language. */
function overrideLines(overrides, i18n) {
  if (!overrides?.length) return [];
  return [
    `<p class="ballcourt-line">${escapeHtml(i18n.localize("BALLCOURT.Report.Overridden"))}</p>`,
    '<ul class="ballcourt-report-overrides">',
    ...overrides.map(
      (o) =>
        `<li>${escapeHtml(
          i18n.format("BALLCOURT.Report.Override", {
            player: o.player,
            what: o.what,
            rule: i18n.localize(`BALLCOURT.Inspection.Rule.${o.kind}`),
          }),
        )}</li>`,
    ),
    "</ul>",
  ];
}

/** The box score, then what the GMs overrode at the referee's inspection (`overrides`: core/inspection-card.mjs overridesIn). */
export function renderReportCard(report, i18n, overrides = []) {
  const game = i18n.localize(`BALLCOURT.Report.Game.${report.game}`);
  const title = `${i18n.localize("BALLCOURT.Report.Title")}: ${game}${report.name ? ` — ${report.name}` : ""}`;
  const tf = report.fields?.teams ?? [];
  const pf = report.fields?.players ?? [];
  const teams = Object.entries(report.teams ?? {});
  const parts = [
    `<div class="ballcourt-card ballcourt-report" data-kind="report" data-game="${escapeHtml(report.game)}">`,
    `<header class="ballcourt-title">${escapeHtml(title)}</header>`,
    `<p class="ballcourt-line">${escapeHtml(reportSummary(report, i18n))}</p>`,
    `<table class="ballcourt-report-teams">${head(tf, i18n, i18n.localize("BALLCOURT.Report.Team"))}<tbody>`,
    ...teams.map(([id, t]) => row(t.name ?? id, tf, t, `data-team="${escapeHtml(id)}"`)),
    "</tbody></table>",
  ];
  const groups = [...teams.map(([id, t]) => [id, t.name ?? id]), [null, "—"]]
    .map(([id, name]) => [name, playersOf(report, id)])
    .filter(([, list]) => list.length);
  if (!groups.length)
    parts.push(
      `<p class="ballcourt-line muted">${escapeHtml(i18n.localize("BALLCOURT.Report.None"))}</p>`,
    );
  for (const [name, list] of groups) {
    parts.push(
      `<table class="ballcourt-report-players">${head(pf, i18n, name)}<tbody>`,
      ...list.map(([id, p]) => row(p.name ?? id, pf, p, `data-player="${escapeHtml(id)}"`)),
      "</tbody></table>",
    );
  }
  parts.push(...overrideLines(overrides, i18n), "</div>");
  return parts.join("");
}
