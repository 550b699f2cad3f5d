"""The empty court's courses, each worked out from the next ball state's, against the course
walked action by action from the ball itself (how they were found before)."""

from __future__ import annotations

import random

import pytest

from companion.rules.yaotzin import courses
from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Direction, Square
from companion.rules.yaotzin.players import Roster
from companion.rules.yaotzin.settings import Settings
from companion.rules.yaotzin.tick import ball_action


def walked(court: Court, settings: Settings, ball: Ball, limit: int):
    """(end, actions, squares) of the ball's course walked from it, or None when it does not
    cross a line within `limit` actions (at rest on the flat, a loop, still rolling)."""
    nobody = Roster((), court)
    actions, squares, seen, b = [], {ball.square}, set(), ball
    for _ in range(limit):
        if b in seen or (b.speed == 0 and not court.on_slope(b.square)):
            return None
        seen.add(b)
        action = ball_action(court, nobody, b, settings)
        actions.append(action)
        squares.update(action.path)
        if action.goal:
            return action.goal, actions, squares
        b = action.after
    return None


def squares_of(empty: courses.EmptyCourt, bits: int) -> set[Square]:
    width = empty.court.width
    return {Square(i // width - 1, i % width) for i in range(bits.bit_length()) if bits >> i & 1}


@pytest.mark.parametrize("limit", [courses.MAX_TICKS, 6, 2])
def test_every_course_is_the_course_walked_from_the_ball(monkeypatch, limit):
    """Balls asked in a random order (so that a course is found from one met before, from a
    loop, or from nothing known), on courts with slopes; a short MAX_TICKS too, where the
    course found from the next state's must still count its own length."""
    monkeypatch.setattr(courses, "MAX_TICKS", limit)
    rng = random.Random(limit)
    found = 0
    settings = Settings()
    for court in (Court.from_dict({"length": 30, "width": 14}),
                  Court.from_dict({"length": 18, "width": 20, "slope": 8})):
        empty = courses.PlannerMemory().court(court, settings)
        balls = [Ball(x, y, speed, heading) for x in range(court.length)
                 for y in range(court.width) for speed in range(5)
                 for heading in (*Direction, None)      # at rest: a heading only on a slope
                 if (heading is None) == (speed == 0) or (heading is not None
                                                          and court.on_slope(Square(x, y)))]
        for ball in rng.sample(balls, 3000):
            want = walked(court, settings, ball, limit)
            got = empty.course(ball)
            if want is None:
                assert got is None, ball
                continue
            found += 1
            assert got is not None, ball
            end, actions, squares = want
            assert (got.end, got.length) == (end, len(actions)), ball
            assert squares_of(empty, got.squares) == squares, ball
            assert empty.actions(ball, got) == actions, ball
    assert found > 500
