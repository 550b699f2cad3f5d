"""The ball's courses on an empty court, kept for the shot planner within one budget of bytes.

A ball left rolling on a court with nobody on it goes the same way every time (`ball_action`,
pure), so the planner asks "does it cross the attacked line, and over which squares?" of the
same ball states thousands of times a match. A course is worked out from the next ball
state's: the ball after one action rolls on exactly as a ball put down in that state would, so
each new ball state costs one action and one look-up, however long its course (a course once
walked the whole way for each ball, and most of a chart's courses share their ends).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from sys import getsizeof
from typing import NamedTuple

from .ball import Ball
from .court import Court
from .grid import Direction
from .players import Roster
from .settings import Settings
from .tick import BallAction, ball_action

MAX_TICKS = 200          # a ball still rolling after this many actions is counted as no goal


class Course(NamedTuple):
    """A ball's way over a goal line on an empty court: the end it crosses, how many ball
    actions it takes (the last one crosses), and every square it is in or passes through (its
    own included), as a bitmask of `EmptyCourt.cell`s. A ball that comes to rest on the flat
    or goes round in a loop has none."""

    end: str
    length: int
    squares: int


class EmptyCourt:
    """The ball on one court with nobody on it, under one set of settings: every action
    (`ball_action`) and course worked out is kept, pure functions of frozen values, so they
    are shared between the courses that meet and between requests. What it keeps is charged
    to the `PlannerMemory` it belongs to."""

    def __init__(self, court: Court, settings: Settings, memory: PlannerMemory):
        self.court, self.settings, self.memory = court, settings, memory
        self.nobody = Roster((), court)
        self._actions: dict[Ball, BallAction] = {}
        self._courses: dict[Ball, Course | None] = {}
        self.used = 0            # bytes charged for what it keeps

    def cell(self, x: int, y: int) -> int:
        """A square's bit in a course's `squares`: the field and the column past each goal
        line (the farthest a rolling ball goes), inside the walls."""
        return 1 << ((x + 1) * self.court.width + y)

    def action(self, ball: Ball) -> BallAction:
        known = self._actions.get(ball)
        if known is None:
            known = self._actions[ball] = ball_action(self.court, self.nobody, ball,
                                                      self.settings)
            self.memory.charge(self, action_bytes(ball, known))
        return known

    def actions(self, ball: Ball, course: Course) -> list[BallAction]:
        """The ball's actions along its `course`, in order."""
        out = []
        for _ in range(course.length):
            action = self.action(ball)
            out.append(action)
            ball = action.after
        return out

    def forget(self) -> None:
        self._actions.clear()
        self._courses.clear()
        self.used = 0

    def course(self, ball: Ball) -> Course | None:
        """The ball's course over a goal line within MAX_TICKS actions, or None: it comes to
        rest on the flat, goes round in a loop, or is still rolling after MAX_TICKS."""
        known = self._courses
        course = known[ball] if ball in known else self._follow(ball)
        return course if course is not None and course.length <= MAX_TICKS else None

    def _follow(self, ball: Ball) -> Course | None:
        """Follow the ball until its course is known (a ball state met before, at rest, over
        a line, or back where it was: a loop), then work each state's course out backwards
        from the next one's. A course longer than MAX_TICKS is kept with its length, so that
        the states before it are known to be longer still."""
        court, known = self.court, self._courses
        chain: list[tuple[Ball, BallAction]] = []
        on_chain: set[Ball] = set()
        tail: Course | None = None
        charged = 0
        b = ball
        while True:
            if b in known:
                tail = known[b]
                break
            if b in on_chain:
                break                       # a loop: none of these crosses a line
            if b.speed == 0 and not court.on_slope(b.square):
                known[b] = None             # at rest on the flat
                charged += course_bytes(b, None)
                break
            action = self._actions.get(b)
            if action is None:
                action = self._actions[b] = ball_action(court, self.nobody, b, self.settings)
                charged += action_bytes(b, action)
            on_chain.add(b)
            chain.append((b, action))
            if action.goal:
                break
            b = action.after
        cell = self.cell
        for b, action in reversed(chain):
            squares = cell(b.x, b.y)
            for sq in action.path:
                squares |= cell(sq.x, sq.y)
            if action.goal:
                tail = Course(action.goal, 1, squares)
            elif tail is not None:
                tail = Course(tail.end, tail.length + 1, squares | tail.squares)
            known[b] = tail
            charged += course_bytes(b, tail)
        course = known[ball]
        if charged:
            self.memory.charge(self, charged)       # may forget this court: read it first
        return course


# What one kept entry costs, from sys.getsizeof of what it holds (a ball and a square are
# fixed-size tuples, a tuple is a header and a pointer a member): objects shared between
# entries (a ball that is one action's `after` and the next one's key, the squares of a path)
# are counted in each, so the sum overstates the memory really held (the tests measure it
# with tracemalloc). DICT_SLOT: a dict entry with the table's spare room.
DICT_SLOT = 3 * 8 * 3 // 2 + 8
BALL = getsizeof(Ball(0, 0, 1, Direction.N))
SQUARE = getsizeof((0, 0))
TUPLE, POINTER = getsizeof(()), getsizeof((0,)) - getsizeof(())
ACTION = getsizeof(tuple(range(len(BallAction._fields))))     # a named tuple's own size
COURSE = getsizeof(tuple(range(len(Course._fields))))


def action_bytes(ball: Ball, action: BallAction) -> int:
    return (DICT_SLOT + BALL + ACTION + TUPLE + (POINTER + SQUARE) * len(action.path)
            + BALL * (1 + (action.moved is not None))
            + TUPLE + POINTER * len(action.chances))


def course_bytes(ball: Ball, course: Course | None) -> int:
    return DICT_SLOT + BALL + (0 if course is None else COURSE + getsizeof(course.squares))


PLANNER_BYTES = 64 * 1024 * 1024     # one budget for every court's empty-court work


class PlannerMemory:
    """The empty courts the planner keeps, within one budget of bytes across all of them: past
    it, the court used longest ago is forgotten (the one in use itself, when it is alone)."""

    def __init__(self, budget: int = PLANNER_BYTES):
        self.budget = budget
        self.courts: OrderedDict[tuple[Court, Settings], EmptyCourt] = OrderedDict()
        self.lock = threading.Lock()
        self.used = 0           # bytes charged across the courts kept: their `used`, summed

    def court(self, court: Court, settings: Settings) -> EmptyCourt:
        key = (court, settings)
        with self.lock:
            known = self.courts.get(key)
            if known is None:
                known = self.courts[key] = EmptyCourt(court, settings, self)
            self.courts.move_to_end(key)
            return known

    def charge(self, empty: EmptyCourt, size: int) -> None:
        """Count `size` more bytes against `empty` (a running total: charged thousands of
        times a match, too often to sum the courts each time)."""
        with self.lock:
            empty.used += size
            self.used += size
            while self.used > self.budget and self.courts:
                key, oldest = next(iter(self.courts.items()))
                self.used -= oldest.used
                if oldest is empty and len(self.courts) == 1:
                    oldest.forget()          # alone and over: start afresh, keep the court
                    return
                del self.courts[key]
                oldest.forget()

    def clear(self) -> None:
        with self.lock:
            for known in self.courts.values():
                known.forget()
            self.courts.clear()
            self.used = 0
