"""The court: its size, slopes, goal ends, scoring areas and hoops (rulebook 3.0, 11.0)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import OffGrid, RulesError
from .grid import Square

ENDS = ("west", "east")
HOOP_SIDES = ("north", "south")
# each size's whole-number range, in squares: checked by Court.from_dict, the one check (the
# server's FieldSchema only shapes a field and shows these in the OpenAPI document); hoop_x
# runs 0 to length - 1
SIZE_LIMITS = {"length": (4, 1000), "width": (3, 400), "slope": (0, 200), "end_zone": (1, 100)}
_HALF_STEPS = (1, 2, 4)     # a rolling ball's step's cost in half squares, going down, level, up
BEYOND_WALL = 1 << 30       # the "cost" of stepping past a side wall: more than any budget


def _half_steps(ha: int, hb: int) -> int:
    """A ball's step from a row this high to one that high, in half squares (level 1,
    uphill 2, downhill 1/2 a square: the ball's budget kept as a whole number)."""
    return _HALF_STEPS[(hb > ha) - (hb < ha) + 1]


def _entry_costs(heights: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """For each way across the court (dy = -1, 0, 1): the half squares a rolling ball's step
    costs into row ny from the row before it, at index ny + 1 for ny = -1 .. width (the rows
    past the walls cost `BEYOND_WALL`)."""
    width = len(heights)
    return {dy: (BEYOND_WALL, *(_half_steps(heights[ny - dy], heights[ny])
                                if 0 <= ny - dy < width else BEYOND_WALL
                                for ny in range(width)), BEYOND_WALL)
            for dy in (-1, 0, 1)}


@dataclass(frozen=True)
class Court:
    """A Yaotzin court measured in 5-ft squares.

    Field of play: 0 <= x < length, 0 <= y < width. Slopes are the outer `slope` rows on each
    side; goal lines are x = 0 and x = length, with the scoring areas beyond them.
    """

    length: int = 72
    width: int = 24
    slope: int = 6
    end_zone: int = 4
    hoop_x: int | None = None
    # worked out once, when the court is made (__post_init__), for the ball's actions and the
    # movement searches to look up; not part of what a court is (not compared, not shown)
    heights: tuple[int, ...] = field(init=False, repr=False, compare=False)
    entry_costs: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._check()           # first: the tables below are as big as the court
        heights = tuple(self.height(y) for y in range(self.width))
        object.__setattr__(self, "heights", heights)     # frozen: set once, here
        object.__setattr__(self, "entry_costs", _entry_costs(heights))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Court:
        data = dict(data or {})
        allowed = {"length", "width", "slope", "end_zone", "hoop_x"}
        for key in data:
            if key not in allowed:
                raise RulesError(f"unknown field key {key!r}; known: {', '.join(sorted(allowed))}",
                                 field=f"field.{key}")
        if "slope" not in data and "width" in data:
            data["slope"] = data["width"] // 4
        return cls(**data)

    def _check(self) -> None:
        def whole(name: str, lo: int, hi: int) -> None:
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise RulesError(f"field.{name} must be a whole number from {lo} to {hi},"
                                 f" got {v!r}", field=f"field.{name}")

        for name, (lo, hi) in SIZE_LIMITS.items():
            whole(name, lo, hi)
        if 2 * self.slope >= self.width:
            raise RulesError(f"field.slope of {self.slope} rows leaves no flat floor on a court"
                             f" {self.width} squares wide", field="field.slope")
        if self.hoop_x is not None:
            whole("hoop_x", 0, self.length - 1)

    # -- geometry -----------------------------------------------------------------------
    def on_field(self, sq: Square) -> bool:
        return 0 <= sq.x < self.length and 0 <= sq.y < self.width

    def in_bounds(self, sq: Square) -> bool:
        """On the field or in a scoring area (inside the side walls, within the end zones)."""
        return -self.end_zone <= sq.x < self.length + self.end_zone and 0 <= sq.y < self.width

    def require_on_field(self, sq: Square, what: str, field: str) -> None:
        if not self.on_field(sq):
            raise OffGrid(f"{what} at ({sq.x}, {sq.y}) is off the court"
                          f" (0..{self.length - 1} by 0..{self.width - 1})", field=field)

    def height(self, y: int) -> int:
        """Height of row y above the flat floor, in rows (5 ft each)."""
        if y < self.slope:
            return self.slope - y
        if y >= self.width - self.slope:
            return y - (self.width - self.slope) + 1
        return 0

    def on_slope(self, sq: Square) -> bool:
        return self.height(sq.y) > 0

    def downhill_dy(self, y: int) -> int:
        """Which way is down across the court from row y: +1 (south), -1 (north), 0 flat."""
        if y < self.slope:
            return 1
        if y >= self.width - self.slope:
            return -1
        return 0

    def scoring_end(self, sq: Square) -> str | None:
        if sq.x < 0:
            return "west"
        if sq.x >= self.length:
            return "east"
        return None

    def clamp_to_walls(self, sq: Square) -> Square:
        """Pull a square beyond a side wall back to the wall row."""
        if 0 <= sq.y < self.width:
            return sq
        return Square(sq.x, min(max(sq.y, 0), self.width - 1))

    def centre(self) -> Square:
        return Square(self.length // 2, self.width // 2)

    def hoop(self, side: str) -> Square:
        """The square under the hoop on that side wall."""
        x = self.length // 2 if self.hoop_x is None else self.hoop_x
        return Square(x, 0 if side == "north" else self.width - 1)

    def climb_cost(self, a: Square, b: Square) -> tuple[int, int]:
        """Rows climbed and rows descended on slopes going from row a.y to row b.y.

        Row heights fall to the flat floor and rise again (`height`), so on the way from one
        row to the other the ball descends to the lowest row between them, then climbs: the
        flat floor if the way reaches it, else the nearer end of the way on its slope.
        """
        ay, by = a.y, b.y
        lo, hi = (ay, by) if ay <= by else (by, ay)
        if hi < self.slope:
            low = self.height(hi)
        elif lo >= self.width - self.slope:
            low = self.height(lo)
        else:
            low = 0
        if 0 <= lo and hi < self.width:
            heights = self.heights
            return heights[by] - low, heights[ay] - low
        return self.height(by) - low, self.height(ay) - low

    def as_dict(self) -> dict:
        return {"length": self.length, "width": self.width, "slope": self.slope,
                "end_zone": self.end_zone, "hoop_x": self.hoop(HOOP_SIDES[0]).x,
                "hoops": {s: self.hoop(s).as_dict() for s in HOOP_SIDES},
                "centre": self.centre().as_dict()}
