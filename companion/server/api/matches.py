"""Matches: the state a table builds up, one applied event at a time, with undo.

The routes load each part of a body with its game's schema (games.py) and hand the store
(matches.py) what they loaded.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from marshmallow import Schema, ValidationError

from ...rules.errors import RulesError
from ..db import get_db
from ..errors import ApiError
from ..games import GAMES, MatchCreateSchema, MatchImportSchema
from ..matches import Matches
from ..routing import api_route, query
from ..schemas import events as schemas
from ..sockets import push_match_event
from ..viewers import disconnect_key

bp = Blueprint("matches", __name__, url_prefix="/api/v1/matches")


def _load(schema: type[Schema], data: Any, where: str, many: bool = False) -> Any:
    """`data` loaded by `schema`; its errors under `where`, the body's key they came from."""
    try:
        return schema(many=many).load(data)
    except ValidationError as exc:
        raise ValidationError({where: exc.messages}) from None


@api_route(bp, "POST", "", MatchCreateSchema)
def create(body):
    """Start a match (Yaotzin or goat-ball) with its teams, field and settings."""
    game = GAMES[body["game"]]
    if game.no_field is not None and body["field"] is not None:
        raise RulesError(game.no_field, field="field")
    teams = _load(game.teams, body["teams"], "teams", many=True)
    if game.field is not None and body["field"] is not None:
        _load(game.field, body["field"], "field")
    if body["settings"] is not None:
        _load(game.settings, body["settings"], "settings")
    return 201, Matches(get_db()).create({**body, "teams": teams})


@api_route(bp, "POST", "/import", MatchImportSchema)
def import_match(body):
    """Keep a match another companion exported, as it was played (refused whole if its log
    does not replay here to its state)."""
    return 201, Matches(get_db()).import_(body, new_id=body["new_id"])


@api_route(bp, "GET", "")
def list_matches(_body):
    """Every match, newest first."""
    return 200, {"matches": Matches(get_db()).summaries()}


@api_route(bp, "GET", "/<match_id>")
def show(_body, match_id):
    """A match's state and settings."""
    return 200, Matches(get_db()).get(match_id)


@api_route(bp, "GET", "/<match_id>/export")
def export(_body, match_id):
    """The match whole, with each event's rules version: what `POST /matches/import` takes."""
    return 200, Matches(get_db()).export(match_id)


@api_route(bp, "GET", "/<match_id>/verify")
def verify(_body, match_id):
    """Whether the match's log replays today to what was played, and if not, the first event
    that does not and why."""
    return 200, Matches(get_db()).verify(match_id)
@api_route(bp, "DELETE", "/<match_id>")
def delete(_body, match_id):
    """Delete a match for good: its log and its viewer keys (their boards stop at once)."""
    for key in Matches(get_db()).delete(match_id):
        disconnect_key(key)
    return 204, None


EVENTS_PAGE = 1000     # events per answer at most (docs/api.md, "Paging the log")
MAX_AFTER = 2**62


def query_count(name: str, default: int, low: int, high: int) -> int:
    """A query parameter of ASCII digits only: `str.isdigit()` is also true of `²` and `①`
    (which `int()` refuses) and of `٣`, `𝟙` and `１` (which it quietly reads)."""
    raw = query().get(name)
    if raw is None:
        return default
    if (not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(high))
            or not low <= int(raw) <= high):
        raise ApiError(422, "validation", f"{name}: a whole number from {low} to {high}",
                       {name: [f"a whole number from {low} to {high}"]})
    return int(raw)


@api_route(bp, "GET", "/<match_id>/events")
def events(_body, match_id):
    """The match's log, oldest first, undo records included: at most `limit` (default and most
    1000) events with seq > `after` (default 0); `next` is the `after` of the next page, or
    null when this page reaches the end."""
    after = query_count("after", 0, 0, MAX_AFTER)
    limit = query_count("limit", EVENTS_PAGE, 1, EVENTS_PAGE)
    page = Matches(get_db()).events(match_id, after=after, limit=limit + 1)
    more = len(page) > limit
    page = page[:limit]
    return 200, {"events": page, "next": page[-1]["seq"] if more else None}


@api_route(bp, "POST", "/<match_id>/events")
def apply(body, match_id):
    """Apply one event (what an Apply button sends); refused events change nothing."""
    matches = Matches(get_db())
    game = matches.game(match_id)
    kind = body.get("type") if isinstance(body, dict) else None
    known = GAMES[game].events
    if not isinstance(kind, str) or kind not in known:
        raise ValidationError({"type": [f"a {game} event is one of: {', '.join(known)}"]})
    state, detail, seq = matches.append(match_id, known[kind]().load(body))
    out = {**state, "applied": seq}
    if detail is not None:
        out["result"] = detail
    push_match_event(match_id, state, {"kind": "event", "log_seq": seq})
    return 201, out


@api_route(bp, "POST", "/<match_id>/undo", schemas.UndoSchema, optional_body=True)
def undo(_body, match_id):
    """Cancel the last applied event; answers the state before it."""
    state, seq = Matches(get_db()).undo(match_id)
    push_match_event(match_id, state, {"kind": "undo", "log_seq": seq})
    return 200, state


@api_route(bp, "POST", "/<match_id>/events/undo", schemas.UndoEventsSchema)
def undo_events(body, match_id):
    """Cancel these events (one card's) wherever they are, if no later event was built on them."""
    state, seq = Matches(get_db()).undo_events(match_id, body["seqs"])
    push_match_event(match_id, state, {"kind": "undo", "log_seq": seq})
    return 200, state
