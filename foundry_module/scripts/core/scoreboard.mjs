/** The score panel's content from a companion match state, for both games. */
import { escapeHtml } from "./i18n.mjs";

function winnerLine(state, i18n) {
  if (state.status !== "over") return "";
  const text =
    state.winner === "draw"
      ? i18n.localize("BALLCOURT.Card.Draw")
      : i18n.format("BALLCOURT.Card.Winner", { team: state.winner });
  return `<p class="ballcourt-winner">${escapeHtml(text)}</p>`;
}

export function renderYaotzinBoard(state, i18n, events = []) {
  const rows = state.teams.map(
    (t) =>
      `<tr><th>${escapeHtml(t.name ?? t.id)}</th>` +
      `<td class="ballcourt-score">${state.score[t.id]}</td>` +
      `<td class="muted">${escapeHtml(i18n.localize(`BALLCOURT.Panel.Defends.${t.defends}`))}</td></tr>`,
  );
  const limit = state.settings?.round_limit ?? 100;
  const recent = events
    .filter((e) => e.type !== "undo" && !e.undone)
    .slice(-5)
    .reverse()
    .map((e) => `<li>${escapeHtml(i18n.format(`BALLCOURT.Panel.Event.${e.type}`, e))}</li>`);
  return [
    `<table class="ballcourt-board">${rows.join("")}</table>`,
    `<p class="ballcourt-round">${escapeHtml(i18n.format("BALLCOURT.Panel.Round", { round: state.round, limit }))}</p>`,
    winnerLine(state, i18n),
    `<ol class="ballcourt-events">${recent.join("")}</ol>`,
    `<button type="button" data-action="undo"${state.seq ? "" : " disabled"}>` +
      `${escapeHtml(i18n.localize("BALLCOURT.Action.Undo"))}</button>`,
  ].join("");
}

export function renderGoatballBoard(state, i18n) {
  const pos = state.possession;
  const teams = state.teams.map((t) => {
    const out = t.players.filter((p) => p.out || p.dead).length;
    const flag = pos?.team === t.id ? " ⚑" : "";
    const gone = (state.eliminated ?? []).includes(t.id) ? " ✗" : "";
    return `<tr><th>${escapeHtml(t.id)}${flag}${gone}</th><td>${escapeHtml(
      i18n.format("BALLCOURT.Panel.Standing", {
        standing: t.players.length - out,
        total: t.players.length,
      }),
    )}</td></tr>`;
  });
  const lines = [];
  if (pos) {
    lines.push(
      i18n.format("BALLCOURT.Panel.Carrier", { carrier: pos.carrier ?? "—", team: pos.team }),
    );
    lines.push(
      pos.hot
        ? i18n.localize("BALLCOURT.Card.Pass.Hot")
        : i18n.format("BALLCOURT.Card.Pass.Heat", { count: pos.visited.length }),
    );
  } else {
    lines.push(i18n.localize("BALLCOURT.Panel.NoPossession"));
  }
  return [
    `<table class="ballcourt-board">${teams.join("")}</table>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    winnerLine(state, i18n),
    `<button type="button" data-action="undo"${state.seq ? "" : " disabled"}>` +
      `${escapeHtml(i18n.localize("BALLCOURT.Action.Undo"))}</button>`,
  ].join("");
}

export function renderBoard(state, i18n, events = []) {
  return state.game === "goatball"
    ? renderGoatballBoard(state, i18n)
    : renderYaotzinBoard(state, i18n, events);
}
