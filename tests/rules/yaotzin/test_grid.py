"""Properties of the grid: segments, distance, snapping."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.flight import flight_squares, kick_line
from companion.rules.yaotzin.grid import (
    Direction,
    Square,
    distance,
    nearest_corners,
    segment_cells,
    snap,
    square_at,
)

coord = st.integers(-12, 12)
points = st.tuples(coord, coord)
squares = st.builds(Square, coord, coord)


def overlap_length2(p0, p1, sq: Square) -> Fraction:
    """Squared length of the segment inside the closed cell (Liang-Barsky, exact)."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    lo, hi = Fraction(0), Fraction(1)
    for p, q in ((-dx, x0 - sq.x), (dx, sq.x + 1 - x0), (-dy, y0 - sq.y), (dy, sq.y + 1 - y0)):
        if p == 0:
            if q < 0:
                return Fraction(0)
            continue
        t = Fraction(q, p)
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    if hi <= lo:
        return Fraction(0)
    return (hi - lo) ** 2 * (dx * dx + dy * dy)


@given(points, points)
def test_segment_cells_are_exactly_those_overlapped_for_a_positive_length(p0, p1):
    got = {sq for _, sq in segment_cells(p0, p1)[1]}
    xs = range(min(p0[0], p1[0]) - 1, max(p0[0], p1[0]) + 1)
    ys = range(min(p0[1], p1[1]) - 1, max(p0[1], p1[1]) + 1)
    want = {Square(x, y) for x in xs for y in ys if overlap_length2(p0, p1, Square(x, y)) > 0}
    assert got == want


@given(points, points)
def test_reversing_a_segment_gives_the_same_squares(p0, p1):
    assert {s for _, s in segment_cells(p0, p1)[1]} == {s for _, s in segment_cells(p1, p0)[1]}


@given(points, points)
def test_segment_cells_are_contiguous_in_order(p0, p1):
    cells = [s for _, s in segment_cells(p0, p1)[1]]
    for i, cell in enumerate(cells[1:], 1):
        assert any(max(abs(cell.x - c.x), abs(cell.y - c.y)) <= 1 for c in cells[:i])


def test_a_corner_touch_does_not_count():
    cells = {s for _, s in segment_cells((0, 0), (2, 2))[1]}
    assert cells == {Square(0, 0), Square(1, 1)}


@given(squares, squares)
def test_distance_is_symmetric_and_zero_only_on_itself(a, b):
    for eq in (False, True):
        assert distance(a, b, eq) == distance(b, a, eq)
        assert (distance(a, b, eq) == 0) == (a == b)


@given(squares, squares, squares)
def test_equidistant_distance_is_a_metric(a, b, c):
    assert distance(a, c, True) <= distance(a, b, True) + distance(b, c, True)


@given(squares, squares, squares)
def test_alternating_diagonals_break_the_triangle_by_at_most_one_square(a, b, c):
    # 3.5's 5/10/5 count is not a metric across separate legs: (0,0)->(1,1)->(2,2) is 1 + 1,
    # but (0,0)->(2,2) is 3. It is never worse than one square.
    assert distance(a, c) <= distance(a, b) + distance(b, c) + 1


def test_alternating_diagonals():
    assert distance(Square(0, 0), Square(1, 1)) == 1
    assert distance(Square(0, 0), Square(2, 2)) == 3
    assert distance(Square(0, 0), Square(4, 4)) == 6
    assert distance(Square(0, 0), Square(5, 2)) == 6


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_snap_picks_the_nearest_of_eight_directions(dx, dy):
    import math
    d = snap(dx, dy)
    if dx == 0 and dy == 0:
        assert d is None
        return
    angle = math.atan2(dy, dx)

    def gap(direction: Direction) -> float:
        diff = abs(angle - math.atan2(direction.dy, direction.dx)) % (2 * math.pi)
        return min(diff, 2 * math.pi - diff)

    assert gap(d) <= min(gap(o) for o in Direction) + 1e-12


def test_rotation_is_clockwise_with_y_south():
    assert Direction.N.rotate(1) is Direction.NE
    assert Direction.E.rotate(2) is Direction.S
    assert Direction.N.rotate(-1) is Direction.NW


@given(squares, squares, st.sampled_from([1, 2]))
def test_flight_squares_are_those_the_kick_line_overlaps_then_the_landing(kicker, landing,
                                                                        corner):
    got = flight_squares(kicker, landing, corner)
    assert got[-1] == landing and kicker not in got[:-1] and len(set(got)) == len(got)
    if kicker == landing:
        return
    p0, p1 = kick_line(kicker, landing, corner)
    xs = range(min(p0[0], p1[0]) - 1, max(p0[0], p1[0]) + 1)
    ys = range(min(p0[1], p1[1]) - 1, max(p0[1], p1[1]) + 1)
    overlapped = {Square(x, y) for x in xs for y in ys
                  if overlap_length2(p0, p1, Square(x, y)) > 0}
    assert set(got[:-1]) == overlapped - {kicker, landing}
    for i, cell in enumerate(got[1:], 1):      # in flight order: each next to one before it
        assert any(max(abs(cell.x - c.x), abs(cell.y - c.y)) <= 1 for c in (kicker, *got[:i]))


def climb_by_rows(court: Court, ay: int, by: int) -> tuple[int, int]:
    """Rows climbed and descended, row by row (what `Court.climb_cost` adds up)."""
    step = 1 if by > ay else -1
    up = down = 0
    for y in range(ay, by, step):
        change = court.height(y + step) - court.height(y)
        if change > 0:
            up += change
        else:
            down -= change
    return up, down


@pytest.mark.parametrize("court", [Court(), Court(length=14, width=9, slope=2, end_zone=3),
                                   Court(length=20, width=7, slope=0),
                                   Court(length=30, width=11, slope=5)])
def test_climb_cost_is_the_rows_climbed_and_descended_one_by_one(court):
    rows = range(-3, court.width + 3)
    for ay in rows:
        for by in rows:
            assert court.climb_cost(Square(0, ay), Square(5, by)) == climb_by_rows(court, ay, by)


@given(squares, squares)
def test_nearest_corners_are_those_at_the_least_euclidean_distance(square, other):
    def dist2(cx, cy):
        nx = min(max(cx, other.x), other.x + 1)
        ny = min(max(cy, other.y), other.y + 1)
        return (cx - nx) ** 2 + (cy - ny) ** 2

    corners = [(square.x + i, square.y + j) for j in (0, 1) for i in (0, 1)]
    best = min(dist2(*c) for c in corners)
    assert nearest_corners(square, other) == [c for c in corners if dist2(*c) == best]


def test_scatter_squares_step_along_each_heading_and_come_back_inside_the_walls():
    from companion.rules.yaotzin.kick import scatter_squares

    court = Court(length=14, width=9, slope=2, end_zone=3)
    for y in range(court.width):
        for off in range(1, 12):
            got = scatter_squares(court, Square(5, y), list(Direction), off)
            assert got == [court.clamp_to_walls(Square(5, y).step(d, off)) for d in Direction]


def test_squares_and_balls_made_without_the_named_tuples_new_are_the_same_values():
    """`square_at` and `Ball.at` (tuple.__new__, no arity check) against the named tuples'
    own constructors: equal, of the same type, each field where it belongs, hashed alike."""
    for x, y in ((0, 0), (3, -1), (-2, 7), (71, 23)):
        made, want = square_at(x, y), Square(x, y)
        assert made == want and type(made) is Square and (made.x, made.y) == (x, y)
        assert hash(made) == hash(want) and made.step(Direction.SE) == Square(x + 1, y + 1)
        for speed, heading in ((0, None), (3, Direction.W)):
            ball = Ball.at(made, speed, heading)
            assert ball == Ball(x, y, speed, heading) and type(ball) is Ball
            assert (ball.x, ball.y, ball.speed, ball.direction) == (x, y, speed, heading)
            assert ball.square == want and type(ball.square) is Square
