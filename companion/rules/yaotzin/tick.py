"""The ball's own actions (rulebook 4.0, 7.0): six a round, each moving a rolling ball on."""

from __future__ import annotations

from fractions import Fraction

from .ball import Ball
from .court import Court
from .grid import Direction, Square, chebyshev
from .players import Roster
from .settings import Settings

BALL_INITIATIVES = (25, 20, 15, 10, 5, 1)


def step_cost(court: Court, a: Square, b: Square) -> Fraction:
    """Level 1, uphill 2, downhill 1/2."""
    ha, hb = court.height(a.y), court.height(b.y)
    if hb > ha:
        return Fraction(2)
    if hb < ha:
        return Fraction(1, 2)
    return Fraction(1)


def rolling_dc(speed: int, settings: Settings) -> int:
    """Reflex DC to stop a ball rolling past: base + 1 per 10 ft of speed."""
    return settings.rolling_dc_base + (5 * speed) // 10


def roll_back(court: Court, ball: Ball) -> Ball:
    """A stalled ball on a slope starts down it: along-court part kept, across-court downhill.

    A ball that stalled rolling along the slope (E or W, no across-court part) rolls straight
    down: its heading had nothing downhill to keep beside the along-court part.
    """
    down = court.downhill_dy(ball.y)
    d = ball.direction
    dx = d.dx if d is not None and d.dy != 0 else 0
    return Ball(ball.x, ball.y, court.height(ball.y), Direction.of(dx, down))


def turn_order(players: dict[str, int]) -> list[tuple[str, int]]:
    """Merge the players' initiatives with the ball's six actions; players win ties."""
    entries = [(pid, init) for pid, init in players.items()]
    entries += [("ball", i) for i in BALL_INITIATIVES]
    return sorted(entries, key=lambda e: (-e[1], e[0] == "ball"))


def tick(court: Court, roster: Roster, ball: Ball, settings: Settings) -> dict:
    """One ball action: where a rolling ball goes if nobody stops it, and who could stop it."""
    court.require_on_field(ball.square, "The ball", "ball")
    holders = roster.at(ball.square)
    start = ball
    if holders:
        return _result(start, [], Ball.at(ball.square), holders[0].id, [], None, None)
    if ball.speed == 0:
        if not court.on_slope(ball.square):
            return _result(start, [], Ball.at(ball.square), None, [], None, None)
        ball = roll_back(court, ball)
    rolled_back = ball is not start

    dc = rolling_dc(ball.speed, settings)
    budget = Fraction(ball.speed)
    here = ball.square
    path: list[Square] = []
    opportunities: list[dict] = []
    stopped_by = goal = None
    wall = False
    while True:
        nxt = here.step(ball.direction)
        if not 0 <= nxt.y < court.width:
            wall = True
            break
        cost = step_cost(court, here, nxt)
        if cost > budget:
            break
        budget -= cost
        path.append(nxt)
        here = nxt
        end = court.scoring_end(nxt)
        if end:
            goal = {"end": end}
            break
        in_square = roster.at(nxt)
        if in_square:
            stopped_by = in_square[0].id
            break
        for p in roster.players:
            if chebyshev(p.square, nxt) == 1 and p.can_react:
                opportunities.append({"player": p.id, "square": nxt.as_dict(), "dc": dc,
                                      "step": len(path) - 1, "reflex": p.reflex})
    if goal:
        after = Ball.at(court.centre())
    elif stopped_by:
        after = Ball.at(here)
    elif wall:   # stopped against the wall, heading kept for the roll-back (rulings)
        after = Ball(here.x, here.y, 0, ball.direction if court.on_slope(here) else None)
    else:
        speed = ball.speed - 1
        keep = speed > 0 or court.on_slope(here)
        after = Ball(here.x, here.y, speed, ball.direction if keep else None)
    return _result(start, path, after, stopped_by, opportunities, goal,
                   {"dc": dc, "speed": ball.speed, "direction": ball.direction.name,
                    "rolled_back": rolled_back, "wall": wall})


def _result(start: Ball, path: list[Square], after: Ball, stopped_by: str | None,
            opportunities: list[dict], goal: dict | None, motion: dict | None) -> dict:
    return {"start": start.as_dict(), "path": [sq.as_dict() for sq in path],
            "ball": after.as_dict(), "stopped_by": stopped_by, "opportunities": opportunities,
            "goal": goal, "motion": motion}
