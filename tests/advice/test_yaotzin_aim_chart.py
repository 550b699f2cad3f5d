"""The best-aim chart and the hoop chart: exact, from the rules' own functions."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from companion.advice.yaotzin import aim_chart, best_aim, hoop_chance, hoop_chart, score_chance
from companion.rules.errors import RulesError
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.plan import KickPlanner
from companion.rules.yaotzin.players import Player, Roster
from companion.rules.yaotzin.settings import Settings


def every_aim(strength, squares, dex=12, bab=2):
    court = Court()
    kicker = Player(id="k", team="a", x=squares, y=court.width // 2, str=strength, dex=dex,
                    bab=bab)
    return KickPlanner(court, Roster([kicker], court), kicker, True, 0, Settings(), "west",
                       prune=False).all_aims()


@pytest.mark.parametrize(("strength", "squares"), [(10, 2), (14, 9)])
def test_the_best_aim_is_the_best_of_every_square(strength, squares):
    best = best_aim(strength, squares)
    every = every_aim(strength, squares)
    assert best["p_goal"] == pytest.approx(every[0].p_goal)
    assert all(a.p_goal <= best["p_goal"] + 1e-12 for a in every)
    assert (best["aim"]["x"], best["aim"]["y"]) == (every[0].x, every[0].y)


def test_the_roll_on_scores_from_beyond_the_kicks_range():
    # Str 10 reaches 30 ft: from 50 ft the kick alone cannot cross the line, the roll can
    assert score_chance(10, 10) is None
    far = best_aim(10, 10)
    assert 0 < far["p_goal"] < 1 and far["past_line"] < 0
    # and aiming just past the line, when it is in range, is never better than the best aim
    near = best_aim(14, 4)
    assert near["p_goal"] >= near["p_goal_at_line"] >= score_chance(14, 4) - 1e-12


def test_hoop_chance_worked_by_hand():
    # Str 16 (bonus 3, 3 free squares), BAB +8, Dex 12, pelota proficient, 30 ft (6 squares)
    # from the hoop's own row: 8 + 1 - 2 x (6 - 1 - 3) = +5 against AC 20. Through needs a
    # natural 20 (25, it reaches) and a confirmation of 15 or more: 1/20 x 6/20.
    odds = hoop_chance(16, 6, 20, dex=12, bab=8, feats=("exotic_weapon_pelota",))
    assert odds["through"] == pytest.approx(float(Fraction(1, 20) * Fraction(6, 20)))
    # the hit (off the stone, not through) needs 15 or more on the attack: 6/20
    assert odds["hit"] == pytest.approx(6 / 20)
    # AC 25 from the next row in: a natural 20 reaches 25, the confirmation needs 20
    assert hoop_chance(16, 6, 25, dex=12, bab=8, feats=("exotic_weapon_pelota",))["through"] \
        == pytest.approx(1 / 400)
    assert hoop_chance(16, 1, 20) is None                 # closer than 10 ft: no shot
    assert hoop_chance(8, 12, 20) is None                 # beyond a Str 8 kick's 25 ft


def test_charts_state_their_assumptions_and_refuse_bad_input():
    chart = aim_chart(strengths=[12], max_squares=3, dex=14, bab=3)
    assert "Dex 14" in chart["header"] and "BAB +3" in chart["header"]
    hoop = hoop_chart(strengths=[12], max_squares=4)
    assert hoop["squares"][0] == 2 and "Dex 12, BAB +2" in hoop["header"]
    with pytest.raises(RulesError) as err:
        hoop_chart(feats=["flying_kick"])
    assert err.value.field == "feats"


def test_cli_charts():
    run = [sys.executable, "-m", "companion.cli", "simulate", "yaotzin"]
    out = subprocess.run(run + ["--chart", "aim", "--strengths", "12", "--max-ft", "10",
                                "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    chart = json.loads(out.stdout)
    assert chart["squares"] == [1, 2] and chart["rows"][0]["str"] == 12
    hoop = subprocess.run(run + ["--chart", "hoop", "--strengths", "16", "--bab", "8",
                                 "--max-ft", "30"], capture_output=True, text=True, timeout=120)
    assert hoop.returncode == 0, hoop.stderr
    assert "BAB +8" in hoop.stdout and "AC 25" in hoop.stdout and "| 16 |" in hoop.stdout
    bad = subprocess.run(run + ["--chart", "aim", "--strengths", "x"], capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 2 and "strengths" in bad.stderr
