// The status page's script: copy the manifest URL; with the token, show origins and matches.
"use strict";

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

async function copyManifest() {
  const input = document.getElementById("manifest-url");
  const out = document.getElementById("copy-result");
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(input.value);
    } else {
      input.select();
      if (!document.execCommand("copy")) throw new Error("copy refused");
    }
    out.className = "ok";
    out.textContent = "Copied";
  } catch {
    input.select();
    out.className = "bad";
    out.textContent = "Select it and copy (Ctrl+C)";
  }
}

/** "1 pass", "2 passes": the page's one plural helper. */
function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A team's display name, as the board shows it (its id when it has none). */
function teamName(m, id) {
  return m.teams?.[id] ?? id;
}

function score(m) {
  if (m.score) return Object.entries(m.score).map(([team, n]) => `${teamName(m, team)} ${n}`).join(" – ");
  if (m.game === "goatball") return `${plural(m.passes ?? 0, "pass", "passes")}${m.possession ? `, ${teamName(m, m.possession)} has the ball` : ""}`;
  return "";
}

/** The match's board: its first viewer key's URL, or a new key's (labelled "status page"). */
async function openBoard(m, call, link) {
  const tab = window.open("", "_blank");
  try {
    const { viewers } = await (await call(`/api/v1/matches/${m.id}/viewers`)).json();
    let url = viewers[0]?.url;
    if (!url) {
      const made = await call(`/api/v1/matches/${m.id}/viewers`, { method: "POST",
        body: JSON.stringify({ label: "status page" }) });
      url = (await made.json()).url;
    }
    link.href = url;
    if (tab) tab.location = url;
    else location.href = url;
  } catch (err) {
    tab?.close();
    link.textContent = `board: ${err}`;
  }
}

function matchRow(m, call) {
  const row = el("tr");
  // each cell names its column (data-label): on a phone a row is a card of labelled lines
  const name = el("td", m.name ?? m.id, { "data-label": "match" });
  if (m.name) name.append(" ", el("span", `(${m.id})`, { class: "id" }));
  const winner = m.winner === "draw" ? "a draw" : teamName(m, m.winner);
  row.append(name, el("td", m.game, { "data-label": "game" }),
    el("td", score(m), { "data-label": "score" }),
    el("td", m.round ?? "", { "data-label": "round" }),
    el("td", m.winner ? `${m.status}: ${winner}` : m.status, { "data-label": "status" }));
  const links = el("td", undefined, { "data-label": "links" });
  for (const [label, route] of [["state", `/api/v1/matches/${m.id}`],
    ["events", `/api/v1/matches/${m.id}/events`]]) {
    const link = el("a", label, { href: route, "data-route": route });
    link.addEventListener("click", async (ev) => {
      ev.preventDefault();
      const detail = document.getElementById("match-detail");
      const res = await call(route);
      detail.hidden = false;
      detail.textContent = JSON.stringify(await res.json(), null, 2);
    });
    links.append(link, " ");
  }
  const board = el("a", "board", { href: `/board/${m.id}`, "data-board": m.id });
  board.addEventListener("click", (ev) => {
    ev.preventDefault();
    openBoard(m, call, board);
  });
  links.append(board);
  row.append(links);
  return row;
}

async function showPrivate(ev) {
  ev.preventDefault();
  const out = document.getElementById("check-result");
  const token = document.getElementById("token").value.trim();
  const call = (route, init = {}) => fetch(route, { ...init, headers: {
    Authorization: `Bearer ${token}`, ...(init.body ? { "Content-Type": "application/json" } : {}) } });
  const started = performance.now();
  let res;
  try {
    res = await call("/api/v1/status");
  } catch (err) {
    out.className = "bad";
    out.textContent = `Unreachable: ${err}`;
    return;
  }
  const ms = (performance.now() - started).toFixed(1);
  if (!res.ok) {
    document.getElementById("private").hidden = true;
    out.className = "bad";
    if (res.status === 401) {
      out.replaceChildren("Refused (401): wrong token. Run ", el("code", "ballcourt token"),
        " on this computer and paste what it prints.");
    } else {
      out.textContent = `Refused: ${res.status}`;
    }
    return;
  }
  const status = await res.json();
  out.className = "ok";
  out.textContent = `Token OK (${ms} ms)`;
  const origins = document.getElementById("origins");
  origins.replaceChildren(...status.origins.map((origin) => {
    const item = el("li");
    item.append(el("code", origin));
    return item;
  }));
  const { matches } = await (await call("/api/v1/matches")).json();
  const body = document.querySelector("#matches tbody");
  body.replaceChildren(...matches.map((m) => matchRow(m, call)));
  document.getElementById("matches").hidden = matches.length === 0;
  document.getElementById("no-matches").hidden = matches.length > 0;
  document.getElementById("private").hidden = false;
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("copy-manifest").addEventListener("click", copyManifest);
  document.getElementById("check").addEventListener("submit", showPrivate);
});
