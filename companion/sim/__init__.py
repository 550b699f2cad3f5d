"""Balance simulators: whole matches played by the real rules engine and a written-down policy.

Pure like `companion.rules` (no Flask, no disk); `run.py` adds processes, `plot.py` matplotlib.
"""
