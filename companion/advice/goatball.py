"""Goat-ball's zone tune: how many zones for one table's roster (`POST /api/v1/goatball/tune`),
and the roster's reader that the route and `ballcourt simulate goatball --roster` share.

The tune plays its matches through `companion.sim.run.simulate`, the one function of the
simulator this package calls (the package docstring says why).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.errors import RulesError
from ..sim.goatball import TeamSheets
from ..sim.run import BUDGET, MAX_PLAYERS, Progress, simulate
from ..sim.stats import MARGIN
from ..tactics.goatball import Skills

TUNE_ZONES = (0, 2, 3, 4, 6, 8, 10, 12, 14, 16, 20, 24, 30)
TUNE_MATCHES = 400          # per zone count, at most
TUNE_BATCH = 100


def tune_zones(players_a_side: int) -> list[int]:
    """The zone counts a tune tries: from none up to two past the players a side."""
    out = []
    for z in TUNE_ZONES:
        out.append(z)
        if z >= players_a_side + 2:
            break
    return out


def tune(roster: TeamSheets, tactics: str | Sequence[str] | None = None, budget: int = BUDGET,
         seed: int = 1, zones: Sequence[int] | None = None, matches: int = TUNE_MATCHES,
         workers: int = 1, pass_limit: int | None = None, client=None,
         margin: float = MARGIN, progress: Progress | None = None) -> dict:
    """The answer for one table's roster (the plain function the route calls): no robustness
    run, a sentence. Each match is followed only to the budget (unless `pass_limit` says
    otherwise): the answer reads nothing past it. `zones`: default `tune_zones`, up to past
    the players a side."""
    a_side = max(len(m) for _, m in roster)
    zones = sorted(dict.fromkeys(zones if zones is not None else tune_zones(a_side)))
    report = simulate(zones=zones, matches=matches, seed=seed, workers=workers,
                      pass_limit=budget if pass_limit is None else pass_limit,
                      tactics=tactics, budget=budget, batch=min(TUNE_BATCH, matches),
                      robustness=False, roster=roster, client=client, margin=margin,
                      progress=progress)
    c = report["comparison"]
    rec = report["recommended_zones"]
    pick = rec if rec is not None else c["best"]
    row = next(r for r in report["results"] if r["zones"] == pick)
    lo, hi = row["ci95"]["finish_within_budget"]
    where = f"{pick} zones" if pick else "no zones"
    shares = ", ".join(f"{team} {s['win']:.0%}" for team, s in row["teams"].items())
    ends = (f"with {where}, {row['finish_within_budget']:.0%} ({lo:.0%}-{hi:.0%}) of matches"
            f" end within {budget} passes (wins: {shares}; {row['unfinished']:.0%} unfinished)")
    if rec is not None:
        sentence = f"{rec} zones: {ends}" if rec else f"no zones: {ends}"
    else:
        among = ", ".join(map(str, c["candidates"])) or "none"
        why = c["verdict"].removeprefix("cannot tell yet: ")
        sentence = (f"cannot tell from {report['matches_played']} matches a zone count ({why});"
                    f" the answer is among {among} zones; the best seen: {ends}")
    largest = max(zones)
    return {"zones": rec, "finish_within_budget": row["finish_within_budget"],
            "best": c["best"], "best_is_largest_tried": c["best"] == largest,
            "candidates": c["candidates"], "decided": c["decided"], "margin": margin,
            "matches": report["matches_played"], "teams": row["teams"],
            "unfinished": row["unfinished"], "sentence": sentence,
            **{k: report[k] for k in ("results", "comparison", "budget", "tactics", "seed",
                                      "matches_played", "criterion",
                                      "players_per_zone_reading")}}


def roster_from(body: dict) -> list[tuple[str, list[tuple[str, Skills]]]]:
    """A roster from the tune route's shape: {"teams": [{"id", "players": [{"id",
    "athletics", "acrobatics"}]}]} (bonuses -5 to +20)."""
    teams = body.get("teams") if isinstance(body, dict) else None
    if not isinstance(teams, list) or not 2 <= len(teams) <= 8:
        raise RulesError("a roster needs 2 to 8 teams", field="teams")
    out: list[tuple[str, list[tuple[str, Skills]]]] = []
    seen: set[str] = set()
    for ti, t in enumerate(teams):
        tid = t.get("id") if isinstance(t, dict) else None
        members = t.get("players") if isinstance(t, dict) else None
        if not isinstance(tid, str) or not tid or tid in {x for x, _ in out}:
            raise RulesError("each team needs its own string id", field=f"teams.{ti}.id")
        if not isinstance(members, list) or not 1 <= len(members) <= MAX_PLAYERS:
            raise RulesError(f"a team has 1 to {MAX_PLAYERS} players",
                             field=f"teams.{ti}.players")
        got = []
        for pi, p in enumerate(members):
            where = f"teams.{ti}.players.{pi}"
            pid = p.get("id") if isinstance(p, dict) else None
            if not isinstance(pid, str) or not pid or pid in seen:
                raise RulesError("each player needs his own string id", field=f"{where}.id")
            seen.add(pid)
            bonus = []
            for skill in ("athletics", "acrobatics"):
                v = p.get(skill)
                if not isinstance(v, int) or isinstance(v, bool) or not -5 <= v <= 20:
                    raise RulesError(f"{skill} is a whole bonus, -5 to +20",
                                     field=f"{where}.{skill}")
                bonus.append(v)
            got.append((pid, Skills(*bonus)))
        out.append((tid, got))
    return out
