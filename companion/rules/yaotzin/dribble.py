"""Dribbling (rulebook 6.0, 9.0): how far the ball may go with you, and who may grab you."""

from __future__ import annotations

from fractions import Fraction

from ..errors import IllegalAction
from .ball import Ball
from .court import Court
from .grid import Square, chebyshev
from .players import Roster


def dribble_budget(speed_ft: int, started_with_ball: bool, readied: bool) -> Fraction:
    """Half speed on a move action plus 5 ft on a standard one; 5 ft when not set up for it."""
    if started_with_ball and not readied:
        return Fraction(speed_ft // 2 // 5 + 1)
    return Fraction(1)


def plan_dribble(court: Court, roster: Roster, dribbler_id: str, ball: Square,
                 squares: list[Square], started_with_ball: bool, readied: bool) -> dict:
    """Check a dribble square by square; list the opponents it lets grab at the dribbler."""
    dribbler = roster.get(dribbler_id, field="dribbler")
    if dribbler.square != ball:
        raise IllegalAction(f"{dribbler.label} must be in the ball's square to dribble",
                            field="dribbler")
    if not squares:
        raise IllegalAction("a dribble needs at least one square", field="squares")
    budget = dribble_budget(dribbler.speed, started_with_ball, readied)
    spent = Fraction(0)
    diagonals = 0
    here = ball
    provokers: list[dict] = []
    grabbed: set[str] = set()
    goal = None
    for i, sq in enumerate(squares):
        where = f"squares.{i}"
        if goal:
            raise IllegalAction("the dribble already crossed the goal line", field=where)
        if chebyshev(here, sq) != 1:
            raise IllegalAction(f"({sq.x}, {sq.y}) is not next to ({here.x}, {here.y})",
                                field=where)
        if not court.in_bounds(sq):
            raise IllegalAction(f"({sq.x}, {sq.y}) is beyond the wall", field=where)
        blockers = [p for p in roster.at(sq) if p.team != dribbler.team]
        if blockers:
            raise IllegalAction(f"{dribbler.label} cannot dribble into {blockers[0].label}'s"
                                f" square", field=where)
        cost = Fraction(1)
        if sq.x != here.x and sq.y != here.y:
            diagonals += 1
            cost = Fraction(2 if diagonals % 2 == 0 else 1)
        if court.height(sq.y) > court.height(here.y):
            cost *= 2
        if spent + cost > budget:
            raise IllegalAction(f"the dribble needs {spent + cost} squares of movement;"
                                f" {dribbler.label} has {budget}", field=where)
        for opp in roster.opponents_of(dribbler):
            if opp.id not in grabbed and chebyshev(opp.square, here) <= 1 and opp.can_react:
                grabbed.add(opp.id)
                provokers.append({"player": opp.id, "square": opp.square.as_dict(),
                                  "step": i, "from": here.as_dict()})
        spent += cost
        here = sq
        end = court.scoring_end(sq)
        if end:
            goal = {"end": end}
    after = Ball.at(court.centre()) if goal else Ball.at(here)
    return {"dribbler": dribbler.id, "squares": [sq.as_dict() for sq in squares],
            "cost": float(spent), "budget": float(budget), "provokers": provokers,
            "goal": goal, "ball": after.as_dict(), "end": here.as_dict()}
