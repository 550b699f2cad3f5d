"""Contests for the ball (rulebook 9.0, 10.0): grapple, disarm, feint, bull rush, overrun, trip.

No contest ever deals damage. Opposed checks follow D&D 3.5: the higher total wins, a tie goes
to the higher modifier, and a tie of both is rolled again.
"""

from __future__ import annotations

from ..dice import Dice
from ..errors import IllegalAction, RulesError
from .ball import Ball
from .court import Court
from .grid import Square, chebyshev, neighbours, snap
from .players import Player, Roster

CONTESTS = ("grapple", "disarm", "feint", "bull_rush", "overrun", "trip")
MAX_REROLLS = 20


def opposed(dice: Dice, a_name: str, a_mod: int, b_name: str, b_mod: int) -> dict:
    """An opposed check with 3.5's tie rule. Returns who won and every roll pair."""
    rounds = []
    for _ in range(MAX_REROLLS):
        a = dice.d20(a_name, a_mod)
        b = dice.d20(b_name, b_mod)
        rounds.append((a.total, b.total))
        if a.total != b.total:
            return {"winner": "actor" if a.total > b.total else "target", "rounds": rounds}
        if a_mod != b_mod:
            return {"winner": "actor" if a_mod > b_mod else "target", "rounds": rounds}
    return {"winner": "target", "rounds": rounds}


def touch_attack(dice: Dice, actor: Player, target: Player) -> dict:
    roll = dice.d20("touch", actor.bab + actor.str_mod)
    ac = 10 + target.dex_mod
    hit = roll.natural == 20 or (roll.natural != 1 and roll.total >= ac)
    return {"natural": roll.natural, "total": roll.total, "ac": ac, "hit": hit}


def resolve_contest(court: Court, roster: Roster, kind: str, actor_id: str, target_id: str,
                    ball: Square, dice: Dice, *, bluff: int = 0, sense_motive: int = 0,
                    to: Square | None = None, charging: bool = False,
                    avoids: bool = False) -> dict:
    """Resolve one contest between two players over the ball."""
    if kind not in CONTESTS:
        raise RulesError(f"kind must be one of {', '.join(CONTESTS)}", field="kind")
    actor = roster.get(actor_id, field="actor")
    target = roster.get(target_id, field="target")
    if actor.id == target.id:
        raise IllegalAction("a player cannot contest himself", field="target")
    if chebyshev(target.square, ball) > 1:
        raise IllegalAction(f"{target.label} is not at or next to the ball, so the rules"
                            f" forbid touching him", field="target")
    if chebyshev(actor.square, target.square) > 1:
        raise IllegalAction(f"{actor.label} is not next to {target.label}", field="actor")
    if kind == "feint":
        if to is None:
            raise IllegalAction("a feint needs `to`: the square the victim is moved to",
                                field="to")
        if chebyshev(to, target.square) != 1 or not court.on_field(to) or roster.at(to):
            raise IllegalAction(f"({to.x}, {to.y}) is not a free square next to"
                                f" {target.label}", field="to")
    result: dict = {"kind": kind, "actor": actor.id, "target": target.id, "success": False,
                    "touch": None, "check": None, "moves": [], "ball": None, "prone": None,
                    "ends_turn": False}
    if kind in ("grapple", "trip"):
        touch = touch_attack(dice, actor, target)
        result["touch"] = touch
        if not touch["hit"]:
            result["rolls"] = dice.records()
            return result
    if kind == "grapple":
        check = opposed(dice, "actor", actor.bab + actor.str_mod, "target",
                        target.bab + target.str_mod)
    elif kind == "disarm":
        check = opposed(dice, "actor", actor.bab + actor.dex_mod, "target",
                        target.bab + target.dex_mod)
    elif kind == "feint":
        check = opposed(dice, "actor", bluff, "target", sense_motive)
    elif kind == "bull_rush":
        check = opposed(dice, "actor", actor.str_mod + (2 if charging else 0), "target",
                        target.str_mod)
    elif avoids:   # an overrun the defender steps aside from
        check = {"winner": "actor", "rounds": []}
    else:          # overrun or trip: Str against the defender's better of Str and Dex
        check = opposed(dice, "actor", actor.str_mod, "target",
                        max(target.str_mod, target.dex_mod))
    result["check"] = check
    result["success"] = check["winner"] == "actor"
    if result["success"]:
        _apply_success(court, roster, kind, actor, target, ball, to, check, result, avoids)
    result["rolls"] = dice.records()
    return result


def _apply_success(court: Court, roster: Roster, kind: str, actor: Player, target: Player,
                   ball: Square, to: Square | None, check: dict, result: dict,
                   avoids: bool) -> None:
    if kind == "grapple":
        spots = [sq for sq in [ball, *neighbours(ball)]
                 if court.on_field(sq) and chebyshev(sq, actor.square) == 1
                 and all(p.id == target.id for p in roster.at(sq))]   # never onto another
        result["ball"] = Ball.at(ball).as_dict()
        result["placements"] = [sq.as_dict() for sq in spots]
        result["ends_turn"] = True
    elif kind == "disarm":
        result["ball"] = Ball.at(actor.square).as_dict()
    elif kind == "feint":
        result["moves"] = [{"player": target.id, "to": to.as_dict()}]
    elif kind == "bull_rush":
        a_total, b_total = check["rounds"][-1]
        pushed = 1 + max(0, a_total - b_total) // 5
        away = snap(target.x - actor.x, target.y - actor.y)
        dest = target.square
        for _ in range(pushed):
            nxt = dest.step(away)
            if not court.on_field(nxt) or roster.at(nxt):
                break
            dest = nxt
        result["moves"] = [{"player": target.id, "to": dest.as_dict()}]
    elif kind == "trip":
        result["prone"] = target.id
    elif not avoids:   # an overrun blocked and lost knocks the defender down
        result["prone"] = target.id
