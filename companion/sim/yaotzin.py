"""A Yaotzin kick chart: the exact chance to score from a distance, by Strength.

No sampling: for each (Strength, distance) it takes the same attack modifier and the same
landing weights (d20 attack x d8 scatter) that a real kick and its hover preview use, and adds
up the weight of every landing square beyond the goal line. The kicker stands on the flat
middle row, `squares` in front of the west goal line, and aims straight at the first square
beyond it, standing still (his Strength bonus of free range increments) with no Power Attack.
Interceptors and the roll of a ball that lands short are left out: this is the kick alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.errors import RulesError
from ..rules.yaotzin.court import Court
from ..rules.yaotzin.grid import Square
from ..rules.yaotzin.kick import kick_modifiers
from ..rules.yaotzin.odds import landing_weights
from ..rules.yaotzin.players import FEATS, Player
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
