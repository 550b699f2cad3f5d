"""Defaults the `ballcourt` command and the server share, importable without the server's
dependencies (`module install` runs from a wheel installed with none)."""

TUNE_TIME_LIMIT = 30.0     # seconds one /goatball/tune may work (docs/benchmarks.md's figures)
