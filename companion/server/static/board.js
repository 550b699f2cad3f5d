/* The spectator board's script (served as a file, so the page's CSP needs no
   'unsafe-inline'). The page carries DATA (board-data); this draws it and follows the match. */
"use strict";
const DATA = JSON.parse(document.getElementById("board-data").textContent);
const T = DATA.text;
// what the board shows: the match as it is now (live), or a replay's step (replay.js)
let state = DATA.state;
let last = DATA.last;
let trail = DATA.trail;
const live = {state, last, trail};
let replaying = false;
const $ = (id) => document.getElementById(id);
function t(key, vars) {
  return (T[key] || key).replace(/\{(\w+)\}/g, (_, k) => (vars && k in vars ? vars[k] : ""));
}
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function teamName(id) {
  for (const team of state.teams || []) if (team.id === id) return team.name || team.id;
  return id || "";
}
function playerName(id) {
  for (const team of state.teams || []) for (const p of team.players || [])
    if (p.id === id) return p.name || p.id;
  return id || "";
}
function describe(ev) {
  if (!ev) return t("none_yet");
  const team = teamName(ev.team), player = playerName(ev.player);
  switch (ev.type) {
    case "undo": return t("ev_undo", {what: describeUndone(ev.undone)});
    case "goal": return t("ev_goal", {team});
    case "hoop": return t("ev_hoop", {team});
    case "round": return t("ev_round", {n: state.round});
    case "ball": return t("ev_ball", {x: ev.x, y: ev.y});
    case "damage": return t("ev_damage", {player});
    case "note": return t("ev_note", {text: ev.text || ""});
    case "end": return t("ev_end");
    case "tipoff": return t("ev_tipoff", {team: teamName((state.possession || {}).team)});
    case "possession": return t("ev_possession", {team});
    case "carrier": return t("ev_carrier", {player});
    case "position": return t("ev_position", {player});
    case "status": return t(ev.out ? "ev_status_out" : "ev_status_in", {player});
    case "player": return t("ev_player", {player: (ev.player && (ev.player.name || ev.player.id))
      || "", team});
    case "pass": {
      const r = state.last || {}, pos = r.possession || state.possession || {};
      const hit = r.throw && r.throw.target;
      return t("pass_" + (r.outcome || "no_change"), {team: teamName(pos.team),
        player: playerName(r.outcome === "knocked_out" ? hit : pos.carrier)});
    }
    default: return ev.type;
  }
}
// what an undo took back: the events whose words read the state (a pass's outcome, the round,
// the tip-off's team) are named by their kind, since the state no longer holds them
function describeUndone(ev) {
  if (!ev) return t("undone_event");
  if (ev.type === "pass" || ev.type === "tipoff" || ev.type === "round") return t("undone_" + ev.type);
  return describe(ev);
}
function render() {
  document.body.dataset.seq = String(state.seq);
  window.BallcourtCourt.draw($("court"), state, trail, t);
  $("game").textContent = T[state.game] || state.game;
  $("name").textContent = state.name || "";
  const teams = $("teams");
  teams.replaceChildren();
  const pos = state.possession || null;
  if (state.game === "yaotzin") {
    for (const team of state.teams) {
      const box = el("div", "team duel");
      box.dataset.team = team.id;
      box.style.setProperty("--team", window.BallcourtCourt.teamColour(state, team.id));
      box.append(el("h2", "", team.name || team.id),
        el("div", "score", String(state.score[team.id])));
      teams.append(box);
    }
    $("clock").textContent = t("round", {n: state.round});
    $("possession").textContent = state.ball ? t("ball_at", state.ball) : "";
    $("heat").textContent = "";
  } else {
    for (const team of state.teams) {
      const box = el("div", "team" + (pos && pos.team === team.id ? " has-ball" : ""));
      box.dataset.team = team.id;
      box.style.setProperty("--team", window.BallcourtCourt.teamColour(state, team.id));
      const players = team.players || [];
      const up = players.filter((p) => !p.out && !p.dead).length;
      const count = el("div", "score standing-count", String(up));
      count.title = t("standing", {n: up, total: players.length});
      // "players standing", the number, "of 6": the count said once
      box.append(el("h2", "", team.name || team.id), el("div", "count-label", t("standing_label")),
        count, el("div", "standing", t("of_total", {total: players.length})));
      const list = el("ul", "players");
      for (const p of players) {
        const item = el("li", (p.out || p.dead ? "out" : "") +
          (pos && pos.carrier === p.id ? " carrier" : ""),
          (p.name || p.id) + (p.dead ? " (" + t("dead") + ")"
            : p.out ? " (" + t("out") + ")" : ""));
        item.dataset.player = p.id;
        list.append(item);
      }
      box.append(list);
      teams.append(box);
    }
    $("clock").textContent = t("pass", {n: state.passes});
    $("possession").textContent = !pos ? t("no_possession") : pos.carrier
      ? t("possession", {team: teamName(pos.team)}) + ", "
        + t("carrier", {player: playerName(pos.carrier)})
      : t("choosing", {team: teamName(pos.team)});
    const heat = $("heat");
    const counted = pos ? Math.max(0, Math.min(3, (pos.visited || []).length - 1)) : 0;
    heat.className = pos && pos.hot ? "hot" : "";
    heat.textContent = !pos ? "" : pos.hot ? t("hot") : t("heat", {n: counted});
  }
  document.querySelector("#last b").textContent = t("last");
  $("last-text").textContent = describe(last);
  $("result").textContent = state.status !== "over" ? "" : state.winner === "draw" ? t("draw")
    : state.winner ? t("winner", {team: teamName(state.winner)}) : t("over");
}
let everLive = false;     // "reconnecting…" only once there was a connection to lose
function setConn(which) {
  if (which === "live") everLive = true;
  if (which === "offline" && !everLive) which = "connecting";
  document.body.dataset.conn = which;
  const c = $("conn");
  c.className = which === "live" ? "live" : "offline";
  c.textContent = t(which);
}
/** Show a replay's step ({state, event, trail}) in place of the live match, or the live match
 *  again (null). replay.js calls it; the box score follows on its own (boxscore.js). */
function show(step) {
  replaying = step !== null;
  ({state, last, trail} = replaying ? {state: step.state, last: step.event, trail: step.trail}
    : live);
  document.body.dataset.mode = replaying ? "replay" : "live";
  render();
  document.body.dataset.step = replaying ? String(step.step) : "";
}
window.BallcourtBoard = {show, text: t, liveSteps: () => live.state.seq};
const route = "/api/v1/matches/" + encodeURIComponent(DATA.match);
// the ball's last trail as the companion reads it from the log (GET .../replay, the viewer
// key's own match): the board draws it, never works it out
async function fetchTrail() {
  if (live.state.game !== "yaotzin") return;
  try {
    const res = await fetch(route + "/replay", {headers: {Authorization: "Bearer " + DATA.key},
                                                cache: "no-store"});
    if (res.ok) {
      const got = await res.json();
      if (got.state.seq !== live.state.seq) return;    // a newer event is on its way
      live.trail = got.trail;
      if (!replaying) { trail = live.trail; render(); }
    }
  } catch (err) { /* offline: the board says so; the next event fetches again */ }
}
function followed(newState) {
  live.state = newState;
  if (!replaying) { state = newState; render(); }
  document.dispatchEvent(new CustomEvent("ballcourt:match"));  // box score, replay's length
  fetchTrail();
}
function refresh(socket) {
  // the last log record only: the log is paged, and the board shows one event
  const after = Math.max(0, (live.state.log_seq || 0) - 1);
  socket.emit("call", {method: "GET", route: route + "/events?after=" + after}, (res) => {
    if (res && res.status === 200) {
      const events = res.body.events;
      const newest = events.length ? events[events.length - 1] : null;
      if (newest && newest.type === "undo") {
        // shown once what it undid is known: never "Undone: an event" in between
        socket.emit("call", {method: "GET", route: route + "/events?limit=1&after=" +
          (newest.undoes - 1)}, (got) => {
          newest.undone = got && got.status === 200 ? got.body.events[0] : null;
          showLast(newest);
        });
      } else {
        showLast(newest);
      }
    }
  });
}
function showLast(newest) {
  live.last = newest;
  if (!replaying) { last = newest; render(); }
}
render();
setConn("offline");
if (window.io) {
  const socket = io({auth: {viewer: DATA.key}, transports: ["websocket"],
                     reconnectionDelayMax: 3000});
  socket.on("connect", () => {
    socket.emit("join", {match: DATA.match}, (res) => {
      if (res && res.status === 200) {
        setConn("live"); followed(res.body); refresh(socket);
      }
      else setConn("refused");
    });
  });
  socket.on("match_event", (msg) => {
    if (msg.match !== DATA.match) return;
    followed(msg.state);
    refresh(socket);
  });
  socket.on("disconnect", (reason) => {
    setConn(reason === "io server disconnect" ? "refused" : "offline");
  });
  socket.on("connect_error", (err) => {
    setConn(socket.active ? "offline" : "refused");
  });
}
