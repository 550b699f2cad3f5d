"""Exact odds for a kick, by enumerating the dice (no sampling), and the hover preview."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..dice import d20_succeeds
from ..errors import RulesError
from .court import Court
from .flight import flight_dc, interceptors, merged_path
from .grid import Direction, Square, distance, snap, square_at
from .intercept import flight_outcome
from .kick import (
    KICK_AC,
    KickModifiers,
    Refusal,
    beyond_range,
    kick_modifiers,
    miss_squares,
    scatter_direction,
    scatter_squares,
    validate_kick,
)
from .players import Player, Roster
from .settings import Settings

D20 = range(1, 21)


def landing_weights(court: Court, kicker: Player, target: Square, modifier: int,
                    precise: bool, settings: Settings) -> tuple[int, dict[Square, int]]:
    """Hits out of 20, and each landing square's weight out of 160 (20 attack x 8 scatter)."""
    hits, pattern = landing_pattern(court, kicker, target, modifier, precise, settings)
    return hits, placed(target.x, pattern)


def landing_pattern(court: Court, kicker: Player, target: Square, modifier: int,
                    precise: bool, settings: Settings
                    ) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """`landing_weights` as its row's `scatter_pattern`, no square built: hits out of 20, and
    each landing as (columns from the target, row, weight out of 160)."""
    straight_on = snap(target.x - kicker.x, target.y - kicker.y)
    return scatter_pattern(court, target.y, straight_on, modifier, precise, settings)


def placed(column: int, pattern: tuple[tuple[int, int, int], ...]) -> dict[Square, int]:
    """A `landing_pattern` at the target's column: each landing square's weight."""
    return {square_at(column + dx, y): w for dx, y, w in pattern}


@lru_cache(maxsize=4096)
def scatter_pattern(court: Court, row: int, straight_on: Direction, modifier: int,
                    precise: bool, settings: Settings
                    ) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """`landing_weights` of a kick at column 0 of `row`, each landing as (columns from the
    target, row, weight), in the order first reached. Only the side walls pull a scattered
    ball back (`scatter_squares`), so a kick at another column lands the same way shifted
    along the court: one pattern serves every column of a row, across requests and turns."""
    target = Square(0, row)
    headings = scatter_headings(straight_on, settings)
    hits, misses_by_offset = attack_spread(modifier, precise)
    weights: dict[Square, int] = {target: 8 * hits} if hits else {}
    for off, count in misses_by_offset:
        for sq in scatter_squares(court, target, headings, off):
            weights[sq] = weights.get(sq, 0) + count
    return hits, tuple((sq.x, sq.y, w) for sq, w in weights.items())


@lru_cache(maxsize=1024)
def attack_spread(modifier: int, precise: bool) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Over the attack d20: the hits, and how many misses land each distance off (in the order
    the naturals first reach it)."""
    hits = 0
    misses_by_offset: dict[int, int] = {}
    for natural in D20:
        total = natural + modifier
        if d20_succeeds(natural, total, KICK_AC):
            hits += 1
        else:
            off = miss_squares(KICK_AC, total, precise)
            misses_by_offset[off] = misses_by_offset.get(off, 0) + 1
    return hits, tuple(misses_by_offset.items())


@lru_cache(maxsize=1024)
def scatter_reach(modifier: int, precise: bool) -> int:
    """The farthest a missed kick with this attack modifier lands from its target, in
    squares (0 if it cannot miss): the largest distance `landing_weights` scatters to."""
    return max((off for off, _ in attack_spread(modifier, precise)[1]), default=0)


@lru_cache(maxsize=64)
def scatter_headings(straight_on: Direction, settings: Settings) -> tuple[Direction, ...]:
    """The scatter d8's eight headings, face 1 first (`scatter_direction`)."""
    return tuple(scatter_direction(face, straight_on, settings) for face in range(1, 9))


def save_odds(reflex: int, dc: int) -> dict[str, float]:
    """Chance of each interception outcome for a Reflex bonus against a DC."""
    counts = {"yoke": 0, "stopped": 0, "deflected": 0, "missed": 0}
    for natural in D20:
        counts[flight_outcome(natural, natural + reflex - dc)] += 1
    return {k: v / 20 for k, v in counts.items()}


def intercept_odds(reflex: int, dc: int, rem: int) -> dict:
    """One interceptor's chances if he tries to stop a ball in flight, `rem` squares short of
    its landing: each outcome's (`save_odds`), his chance to stop it (yoke or stop), and the
    nonlethal damage he can expect ((rem // 2)d3 on a stop or a deflection, 2 a die). The
    kick route's `intercept_odds` and the tactics presets' "try or let it pass"."""
    odds = save_odds(reflex, dc)
    return {"odds": odds, "p_stop": odds["yoke"] + odds["stopped"],
            "expected_damage": (odds["stopped"] + odds["deflected"]) * 2 * (rem // 2)}


class LandingChance(NamedTuple):
    """One square a kick may come down on, its chance, and the end whose line it is past."""

    square: Square
    p: float
    goal: str | None

    def as_dict(self) -> dict:
        entry: dict = {"x": self.square.x, "y": self.square.y, "p": self.p}
        if self.goal:
            entry["goal"] = self.goal
        return entry


@dataclass(frozen=True)
class KickPreview:
    """What a kick at `target` would look like (`kick_preview`); `as_dict` is the
    `/yaotzin/kick/preview` route's JSON.

    `mods` is None for a square nobody can kick at (the kicker's own, beyond the walls, a
    kicker off the ball: `reason` says which), and so are the flight's `dc` and the attack;
    a kick out of range has its numbers, its `reason` and no odds."""

    kicker: str
    target: Square
    mods: KickModifiers | None
    reason: Refusal | None
    path: tuple[Square, ...]
    dc: int | None
    interceptors: list[dict]
    skipped: list[dict]
    hit: float
    landing: tuple[LandingChance, ...]

    @property
    def in_range(self) -> bool:
        return self.mods is not None and self.mods.in_range

    @property
    def legal(self) -> bool:
        return self.in_range

    @property
    def max_range_ft(self) -> int | None:
        return self.mods.max_range_ft if self.mods else None

    @property
    def target_ft(self) -> int | None:
        return self.mods.target_ft if self.mods else None

    def as_dict(self) -> dict:
        mods = self.mods
        return {
            "kicker": self.kicker,
            "target": self.target.as_dict(),
            "max_range_ft": self.max_range_ft,
            "target_ft": self.target_ft,
            "in_range": self.in_range,
            "legal": self.legal,
            "reason": self.reason.as_dict() if self.reason else None,
            "attack": None if mods is None else {
                "modifier": mods.modifier, "ac": KICK_AC,
                "breakdown": [{"label": lbl, "value": v} for lbl, v in mods.breakdown]},
            "path": [sq.as_dict() for sq in self.path],
            "dc": self.dc,
            "interceptors": self.interceptors,
            "skipped": self.skipped,
            "odds": {"hit": self.hit, "landing": [c.as_dict() for c in self.landing]},
        }


def kick_preview(court: Court, roster: Roster, kicker_id: str, ball: Square, target: Square,
                 standing: bool, power_attack: int, settings: Settings) -> KickPreview:
    """What the module draws while the GM hovers a target: the same numbers the kick will use.

    A square the kick tool can hover but not kick at (the kicker's own, beyond the walls, a
    kicker off the ball) is an answer, not an error: `legal` false and the refusal's reason.
    """
    try:
        kicker = validate_kick(court, roster, kicker_id, ball, target)
    except RulesError as refusal:
        if refusal.code is None:
            raise
        return KickPreview(kicker_id, target, None, Refusal.of(refusal), (), None, [], [], 0.0,
                           ())
    mods = kick_modifiers(court, kicker, target, standing, power_attack, settings)
    eq = settings.equidistant_diagonals
    path = tuple(sq for sq in merged_path(kicker.square, target) if court.in_bounds(sq))
    dc = flight_dc(5 * distance(kicker.square, target, eq))
    eligible, skipped = interceptors(roster, path, kicker, target, dc, eq)
    for entry in eligible:
        entry["odds"] = save_odds(entry["reflex"], dc)
    if not mods.in_range:
        return KickPreview(kicker.id, target, mods,
                           Refusal("out_of_range", beyond_range(kicker, mods)), path, dc,
                           eligible, skipped, 0.0, ())
    hits, weights = landing_weights(court, kicker, target, mods.modifier, mods.precise,
                                    settings)
    landing = tuple(LandingChance(sq, w / 160, court.scoring_end(sq))
                    for sq, w in sorted(weights.items(),
                                        key=lambda item: (-item[1], item[0].y, item[0].x)))
    return KickPreview(kicker.id, target, mods, None, path, dc, eligible, skipped, hits / 20,
                       landing)
