"""A stored match replayed step by step, for the spectator board's replay.

The state after any number of a match's events in force, folded again from its start by the
companion's own rules, each event by the rules version it was played under and checked against
the digest it was stored with (`Matches.replay`): an old match replays as it was played, and
the board computes nothing of the rules itself. Readable with the GM's token or with that
match's viewer key (viewers.report_access).
"""

from __future__ import annotations

import json

from flask import Blueprint

from ...present.trail import trail
from ..db import get_db
from ..errors import ApiError
from ..matches import Matches, public
from ..routing import api_route, query
from .matches import MAX_AFTER, query_count
from .report import report_of

bp = Blueprint("replay", __name__, url_prefix="/api/v1/matches")


@api_route(bp, "GET", "/<match_id>/replay")
def replay(_body, match_id):
    """The match after `step` of its events in force (default: all): its state, that event,
    the ball's last trail (Yaotzin) and the box score, as they stood then."""
    step = None if query().get("step") is None else query_count("step", 0, 0, MAX_AFTER)
    return 200, replayed(match_id, step)


def replayed(match_id: str, step: int | None = None) -> dict:
    """The match after `step` of its events in force (None: all of them); 404 when there is
    no such match, 422 for a step past its last event."""
    matches = Matches(get_db())
    row = matches.row(match_id)
    game = row["game"]
    active = matches.require_versioned(matches.active(match_id))
    if step is None:
        step = len(active)
    elif step > len(active):
        why = f"a whole number from 0 to {len(active)} (the events in force)"
        raise ApiError(422, "validation", f"step: {why}", {"step": [why]})
    state, last_trail = json.loads(row["initial"]), None
    for event in active[:step]:
        before, state = state, matches.replay(game, state, [event])
        if game == "yaotzin":
            last_trail = trail(before, event, state) or last_trail
    event = matches.events(match_id, after=active[step - 1]["seq"] - 1, limit=1)[0] \
        if step else None
    shown = {**public(row, state, step), "log_seq": event["seq"] if event else 0}
    return {"step": step, "steps": len(active), "state": shown, "event": event,
            "trail": last_trail, "report": report_of(row, active[:step])}
