"""Dribbling (rulebook 6.0, 9.0): how far the ball may go with you, and who may grab you.

The move action and the standard action are separate budgets (rulings "Dribbling"): the move
action's half speed (15 ft: 3 level squares) and the standard action's 5 ft. What one leaves
unused is lost, so the standard action's square is never an uphill one (10 ft).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..errors import IllegalAction
from .ball import Ball
from .court import Court
from .grid import Square, chebyshev
from .players import Roster

STANDARD_SQUARES = 1       # the standard action's 5 ft


def move_budget(speed_ft: int, started_with_ball: bool, readied: bool) -> int:
    """Squares the move action may dribble: half speed when the turn starts with the ball."""
    if started_with_ball and not readied:
        return speed_ft // 2 // 5
    return 0


def square_cost(diagonal: bool, parity: int, uphill: bool) -> int:
    """One square's cost: a diagonal after an odd number of diagonals (`parity` 1) costs 2
    (3.5's 5/10/5), an uphill square double."""
    cost = 2 if diagonal and parity else 1
    return 2 * cost if uphill else cost


def action_cost(steps: list[tuple[bool, bool]]) -> int:
    """Squares of movement one action spends on (diagonal, uphill) steps, the diagonals
    counted within the action."""
    total = parity = 0
    for diagonal, uphill in steps:
        total += square_cost(diagonal, parity, uphill)
        parity ^= diagonal
    return total


class DribbleActions(NamedTuple):
    """How a dribble's squares fit the turn: the first `move_squares` or the last ones on the
    move action (costing `move_cost`), and the standard action's one square (its index in the
    dribble, None when the move action takes them all)."""

    move_squares: int
    move_cost: int
    standard_square: int | None

    @property
    def cost(self) -> int:
        """Squares of movement spent on both actions."""
        return self.move_cost + (STANDARD_SQUARES if self.standard_square is not None else 0)

    def as_dict(self) -> dict:
        return {"move": {"squares": self.move_squares, "cost": self.move_cost},
                "standard": None if self.standard_square is None else {
                    "square": self.standard_square, "cost": STANDARD_SQUARES}}


class Provoker(NamedTuple):
    """An opponent the dribble lets grab at the dribbler: he threatened `origin`, the square
    the dribbler left on the dribble's `step`-th square."""

    player: str
    square: Square
    step: int
    origin: Square

    def as_dict(self) -> dict:
        return {"player": self.player, "square": self.square.as_dict(), "step": self.step,
                "from": self.origin.as_dict()}


@dataclass(frozen=True)
class DribblePlan:
    """A checked dribble (`plan_dribble`); `as_dict` is the `/yaotzin/dribble` route's JSON.

    `goal` is the end whose line the dribble crossed (the ball then on the centre square),
    or None; `end` is the dribbler's last square."""

    dribbler: str
    squares: tuple[Square, ...]
    budget: int
    move_budget: int
    actions: DribbleActions
    overran: tuple[str, ...]
    provokers: tuple[Provoker, ...]
    goal: str | None
    ball: Ball
    end: Square

    def as_dict(self) -> dict:
        return {"dribbler": self.dribbler, "squares": [sq.as_dict() for sq in self.squares],
                "cost": float(self.actions.cost), "budget": float(self.budget),
                "move_budget": self.move_budget, "actions": self.actions.as_dict(),
                "overran": list(self.overran),
                "provokers": [p.as_dict() for p in self.provokers],
                "goal": {"end": self.goal} if self.goal else None, "ball": self.ball.as_dict(),
                "end": self.end.as_dict()}


def split_actions(steps: list[tuple[bool, bool]], move: int,
                  standard: bool = True) -> DribbleActions | None:
    """How the squares fit the two actions (move only; move then standard; standard then
    move), or None. The standard action's one square must cost no more than 5 ft. With
    `standard` false (an overrun took the standard action) the move action alone."""
    n = len(steps)
    # (squares on the move action, the standard action's square or None)
    options: list[tuple[int, int | None]] = [(n, None)]
    if n and standard:
        options += [(n - 1, n - 1), (n - 1, 0)]
    for moved, on_standard in options:
        rest = (steps if on_standard is None else steps[1:] if on_standard == 0
                else steps[:-1])
        if moved and action_cost(rest) > move:
            continue
        if on_standard is not None and action_cost([steps[on_standard]]) > STANDARD_SQUARES:
            continue
        if on_standard is None and not move:
            continue
        return DribbleActions(moved, action_cost(rest) if moved else 0, on_standard)
    return None


def _refusal(steps: list[tuple[bool, bool]], move: int, label: str,
             standard: bool = True) -> IllegalAction:
    """Say which square does not fit, and why."""
    if not standard:
        i = 0
        while i < len(steps) and action_cost(steps[:i + 1]) <= move:
            i += 1
        return IllegalAction(f"the dribble needs {action_cost(steps)} squares of movement;"
                             f" {label} has {move} on the move action and no standard action"
                             f" (the overrun took it)", field=f"squares.{min(i, len(steps) - 1)}")
    i = 0
    while i < len(steps) and action_cost(steps[:i + 1]) <= move:
        i += 1
    # squares[:i] fit the move action; squares[i] would be the standard action's
    if steps[i][1] and i == len(steps) - 1:
        return IllegalAction(f"square {i + 1} of the dribble is uphill (10 ft): the standard"
                             f" action's 5 ft cannot take it, and {label}'s move action has"
                             f" {move} squares", field=f"squares.{i}")
    where = min(i + 1, len(steps) - 1)
    has = (f"{move} on the move action and 1 on the standard action" if move
           else "only the standard action's 5 ft (1 square)")
    return IllegalAction(f"the dribble needs {action_cost(steps)} squares of movement;"
                         f" {label} has {has}", field=f"squares.{where}")


def plan_dribble(court: Court, roster: Roster, dribbler_id: str, ball: Square,
                 squares: list[Square], started_with_ball: bool, readied: bool,
                 overran: Iterable[str] = ()) -> DribblePlan:
    """Check a dribble square by square; list the opponents it lets grab at the dribbler.

    `overran`: the opponents the dribbler beat with an overrun this turn (10.0): he may pass
    through their squares with the ball, never end in one, and the overrun took the standard
    action, so the turn has no standard-action square.
    """
    dribbler = roster.get(dribbler_id, field="dribbler")
    beaten: set[str] = set()
    for i, pid in enumerate(overran):
        p = roster.get(pid, field=f"overran.{i}")
        if p.team == dribbler.team:
            raise IllegalAction(f"{p.label} is {dribbler.label}'s teammate: an overrun beats an"
                                f" opponent", field=f"overran.{i}")
        beaten.add(p.id)
    if dribbler.square != ball:
        raise IllegalAction(f"{dribbler.label} must be in the ball's square to dribble",
                            field="dribbler")
    if not squares:
        raise IllegalAction("a dribble needs at least one square", field="squares")
    move = move_budget(dribbler.speed, started_with_ball, readied)
    steps: list[tuple[bool, bool]] = []
    here = ball
    provokers: list[Provoker] = []
    grabbed: set[str] = set()
    goal: str | None = None
    for i, sq in enumerate(squares):
        where = f"squares.{i}"
        if goal:
            raise IllegalAction("the dribble already crossed the goal line", field=where)
        if chebyshev(here, sq) != 1:
            raise IllegalAction(f"({sq.x}, {sq.y}) is not next to ({here.x}, {here.y})",
                                field=where)
        if not court.in_bounds(sq):
            raise IllegalAction(f"({sq.x}, {sq.y}) is beyond the wall", field=where)
        blockers = [p for p in roster.at(sq) if p.team != dribbler.team]
        if blockers and i == len(squares) - 1 and all(p.id in beaten for p in blockers):
            raise IllegalAction(f"{dribbler.label} overran {blockers[0].label} and may pass"
                                f" through his square, but not end the dribble there",
                                field=where)
        blockers = [p for p in blockers if p.id not in beaten]
        if blockers:
            raise IllegalAction(f"{dribbler.label} cannot dribble into {blockers[0].label}'s"
                                f" square", field=where)
        mates = [p for p in roster.at(sq) if p.team == dribbler.team and p.id != dribbler.id]
        if mates and i == len(squares) - 1:
            raise IllegalAction(f"{dribbler.label} may pass through {mates[0].label}'s square,"
                                f" but not end the dribble there", field=where)
        steps.append((sq.x != here.x and sq.y != here.y,
                      court.height(sq.y) > court.height(here.y)))
        for opp in roster.opponents_of(dribbler):
            if opp.id not in grabbed and chebyshev(opp.square, here) <= 1 and opp.can_react:
                grabbed.add(opp.id)
                provokers.append(Provoker(opp.id, opp.square, i, here))
        here = sq
        goal = court.scoring_end(sq)
    standard = not beaten
    actions = split_actions(steps, move, standard)
    if actions is None:
        raise _refusal(steps, move, dribbler.label, standard)
    after = Ball.at(court.centre()) if goal else Ball.at(here)
    return DribblePlan(dribbler.id, tuple(squares), move + (STANDARD_SQUARES if standard else 0),
                       move, actions, tuple(sorted(beaten)), tuple(provokers), goal, after, here)
