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
from ..matches import Matches, public
from ..routing import api_route
from .matches import query_count
from .report import report_of

bp = Blueprint("replay", __name__, url_prefix="/api/v1/matches")


@api_route(bp, "GET", "/<match_id>/replay")
def replay(_body, match_id):
    """The match after `step` of its events in force (default: all): its state, that event,
    the ball's last trail (Yaotzin) and the box score, as they stood then."""
    matches = Matches(get_db())
    row = matches.row(match_id)
    game = row["game"]
    active = matches.require_versioned(matches.active(match_id))
    step = query_count("step", len(active), 0, len(active))
    state, last_trail = json.loads(row["initial"]), None
    for event in active[:step]:
        before, state = state, matches.replay(game, state, [event])
        if game == "yaotzin":
            last_trail = trail(before, event, state) or last_trail
    event = matches.events(match_id, after=active[step - 1]["seq"] - 1, limit=1)[0] \
        if step else None
    shown = {**public(row, state, step), "log_seq": event["seq"] if event else 0}
    return 200, {"step": step, "steps": len(active), "state": shown, "event": event,
                 "trail": last_trail,
                 "report": report_of(row, active[:step])}
