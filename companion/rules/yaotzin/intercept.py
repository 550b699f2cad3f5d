"""Stopping the ball (rulebook 8.0): in flight through your square, or rolling past you."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..dice import Dice, d20_succeeds
from ..errors import IllegalAction, RulesError
from .ball import Ball
from .court import Court
from .flight import flight_squares, merged_path
from .grid import Direction, Square, distance, snap
from .kick import Scatter, roll_on, scatter_from
from .players import Player, Roster
from .settings import Settings


def flight_outcome(natural: int, margin: int) -> str:
    """The four bands of 8.0, with natural 20 at least a stop and natural 1 at best a deflection."""
    if natural == 1:
        return "deflected" if margin > -5 else "missed"
    if margin >= 5:
        return "yoke"
    if margin >= 0 or natural == 20:
        return "stopped"
    if margin > -5:
        return "deflected"
    return "missed"


def carom_squares(margin: int) -> int:
    """A deflection caroms 1 square, +1 per 2 full points the save missed by."""
    return 1 + max(0, -margin) // 2


def reacting(roster: Roster, player_id: str) -> Player:
    """The player, if he may take an attack of opportunity now; else a refusal saying why."""
    player = roster.get(player_id)
    if not player.can_react:
        why = "is prone" if player.prone else "has no attack of opportunity left"
        raise IllegalAction(f"{player.label} {why}", field="player")
    return player


def require_on_the_path(court: Court, player: Player, origin: Square, landing: Square,
                        corner: int | None = None) -> None:
    """Only a player on a square the flight passes through may try to stop it in flight: the
    line of the kick's `corner` d2 when given, else either corner's line where they tie."""
    if corner is None:
        line = merged_path(origin, landing)
    else:
        line = list(flight_squares(origin, landing, corner))
    path = [sq for sq in line if court.in_bounds(sq)]
    if player.square == landing:
        raise IllegalAction(f"{player.label} stands in the landing square ({landing.x},"
                            f" {landing.y}): the ball stops with him, no roll; he is never an"
                            f" interceptor", field="player")
    if player.square not in path:
        raise IllegalAction(f"{player.label} at ({player.x}, {player.y}) is not on the path of"
                            f" the kick from ({origin.x}, {origin.y}) to ({landing.x},"
                            f" {landing.y})", field="player")


# The route's dice: the save, a stop's or deflection's nonlethal damage, a deflection's 1d8
INTERCEPT_DICE = ("save", "damage", "scatter")


class Save(NamedTuple):
    """An interceptor's Reflex save against the ball's DC."""

    natural: int
    total: int
    dc: int

    @property
    def margin(self) -> int:
        return self.total - self.dc

    def as_dict(self) -> dict:
        return {"natural": self.natural, "total": self.total, "dc": self.dc,
                "margin": self.margin}


class Damage(NamedTuple):
    """The nonlethal damage a stop or a deflection in flight deals: `dice`d3 (rulebook 8.0)."""

    dice: int
    total: int

    def as_dict(self) -> dict:
        return {"dice": f"{self.dice}d3", "total": self.total, "nonlethal": True}


@dataclass(frozen=True)
class InterceptResult:
    """One try to stop the ball (`resolve_flight_intercept`, `resolve_rolling_intercept`);
    `as_dict` is the `/yaotzin/intercept` route's JSON. `kind` is "flight" or "rolling"
    (only a flight has `rem`, the squares left to its landing); `goal` is the end a carom
    crossed, or None."""

    player: str
    kind: str
    outcome: str
    save: Save
    rem: int | None
    damage: Damage | None
    carom: Scatter | None
    goal: str | None
    ball: Ball
    rolls: list[dict]

    def as_dict(self) -> dict:
        out: dict = {"player": self.player, "kind": self.kind, "outcome": self.outcome,
                     "save": self.save.as_dict()}
        if self.kind == "flight":
            out["rem"] = self.rem
        out.update(damage=self.damage.as_dict() if self.damage else None,
                   carom=self.carom.as_dict() if self.carom else None,
                   goal={"end": self.goal} if self.goal else None,
                   ball=self.ball.as_dict(), rolls=self.rolls)
        return out


def resolve_flight_intercept(court: Court, roster: Roster, player_id: str, dc: int,
                             landing: Square, origin: Square, rem: int | None,
                             settings: Settings, dice: Dice, corner: int | None = None
                             ) -> InterceptResult:
    """One interceptor's Reflex save against a ball in flight through his square."""
    dice.expect(INTERCEPT_DICE)
    player = reacting(roster, player_id)
    court.require_on_field(origin, "The kicker's square", "from")
    require_on_the_path(court, player, origin, landing, corner)
    eq = settings.equidistant_diagonals
    if rem is None:
        rem = distance(player.square, landing, eq)
    roll = dice.d20("save", player.reflex)
    save = Save(roll.natural, roll.total, dc)
    margin = save.margin
    outcome = flight_outcome(save.natural, margin)
    damage = None
    if outcome in ("stopped", "deflected") and rem // 2 > 0:
        damage = Damage(rem // 2, dice.roll("damage", 3, rem // 2).total)
    goal: str | None = None
    carom = None
    if outcome in ("yoke", "stopped"):
        ball = Ball.at(player.square)
    elif outcome == "deflected":
        along = snap(landing.x - origin.x, landing.y - origin.y) or Direction.E
        face = dice.roll("scatter", 8).natural
        off = carom_squares(margin)
        heading = along.rotate(face - 1)
        rest = scatter_from(court, player.square, heading, off)
        carom = Scatter(face, off, heading)
        goal = court.scoring_end(rest)
        ball = Ball.at(court.centre()) if goal else Ball.at(rest)
    else:
        ball, scored, _ = roll_on(court, roster, origin, landing, eq)
        goal = scored["end"] if scored else None
    return InterceptResult(player.id, "flight", outcome, save, rem, damage, carom, goal, ball,
                           dice.records())


def resolve_rolling_intercept(court: Court, roster: Roster, player_id: str, dc: int,
                              ball: Ball, dice: Dice) -> InterceptResult:
    """A player next to a rolling ball tries to stop it with his feet."""
    dice.expect(INTERCEPT_DICE)
    player = reacting(roster, player_id)
    court.require_on_field(ball.square, "The ball", "ball")
    if max(abs(player.x - ball.x), abs(player.y - ball.y)) > 1:
        raise IllegalAction(f"{player.label} is not next to the ball at ({ball.x}, {ball.y})",
                            field="player")
    if dc < 0:
        raise RulesError("dc cannot be negative", field="dc")
    roll = dice.d20("save", player.reflex)
    stopped = d20_succeeds(roll.natural, roll.total, dc)
    after = Ball.at(ball.square) if stopped else ball
    return InterceptResult(player.id, "rolling", "stopped" if stopped else "missed",
                           Save(roll.natural, roll.total, dc), None, None, None, None, after,
                           dice.records())
