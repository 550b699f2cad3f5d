"""The flight of a kick: the corner-to-corner line, the squares it crosses, who may intercept.

Rulebook 6.0 and 8.0; the rulings fix the corner tie (one d2 named `corner`) and what counts
as passing through a square (a positive length of the segment).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from ..dice import Dice
from .grid import Square, distance, nearest_corners, segment_cells
from .players import Player, Roster


def needs_corner_roll(kicker: Square, landing: Square) -> bool:
    """A kick straight along a row or a column has two equally near corners at each end."""
    return kicker != landing and (kicker.x == landing.x or kicker.y == landing.y)


def kick_line(kicker: Square, landing: Square, corner: int = 1) -> tuple[tuple[int, int],
                                                                         tuple[int, int]]:
    """The segment from the kicker's nearest corner to the landing square's nearest corner.

    `corner` 1 takes the north (for a kick along a column, west) corner of a tie at both ends;
    2 the south (east) one.
    """
    starts = nearest_corners(kicker, landing)
    ends = nearest_corners(landing, kicker)
    if len(starts) == 1 and len(ends) == 1:
        return starts[0], ends[0]           # no tie to settle
    key = (lambda c: (c[1], c[0])) if kicker.y == landing.y else None
    starts, ends = sorted(starts, key=key), sorted(ends, key=key)
    return starts[min(corner, len(starts)) - 1], ends[min(corner, len(ends)) - 1]


def _crossed(kicker: Square, landing: Square, corner: int) -> list[tuple[int, Square]]:
    """(k, square) for each square the kick line crosses between the kicker's and the landing
    square (neither counted), each first entered at k / D of the way (`segment_cells`)."""
    _, cells = segment_cells(*kick_line(kicker, landing, corner))
    return [(k, sq) for k, sq in cells if sq != kicker and sq != landing]


@lru_cache(maxsize=4096)
def flight_squares(kicker: Square, landing: Square, corner: int = 1) -> tuple[Square, ...]:
    """Each square the flight passes through, in order, ending with the landing square (the
    kicker's own never counts). Pure geometry, so kept (a shot planner's request asks for a
    few hundred lines from the kicker's square)."""
    if kicker == landing:
        return (landing,)
    return (*(sq for _, sq in _crossed(kicker, landing, corner)), landing)


def roll_corner(dice: Dice, kicker: Square, landing: Square) -> int:
    """The d2 that settles a tie of corners; no roll when there is no tie."""
    if needs_corner_roll(kicker, landing):
        return dice.roll("corner", 2).natural
    return 1


def merged_path(kicker: Square, landing: Square) -> list[Square]:
    """Both corner choices' squares, in flight order: what a preview must warn about."""
    if kicker == landing:
        return [landing]
    # both corners' lines are parallel and as long, so their k / D count in the same steps
    first: dict[Square, int] = {}
    for corner in (1, 2) if needs_corner_roll(kicker, landing) else (1,):
        for k, sq in _crossed(kicker, landing, corner):
            if sq not in first or k < first[sq]:
                first[sq] = k
    return [*sorted(first, key=lambda sq: (first[sq], sq.y, sq.x)), landing]


def flight_dc(flight_ft: int) -> int:
    return 10 + flight_ft // 10


def interceptors(roster: Roster, path: Sequence[Square], kicker: Player, landing: Square,
                 dc: int, equidistant: bool, protected: AbstractSet[Square] = frozenset()
                 ) -> tuple[list[dict], list[dict]]:
    """Who may try to stop the ball in flight, in the order it reaches them, and who may not
    (with a reason code: `prone`, `no_aoo`, `hoop_height`).

    Players in the landing square are not interceptors: the ball simply stops with them.
    `protected` squares (a hoop kick's last 10 ft) cannot be intercepted in.
    """
    eligible: list[dict] = []
    skipped: list[dict] = []
    for sq in path:
        if sq == landing:
            continue
        for p in roster.at(sq):
            if p.id == kicker.id:
                continue
            reason = None
            if sq in protected:
                reason = "hoop_height"
            elif p.prone:
                reason = "prone"
            elif p.attacks_of_opportunity <= 0:
                reason = "no_aoo"
            if reason:
                skipped.append({"player": p.id, "square": sq.as_dict(), "reason": reason})
                continue
            eligible.append({"player": p.id, "square": sq.as_dict(), "dc": dc,
                             "rem": distance(sq, landing, equidistant), "reflex": p.reflex})
    return eligible, skipped
