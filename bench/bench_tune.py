"""A zone tune at its documented limits: when each stage's answer comes, and the last one.

    python bench/bench_tune.py [--limit 30] [--runs 1]

The route's own `run_tune` (worker process, nice 10, stages) in this process, for the body
the module sends at the limits: four teams of sixteen, `budget` 200, the default zone counts
(eleven: 0, 2, 3, 4, 6, ... 16, 20) and `matches` (400 a zone count). Prints, for each run, every
stage (seconds since the start, matches a zone count, the zones it recommends or none, whether
it is decided) and the final answer, with the load average before and after: a tune's wall
time is the machine's load as much as its own work (docs/benchmarks.md, "One tune at a time").
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.defaults import TUNE_TIME_LIMIT  # noqa: E402
from companion.server.tuning import run_tune  # noqa: E402


def limits_body() -> dict:
    """What the module sends for four teams of sixteen at the largest budget (no zones, no
    matches: the companion's defaults), skills spread as at a real table."""
    return {"roster": {"teams": [{"id": f"t{t}", "players": [
        {"id": f"p{t}-{i}", "athletics": (i * 7 + t) % 9, "acrobatics": (i * 5 + t) % 8}
        for i in range(16)]} for t in range(4)]},
        "tactics": ["single-chaser"] * 4, "budget": 200, "seed": 1, "zones": None,
        "matches": 400, "margin": 0.05}


def one_run(limit: float) -> None:
    stages: list[dict] = []
    started = time.monotonic()
    answer = run_tune(limits_body(), limit, lambda: False, on_stage=stages.append)
    took = time.monotonic() - started
    for s in stages:
        print(f"  stage at {s['seconds']:5.1f} s: {s['matches']:4d} of {s['of']} matches a zone"
              f" count")
    print(f"  answer at {took:5.1f} s: {answer['matches']:4d} matches a zone count,"
          f" partial {answer['partial']}, zones {answer['zones']}, best {answer['best']},"
          f" decided {answer['decided']}, candidates {answer['candidates']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=float, default=TUNE_TIME_LIMIT)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    for run in range(args.runs):
        print(f"run {run + 1}, limit {args.limit:g} s, load average {os.getloadavg()[0]:.1f}")
        one_run(args.limit)
        print(f"  load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
