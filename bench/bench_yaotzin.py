"""The Yaotzin autopilot and whole matches: `/yaotzin/suggest` per player, and matches/s.

    python bench/bench_yaotzin.py [--n 3] [--matches 6]
    python bench/bench_yaotzin.py --compiled DIR      # pure and compiled (built into DIR)
    python bench/bench_yaotzin.py --chart [--compiled DIR]   # the default chart, 2 processes
    python bench/bench_yaotzin.py --sample 4 [--compiled DIR] [--before DIR ...]   # CPU a match
    python bench/bench_yaotzin.py --mix 2 [--compiled DIR] [--before DIR ...]   # the chart's mix

- suggest: the busy scenario of bench/scenario.py (24 players on the default 72 x 24 court,
  the ball at the Str 16 kicker's feet at (30, 12)), one `POST /api/v1/yaotzin/suggest` for
  each of the 24 players in turn (the whole Flask route in-process), `--n` times over, for
  each preset. Per player: wall-clock median, p95, the fastest and the slowest (the
  kicker's turn, the shot planner's), and the CPU median.
- matches: `--matches` whole matches of the default chart's middle point (6 a side, 120 ft,
  3 to 1) per preset, each build (pure Python; with `--compiled`, the mypyc build of
  setup.py's HOT_MODULES too) in a process of its own, interleaved twice: matches per second
  of CPU (one core) side by side.
- chart: `ballcourt simulate yaotzin --chart matches` at its defaults (4 to 8 a side, 120 ft,
  2.5, 3 and 4 to 1, 40 matches a point, the robustness runs) on 2 processes, timed whole:
  wall clock, the CPU time of both processes, and matches per second of CPU per core.
- sample: the default chart's points at its middle ratio (4 to 8 a side, 120 ft, 3 to 1),
  `--sample` matches each, in one process per build (its chunks as a chart's worker plays
  them: the collector paused), interleaved twice: CPU seconds a match, the figure a loaded
  machine disturbs least. `--before DIR` adds another tree (say a compiled copy of main, from
  bench/compiled.py) beside the builds measured.
- mix: the default chart itself at `--mix` matches a point (every size, ratio and preset it
  plays, its robustness runs included: 25 matches a unit, in the chart's proportions), in one
  process per build, interleaved twice: CPU seconds a match over the chart's own mix, which
  times 1,000 is the default chart's CPU.
The machine is shared: the load average is printed beside every figure; the CPU time is the
figure least disturbed by other people's work.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scenario import kick_body  # noqa: E402
from companion.defaults import DEFAULT_PORT, DEFAULT_URL  # noqa: E402
from companion.tactics.yaotzin import PRESETS  # noqa: E402

# One core: the matches of one preset in a process of its own, with that build first on the
# path (the planner's memory and the presets' caches start cold, as a chart's worker does).
MATCHES = """
import json, time
from companion.sim import yaotzin_match
c = time.process_time()
rounds = sum(yaotzin_match.play_match(6, 120, 3.0, f"bench:{{i}}", {name!r}).rounds
             for i in range({n}))
cpu = time.process_time() - c
print(json.dumps({{"per_s": {n} / cpu, "rounds": rounds / {n},
                  "compiled": yaotzin_match.__file__.endswith(".so")}}))
"""
# The chart's middle ratio, a few matches a point, in this process: CPU seconds a match
SAMPLE = """
import json, time
from companion.sim import yaotzin_match
from companion.sim.yaotzin_run import simulate
c = time.process_time()
r = simulate(ratios=[3.0], matches={n}, robustness=False, workers=1)
cpu = time.process_time() - c
print(json.dumps({{"cpu_per_match": cpu / sum(p["matches_played"] for p in r["results"]),
                  "compiled": yaotzin_match.__file__.endswith(".so")}}))
"""
# The default chart's own mix, `n` matches a point, in this process: CPU seconds a match
MIX = """
import json, time
from companion.sim import yaotzin_match
from companion.sim.yaotzin_run import simulate
c = time.process_time()
r = simulate(matches={n}, workers=1)
cpu = time.process_time() - c
played = sum(p["matches_played"] for p in r["results"]) + sum(
    (len(e["robustness"]["answers"]) - 1) * e["robustness"]["matches_per_point"]
    * len(r["players"]) for e in r["widths"])
print(json.dumps({{"cpu_per_match": cpu / played, "matches": played,
                  "compiled": yaotzin_match.__file__.endswith(".so")}}))
"""
# The default chart on 2 processes, timed whole; the CPU of the processes it started
CHART = """
import json, os, resource, time
from companion.sim import yaotzin_match
from companion.sim.yaotzin_run import simulate
w = time.perf_counter()
r = simulate(workers=2)
wall = time.perf_counter() - w
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
played = sum(p["matches_played"] for p in r["results"]) + sum(  # the default's own replay
    (len(e["robustness"]["answers"]) - 1) * e["robustness"]["matches_per_point"]
    * len(r["players"]) for e in r["widths"])                   # at 3 to 1 is not played
if {out!r}:
    open({out!r}, "w").write(json.dumps(r, indent=1))
print(json.dumps({{"wall": wall, "cpu": kids.ru_utime + kids.ru_stime, "matches": played,
                  "compiled": yaotzin_match.__file__.endswith(".so"),
                  "rulebook": r["rulebook"]}}))
"""


def _in(tree: Path, code: str) -> dict:
    """Run `code` with `tree`'s companion first on the path; its one line of JSON."""
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(tree)}, check=True)
    return json.loads(out.stdout)


def _load() -> str:
    return f"load average {os.getloadavg()[0]:.1f}"


def _builds(compiled: Path | None) -> dict[str, Path]:
    if compiled is None:
        return {"pure": ROOT}
    from bench.compiled import build_compiled

    if not list((compiled / "companion" / "sim").glob("yaotzin_match*.so")):
        print(f"building the compiled copy in {compiled} (mypyc, a minute or two)", flush=True)
        build_compiled(compiled)
    return {"pure": ROOT, "compiled": compiled}


def suggest(n: int) -> None:
    from companion.server import create_app
    from companion.server.config import Config

    client = create_app(Config(data_dir=Path(tempfile.mkdtemp()), token="bench-token",
                               port=DEFAULT_PORT)).test_client()
    headers = {"Authorization": "Bearer bench-token"}
    body = kick_body(24)
    body = {"players": body["players"], "ball": body["ball"]}
    print(f"{'suggest, per player':28} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>8}"
          f" {'min ms':>8} {'max ms':>8}")
    for name in PRESETS:
        walls, cpus = [], []
        for _ in range(n):
            for p in body["players"]:
                w0, c0 = time.perf_counter(), time.process_time()
                r = client.post("/api/v1/yaotzin/suggest",
                                json={**body, "mover": p["id"], "tactics": name},
                                headers=headers, base_url=DEFAULT_URL)
                cpus.append((time.process_time() - c0) * 1000)
                walls.append((time.perf_counter() - w0) * 1000)
                assert r.status_code == 200, r.get_json()
        walls.sort()
        p95 = walls[int(0.95 * (len(walls) - 1))]
        print(f"{name:28} {statistics.median(walls):10.1f} {p95:8.1f}"
              f" {statistics.median(cpus):8.1f} {walls[0]:8.1f} {walls[-1]:8.1f}  ({_load()})")


def matches(n: int, builds: dict[str, Path]) -> None:
    print(f"matches, 6 a side, 120 ft, 3:1, {n} a preset, one core (CPU matches/s),"
          f" interleaved twice; {os.cpu_count()} cores")
    got: dict[tuple[str, str], list[float]] = {}
    for _rep in range(2):
        for name in PRESETS:
            for build, tree in builds.items():
                r = _in(tree, MATCHES.format(name=name, n=n))
                assert r["compiled"] == (build == "compiled"), (build, r)
                got.setdefault((name, build), []).append(r["per_s"])
                print(f"  {name:12} {build:9} {r['per_s']:6.2f} matches/s of CPU,"
                      f" {r['rounds']:5.1f} rounds a match, {_load()}", flush=True)
    head = "".join(f" {b:>10}" for b in builds)
    print(f"{'mean of the two':14}{head}" + ("   compiled/pure" if len(builds) > 1 else ""))
    for name in PRESETS:
        means = {b: statistics.mean(got[(name, b)]) for b in builds}
        row = "".join(f" {means[b]:10.2f}" for b in builds)
        ratio = f"   {means['compiled'] / means['pure']:.2f}x" if len(builds) > 1 else ""
        print(f"{name:14}{row}{ratio}")


def chart(builds: dict[str, Path], out: Path | None) -> None:
    for build, tree in builds.items():
        before = _load()
        r = _in(tree, CHART.format(out=str(out.with_suffix(f".{build}.json")) if out else ""))
        print(f"default chart, {build}, 2 processes: {r['wall']:.0f} s wall"
              f" ({r['wall'] / 60:.1f} min), {r['cpu']:.0f} s of CPU in the processes,"
              f" {r['matches']} matches: {r['matches'] / r['cpu']:.2f} matches/s of CPU per"
              f" core; {before} before, {_load()} after", flush=True)


def sample(n: int, builds: dict[str, Path], mix: bool = False) -> None:
    print(f"the default chart's mix (4 to 8 a side, 120 ft, 2.5, 3 and 4 to 1, the robustness"
          f" runs), {n} matches a point" if mix else
          f"the chart's middle ratio (4 to 8 a side, 120 ft, 3:1), {n} matches a point",
          "one process a build, interleaved twice: CPU s a match", sep="; ")
    got: dict[str, list[float]] = {}
    for _rep in range(2):
        for build, tree in builds.items():
            r = _in(tree, (MIX if mix else SAMPLE).format(n=n))
            got.setdefault(build, []).append(r["cpu_per_match"])
            print(f"  {build:16} {r['cpu_per_match']:6.3f} s of CPU a match"
                  f" (compiled: {r['compiled']}), {_load()}", flush=True)
    for build, values in got.items():
        print(f"{build:16} mean {statistics.mean(values):6.3f} s a match")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=3, help="rounds of 24 players (default 3)")
    parser.add_argument("--matches", type=int, default=6,
                        help="matches per preset and build (default 6)")
    parser.add_argument("--compiled", type=Path, default=None, metavar="DIR",
                        help="a compiled copy (built there when missing): pure and compiled"
                             " side by side")
    parser.add_argument("--chart", action="store_true",
                        help="only time the default chart whole, on 2 processes")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help="with --chart: write each build's report to FILE.<build>.json")
    parser.add_argument("--sample", type=int, default=None, metavar="N",
                        help="only the chart's middle ratio, N matches a point: CPU s a match")
    parser.add_argument("--mix", type=int, default=None, metavar="N",
                        help="only the default chart's own mix, N matches a point: CPU s a match")
    parser.add_argument("--before", type=Path, action="append", default=[], metavar="DIR",
                        help="with --sample or --mix: another tree (e.g. a compiled copy of"
                             " main) too")
    args = parser.parse_args()
    print(f"{_load()} on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    builds = _builds(args.compiled)
    if args.sample or args.mix:
        sample(args.mix or args.sample, {**builds, **{f"before:{d.name}": d for d in args.before}},
               mix=bool(args.mix))
        return
    if args.chart:
        chart(builds, args.out)
        return
    suggest(args.n)
    matches(args.matches, builds)


if __name__ == "__main__":
    main()
