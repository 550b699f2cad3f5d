"""The margin rule's error rates, by simulation: `python -m companion.sim.validate`.

It validates the statistics, not the game: each run draws paired 0/1 outcomes (a match's
outcome at every count shares one draw half of the time, as common random numbers make
them correlate) in rounds of `BATCH` up to `MAX_MATCHES` a count, and stops at the first
decided look, exactly as `simulate goatball` does. It prints the table docs/simulator.md
gives ("How the answer was validated"):

- with seven counts all equal, how often any look calls any count behind (promised: at most
  alpha, 5%);
- the within claim's Dunnett level spent over 15 looks (six comparisons at correlation 0.5,
  as seven equal counts give): how often the Brownian paths of the comparisons cross any
  look's boundary (promised: alpha, exact at one look; this checks the combination);
- /tune's anytime rule: seven equal counts looked at every 100 matches up to 400, and one
  paired gap looked at after every one of 3,000 matches, how often its confidence sequences
  exclude the truth at any look (promised: at most alpha);
- for 6 zones against 8, the 8 finishing 0, 1, 3, 6 and 9 points more often, at margins 0.05
  and 0.10: how often the target (6 when it lies within the margin, else 8) is decided, how
  often the other count is, and how often two independent runs (two seeds) name two
  different counts.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from .stats import (
    ALPHA,
    ANYTIME_TARGET,
    boundary,
    comparison_level,
    confidence_sequence,
    margin_rule,
)

BATCH = 200
MAX_MATCHES = 3000
SHARED = 0.5                  # the chance a match's outcome is one draw at every count
BEST = 0.6                    # 8 zones' chance to finish in the 6-against-8 rows
GAPS = (0.0, 0.01, 0.03, 0.06, 0.09)
MARGINS = (0.05, 0.10)


def one_run(chances: Sequence[float], margin: float, rng: random.Random,
            batch: int = BATCH, most: int = MAX_MATCHES,
            anytime: bool = False) -> tuple[bool, int | None]:
    """One adaptive run over candidates 0..k-1: whether any look called any candidate
    behind, and the recommended candidate (None: undecided at the last look); with
    `anytime`, by the confidence sequences /tune decides by."""
    rows: dict[int, list[int]] = {c: [] for c in range(len(chances))}
    schedule: list[int] = []
    called_behind = False
    while len(rows[0]) < most:
        for _ in range(min(batch, most - len(rows[0]))):
            common = rng.random() < SHARED
            u = rng.random()
            for c, p in enumerate(chances):
                rows[c].append(1 if (u if common else rng.random()) < p else 0)
        schedule.append(len(rows[0]))
        v = margin_rule(rows, margin, ALPHA, schedule, most, anytime)
        called_behind = called_behind or bool(v["behind"])
        if v["decided"]:
            return called_behind, v["recommended"]
    return called_behind, None


def all_equal(runs: int, rng: random.Random, **kw) -> float:
    """The share of runs in which seven truly equal counts saw one called behind."""
    return sum(one_run([0.4] * 7, 0.05, rng, **kw)[0] for _ in range(runs)) / runs


def sequence_coverage(runs: int, rng: random.Random, matches: int = MAX_MATCHES,
                      gap: float = 0.05) -> tuple[float, float]:
    """The share of `runs` of `matches` paired differences (two candidates `gap` apart, paired
    as above) in which the one-sided confidence sequences at alpha excluded the true gap at
    some match: the lower bound above it, the upper below it (promised: at most alpha each)."""
    above = below = 0
    for _ in range(runs):
        d = []
        for _ in range(matches):
            common, u = rng.random() < SHARED, rng.random()
            d.append(int(u < BEST) - int((u if common else rng.random()) < BEST - gap))
        bounds = confidence_sequence(d, ALPHA, ANYTIME_TARGET)
        above += any(low > gap for low, _ in bounds)
        below += any(high < gap for _, high in bounds)
    return above / runs, below / runs


def spending_check(paths: int, rng: random.Random, comparisons: int = 6, looks: int = 15,
                   correlation: float = 0.5) -> float:
    """The share of `paths` on which `comparisons` Brownian motions of common `correlation`,
    seen at `looks` equal steps, cross the boundary the within claim uses: Dunnett's
    per-comparison level spent by Lan-DeMets over the looks (promised: alpha)."""
    level = comparison_level(ALPHA, comparisons, correlation)
    schedule = list(range(1, looks + 1))
    bounds = [boundary(level, schedule[:look], looks) for look in schedule]
    shared, own = correlation ** 0.5, (1 - correlation) ** 0.5
    crossed = 0
    for _ in range(paths):
        walk = [0.0] * comparisons
        for look, bound in zip(schedule, bounds):
            common = rng.gauss(0, shared)
            walk = [w + common + rng.gauss(0, own) for w in walk]
            if max(walk) > bound * look ** 0.5:
                crossed += 1
                break
    return crossed / paths


def six_against_eight(gap: float, margin: float, runs: int, rng: random.Random,
                      **kw) -> dict:
    """Rates for 6 zones (index 0) `gap` below 8 (index 1): the target decided, the other
    decided, undecided, and two independent runs naming two different counts."""
    target = 0 if gap <= margin + 1e-12 else 1
    answers = [one_run([BEST - gap, BEST], margin, rng, **kw)[1] for _ in range(2 * runs)]
    first, second = answers[:runs], answers[runs:]
    return {"target": 6 if target == 0 else 8,
            "target_decided": sum(a == target for a in answers) / len(answers),
            "other_decided": sum(a == 1 - target for a in answers) / len(answers),
            "undecided": sum(a is None for a in answers) / len(answers),
            "seeds_disagree": sum(a is not None and b is not None and a != b
                                  for a, b in zip(first, second)) / runs}


def table(runs: int, seed: int, paths: int = 0, **kw) -> str:
    """The Markdown table docs/simulator.md shows (the Brownian paths' check first, when
    `paths`)."""
    rng = random.Random(seed)
    lines = [f"Dunnett's level spent over 15 looks, six comparisons at correlation 0.5:"
             f" {spending_check(paths, rng):.2%} of {paths} Brownian paths crossed"
             f" (promised: {ALPHA:.0%})", ""] if paths else []
    lines += [f"With seven counts all equal (0.4), runs that called any count behind:"
              f" {all_equal(runs, rng, **kw):.1%} of {runs} (promised: at most {ALPHA:.0%})",
              "",
             "| margin | 8 ahead of 6 by | target | target decided | other decided |"
             " undecided | two seeds disagree |",
             "|---|---|---|---|---|---|---|"]
    for margin in MARGINS:
        for gap in GAPS:
            r = six_against_eight(gap, margin, runs, rng, **kw)
            points = round(100 * gap)
            lines.append(f"| {margin:.2f} | {points} point{'s' * (points != 1)} | {r['target']} |"
                         f" {r['target_decided']:.1%} | {r['other_decided']:.1%} |"
                         f" {r['undecided']:.1%} | {r['seeds_disagree']:.1%} |")
    own = random.Random(f"{seed}:anytime")      # its own draws: the rows above stay as they were
    above, below = sequence_coverage(runs, own)
    lines += ["",
              f"/tune's rule (confidence sequences, a look every 100 matches up to 400):"
              f" seven equal counts, runs that called any count behind:"
              f" {all_equal(runs, own, batch=100, most=400, anytime=True):.1%} of {runs};"
              f" a gap of 5 points over 3,000 matches, looked at after every match, excluded"
              f" by the lower bound in {above:.1%} and by the upper in {below:.1%} of {runs}"
              f" runs (promised: at most {ALPHA:.0%} each)"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.sim.validate",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=400,
                        help="runs a row (pairs of runs for the seeds column; default 400)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    parser.add_argument("--paths", type=int, default=20000,
                        help="Brownian paths for the check of Dunnett's level spent over the"
                             " looks (default 20,000; 0: none)")
    args = parser.parse_args(argv)
    print(table(args.runs, args.seed, args.paths))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
