"""Viewer keys for the spectator board: make one (with its board URL), revoke one."""

from __future__ import annotations

from flask import Blueprint, request
from marshmallow import ValidationError

from ..db import get_db
from ..errors import ApiError
from ..matches import Matches, now
from ..routing import api_route
from ..schemas.base import plain_text
from ..viewers import Viewers, disconnect_key

bp = Blueprint("viewers", __name__, url_prefix="/api/v1/matches")


def board_url(match_id: str, key: str) -> str:
    return f"{request.host_url.rstrip('/')}/board/{match_id}?key={key}"


@api_route(bp, "POST", "/<match_id>/viewers")
def create(body, match_id):
    """Make a read-only viewer key for the match and its board URL."""
    if body is not None and not isinstance(body, dict):
        raise ApiError(400, "bad_body", "the body, when sent, must be a JSON object")
    body = body or {}
    unknown = sorted(set(body) - {"label"})
    if unknown:
        raise ApiError(422, "validation", f"{unknown[0]}: unknown field",
                       {k: ["Unknown field."] for k in unknown})
    label = body.get("label")
    if label is not None and (not isinstance(label, str) or not 1 <= len(label) <= 120):
        raise ApiError(422, "validation", "label: a string of 1 to 120 characters",
                       {"label": ["a string of 1 to 120 characters"]})
    if label is not None:
        try:
            plain_text(label)
        except ValidationError as exc:
            raise ApiError(422, "validation", f"label: {exc.messages[0]}",
                           {"label": exc.messages}) from None
    db = get_db()
    Matches(db).row(match_id)
    key = Viewers(db).create(match_id, label, now())
    return 201, {"key": key, "url": board_url(match_id, key), "match": match_id}


@api_route(bp, "GET", "/<match_id>/viewers")
def list_keys(_body, match_id):
    """The match's viewer keys (token only), oldest first, each with its board URL."""
    db = get_db()
    Matches(db).row(match_id)
    return 200, {"viewers": [{**k, "url": board_url(match_id, k["key"])}
                             for k in Viewers(db).list(match_id)]}


@api_route(bp, "DELETE", "/<match_id>/viewers/<key>")
def revoke(_body, match_id, key):
    """Revoke a viewer key: its board and its live connections stop at once."""
    db = get_db()
    Matches(db).row(match_id)
    if not Viewers(db).revoke(match_id, key):
        raise ApiError(404, "not_found", f"no viewer key {key!r} for match {match_id!r}")
    disconnect_key(key)
    return 204, None
