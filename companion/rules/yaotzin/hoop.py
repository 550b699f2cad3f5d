"""Shooting for the stone hoop (rulebook 11.0): AC 20 or 25, a natural 20 and a confirmation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..dice import Dice
from ..errors import IllegalAction, RulesError
from .ball import Ball
from .court import HOOP_SIDES, Court
from .flight import flight_dc, interceptors
from .grid import Direction, Square
from .kick import (
    Scatter,
    kick_modifiers,
    miss_squares,
    require_in_range,
    scatter_direction,
    scatter_from,
)
from .players import Player, Roster
from .settings import Settings

HOOP_IDEAL_SQUARES = 6       # 30 ft
HOOP_MIN_SQUARES = 2         # 10 ft
HOOP_SAFE_SQUARES = 2        # the last 10 ft cannot be intercepted


def hoop_geometry(court: Court, kicker: Player, side: str) -> tuple[Square, int, int]:
    """(square under the hoop, AC, squares along the row) or a refusal saying why."""
    if side not in HOOP_SIDES:
        raise RulesError("hoop must be north or south", field="hoop")
    under = court.hoop(side)
    inward = 1 if side == "north" else -1
    if kicker.y == under.y:
        ac = 20
    elif kicker.y == under.y + inward:
        ac = 25
    else:
        raise IllegalAction(f"{kicker.label} must stand in the {side} hoop's row (y = {under.y})"
                            f" or the next one in to shoot at it", field="kicker")
    squares = abs(kicker.x - under.x)
    if squares < HOOP_MIN_SQUARES:
        raise IllegalAction(f"{kicker.label} is {5 * squares} ft from the hoop: no hoop kick is"
                            f" possible closer than 10 ft", field="kicker")
    return under, ac, squares


def hoop_path(kicker: Player, under: Square, squares: int) -> list[Square]:
    """The kicker's row from his square towards the hoop's column, the hoop square last."""
    step = Direction.E if under.x > kicker.x else Direction.W
    row = [kicker.square.step(step, i) for i in range(1, squares)]
    return row + [under]


def too_close(squares: int) -> int:
    """-2 for each 5 ft short of 30 ft along the row (11.0)."""
    return -2 * max(0, HOOP_IDEAL_SQUARES - squares)


def hoop_margin(court: Court, kicker: Player, side: str, standing: bool, power_attack: int,
                settings: Settings) -> int | None:
    """The shot's attack modifier less the hoop's AC, as `resolve_hoop` rolls it (None: no
    shot from where he stands). The chance through depends on this one number: a natural 20
    whose total reaches the AC (margin -20 or better), then a confirmation that does."""
    try:
        under, ac, squares = hoop_geometry(court, kicker, side)
        mods = kick_modifiers(court, kicker, under, standing, power_attack, settings,
                              hoop_squares=squares)
    except RulesError:
        return None
    if not mods.in_range:
        return None
    return mods.modifier + too_close(squares) - ac


HOOP_DICE = ("attack", "confirm", "scatter")


class HoopAttack(NamedTuple):
    """The shot's attack roll against the hoop's AC, the modifier it was made with (too
    close to the hoop included) and whether it reached the AC."""

    natural: int
    total: int
    modifier: int
    breakdown: tuple[tuple[str, int], ...]
    hit: bool

    def as_dict(self) -> dict:
        return {"natural": self.natural, "total": self.total, "modifier": self.modifier,
                "breakdown": [{"label": lbl, "value": v} for lbl, v in self.breakdown],
                "hit": self.hit}


class Confirmation(NamedTuple):
    """The natural 20's confirmation roll: an attack roll again (a natural 1 fails)."""

    natural: int
    total: int
    hit: bool

    def as_dict(self) -> dict:
        return {"natural": self.natural, "total": self.total, "hit": self.hit}


@dataclass(frozen=True)
class HoopResult:
    """A rolled shot at a hoop (`resolve_hoop`); `as_dict` is the `/yaotzin/hoop` route's JSON.

    `confirm` is None unless the attack was a natural 20 that reached the AC; `scatter` is
    None unless the attack missed; `interceptors` and `skipped` are `interceptors`' entries."""

    kicker: str
    team: str
    hoop: str
    ac: int
    under: Square
    distance_ft: int
    max_range_ft: int
    attack: HoopAttack
    confirm: Confirmation | None
    through: bool
    points: int
    scatter: Scatter | None
    path: tuple[Square, ...]
    interceptors: list[dict]
    skipped: list[dict]
    ball: Ball
    rolls: list[dict]

    def as_dict(self) -> dict:
        return {"kicker": self.kicker, "team": self.team, "hoop": self.hoop, "ac": self.ac,
                "under": self.under.as_dict(),
                "distance_ft": self.distance_ft, "max_range_ft": self.max_range_ft,
                "attack": self.attack.as_dict(),
                "confirm": self.confirm.as_dict() if self.confirm else None,
                "through": self.through, "points": self.points,
                "scatter": self.scatter.as_dict() if self.scatter else None,
                "path": [sq.as_dict() for sq in self.path],
                "interceptors": self.interceptors, "skipped": self.skipped,
                "ball": self.ball.as_dict(), "rolls": self.rolls}


def resolve_hoop(court: Court, roster: Roster, kicker_id: str, side: str, standing: bool,
                 power_attack: int, settings: Settings, dice: Dice) -> HoopResult:
    """Roll a shot at the `side` hoop from the kicker's square: the attack, a natural 20's
    confirmation, a miss's scatter, and who may intercept (`HOOP_DICE`, given naturals first).
    Refuses (a `RulesError`) a kicker outside the hoop's two rows, too close or out of range."""
    dice.expect(HOOP_DICE)
    kicker = roster.get(kicker_id, field="kicker")
    under, ac, squares = hoop_geometry(court, kicker, side)
    mods = kick_modifiers(court, kicker, under, standing, power_attack, settings,
                          hoop_squares=squares)
    require_in_range(kicker, mods)
    close = too_close(squares)
    modifier = mods.modifier + close
    breakdown = mods.breakdown + ((("Too close to the hoop", close),) if close else ())

    attack = dice.d20("attack", modifier)
    reaches = attack.natural != 1 and attack.total >= ac
    confirm = None
    if attack.natural == 20 and reaches:
        c = dice.d20("confirm", modifier)
        # the confirmation is an attack roll: a natural 1 fails whatever the total
        confirm = Confirmation(c.natural, c.total, c.natural != 1 and c.total >= ac)
    through = confirm is not None and confirm.hit
    scatter = None
    if through:
        ball = Ball.at(court.centre())
    elif reaches:
        ball = Ball.at(under)
    else:
        off = miss_squares(ac, attack.total, mods.precise)
        face = dice.roll("scatter", 8).natural
        straight_on = Direction.E if under.x > kicker.x else Direction.W
        heading = scatter_direction(face, straight_on, settings)
        scatter = Scatter(face, off, heading)
        ball = Ball.at(scatter_from(court, under, heading, off))
    path = hoop_path(kicker, under, squares)
    protected = {sq for sq in path if abs(sq.x - under.x) <= HOOP_SAFE_SQUARES}
    eligible, skipped = interceptors(roster, path, kicker, under, flight_dc(5 * squares),
                                     settings.equidistant_diagonals, protected)
    return HoopResult(kicker.id, kicker.team, side, ac, under, 5 * squares, mods.max_range_ft,
                      HoopAttack(attack.natural, attack.total, modifier, breakdown, reaches),
                      confirm, through, settings.hoop_points if through else 0, scatter,
                      tuple(path), eligible, skipped, ball, dice.records())
