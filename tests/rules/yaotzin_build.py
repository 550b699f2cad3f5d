"""Build rules inputs from the JSON shapes the goldens (and the API) use."""

from __future__ import annotations

from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Square
from companion.rules.yaotzin.players import Player, Roster
from companion.rules.yaotzin.settings import Settings


def player(d: dict) -> Player:
    d = dict(d)
    d["feats"] = frozenset(d.get("feats", ()))
    return Player(**d)


def setup(case: dict) -> tuple[Court, Roster, Settings]:
    court = Court.from_dict(case.get("field"))
    return court, Roster([player(p) for p in case.get("players", [])], court), \
        Settings.from_dict(case.get("settings"))


def sq(d) -> Square:
    return Square(d["x"], d["y"]) if isinstance(d, dict) else Square(*d)
