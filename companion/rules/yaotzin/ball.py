"""The ball's state: where it is, how fast it rolls (squares per ball action) and which way."""

from __future__ import annotations

from typing import NamedTuple

from ..errors import RulesError
from .grid import Direction, Square, square_at

_new_tuple = tuple.__new__


class Ball(NamedTuple):
    """A value, like a square: hashed and compared as the tuple of its fields (it is a key of
    every cache of ball states)."""

    x: int
    y: int
    speed: int = 0
    direction: Direction | None = None

    @property
    def square(self) -> Square:
        return square_at(self.x, self.y)

    @classmethod
    def at(cls, sq: Square, speed: int = 0, direction: Direction | None = None) -> Ball:
        """`Ball(...)` at the square, without the named tuple's Python-level __new__ (as
        `square_at`): four fields, always."""
        return _new_tuple(cls, (sq.x, sq.y, speed, direction))

    @classmethod
    def from_values(cls, x: int, y: int, speed: int = 0, direction: str | None = None) -> Ball:
        if direction is None:
            d = None
        else:
            try:
                d = Direction[direction]
            except KeyError:
                raise RulesError(f"ball.direction must be one of N NE E SE S SW W NW or null,"
                                 f" got {direction!r}", field="ball.direction") from None
        if speed < 0:
            raise RulesError("ball.speed cannot be negative", field="ball.speed")
        if speed > 0 and d is None:
            raise RulesError("a rolling ball (speed > 0) needs a direction",
                             field="ball.direction")
        return cls(x, y, speed, d)

    def as_dict(self) -> dict:
        return {"x": self.x, "y": self.y, "speed": self.speed,
                "direction": self.direction.name if self.direction else None}
