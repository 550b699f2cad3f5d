"""Many matches per zone count, in processes when there are cores to spare, and their figures.

Every match's dice come from a seed derived from (seed, players, zones, match number), and its
arena (skills, platforms, zone spread) from (seed, players, match number): the same seed gives
the same output however the work is split, and each zone count plays the same arenas.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..rules.errors import RulesError
from .goatball import FALL_RISK, PASS_LIMIT, MatchStats, play_match

MAX_PLAYERS = 30
MAX_ZONES = 30
MAX_MATCHES = 100_000
CHUNK = 25

Progress = Callable[[int, int], None]


def parse_zones(text: str) -> list[int]:
    try:
        zones = [int(z) for z in text.split(",") if z.strip()]
    except ValueError:
        raise RulesError(f"zones must be comma-separated whole numbers, not {text!r}",
                         field="zones") from None
    if not zones:
        raise RulesError("zones needs at least one zone count (0: no zones)", field="zones")
    if any(not 0 <= z <= MAX_ZONES for z in zones):
        raise RulesError(f"each zone count must be 0 to {MAX_ZONES}", field="zones")
    return list(dict.fromkeys(zones))


def _validate(players: int, zones: Sequence[int], matches: int, pass_limit: int,
              fall_risk: float) -> None:
    if not 1 <= players <= MAX_PLAYERS:
        raise RulesError(f"players must be 1 to {MAX_PLAYERS} a side", field="players")
    if not 1 <= matches <= MAX_MATCHES:
        raise RulesError(f"matches must be 1 to {MAX_MATCHES}", field="matches")
    if not 0 <= fall_risk <= 1:
        raise RulesError("the fall risk is a chance, 0 to 1", field="fall_risk")
    if pass_limit < 1:
        raise RulesError("the pass limit must be at least 1", field="pass_limit")
    if not zones or any(not 0 <= z <= MAX_ZONES for z in zones):
        raise RulesError(f"each zone count must be 0 to {MAX_ZONES}", field="zones")


def _chunk(players: int, zones: int, seed: int, start: int, stop: int,
           pass_limit: int, fall_risk: float) -> list[MatchStats]:
    return [play_match(players, zones, f"{seed}:{players}:{i}", f"{seed}:{players}:{zones}:{i}",
                       pass_limit, fall_risk) for i in range(start, stop)]


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and a normal-approximation 95% interval for it."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def rate_ci(hits: int, n: int) -> tuple[float, float, float]:
    """A proportion and its Wilson 95% interval (sound near 0 and 1, unlike the normal one)."""
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def summarise(zones: int, games: Sequence[MatchStats]) -> dict:
    n = len(games)
    out: dict = {"zones": zones}
    ci: dict[str, list[float]] = {}

    def put(name: str, triple: tuple[float, float, float]) -> None:
        value, lo, hi = triple
        out[name] = round(value, 4)
        ci[name] = [round(lo, 4), round(hi, 4)]

    put("passes_per_match", mean_ci([g.passes for g in games]))
    put("draw_rate", rate_ci(sum(g.draw for g in games), n))
    put("hot_throws_per_match", mean_ci([g.hot_throws for g in games]))
    put("knock_offs_per_match", mean_ci([g.knock_offs for g in games]))
    put("knock_outs_per_match", mean_ci([g.knock_outs for g in games]))
    put("falls_per_match", mean_ci([g.falls for g in games]))
    put("possession_changes_per_match", mean_ci([g.possession_changes for g in games]))
    put("tipoff_winner_win_rate", rate_ci(sum(g.tipoff_won for g in games), n))
    out["pass_limit_rate"] = round(sum(g.winner == "limit" for g in games) / n, 4)
    out["ci95"] = ci
    return out


def recommend(results: Sequence[dict]) -> tuple[int, str]:
    """Fewest draws first: the zone counts whose draw rate cannot be told from the lowest one
    (the lowest's 95% interval holds it); of those, the fewest zones, since each further zone
    is more bookkeeping at the table and fewer knock-offs, for no fewer draws we could show."""
    best = min(results, key=lambda r: (r["draw_rate"], r["zones"]))
    hi = best["ci95"]["draw_rate"][1]
    pick = min(r["zones"] for r in results if r["draw_rate"] <= hi)
    return pick, (f"fewest draws (a draw rate within the lowest one's 95% interval,"
                  f" <= {hi:.3f}), then the fewest zones")


def simulate(players: int = 6, zones: Sequence[int] = (0, 2, 4, 6), matches: int = 300,
             seed: int = 1, workers: int | None = None, pass_limit: int = PASS_LIMIT,
             progress: Progress | None = None, fall_risk: float = FALL_RISK) -> dict:
    """Play `matches` matches of `players` a side for each zone count: the contract's object."""
    zones = list(zones)
    _validate(players, zones, matches, pass_limit, fall_risk)
    jobs = [(z, start, min(start + CHUNK, matches)) for z in zones
            for start in range(0, matches, CHUNK)]
    total = len(zones) * matches
    done = 0
    got: dict[tuple[int, int], list[MatchStats]] = {}
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
            futures = {pool.submit(_chunk, players, z, seed, a, b, pass_limit, fall_risk): (z, a)
                       for z, a, b in jobs}
            for fut in as_completed(futures):
                got[futures[fut]] = fut.result()
                done += len(got[futures[fut]])
                if progress:
                    progress(done, total)
    else:
        for z, a, b in jobs:
            got[(z, a)] = _chunk(players, z, seed, a, b, pass_limit, fall_risk)
            done += b - a
            if progress:
                progress(done, total)
    results = []
    for z in zones:
        games = [g for a in range(0, matches, CHUNK) for g in got[(z, a)]]
        results.append(summarise(z, games))
    recommended, criterion = recommend(results)
    return {"players": players, "matches": matches, "seed": seed, "pass_limit": pass_limit,
            "policy": {"fall_risk": fall_risk}, "results": results,
            "recommended_zones": recommended, "criterion": criterion}


def table(report: dict) -> str:
    """The human form: one row per zone count, each figure with its 95% interval."""
    cols = [("zones", "zones"), ("passes_per_match", "passes"), ("draw_rate", "draws"),
            ("hot_throws_per_match", "hot throws"), ("knock_offs_per_match", "knock-offs"),
            ("possession_changes_per_match", "poss. changes"),
            ("tipoff_winner_win_rate", "tip-off wins")]
    rows = [[label for _, label in cols]]
    for r in report["results"]:
        row = [str(r["zones"]) if r["zones"] else "0 (none)"]
        for key, _ in cols[1:]:
            lo, hi = r["ci95"][key]
            if key in ("draw_rate", "tipoff_winner_win_rate"):
                row.append(f"{r[key]:.0%} ({lo:.0%}-{hi:.0%})")
            else:
                row.append(f"{r[key]:.1f} ({lo:.1f}-{hi:.1f})")
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(cols))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    head = (f"goat-ball, {report['players']} a side, {report['matches']} matches per zone count,"
            f" seed {report['seed']}, a draw after {report['pass_limit']} passes")
    foot = (f"recommended zones: {report['recommended_zones']}"
            f"  ({report['criterion']}; 95% intervals in brackets)")
    return "\n".join([head, "", *lines, "", foot])
