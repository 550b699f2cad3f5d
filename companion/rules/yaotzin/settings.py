"""Match settings for Yaotzin: every *(option)* of the rulings, with its default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from ..errors import RulesError

SCATTER_CONVENTIONS = ("long", "srd")


@dataclass(frozen=True)
class Settings:
    equidistant_diagonals: bool = False   # 5/5/5 instead of 3.5's 5/10/5
    scatter_one: str = "long"             # d8 face 1: "long" (the rulebook's example) or "srd"
    rolling_dc_base: int = 4              # rolling-stop DC base: 4 (text) or 1 (example)
    points_to_win: int = 9
    hoop_points: int = 9
    round_limit: int = 100

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Settings:
        data = dict(data or {})
        known = {f.name: f for f in fields(cls)}
        for key in data:
            if key not in known:
                raise RulesError(f"unknown setting {key!r}; known: {', '.join(known)}",
                                 field=f"settings.{key}")
        s = cls(**data)
        s._check()
        return s

    def _check(self) -> None:
        def bad(name: str, why: str) -> RulesError:
            return RulesError(f"settings.{name}: {why}", field=f"settings.{name}")

        if not isinstance(self.equidistant_diagonals, bool):
            raise bad("equidistant_diagonals", "must be true or false")
        if self.scatter_one not in SCATTER_CONVENTIONS:
            raise bad("scatter_one", f"must be one of {', '.join(SCATTER_CONVENTIONS)}")
        for name, lo, hi in (("rolling_dc_base", 0, 30), ("points_to_win", 1, 99),
                             ("hoop_points", 1, 99), ("round_limit", 1, 10000)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise bad(name, f"must be a whole number from {lo} to {hi}")

    def as_dict(self) -> dict:
        return asdict(self)
