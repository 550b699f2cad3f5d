"""A Yaotzin match as a fold over its events: score, clock, ball, and the end (rulebook 1.0)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..errors import MatchOver, RulesError, UnknownPlayer
from ..versions import CURRENT, YAOTZIN_DAMAGE_NOT_NEGATIVE, YAOTZIN_GOAL_END_CHECKED, require
from .ball import Ball
from .court import ENDS, Court
from .settings import Settings

EVENT_TYPES = ("ball", "goal", "hoop", "round", "damage", "note", "end")


def new_match(teams: list[Mapping[str, Any]], court: Court, settings: Settings) -> dict:
    if len(teams) != 2:
        raise RulesError("a Yaotzin match has exactly two teams", field="teams")
    ids = [t["id"] for t in teams]
    if len(set(ids)) != 2:
        raise RulesError("the two teams need different ids", field="teams")
    defends = [t.get("defends") for t in teams]
    if sorted(d or "" for d in defends) != sorted(ENDS):
        if defends == [None, None]:
            defends = list(ENDS)
        else:
            raise RulesError("one team defends the west end and the other the east",
                             field="teams")
    rosters = [list(t.get("players") or ()) for t in teams]
    named = [p for roster in rosters for p in roster]
    if len(set(named)) != len(named):
        raise RulesError("a player is listed twice", field="teams")
    return {
        "game": "yaotzin",
        "teams": [{"id": i, "defends": d, **({"name": t["name"]} if t.get("name") else {}),
                   **({"players": r} if r else {})}
                  for i, d, r, t in zip(ids, defends, rosters, teams)],
        "field": court.as_dict(),
        "settings": settings.as_dict(),
        "score": {i: 0 for i in ids},
        "round": 1,
        "ball": Ball.at(court.centre()).as_dict(),
        "status": "playing",
        "winner": None,
        "nonlethal": {},
    }


def _leader(score: dict[str, int]) -> str:
    (a, sa), (b, sb) = score.items()
    return a if sa > sb else b if sb > sa else "draw"


def _team(state: dict, event: Mapping[str, Any], version: int) -> str:
    ids = [t["id"] for t in state["teams"]]
    if "team" in event and event["team"] is not None:
        if event["team"] not in ids:
            raise RulesError(f"no team {event['team']!r} in this match", field="team")
        end = event.get("end")
        if version >= YAOTZIN_GOAL_END_CHECKED and end is not None and any(
                t["id"] == event["team"] and t["defends"] == end for t in state["teams"]):
            raise RulesError(f"{event['team']} defends the {end} end: a goal there scores for"
                             f" the other team", field="end")
        return event["team"]
    if event.get("end") in ENDS:   # a goal into an end scores for the team that attacks it
        return next(t["id"] for t in state["teams"] if t["defends"] != event["end"])
    raise RulesError("name the scoring team (`team`) or the end scored in (`end`)",
                     field="team")


def _whole(event: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = event.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"{key} must be a whole number", field=key)
    return value


def apply_event(state: dict, event: Mapping[str, Any], version: int = CURRENT["yaotzin"]) -> dict:
    """The state after one event, by the rules of `version` (the one it was played under).
    Refuses bad events without touching `state`."""
    require("yaotzin", version)
    if state["status"] == "over":
        raise MatchOver("the match is over")
    kind = event.get("type")
    if kind not in EVENT_TYPES:
        raise RulesError(f"type must be one of {', '.join(EVENT_TYPES)}", field="type")
    court = Court.from_dict({k: state["field"][k] for k in ("length", "width", "slope",
                                                            "end_zone", "hoop_x")})
    settings = Settings.from_dict(state["settings"])
    new = copy.deepcopy(state)
    if kind == "ball":
        ball = Ball.from_values(_whole(event, "x"), _whole(event, "y"),
                                _whole(event, "speed", 0), event.get("direction"))
        court.require_on_field(ball.square, "The ball", "x")
        new["ball"] = ball.as_dict()
    elif kind in ("goal", "hoop"):
        team = _team(state, event, version)
        new["score"][team] += 1 if kind == "goal" else settings.hoop_points
        new["ball"] = Ball.at(court.centre()).as_dict()
        if kind == "hoop" or new["score"][team] >= settings.points_to_win:
            new["status"], new["winner"] = "over", team
    elif kind == "round":
        if state["round"] >= settings.round_limit:
            new["status"], new["winner"] = "over", _leader(new["score"])
        else:
            new["round"] += 1
    elif kind == "damage":
        amount = _whole(event, "nonlethal")
        if amount < 0 and version >= YAOTZIN_DAMAGE_NOT_NEGATIVE:
            raise RulesError("damage cannot be negative", field="nonlethal")
        player = event.get("player")
        if not isinstance(player, str) or not player:
            raise RulesError("player must name who took the damage", field="player")
        roster = {p for t in state["teams"] for p in t.get("players", ())}
        if roster and player not in roster:
            raise UnknownPlayer(f"no player {player!r} in this match", field="player")
        new["nonlethal"][player] = new["nonlethal"].get(player, 0) + amount
    elif kind == "end":
        new["status"], new["winner"] = "over", _leader(new["score"])
    return new
