"""Quick resolution: a whole match settled by one check per player (optional rule)."""

from __future__ import annotations

from ..errors import RulesError


def resolve_quick(teams: dict[str, list[int]]) -> dict:
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
        return {"sums": sums, "winner": tied[0], "reason": "highest sum", "decider": None,
                "tied": []}
    values = sorted({v for tid in tied for v in teams[tid]}, reverse=True)
    for v in values:
        holders = [tid for tid in tied if v in teams[tid]]
        if len(holders) == 1:
            return {"sums": sums, "winner": holders[0], "decider": v, "tied": tied,
                    "reason": f"sums tied at {top}; only {holders[0]} has a {v}"}
    return {"sums": sums, "winner": "draw", "decider": None, "tied": tied,
            "reason": f"sums tied at {top} and no team has a result the other lacks:"
                      " a draw after several gruelling hours"}
