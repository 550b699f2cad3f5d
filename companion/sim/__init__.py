"""Balance simulators: whole matches played by the real rules engine and a written-down policy.

Pure like `companion.rules` (no Flask, no disk); `goatball_run.py` adds processes, `plot.py`
matplotlib.
What the companion serves from them (the zone tune) and beside them (Yaotzin's exact charts)
is `companion.advice`, which calls in only through `goatball_run.simulate`.
"""
