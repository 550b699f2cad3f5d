"""Quick resolution: a whole match settled by one check per player (optional rule)."""

from __future__ import annotations

from ..errors import RulesError


class QuickResult:
    """A match settled by one check a player: each team's sum, the winner ("draw" when none),
    why (`reason`), the single result that decided a tie (`decider`) and the teams tied."""

    __slots__ = ("sums", "winner", "reason", "decider", "tied")

    def __init__(self, sums: dict[str, int], winner: str, reason: str,
                 decider: int | None = None, tied: list[str] | None = None) -> None:
        self.sums = sums
        self.winner = winner
        self.reason = reason
        self.decider = decider
        self.tied = tied or []

    def as_dict(self) -> dict:
        if not self.tied:      # decided by the sums alone (its keys in the order first given)
            return {"sums": self.sums, "winner": self.winner, "reason": self.reason,
                    "decider": self.decider, "tied": self.tied}
        return {"sums": self.sums, "winner": self.winner, "decider": self.decider,
                "tied": self.tied, "reason": self.reason}


def resolve_quick(teams: dict[str, list[int]]) -> QuickResult:
    """Highest team sum wins; equal sums go to the team holding the highest single result that
    no other tied team has; else a draw. With three or more teams only the teams tied for the
    highest sum compare (`tied`); the others' results play no part."""
    if len(teams) < 2:
        raise RulesError("quick resolution needs at least two teams", field="teams")
    for tid, checks in teams.items():
        if not checks:
            raise RulesError(f"team {tid} has no checks", field="teams")
    sums = {tid: sum(c) for tid, c in teams.items()}
    top = max(sums.values())
    tied = [tid for tid, total in sums.items() if total == top]
    if len(tied) == 1:
        return QuickResult(sums, tied[0], "highest sum")
    values = sorted({v for tid in tied for v in teams[tid]}, reverse=True)
    for v in values:
        holders = [tid for tid in tied if v in teams[tid]]
        if len(holders) == 1:
            return QuickResult(sums, holders[0], f"sums tied at {top}; only {holders[0]} has"
                               f" a {v}", v, tied)
    return QuickResult(sums, "draw", f"sums tied at {top} and no team has a result the other"
                       " lacks: a draw after several gruelling hours", None, tied)
