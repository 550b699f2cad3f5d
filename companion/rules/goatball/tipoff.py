"""The goat kicks the ball in: everyone's Dex (Acrobatics), highest takes it (rulings: tip-off)."""

from __future__ import annotations

from ..dice import Dice, Roll
from ..errors import IllegalAction, RulesError
from ..versions import CURRENT, GOATBALL_ONE_SKILL_CHECKED
from .passes import Check
from .state import Arena, Possession

MAX_REROLLS = 20


class TipoffResult:
    """The tip-off's checks round by round, and either who took the ball (`possession`, with
    `choose_from` when a team's players tied) or who must roll again (`reroll`); `arena` is
    the arena after it."""

    __slots__ = ("rounds", "reroll", "possession", "choose_from", "rolls", "arena")

    def __init__(self, rounds: list[dict[str, int]], reroll: list[str] | None,
                 possession: Possession | None, choose_from: list[str] | None,
                 rolls: tuple[Roll, ...], arena: Arena) -> None:
        self.rounds = rounds
        self.reroll = reroll
        self.possession = possession
        self.choose_from = choose_from
        self.rolls = rolls
        self.arena = arena

    def as_dict(self) -> dict:
        pos = self.possession
        return {"rounds": self.rounds, "reroll": self.reroll,
                "possession": pos.as_dict() if pos is not None else None,
                "choose_from": self.choose_from, "rolls": [r.as_dict() for r in self.rolls]}


def resolve_tipoff(arena: Arena, checks: dict[str, Check], dice: Dice,
                   version: int = CURRENT["goatball"]) -> TipoffResult:
    """Highest check takes the ball. Cross-team ties re-roll among the tied (when we roll) or
    ask the table to (when totals were given); a tie inside one team lets that team choose.
    `version`: the rules it is resolved by (a stored one's own)."""
    if not checks:
        raise RulesError("the tip-off needs checks from the players taking part", field="checks")
    for pid, check in checks.items():
        p = arena.player(pid, f"checks.{pid}")
        if not p.standing:
            raise IllegalAction(f"{p.label} is out", field=f"checks.{pid}")
        if check.total is None and check.modifier is None:
            raise RulesError(f"{p.label} needs a check total or a modifier", field=f"checks.{pid}")
        if version >= GOATBALL_ONE_SKILL_CHECKED and check.skill not in (None, "acrobatics"):
            raise IllegalAction(f"the tip-off is Dex (Acrobatics) only; {p.label} cannot roll"
                                f" {check.skill}", field=f"checks.{pid}.skill")
    dice.expect([f"{pid}.tipoff" for pid, check in checks.items()
                  if check.total is None and check.faces is None], rerolls=True)
    rounds: list[dict[str, int]] = []
    contenders = list(checks)
    for attempt in range(1, MAX_REROLLS + 1):
        suffix = "" if attempt == 1 else f"#{attempt}"
        totals = {pid: checks[pid].resolve(dice, f"{pid}.tipoff{suffix}").total
                  for pid in contenders}
        rounds.append(totals)
        top = max(totals.values())
        tied = [pid for pid, t in totals.items() if t == top]
        teams = {arena.player(pid).team for pid in tied}
        if len(teams) == 1:
            team = teams.pop()
            carrier = tied[0] if len(tied) == 1 else None
            platform = (arena.player(carrier).platform,) if carrier else ()
            possession = Possession(team, carrier, platform, False)
            # (the arena with its new possession written out: `replace` runs interpreted in
            # the compiled build, where the balance simulator tips off every match)
            after = Arena(arena.teams, arena.players, possession, arena.settings,
                          arena.eliminated, arena.team_names)
            return TipoffResult(rounds, None, possession, tied if carrier is None else None,
                                tuple(dice.rolls), after)
        contenders = tied
        if any(checks[pid].total is not None for pid in tied):
            break   # totals from the table: the tied players roll again at the table
    return TipoffResult(rounds, contenders, None, None, tuple(dice.rolls), arena)
