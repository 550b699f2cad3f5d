"""The ball's last trail on a Yaotzin court, for the spectator board (pure: no server).

A match's state says where the ball is, not how it got there; the board also draws the last
flight and roll. They are read from the event that last moved the ball (a `ball`, `goal` or
`hoop` event) and the state before it: a kick's `play` names the kicker's square (`origin`)
and where the ball came down (`landing`, since the board drew it); any other move goes from
where the ball was to where it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MOVES = ("ball", "goal", "hoop")


def square(value: Any) -> dict | None:
    return {"x": value["x"], "y": value["y"]} if isinstance(value, Mapping) else None


def trail(before: Mapping[str, Any], event: Mapping[str, Any],
          after: Mapping[str, Any]) -> dict | None:
    """What the board draws for an event that moved the ball, or None for one that did not:
    `{"seq", "from", "origin", "landing", "ball"}` (each a square or null; `ball` the ball
    after it, with its speed and direction, null when it scored) and `goal` (the end scored
    in) or `hoop` (the side wall's hoop it went through)."""
    kind = event.get("type")
    if kind not in MOVES:
        return None
    play = event.get("play") or {}
    start = square(before["ball"])
    out: dict[str, Any] = {"seq": event.get("seq"), "from": start,
                           "origin": square(play.get("origin")),
                           "landing": square(play.get("landing")),
                           "ball": dict(after["ball"]) if kind == "ball" else None,
                           "goal": None, "hoop": None}
    if kind == "goal":      # into the end named, else the one the scorers attack
        scorer = next(t for t in after["score"] if after["score"][t] != before["score"][t])
        out["goal"] = event.get("end") or next(t["defends"] for t in after["teams"]
                                               if t["id"] != scorer)
    elif kind == "hoop":
        shot_from = out["origin"] or start or {"y": 0}
        out["hoop"] = "north" if shot_from["y"] < after["field"]["width"] / 2 else "south"
    return out
