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

from ..api.replay import replayed
from ..db import get_db
from ..matches import Matches, MatchNotFound, StoreError
from ..viewers import Viewers
from .board_report import boxscore_data

bp = Blueprint("board", __name__)
STATIC = Path(__file__).parents[1] / "static"

TEXT = {
    "en": {
        "title": "Ballcourt board", "yaotzin": "Yaotzin", "goatball": "Goat-ball",
        "round": "Round {n}", "pass": "Pass {n}", "possession": "Ball: {team}",
        "carrier": "carried by {player}", "no_possession": "Waiting for the tip-off",
        "choosing": "{team} picks a carrier", "heat": "Heat {n}/3", "hot": "HOT",
        "standing": "{n} of {total} standing", "out": "out", "dead": "dead",
        "ball_at": "Ball at ({x}, {y})", "last": "Last:", "none_yet": "No events yet",
        "live": "live", "offline": "reconnecting…", "connecting": "connecting…",
        "refused": "the viewer key was refused", "standing_label": "players standing",
        "winner": "{team} wins!", "draw": "A draw", "over": "Match over",
        "ev_undo": "Undone: {what}", "undone_event": "an event",
        "undone_pass": "a pass", "undone_tipoff": "the tip-off", "undone_round": "a new round",
        "of_total": "of {total}", "ev_goal": "Goal for {team}",
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
        "court_title": "The court: the ball at ({x}, {y})",
        "arena_title": "{team}: {n} of {total} players standing",
        "zone": "Zone {zone}", "legend_flight": "last flight", "legend_roll": "roll",
        "legend_rolls_on": "rolls on", "legend_ball": "ball",
        "legend_visited": "platforms the ball has visited", "legend_carrier": "has the ball",
        "legend_out": "out",
        "replay": "Replay", "replay_live": "Back to live", "replay_first": "To the start",
        "replay_prev": "Previous event", "replay_next": "Next event",
        "replay_last": "Last event", "replay_play": "Play", "replay_pause": "Pause",
        "replay_speed": "Speed", "replay_step": "Event shown",
        "replay_per_second": "{n} per second", "replay_where": "Event {n} of {total}",
        "replay_failed": "This step could not be read",
        "forbidden": "This board needs a valid viewer key for this match.",
        "forbidden_how": "Ask the GM for the board's link: in Foundry, the match panel's Share"
                         " button; or on the companion's computer, ballcourt board share MATCH."
                         " A revoked key stops working at once.",
    },
    "ru": {
        "title": "Табло Ballcourt", "yaotzin": "Яоцин", "goatball": "Козлобол",
        "round": "Раунд {n}", "pass": "Розыгрыш {n}", "possession": "Мяч: {team}",
        "carrier": "у игрока {player}", "no_possession": "Ждём начала игры",
        "choosing": "{team} выбирает, кто возьмёт мяч",
        "heat": "Передач на новые площадки: {n} из 3",
        "hot": "ГОРЯЧИЙ", "standing": "в игре {n} из {total}", "out": "выбит",
        "dead": "погиб", "ball_at": "Мяч на ({x}, {y})", "last": "Последнее:",
        "none_yet": "Событий пока нет", "live": "в эфире",
        "offline": "переподключение…", "connecting": "подключение…",
        "refused": "ключ зрителя не принят", "standing_label": "игроков в строю",
        "winner": "Победа: {team}!", "draw": "Ничья", "over": "Матч окончен",
        "ev_undo": "Отменено: {what}", "undone_event": "событие",
        "undone_pass": "розыгрыш", "undone_tipoff": "начало игры", "undone_round": "новый раунд",
        "of_total": "из {total}", "ev_goal": "Гол: {team}",
        "ev_hoop": "Мяч прошёл сквозь каменное кольцо: {team}!",
        "ev_round": "Начался раунд {n}", "ev_ball": "Мяч перемещается на ({x}, {y})",
        "ev_damage": "{player} получает удар", "ev_note": "Заметка: {text}",
        "ev_end": "Матч окончен", "ev_tipoff": "Начало игры: мяч у команды {team}",
        "ev_possession": "Мяч у команды {team}", "ev_carrier": "Мяч берёт {player}",
        "ev_position": "{player} перемещается", "ev_status_out": "{player} выбит",
        "ev_status_in": "{player} возвращается в игру",
        "ev_player": "{player} входит в команду {team}",
        "pass_pass": "Передача прошла: мяч у игрока {player}",
        "pass_intercepted": "Перехват! Мяч у команды {team}",
        "pass_no_change": "Розыгрыш ничего не изменил",
        "pass_knocked_out": "Горячий бросок! {player} выбит",
        "pass_turnover": "Смена владения: мяч у команды {team}",
        "court_title": "Поле: мяч на ({x}, {y})",
        "arena_title": "{team}: в игре {n} из {total}",
        "zone": "Зона {zone}", "legend_flight": "последний полёт мяча",
        "legend_roll": "мяч катится", "legend_rolls_on": "катится дальше", "legend_ball": "мяч",
        "legend_visited": "площадки, где мяч уже побывал", "legend_carrier": "с мячом",
        "legend_out": "выбит",
        "replay": "Повтор", "replay_live": "Вернуться в эфир", "replay_first": "К началу матча",
        "replay_prev": "Предыдущее событие", "replay_next": "Следующее событие",
        "replay_last": "Последнее событие", "replay_play": "Воспроизвести",
        "replay_pause": "Пауза", "replay_speed": "Скорость", "replay_step": "Показанное событие",
        "replay_per_second": "{n} в секунду", "replay_where": "Событие {n} из {total}",
        "replay_failed": "Не удалось загрузить этот шаг повтора",
        "forbidden": "Для этого табло нужен действующий ключ зрителя этого матча.",
        "forbidden_how": "Попросите у ведущего ссылку на табло: в Foundry — кнопка «Поделиться»"
                         " на панели матча, или на компьютере с компаньоном — ballcourt board"
                         " share MATCH. Отозванный ключ перестаёт работать сразу.",
    },
}

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="/board/static/boxscore.css">
<link rel="stylesheet" href="/board/static/court.css">
<style>
:root {{ color-scheme: dark; --fg: #f4f1e8; --dim: #b9b3a4; --accent: #f0b429; --hot: #ff5a36;
  --panel: rgba(20, 18, 14, .86); }}
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; min-height: 100%; }}
body {{ font: clamp(16px, 1.6vw + .4vh, 40px)/1.3 system-ui, "Segoe UI", Roboto, sans-serif;
  color: var(--fg); background: #16130f; padding: clamp(8px, 2vw, 40px); }}
body.overlay {{ background: transparent; font-size: clamp(14px, 1.1vw + .3vh, 30px); }}
body.overlay .score {{ font-size: clamp(40px, 5vw, 110px); }}
body.overlay #board {{ background: var(--panel); }}
#board {{ max-width: 1800px; margin: 0 auto; padding: clamp(10px, 1.5vw, 32px);
  border-radius: 16px; background: #201c16; text-shadow: 0 2px 3px #000; }}
header {{ display: flex; flex-wrap: wrap; align-items: baseline; gap: .2em 1em; }}
#game {{ font-weight: 700; color: var(--accent); text-transform: uppercase;
  letter-spacing: .06em; }}
#name {{ color: var(--dim); min-width: 0; }}
/* a name breaks between words; inside one only when that word alone is wider than the line */
#board, header, #teams, #status, #last, #result {{ overflow-wrap: break-word; min-width: 0; }}
.team {{ min-width: 0; }}
.count-label {{ color: var(--dim); font-size: .75em; text-transform: uppercase;
  letter-spacing: .05em; }}
#conn {{ margin-left: auto; font-size: .7em; color: var(--dim); }}
#conn::before {{ content: "● "; color: #888; }}
#conn.live::before {{ color: #35c46a; }} #conn.offline::before {{ color: var(--hot); }}
#teams {{ display: flex; flex-wrap: wrap; gap: clamp(8px, 1.5vw, 32px); margin: .6em 0; }}
.team {{ flex: 1 1 min(14em, 100%); padding: .4em .7em; border-radius: 12px;
  background: rgba(255, 255, 255, .06); border: 3px solid transparent; }}
.team.has-ball {{ border-color: var(--accent); }}
.team h2 {{ margin: 0; font-size: 1.3em; }}
.score {{ font-size: clamp(48px, 8vw, 180px); font-weight: 800; line-height: 1;
  font-variant-numeric: tabular-nums; }}
.standing {{ color: var(--dim); }}
.players {{ list-style: none; padding: 0; margin: .3em 0 0; display: flex; flex-wrap: wrap;
  gap: .25em .6em; }}
.players li {{ min-width: 0; max-width: 100%; }}
.players li.out {{ text-decoration: line-through; color: var(--dim); opacity: .7; }}
.players li.carrier {{ color: var(--accent); font-weight: 700; }}
.players li.carrier::before {{ content: "◉ "; }}
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
<nav id="replay" hidden><button id="rp-toggle" type="button"></button>
<span id="rp-controls" hidden><button id="rp-first" type="button"></button>
<button id="rp-prev" type="button"></button><button id="rp-play" type="button"></button>
<button id="rp-next" type="button"></button><button id="rp-last" type="button"></button>
<input id="rp-step" type="range" min="0" step="1">
<label id="rp-speed-label" for="rp-speed"></label><select id="rp-speed"></select>
<span id="rp-where" aria-live="polite"></span></span></nav>
<section id="teams"></section>
<section id="court"></section>
<section id="status"><span id="clock"></span><span id="possession"></span>
<span id="heat"></span></section>
<section id="last"><b></b> <span id="last-text"></span></section>
<section id="result"></section>
<section id="boxscore" aria-live="polite"></section>
</main>
<script id="board-data" type="application/json">{data}</script>
<script src="/board/static/socket.io.min.js"></script>
<script src="/board/static/court.js"></script>
<script src="/board/static/board.js"></script>
<script src="/board/static/replay.js"></script>
<script src="/board/static/boxscore.js"></script>
</body></html>"""


def last_event(matches: Matches, match_id: str, log_seq: int) -> dict | None:
    """The log's last record; an undo record carries the event it undid (`undone`), so the
    board says what was undone (board.js fetches the same when it follows the match)."""
    events = matches.events(match_id, after=max(0, log_seq - 1))
    if not events:
        return None
    last = events[-1]
    if last["type"] == "undo":
        undone = matches.events(match_id, after=last["undoes"] - 1, limit=1)
        last = {**last, "undone": undone[0] if undone else None}
    return last


def ball_trail(match_id: str, state: dict) -> dict | None:
    """The ball's last trail (Yaotzin), as the replay reads it from the log: None for a
    goat-ball match, or a log no rules version replays (the board stays readable)."""
    if state["game"] != "yaotzin":
        return None
    try:
        return replayed(match_id)["trail"]
    except StoreError:
        return None


FORBIDDEN = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>{title}</title>
<style>
:root {{ color-scheme: dark; }}
body {{ margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 16px;
  box-sizing: border-box; font: 18px/1.4 system-ui, "Segoe UI", Roboto, sans-serif;
  color: #f4f1e8; background: #16130f; }}
main {{ max-width: 36em; padding: 1.2em 1.5em; border-radius: 16px; background: #201c16;
  overflow-wrap: anywhere; }}
h1 {{ margin: 0 0 .4em; font-size: 1.2em; color: #f0b429; }}
p {{ margin: .4em 0; }} code {{ color: #f0b429; }}
</style></head>
<body><main><h1>{title}</h1><p>{text}</p><p>{how}</p></main></body></html>"""


def _forbidden(lang: str, match_id: str) -> Response:
    """403: the page names the command to run for this very match (its id is in the URL)."""
    words = TEXT[lang]
    command = html.escape(f"ballcourt board share {match_id}")
    how = html.escape(words["forbidden_how"]).replace(
        "ballcourt board share MATCH", f"<code>{command}</code>")
    page = FORBIDDEN.format(lang=lang, title=html.escape(words["title"]),
                            text=html.escape(words["forbidden"]), how=how)
    response = Response(page, status=403, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/board/<match_id>")
def board(match_id: str) -> Response:
    lang = "ru" if request.args.get("lang", "en").lower().startswith("ru") else "en"
    key = request.args.get("key")
    db = get_db()
    if not Viewers(db).valid(match_id, key):
        return _forbidden(lang, match_id)
    matches = Matches(db)
    try:
        state = matches.get(match_id)
    except MatchNotFound:
        return _forbidden(lang, match_id)
    overlay = request.args.get("overlay", "") not in ("", "0", "false", "no")
    data = {"match": match_id, "key": key, "lang": lang, "text": TEXT[lang], "state": state,
            "last": last_event(matches, match_id, state["log_seq"]),
            "trail": ball_trail(match_id, state),
            "boxscore": boxscore_data(match_id, lang)}   # the box score: board_report.py
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


@bp.get("/board/static/board.js")
def board_js() -> Response:
    """The board's own script: a file, so the page's CSP allows no inline script."""
    response = Response(_static("board.js"), mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/board/static/court.js")
def court_js() -> Response:
    """The board's picture of the match: the court or the arena, drawn as SVG."""
    response = Response(_static("court.js"), mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/board/static/court.css")
def court_css() -> Response:
    """The picture's and the replay bar's styles."""
    response = Response(_static("court.css"), mimetype="text/css")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/board/static/replay.js")
def replay_js() -> Response:
    """The board's replay: its bar, and each step fetched from GET .../replay."""
    response = Response(_static("replay.js"), mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


def _client_js() -> bytes:
    return _static("socket.io.min.js")


@functools.cache
def _static(name: str) -> bytes:
    return (STATIC / name).read_bytes()
