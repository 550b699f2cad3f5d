"""The chat card: title, lines, rolls and actions as data, plus an English HTML rendering."""

from __future__ import annotations

import html
import re
from typing import Any

from .text import TEXT, render

# The rules name an attack's modifiers in English (companion/rules stays free of i18n); each
# label the rules write is matched here to its key and data, so a reader sees it in his own
# language. A label without a pattern is a programming error (tests/test_card_keys.py).
BREAKDOWN_KEYS = [
    (re.compile(r"BAB"), "BALLCOURT.Card.Breakdown.BAB"),
    (re.compile(r"Dex"), "BALLCOURT.Card.Breakdown.Dex"),
    (re.compile(r"Non-proficient \(pelota\)"), "BALLCOURT.Card.Breakdown.NonProficient"),
    (re.compile(r"Range \((?P<squares>-?\d+) sq, (?P<free>-?\d+) free\)"),
     "BALLCOURT.Card.Breakdown.Range"),
    (re.compile(r"Power Attack"), "BALLCOURT.Card.Breakdown.PowerAttack"),
    (re.compile(r"Point Blank Shot"), "BALLCOURT.Card.Breakdown.PointBlank"),
    (re.compile(r"Too close to the hoop"), "BALLCOURT.Card.Breakdown.TooClose"),
]


def breakdown_entry(entry: dict) -> dict:
    """A modifier as the card carries it: the rules' label (its English text) and value, plus
    its key and data."""
    for pattern, key in BREAKDOWN_KEYS:
        match = pattern.fullmatch(entry["label"])
        if match:
            data = {name: int(value) for name, value in match.groupdict().items()}
            return {**entry, "key": key, "data": data}
    raise AssertionError(f"breakdown label {entry['label']!r} has no key")


def roll_entry(roll: dict, names: dict[str, str]) -> dict:
    """A roll as the card carries it: the rules' `name` (which the module matches rolls by),
    plus its key, data and English `label`. The rules name a roll by what it is for
    ("attack", "save") or, in goat-ball, by its player and check ("r1.knock_off",
    "r3.defense.b2", "r1.tipoff#2"). A name without a key is a programming error."""
    player, _, check = roll["name"].partition(".")
    if check:
        key, data = f"BALLCOURT.Card.Roll.Of.{check.split('.')[0].split('#')[0]}", \
            {"player": names.get(player, player)}
    else:
        key, data = f"BALLCOURT.Card.Roll.{player}", {}
    if key not in TEXT:
        raise AssertionError(f"roll {roll['name']!r} has no key")
    return {**roll, "key": key, "data": data, "label": render(key, data)}


class Card:
    def __init__(self, kind: str, title_key: str, **title_data: Any):
        self.kind = kind
        self.title = {"key": title_key, "data": title_data, "text": render(title_key, title_data)}
        self.lines: list[dict] = []
        self.actions: list[dict] = []
        self.breakdown: list[dict] = []

    def line(self, key: str, tone: str = "info", **data: Any) -> Card:
        self.lines.append({"key": key, "data": data, "text": render(key, data), "tone": tone})
        return self

    def action(self, action_id: str, key: str, payload: dict, **data: Any) -> Card:
        self.actions.append({"id": action_id, "key": key, "data": data,
                             "label": render(key, data), "payload": payload})
        return self

    def build(self, rolls: list[dict], names: dict[str, str] | None = None) -> dict:
        """The card; `names` (player id -> name) label goat-ball's rolls by their players."""
        rolls = [roll_entry(r, names or {}) for r in rolls]
        return {"kind": self.kind, "title": self.title, "lines": self.lines,
                "breakdown": [breakdown_entry(b) for b in self.breakdown], "rolls": rolls,
                "actions": self.actions,
                "html": self.html(rolls)}

    def html(self, rolls: list[dict]) -> str:
        esc = html.escape
        parts = [f'<div class="ballcourt-card" data-kind="{esc(self.kind)}">',
                 f"<h3>{esc(self.title['text'])}</h3>"]
        if self.breakdown:
            items = "".join(f"<li>{esc(b['label'])} <b>{b['value']:+d}</b></li>"
                            for b in self.breakdown)
            parts.append(f'<ul class="ballcourt-breakdown">{items}</ul>')
        parts += [f'<p class="ballcourt-line {esc(line["tone"])}">{esc(line["text"])}</p>'
                  for line in self.lines]
        if rolls:
            items = "".join(f"<li>{esc(r['label'])}: {esc(r['formula'])} → {r['total']}</li>"
                            for r in rolls)
            parts.append(f'<ul class="ballcourt-rolls">{items}</ul>')
        parts.append("</div>")
        return "".join(parts)
