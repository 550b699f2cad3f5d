"""In-process cost of the shot planner (`POST /api/v1/yaotzin/kick/suggest`).

    python bench/bench_planner.py [--n 40]

The busy scenario of bench/scenario.py (24 players on the default 72 x 24 court, a Str 16
kicker at (30, 12)), top 5, for each goal line. Three figures each:
- cold: a fresh process's first answer for this kicker's square (everything the planner keeps
  between requests forgotten before every run, `plan.clear_caches`: the empty-court rolls,
  the flight lines, the attack and scatter tables);
- warm: the same court again (what a GM who moves a player pays, or who changes the kicker's
  Str once the landings of that Str have been asked for: the empty-court rolls and the flight
  lines from the kicker's square are remembered between requests; the kicker's own numbers,
  his kicks' landings and every player's part are worked out afresh);
- route: the whole Flask route in-process (schema, players, rules, JSON), warm.
Wall-clock medians and p95, the CPU time (process_time) median, and the fastest run (the
least disturbed by other work), since on a shared machine the wall clock also counts other
people's work. Target: well under 50 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.scenario import kick_body  # noqa: E402
from companion.defaults import DEFAULT_PORT, DEFAULT_URL  # noqa: E402
from companion.rules.yaotzin import plan  # noqa: E402
from companion.rules.yaotzin.court import Court  # noqa: E402
from companion.rules.yaotzin.grid import Square  # noqa: E402
from companion.rules.yaotzin.players import Player, Roster  # noqa: E402
from companion.rules.yaotzin.settings import Settings  # noqa: E402


def measure(fn, n: int, before=None) -> dict:
    walls, cpus = [], []
    for _ in range(n):
        if before:
            before()
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpus.append((time.process_time() - c0) * 1000)
        walls.append((time.perf_counter() - w0) * 1000)
    walls.sort()
    return {"median_ms": statistics.median(walls), "p95_ms": walls[int(0.95 * (n - 1))],
            "cpu_median_ms": statistics.median(cpus), "min_ms": walls[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=40, help="runs per figure (default 40)")
    args = parser.parse_args()

    body = kick_body(24)
    del body["target"]
    court, settings = Court(), Settings()
    roster = Roster([Player(**{**p, "feats": frozenset(p.get("feats", ()))})
                     for p in body["players"]], court)

    from companion.server import create_app
    from companion.server.config import Config
    client = create_app(Config(data_dir=Path(tempfile.mkdtemp()), token="bench-token",
                               port=DEFAULT_PORT)).test_client()
    headers = {"Authorization": "Bearer bench-token"}

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"{'case':34} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>8} {'min ms':>8}")
    for end in ("west", "east"):
        def run(end=end):
            return plan.suggest_kicks(court, roster, "kicker", Square(30, 12), True, 0,
                                      settings, end, 5)

        rows = {f"cold, attacking {end}": measure(run, args.n, plan.clear_caches),
                f"warm, attacking {end}": measure(run, args.n)}
        def call(end=end):
            r = client.post("/api/v1/yaotzin/kick/suggest", json={**body, "attacks": end},
                            headers=headers, base_url=DEFAULT_URL)
            assert r.status_code == 200, r.get_json()

        rows[f"route (warm), attacking {end}"] = measure(call, args.n)
        for name, m in rows.items():
            print(f"{name:34} {m['median_ms']:10.1f} {m['p95_ms']:8.1f}"
                  f" {m['cpu_median_ms']:8.1f} {m['min_ms']:8.1f}")


if __name__ == "__main__":
    main()
