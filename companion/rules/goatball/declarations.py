"""Declarations for a pass: reverse initiative order, the carrier's sealed until the rest are in.

The table declares before anything is rolled; this keeps who has declared what, shows each
viewer only what they may see, and hands the revealed set to `resolve_pass`. The carrier
declares at his own place in the order, on a sealed slip (rulings "A pass"): the players
after him declare without knowing it, and he never sees theirs before he has declared.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IllegalAction
from .passes import Action, Throw


@dataclass
class DeclarationRound:
    initiative: dict[str, int]           # standing players and their initiative
    carrier: str
    declared: dict[str, Action] = field(default_factory=dict)
    throw: Throw | None = None

    def order(self) -> list[str]:
        """Lowest initiative first, the carrier at his own place (his slip sealed). Equal
        initiatives: the carrier after the others on his count, then by id."""
        return sorted(self.initiative,
                      key=lambda p: (self.initiative[p], p == self.carrier, p))

    def next(self) -> str | None:
        return next((p for p in self.order() if p not in self.declared), None)

    def declare(self, action: Action, throw: Throw | None = None) -> None:
        expected = self.next()
        if action.player not in self.initiative:
            raise IllegalAction(f"{action.player} is not declaring this pass", field="player")
        if action.player in self.declared:
            raise IllegalAction(f"{action.player} has already declared", field="player")
        if action.player != expected:
            raise IllegalAction(f"it is {expected}'s turn to declare", field="player")
        if throw is not None and action.player != self.carrier:
            raise IllegalAction("only the carrier declares where the ball goes", field="throw")
        if action.player == self.carrier and action.action == "throw" and (
                throw is None or not throw.target):
            # refused when the slip is handed in, not when the pass resolves (rulings)
            raise IllegalAction("the carrier's slip throws: it must name its target (for a hot"
                                " throw, the opponent aimed at)", field="throw.target")
        self.declared[action.player] = action
        if throw is not None:
            self.throw = throw

    @property
    def revealed(self) -> bool:
        """Everyone is in: the carrier's declaration is no longer secret."""
        return all(p in self.declared for p in self.initiative)

    def visible_to(self, viewer: str | None, gm: bool = False) -> list[dict]:
        """What a viewer may see: the carrier's declaration only for the GM and the carrier
        until every declaration is in."""
        out = []
        for pid in self.order():
            if pid not in self.declared:
                continue
            if pid == self.carrier and not (gm or viewer == self.carrier or self.revealed):
                out.append({"player": pid, "sealed": True})
            else:
                a = self.declared[pid]
                out.append({"player": pid, "action": a.action, "target": a.target})
        return out

    def actions(self) -> tuple[list[Action], Throw | None]:
        """Everyone's actions in initiative order (highest first), for `resolve_pass`."""
        missing = [p for p in self.order() if p not in self.declared]
        if missing:
            raise IllegalAction(f"still to declare: {', '.join(missing)}", field="actions")
        ranked = sorted(self.declared.values(), key=lambda a: -self.initiative[a.player])
        return [a for a in ranked if a.action != "none"], self.throw
