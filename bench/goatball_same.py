"""md5s of seeded goat-ball answers, to show a speed-up changed none of them.

python bench/goatball_same.py TREE   # TREE: a checkout, or a compiled copy (bench/compiled.py)

Prints one JSON object: the md5 of 120 traced matches (every preset at 4 a side without zones,
6 a side at 3 and 8 zones, 8 a side at 5, 3 seeds each, on the lean and the full path, with
each match's figures), whether the two paths agree pass by pass, two matches of mixed presets,
a seeded report with its robustness runs (6 a side, zones 0, 2, 4, 8, 120 matches, seed 3)
and, pure Python only (a compiled module's calls cannot be wrapped), the table's JSON of every
pass the full path resolved. Run it on the tree before and after: every md5 the same.
"""

import hashlib
import json
import sys

sys.path.insert(0, sys.argv[1])

from companion.sim import goatball_match as gm  # noqa: E402
from companion.sim.goatball_run import simulate  # noqa: E402
from companion.tactics.goatball import PRESETS  # noqa: E402

FIELDS = ("passes winner tipoff_team hot_throws knock_offs knock_outs possession_changes falls"
          " throws intercepted weaker declared decisive").split()


def figures(stats) -> tuple:
    return tuple((f, getattr(stats, f)) for f in FIELDS)


def md5(value) -> str:
    return hashlib.md5(repr(value).encode()).hexdigest()


out: dict = {"compiled": gm.__file__.endswith(".so")}
tables: list[str] = []
if not out["compiled"]:
    resolve = gm.resolve_pass

    def recorded(*args, **kwargs):
        result = resolve(*args, **kwargs)
        tables.append(json.dumps(result.as_dict(), sort_keys=True))
        return result

    gm.resolve_pass = recorded
traces = {}
for preset in PRESETS:
    for players, zones in ((4, 0), (6, 3), (6, 8), (8, 5)):
        for seed in range(3):
            for lean in (True, False):
                trace: list = []
                stats = gm.play_match(players, zones, f"{seed}:{players}",
                                      f"{seed}:{players}:{zones}:dice", 80, tactics=preset,
                                      lean=lean, trace=trace)
                traces[(preset, players, zones, seed, lean)] = (trace, figures(stats))
out["lean_equals_full"] = all(traces[k][0] == traces[k[:-1] + (False,)][0]
                              for k in traces if k[-1])
out["traces"] = md5(sorted(traces.items()))
out["passes"] = sum(len(t) for t, _ in traces.values())
if tables:
    out["full_as_dict"] = md5(tables)
    out["full_as_dict_n"] = len(tables)
mixed = []
for a, b in (("follow-ball", "evasive"), ("thin-defence", "double-team")):
    trace = []
    stats = gm.play_match(6, 4, "m1", "m1:dice", 200, tactics=[a, b], trace=trace)
    mixed.append((trace, figures(stats)))
out["mixed"] = md5(mixed)
report = simulate(players=6, zones=[0, 2, 4, 8], matches=120, seed=3, workers=1,
                  robust_matches=20, robust_seeds=2)
out["report"] = md5(json.dumps(report, sort_keys=True, default=str))
print(json.dumps(out, indent=1))
