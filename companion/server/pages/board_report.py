"""The spectator board's box score: the match report, live, beside the board (board.py).

Kept apart from the board's own page and script: the page embeds the report as it was when
served (`boxscore_data`) and loads `/board/static/boxscore.js` and `.css`; the script renders
the report into `#boxscore` and, whenever the board's script says an event was applied
(a `ballcourt:match` DOM event), fetches it again from `GET /api/v1/matches/<id>/report`
with the page's viewer key (which reads that report and nothing else over HTTP).
"""

from __future__ import annotations

import functools
from pathlib import Path

from flask import Blueprint, Response

from ...present.report import LABELS, SHORT, summary
from ..api.report import build

bp = Blueprint("board_report", __name__)
STATIC = Path(__file__).parents[1] / "static"
FILES = {"boxscore.js": "text/javascript", "boxscore.css": "text/css"}


def boxscore_data(match_id: str, lang: str) -> dict:
    """What the board page carries for its box score: the report and its labels."""
    report = build(match_id)
    return {"report": report, "summary": summary(report, lang),
            "text": {**LABELS[lang], "short": SHORT[lang]}}


@bp.get("/board/static/boxscore.js")
def script() -> Response:
    return _static("boxscore.js")


@bp.get("/board/static/boxscore.css")
def style() -> Response:
    return _static("boxscore.css")


def _static(name: str) -> Response:
    response = Response(_read(name), mimetype=FILES[name])
    response.headers["Cache-Control"] = "no-cache"
    return response


@functools.cache
def _read(name: str) -> bytes:
    return (STATIC / name).read_bytes()
