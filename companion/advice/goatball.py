"""Goat-ball's zone tune: how many zones for one table's roster (`POST /api/v1/goatball/tune`),
and the roster's reader that the route and `ballcourt simulate goatball --roster` share.

The tune plays its matches through `companion.sim.goatball_run.simulate`, the one function of the
simulator this package calls (the package docstring says why).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules.errors import RulesError
from ..sim.goatball_match import TeamSheets
from ..sim.goatball_run import BUDGET, MAX_PLAYERS, Played, Progress, simulate
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


MINUTES_PER_PASS = 4        # the table's minutes a pass, by default (`minutes_per_pass`)
ONE_SIDED = 0.75            # one team winning at least this share at every count tried
MIN_WINNERS = 20            # matches with a winner a count needs for its balance to be read
HARDLY_ENDS = 0.10          # below this (the best count's upper bound), the budget is the question


def balance(results: Sequence[dict]) -> dict:
    """Each team's chance to win a match that has a winner within the budget, at each count
    tried (null where fewer than `MIN_WINNERS` had), and whether the match is one-sided: one
    team winning at least `ONE_SIDED` of them at every count with a winner (the zones cannot
    fix it: the roster is the question, not the court)."""
    teams = list(results[0]["teams"])
    win: dict[str, dict[str, float | None]] = {t: {} for t in teams}
    for r in results:
        decided = sum(r["teams"][t]["win"] for t in teams)
        enough = decided * r["matches_played"] >= MIN_WINNERS
        for t in teams:
            win[t][str(r["zones"])] = (round(r["teams"][t]["win"] / decided, 4) if enough
                                       else None)
    favourite = next((t for t in teams if any(w is not None for w in win[t].values())
                      and all(w is None or w >= ONE_SIDED for w in win[t].values())), None)
    return {"win": win, "one_sided": favourite is not None, "favourite": favourite,
            "threshold": ONE_SIDED}


def walkover(fair: dict) -> str:
    """A one-sided `balance` said as a GM says it: "party wins every match that has a winner"
    when the favourite lost none at any count (not "at least 100%"), else its least share,
    rounded down so that "at least" stays true."""
    top = fair["favourite"]
    low = min(w for w in fair["win"][top].values() if w is not None)
    share = ("every match that has a winner" if low >= 1
             else f"at least {math.floor(100 * low + 1e-9)}% of the matches that have a winner")
    return (f"one-sided: {top} wins {share}, at every zone count tried, so no count of zones"
            f" makes it a contest")


def minutes(results: Sequence[dict], minutes_per_pass: float) -> dict:
    """For each count, the table minutes a match takes at `minutes_per_pass`: its median
    (null when more than half are still going where they were followed) and the budget's."""
    return {str(r["zones"]): None if r["median_passes"] is None
            else round(r["median_passes"] * minutes_per_pass) for r in results}


def tune(roster: TeamSheets, tactics: str | Sequence[str] | None = None, budget: int = BUDGET,
         seed: int = 1, zones: Sequence[int] | None = None, matches: int = TUNE_MATCHES,
         workers: int = 1, pass_limit: int | None = None, client=None,
         margin: float = MARGIN, progress: Progress | None = None,
         minutes_per_pass: float = MINUTES_PER_PASS) -> dict:
    """The answer for one table's roster (the plain function the route calls): no robustness
    run, the answer in words. Each match is followed only to the budget (unless `pass_limit`
    says otherwise): the answer reads nothing past it. `zones`: default `tune_zones`, up to
    past the players a side, and while the best is the largest tried, the next larger count
    of `TUNE_ZONES` too (the route's time limit ends it); a list the GM gives is tried as it
    stands."""
    a_side = max(len(m) for _, m in roster)
    extend = zones is None
    zones = sorted(dict.fromkeys(zones if zones is not None else tune_zones(a_side)))
    played: Played = {}
    while True:
        report = simulate(zones=zones, matches=matches, seed=seed, workers=workers,
                          pass_limit=budget if pass_limit is None else pass_limit,
                          tactics=tactics, budget=budget, batch=min(TUNE_BATCH, matches),
                          robustness=False, roster=roster, client=client, margin=margin,
                          progress=progress, played=played, anytime=True)
        more = [z for z in TUNE_ZONES if z > max(zones)]
        if not extend or report["comparison"]["best"] != max(zones) or not more:
            break
        zones = [*zones, more[0]]
    c = report["comparison"]
    rec = report["recommended_zones"]
    pick = rec if rec is not None else c["best"]
    row = next(r for r in report["results"] if r["zones"] == pick)
    lo, hi = row["ci95"]["finish_within_budget"]
    where = f"{pick} zones" if pick else "no zones"
    shares = ", ".join(f"{team} {s['win']:.0%}" for team, s in row["teams"].items())
    took = minutes(report["results"], minutes_per_pass)
    length = (f"about {took[str(pick)]} minutes at the table" if took[str(pick)] is not None
              else f"most still going after {budget} passes")
    ends = (f"with {where}, {row['finish_within_budget']:.0%} ({lo:.0%}-{hi:.0%}) of matches"
            f" end within {budget} passes, {length} (wins: {shares};"
            f" {row['unfinished']:.0%} unfinished)")
    fair = balance(report["results"])
    sentence = f"{c['words']}: {ends}"
    if rec is None and len(c["plausible"]) == len(report["results"]):
        sentence = (f"the zones make no clear difference in {report['matches_played']} matches"
                    f" a count ({sentence})")
    if hi < HARDLY_ENDS:
        sentence = (f"hardly any match ends within {budget} passes at any zone count tried"
                    f" (at most {hi:.0%} at the best): the zones cannot make this roster's"
                    f" matches end in time; a larger budget, or more players a side, may"
                    f" ({sentence})")
    if fair["one_sided"]:
        sentence = f"{walkover(fair)}; {sentence}"
    largest = max(zones)
    return {"zones": rec, "finish_within_budget": row["finish_within_budget"],
            "best": c["best"], "best_is_largest_tried": c["best"] == largest,
            "candidates": c["candidates"], "plausible": c["plausible"],
            "differences": c["differences"], "decided": c["decided"], "margin": margin,
            "method": c["method"], "minutes": took, "minutes_per_pass": minutes_per_pass,
            "balance": fair, "zones_tried": zones,
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
                if v is None:
                    raise RulesError(f"{skill} is missing: give his bonus, a whole number -5"
                                     " to +20", field=f"{where}.{skill}")
                if not isinstance(v, int) or isinstance(v, bool) or not -5 <= v <= 20:
                    raise RulesError(f"{skill} is a whole bonus, -5 to +20, not {v!r}",
                                     field=f"{where}.{skill}")
                bonus.append(v)
            got.append((pid, Skills(*bonus)))
        out.append((tid, got))
    return out
