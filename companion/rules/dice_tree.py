"""Every way a resolver's dice can fall, with its exact probability: the rules' own odds.

`outcomes(resolve)` runs `resolve(dice)` once for each sequence of naturals it can ask for,
branching at each die as the resolver rolls it, so a die that is only rolled on a miss (a
kick's scatter) or on a natural 20 (the hoop's confirmation) is only enumerated there. The
resolver is the real one: nothing here knows any rule, so the odds it gives cannot drift from
what the table plays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import product
from typing import TypeVar

from .dice import Dice

T = TypeVar("T")
Script = dict[str, tuple[tuple[int, ...], ...]]


class _Unrolled(Exception):
    """The resolver asked for a die the script has not fixed yet."""

    def __init__(self, name: str, sides: int, count: int):
        super().__init__(name)
        self.name, self.sides, self.count = name, sides, count


class ScriptedDice(Dice):
    """Dice that take every natural from a script (the n-th roll of a name takes its n-th
    entry) and stop the resolver at the first die the script does not fix."""

    def __init__(self, script: Script):
        super().__init__()
        self._script = script
        self._used: dict[str, int] = {}

    def _take(self, name: str, sides: int, count: int) -> list[int]:
        i = self._used.get(name, 0)
        entries = self._script.get(name, ())
        if i >= len(entries):
            raise _Unrolled(name, sides, count)
        self._used[name] = i + 1
        return list(entries[i])


def outcomes(resolve: Callable[[Dice], T], limit: int = 1_000_000
             ) -> Iterator[tuple[Fraction, T, Script]]:
    """(probability, result, naturals used) for every way the dice can fall.

    The probabilities sum to 1. `limit` bounds the number of resolver runs (a guard against
    a resolver that rolls without end); past it, ValueError.
    """
    stack: list[tuple[Script, Fraction]] = [({}, Fraction(1))]
    runs = 0
    while stack:
        script, weight = stack.pop()
        runs += 1
        if runs > limit:
            raise ValueError(f"more than {limit} dice outcomes to enumerate")
        try:
            result = resolve(ScriptedDice(script))
        except _Unrolled as need:
            share = weight / need.sides ** need.count
            for faces in product(range(1, need.sides + 1), repeat=need.count):
                stack.append(({**script, need.name: script.get(need.name, ()) + (faces,)},
                              share))
            continue
        yield weight, result, script
