"""A zone tune at its documented limits: when each stage's answer comes, and the last one.

    python bench/bench_tune.py [--limit 30] [--runs 1]
    python bench/bench_tune.py --table [--compiled DIR]   # a 2 x 6 roster's whole answer

`--table`: the whole tune (`advice.goatball.tune`, one process, no time limit) for two teams
of six at the defaults, the body a table sends: its wall time, its CPU seconds (what it
takes on a quiet core: the tune is one process) and the load average around it; with
`--compiled DIR`, in a compiled copy built there when missing (bench/compiled.py).

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


TABLE = """
import json, resource, time
from companion.advice.goatball import tune
from companion.sim import goatball_match as goatball
from companion.tactics.goatball import Skills
roster = [(t, [(f"{t}{i}", Skills((i * 7 + k) % 9, (i * 5 + k) % 8)) for i in range(6)])
          for k, t in enumerate(("red", "blue"))]
cpu, wall = time.process_time(), time.monotonic()
answer = tune(roster)
print(json.dumps({"wall": time.monotonic() - wall, "cpu": time.process_time() - cpu,
                  "compiled": goatball.__file__.endswith(".so"), "matches": answer["matches"],
                  "zones_tried": answer["zones_tried"], "sentence": answer["sentence"]}))
"""


def table_roster(tree: Path) -> None:
    """The 2 x 6 roster's whole tune in `tree` (a checkout or a compiled copy)."""
    import json
    import subprocess

    before = os.getloadavg()[0]
    done = subprocess.run([sys.executable, "-c", TABLE], cwd=tree, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(tree)}, check=True)
    got = json.loads(done.stdout)
    print(f"2 x 6 roster, {'compiled' if got['compiled'] else 'pure'}: {got['wall']:.1f} s wall,"
          f" {got['cpu']:.1f} s CPU, {got['matches']} matches a count at zones"
          f" {got['zones_tried']}; load average {before:.1f} before,"
          f" {os.getloadavg()[0]:.1f} after\n  {got['sentence']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=float, default=TUNE_TIME_LIMIT)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--table", action="store_true",
                        help="a 2 x 6 roster's whole tune instead of the limits' stages")
    parser.add_argument("--compiled", type=Path, default=None, metavar="DIR",
                        help="with --table: in a compiled copy (built in DIR when missing)")
    args = parser.parse_args()
    if args.table:
        tree = Path(__file__).resolve().parents[1]
        if args.compiled is not None:
            from bench.compiled import build_compiled

            if not list((args.compiled / "companion" / "sim").glob("goatball*.so")):
                build_compiled(args.compiled)
            tree = args.compiled
        for _ in range(args.runs):
            table_roster(tree)
        return
    for run in range(args.runs):
        print(f"run {run + 1}, limit {args.limit:g} s, load average {os.getloadavg()[0]:.1f}")
        one_run(args.limit)
        print(f"  load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
