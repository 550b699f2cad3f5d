"""The ball's own actions (rulebook 4.0, 7.0): six a round, each moving a rolling ball on.

`ball_action` works one out as a value (`BallAction`); the `/yaotzin/tick` route answers its
`as_dict()`, the planner and the simulator read its fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..dice import Dice
from .ball import Ball
from .court import BEYOND_WALL, Court
from .grid import Direction, Square, square_at
from .players import Player, Roster
from .settings import Settings

BALL_INITIATIVES = (25, 20, 15, 10, 5, 1)


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


def turn_order(players: Mapping[str, int], modifiers: Mapping[str, int] | None = None,
               dice: Dice | None = None) -> list[tuple[str, int]]:
    """Merge the players' initiatives with the ball's six actions; players win ties with the
    ball. Players tied with each other (rulings "Player movement", the 3.5 SRD): the higher
    total initiative modifier first; still tied, a d20 roll-off, each tied player's die named
    `<player>.initiative_tie` (rolled again, the next value, while some stay tied)."""
    mods = modifiers or {}
    counts: dict[tuple[int, int], list[str]] = {}
    for pid, init in players.items():
        counts.setdefault((init, mods.get(pid, 0)), []).append(pid)
    # each roll-off appends its result (negated: higher first) to the tied players' places
    place: dict[str, tuple[int, ...]] = {pid: () for pid in players}
    still = [tied for tied in counts.values() if len(tied) > 1]
    while still:
        dice = dice if dice is not None else Dice()
        tied = still.pop(0)
        rolled: dict[int, list[str]] = {}
        for pid in tied:
            natural = dice.roll(f"{pid}.initiative_tie", 20).natural
            place[pid] += (-natural,)
            rolled.setdefault(natural, []).append(pid)
        still += [again for again in rolled.values() if len(again) > 1]
    entries = [(pid, init) for pid, init in players.items()]
    entries += [("ball", i) for i in BALL_INITIATIVES]
    return sorted(entries, key=lambda e: (-e[1], e[0] == "ball", -mods.get(e[0], 0),
                                          place.get(e[0], ())))


class BallAction(NamedTuple):
    """One ball action, as `ball_action` works it out (`as_dict` is its shape on the wire).

    `chances` are (player, step) pairs: the player may try to stop the ball in `path[step]`.
    `moved` is the ball as it set off (after any roll back), None when it did not move at all
    (held, or at rest on the flat); `dc` is then None too.
    """

    start: Ball
    path: tuple[Square, ...]
    after: Ball
    stopped_by: str | None
    chances: tuple[tuple[Player, int], ...]
    goal: str | None
    moved: Ball | None
    dc: int | None
    wall: bool

    def as_dict(self) -> dict:
        motion = None
        if self.moved is not None:
            assert self.moved.direction is not None     # a ball on the move has a heading
            motion = {"dc": self.dc, "speed": self.moved.speed,
                      "direction": self.moved.direction.name,
                      "rolled_back": self.moved is not self.start, "wall": self.wall}
        return {"start": self.start.as_dict(), "path": [sq.as_dict() for sq in self.path],
                "ball": self.after.as_dict(), "stopped_by": self.stopped_by,
                "opportunities": [{"player": p.id, "square": self.path[step].as_dict(),
                                   "dc": self.dc, "step": step, "reflex": p.reflex}
                                  for p, step in self.chances],
                "goal": {"end": self.goal} if self.goal else None, "motion": motion}


# `ball_action`'s loop builds a Square a step (`square_at`) and a BallAction an action, about
# 8% of a cold plan through the named tuples' Python-level __new__ (docs/benchmarks.md), so it
# skips it as `square_at` does. tuple.__new__ checks no arity: tests/rules/yaotzin/test_tick.py
# checks every field.
_tuple = tuple.__new__


def ball_action(court: Court, roster: Roster, ball: Ball, settings: Settings) -> BallAction:
    """One ball action: where a rolling ball goes if nobody stops it, and who could stop it
    (the route `/yaotzin/tick` answers its `as_dict`)."""
    here = square_at(ball.x, ball.y)
    if not court.on_field(here):
        court.require_on_field(here, "The ball", "ball")
    players = roster.players
    at = roster.at
    holders = at(here) if players else ()
    start = ball
    if holders:
        return BallAction(start, (), Ball(ball.x, ball.y), holders[0].id, (), None, None, None,
                          False)
    heights = court.heights
    if ball.speed == 0:
        if not heights[ball.y]:
            return BallAction(start, (), Ball(ball.x, ball.y), None, (), None, None, None, False)
        ball = roll_back(court, ball)

    dc = rolling_dc(ball.speed, settings)
    budget = 2 * ball.speed             # in half squares: level 2, uphill 4, downhill 1
    direction = ball.direction
    assert direction is not None    # rolling (Ball.from_values) or rolled back (roll_back)
    dx, dy = direction.dx, direction.dy
    costs = court.entry_costs[dy]   # a step into row ny costs costs[ny + 1]
    length = court.length
    reacting = [p for p in players if p.can_react] if players else ()
    x, y = ball.x, ball.y
    path: list[Square] = []
    chances: list[tuple[Player, int]] = []
    stopped_by = goal = None
    wall = False
    while True:
        nx, ny = x + dx, y + dy
        cost = costs[ny + 1]
        if cost > budget:
            wall = cost == BEYOND_WALL  # against a side wall, or out of momentum
            break
        budget -= cost
        nxt = square_at(nx, ny)
        path.append(nxt)
        x, y = nx, ny
        if nx < 0 or nx >= length:
            goal = court.scoring_end(nxt)
            break
        if not players:
            continue                    # nobody on the court to stop it or try to
        in_square = at(nxt)
        if in_square:
            stopped_by = in_square[0].id
            break
        for p in reacting:
            if max(abs(p.x - nx), abs(p.y - ny)) == 1:
                chances.append((p, len(path) - 1))
    h = heights[y]
    if goal:
        after = Ball.at(court.centre())
    elif stopped_by:
        after = Ball(x, y)
    elif wall:   # stopped against the wall, heading kept for the roll-back (rulings)
        after = _tuple(Ball, (x, y, 0, direction if h > 0 else None))
    else:
        speed = ball.speed - 1
        keep = speed > 0 or h > 0
        after = _tuple(Ball, (x, y, speed, direction if keep else None))
    return _tuple(BallAction, (start, tuple(path), after, stopped_by, tuple(chances), goal, ball,
                               dc, wall))

