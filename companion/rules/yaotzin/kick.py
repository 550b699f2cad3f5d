"""Kicking the ball (rulebook 6.0): range, the attack, scatter, and where the ball ends up.

`kick_modifiers` is shared by the preview, the odds and the resolution, so the numbers a GM
sees while hovering are the numbers the kick is resolved with.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..dice import Dice, d20_succeeds
from ..errors import IllegalAction, OffGrid, OutOfRange, RulesError
from .ball import Ball
from .court import Court
from .flight import flight_dc, flight_squares, interceptors, roll_corner
from .grid import Direction, Square, distance, snap, square_at
from .players import Player, Roster, ability_mod
from .settings import Settings

KICK_AC = 5


class KickModifiers(NamedTuple):
    """Everything about a kick that is known before the dice are rolled."""

    str_bonus: int            # after Power Attack's boost to the Strength score
    max_range_ft: int
    grid_squares: int         # plain grid distance to the target
    squares: int              # the kick's cost in squares, slopes included
    free: int                 # range increments a standing kick gets free
    modifier: int
    breakdown: tuple[tuple[str, int], ...]
    precise: bool

    @property
    def target_ft(self) -> int:
        return 5 * self.squares

    @property
    def in_range(self) -> bool:
        return self.target_ft <= self.max_range_ft


def kick_cost(court: Court, a: Square, b: Square, grid_squares: int) -> int:
    """Squares a kick from a to b costs, `grid_squares` apart on the grid: uphill rows
    double, downhill rows half (rounded up)."""
    up, down = court.climb_cost(a, b)
    return max(1, grid_squares + up - down // 2)


def range_penalty(squares: int, free: int) -> int:
    return -2 * max(0, squares - 1 - free)


def max_range_ft(str_bonus: int) -> int:
    return 30 + 5 * str_bonus


def kick_modifiers(court: Court, kicker: Player, target: Square, standing: bool,
                   power_attack: int, settings: Settings, *, hoop_squares: int | None = None
                   ) -> KickModifiers:
    """Attack modifier and range figures for a kick at `target` (or along a row to a hoop)."""
    if power_attack:
        if not kicker.has("power_attack"):
            raise IllegalAction(f"{kicker.label} does not have Power Attack",
                                field="power_attack")
        if not 0 <= power_attack <= max(0, kicker.bab):
            raise IllegalAction(f"Power Attack of {power_attack} is more than {kicker.label}'s"
                                f" base attack bonus of {kicker.bab}", field="power_attack")
    if hoop_squares is None:
        at = kicker.square
        grid_squares = distance(at, target, settings.equidistant_diagonals)
        squares = kick_cost(court, at, target, grid_squares)
    else:
        grid_squares = squares = hoop_squares
    return modifiers_for(kicker, grid_squares, squares, standing, power_attack)


def modifiers_for(kicker: Player, grid_squares: int, squares: int, standing: bool,
                  power_attack: int) -> KickModifiers:
    """`kick_modifiers` of a kick this far on the grid that costs this many squares (all a
    kick's modifiers depend on besides the kicker), Power Attack already allowed."""
    str_bonus = ability_mod(kicker.str + power_attack)
    free = max(0, str_bonus) if standing else 0
    parts: list[tuple[str, int]] = [("BAB", kicker.bab), ("Dex", kicker.dex_mod)]
    if not kicker.has("exotic_weapon_pelota"):
        parts.append(("Non-proficient (pelota)", -4))
    parts.append((f"Range ({squares} sq, {free} free)", range_penalty(squares, free)))
    if power_attack:
        parts.append(("Power Attack", -power_attack))
    if kicker.has("point_blank_shot") and 5 * grid_squares <= 30:   # plain grid distance
        parts.append(("Point Blank Shot", 1))
    modifier = 0
    for _, value in parts:
        modifier += value
    return KickModifiers(str_bonus, max_range_ft(str_bonus), grid_squares, squares, free,
                         modifier, tuple(parts), kicker.has("precise_shot"))


def miss_squares(ac: int, total: int, precise: bool) -> int:
    """How far off a missed kick lands: 1 square, +1 per 4 full points missed by."""
    off = 1 + max(0, ac - total) // 4
    return max(1, off - 1) if precise else off


def scatter_direction(face: int, straight_on: Direction, settings: Settings) -> Direction:
    """d8 face to grid direction: 1 is long (or short, SRD), 2..8 clockwise from it."""
    base = straight_on if settings.scatter_one == "long" else straight_on.rotate(4)
    return base.rotate(face - 1)


def scatter_from(court: Court, origin: Square, heading: Direction, off: int) -> Square:
    """Where a scattered ball lands: `off` squares from origin, pulled back inside the walls."""
    return scatter_squares(court, origin, (heading,), off)[0]


def scatter_squares(court: Court, origin: Square, headings: Iterable[Direction], off: int
                    ) -> list[Square]:
    """`scatter_from` for each of `headings`, in their order (the odds weigh all eight faces
    of the d8 at each distance)."""
    ox, oy, width = origin.x, origin.y, court.width
    out = [square_at(ox + h.dx * off, oy + h.dy * off) for h in headings]
    if oy - off < 0 or oy + off >= width:     # else no heading takes it past a wall
        out = [sq if 0 <= sq.y < width else court.clamp_to_walls(sq) for sq in out]
    return out


def validate_kick(court: Court, roster: Roster, kicker_id: str, ball: Square,
                  target: Square) -> Player:
    kicker = roster.get(kicker_id, field="kicker")
    court.require_on_field(ball, "The ball", "ball")
    if kicker.square != ball:
        raise IllegalAction(f"{kicker.label} is at ({kicker.x}, {kicker.y}), not at the ball"
                            f" ({ball.x}, {ball.y})", field="kicker", code="kicker_not_at_ball")
    if not court.in_bounds(target):
        raise OffGrid(f"target ({target.x}, {target.y}) is outside the court's walls",
                      field="target", code="off_court")
    if target == kicker.square:
        raise IllegalAction("the target is the kicker's own square", field="target",
                            code="own_square")
    return kicker


def beyond_range(kicker: Player, mods: KickModifiers) -> str:
    """What a kick beyond the kicker's range is told (the kick's refusal, the preview's
    reason)."""
    return (f"Kick of {mods.target_ft} ft is beyond {kicker.label}'s {mods.max_range_ft} ft"
            f" max range")


def require_in_range(kicker: Player, mods: KickModifiers) -> None:
    if not mods.in_range:
        raise OutOfRange(beyond_range(kicker, mods), field="target")


class Refusal(NamedTuple):
    """Why a kick the GM is only looking at cannot be made: a refusal's code and message, as
    an answer (the preview's and the planner's `reason`) rather than an error."""

    code: str
    message: str

    @classmethod
    def of(cls, refusal: RulesError) -> Refusal:
        assert refusal.code is not None, "only a refusal with a code is an answer"
        return cls(refusal.code, refusal.message)

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


def roll_on(court: Court, roster: Roster, origin: Square, landing: Square,
            equidistant: bool) -> tuple[Ball, dict | None, str | None]:
    """The ball after a flight nobody intercepted: (ball, goal, receiver id)."""
    end = court.scoring_end(landing)
    if end:
        return Ball.at(court.centre()), {"end": end}, None
    holders = roster.at(landing)
    if holders:
        return Ball.at(landing), None, holders[0].id
    speed = max(0, distance(origin, landing, equidistant) - 1)
    direction = snap(landing.x - origin.x, landing.y - origin.y) if speed else None
    return Ball.at(landing, speed, direction), None, None


KICK_DICE = ("attack", "scatter", "corner")    # the corner: where two corner paths tie


class KickAttack(NamedTuple):
    """The kick's attack roll against `KICK_AC`, and the modifier it was made with."""

    natural: int
    total: int
    hit: bool
    modifier: int
    breakdown: tuple[tuple[str, int], ...]

    def as_dict(self) -> dict:
        return {"natural": self.natural, "total": self.total, "ac": KICK_AC, "hit": self.hit,
                "modifier": self.modifier,
                "breakdown": [{"label": lbl, "value": v} for lbl, v in self.breakdown]}


class Scatter(NamedTuple):
    """Where a missed kick goes: the scatter d8's face, how many squares, which way."""

    face: int
    squares: int
    heading: Direction

    def as_dict(self) -> dict:
        return {"direction": self.face, "squares": self.squares, "heading": self.heading.name}


@dataclass(frozen=True)
class KickResult:
    """A rolled kick (`resolve_kick`); `as_dict` is the `/yaotzin/kick` route's JSON.

    `interceptors` and `skipped` are `interceptors`' entries as they are (the preview and the
    planner share them); `goal` is the end the ball crossed, or None."""

    kicker: str
    origin: Square
    attack: KickAttack
    max_range_ft: int
    target: Square
    target_ft: int
    scatter: Scatter | None
    landing: Square
    flight_ft: int
    dc: int
    corner: int
    path: tuple[Square, ...]
    interceptors: list[dict]
    skipped: list[dict]
    receiver: str | None
    goal: str | None
    ball: Ball
    rolls: list[dict]

    def as_dict(self) -> dict:
        return {
            "kicker": self.kicker,
            "origin": self.origin.as_dict(),
            "attack": self.attack.as_dict(),
            "max_range_ft": self.max_range_ft,
            "target": self.target.as_dict(),
            "target_ft": self.target_ft,
            "scatter": self.scatter.as_dict() if self.scatter else None,
            "landing": self.landing.as_dict(),
            "flight_ft": self.flight_ft,
            "dc": self.dc,
            "corner": self.corner,
            "path": [sq.as_dict() for sq in self.path],
            "interceptors": self.interceptors,
            "skipped": self.skipped,
            "receiver": self.receiver,
            "goal": {"end": self.goal} if self.goal else None,
            "ball": self.ball.as_dict(),
            "rolls": self.rolls,
        }


def resolve_kick(court: Court, roster: Roster, kicker_id: str, ball: Square, target: Square,
                 standing: bool, power_attack: int, settings: Settings, dice: Dice
                 ) -> KickResult:
    """Roll a kick at `target`: the attack, any scatter, the flight and who may intercept.

    - `court`, `roster`, `settings`: the court, everyone on it, the match's settings.
    - `kicker_id`: who kicks; `ball`: the ball's square (he must stand on it).
    - `target`: the square aimed at (inside the walls, not his own).
    - `standing`: he takes no other action this round but a 5-ft step (free range
      increments); `power_attack`: the points he takes off the attack (he needs the feat).
    - `dice`: the `attack` d20, the `scatter` d8 of a miss, the `corner` d2 of a kick along a
      row or a column (`KICK_DICE`); given naturals first, every roll listed under `rolls`.

    Refuses (a `RulesError`) a kicker off the ball, a target off the court or out of range.
    """
    dice.expect(KICK_DICE)
    kicker = validate_kick(court, roster, kicker_id, ball, target)
    mods = kick_modifiers(court, kicker, target, standing, power_attack, settings)
    require_in_range(kicker, mods)
    eq = settings.equidistant_diagonals

    attack = dice.d20("attack", mods.modifier)
    hit = d20_succeeds(attack.natural, attack.total, KICK_AC)
    scatter = None
    landing = target
    if not hit:
        off = miss_squares(KICK_AC, attack.total, mods.precise)
        face = dice.roll("scatter", 8).natural
        straight_on = snap(target.x - kicker.x, target.y - kicker.y)
        assert straight_on is not None, "validate_kick refuses the kicker's own square"
        heading = scatter_direction(face, straight_on, settings)
        landing = scatter_from(court, target, heading, off)
        scatter = Scatter(face, off, heading)

    corner = roll_corner(dice, kicker.square, landing)
    path = [sq for sq in flight_squares(kicker.square, landing, corner) if court.in_bounds(sq)]
    flight_ft = 5 * distance(kicker.square, landing, eq)
    dc = flight_dc(flight_ft)
    eligible, skipped = interceptors(roster, path, kicker, landing, dc, eq)
    after, goal, receiver = roll_on(court, roster, kicker.square, landing, eq)
    return KickResult(kicker.id, kicker.square,
                      KickAttack(attack.natural, attack.total, hit, mods.modifier,
                                 mods.breakdown),
                      mods.max_range_ft, target, mods.target_ft, scatter, landing, flight_ft, dc,
                      corner, tuple(path), eligible, skipped, receiver,
                      goal["end"] if goal else None, after, dice.records())
