"""The goat kicks the ball in: everyone's Dex (Acrobatics), highest takes it (rulings: tip-off)."""

from __future__ import annotations

from dataclasses import replace

from ..dice import Dice
from ..errors import IllegalAction, RulesError
from ..versions import CURRENT, GOATBALL_ONE_SKILL_CHECKED
from .passes import Check
from .state import Arena, Possession

MAX_REROLLS = 20


def resolve_tipoff(arena: Arena, checks: dict[str, Check], dice: Dice,
                   version: int = CURRENT["goatball"]) -> tuple[dict, Arena]:
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
        totals = {pid: checks[pid].resolve(dice, f"{pid}.tipoff{suffix}")["total"]
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
            result = {"rounds": rounds, "reroll": None, "possession": possession.as_dict(),
                      "choose_from": tied if carrier is None else None,
                      "rolls": dice.records()}
            return result, replace(arena, possession=possession)
        contenders = tied
        if any(checks[pid].total is not None for pid in tied):
            break   # totals from the table: the tied players roll again at the table
    return ({"rounds": rounds, "reroll": contenders, "possession": None, "choose_from": None,
             "rolls": dice.records()}, arena)
