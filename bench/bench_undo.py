"""Undo as a match grows: with snapshots (the companion's way) against a replay of the whole log.

    python bench/bench_undo.py [--sizes 10,1000,10000] [--repeat 20]

For each size, a Yaotzin match gets that many events through the real `Matches.append`
(a mix of ball moves, rounds and notes; the setup runs with synchronous=OFF only to build
quickly), then `undo` is timed `--repeat` times, each undo followed by re-applying the same
event so the log keeps its length. "replay" sets the snapshot interval past the match's
length: the cost of undo before snapshots. "reopen" is a fresh connection reading the match
(what a restarted companion does first): it reads the stored state, it never replays.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.server import matches as matches_module  # noqa: E402
from companion.server.db import connect, init_db  # noqa: E402
from companion.server.matches import Matches  # noqa: E402


def event(i: int) -> dict:
    if i % 3 == 0:
        return {"type": "ball", "x": 10 + i % 40, "y": 3 + i % 15, "speed": i % 4 * 10,
                "direction": "E" if i % 4 else None, "meta": {"chat": f"m{i}"}}
    if i % 3 == 1:
        return {"type": "note", "text": f"note {i}"}
    return {"type": "damage", "player": f"p{i % 6}", "nonlethal": 1 + i % 3}


def build(db_path: Path, n: int) -> str:
    init_db(db_path)
    db = connect(db_path)
    db.execute("PRAGMA synchronous=OFF")
    m = Matches(db)
    mid = m.create({"game": "yaotzin", "teams": [{"id": "sun"}, {"id": "moon"}],
                    "field": None, "settings": {"round_limit": 10000}, "name": "bench"})["id"]
    for i in range(n):
        m.append(mid, event(i))
    db.close()
    return mid


def time_undo(db_path: Path, mid: str, n: int, repeat: int) -> list[float]:
    db = connect(db_path)
    m = Matches(db)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        state, _ = m.undo(mid)
        times.append((time.perf_counter() - t0) * 1000)
        assert state["seq"] == n - 1
        m.append(mid, event(n - 1))
    db.close()
    return times


def time_reopen(db_path: Path, mid: str, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        db = connect(db_path)
        Matches(db).get(mid)
        db.close()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10,1000,10000")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    every = matches_module.SNAPSHOT_EVERY
    print(f"undo of the last event, median (p90) ms over {args.repeat} undos;"
          f" snapshots every {every} events")
    print(f"{'events':>8}{'snapshots':>18}{'replay':>18}{'reopen':>16}")
    for n in sizes:
        row = [f"{n:>8}"]
        for interval in (every, 10**9):
            matches_module.SNAPSHOT_EVERY = interval
            path = Path(tempfile.mkdtemp()) / "bench.sqlite3"
            mid = build(path, n)
            times = sorted(time_undo(path, mid, n, args.repeat))
            p90 = times[int(0.9 * (len(times) - 1))]
            row.append(f"{statistics.median(times):10.2f} ({p90:5.2f})")
        matches_module.SNAPSHOT_EVERY = every
        reopen = sorted(time_reopen(path, mid, args.repeat))
        row.append(f"{statistics.median(reopen):16.2f}")
        print("".join(row), flush=True)


if __name__ == "__main__":
    main()
