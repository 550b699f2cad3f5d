"""The Yaotzin autopilot and whole matches: `/yaotzin/suggest` per player, and matches/s.

    python bench/bench_yaotzin.py [--n 3] [--matches 6]

- suggest: the busy scenario of bench/scenario.py (24 players on the default 72 x 24 court,
  the ball at the Str 16 kicker's feet at (30, 12)), one `POST /api/v1/yaotzin/suggest` for
  each of the 24 players in turn (the whole Flask route in-process), `--n` times over, for
  each preset. Per player: wall-clock median, p95, the fastest and the slowest (the
  kicker's turn, the shot planner's), and the CPU median.
- matches: `--matches` whole matches of the default chart's middle point (6 a side, 120 ft,
  3 to 1) in this one process, per preset: matches per second of CPU and of wall clock.
The machine is shared: the load average is printed first; the CPU time is the figure least
disturbed by other people's work.
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
from companion.sim.yaotzin_match import play_match  # noqa: E402
from companion.tactics.yaotzin import PRESETS  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=3, help="rounds of 24 players (default 3)")
    parser.add_argument("--matches", type=int, default=6,
                        help="matches per preset (default 6)")
    args = parser.parse_args()

    from companion.server import create_app
    from companion.server.config import Config
    client = create_app(Config(data_dir=Path(tempfile.mkdtemp()), token="bench-token",
                               port=7770)).test_client()
    headers = {"Authorization": "Bearer bench-token"}
    body = kick_body(24)
    body = {"players": body["players"], "ball": body["ball"]}

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"{'suggest, per player':28} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>8}"
          f" {'min ms':>8} {'max ms':>8}")
    for name in PRESETS:
        walls, cpus = [], []
        for _ in range(args.n):
            for p in body["players"]:
                w0, c0 = time.perf_counter(), time.process_time()
                r = client.post("/api/v1/yaotzin/suggest",
                                json={**body, "mover": p["id"], "tactics": name},
                                headers=headers, base_url="http://127.0.0.1:7770")
                cpus.append((time.process_time() - c0) * 1000)
                walls.append((time.perf_counter() - w0) * 1000)
                assert r.status_code == 200, r.get_json()
        walls.sort()
        p95 = walls[int(0.95 * (len(walls) - 1))]
        print(f"{name:28} {statistics.median(walls):10.1f} {p95:8.1f}"
              f" {statistics.median(cpus):8.1f} {walls[0]:8.1f} {walls[-1]:8.1f}")
    print(f"{'matches, 6 a side, 120 ft, 3:1':34} {'per s (cpu)':>11} {'per s (wall)':>12}"
          f" {'rounds':>7}")
    for name in PRESETS:
        w0, c0 = time.perf_counter(), time.process_time()
        rounds = sum(play_match(6, 120, 3.0, f"bench:{i}", name).rounds
                     for i in range(args.matches))
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        print(f"{name:34} {args.matches / cpu:11.2f} {args.matches / wall:12.2f}"
              f" {rounds / args.matches:7.1f}")


if __name__ == "__main__":
    main()
