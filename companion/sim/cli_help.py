"""The text `ballcourt simulate goatball --help` ends with: the presets and the criterion."""

from __future__ import annotations

import textwrap


def goatball_epilog() -> str:
    from ..tactics.goatball import DEFAULT_PRESET, PRESETS

    lines = ["tactics presets (--tactics; default " + DEFAULT_PRESET + "):"]
    for name, p in PRESETS.items():
        lines += textwrap.wrap(f"{name}: {p.summary}", 78, initial_indent="  ",
                               subsequent_indent="      ")
    lines += ["", *textwrap.wrap(
        "The criterion is the chance a match ends within --budget passes. The answer is the"
        " fewest zones shown within --margin of the best by a one-sided paired test that"
        " allows for the best being picked from the same data and for every adaptive round,"
        " once every count with fewer zones is shown behind (else 'cannot tell'); every"
        " preset plays --robust-matches (at most --matches) at --robust-seeds seeds to check"
        " it, the longer part of a run: --no-robustness skips it (docs/simulator.md).", 78)]
    return "\n".join(lines)
