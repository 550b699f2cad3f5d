"""What a pass answers: one typed `PassResult` (and its parts) that the table reads as JSON
(`as_dict`: docs/api.md) and the balance simulator by attribute. Slots classes: compiled,
each is a native class, cheaper to build than a dict."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..dice import Roll
from .state import Arena, Possession

if TYPE_CHECKING:       # the pass's own types: passes.py builds these results
    from .passes import Throw


class CheckRoll:
    """One check as the pass used it: its total, the skill the table named, whether the
    companion rolled it, the advantage a card shows, and the faces the table sent (with the
    one kept)."""

    __slots__ = ("total", "skill", "rolled", "advantage", "faces", "kept")

    def __init__(self, total: int, skill: str | None, rolled: bool, advantage: bool,
                 faces: tuple[int, ...] | None = None, kept: int | None = None) -> None:
        self.total = total
        self.skill = skill
        self.rolled = rolled
        self.advantage = advantage
        self.faces = faces
        self.kept = kept

    def as_dict(self) -> dict:
        out: dict = {"total": self.total, "skill": self.skill, "rolled": self.rolled,
                     "advantage": self.advantage}
        if self.faces is not None:
            out["faces"] = list(self.faces)
            out["kept"] = self.kept
        return out




class KnockOff:
    """One declared knock-off: whether it happened (`why_not` if not), both checks, the
    Defend spent on the target's, whether it knocked him off, and what that did."""

    __slots__ = ("player", "target", "happened", "why_not", "attack", "defense",
                 "defended_by", "success", "effect")

    def __init__(self, player: str, target: str, happened: bool, why_not: str | None = None,
                 attack: CheckRoll | None = None, defense: CheckRoll | None = None,
                 defended_by: str | None = None, success: bool = False,
                 effect: str | None = None) -> None:
        self.player = player
        self.target = target
        self.happened = happened
        self.why_not = why_not
        self.attack = attack
        self.defense = defense
        self.defended_by = defended_by
        self.success = success
        self.effect = effect

    def as_dict(self) -> dict:
        out: dict = {"player": self.player, "target": self.target, "happened": self.happened}
        if self.why_not is not None:
            out["why_not"] = self.why_not
        if self.attack is not None and self.defense is not None:
            out.update(attack=self.attack.as_dict(), defense=self.defense.as_dict(),
                       defended=self.defended_by is not None, defended_by=self.defended_by,
                       success=self.success)
        if self.effect is not None:
            out["effect"] = self.effect
        return out


class CheckResult:
    """One throw or intercept check against DC 5: its total, margin and whether he fell."""

    __slots__ = ("player", "team", "action", "roll", "margin", "fell", "zone_advantage")

    def __init__(self, player: str, team: str, action: str, roll: CheckRoll, margin: int,
                 fell: bool, zone_advantage: bool) -> None:
        self.player = player
        self.team = team
        self.action = action
        self.roll = roll
        self.margin = margin
        self.fell = fell
        self.zone_advantage = zone_advantage

    def as_dict(self) -> dict:
        roll = self.roll
        return {"player": self.player, "team": self.team, "action": self.action,
                "skill": roll.skill, "advantage": roll.advantage, "total": roll.total,
                "margin": self.margin, "fell": self.fell,
                "zone_advantage": self.zone_advantage, "rolled": roll.rolled}


class BlockContest:
    """A mover's check against one blocker's in the zone he moves to."""

    __slots__ = ("blocker", "move", "block")

    def __init__(self, blocker: str, move: CheckRoll, block: CheckRoll) -> None:
        self.blocker = blocker
        self.move = move
        self.block = block

    def as_dict(self) -> dict:
        return {"blocker": self.blocker, "move": self.move.as_dict(),
                "block": self.block.as_dict()}


class MoveResult:
    """One declared move: whether it was made, or who blocked it, after which contests."""

    __slots__ = ("player", "to", "moved", "blocked_by", "contests")

    def __init__(self, player: str, to: str | None, moved: bool, blocked_by: str | None,
                 contests: tuple[BlockContest, ...] = ()) -> None:
        self.player = player
        self.to = to
        self.moved = moved
        self.blocked_by = blocked_by
        self.contests = contests

    def as_dict(self) -> dict:
        out: dict = {"player": self.player, "to": self.to, "moved": self.moved,
                     "blocked_by": self.blocked_by}
        if self.contests:
            out["contests"] = [c.as_dict() for c in self.contests]
        return out


class HotContest:
    """A hot throw's Acrobatics contest: the thrower's check, the target's dodge, the Defend
    spent on it, and where the ball lies when the target is knocked out."""

    __slots__ = ("carrier", "target", "defended_by", "thrower", "ball_on")

    def __init__(self, carrier: CheckRoll, target: CheckRoll, defended_by: str | None,
                 thrower: str, ball_on: str | None = None) -> None:
        self.carrier = carrier
        self.target = target
        self.defended_by = defended_by
        self.thrower = thrower
        self.ball_on = ball_on

    def as_dict(self) -> dict:
        out: dict = {"carrier": self.carrier.as_dict(), "target": self.target.as_dict(),
                     "defended_by": self.defended_by, "thrower": self.thrower}
        if self.ball_on is not None:
            out["ball_on"] = self.ball_on
        return out


class Damage:
    """Bloodball: the spear's piercing damage to a hot throw's target."""

    __slots__ = ("player", "dice", "total")

    def __init__(self, player: str, dice: str, total: int) -> None:
        self.player = player
        self.dice = dice
        self.total = total

    def as_dict(self) -> dict:
        return {"player": self.player, "dice": self.dice, "total": self.total,
                "type": "piercing"}


class PassResult:
    """One pass resolved, for the table (`as_dict`: the JSON docs/api.md describes) and the
    balance simulator alike: the totals, the outcome, every check, knock-off, contest and
    move, who fell, came back, died or lost, the winner, the arena after it (`arena`) and the
    dice rolled (`rolls`, none on the simulator's dice)."""

    __slots__ = ("throw_total", "intercept_total", "outcome", "throw", "possession",
                 "returned", "fell", "dead", "eliminated", "winner", "knock_offs", "checks",
                 "hot_contest", "choose_from", "moves", "damage", "arena", "rolls")

    def __init__(self, throw_total: int, intercept_total: int, outcome: str,
                 throw: Throw | None, possession: Possession, returned: list[str],
                 fell: list[str], dead: list[str], eliminated: tuple[str, ...],
                 winner: str | None, knock_offs: list[KnockOff], checks: list[CheckResult],
                 hot_contest: HotContest | None, choose_from: list[str] | None,
                 moves: list[MoveResult], damage: list[Damage], arena: Arena,
                 rolls: tuple[Roll, ...]) -> None:
        self.throw_total = throw_total
        self.intercept_total = intercept_total
        self.outcome = outcome
        self.throw = throw
        self.possession = possession
        self.returned = returned
        self.fell = fell
        self.dead = dead
        self.eliminated = eliminated
        self.winner = winner
        self.knock_offs = knock_offs
        self.checks = checks
        self.hot_contest = hot_contest
        self.choose_from = choose_from
        self.moves = moves
        self.damage = damage
        self.arena = arena
        self.rolls = rolls

    @property
    def out(self) -> list[str]:
        """Who is out after the pass, in the table's order."""
        return [p.id for p in self.arena.players if not p.standing]

    def as_dict(self) -> dict:
        throw = self.throw
        return {
            "throw_total": self.throw_total,
            "intercept_total": self.intercept_total,
            "outcome": self.outcome,
            "throw": {"kind": throw.kind, "target": throw.target} if throw else None,
            "possession": self.possession.as_dict(),
            "out": self.out,
            "returned": self.returned,
            "fell": self.fell,
            "dead": self.dead,
            "eliminated": list(self.eliminated),
            "winner": self.winner,
            "knock_offs": [k.as_dict() for k in self.knock_offs],
            "checks": [c.as_dict() for c in self.checks],
            "hot_contest": self.hot_contest.as_dict() if self.hot_contest else None,
            "choose_from": self.choose_from,
            "moves": [m.as_dict() for m in self.moves],
            "damage": [d.as_dict() for d in self.damage],
            "arena": self.arena.as_dict(),
            "rolls": [r.as_dict() for r in self.rolls],
        }
