"""Many matches per zone count, on every core (or a Dask cluster), and what they say.

Every match's arena comes from (seed, players, match number) and its dice from the same key:
every zone count and every tactics preset plays the same arenas from the same dice streams
(common random numbers), so comparisons between them are paired, match by match. The same
seed gives the same output however the work is split (one process, several, or Dask).

Every match's arena comes from (seed, players, match number), and its dice from streams of
their own for every (match, pass, player, purpose) (`goatball.Streams`): the same player meets
the same luck at the same pass at every zone count and preset, so the comparisons are paired
roll by roll.

The criterion (docs/simulator.md, "How the answer is decided"): the chance that a match ends
within the table's budget of passes (`finish_within_budget`, default 40). The answer is the
margin rule of `stats` (the module both games' simulators share): the fewest zones shown
within `margin` of the best, allowing for the best being picked from the same data and for
every interim look of the adaptive rounds (`batch` matches per zone count a round, up to
`matches`; the run stops once the answer is decided). Robustness: every preset, the run's own
too, plays the same number of matches at each of several seeds, and the answer holds when
every one of them gives it.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor

from ..rules.errors import RulesError
from ..tactics.goatball import DEFAULT_PRESET, PRESETS, Skills
from ..workers import end_pool, worker_pool
from .goatball_match import ACTION_KINDS, MatchStats, TeamSheets, play_match
from .stats import ALPHA, MARGIN, in_words, margin_rule, mean_ci, rate_ci, ratio_ci

MAX_PLAYERS = 30
MAX_ZONES = 30
MAX_MATCHES = 100_000
CHUNK = 25
BATCH = 200                 # matches per zone count per adaptive round
BUDGET = 40
MAX_BUDGET = 500
LIMIT_PER_BUDGET = 2        # the default pass limit: a match still going at twice the budget
MAX_PASS_LIMIT = 1000
RESAMPLES = 400
ROBUST_MATCHES = 300        # per zone count, preset and seed, for the robustness check
ROBUST_SEEDS = 3            # the run's seed and the next ones
DEFAULT_ZONES = (0, 1, 2, 3, 4, 6, 8)
DEFAULT_MATCHES = 3000       # the adaptive cap a zone count (`--max-matches`)

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


def parse_tactics(text: str | Sequence[str] | None) -> list[str]:
    """One preset name (both teams) or one per team, comma-separated."""
    if text is None:
        return [DEFAULT_PRESET]
    names = [t.strip() for t in text.split(",")] if isinstance(text, str) else list(text)
    names = [n for n in names if n]
    if not names:
        raise RulesError("tactics needs a preset name", field="tactics")
    for n in names:
        if n not in PRESETS:
            raise RulesError(f"unknown tactics {n!r}; presets: {', '.join(PRESETS)}",
                             field="tactics")
    return names


def pass_limit_for(budget: int, pass_limit: int | None = None) -> int:
    """How far a match is followed: the given limit, else twice the table's budget. The
    criterion stops at the budget and the median is known whenever half the matches end by
    twice it; following a match further only costs time (docs/simulator.md, "What changed
    from the first answer")."""
    return pass_limit if pass_limit is not None else LIMIT_PER_BUDGET * budget


def _validate(players: int, zones: Sequence[int], matches: int, pass_limit: int,
              fall_risk: float | None, budget: int) -> None:
    if not 1 <= players <= MAX_PLAYERS:
        raise RulesError(f"players must be 1 to {MAX_PLAYERS} a side", field="players")
    if not 1 <= matches <= MAX_MATCHES:
        raise RulesError(f"matches must be 1 to {MAX_MATCHES}", field="matches")
    if fall_risk is not None and not 0 <= fall_risk <= 1:
        raise RulesError("the fall risk is a chance, 0 to 1", field="fall_risk")
    if not 1 <= budget <= MAX_BUDGET:
        raise RulesError(f"the budget must be 1 to {MAX_BUDGET} passes", field="budget")
    if not 1 <= pass_limit <= MAX_PASS_LIMIT:
        raise RulesError(f"the pass limit must be 1 to {MAX_PASS_LIMIT}", field="pass_limit")
    if not zones or any(not 0 <= z <= MAX_ZONES for z in zones):
        raise RulesError(f"each zone count must be 0 to {MAX_ZONES}", field="zones")
    if budget > pass_limit:
        raise RulesError(f"the budget must be at most the pass limit ({pass_limit}): past the"
                         f" limit no match is followed", field="budget")


# -- the task function: the same for processes and for Dask ----------------------------------
def play_chunk(spec: dict) -> list[MatchStats]:
    """Matches start..stop of one (zone count, tactics) point: the unit of work."""
    roster = spec.get("roster")
    if roster is not None:
        roster = [(team, [(pid, Skills(*s)) for pid, s in members]) for team, members in roster]
    key = spec["key"]
    return [play_match(spec["players"], spec["zones"], f"{key}:{i}", f"{key}:{i}:dice",
                       spec["pass_limit"], spec["fall_risk"], spec["tactics"], True, roster)
            for i in range(spec["start"], spec["stop"])]


# -- figures ----------------------------------------------------------------------------------
def survival(games: Sequence[MatchStats]) -> list[tuple[int, float]]:
    """Kaplan-Meier: the chance a match is still going after t passes, at each t where one
    ended. A match stopped by the pass limit is censored there, not counted as ending."""
    ends = Counter(g.passes for g in games if g.finished)
    gone = Counter(g.passes for g in games)
    at_risk, s, curve = len(games), 1.0, []
    for t in sorted(gone):
        if ends[t]:
            s *= 1 - ends[t] / at_risk
            curve.append((t, s))
        at_risk -= gone[t]
    return curve


def finish_within(games: Sequence[MatchStats], budget: int) -> float:
    """1 - S(budget) from the Kaplan-Meier curve (budget <= the pass limit)."""
    s = 1.0
    for t, st in survival(games):
        if t > budget:
            break
        s = st
    return 1 - s


def median_passes(games: Sequence[MatchStats]) -> tuple[float | None, float | None,
                                                         float | None]:
    """The median match length and a 95% interval from order statistics; None where it lies
    beyond the pass limit (more than half, or the interval's end, still going there)."""
    n = len(games)
    times = sorted(g.passes if g.finished else math.inf for g in games)

    def at(rank: int) -> float | None:
        rank = min(max(rank, 1), n)
        v = times[rank - 1]
        return None if v == math.inf else float(v)

    half = 0.98 * math.sqrt(n)
    return at(math.ceil(n / 2)), at(math.floor(n / 2 - half)), at(math.ceil(n / 2 + half) + 1)


PER_ZONE_READING = ("players_per_zone counts both teams together, the reading led with;"
                    " players_per_zone_one_team counts one team (the rulebook's 'about three"
                    " players to a zone' does not say which: docs/rules.md, 'How many zones')")


def team_shares(games: Sequence[MatchStats], budget: int, teams: Sequence[str]) -> dict:
    """For each team, the share of matches it won, lost (another team won) and that were
    still going at the budget; a match in which everyone went out together is a draw."""
    n = len(games)
    done = [g for g in games if g.finished and g.passes <= budget]
    wins = Counter(g.winner for g in done)
    won = sum(wins[t] for t in teams)
    return {t: {"win": round(wins[t] / n, 4), "loss": round((won - wins[t]) / n, 4),
                "draw": round(wins["draw"] / n, 4),
                "unfinished": round((n - len(done)) / n, 4)} for t in teams}


def summarise(zones: int, games: Sequence[MatchStats], budget: int = BUDGET,
              total_players: int | None = None, team_size: int | None = None,
              teams: Sequence[str] | None = None) -> dict:
    n = len(games)
    out: dict = {"zones": zones,
                 "players_per_zone": (round(total_players / zones, 2)
                                      if zones and total_players else None),
                 "players_per_zone_one_team": (round(team_size / zones, 2)
                                               if zones and team_size else None),
                 "matches_played": n}
    ci: dict[str, list[float | None]] = {}

    def put(name: str, triple: tuple) -> None:
        value, lo, hi = triple
        out[name] = None if value is None or value != value else round(value, 4)
        ci[name] = [None if lo is None or lo != lo else round(lo, 4),
                    None if hi is None or hi != hi else round(hi, 4)]

    within = sum(1 for g in games if g.finished and g.passes <= budget)
    p = finish_within(games, budget)
    assert abs(p - within / n) < 1e-9       # censored only at the limit: the plain share
    put("finish_within_budget", rate_ci(within, n))
    put("median_passes", median_passes(games))
    put("upset_rate", rate_ci(sum(g.upset for g in games),
                              sum(1 for g in games if g.weaker and g.winner not in
                                  (None, "draw", "limit"))))
    put("intercepted_share", ratio_ci([g.intercepted for g in games], [g.throws for g in games]))
    put("passes_per_match", mean_ci([g.passes for g in games]))
    put("draw_rate", rate_ci(sum(g.draw for g in games), n))
    put("hot_throws_per_match", mean_ci([g.hot_throws for g in games]))
    put("knock_offs_per_match", mean_ci([g.knock_offs for g in games]))
    put("knock_outs_per_match", mean_ci([g.knock_outs for g in games]))
    put("falls_per_match", mean_ci([g.falls for g in games]))
    put("possession_changes_per_match", mean_ci([g.possession_changes for g in games]))
    put("tipoff_winner_win_rate", rate_ci(sum(g.tipoff_won for g in games), n))
    out["pass_limit_rate"] = round(sum(g.winner == "limit" for g in games) / n, 4)
    if teams is not None:
        out["teams"] = team_shares(games, budget, teams)
        out["unfinished"] = round(1 - within / n, 4)
    declared = [sum(g.declared[i] for g in games) for i in range(len(ACTION_KINDS))]
    decisive = [sum(g.decisive[i] for g in games) for i in range(len(ACTION_KINDS))]
    out["actions"] = {k: {"per_match": round(declared[i] / n, 2),
                          "changes_outcome": round(decisive[i] / declared[i], 4)
                          if declared[i] else None}
                      for i, k in enumerate(ACTION_KINDS)}
    out["ci95"] = ci
    return out


# -- the paired comparison --------------------------------------------------------------------
def _hits(games: Sequence[MatchStats], budget: int) -> list[int]:
    return [1 if g.finished and g.passes <= budget else 0 for g in games]


def zone_words(z: int) -> str:
    return f"{z} zones" if z != 1 else "1 zone" if z else "no zones"


def compare(points: Mapping[int, Sequence[MatchStats]], budget: int = BUDGET, seed: int = 1,
            alpha: float = ALPHA, margin: float = MARGIN, resamples: int = RESAMPLES,
            schedule: Sequence[int] = (), planned: int = 0, anytime: bool = False) -> dict:
    """The margin rule over the zone counts, fewest first (module docstring), in the JSON's
    shape, at the last of the looks after `schedule` matches of a run of up to `planned`
    (`stats.boundary`; with `anytime`, by confidence sequences valid at any look), with the
    answer in words and how often each count came out best over bootstrap resamples of the
    matches."""
    zs = sorted(points)
    hits = {z: _hits(points[z], budget) for z in zs}
    v = margin_rule(hits, margin, alpha, schedule, planned, anytime)
    n, k = v["matches"], len(zs)
    if k == 1:
        verdict = "only one zone count"
    elif v["recommended"] is not None:
        fewer = [z for z in zs if z < v["recommended"]]
        verdict = (f"{v['recommended']} zones are within {margin:.0%} of the best"
                   + (f"; fewer ({', '.join(map(str, fewer))}) are shown more than"
                      f" {margin:.0%} worse" if fewer else ""))
    elif v["within_margin"]:
        verdict = (f"cannot tell yet: {v['within_margin'][0]} zones are within {margin:.0%} of"
                   f" the best, but {', '.join(map(str, v['candidates'][:-1]))} may be too")
    else:
        verdict = (f"cannot tell yet: no zone count is shown within {margin:.0%} of the best"
                   f" ({n} matches)")
    patterns = Counter(tuple(hits[z][i] for z in zs) for i in range(n))
    rows, weights = list(patterns), list(patterns.values())
    rng = random.Random(f"{seed}:resample")
    wins: Counter = Counter()
    for _ in range(resamples):
        draw = Counter(rng.choices(range(len(rows)), weights=weights, k=n))
        sums = [sum(rows[r][j] * c for r, c in draw.items()) for j in range(k)]
        top = max(sums)
        wins[min(z for z, s in zip(zs, sums) if s == top)] += 1
    keyed = ("gap_upper", "gap_lower", "difference_from_best", "differences")
    labels = {z: str(z) for z in zs}
    words = (in_words(labels, v, "zones") if k > 1 else f"{zone_words(zs[0])} (the only count"
             " tried)")
    return {"best": v["best"], "recommended": v["recommended"], "decided": v["decided"],
            "candidates": v["candidates"], "plausible": v["plausible"],
            "within_margin": v["within_margin"], "words": words, "method": v["method"],
            "leaders": [z for z in zs if z not in v["behind"]], "behind": v["behind"],
            "out": v["out"], "verdict": verdict,
            **{key: {str(z): x for z, x in v[key].items()} for key in keyed},
            "pairing": v["pairing"], "margin": margin, "looks": v["looks"], "matches": n,
            "critical": v["critical"],
            "win_share": ({str(z): round(wins[z] / resamples, 3) for z in zs}
                          if resamples else None),
            "test": v["test"]}


def recommend(results: Sequence[dict]) -> tuple[int, str]:
    """The first simulator's rule, kept for reference (`criterion_v1` in the JSON): fewest
    draws, counting every zone count whose draw rate lies in the lowest one's 95% interval as
    tied, then the fewest zones. Not a test: compare() decides the recommendation now."""
    best = min(results, key=lambda r: (r["draw_rate"], r["zones"]))
    hi = best["ci95"]["draw_rate"][1]
    pick = min(r["zones"] for r in results if r["draw_rate"] <= hi)
    return pick, (f"fewest draws (a draw rate within the lowest one's 95% interval,"
                  f" <= {hi:.3f}), then the fewest zones")


# -- running ----------------------------------------------------------------------------------
Played = dict[str, list[MatchStats]]


class _Runner:
    """Plays chunks of matches in this process, in a pool of processes, or on Dask; a chunk
    already in `played` (the same spec: the same matches, by common random numbers) is
    taken from there, not played again."""

    def __init__(self, workers: int, client=None, played: Played | None = None):
        self.client = client
        self.played: Played = played if played is not None else {}
        self.pool: ProcessPoolExecutor | None = None
        if client is None and workers > 1:
            self.pool = worker_pool(workers)

    def run(self, specs: list[dict]) -> list[list[MatchStats]]:
        keys = [repr(sorted(s.items())) for s in specs]
        todo = [s for s, k in zip(specs, keys) if k not in self.played]
        if self.client is not None:
            got = self.client.gather(self.client.map(play_chunk, todo, pure=False))
        elif self.pool is not None and len(todo) > 1:
            got = list(self.pool.map(play_chunk, todo))
        else:
            got = [play_chunk(s) for s in todo]
        for s, g in zip(todo, got):
            self.played[repr(sorted(s.items()))] = g
        return [self.played[k] for k in keys]

    def close(self, interrupted: bool = False) -> None:
        if self.pool is not None:
            end_pool(self.pool, interrupted=interrupted)


def _play(runner: _Runner, bases: Sequence[dict], zones: Sequence[int], tactics: list[str],
          matches: int, batch: int, adaptive: bool, budget: int, margin: float,
          progress: Progress | None, done: list[int], total: int,
          start: int = 0, games: dict[int, list[MatchStats]] | None = None,
          schedule: list[int] | None = None, anytime: bool = False) -> dict[int, list]:
    """Matches `start` to at most `matches` at each zone count, in rounds of `batch` shared
    evenly over the seeds' `bases` (each seed's own matches, pooled); with `adaptive`,
    stopping at the first round whose margin rule is decided (each round is one of the
    rule's looks, its count appended to `schedule`)."""
    games = games if games is not None else {z: [] for z in zones}
    played = start
    per_seed = [start // len(bases)] * len(bases)
    while played < matches:
        stop = min(played + batch, matches)
        shares = [(stop - played) // len(bases) + (i < (stop - played) % len(bases))
                  for i in range(len(bases))]
        specs = [{**base, "zones": z, "tactics": tactics, "start": a,
                  "stop": min(a + CHUNK, first + share)}
                 for z in zones for base, first, share in zip(bases, per_seed, shares)
                 for a in range(first, first + share, CHUNK)]
        for spec, got in zip(specs, runner.run(specs)):
            games[spec["zones"]].extend(got)
        per_seed = [first + share for first, share in zip(per_seed, shares)]
        done[0] += (stop - played) * len(zones)
        played = stop
        if schedule is not None:
            schedule.append(played)
        if progress:
            progress(done[0], total)
        if adaptive and played < matches and compare(
                games, budget, margin=margin, resamples=0, schedule=schedule or (),
                planned=matches, anytime=anytime)["decided"]:
            break
    return games


def _base(players: int, seed: int, pass_limit: int, fall_risk: float | None,
          plain: list | None) -> dict:
    return {"players": players, "key": f"{seed}:{'roster' if plain else players}",
            "pass_limit": pass_limit, "fall_risk": fall_risk, "roster": plain}


def simulate(players: int = 6, zones: Sequence[int] = DEFAULT_ZONES,
             matches: int = DEFAULT_MATCHES, seed: int = 1, workers: int | None = None,
             pass_limit: int | None = None, progress: Progress | None = None,
             fall_risk: float | None = None, tactics: str | Sequence[str] | None = None,
             budget: int = BUDGET, adaptive: bool = True, batch: int = BATCH,
             robustness: bool = True, robust_matches: int = ROBUST_MATCHES,
             robust_seeds: int = ROBUST_SEEDS, roster: TeamSheets | None = None, client=None,
             margin: float = MARGIN, seeds: Sequence[int] | None = None,
             played: Played | None = None, anytime: bool = False) -> dict:
    """Play up to `matches` matches of `players` a side (or `roster`) for each zone count:
    the contract's object. `client`: a dask.distributed Client to run the chunks on;
    `pass_limit`: how far a match is followed (default: `pass_limit_for(budget)`); `seeds`:
    independent runs pooled into one answer (`matches` a count in all; the first seed is
    the run's `seed`); `played`: chunks a run on the same seed already played (a tune trying
    one more count replays none of the others); `anytime`: the margin rule by confidence
    sequences, for a run its time limit may stop at any look (/tune)."""
    pooled = list(dict.fromkeys(seeds)) if seeds else [seed]
    if not 1 <= len(pooled) <= 20:
        raise RulesError("seeds: 1 to 20 seeds", field="seeds")
    seed = pooled[0]
    zones = sorted(dict.fromkeys(zones))
    pass_limit = pass_limit_for(budget, pass_limit)
    names = parse_tactics(tactics)
    if roster is not None:
        players = max(len(members) for _, members in roster)
    _validate(players, zones, matches, pass_limit, fall_risk, budget)
    if not 0 < margin < 1:
        raise RulesError("the margin is a difference of chances, above 0 and below 1",
                         field="margin")
    if roster is not None and not 2 <= len(roster) <= 8:
        raise RulesError("a roster needs 2 to 8 teams", field="teams")
    if len(names) not in (1, len(roster) if roster is not None else 2):
        raise RulesError("tactics: one preset for every team, or one for each team",
                         field="tactics")
    if robustness and not 1 <= robust_matches <= MAX_MATCHES:
        raise RulesError(f"the robustness runs need 1 to {MAX_MATCHES} matches",
                         field="robust_matches")
    if robustness and not 1 <= robust_seeds <= 10:
        raise RulesError("the robustness runs need 1 to 10 seeds", field="robust_seeds")
    team_size = players
    total_players = sum(len(m) for _, m in roster) if roster is not None else 2 * players
    plain = ([(t, [(pid, (s.athletics, s.acrobatics)) for pid, s in m]) for t, m in roster]
             if roster is not None else None)
    robust = [seed + i for i in range(robust_seeds)] if robustness else []
    total = len(zones) * (matches + robust_matches * len(PRESETS) * len(robust))
    done = [0]
    workers = workers if workers is not None else (os.cpu_count() or 1)
    runner = _Runner(workers, client, played)
    schedule: list[int] = []
    try:
        games = _play(runner, [_base(players, s, pass_limit, fall_risk, plain) for s in pooled],
                      zones, names, matches, batch, adaptive, budget, margin, progress, done,
                      total, schedule=schedule, anytime=anytime)
        verdict = compare(games, budget, seed, margin=margin,
                          schedule=schedule if adaptive else (), planned=matches,
                          anytime=anytime)
        by_preset: dict[str, dict[int, dict]] = {}
        for name in PRESETS if robustness else ():
            by_preset[name] = {}
            for s in robust:
                own = s == seed and [name] == names and len(pooled) == 1
                got: dict[int, list[MatchStats]] = (
                    {z: list(games[z][:robust_matches]) for z in zones} if own else
                    {z: [] for z in zones})
                got = _play(runner, [_base(players, s, pass_limit, fall_risk, plain)], zones,
                            [name], robust_matches, robust_matches, False, budget, margin,
                            progress, done, total, len(got[zones[0]]), got)
                c = compare(got, budget, s, margin=margin, resamples=0)
                by_preset[name][s] = {
                    "recommended": c["recommended"], "candidates": c["candidates"],
                    "best": c["best"], "finish_within_budget": {
                        str(z): round(finish_within(got[z], budget), 4) for z in zones}}
    except BaseException:
        runner.close(interrupted=True)
        raise
    runner.close()
    if progress:
        progress(total, total)
    teams = [t for t, _ in roster] if roster is not None else ["red", "blue"]
    results = [summarise(z, games[z], budget, total_players, team_size, teams) for z in zones]
    rec = verdict["recommended"]
    out = {"players": players, "matches": matches, "seed": seed, "seeds": pooled,
           "pass_limit": pass_limit,
           "budget": budget, "margin": margin,
           "tactics": names if len(names) > 1 else names[0],
           "policy": {"tactics": names, "fall_risk": fall_risk if fall_risk is not None
                      else PRESETS[names[0]].fall_risk},
           "adaptive": adaptive, "matches_played": len(games[zones[0]]),
           "players_per_zone_reading": PER_ZONE_READING,
           "results": results, "recommended_zones": rec,
           "plausible": verdict["plausible"], "differences": verdict["differences"],
           "answer": verdict["words"], "method": verdict["method"],
           "comparison": verdict,
           "criterion": ("finish_within_budget: the chance a match ends within"
                         f" {budget} passes; " + verdict["test"])}
    if len(results) > 1:
        out["criterion_v1"] = recommend(results)[0]
    if robustness:
        out["robustness"] = robust_verdict(rec, {name: {str(s): r for s, r in runs.items()}
                                             for name, runs in by_preset.items()},
                                       robust, robust_matches)
    return out


def robust_verdict(rec: int | None, by_seed: Mapping[str, Mapping[str, dict]],
               seeds: Sequence[int], matches: int) -> dict:
    """How the answer `rec` stands across the presets: each preset's answer at each seed
    (`by_seed`: {preset: {seed: its margin rule's answer}}), and for each preset whether the
    answer **holds** (the same at every seed), is **contradicted** (some seed decides another
    count) or **cannot tell** (some seed undecided, none deciding another count)."""
    verdicts = {}
    for name, runs in by_seed.items():
        answers = [runs[str(s)]["recommended"] for s in seeds]
        if rec is not None and all(a == rec for a in answers):
            verdicts[name] = "holds"
        elif any(a is not None and a != rec for a in answers):
            verdicts[name] = "contradicted"
        else:
            verdicts[name] = "cannot tell"
    return {
        "matches": matches, "seeds": list(seeds),
        "presets": {name: {"answers": [runs[str(s)]["recommended"] for s in seeds],
                           "verdict": verdicts[name], "by_seed": dict(runs)}
                    for name, runs in by_seed.items()},
        "holds_for": [n for n, v in verdicts.items() if v == "holds"],
        "fails_for": [n for n, v in verdicts.items() if v == "contradicted"],
        "cannot_tell_for": [n for n, v in verdicts.items() if v == "cannot tell"],
        "robust": rec is not None and all(v == "holds" for v in verdicts.values()),
        "rule": (f"every preset (this run's too) plays {matches} matches a zone count at each"
                 f" of the seeds {', '.join(map(str, seeds))}, on the same arenas and dice"
                 " streams, none stopping early; the answer holds for a preset when the margin"
                 " rule gives it the same answer at every seed, fails for it when some seed"
                 " decides another count, and cannot tell otherwise; it is robust when it"
                 " holds for every preset"),
    }


def listed(values) -> str:
    """Zone counts as words: "2, 3", or "none" (never a Python list or None)."""
    return ", ".join(str(v) for v in values if v is not None) or "none"


def count_cell(value: float, lo: float | None, hi: float | None, form: str,
               limit: int) -> str:
    """A count and its 95% interval: a count is never below 0, whatever the interval's
    arithmetic gives; an upper bound past what was followed (`limit`) is "or more"."""
    low = "?" if lo is None else form.format(max(0.0, lo))
    if hi is None:
        return f"{form.format(value)} ({low} or more, past {limit})"
    return f"{form.format(value)} ({low}-{form.format(hi)})"


def table(report: dict) -> str:
    """The human form: one row per zone count, each figure with its 95% interval."""
    b = report.get("budget", BUDGET)
    cols = [("zones", "zones"), ("players_per_zone", "per zone"),
            ("finish_within_budget", f"ends in {b}"), ("median_passes", "median passes"),
            ("upset_rate", "upsets"), ("intercepted_share", "intercepted"),
            ("draw_rate", "draws"), ("knock_offs_per_match", "knock-offs")]
    rates = {"finish_within_budget", "upset_rate", "intercepted_share", "draw_rate"}
    rows = [[label for _, label in cols]]
    for r in report["results"]:
        row = [str(r["zones"]) if r["zones"] else "0 (none)",
               "-" if r["players_per_zone"] is None else f"{r['players_per_zone']:.1f}"]
        for key, _ in cols[2:]:
            v = r[key]
            lo, hi = r["ci95"][key]
            if v is None:
                row.append(f"> {report['pass_limit']}" if key == "median_passes" else "-")
            elif key in rates:
                row.append(f"{v:.0%} ({lo:.0%}-{hi:.0%})")
            else:
                row.append(count_cell(v, lo, hi, "{:.0f}" if key == "median_passes"
                                      else "{:.1f}", report["pass_limit"]))
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(cols))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    tactics = report.get("tactics", DEFAULT_PRESET)
    tactics = tactics if isinstance(tactics, str) else " vs ".join(tactics)
    head = (f"goat-ball, {report['players']} a side, tactics {tactics}, up to"
            f" {report['matches']} matches per zone count ({report.get('matches_played')}"
            f" played), seed {report['seed']}, a draw after {report['pass_limit']} passes")
    c = report["comparison"]
    rec = report["recommended_zones"]
    wins = ", ".join(f"{z}: {s:.0%}" for z, s in c["win_share"].items())
    pair = c["pairing"]
    # null is "cannot tell", never "no zones" (which is 0)
    said = rec if rec is not None else "cannot tell"
    foot = [f"answer: {c['words']}",
            f"recommended zones: {said} ({c['verdict']});"
            f" best {listed([c['best']])}, within the margin {listed(c['within_margin'])},"
            f" behind {listed(c['behind'])}",
            f"  best in resamples: {wins}",
            f"  pairing: outcomes correlate {pair['correlation']} with the best's, intervals"
            f" {pair['narrower']:.0%} narrower than unpaired" if pair["correlation"] is not None
            else "  pairing: one zone count only",
            f"  ({report['criterion']}; 95% intervals in brackets)"]
    rob = report.get("robustness")
    if rob:
        foot.append(f"robust across the presets: {'yes' if rob['robust'] else 'no'}"
                    f" (each preset {rob['matches']} matches a zone count at seeds"
                    f" {', '.join(map(str, rob['seeds']))}; holds for"
                    f" {', '.join(rob['holds_for']) or 'none'};"
                    f" fails for {', '.join(rob['fails_for']) or 'none'};"
                    f" cannot tell for {', '.join(rob['cannot_tell_for']) or 'none'})")
        for name, p in rob["presets"].items():
            answers = ", ".join("cannot tell" if a is None else str(a) for a in p["answers"])
            foot.append(f"  {name}: {answers}")
    return "\n".join([head, "", *lines, "", *foot])
