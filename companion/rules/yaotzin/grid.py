"""Squares, the eight grid directions, D&D 3.5 distance and exact segment coverage.

Squares are integer pairs (x, y): x grows east, y grows south (Foundry's canvas orientation).
Square (x, y) covers the unit cell [x, x+1] x [y, y+1]; its corners are integer points.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import NamedTuple


class Square(NamedTuple):
    x: int
    y: int

    def step(self, direction: Direction, n: int = 1) -> Square:
        return square_at(self.x + direction.dx * n, self.y + direction.dy * n)

    def as_dict(self) -> dict:
        return {"x": self.x, "y": self.y}


# A named tuple's own __new__ is a Python function, so `Square(x, y)` costs an interpreted
# call even in the compiled build: about a sixth of a compiled match when every square was
# made so (docs/benchmarks.md). The squares made most are made by `square_at`, through
# tuple.__new__, which checks no arity: two integers, always.
_new_tuple = tuple.__new__


def square_at(x: int, y: int) -> Square:
    """`Square(x, y)`, without the named tuple's Python-level __new__."""
    return _new_tuple(Square, (x, y))


class Direction(Enum):
    """The eight directions, in clockwise order starting north."""

    N = (0, -1)
    NE = (1, -1)
    E = (1, 0)
    SE = (1, 1)
    S = (0, 1)
    SW = (-1, 1)
    W = (-1, 0)
    NW = (-1, -1)

    # plain attributes, read on every step of every roll; set below the class, not by an
    # __init__, which a compiled build (mypyc) does not run for an Enum's members
    dx: int
    dy: int

    __hash__ = object.__hash__      # each member is its own only instance: hashed by identity

    def rotate(self, steps: int) -> Direction:
        """Turn clockwise by `steps` eighths of a circle (negative turns anticlockwise)."""
        return _CLOCKWISE[(_INDEX[self] + steps) % 8]     # tables below the class

    @classmethod
    def of(cls, dx: int, dy: int) -> Direction:
        found = _BY_VECTOR.get((dx, dy))
        if found is None:
            raise ValueError(f"{(dx, dy)!r} is not a valid Direction")   # the enum's words
        return found


for _d in Direction:
    _d.dx, _d.dy = _d.value
del _d
_CLOCKWISE = tuple(Direction)
_INDEX = {d: i for i, d in enumerate(_CLOCKWISE)}
_BY_VECTOR = {d.value: d for d in _CLOCKWISE}


def snap(dx: int | Fraction, dy: int | Fraction) -> Direction | None:
    """The grid direction nearest to the vector (dx, dy); None for the zero vector.

    Decided exactly: the vector is diagonal when tan(22.5°) < |dy|/|dx| < tan(67.5°), i.e.
    (√2−1)|dx| < |dy| < (√2+1)|dx|, tested by squaring. Rational vectors never tie.
    """
    a = dx if dx >= 0 else -dx
    b = dy if dy >= 0 else -dy
    if a == 0 and b == 0:
        return None
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    twice_a2 = 2 * a * a
    if a and ((b - a) < 0 or (b - a) ** 2 < twice_a2) and (b + a) ** 2 > twice_a2:
        return _BY_VECTOR[sx, sy]            # b < (√2+1)a and b > (√2−1)a: diagonal
    if b > a:
        return _BY_VECTOR[0, sy]
    return _BY_VECTOR[sx, 0]


def distance(a: Square, b: Square, equidistant: bool = False) -> int:
    """Grid distance in squares: D&D 3.5's alternating diagonals, or 5/5/5 when equidistant."""
    return distance_xy(a.x, a.y, b.x, b.y, equidistant)


def distance_xy(x: int, y: int, gx: int, gy: int, equidistant: bool) -> int:
    """`distance` from (x, y) to (gx, gy), on plain integers (the searches' squares, which
    build no Square)."""
    dx = x - gx if x >= gx else gx - x
    dy = y - gy if y >= gy else gy - y
    if dx < dy:
        dx, dy = dy, dx                 # the longer leg first
    return dx if equidistant else dx + dy // 2


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


def neighbours(sq: Square) -> list[Square]:
    return [sq.step(d) for d in Direction]


def segment_cells(p0: tuple[int, int], p1: tuple[int, int]
                  ) -> tuple[int, list[tuple[int, Square]]]:
    """The squares a segment between two lattice points overlaps for a positive length.

    Returns (D, [(k, square)]), D = |dx|·|dy| (a zero counted as 1): each square is first
    entered at t = k / D of the way along (0 <= k < D), in the order the segment reaches
    them. A segment running along a grid line overlaps the squares on both sides of it;
    touching a single corner does not count. Exact: whole numbers throughout.
    """
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    if dx == 0 and dy == 0:
        return 1, []
    adx, ady = abs(dx) or 1, abs(dy) or 1
    steps = adx * ady
    # the segment crosses a column line every ady steps and a row line every adx steps
    ts = sorted({*range(0, steps + 1, ady), *range(0, steps + 1, adx)})
    twice = 2 * steps
    cells: list[tuple[int, Square]] = []
    for k_start, k_end in zip(ts, ts[1:]):
        mid = k_start + k_end                 # the midpoint, in steps of 1/(2D)
        nx, ny = x0 * twice + dx * mid, y0 * twice + dy * mid
        fx, fy = nx // twice, ny // twice
        # a midpoint is on a grid line only when the whole segment runs along it (dx or dy
        # is 0): then it overlaps the squares on both sides, west (north) first
        if nx % twice == 0:
            cells += ((k_start, square_at(fx - 1, fy)), (k_start, square_at(fx, fy)))
        elif ny % twice == 0:
            cells += ((k_start, square_at(fx, fy - 1)), (k_start, square_at(fx, fy)))
        else:
            cells.append((k_start, square_at(fx, fy)))
    return steps, cells


def nearest_corners(square: Square, other: Square) -> list[tuple[int, int]]:
    """The corners of `square` nearest (Euclidean) to the cell `other`, ties included (north
    before south, west before east).

    The squared distance from a point to a cell is the sum of one part along x and one along
    y, so the nearest corners take the nearer edge on each axis: the edge facing the other
    cell, or both edges when the two squares share that column (row)."""
    return [(cx, cy) for cy in _nearer_edges(square.y, other.y)
            for cx in _nearer_edges(square.x, other.x)]


def _nearer_edges(a: int, b: int) -> tuple[int, ...]:
    """Of the two edges a and a + 1 of a square's column (row), those nearest to the column
    (row) b .. b + 1."""
    if a < b:
        return (a + 1,)
    if a > b:
        return (a,)
    return (a, a + 1)
