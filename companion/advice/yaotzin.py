"""Yaotzin charts: the kick chart, the best-aim chart and the hoop chart, all exact.

The kick chart: the exact chance to score from a distance, by Strength.

No sampling: for each (Strength, distance) it takes the same attack modifier and the same
landing weights (d20 attack x d8 scatter) that a real kick and its hover preview use, and adds
up the weight of every landing square beyond the goal line. The kicker stands on the flat
middle row, `squares` in front of the west goal line, and aims straight at the first square
beyond it, standing still (his Strength bonus of free range increments) with no Power Attack.
Interceptors and the roll of a ball that lands short are left out: this is the kick alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from ..rules.dice_tree import outcomes
from ..rules.errors import IllegalAction, OutOfRange, RulesError
from ..rules.yaotzin.court import Court
from ..rules.yaotzin.grid import Square
from ..rules.yaotzin.hoop import HOOP_MIN_SQUARES, resolve_hoop
from ..rules.yaotzin.kick import kick_modifiers
from ..rules.yaotzin.odds import landing_weights
from ..rules.yaotzin.plan import KickPlanner
from ..rules.yaotzin.players import FEATS, Player, Roster
from ..rules.yaotzin.settings import Settings

STRENGTHS = (8, 10, 12, 14, 16, 18, 20)


def score_chance(strength: int, squares: int, dex: int = 12, bab: int = 2,
                 feats: Sequence[str] = (), court: Court | None = None,
                 settings: Settings | None = None) -> float | None:
    """P(goal) for a kick from `squares` in front of the goal line; None beyond max range."""
    court = court or Court()
    settings = settings or Settings()
    row = court.width // 2
    kicker = Player(id="k", team="a", x=squares, y=row, str=strength, dex=dex, bab=bab,
                    feats=frozenset(feats))
    target = Square(-1, row)
    mods = kick_modifiers(court, kicker, target, True, 0, settings)
    if not mods.in_range:
        return None
    _, weights = landing_weights(court, kicker, target, mods.modifier, mods.precise, settings)
    return sum(w for sq, w in weights.items() if court.scoring_end(sq) == "west") / 160


def kick_chart(strengths: Sequence[int] = STRENGTHS, max_squares: int = 14, dex: int = 12,
               bab: int = 2, feats: Sequence[str] = ()) -> dict:
    """{"kicker", "squares": [...], "rows": [{"str", "score": [p | None per distance]}]}."""
    unknown = sorted(set(feats) - set(FEATS))
    if unknown:
        raise RulesError(f"unknown feat {unknown[0]!r}; known: {', '.join(FEATS)}", field="feats")
    if not 1 <= max_squares <= 60:
        raise RulesError("the chart runs 1 to 60 squares (5 to 300 ft)", field="max_squares")
    if any(not 1 <= s <= 40 for s in strengths):
        raise RulesError("each Strength must be 1 to 40", field="strengths")
    squares = list(range(1, max_squares + 1))
    rows = [{"str": s, "score": [score_chance(s, d, dex, bab, feats) for d in squares]}
            for s in strengths]
    return {"kicker": {"dex": dex, "bab": bab, "feats": sorted(feats)}, "squares": squares,
            "rows": rows}


def chart_table(chart: dict) -> str:
    """Markdown: a row per Strength, a column per distance in feet; '-' beyond max range."""
    head = "| Str | " + " | ".join(f"{5 * d} ft" for d in chart["squares"]) + " |"
    rule = "|---|" + "---|" * len(chart["squares"])
    lines = [head, rule]
    for row in chart["rows"]:
        cells = ["-" if p is None else f"{p:.0%}" for p in row["score"]]
        lines.append(f"| {row['str']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# -- the best-aim chart and the hoop chart ----------------------------------------------------
def _kicker(strength: int, dex: int, bab: int, feats: Sequence[str], x: int, y: int) -> Player:
    return Player(id="kicker", team="kickers", x=x, y=y, str=strength, dex=dex, bab=bab,
                  feats=frozenset(feats))


def _check(strengths: Sequence[int], feats: Sequence[str], max_squares: int, top: int) -> None:
    unknown = sorted(set(feats) - set(FEATS))
    if unknown:
        raise RulesError(f"unknown feat {unknown[0]!r}; known: {', '.join(FEATS)}", field="feats")
    if not 1 <= max_squares <= top:
        raise RulesError(f"the chart runs 5 to {5 * top} ft", field="max_ft")
    if any(not 1 <= s <= 40 for s in strengths):
        raise RulesError("each Strength must be 1 to 40", field="strengths")


def assumptions(dex: int, bab: int, feats: Sequence[str]) -> str:
    return (f"Dex {dex}, BAB {bab:+d}, feats: {', '.join(sorted(feats)) or 'none'}; standing"
            f" still (free range increments from the Strength bonus), no Power Attack")


@lru_cache(maxsize=4096)
def best_aim(strength: int, squares: int, dex: int = 12, bab: int = 2,
             feats: Sequence[str] = (), court: Court | None = None,
             settings: Settings | None = None) -> dict:
    """The aim that maximises the chance of a goal from `squares` in front of the west line.

    The kicker stands alone on the middle row (no interceptors), so the chance counts the
    attack, the scatter and the roll-on after landing: the shot planner's exact odds.
    """
    court = court or Court()
    settings = settings or Settings()
    row = court.width // 2
    kicker = _kicker(strength, dex, bab, feats, squares, row)
    planner = KickPlanner(court, Roster([kicker], court), kicker, True, 0, settings, "west")
    best = planner.all_aims(1)[0]
    at_line = planner.aim(Square(-1, row))
    return {"aim": {"x": best.x, "y": best.y}, "past_line": -best.x, "rows_off": best.y - row,
            "p_goal": best.p_goal, "p_hit": best.p_hit, "target_ft": best.target_ft,
            "p_goal_at_line": None if at_line is None else at_line.p_goal}


def aim_chart(strengths: Sequence[int] = STRENGTHS, max_squares: int = 14, dex: int = 12,
              bab: int = 2, feats: Sequence[str] = (), court: Court | None = None,
              settings: Settings | None = None) -> dict:
    """{"kicker", "header", "squares", "rows": [{"str", "cells": [best_aim per distance]}]}."""
    _check(strengths, feats, max_squares, 40)
    feats = tuple(sorted(feats))
    squares = list(range(1, max_squares + 1))
    rows = [{"str": s, "cells": [best_aim(s, d, dex, bab, feats, court, settings)
                                 for d in squares]} for s in strengths]
    header = ("Best aim and the exact chance of a goal, kicking from the given distance in front"
              " of the goal line on the middle row, no interceptors, the roll-on after landing"
              f" counted. {assumptions(dex, bab, feats)}. Cell: chance @ aim, the aim in"
              " squares past the goal line (1 = the first square beyond it; 0 or less = short"
              " of it, for the roll-on to carry over), with r±n when off the kicker's row;"
              " chances rounded down.")
    return {"kicker": {"dex": dex, "bab": bab, "feats": sorted(feats)}, "header": header,
            "squares": squares, "rows": rows}


def aim_table(chart: dict) -> str:
    head = "| Str | " + " | ".join(f"{5 * d} ft" for d in chart["squares"]) + " |"
    lines = [head, "|---|" + "---|" * len(chart["squares"])]
    for row in chart["rows"]:
        cells = []
        for c in row["cells"]:
            off = f" r{c['rows_off']:+d}" if c["rows_off"] else ""
            cells.append(f"{percent(c['p_goal'])} @{c['past_line']:+d}{off}")
        lines.append(f"| {row['str']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def percent(p: float, places: int = 1) -> str:
    """A chance as a percentage rounded down, so that only a certainty reads 100%."""
    scale = 10 ** (places + 2)
    return f"{math.floor(p * scale + 1e-9) / scale:.{places}%}"


@lru_cache(maxsize=4096)
def hoop_chance(strength: int, squares: int, ac_row: int, dex: int = 12, bab: int = 2,
                feats: Sequence[str] = (), court: Court | None = None,
                settings: Settings | None = None) -> dict | None:
    """Exact chances of a shot at the north hoop from `squares` along the row, from the hoop's
    own row (`ac_row` 20) or the next row in (25): every attack and confirmation die through
    the real resolver. None when the shot cannot be taken (too close, beyond range)."""
    court = court or Court()
    settings = settings or Settings()
    under = court.hoop("north")
    y = under.y if ac_row == 20 else under.y + 1
    x = under.x - squares if under.x - squares >= 0 else under.x + squares
    if not court.on_field(Square(x, y)):
        return None
    roster = Roster([_kicker(strength, dex, bab, feats, x, y)], court)
    through = hit = Fraction(0)
    try:
        for weight, r, _ in outcomes(lambda dice: resolve_hoop(
                court, roster, "kicker", "north", True, 0, settings, dice)):
            through += weight * r.through
            hit += weight * r.attack.hit
    except (IllegalAction, OutOfRange):
        return None
    return {"through": float(through), "hit": float(hit)}


def hoop_chart(strengths: Sequence[int] = STRENGTHS, max_squares: int = 14, dex: int = 12,
               bab: int = 2, feats: Sequence[str] = (), court: Court | None = None,
               settings: Settings | None = None) -> dict:
    """{"kicker", "header", "squares", "rows": [{"str", "ac20": [...], "ac25": [...]}]}: the
    chance through the hoop (None: no shot) for each distance along the row."""
    _check(strengths, feats, max_squares, 60)
    feats = tuple(sorted(feats))
    squares = list(range(HOOP_MIN_SQUARES, max(HOOP_MIN_SQUARES, max_squares) + 1))
    rows = [{"str": s, **{f"ac{ac}": [hoop_chance(s, d, ac, dex, bab, feats, court, settings)
                                      for d in squares] for ac in (20, 25)}}
            for s in strengths]
    header = ("Chance to put the ball through the hoop (a natural 20 that reaches the AC, then a"
              " confirmation that reaches it too), by distance along the row to the hoop:"
              " AC 20 from the hoop's own row, AC 25 from the next row in."
              f" {assumptions(dex, bab, feats)}."
              " '-': no shot (closer than 10 ft, or beyond the kicker's range).")
    return {"kicker": {"dex": dex, "bab": bab, "feats": sorted(feats)}, "header": header,
            "squares": squares, "rows": rows, "note": hoop_note(rows, feats)}


def hoop_note(rows: list[dict], feats: Sequence[str]) -> str | None:
    """Why every chance is 0, when it is: the ball goes through only on a natural 20 whose
    total reaches the AC (then a confirmation that does too), so a kicker whose natural 20
    falls short has no chance at all, from any distance. None when some chance is above 0."""
    cells = [c for row in rows for ac in ("ac20", "ac25") for c in row[ac] if c is not None]
    if not cells or any(c["through"] > 0 for c in cells):
        return None
    fix = "more BAB or Dex" + ("" if "exotic_weapon_pelota" in feats
                               else ", or exotic_weapon_pelota (no -4 for the pelota)")
    return ("0.00% everywhere: even this kicker's natural 20 falls short of AC 20 (his attack"
            " bonus, after the pelota and range penalties, is below +0), and only a natural 20"
            f" that reaches the AC goes through. A kicker with {fix} has a chance.")


def hoop_table(chart: dict) -> str:
    out = []
    for ac in (20, 25):
        out.append(f"AC {ac}:")
        out.append("| Str | " + " | ".join(f"{5 * d} ft" for d in chart["squares"]) + " |")
        out.append("|---|" + "---|" * len(chart["squares"]))
        for row in chart["rows"]:
            cells = ["-" if c is None else percent(c["through"], 2) for c in row[f"ac{ac}"]]
            out.append(f"| {row['str']} | " + " | ".join(cells) + " |")
        out.append("")
    if chart.get("note"):
        out.append(chart["note"])
    return "\n".join(out).rstrip()
