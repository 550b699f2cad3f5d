"""The match report: the box score from a match's events, as JSON or Markdown (en, ru).

Readable with the GM's token or with that match's viewer key (security.py lets a viewer key
through to this route only, for its own match; viewers.report_access).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, request

from ...present import report as text
from ...rules.report import box_score
from ..db import get_db
from ..errors import ApiError
from ..matches import Matches
from ..routing import Text, api_route

bp = Blueprint("report", __name__, url_prefix="/api/v1/matches")
FORMATS = ("json", "md")


def build(match_id: str) -> dict:
    """The report of one match: 404 when there is no such match."""
    matches = Matches(get_db())
    return report_of(matches.row(match_id),
                     matches.require_versioned(matches.active(match_id)))


def report_of(row: Mapping[str, Any], events: list[dict]) -> dict:
    """The report of a match (its stored row) after these of its events in force: the whole
    match's, or a replay's at one step (api/replay.py)."""
    return {"id": row["id"], "name": row["name"],
            **box_score(json.loads(row["initial"]), events)}


def _choice(name: str, allowed: tuple[str, ...]) -> str | None:
    value = request.args.get(name)
    if value is not None and value not in allowed:
        raise ApiError(422, "validation", f"{name}: one of {', '.join(allowed)}",
                       {name: [f"one of {', '.join(allowed)}"]})
    return value


@api_route(bp, "GET", "/<match_id>/report")
def report(_body, match_id):
    """The match's box score: `?format=json|md` (json), `?lang=en|ru` (else Accept-Language)."""
    fmt = _choice("format", FORMATS) or "json"
    lang = text.pick_lang(_choice("lang", text.LANGS), request.accept_languages)
    out = build(match_id)
    if fmt == "md":
        return 200, Text(text.markdown(out, lang, out["name"]))
    return 200, {**out, "lang": lang}
