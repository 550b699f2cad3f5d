"""The goat-ball balance simulator's speed, and the figures docs/simulator.md quotes.

    python bench/bench_sim.py                 # 6 a side, 300 matches x zones 0,2,4; 1 and all cores
    python bench/bench_sim.py --figures DIR   # 4, 6 and 8 a side , zones 0-12: JSON + plots in DIR
    python bench/bench_sim.py --sensitivity DIR   # 6 a side with warier and bolder players

Target (issue 14): 300 matches x 3 zone counts in well under a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.sim.run import simulate  # noqa: E402

FIGURE_ZONES = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12]


def speed(matches: int, seed: int) -> None:
    cores = os.cpu_count() or 1
    print(f"goat-ball simulator, 6 a side, {matches} matches x zones 0,2,4 ({cores} cores)")
    for workers in dict.fromkeys((1, cores)):
        t0 = time.perf_counter()
        report = simulate(6, [0, 2, 4], matches, seed=seed, workers=workers)
        took = time.perf_counter() - t0
        passes = sum(r["passes_per_match"] for r in report["results"]) * matches
        print(f"  {workers} process{'es' if workers > 1 else ''}: {took:6.2f} s"
              f"  ({3 * matches / took:6.1f} matches/s, {passes / took / 1000:5.1f}k passes/s,"
              f" {took / passes * 1e6:5.1f} us a pass)")


def sensitivity(out: Path, matches: int, seed: int) -> None:
    """6 a side again with bolder and warier players: does the answer hang on the policy?"""
    out.mkdir(parents=True, exist_ok=True)
    for risk in (0.05, 0.25):
        report = simulate(6, FIGURE_ZONES, matches, seed=seed, fall_risk=risk)
        (out / f"goatball-6-risk{risk}.json").write_text(json.dumps(report, indent=2) + "\n")
        print(f"fall risk {risk}: recommended zones {report['recommended_zones']}",
              file=sys.stderr)


def figures(out: Path, matches: int, seed: int) -> None:
    from companion.sim.plot import plot

    out.mkdir(parents=True, exist_ok=True)
    reports = []
    for players in (4, 6, 8):
        t0 = time.perf_counter()
        report = simulate(players, FIGURE_ZONES, matches, seed=seed)
        print(f"{players} a side: {time.perf_counter() - t0:.1f} s,"
              f" recommended zones {report['recommended_zones']}", file=sys.stderr)
        (out / f"goatball-{players}.json").write_text(json.dumps(report, indent=2) + "\n")
        reports.append(report)
    plot(reports, out / "goatball-zones.svg")
    plot(reports, out / "goatball-zones.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--figures", type=Path, default=None, metavar="DIR")
    parser.add_argument("--sensitivity", type=Path, default=None, metavar="DIR")
    args = parser.parse_args()
    if args.sensitivity:
        sensitivity(args.sensitivity, args.matches, args.seed)
    elif args.figures:
        figures(args.figures, args.matches, args.seed)
    else:
        speed(args.matches, args.seed)


if __name__ == "__main__":
    main()
