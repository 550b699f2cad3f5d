/*
 * The spectator board's box score (board_report.py): the match report as tables, live.
 * It reads the report the page was served with from #board-data (`boxscore`), and fetches it
 * again whenever the board's own script dispatches `ballcourt:match` (an event was applied or
 * undone), with the page's viewer key. While the board replays the match (replay.js), it
 * shows the report of the step shown instead (`ballcourt:report`, its detail the report; null:
 * back to live). It writes text nodes only, never HTML.
 */
"use strict";
(function () {
  const blob = document.getElementById("board-data");
  const box = document.getElementById("boxscore");
  if (!blob || !box) return;
  const DATA = JSON.parse(blob.textContent);
  const B = DATA.boxscore;
  if (!B) return;
  const T = B.text;
  let pending = null;
  let replayed = false;        // showing a replay's step: the live report waits

  function el(tag, text, attrs) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }
  function figure(field, value) {
    if (field === "possession") return Math.round((Number(value) || 0) * 100) + "%";
    return String(value === undefined || value === null ? 0 : value);
  }
  function table(first, fields, rows) {
    const t = el("table");
    const head = el("tr");
    head.append(el("th", first));
    for (const f of fields) head.append(el("th", T.short[f] || f, {title: T[f] || f, "data-field": f}));
    t.append(el("thead"));
    t.tHead.append(head);
    const body = el("tbody");
    for (const [attr, id, name, figures] of rows) {
      const tr = el("tr", undefined, {[attr]: id});
      tr.append(el("th", name));
      for (const f of fields) tr.append(el("td", figure(f, figures[f]), {"data-field": f}));
      body.append(tr);
    }
    t.append(body);
    return el("div", undefined, {class: "table"}).appendChild(t).parentNode;
  }
  function legend(fields) {
    // what each short column head stands for, in words a spectator reads (the overlay has no
    // hover for the heads' titles)
    const p = el("p", undefined, {class: "legend"});
    for (const f of fields) {
      if (!T.short[f] || T.short[f] === T[f]) continue;
      const item = el("span");
      item.append(el("b", T.short[f]), " " + (T[f] || f));
      p.append(item);
    }
    return p;
  }
  function render(report, summary) {
    const tf = report.fields.teams, pf = report.fields.players;
    const teams = Object.entries(report.teams);
    const parts = [el("h3", T.title), el("div", summary, {class: "summary"}),
      table(T.team, tf, teams.map(([id, t]) => ["data-team", id, t.name || id, t]))];
    const players = Object.entries(report.players);
    for (const [tid, team] of [...teams, [null, {name: "—"}]]) {
      const mine = players.filter(([, p]) => (p.team || null) === tid);
      if (!mine.length) continue;
      parts.push(table(team.name || tid, pf, mine.map(([id, p]) => ["data-player", id, p.name || id, p])));
    }
    parts.push(legend([...new Set([...tf, ...pf])]));
    box.replaceChildren(...parts);
    box.dataset.events = String(report.events);
  }
  function summarise(report) {
    const w = report.winner;
    const head = report.status !== "over" ? T.playing : w === "draw" ? T.draw
      : w ? T.winner.replace("{team}", (report.teams[w] || {}).name || w) : T.over;
    const clock = report.game === "yaotzin" ? T.round.replace("{n}", report.round)
      : T.passes_played.replace("{n}", report.passes);
    return [head, clock, T.events.replace("{n}", report.events)].join(" · ");
  }
  async function refresh() {
    if (pending) return pending;
    pending = (async () => {
      try {
        const res = await fetch("/api/v1/matches/" + encodeURIComponent(DATA.match) + "/report",
          {headers: {Authorization: "Bearer " + DATA.key}, cache: "no-store"});
        if (res.ok) {
          const report = await res.json();
          if (!replayed) render(report, summarise(report));
        }
      } catch (err) { /* offline: the board says so; the next event fetches again */ }
      pending = null;
    })();
    return pending;
  }
  render(B.report, B.summary);
  document.addEventListener("ballcourt:match", () => { if (!replayed) refresh(); });
  document.addEventListener("ballcourt:report", (e) => {
    replayed = !!e.detail;
    if (replayed) render(e.detail, summarise(e.detail));
    else refresh();
  });
})();
