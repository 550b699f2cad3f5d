"""The Yaotzin kick chart: exact chances to score, the same numbers a kick uses."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from companion.advice.yaotzin import chart_table, kick_chart, score_chance
from companion.rules.errors import RulesError


def test_a_chance_worked_by_hand():
    # Str 10, Dex 12, BAB +2, no feats, 5 ft out aiming 1 square past the line: the kick is
    # 2 squares, modifier 2 + 1 - 4 (pelota) - 2 (range) = -3 against AC 5. Naturals 8-20 hit
    # (13); a miss lands 1 or 2 squares off in one of 8 directions, and 5 of those 8 (long,
    # the two long diagonals, the two sideways) stay beyond the goal line.
    assert score_chance(10, 1) == pytest.approx(float(Fraction(13, 20) + Fraction(7, 20) * 5 / 8))


def test_beyond_max_range_there_is_no_kick():
    assert score_chance(14, 7) is not None          # 8 squares = 40 ft: Str 14's max range
    assert score_chance(14, 8) is None


def test_the_chart_grows_with_strength_and_falls_with_distance():
    chart = kick_chart(max_squares=10)
    rows = {r["str"]: r["score"] for r in chart["rows"]}
    for s, scores in rows.items():
        known = [p for p in scores if p is not None]
        assert known == sorted(known, reverse=True), s
    assert rows[20][4] > rows[10][4]
    better = kick_chart(max_squares=4, feats=["exotic_weapon_pelota"])
    assert all(b > a for a, b in zip(rows[12][:4], better["rows"][2]["score"]))
    assert "| 14 |" in chart_table(chart) and "-" in chart_table(chart)


def test_bad_input_names_the_field():
    with pytest.raises(RulesError) as err:
        kick_chart(feats=["flying_kick"])
    assert err.value.field == "feats"


def test_cli():
    out = subprocess.run([sys.executable, "-m", "companion.cli", "simulate", "yaotzin", "--json",
                          "--max-ft", "20"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    chart = json.loads(out.stdout)
    assert chart["squares"] == [1, 2, 3, 4]
    bad = subprocess.run([sys.executable, "-m", "companion.cli", "simulate", "yaotzin", "--feats",
                          "nope"], capture_output=True, text=True, timeout=30)
    assert bad.returncode == 2 and "feats" in bad.stderr


def test_a_hoop_chart_of_zeros_says_why():
    """The default kicker's hoop chart read 0.00% everywhere, with no word why."""
    from companion.advice.yaotzin import hoop_chart, hoop_table

    zeros = hoop_chart(strengths=[10, 16], max_squares=4)
    assert zeros["note"].startswith("0.00% everywhere: even this kicker's natural 20 falls"
                                    " short of AC 20")
    assert "exotic_weapon_pelota" in zeros["note"]
    assert hoop_table(zeros).endswith(zeros["note"])
    able = hoop_chart(strengths=[16], max_squares=4, bab=8, feats=["exotic_weapon_pelota"])
    assert able["note"] is None and "everywhere" not in hoop_table(able)
