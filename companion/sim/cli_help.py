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
        "The criterion is the chance a match ends within --budget passes; a zone count is"
        " recommended only when a paired test over the shared matches shows it ahead (else"
        " 'no difference'), and the answer is checked against every other preset"
        " (docs/simulator.md).", 78)]
    return "\n".join(lines)
