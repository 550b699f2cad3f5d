"""`ballcourt simulate yaotzin --chart matches`: whole matches by team size, width and ratio.

Each point (players a side, court width, length : width ratio) plays `matches` matches of the
whole-match engine (`yaotzin_match`). Match i of a (width, ratio) is keyed by (seed, width,
ratio, i): every tactics preset meets the same rosters, line-up and dice stream there (common
random numbers), so the presets' answers are paired match by match. The team sizes share the
keys too (match i of every size has the same dice seed), but their rosters differ, so the
paired test between sizes is no sharper than an unpaired one would be: it stays valid.

The criterion, from the rulebook's own words: "almost every game ends after 10 minutes or with
a score of 9 being reached by 1 side", and the ideal team is "one player for every 20 ft of
width". A team size is measured by `finish_within_budget`: the chance a match ends by the
rules' own end (9 points or the hoop) within the budget of rounds (100: the rulebook's ten
minutes). `recommended_players` for a width is the fewest players a side shown within `margin`
of the best by the margin rule both simulators decide by (`stats.margin_rule`: Hsu's multiple
comparisons with the best over the matches on the same keys, every size before it shown
behind), or null when it cannot tell, with the candidates it lies among.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Sequence

from ..rules.errors import RulesError
from ..tactics.yaotzin import DEFAULT_PRESET, PRESETS
from ..workers import end_pool, worker_pool
from .goatball_run import count_cell, median_passes
from .stats import MARGIN, count_ci, in_words, margin_rule, rate_ci, ratio_ci
from .yaotzin_match import MatchStats, play_match

DEFAULT_PLAYERS = (4, 5, 6, 7, 8)
DEFAULT_WIDTHS = (120,)
DEFAULT_RATIOS = (2.5, 3.0, 4.0)
DEFAULT_MATCHES = 40
BUDGET = 100
CHUNK = 5
MAX_MATCHES = 10_000

Progress = Callable[[int, int], None]


def parse_list(text: str, kind: type, name: str, lo: float, hi: float) -> list:
    try:
        values = [kind(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise RulesError(f"{name} must be a comma-separated list of numbers, not {text!r}",
                         field=name) from None
    if not values or any(not lo <= v <= hi for v in values):
        raise RulesError(f"each of {name} must be {lo} to {hi}", field=name)
    return list(dict.fromkeys(values))


def play_chunk(spec: dict) -> list[MatchStats]:
    """Matches start..stop of one point: the unit of work, the same for processes and Dask.

    The cyclic garbage collector is paused while they play: matches make next to no
    reference cycles (10 objects in the default chart's 25-match sample; refcounting frees
    the rest), yet the collector, woken by their millions of short-lived squares, walked the
    planner's memory over and over: a quarter of a compiled match's time (docs/benchmarks.md).
    It runs again, as before, once the chunk is done."""
    key = f"{spec['seed']}:{spec['width']}:{spec['ratio']}"
    was_on = gc.isenabled()
    gc.disable()
    try:
        return [play_match(spec["players"], spec["width"], spec["ratio"], f"{key}:{i}",
                           spec["tactics"], spec["budget"]) for i in range(spec["start"],
                                                                            spec["stop"])]
    finally:
        if was_on:
            gc.enable()


def summarise(games: Sequence[MatchStats]) -> dict:
    """Each figure with its 95% interval (Wilson for shares of matches, delta-method ratios
    for shares of kicks, normal for means, order statistics for the median)."""
    n = len(games)
    out: dict = {"matches_played": n}
    ci: dict = {}

    def put(name: str, triple: tuple, scale: float = 1.0) -> None:
        value, lo, hi = triple
        def fix(v):
            return None if v is None or v != v else round(v * scale, 4)
        out[name], ci[name] = fix(value), [fix(lo), fix(hi)]

    put("finish_within_budget", rate_ci(sum(g.finished for g in games), n))
    put("median_rounds", median_passes(games))
    put("goals_per_match", count_ci([g.goals for g in games]))
    put("kicks_scoring_share", ratio_ci([g.kick_goals for g in games],
                                        [g.kicks for g in games]))
    put("kicks_intercepted_share", ratio_ci([g.kicks_intercepted for g in games],
                                            [g.kicks for g in games]))
    put("hoop_wins_per_1000", rate_ci(sum(g.by == "hoop" for g in games), n), 1000)
    put("draw_rate", rate_ci(sum(g.winner == "draw" for g in games), n))
    put("hoop_shots_per_match", count_ci([g.hoop_shots for g in games]))
    put("hoop_shots_per_1000", count_ci([g.hoop_shots for g in games]), 1000)
    put("hoop_row_reached", rate_ci(sum(g.hoop_row_holds > 0 for g in games), n))
    put("dribbles_grabbed_share", ratio_ci([g.grabbed for g in games],
                                           [g.dribbles for g in games]))
    out["ci95"] = ci
    return out


class _Runner:
    def __init__(self, workers: int, client=None):
        self.client = client
        self.pool = worker_pool(workers) if client is None and workers > 1 else None

    def run(self, specs: list[dict]) -> Iterator[list[MatchStats]]:
        """Each spec's matches, in the specs' order, as they come back."""
        if self.client is not None:
            return iter(self.client.gather(self.client.map(play_chunk, specs, pure=False)))
        if self.pool is not None:
            return self.pool.map(play_chunk, specs)
        return (play_chunk(s) for s in specs)

    def close(self, interrupted: bool = False) -> None:
        if self.pool is not None:
            end_pool(self.pool, interrupted=interrupted)


def _specs(players, widths, ratios, tactics, matches, budget, seed) -> list[dict]:
    """The chunks of one set of points (one preset or pair, one seed)."""
    return [{"players": p, "width": w, "ratio": r, "tactics": tactics, "budget": budget,
             "seed": seed, "start": a, "stop": min(a + CHUNK, matches)}
            for w in widths for r in ratios for p in players for a in range(0, matches, CHUNK)]


def _play(runner: _Runner, runs: list[list[dict]], progress: Progress | None,
          total: int) -> list[dict[tuple, list[MatchStats]]]:
    """Every run's chunks handed to the runner at once, so that the processes never wait
    for one run's last chunk before starting the next's; each run's games by point."""
    flat = [spec for specs in runs for spec in specs]
    got = runner.run(flat)
    out: list[dict[tuple, list[MatchStats]]] = []
    done = 0
    for specs in runs:
        games: dict[tuple, list[MatchStats]] = {}
        for spec in specs:
            chunk = next(got)
            games.setdefault((spec["players"], spec["width"], spec["ratio"]), []).extend(chunk)
            done += len(chunk)
            if progress:
                progress(done, total)
        out.append(games)
    return out


def hits(games: Sequence[MatchStats]) -> list[int]:
    """1 for each match that ended by the rules' own end within the budget (the round limit
    is the budget, so: by 9 points or the hoop)."""
    return [1 if g.finished else 0 for g in games]


# -- the criteria each answer can be read by (docs/simulator.md, "Yaotzin's claims, re-read")
CRITERIA = {
    "finish_by_score": "the chance a match ends by 9 points or the hoop within the budget",
    "balance": "the weaker side's share of the matches with a winner (0.5: even)",
    "involvement": "touches of the ball (kicks, dribbles, hoop shots, contests) per player per"
                   " ten rounds",
    "goals_per_match": "goals a match",
}


def criteria(games: Sequence[MatchStats], players: int) -> dict:
    """Each criterion's value for one point, with its 95% interval, and how its matches
    ended: by 9 points, by the hoop, or at the round limit (counts)."""
    wins = [sum(g.winner == t for g in games) for t in ("sun", "moon")]
    touches = [g.kicks + g.dribbles + g.hoop_shots + g.contests for g in games]
    out: dict = {}
    for name, (value, lo, hi) in {
            "finish_by_score": rate_ci(sum(g.finished for g in games), len(games)),
            "balance": rate_ci(min(wins), sum(wins)),
            "involvement": ratio_ci([10 * t for t in touches],
                                    [2 * players * max(1, g.rounds) for g in games]),
            "goals_per_match": count_ci([g.goals for g in games])}.items():
        out[name] = {"value": None if value != value else round(value, 4),
                     "ci95": [None if lo != lo else round(lo, 4),
                              None if hi != hi else round(hi, 4)]}
    out["ended_by"] = {"points": sum(g.by == "points" for g in games),
                       "hoop": sum(g.by == "hoop" for g in games),
                       "round_limit": sum(not g.finished for g in games)}
    return out


def at_edge(tried: Sequence, v: dict) -> str | None:
    """Whether the answer sits at the edge of the range tried: "highest" when the best is the
    largest tried (more might do better still), "lowest" when the fewest tried (above 1) is
    plausible (fewer might do as well)."""
    if len(tried) < 2:
        return None
    if v["best"] == tried[-1]:
        return "highest"
    if tried[0] in v["plausible"] and tried[0] != 1:
        return "lowest"
    return None


def decide(points: dict, noun: str, margin: float) -> dict:
    """The margin rule over `points` ({candidate: games}, in order of preference) in words."""
    v = margin_rule({c: hits(g) for c, g in points.items()}, margin)
    rec, k = v["recommended"], len(points)
    if k == 1:
        verdict = f"only one {noun} was played"
    elif rec is not None:
        before = list(points)[:list(points).index(rec)]
        verdict = (f"{rec} is within {margin:.0%} of the best" + (
            f"; {', '.join(map(str, before))} shown behind" if before else
            f" and the first {noun} tried"))
    elif v["within_margin"]:
        verdict = (f"cannot tell: {v['within_margin'][0]} is within {margin:.0%} of the best,"
                   f" but {', '.join(map(str, v['candidates'][:-1]))} may be too")
    else:
        verdict = f"cannot tell: no {noun} is shown within {margin:.0%} of the best"
    labels = {c: f"{c:g}" for c in points}
    return {"best": v["best"], "recommended": rec, "candidates": v["candidates"],
            "plausible": v["plausible"],
            "differences": {f"{c:g}": d for c, d in v["differences"].items()},
            "answer": in_words(labels, v, noun="a side" if noun == "team size" else "to 1",
                               verb="finishes", worse="behind"),
            "at_edge": at_edge(list(points), v), "criterion": "finish_by_score",
            "method": v["method"],
            "within_margin": v["within_margin"], "behind": v["behind"],
            "leaders": [c for c in points if c not in v["behind"]],
            "difference_from_best": {str(c): d for c, d in v["difference_from_best"].items()},
            "verdict": verdict, "test": v["test"]}


def _by_width(games, players, widths, ratios, margin) -> dict:
    """For each width and ratio, the margin rule over the team sizes, fewest first."""
    return {str(w): {str(r): decide({p: games[(p, w, r)] for p in players}, "team size",
                                    margin) for r in ratios} for w in widths}


def holds(main, answers: list) -> str:
    """A preset's verdict on the main answer over its seeds."""
    if any(a is not None and a != main for a in answers):
        return "contradicted"
    if main is not None and all(a == main for a in answers):
        return "holds"
    return "cannot tell"


def answer_ratio(ratios: Sequence[float]) -> float:
    """The ratio a width's one answer is read at: the rulebook's average, 3 to 1, when run."""
    return 3.0 if 3.0 in ratios else sorted(ratios)[len(ratios) // 2]


def preset_names(tactics: str | Sequence[str] | None) -> list[str]:
    """The preset for both sides, or one for each: from a name, "a,b" or a list of names."""
    names = ([tactics] if isinstance(tactics, str) else list(tactics or [DEFAULT_PRESET]))
    names = [n for part in names for n in part.split(",") if n.strip()]
    for n in names:
        if n not in PRESETS:
            raise RulesError(f"unknown tactics {n!r}; presets: {', '.join(PRESETS)}",
                             field="tactics")
    if len(names) not in (1, 2):
        raise RulesError("tactics: one preset for both sides, or one for each", field="tactics")
    return names


def check_run(players: Sequence[int], matches: int, budget: int) -> None:
    """Refuse a chart whose sizes the simulator does not play."""
    if not 1 <= matches <= MAX_MATCHES:
        raise RulesError(f"matches must be 1 to {MAX_MATCHES}", field="matches")
    if not 1 <= budget <= 1000:
        raise RulesError("the budget must be 1 to 1000 rounds", field="budget")
    if any(not 1 <= p <= 30 for p in players):
        raise RulesError("players must be 1 to 30 a side", field="players")


def point_result(games: dict[tuple, list[MatchStats]], p: int, w: int, r: float) -> dict:
    """One point of the chart: its court, its figures and its criteria."""
    return {"players": p, "width_ft": w, "ratio": r, "length_ft": round(w * r / 5) * 5,
            "ft_per_player": round(w / p, 1), **summarise(games[(p, w, r)]),
            "criteria": criteria(games[(p, w, r)], p)}


def team_size(games: dict[tuple, list[MatchStats]], players: Sequence[int], w: int, at: float,
              margin: float, matches: int | None = None) -> int | None:
    """The team size the margin rule recommends at width `w` and ratio `at` (over the first
    `matches` of each point when given)."""
    return decide({p: games[(p, w, at)][:matches] for p in players}, "team size",
                  margin)["recommended"]


ROBUSTNESS_RULE = ("each preset's recommended_players at the same number of matches, on the"
                   " same rosters and dice, at this seed and at each of by_seed's: holds (the"
                   " same answer everywhere), contradicted (another size decided somewhere) or"
                   " cannot tell (no size decided, too few matches)")


def robust_answers(main: int | None, w: int, at: float, players: Sequence[int], names: list[str],
               games: dict[tuple, list[MatchStats]], robust_games: dict[str, dict],
               seed_games: dict[int, dict[str, dict]], rmatches: int, seed: int,
               margin: float) -> dict:
    """Whether the main answer `main` at width `w` holds for every other preset and seed."""
    answers = {name: team_size(g, players, w, at, margin) for name, g in robust_games.items()}
    if len(names) == 1:
        answers[names[0]] = team_size(games, players, w, at, margin, rmatches)
    by_seed = {str(s): {name: team_size(g, players, w, at, margin) for name, g in got.items()}
               for s, got in seed_games.items()}
    every = [*answers.values(), *(v for a in by_seed.values() for v in a.values())]
    status = {name: holds(main, [answers.get(name), *(a[name] for a in by_seed.values()
                                                       if name in a)])
              for name in PRESETS if name in answers}
    return {"matches_per_point": rmatches, "seed": seed, "answers": answers,
            "by_seed": by_seed, "status": status,
            "robust": all(v == "holds" for v in status.values()) and all(
                v == main for v in every),
            "rule": ROBUSTNESS_RULE}


def width_answer(w: int, players: Sequence[int], ratios: Sequence[float], at: float,
                 games: dict[tuple, list[MatchStats]], comparisons: dict,
                 results: list[dict], margin: float) -> dict:
    """One width's answer: the team size at the ratio it is read at, the criteria there, and
    each ratio's leaders and the ratios compared."""
    c = comparisons[str(w)][str(at)]
    per_ratio = {str(r): {k: comparisons[str(w)][str(r)][k]
                          for k in ("recommended", "best", "leaders", "verdict")}
                 for r in ratios}
    ratio_test = decide({r: [g for p in players for g in games[(p, w, r)]]
                         for r in sorted(ratios)}, "ratio", margin)
    return {"width_ft": w, "recommended_players": c["recommended"], "at_ratio": at,
            "plausible": c["plausible"], "differences": c["differences"],
            "answer": c["answer"], "at_edge": c["at_edge"], "method": c["method"],
            "criteria": {name: {str(p): row["criteria"][name] for p in players
                                for row in results if row["players"] == p
                                and row["width_ft"] == w and row["ratio"] == at}
                         for name in CRITERIA},
            "rulebook_players": w // 20, "comparison": c, "by_ratio": per_ratio,
            "ratios": ratio_test}


def play_runs(runs: list[list[dict]], workers: int | None, client, progress: Progress | None
              ) -> list[dict[tuple, list[MatchStats]]]:
    """Every run's games by point, on `workers` processes (every core by default) or on the
    Dask `client`."""
    total = sum(spec["stop"] - spec["start"] for specs in runs for spec in specs)
    runner = _Runner(workers if workers is not None else (os.cpu_count() or 1), client)
    try:
        played = _play(runner, runs, progress, total)
    except BaseException:
        runner.close(interrupted=True)
        raise
    runner.close()
    return played


def by_preset(rest: list[dict[tuple, list[MatchStats]]], others: list[str], extra: list[int]
              ) -> tuple[dict[str, dict], dict[int, dict[str, dict]]]:
    """The robustness runs' games (after the main run's, in `simulate`'s order): each other
    preset's, then each further seed's, by preset."""
    robust_games = dict(zip(others, rest))
    seed_games = {s: dict(zip(PRESETS, rest[len(others) + i * len(PRESETS):]))
                  for i, s in enumerate(extra)}
    return robust_games, seed_games


def simulate(players: Sequence[int] = DEFAULT_PLAYERS, widths: Sequence[int] = DEFAULT_WIDTHS,
             ratios: Sequence[float] = DEFAULT_RATIOS, matches: int = DEFAULT_MATCHES,
             budget: int = BUDGET, tactics: str | Sequence[str] | None = None, seed: int = 1,
             workers: int | None = None, robustness: bool = True,
             robust_matches: int | None = None, margin: float = MARGIN,
             progress: Progress | None = None, client=None,
             robust_seeds: Sequence[int] = ()) -> dict:
    """The chart (module docstring). The robustness runs play each other preset at
    `robust_matches` a point, at the ratio the answer is read at only, on the same keys; each
    of `robust_seeds` replays every preset (this one too) at that size on its own keys."""
    names = preset_names(tactics)
    check_run(players, matches, budget)
    pair = tuple(names) if len(names) == 2 else names[0]
    others = [p for p in PRESETS if [p] != names] if robustness else []
    extra = [s for s in dict.fromkeys(robust_seeds) if s != seed] if robustness else []
    rmatches = min(matches, robust_matches or matches)
    at = answer_ratio(ratios)
    runs = [_specs(players, widths, ratios, pair, matches, budget, seed),
            *(_specs(players, widths, [at], name, rmatches, budget, seed) for name in others),
            *(_specs(players, widths, [at], name, rmatches, budget, s)
              for s in extra for name in PRESETS)]
    games, *rest = play_runs(runs, workers, client, progress)
    robust_games, seed_games = by_preset(rest, others, extra)
    comparisons = _by_width(games, players, widths, ratios, margin)
    results = [point_result(games, p, w, r) for w in widths for r in ratios for p in players]
    widths_out = []
    for w in widths:
        entry = width_answer(w, players, ratios, at, games, comparisons, results, margin)
        if robustness:
            entry["robustness"] = robust_answers(entry["recommended_players"], w, at, players,
                                                 names, games, robust_games, seed_games,
                                                 rmatches, seed, margin)
        widths_out.append(entry)
    return {"chart": "matches", "players": list(players), "widths_ft": list(widths),
            "ratios": list(ratios), "matches": matches, "budget": budget, "seed": seed,
            "tactics": names if len(names) > 1 else names[0], "margin": margin,
            "results": results, "widths": widths_out, "criteria": CRITERIA,
            "rulebook_courts": rulebook_courts(results),
            "criterion": ("finish_within_budget: the chance a match ends by 9 points or the"
                          f" hoop within {budget} rounds (the rulebook's ten minutes is 100);"
                          " recommended_players: the fewest a side shown within the margin of"
                          " the best by the margin rule (stats.margin_rule)"),
            "rulebook": rulebook_answers(widths_out)}


RULEBOOK_COURTS = ((120, 3.0), (120, 4.0))       # 120 x 360 and 120 x 480 ft
RULEBOOK_SIDE = 6


def rulebook_courts(results: list[dict]) -> list[dict]:
    """The rulebook's own courts with its six a side, where the chart played them: each
    criterion and how the matches ended, said plainly (no verdict from a handful of finishes)."""
    out = []
    for width, ratio in RULEBOOK_COURTS:
        row = next((r for r in results if (r["players"], r["width_ft"], r["ratio"])
                    == (RULEBOOK_SIDE, width, ratio)), None)
        if row is None:
            continue
        ended = row["criteria"]["ended_by"]
        finish = row["criteria"]["finish_by_score"]
        out.append({"court_ft": [width, row["length_ft"]], "players": RULEBOOK_SIDE,
                    "matches": row["matches_played"], **row["criteria"],
                    "said": (f"{width} x {row['length_ft']} ft, six a side:"
                             f" {ended['points']} of {row['matches_played']} matches reached 9"
                             f" points and {ended['hoop']} ended by the hoop within the budget"
                             f" ({finish['value']:.0%}, {finish['ci95'][0]:.0%}-"
                             f"{finish['ci95'][1]:.0%})")})
    return out


def listed(values: list) -> str:
    """Sizes or ratios as a reader writes them ("3, 4 and 5"), not as Python prints a list."""
    said = [f"{v:g}" for v in values]
    if not said:
        return "none"
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def rulebook_answers(widths: list[dict]) -> list[str]:
    """What the run says about "one player for every 20 ft of width" and "3 to 1"."""
    out = []
    for w in widths:
        rec, book = w["recommended_players"], w["rulebook_players"]
        c = w["comparison"]
        if rec is None:
            out.append(f"{w['width_ft']} ft: no recommendation ({c['verdict']}); the best was"
                       f" {c['best']} a side, not shown behind: {listed(c['leaders'])}; the"
                       f" rulebook's"
                       f" {book} a side is {'among' if book in c['leaders'] else 'not among'}"
                       f" them")
        else:
            out.append(f"{w['width_ft']} ft: {rec} a side (the rulebook says {book}); not"
                       f" shown behind: {listed(c['leaders'])}")
        r = w["ratios"]
        three = "within the margin" if 3.0 in r["within_margin"] else "not shown within it"
        out.append(f"{w['width_ft']} ft, ratios: best {r['best']:g} to 1, within the margin:"
                   f" {listed(r['within_margin'])}; not shown behind: {listed(r['leaders'])};"
                   f" 3 to 1 is {three}")
    return out


def answers_said(report: dict) -> list[str]:
    """Each width's answer in words (and whether it sits at the edge of the sizes tried), and
    the rulebook's own courts as counts."""
    edge = {"highest": " (the largest size tried is the best: try more)",
            "lowest": " (the fewest tried may do as well: try fewer)", None: ""}
    out = [f"{w['width_ft']} ft: {w['answer']}{edge[w['at_edge']]}" for w in report["widths"]]
    return out + [c["said"] for c in report["rulebook_courts"]]


def table(report: dict) -> str:
    cols = [("players", "a side"), ("width_ft", "width"), ("ratio", "ratio"),
            ("finish_within_budget", f"ends in {report['budget']}"),
            ("median_rounds", "median rounds"), ("goals_per_match", "goals"),
            ("kicks_scoring_share", "kicks score"), ("kicks_intercepted_share", "intercepted"),
            ("hoop_wins_per_1000", "hoop /1000"), ("hoop_row_reached", "hoop row"),
            ("hoop_shots_per_1000", "hoop shots /1000")]
    rates = {"finish_within_budget", "kicks_scoring_share", "kicks_intercepted_share",
             "hoop_row_reached"}
    rows = [[label for _, label in cols]]
    for r in report["results"]:
        row = [str(r["players"]), f"{r['width_ft']} ft", f"{r['ratio']:g}"]
        for key, _ in cols[3:]:
            v, (lo, hi) = r[key], r["ci95"][key]
            if v is None:
                row.append(f"> {report['budget']}" if key == "median_rounds" else "-")
            elif key in rates:
                row.append(f"{v:.0%} ({lo:.0%}-{hi:.0%})")
            else:
                row.append(count_cell(v, lo, hi, "{:.1f}", report["budget"]))
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(cols))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    tactics = report["tactics"] if isinstance(report["tactics"], str) else \
        " vs ".join(report["tactics"])
    head = (f"Yaotzin whole matches, tactics {tactics}, {report['matches']} matches a point,"
            f" seed {report['seed']}, budget {report['budget']} rounds")
    foot = [*report["rulebook"], *answers_said(report),
            f"({report['criterion']}; 95% intervals in brackets)"]
    for w in report["widths"]:
        rob = w.get("robustness")
        if rob:
            foot.append(f"{w['width_ft']} ft across the presets ({rob['matches_per_point']}"
                        f" matches a point): " + ", ".join(
                            f"{k}: {rob['answers'][k]} ({v})" for k, v in rob["status"].items())
                        + f"; robust: {'yes' if rob['robust'] else 'no'}")
    return "\n".join([head, "", *lines, "", *foot])
