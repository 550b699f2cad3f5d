"""The goat-ball balance simulator's speed, and the figures docs/simulator.md quotes.

python bench/bench_goatball.py                 # matches/s: lean vs full path, 1 and 2 processes
python bench/bench_goatball.py --baseline DIR  # ... and the first simulator, from a checkout in DIR
python bench/bench_goatball.py --before DIR    # ... and the lean and full paths of another checkout
python bench/bench_goatball.py --compiled DIR  # pure and compiled (built into DIR), side by side
python bench/bench_goatball.py --compiled DIR --baseline OLD  # ... and the first simulator
python bench/bench_goatball.py --grid          # 4-10 a side x 0-10 zones x 2,000 a point, played
python bench/bench_goatball.py --figures DIR   # the CLI's default run at 4, 6, 8 a side
python bench/bench_goatball.py --tables DIR    # ... as the markdown tables of simulator.md

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

if "BALLCOURT_BENCH_TREE" not in os.environ:      # --grid on a compiled copy: its tree first
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
else:
    sys.path.insert(0, os.environ["BALLCOURT_BENCH_TREE"])

from companion.sim.goatball_match import play_match  # noqa: E402
from companion.sim.goatball_run import BUDGET, DEFAULT_ZONES, pass_limit_for, simulate  # noqa: E402

WORKLOAD = (6, (0, 2, 4))        # the first simulator's bench: 6 a side, zones 0, 2, 4

# One core, each build at its own defaults (6 a side, the default zone counts, its own pass
# limit), timed in a process of its own with that build first on the path: CPU matches/s.
ONE_CORE = """
import json, sys, time
from companion.sim import goatball_match as goatball
first = not hasattr(goatball, "Streams")       # the first simulator's play_match
zones, n, seed = (0, 1, 2, 3, 4, 6, 8), {n}, {seed}
c = time.process_time()
passes = 0
for z in zones:
    for i in range(n):
        if first:
            g = goatball.play_match(6, z, f"{{seed}}:6:{{i}}", f"{{seed}}:6:{{z}}:{{i}}")
        else:
            g = goatball.play_match(6, z, f"{{seed}}:6:{{i}}", f"{{seed}}:6:{{i}}:dice", 80)
        passes += g.passes
cpu = time.process_time() - c
print(json.dumps({{"per_s": n * len(zones) / cpu, "passes": passes / (n * len(zones)),
                  "compiled": goatball.__file__.endswith(".so")}}))
"""
# The default 6-a-side answer (the CLI's defaults without the robustness runs), wall time
# and the CPU time of every process it used (the pool's, once shut down and reaped): on a
# shared machine the wall time on two free cores is about half that CPU time
ANSWER = """
import json, resource, time
from companion.sim.goatball_run import simulate
def cpu():
    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
w, c = time.perf_counter(), cpu()
r = simulate(workers={workers}, robustness=False, seed={seed})
print(json.dumps({{"wall": time.perf_counter() - w, "cpu": cpu() - c,
                  "recommended": r["recommended_zones"], "matches": r["matches_played"],
                  "pairing": r["comparison"]["pairing"]}}))
"""


def _in(tree: Path, code: str) -> dict:
    """Run `code` with `tree`'s companion first on the path; its one line of JSON."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(tree)}, check=True)
    return json.loads(out.stdout)


def side_by_side(compiled: Path, baseline: Path | None, matches: int, seed: int) -> None:
    """Pure and compiled (and the first simulator) on one core, interleaved twice, then the
    default 6-a-side answer's wall time on 2 processes, pure and compiled."""
    from bench.compiled import build_compiled

    if not list((compiled / "companion" / "sim").glob("goatball*.so")):
        print(f"building the compiled copy in {compiled} (mypyc, a minute or two)", flush=True)
        build_compiled(compiled)
    root = Path(__file__).resolve().parents[1]
    builds = {"pure": root, "compiled": compiled}
    if baseline is not None:
        builds["first simulator"] = baseline
    print(f"one core, 6 a side, zones 0,1,2,3,4,6,8, {matches} matches each, CPU time;"
          f" {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    got: dict[str, list[float]] = {name: [] for name in builds}
    for _rep in range(2):
        for name, tree in builds.items():
            r = _in(tree, ONE_CORE.format(n=matches, seed=seed))
            got[name].append(r["per_s"])
            print(f"  {name:16s} {r['per_s']:7.1f} matches/s of CPU, {r['passes']:5.1f} passes"
                  f" a match, load average {os.getloadavg()[0]:.1f}", flush=True)
    pure = sum(got["pure"]) / 2
    for name, rates in got.items():
        mean = sum(rates) / len(rates)
        print(f"  {name}: {mean:.1f} matches/s ({mean / pure:.2f}x pure)")
    if baseline is not None:
        first = sum(got["first simulator"]) / 2
        print(f"  compiled / first simulator: {sum(got['compiled']) / 2 / first:.1f}x per core")
    for name in ("pure", "compiled"):
        r = _in(builds[name], ANSWER.format(workers=2, seed=seed))
        print(f"  default 6-a-side answer, {name}, 2 processes: {r['wall']:.1f} s wall,"
              f" {r['cpu']:.1f} s CPU in all processes,"
              f" {r['matches']} matches a zone count, recommended {r['recommended']},"
              f" pairing {r['pairing']}, load average {os.getloadavg()[0]:.1f}", flush=True)


def _time(fn) -> tuple[float, float, object]:
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def one_core(matches: int, seed: int, baseline: Path | None, before: Path | None) -> None:
    """Matches a second and µs a pass of CPU on one core: the lean and full paths followed to
    200 passes as the first simulator was (and those of the checkout `before`, the same seeds),
    the lean path at the simulator's default pass limit (twice the budget), and the first
    simulator, interleaved, twice."""
    players, zones = WORKLOAD
    print(f"one process, {players} a side, zones {','.join(map(str, zones))},"
          f" {matches} matches each ({os.cpu_count()} cores)")
    paths = [("", play_match)]
    if before is not None:
        paths.append((" before", _import_baseline(before, "before").play_match))
    runs = {}
    for label, play_match_of in paths:
        runs[f"lean{label} (the simulator)"] = lambda i, z, p=play_match_of: p(
            players, z, f"{seed}:{i}", f"{seed}:{i}:dice", lean=True)
        runs[f"full engine path{label}"] = lambda i, z, p=play_match_of: p(
            players, z, f"{seed}:{i}", f"{seed}:{i}:dice", lean=False)
    limit = pass_limit_for(BUDGET)
    runs[f"lean, to {limit} passes (the default)"] = lambda i, z: play_match(
        players, z, f"{seed}:{i}", f"{seed}:{i}:dice", pass_limit=limit, lean=True)
    if baseline is not None:
        old = _import_baseline(baseline, "baseline")
        runs["first simulator (baseline)"] = lambda i, z: old.play_match(
            players, z, f"{seed}:{players}:{i}", f"{seed}:{players}:{z}:{i}")
    for _rep in range(2):                    # interleaved, twice: the load moves
        for name, fn in runs.items():
            def play(fn=fn):
                return sum(fn(i, z).passes for z in zones for i in range(matches))
            wall, cpu, passes = _time(play)
            n = matches * len(zones)
            print(f"  {name:35s} {n / cpu:7.1f} matches/s of CPU ({n / wall:6.1f} wall),"
                  f" {cpu / passes * 1e6:6.1f} us a pass, {passes / n:5.1f} passes a match,"
                  f" load average {os.getloadavg()[0]:.1f}", flush=True)


def _import_baseline(root: Path, prefix: str):
    """The simulator module of another checkout (e.g. `git archive 0924ddb`, the first
    simulator), its modules kept apart under `prefix`."""
    saved = {k: v for k, v in sys.modules.items() if k.startswith("companion")}
    for k in saved:
        del sys.modules[k]
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module("companion.sim.goatball_match")
    finally:
        sys.path.remove(str(root))
        for k in [k for k in sys.modules if k.startswith("companion")]:
            sys.modules[f"{prefix}.{k}"] = sys.modules.pop(k)
        sys.modules.update(saved)


def processes(matches: int, seed: int) -> None:
    players, zones = WORKLOAD
    for workers in (1, 2):
        wall, cpu, _ = _time(lambda w=workers: simulate(
            players, list(zones), matches, seed, workers=w, adaptive=False, robustness=False))
        n = matches * len(zones)
        print(f"  simulate(), {workers} process{'es' if workers > 1 else ''}:"
              f" {wall:6.1f} s wall, {n / wall:6.1f} matches/s")


def grid(seed: int, matches: int, workers: int | None) -> None:
    """4-10 a side x 0-10 zones x `matches` a point (2,000 by default), every match played:
    `simulate()` at its defaults (pass limit twice the budget), without adaptive stopping or
    the robustness run, on `workers` processes (default: every core). Wall and CPU time."""
    total_wall, total_matches = 0.0, 0
    for players in range(4, 11):
        wall, cpu, report = _time(lambda p=players: simulate(
            p, list(range(11)), matches, seed, workers=workers, adaptive=False,
            robustness=False))
        total_wall += wall
        total_matches += matches * 11
        ends = " ".join(f"{r['finish_within_budget']:.0%}" for r in report["results"])
        print(f"  {players:2d} a side: {wall:6.1f} s wall ({matches * 11 / wall:6.1f}"
              f" matches/s, {cpu:.1f} s CPU in this process), ends within {report['budget']}"
              f" by zones 0-10: {ends}", flush=True)
    print(f"grid of 77 points x {matches:,} matches ({total_matches:,}):"
          f" {total_wall / 60:.1f} min wall on {workers or os.cpu_count()} processes"
          f" ({total_matches / total_wall:.0f} matches/s), load average"
          f" {os.getloadavg()[0]:.1f} at the end")


# Two tables' rosters for /tune (docs/simulator.md, "For one table's roster"): five level-5
# adventurers against six goliaths, and two level-8 parties of six. Bonuses as 5e builds them
# (proficiency +3 at level 5, +3 at 8; expertise doubles it); the names are the classes.
TUNE_ROSTERS = {
    "5 PCs vs 6 goliaths": {"teams": [
        {"id": "party", "players": [
            {"id": "fighter", "athletics": 7, "acrobatics": 1},
            {"id": "rogue", "athletics": 1, "acrobatics": 9},
            {"id": "cleric", "athletics": 2, "acrobatics": 0},
            {"id": "wizard", "athletics": -1, "acrobatics": 2},
            {"id": "ranger", "athletics": 5, "acrobatics": 6}]},
        {"id": "goliaths", "players": [
            {"id": f"goliath{i + 1}", "athletics": 5, "acrobatics": 1} for i in range(6)]}]},
    "level 8, 6 vs 6": {"teams": [
        {"id": "west", "players": [
            {"id": "barbarian", "athletics": 8, "acrobatics": 3},
            {"id": "monk", "athletics": 4, "acrobatics": 9},
            {"id": "bard", "athletics": 1, "acrobatics": 6},
            {"id": "paladin", "athletics": 7, "acrobatics": 0},
            {"id": "druid", "athletics": 2, "acrobatics": 1},
            {"id": "warlock", "athletics": 0, "acrobatics": 2}]},
        {"id": "east", "players": [
            {"id": "fighter8", "athletics": 8, "acrobatics": 2},
            {"id": "rogue8", "athletics": 2, "acrobatics": 11},
            {"id": "ranger8", "athletics": 5, "acrobatics": 7},
            {"id": "cleric8", "athletics": 3, "acrobatics": 0},
            {"id": "sorcerer", "athletics": -1, "acrobatics": 5},
            {"id": "artificer", "athletics": 1, "acrobatics": 3}]}]},
}
SEEDS = (1, 2, 3)


def figures(out: Path, seed: int, workers: int | None) -> None:
    """The JSON docs/simulator.md quotes: the CLI's default run (6 a side, with the
    robustness runs), 6 a side again at two more seeds, 4 and 8 a side at three seeds (no
    robustness runs), and /tune's answer for the two rosters at five seeds."""
    from companion.advice.goatball import roster_from, tune

    out.mkdir(parents=True, exist_ok=True)
    runs = [(6, seed, {})] + [(6, s, {"robustness": False}) for s in SEEDS if s != seed] + \
        [(p, s, {"robustness": False}) for p in (4, 8) for s in SEEDS]
    for players, s, extra in runs:
        wall, _, report = _time(lambda p=players, s=s, e=extra: simulate(
            p, list(DEFAULT_ZONES), seed=s, workers=workers, **e))
        name = f"goatball-{players}.json" if s == seed else f"goatball-{players}-seed{s}.json"
        print(f"{name}: {wall:.0f} s, {report['matches_played']} matches a point,"
              f" recommended zones {report['recommended_zones']}"
              f" ({report['comparison']['verdict']}), load average {os.getloadavg()[0]:.1f}",
              file=sys.stderr, flush=True)
        (out / name).write_text(json.dumps(report, indent=2) + "\n")
    answers = {}
    for label, body in TUNE_ROSTERS.items():
        answers[label] = []
        for s in range(1, 6):
            wall, _, got = _time(lambda b=body, s=s: tune(roster_from(b), seed=s,
                                                           workers=workers or 1))
            answers[label].append({k: got[k] for k in (
                "zones", "best", "best_is_largest_tried", "candidates", "decided", "matches",
                "finish_within_budget", "teams", "sentence")} | {"seed": s,
                                                                "wall": round(wall, 1)})
            print(f"tune {label} seed {s}: {got['zones']} ({got['sentence']}), {wall:.1f} s",
                  file=sys.stderr, flush=True)
    (out / "tune-rosters.json").write_text(json.dumps(
        {"rosters": TUNE_ROSTERS, "answers": answers}, indent=2) + "\n")
    replot(out)


def replot(out: Path) -> None:
    """The plots, again, from the JSON --figures wrote (goatball-4, -6 and -8.json)."""
    from companion.sim.plot import plot

    reports = [json.loads((out / f"goatball-{n}.json").read_text()) for n in (4, 6, 8)]
    plot(reports, out / "goatball-zones.svg")
    plot(reports, out / "goatball-zones.png")
    plot(reports, out / "goatball-by-zone-count.svg", axis="zones")


def _cell(r: dict, key: str, pct: bool, limit: int) -> str:
    v, (lo, hi) = r[key], r["ci95"][key]
    if v is None:
        return f"> {limit}" if key == "median_passes" else "-"
    if pct:
        return f"{v:.0%} ({lo:.0%}-{hi:.0%})"
    fmt = (lambda x: "cap" if x is None else f"{x:.0f}") if key == "median_passes" \
        else (lambda x: f"{x:.1f}")
    return f"{fmt(v)} ({fmt(lo)}-{fmt(hi)})"


def tables(out: Path) -> None:
    """The markdown tables docs/simulator.md shows, from the JSON --figures wrote: each seed's
    answer, then the default seed's full tables, the robustness runs and the tunes."""
    reports = {}
    for path in sorted(out.glob("goatball-*.json")):
        r = json.loads(path.read_text())
        if "comparison" in r and "candidates" in r["comparison"]:
            reports[r["players"], r["seed"]] = r
    print("| a side | seed | matches a count | answer | best | within 5 points | behind |"
          " pairing: correlation, narrower |")
    print("|---|---|---|---|---|---|---|---|")
    for (players, s), r in sorted(reports.items()):
        c = r["comparison"]
        answer = r["recommended_zones"] if r["recommended_zones"] is not None else \
            f"cannot tell ({', '.join(map(str, c['candidates']))})"
        print(f"| {players} | {s} | {r['matches_played']} | {answer} | {c['best']} |"
              f" {c['within_margin']} | {c['behind']} | {c['pairing']['correlation']:.2f},"
              f" {c['pairing']['narrower']:.0%} |")
    print()
    for (_players, s), report in sorted(reports.items()):
        if s != 1:
            continue
        c = report["comparison"]
        rec = report["recommended_zones"]
        verdict = c["verdict"].removeprefix("cannot tell yet: ")
        print(f"#### {report['players']} a side ({2 * report['players']} players), seed 1:"
              f" {'cannot tell' if rec is None else rec} ({verdict},"
              f" {report['matches_played']:,} matches a zone count)\n")
        print(f"| zones | per zone (both teams, one team) | ends within {report['budget']} |"
              " gap below the best (bound) | median passes | upsets | intercepted |"
              " knock-offs | best in resamples |")
        print("|---|---|---|---|---|---|---|---|---|")
        for r in report["results"]:
            z = r["zones"]
            name = f"**{z}**" if z == report["recommended_zones"] else str(z or "0 (none)")
            ppz = ("-" if r["players_per_zone"] is None else
                   f"{r['players_per_zone']:.1f}, {r['players_per_zone_one_team']:.1f}")
            cells = [_cell(r, k, pct, report["pass_limit"]) for k, pct in (
                ("finish_within_budget", True), ("median_passes", False), ("upset_rate", True),
                ("intercepted_share", True), ("knock_offs_per_match", False))]
            gap = f"{c['gap_upper'][str(z)]:.0%}"
            print(f"| {name} | {ppz} | {cells[0]} | {gap} | {' | '.join(cells[1:])} |"
                  f" {c['win_share'][str(z)]:.0%} |")
        print()
        rob = report.get("robustness")
        if rob:
            print(f"Robustness: every preset, {rob['matches']} matches a zone count, seeds"
                  f" {rob['seeds']}:\n")
            print("| preset | answer by seed | ends within the budget by zones (first seed) |")
            print("|---|---|---|")
            for name, p in rob["presets"].items():
                first = p["by_seed"][str(rob["seeds"][0])]["finish_within_budget"]
                fwb = ", ".join(f"{z}: {v:.0%}" for z, v in first.items())
                answers = ", ".join("cannot tell" if a is None else str(a)
                                    for a in p["answers"])
                print(f"| {name} | {answers} | {fwb} |")
            print(f"\nrobust: {rob['robust']}; holds for {rob['holds_for']}, fails for"
                  f" {rob['fails_for']}\n")
    tunes = out / "tune-rosters.json"
    if tunes.exists():
        data = json.loads(tunes.read_text())
        print("| roster | seed | zones | best (largest tried?) | candidates | matches a count |"
              " ends within 40 | each team wins | seconds |")
        print("|---|---|---|---|---|---|---|---|---|")
        for label, answers in data["answers"].items():
            for a in answers:
                wins = ", ".join(f"{t} {v['win']:.0%}" for t, v in a["teams"].items())
                zones = "cannot tell" if a["zones"] is None else a["zones"]
                print(f"| {label} | {a['seed']} | {zones} | {a['best']}"
                      f" ({'yes' if a['best_is_largest_tried'] else 'no'}) | {a['candidates']} |"
                      f" {a['matches']} | {a['finish_within_budget']:.0%} | {wins} |"
                      f" {a['wall']} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", type=Path, default=None, metavar="DIR")
    parser.add_argument("--compiled", type=Path, default=None, metavar="DIR",
                        help="a compiled copy (built there when missing): pure and compiled"
                             " side by side")
    parser.add_argument("--before", type=Path, default=None, metavar="DIR")
    parser.add_argument("--grid", action="store_true")
    parser.add_argument("--grid-matches", type=int, default=2000, metavar="M",
                        help="--grid: matches a point (default 2000)")
    parser.add_argument("--workers", type=int, default=None,
                        help="--grid: processes (default: every core)")
    parser.add_argument("--figures", type=Path, default=None, metavar="DIR")
    parser.add_argument("--tables", type=Path, default=None, metavar="DIR")
    parser.add_argument("--replot", type=Path, default=None, metavar="DIR")
    args = parser.parse_args()
    if args.tables:
        tables(args.tables)
    elif args.replot:
        replot(args.replot)
    elif args.figures:
        figures(args.figures, args.seed, args.workers)
    elif args.grid:
        grid(args.seed, args.grid_matches, args.workers)
    elif args.compiled:
        side_by_side(args.compiled, args.baseline, args.matches, args.seed)
    else:
        one_core(args.matches, args.seed, args.baseline, args.before)
        processes(args.matches * 4, args.seed)


if __name__ == "__main__":
    main()
