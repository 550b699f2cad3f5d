"""Tactics presets: named, documented policies for the players' choices at the table.

Pure like `companion.rules` (no Flask, no processes, no disk): the balance simulator plays
with them, and the GM's autopilot (`POST /api/v1/goatball/suggest`) proposes NPC declarations
with them, so what a GM sees suggested is exactly what the simulator measured.
"""

from .goatball import DEFAULT_PRESET, PRESETS, Decl, Preset, Skills, Slip, View, preset

__all__ = ["DEFAULT_PRESET", "PRESETS", "Decl", "Preset", "Skills", "Slip", "View", "preset"]
