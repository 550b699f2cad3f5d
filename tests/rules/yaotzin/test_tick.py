"""The ball's actions (`ball_action`) against a slow, obvious reference written from the rules.

`ball_action` keeps the ball's budget in half squares, looks step costs up in a table per court
shape and builds its tuples with `tuple.__new__` (which checks no arity); the reference below
spends Fractions of a square, asks `Court.height` and builds every value with its own
constructor. Over random courts, players and balls the two must give the same action, field
for field and on the wire.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Direction, Square, chebyshev
from companion.rules.yaotzin.players import Player, Roster
from companion.rules.yaotzin.settings import Settings
from companion.rules.yaotzin.tick import BallAction, ball_action, roll_back


def step_cost(court: Court, a: Square, b: Square) -> Fraction:
    """Rulebook 7.0: a level step costs a square, uphill two, downhill half of one."""
    ha, hb = court.height(a.y), court.height(b.y)
    return Fraction(2) if hb > ha else Fraction(1, 2) if hb < ha else Fraction(1)


def reference_action(court: Court, roster: Roster, ball: Ball, rules: Settings) -> BallAction:
    """One ball action, the slow way: every rule spelled out, nothing kept between calls."""
    start = ball
    holders = roster.at(ball.square)
    if holders:
        return BallAction(start, (), Ball(ball.x, ball.y), holders[0].id, (), None, None, None,
                          False)
    if ball.speed == 0:
        if not court.on_slope(ball.square):
            return BallAction(start, (), Ball(ball.x, ball.y), None, (), None, None, None,
                              False)
        ball = roll_back(court, ball)
    dc = rules.rolling_dc_base + (5 * ball.speed) // 10
    budget = Fraction(ball.speed)
    here = ball.square
    path: list[Square] = []
    chances: list[tuple[Player, int]] = []
    stopped_by = goal = None
    wall = False
    while True:
        nxt = here.step(ball.direction)
        if not 0 <= nxt.y < court.width:
            wall = True                 # a side wall stops it, whatever is left
            break
        cost = step_cost(court, here, nxt)
        if cost > budget:
            break                       # out of momentum
        budget -= cost
        path.append(nxt)
        here = nxt
        if court.scoring_end(nxt):
            goal = court.scoring_end(nxt)
            break
        if roster.at(nxt):
            stopped_by = roster.at(nxt)[0].id
            break
        chances += [(p, len(path) - 1) for p in roster.players
                    if p.can_react and chebyshev(p.square, nxt) == 1]
    on_slope = court.on_slope(here)
    if goal:
        after = Ball.at(court.centre())
    elif stopped_by:
        after = Ball(here.x, here.y)
    elif wall:
        after = Ball(here.x, here.y, 0, ball.direction if on_slope else None)
    else:
        speed = ball.speed - 1
        after = Ball(here.x, here.y, speed, ball.direction if speed or on_slope else None)
    return BallAction(start, tuple(path), after, stopped_by, tuple(chances), goal, ball, dc,
                      wall)


@st.composite
def situations(draw):
    """A court of any shape, a few players anywhere on it, a ball on the field."""
    width = draw(st.integers(3, 30))
    court = Court.from_dict({"length": draw(st.integers(4, 40)), "width": width,
                             "slope": draw(st.integers(0, (width - 1) // 2))})
    field = st.tuples(st.integers(0, court.length - 1), st.integers(0, court.width - 1))
    players = [Player(f"p{i}", draw(st.sampled_from(["sun", "moon"])), x, y,
                      reflex=draw(st.integers(-2, 8)), prone=draw(st.booleans()),
                      aoo_left=draw(st.sampled_from([None, 0, 1])))
               for i, (x, y) in enumerate(draw(st.lists(field, max_size=6)))]
    x, y = draw(field)
    speed = draw(st.integers(0, 9))
    heading = draw(st.sampled_from(list(Direction)) if speed else
                   st.sampled_from([None, *Direction]))
    rules = Settings(rolling_dc_base=draw(st.sampled_from([1, 4])))
    return court, Roster(players, court), Ball(x, y, speed, heading), rules


@settings(max_examples=400, deadline=None)
@given(situations())
def test_ball_action_is_the_reference_action_field_for_field(case):
    court, roster, ball, rules = case
    fast, slow = ball_action(court, roster, ball, rules), reference_action(court, roster, ball,
                                                                           rules)
    assert fast == slow
    assert fast.as_dict() == slow.as_dict()
    # tuple.__new__ builds a tuple of any length: each of them has exactly its fields
    assert len(fast) == len(BallAction._fields)
    assert len(fast.after) == len(Ball._fields)
    assert all(len(sq) == len(Square._fields) and type(sq) is Square for sq in fast.path)
    assert type(fast.after) is Ball and type(fast) is BallAction

