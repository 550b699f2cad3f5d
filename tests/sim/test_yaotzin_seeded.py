"""Seeded Yaotzin matches stay the same matches: every speed-up must leave them to the bit.

tests/golden/yaotzin/matches.json pins, for a few seeded matches of each preset (and one of
two presets against each other), the match's statistics and a digest of its whole trace (every
resolution's body, dice and answer, in order: the players' squares after every move are in the
bodies). It was written by the engine before its speed-ups (the planner's answers
remembered, the dribble search's repeats skipped, the roster kept between turns); any change
that moves one die or one square changes a digest. Regenerate only for a change that is meant
to alter results: `python -m tests.sim.test_yaotzin_seeded`, and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict

from companion.sim.yaotzin_match import play_match
from tests.helpers import GOLDEN, golden

NAME = "yaotzin/matches.json"
CASES = [
    *({"players": 5, "width": 80, "ratio": 3.0, "key": f"seeded:{i}", "tactics": t,
       "rounds": 40} for t in ("press-ball", "hold-lanes", "kick-long") for i in range(2)),
    {"players": 4, "width": 60, "ratio": 2.5, "key": "seeded:pair",
     "tactics": ["press-ball", "kick-long"], "rounds": 40},
    {"players": 6, "width": 120, "ratio": 3.0, "key": "seeded:full", "tactics": "hold-lanes",
     "rounds": 25},
]


def played(case: dict) -> dict:
    trace: list = []
    tactics = case["tactics"] if isinstance(case["tactics"], str) else tuple(case["tactics"])
    stats = play_match(case["players"], case["width"], case["ratio"], case["key"], tactics,
                       case["rounds"], trace=trace)
    digest = hashlib.sha256(json.dumps(trace, sort_keys=True).encode()).hexdigest()
    return {**case, "stats": asdict(stats), "resolutions": len(trace), "trace_sha256": digest}


def test_seeded_matches_are_the_matches_pinned_before_the_speed_ups():
    for want in golden(NAME):
        case = {k: want[k] for k in ("players", "width", "ratio", "key", "tactics", "rounds")}
        assert played(case) == want, case


if __name__ == "__main__":
    (GOLDEN / NAME).write_text(json.dumps({"cases": [played(c) for c in CASES]}, indent=1)
                               + "\n")
