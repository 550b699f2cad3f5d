"""Injectable dice: given naturals win, the rest come from a seeded RNG, every roll is recorded.

Each resolver takes a `Dice`; the records it leaves are what responses list under `rolls`, so
the table can always see (and replay) exactly which naturals produced a result.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .errors import RulesError

try:
    from mypy_extensions import mypyc_attr
except ImportError:          # a pure install without mypy: the mark means nothing there
    def mypyc_attr(*_args, **_flags):  # type: ignore[misc]
        return lambda cls: cls

Given = Mapping[str, "int | Sequence[int]"]


def d20_succeeds(natural: int, total: int, target: int) -> bool:
    """A d20 attack roll or saving throw under D&D 3.5 (SRD, Combat: "Attack Roll"; "Saving
    Throws"): a natural 20 always succeeds, a natural 1 always fails, else the total must
    reach the AC or DC. (Yaotzin's hoop attempt is the exception: rules/yaotzin/hoop.py.)"""
    return natural == 20 or (natural != 1 and total >= target)


@dataclass(frozen=True, init=False)
class Roll:
    """One named roll: `count`d`sides` plus a flat modifier. (`__init__` written out: the one
    @dataclass writes for a frozen class runs interpreted in the compiled build.)"""

    name: str
    sides: int
    naturals: tuple[int, ...]
    modifier: int = 0
    keep: str | None = None      # "highest" (advantage) or "lowest" (disadvantage) of 2d20

    def __init__(self, name: str, sides: int, naturals: tuple[int, ...], modifier: int = 0,
                 keep: str | None = None) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "naturals", naturals)
        object.__setattr__(self, "modifier", modifier)
        object.__setattr__(self, "keep", keep)

    @property
    def natural(self) -> int:
        """The die that counts: the single face, the kept one, or the sum of a group."""
        faces = self.naturals
        if self.keep is None:
            return faces[0] if len(faces) == 1 else sum(faces)
        return max(faces) if self.keep == "highest" else min(faces)

    @property
    def total(self) -> int:
        return self.natural + self.modifier

    @property
    def formula(self) -> str:
        base = f"{len(self.naturals)}d{self.sides}"
        if self.keep:
            base += "kh1" if self.keep == "highest" else "kl1"
        if self.modifier:
            return f"{base}{self.modifier:+d}"
        return base

    def as_dict(self) -> dict:
        natural: int | list[int] = (
            self.naturals[0] if len(self.naturals) == 1 else list(self.naturals)
        )
        out = {"name": self.name, "formula": self.formula, "natural": natural,
               "total": self.total}
        if self.keep:
            out["kept"] = self.natural
        return out


class UndeclaredRoll(LookupError):
    """A resolver rolled a name it did not declare: a bug (a 500), never the table's fault."""


@mypyc_attr(allow_interpreted_subclasses=True)     # dice_tree's ScriptedDice, the server's
class Dice:                                          # PassMoves: Python classes, compiled or not
    """Rolls dice by name, taking given naturals first.

    A name rolled more than once (a re-roll) takes the next given value when the given value is
    a list and the roll is a single die; otherwise the RNG decides.
    """

    def __init__(self, given: Given | None = None, seed: int | None = None, strict: bool = True):
        """`strict=False` only for replaying a stored log: an event stored before unknown names
        were refused must still replay (a name it never rolled is simply unused)."""
        self._strict = strict
        self._given = {k: (list(v) if isinstance(v, (list, tuple)) else [v])
                       for k, v in (given or {}).items()}
        self._seed = seed
        self._rng: random.Random | None = None     # made at the first die it rolls: most
        # requests give every natural, and the simulator's dice draw from streams instead
        self.rolls: list[Roll] = []
        self._names: Collection[str] | None = None
        self._rerolls = False

    @property
    def replaying(self) -> bool:
        """A stored event replaying (`strict=False`): it replays as it was accepted, so a
        refusal added after it was stored does not apply to it."""
        return not self._strict

    def expect(self, names: Collection[str], rerolls: bool = False) -> None:
        """Declare the names this request may roll, before any is rolled: a given name outside
        them (a typo: `attackk`) is refused, listing them, since the table's die would
        otherwise go unused and the companion's be rolled in its place (docs/api.md, Roll
        names).
        `rerolls`: each may also be rolled again after a tie as `<name>#2`, `#3`, ..."""
        self._names, self._rerolls = names, rerolls
        for name in self._given if self._strict else ():
            if not self._declared(name):
                listed = ", ".join(names) if names else "none"
                again = (f" (each re-rolled after a tie as {next(iter(names))}#2, #3, ...)"
                         if rerolls and names else "")
                raise RulesError(f"rolls.{name}: this request rolls no die of that name; the"
                                 f" names it rolls: {listed}{again}", field=f"rolls.{name}")

    def _declared(self, name: str) -> bool:
        names = self._names or ()
        if name in names:
            return True
        base, mark, count = name.rpartition("#")
        return self._rerolls and bool(mark) and count.isdigit() and base in names

    def roll(self, name: str, sides: int, count: int = 1, modifier: int = 0) -> Roll:
        naturals = self._take(name, sides, count)
        roll = Roll(name, sides, tuple(naturals), modifier)
        self.rolls.append(roll)
        return roll

    def d20(self, name: str, modifier: int = 0, advantage: bool = False,
            disadvantage: bool = False) -> Roll:
        """A d20 check; advantage and disadvantage cancel, as in 5e."""
        if advantage == disadvantage:
            return self.roll(name, 20, 1, modifier)
        keep = "highest" if advantage else "lowest"
        roll = Roll(name, 20, tuple(self._take(name, 20, 2)), modifier, keep)
        self.rolls.append(roll)
        return roll

    def d20_total(self, name: str, modifier: int = 0, advantage: bool = False,
                  disadvantage: bool = False) -> int:
        """`d20(...).total`: the one thing a check rolled for a total reads (the balance
        simulator's dice draw the same numbers without building the roll)."""
        return self.d20(name, modifier, advantage, disadvantage).total

    def _take(self, name: str, sides: int, count: int) -> list[int]:
        if self._names is not None and not self._declared(name):
            raise UndeclaredRoll(f"{name!r} is rolled but was not declared by expect()")
        queue = self._given.get(name)
        if queue:
            if count == 1:
                faces = [queue.pop(0)]
            else:
                if len(queue) != count:
                    raise RulesError(
                        f"rolls.{name} needs {count} dice (a list of {count} d{sides} results),"
                        f" got {len(queue)}", field=f"rolls.{name}")
                faces, queue[:] = list(queue), []
            checked: list[int] = []
            for face in faces:
                if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
                    raise RulesError(f"rolls.{name}: {face!r} is not a d{sides} result",
                                     field=f"rolls.{name}")
                checked.append(face)
            return checked
        if self._rng is None:
            self._rng = random.Random(self._seed)
        rng = self._rng
        return [rng.randint(1, sides) for _ in range(count)]

    def records(self) -> list[dict]:
        return [r.as_dict() for r in self.rolls]

    def given(self) -> dict[str, int | list[int]]:
        """The naturals rolled, by name, in the shape `Dice(given=...)` replays exactly.

        A single die rolled again under the same name (a re-roll) becomes a list, consumed in
        order on replay; groups (several dice, advantage) carry their faces as a list.
        """
        out: dict[str, int | list[int]] = {}
        for r in self.rolls:
            faces = list(r.naturals)
            if r.name not in out:
                out[r.name] = faces[0] if len(faces) == 1 and not r.keep else faces
            else:
                previous = out[r.name]
                out[r.name] = (previous if isinstance(previous, list) else [previous]) + faces
        return out
