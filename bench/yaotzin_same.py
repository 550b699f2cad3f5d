"""md5s of seeded Yaotzin answers, to show a speed-up changed none of them.

python bench/yaotzin_same.py TREE   # TREE: a checkout, or a compiled copy (bench/compiled.py)

Prints one JSON object: the md5 of 12 traced matches (every preset at 3 and 6 a side, two keys
each, 120 ft, 3 to 1: each match's statistics and every resolution in order), of a hold-lanes
against kick-long match, and of a small chart with its robustness runs and a further seed (4
and 6 a side, 120 ft, 3 and 4 to 1, 3 matches a point, seed 5, robust seed 2: 42 matches).
Run it on the tree before and after a change: every md5 the same.
"""

import hashlib
import json
import sys
from dataclasses import asdict

sys.path.insert(0, sys.argv[1])

from companion.sim import yaotzin_match  # noqa: E402
from companion.sim.yaotzin_run import simulate  # noqa: E402
from companion.tactics.yaotzin import PRESETS  # noqa: E402


def md5(value) -> str:
    return hashlib.md5(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def traced(players: int, key: str, tactics) -> dict:
    trace: list = []
    stats = yaotzin_match.play_match(players, 120, 3.0, key, tactics, trace=trace)
    return {"stats": asdict(stats), "trace": trace}


out: dict = {"compiled": yaotzin_match.__file__.endswith(".so")}
matches = [traced(players, f"same:{i}", name)
           for name in PRESETS for players in (3, 6) for i in range(2)]
out["traces"] = md5(matches)
out["resolutions"] = sum(len(m["trace"]) for m in matches)
out["pair"] = md5(traced(5, "same:pair", ("hold-lanes", "kick-long")))
report = simulate(players=[4, 6], widths=[120], ratios=[3.0, 4.0], matches=3, seed=5,
                  workers=1, robust_seeds=[2])
out["chart"] = md5(report)
print(json.dumps(out, indent=1))
