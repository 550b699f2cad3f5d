"""In-process cost of the rules: a kick, a full odds preview, contests, a goat-ball pass.

    python bench/bench_rules.py            # prints median / p99 in ms and peak memory

Targets (the kick tool previews on every hover, so the rules must be a small share of it): a kick
under 0.2 ms, odds under 2 ms, with 24 players on the court.
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.scenario import goat_body, kick_body  # noqa: E402
from companion.rules.dice import Dice  # noqa: E402
from companion.rules.goatball.match import actions_from, throw_from  # noqa: E402
from companion.rules.goatball.passes import resolve_pass  # noqa: E402
from companion.rules.goatball.state import Settings as GoatSettings  # noqa: E402
from companion.rules.goatball.state import arena_from_dict  # noqa: E402
from companion.rules.yaotzin.contests import preview_contest, resolve_contest  # noqa: E402
from companion.rules.yaotzin.court import Court  # noqa: E402
from companion.rules.yaotzin.grid import Square  # noqa: E402
from companion.rules.yaotzin.kick import resolve_kick  # noqa: E402
from companion.rules.yaotzin.odds import kick_preview  # noqa: E402
from companion.rules.yaotzin.players import Player, Roster  # noqa: E402
from companion.rules.yaotzin.settings import Settings  # noqa: E402


def measure(fn, n: int) -> dict:
    for _ in range(min(50, n)):
        fn()
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"median_ms": statistics.median(times), "p99_ms": times[int(0.99 * (n - 1))],
            "peak_kib": peak / 1024}


def main() -> None:
    body = kick_body(24)
    court, settings = Court(), Settings()
    roster = Roster([Player(**{**p, "feats": frozenset(p.get("feats", ()))})
                     for p in body["players"]], court)
    ball, target = Square(30, 12), Square(38, 15)
    # a defender beside the kicker (the ball in his square), for the contests
    beside = Roster([*roster.players, Player(id="defender", team="moon", x=31, y=12, str=14,
                                             dex=13, bab=3)], court)
    goat = goat_body(6)
    arena = arena_from_dict(goat, GoatSettings())
    actions, throw = actions_from(goat["actions"]), throw_from(goat["throw"])
    cases = {
        "kick (24 players)": lambda: resolve_kick(court, roster, "kicker", ball, target, True,
                                                  0, settings, Dice(seed=1)).as_dict(),
        "preview + exact odds (24 players)": lambda: kick_preview(court, roster, "kicker", ball,
                                                                  target, True, 0,
                                                                  settings).as_dict(),
        "contest: trip, trip AoO (24 players)":
            lambda: resolve_contest(court, beside, "trip", "kicker", "defender", ball,
                                    Dice(seed=1), target_aoo="trip").as_dict(),
        "contest: grapple (24 players)":
            lambda: resolve_contest(court, beside, "grapple", "defender", "kicker", ball,
                                    Dice(seed=1)).as_dict(),
        "contest: preview (24 players)":
            lambda: preview_contest(court, beside, "overrun", "kicker", "defender", ball,
                                    Dice(seed=1)).as_dict(),
        "goat-ball pass (6 a side)": lambda: resolve_pass(arena, actions, throw, Dice(seed=1)),
    }
    print(f"{'case':38} {'median ms':>10} {'p99 ms':>9} {'peak KiB':>9}")
    for name, fn in cases.items():
        m = measure(fn, 2000)
        print(f"{name:38} {m['median_ms']:10.4f} {m['p99_ms']:9.4f} {m['peak_kib']:9.1f}")


if __name__ == "__main__":
    main()
