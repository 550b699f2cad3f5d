"""The goat-ball balance simulator's speed, and the figures docs/simulator.md quotes.

    python bench/bench_sim.py                  # matches/s: lean vs full path, 1 and 2 processes
    python bench/bench_sim.py --baseline DIR   # ... and the first simulator, from a checkout in DIR
    python bench/bench_sim.py --grid           # time for 4-10 a side x 0-10 zones x 2,000 a point
    python bench/bench_sim.py --figures DIR    # the CLI's default run at 4, 6, 8 a side

One core is measured in CPU time (time.process_time) as well as wall time: on a shared
machine the wall clock mostly measures the other jobs.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.sim.goatball import play_match  # noqa: E402
from companion.sim.run import DEFAULT_ZONES, simulate  # noqa: E402

WORKLOAD = (6, (0, 2, 4))        # the first simulator's bench: 6 a side, zones 0, 2, 4


def _time(fn) -> tuple[float, float, object]:
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def one_core(matches: int, seed: int, baseline: Path | None) -> None:
    players, zones = WORKLOAD
    print(f"one process, {players} a side, zones {','.join(map(str, zones))},"
          f" {matches} matches each (load average {os.getloadavg()[0]:.1f}"
          f" on {os.cpu_count()} cores)")
    runs = {"lean (the simulator)": lambda i, z: play_match(players, z, f"{seed}:{i}",
                                                            f"{seed}:{i}:dice", lean=True),
            "full engine path": lambda i, z: play_match(players, z, f"{seed}:{i}",
                                                        f"{seed}:{i}:dice", lean=False)}
    if baseline is not None:
        old = _import_baseline(baseline)
        runs["first simulator (baseline)"] = lambda i, z: old.play_match(
            players, z, f"{seed}:{players}:{i}", f"{seed}:{players}:{z}:{i}")
    for _rep in range(2):                    # interleaved, twice: the load moves
        for name, fn in runs.items():
            def play(fn=fn):
                return sum(fn(i, z).passes for z in zones for i in range(matches))
            wall, cpu, passes = _time(play)
            n = matches * len(zones)
            print(f"  {name:28s} {n / cpu:7.1f} matches/s of CPU ({n / wall:6.1f} wall),"
                  f" {cpu / passes * 1e6:6.1f} us a pass, {passes / n:5.1f} passes a match")


def _import_baseline(root: Path):
    """The first simulator's play_match from another checkout (e.g. `git archive 0924ddb`)."""
    saved = {k: v for k, v in sys.modules.items() if k.startswith("companion")}
    for k in saved:
        del sys.modules[k]
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module("companion.sim.goatball")
    finally:
        sys.path.remove(str(root))
        for k in [k for k in sys.modules if k.startswith("companion")]:
            sys.modules[f"baseline.{k}"] = sys.modules.pop(k)
        sys.modules.update(saved)


def processes(matches: int, seed: int) -> None:
    players, zones = WORKLOAD
    for workers in (1, 2):
        wall, cpu, _ = _time(lambda w=workers: simulate(
            players, list(zones), matches, seed, workers=w, adaptive=False, robustness=False))
        n = matches * len(zones)
        print(f"  simulate(), {workers} process{'es' if workers > 1 else ''}:"
              f" {wall:6.1f} s wall, {n / wall:6.1f} matches/s")


def grid(seed: int, sample: int) -> None:
    """The cost of 4-10 a side x 0-10 zones x 2,000 matches a point, from `sample` matches a
    point timed in CPU (an extrapolation: it says so)."""
    total_cpu, points = 0.0, 0
    for players in range(4, 11):
        row = []
        for zones in range(0, 11):
            _, cpu, _ = _time(lambda p=players, z=zones: [
                play_match(p, z, f"{seed}:{p}:{i}", f"{seed}:{p}:{i}:dice")
                for i in range(sample)])
            total_cpu += cpu / sample * 2000
            points += 1
            row.append(cpu / sample * 1000)
        print(f"  {players:2d} a side: ms a match by zones 0-10:"
              f" {' '.join(f'{x:5.1f}' for x in row)}")
    print(f"grid of {points} points x 2,000 matches: {total_cpu / 3600:.2f} h of one core,"
          f" {total_cpu / 3600 / 2:.2f} h on 2 (extrapolated from {sample} matches a point)")


def figures(out: Path, seed: int) -> None:
    from companion.sim.plot import plot

    out.mkdir(parents=True, exist_ok=True)
    reports = []
    for players, extra in ((6, {}), (4, {"robustness": False, "matches": 600}),
                           (8, {"robustness": False, "matches": 600})):
        wall, _, report = _time(lambda p=players, e=extra: simulate(
            p, list(DEFAULT_ZONES), seed=seed, **e))
        print(f"{players} a side: {wall:.0f} s, {report['matches_played']} matches a point,"
              f" recommended zones {report['recommended_zones']}", file=sys.stderr, flush=True)
        (out / f"goatball-{players}.json").write_text(json.dumps(report, indent=2) + "\n")
        reports.append(report)
    reports.sort(key=lambda r: r["players"])
    plot(reports, out / "goatball-zones.svg")
    plot(reports, out / "goatball-zones.png")
    plot(reports, out / "goatball-by-zone-count.svg", axis="zones")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", type=Path, default=None, metavar="DIR")
    parser.add_argument("--grid", action="store_true")
    parser.add_argument("--sample", type=int, default=10)
    parser.add_argument("--figures", type=Path, default=None, metavar="DIR")
    args = parser.parse_args()
    if args.figures:
        figures(args.figures, args.seed)
    elif args.grid:
        grid(args.seed, args.sample)
    else:
        one_core(args.matches, args.seed, args.baseline)
        processes(args.matches * 4, args.seed)


if __name__ == "__main__":
    main()
