"""The spectator board: one match, live, read-only, for second screens and stream overlays.

`GET /board/<id>?key=<viewer key>[&lang=ru][&overlay=1]`. The page carries the match's state
and last event as it was when served, then follows the match over Socket.IO with the viewer
key (never the GM's token), reconnecting by itself when the companion restarts.
"""

from __future__ import annotations

import functools
import html
import json
from pathlib import Path

from flask import Blueprint, Response, request

from .db import get_db
from .errors import ApiError
from .matches import Matches
from .viewers import Viewers

bp = Blueprint("board", __name__)
STATIC = Path(__file__).parent / "static"

TEXT = {
    "en": {
        "title": "Ballcourt board", "yaotzin": "Yaotzin", "goatball": "Goat-ball",
        "round": "Round {n}", "pass": "Pass {n}", "possession": "Ball: {team}",
        "carrier": "carried by {player}", "no_possession": "Waiting for the tip-off",
        "choosing": "{team} picks a carrier", "heat": "Heat {n}/3", "hot": "HOT",
        "standing": "{n} of {total} standing", "out": "out", "dead": "dead",
        "ball_at": "Ball at ({x}, {y})", "last": "Last:", "none_yet": "No events yet",
        "live": "live", "offline": "reconnecting…", "refused": "the viewer key was refused",
        "winner": "{team} wins!", "draw": "A draw", "over": "Match over",
        "ev_undo": "The last event was undone", "ev_goal": "Goal for {team}",
        "ev_hoop": "Through the stone hoop: {team}!", "ev_round": "Round {n} begins",
        "ev_ball": "The ball moves to ({x}, {y})", "ev_damage": "{player} takes a hit",
        "ev_note": "Note: {text}", "ev_end": "The match is over",
        "ev_tipoff": "Tip-off: {team} takes the ball", "ev_possession": "{team} has the ball",
        "ev_carrier": "{player} carries the ball", "ev_position": "{player} moves",
        "ev_status_out": "{player} is out", "ev_status_in": "{player} is back in",
        "ev_player": "{player} joins {team}",
        "pass_pass": "Pass completed: {player} has the ball",
        "pass_intercepted": "Intercepted! {team} takes the ball",
        "pass_no_change": "Nothing changes this pass",
        "pass_knocked_out": "Hot throw! {player} is knocked out",
        "pass_turnover": "Turnover: {team} takes the ball",
        "forbidden": "This board needs a valid viewer key for this match.",
    },
    "ru": {
        "title": "Табло Ballcourt", "yaotzin": "Яоцин", "goatball": "Козлобол",
        "round": "Раунд {n}", "pass": "Розыгрыш {n}", "possession": "Мяч: {team}",
        "carrier": "у игрока {player}", "no_possession": "Ждём вбрасывания",
        "choosing": "{team} выбирает, кто возьмёт мяч", "heat": "Нагрев {n}/3",
        "hot": "ГОРЯЧИЙ", "standing": "в игре {n} из {total}", "out": "выбит",
        "dead": "погиб", "ball_at": "Мяч на ({x}, {y})", "last": "Последнее:",
        "none_yet": "Событий пока нет", "live": "в эфире",
        "offline": "переподключение…", "refused": "ключ зрителя не принят",
        "winner": "Победа: {team}!", "draw": "Ничья", "over": "Матч окончен",
        "ev_undo": "Последнее событие отменено", "ev_goal": "Гол: {team}",
        "ev_hoop": "Мяч прошёл сквозь каменное кольцо: {team}!",
        "ev_round": "Начался раунд {n}", "ev_ball": "Мяч перемещается на ({x}, {y})",
        "ev_damage": "{player} получает удар", "ev_note": "Заметка: {text}",
        "ev_end": "Матч окончен", "ev_tipoff": "Вбрасывание: мяч у команды {team}",
        "ev_possession": "Мяч у команды {team}", "ev_carrier": "Мяч берёт {player}",
        "ev_position": "{player} перемещается", "ev_status_out": "{player} выбит",
        "ev_status_in": "{player} возвращается в игру",
        "ev_player": "{player} входит в команду {team}",
        "pass_pass": "Пас прошёл: мяч у игрока {player}",
        "pass_intercepted": "Перехват! Мяч у команды {team}",
        "pass_no_change": "Розыгрыш ничего не изменил",
        "pass_knocked_out": "Горячий бросок! {player} выбит",
        "pass_turnover": "Смена владения: мяч у команды {team}",
        "forbidden": "Для этого табло нужен действующий ключ зрителя этого матча.",
    },
}

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<style>
:root {{ color-scheme: dark; --fg: #f4f1e8; --dim: #b9b3a4; --accent: #f0b429; --hot: #ff5a36;
  --panel: rgba(20, 18, 14, .86); }}
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; min-height: 100%; }}
body {{ font: clamp(16px, 1.6vw + .4vh, 40px)/1.3 system-ui, "Segoe UI", Roboto, sans-serif;
  color: var(--fg); background: #16130f; padding: clamp(8px, 2vw, 40px); }}
body.overlay {{ background: transparent; }}
body.overlay #board {{ background: var(--panel); }}
#board {{ max-width: 1800px; margin: 0 auto; padding: clamp(10px, 1.5vw, 32px);
  border-radius: 16px; background: #201c16; text-shadow: 0 2px 3px #000; }}
header {{ display: flex; flex-wrap: wrap; align-items: baseline; gap: .2em 1em; }}
#game {{ font-weight: 700; color: var(--accent); text-transform: uppercase;
  letter-spacing: .06em; }}
#name {{ color: var(--dim); }}
#conn {{ margin-left: auto; font-size: .7em; color: var(--dim); }}
#conn::before {{ content: "\\25CF "; color: #888; }}
#conn.live::before {{ color: #35c46a; }} #conn.offline::before {{ color: var(--hot); }}
#teams {{ display: flex; flex-wrap: wrap; gap: clamp(8px, 1.5vw, 32px); margin: .6em 0; }}
.team {{ flex: 1 1 14em; padding: .4em .7em; border-radius: 12px;
  background: rgba(255, 255, 255, .06); border: 3px solid transparent; }}
.team.has-ball {{ border-color: var(--accent); }}
.team h2 {{ margin: 0; font-size: 1.3em; overflow-wrap: anywhere; }}
.score {{ font-size: clamp(48px, 8vw, 180px); font-weight: 800; line-height: 1;
  font-variant-numeric: tabular-nums; }}
.standing {{ color: var(--dim); }}
.players {{ list-style: none; padding: 0; margin: .3em 0 0; display: flex; flex-wrap: wrap;
  gap: .25em .6em; }}
.players li.out {{ text-decoration: line-through; color: var(--dim); opacity: .7; }}
.players li.carrier {{ color: var(--accent); font-weight: 700; }}
.players li.carrier::before {{ content: "\\25C9 "; }}
#status {{ display: flex; flex-wrap: wrap; gap: .3em 1.2em; font-size: 1.1em; }}
#heat.hot {{ color: var(--hot); font-weight: 800; }}
#last {{ margin-top: .6em; font-size: 1.15em; }} #last b {{ color: var(--dim); }}
#result {{ margin-top: .4em; font-size: 1.6em; font-weight: 800; color: var(--accent); }}
#result:empty {{ display: none; }}
</style></head>
<body class="{body_class}" data-seq="" data-conn="offline">
<main id="board">
<header><span id="game"></span><span id="name"></span><span id="conn" class="offline"></span>
</header>
<section id="teams"></section>
<section id="status"><span id="clock"></span><span id="possession"></span>
<span id="heat"></span></section>
<section id="last"><b></b> <span id="last-text"></span></section>
<section id="result"></section>
</main>
<script id="board-data" type="application/json">{data}</script>
<script src="/board/static/socket.io.min.js"></script>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("board-data").textContent);
const T = DATA.text;
let state = DATA.state;
let last = DATA.last;
const $ = (id) => document.getElementById(id);
function t(key, vars) {{
  return (T[key] || key).replace(/\\{{(\\w+)\\}}/g, (_, k) => (vars && k in vars ? vars[k] : ""));
}}
function el(tag, cls, text) {{
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}}
function playerName(id) {{
  for (const team of state.teams || []) for (const p of team.players || [])
    if (p.id === id) return p.name || p.id;
  return id || "";
}}
function describe(ev) {{
  if (!ev) return t("none_yet");
  const team = ev.team || "", player = playerName(ev.player);
  switch (ev.type) {{
    case "undo": return t("ev_undo");
    case "goal": return t("ev_goal", {{team}});
    case "hoop": return t("ev_hoop", {{team}});
    case "round": return t("ev_round", {{n: state.round}});
    case "ball": return t("ev_ball", {{x: ev.x, y: ev.y}});
    case "damage": return t("ev_damage", {{player}});
    case "note": return t("ev_note", {{text: ev.text || ""}});
    case "end": return t("ev_end");
    case "tipoff": return t("ev_tipoff", {{team: (state.possession || {{}}).team || ""}});
    case "possession": return t("ev_possession", {{team}});
    case "carrier": return t("ev_carrier", {{player}});
    case "position": return t("ev_position", {{player}});
    case "status": return t(ev.out ? "ev_status_out" : "ev_status_in", {{player}});
    case "player": return t("ev_player", {{player: (ev.player && (ev.player.name || ev.player.id))
      || "", team}});
    case "pass": {{
      const r = state.last || {{}}, pos = r.possession || state.possession || {{}};
      const hit = r.throw && r.throw.target;
      return t("pass_" + (r.outcome || "no_change"), {{team: pos.team || "",
        player: playerName(r.outcome === "knocked_out" ? hit : pos.carrier)}});
    }}
    default: return ev.type;
  }}
}}
function render() {{
  document.body.dataset.seq = String(state.seq);
  $("game").textContent = T[state.game] || state.game;
  $("name").textContent = state.name || "";
  const teams = $("teams");
  teams.replaceChildren();
  const pos = state.possession || null;
  if (state.game === "yaotzin") {{
    for (const team of state.teams) {{
      const box = el("div", "team");
      box.dataset.team = team.id;
      box.append(el("h2", "", team.id), el("div", "score", String(state.score[team.id])));
      teams.append(box);
    }}
    $("clock").textContent = t("round", {{n: state.round}});
    $("possession").textContent = state.ball ? t("ball_at", state.ball) : "";
    $("heat").textContent = "";
  }} else {{
    for (const team of state.teams) {{
      const box = el("div", "team" + (pos && pos.team === team.id ? " has-ball" : ""));
      box.dataset.team = team.id;
      const players = team.players || [];
      const up = players.filter((p) => !p.out && !p.dead).length;
      box.append(el("h2", "", team.id), el("div", "score", String(up)),
        el("div", "standing", t("standing", {{n: up, total: players.length}})));
      const list = el("ul", "players");
      for (const p of players) {{
        const item = el("li", (p.out || p.dead ? "out" : "") +
          (pos && pos.carrier === p.id ? " carrier" : ""),
          (p.name || p.id) + (p.dead ? " (" + t("dead") + ")"
            : p.out ? " (" + t("out") + ")" : ""));
        item.dataset.player = p.id;
        list.append(item);
      }}
      box.append(list);
      teams.append(box);
    }}
    $("clock").textContent = t("pass", {{n: state.passes}});
    $("possession").textContent = !pos ? t("no_possession") : pos.carrier
      ? t("possession", {{team: pos.team}}) + ", "
        + t("carrier", {{player: playerName(pos.carrier)}})
      : t("choosing", {{team: pos.team}});
    const heat = $("heat");
    const counted = pos ? Math.max(0, Math.min(3, (pos.visited || []).length - 1)) : 0;
    heat.className = pos && pos.hot ? "hot" : "";
    heat.textContent = !pos ? "" : pos.hot ? t("hot") : t("heat", {{n: counted}});
  }}
  document.querySelector("#last b").textContent = t("last");
  $("last-text").textContent = describe(last);
  $("result").textContent = state.status !== "over" ? "" : state.winner === "draw" ? t("draw")
    : state.winner ? t("winner", {{team: state.winner}}) : t("over");
}}
function setConn(which) {{
  document.body.dataset.conn = which;
  const c = $("conn");
  c.className = which === "live" ? "live" : "offline";
  c.textContent = t(which);
}}
const route = "/api/v1/matches/" + encodeURIComponent(DATA.match);
function refresh(socket) {{
  socket.emit("call", {{method: "GET", route: route + "/events"}}, (res) => {{
    if (res && res.status === 200) {{
      const events = res.body.events;
      last = events.length ? events[events.length - 1] : null;
      render();
    }}
  }});
}}
render();
setConn("offline");
if (window.io) {{
  const socket = io({{auth: {{viewer: DATA.key}}, transports: ["websocket"],
                     reconnectionDelayMax: 3000}});
  socket.on("connect", () => {{
    socket.emit("join", {{match: DATA.match}}, (res) => {{
      if (res && res.status === 200) {{ state = res.body; setConn("live"); refresh(socket); }}
      else setConn("refused");
    }});
  }});
  socket.on("match_event", (msg) => {{
    if (msg.match !== DATA.match) return;
    state = msg.state;
    render();
    refresh(socket);
  }});
  socket.on("disconnect", (reason) => {{
    setConn(reason === "io server disconnect" ? "refused" : "offline");
  }});
  socket.on("connect_error", (err) => {{
    setConn(socket.active ? "offline" : "refused");
  }});
}}
</script>
</body></html>"""


def last_event(events: list[dict]) -> dict | None:
    return events[-1] if events else None


def _forbidden(lang: str) -> Response:
    text = html.escape(TEXT[lang]["forbidden"])
    page = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>403</title>'
            f"</head><body><p>{text}</p></body></html>")
    return Response(page, status=403, mimetype="text/html")


@bp.get("/board/<match_id>")
def board(match_id: str) -> Response:
    lang = "ru" if request.args.get("lang", "en").lower().startswith("ru") else "en"
    key = request.args.get("key")
    db = get_db()
    if not Viewers(db).valid(match_id, key):
        return _forbidden(lang)
    matches = Matches(db)
    try:
        state = matches.get(match_id)
    except ApiError:
        return _forbidden(lang)
    overlay = request.args.get("overlay", "") not in ("", "0", "false", "no")
    data = {"match": match_id, "key": key, "lang": lang, "text": TEXT[lang], "state": state,
            "last": last_event(matches.events(match_id, after=max(0, state["log_seq"] - 1)))}
    # JSON inside <script>: no "</script>", no "<!--" can break out of it
    blob = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    page = PAGE.format(lang=lang, title=html.escape(TEXT[lang]["title"]), data=blob,
                       body_class="overlay" if overlay else "")
    response = Response(page, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.get("/board/static/socket.io.min.js")
def socketio_client() -> Response:
    """The Socket.IO browser client (MIT), served by the companion: no CDN, works offline."""
    response = Response(_client_js(), mimetype="text/javascript")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@functools.cache
def _client_js() -> bytes:
    return (STATIC / "socket.io.min.js").read_bytes()
