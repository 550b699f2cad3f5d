"""Every worked example in the Yaotzin rulebook, as written there."""

from companion.rules.dice import Dice
from companion.rules.yaotzin.grid import Square
from companion.rules.yaotzin.intercept import resolve_flight_intercept
from companion.rules.yaotzin.kick import resolve_kick
from companion.rules.yaotzin.settings import Settings
from companion.rules.yaotzin.tick import rolling_dc
from tests.rules.yaotzin_build import setup

IXPOETCHITL = {"id": "ix", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 17, "bab": 2,
               "name": "Ixpoetchitl"}
YOLTEOTL = {"id": "yo", "team": "moon", "x": 13, "y": 12, "reflex": 4, "name": "Yolteotl"}


def kick(rolls):
    court, roster, settings = setup({"players": [IXPOETCHITL, YOLTEOTL]})
    return resolve_kick(court, roster, "ix", Square(10, 12), Square(18, 12), True, 0, settings,
                        Dice(rolls)).as_dict()


def intercept(save, **more):
    court, roster, settings = setup({"players": [IXPOETCHITL, YOLTEOTL]})
    return resolve_flight_intercept(court, roster, "yo", 15, Square(20, 12), Square(10, 12),
                                    None, settings, Dice({"save": save, **more})).as_dict()


def test_6_0_strength_14_kicks_40_ft_with_two_free_increments():
    result = kick({"attack": 9, "scatter": 1, "corner": 1})
    assert result["max_range_ft"] == 40
    breakdown = {b["label"]: b["value"] for b in result["attack"]["breakdown"]}
    assert breakdown["Range (8 sq, 2 free)"] == -10


def test_6_0_modified_attack_minus_9_rolls_9_misses_by_5_and_flies_2_long():
    result = kick({"attack": 9, "scatter": 1, "corner": 1})
    assert result["attack"]["modifier"] == -9
    assert result["attack"]["total"] == 0 and not result["attack"]["hit"]
    assert result["attack"]["ac"] - result["attack"]["total"] == 5
    assert result["scatter"] == {"direction": 1, "squares": 2, "heading": "E"}
    assert result["landing"] == {"x": 20, "y": 12}   # ten squares forward


def test_8_0_yolteotl_three_squares_out_faces_dc_15():
    result = kick({"attack": 9, "scatter": 1, "corner": 1})
    assert result["flight_ft"] == 50
    assert result["interceptors"] == [{"player": "yo", "square": {"x": 13, "y": 12}, "dc": 15,
                                       "rem": 7, "reflex": 4}]


def test_8_0_rolling_4_misses_by_5_or_more_and_the_ball_sails_on():
    result = intercept(4)
    assert result["save"]["total"] == 8
    assert result["outcome"] == "missed"
    assert result["damage"] is None
    assert result["ball"] == {"x": 20, "y": 12, "speed": 9, "direction": "E"}


def test_8_0_rolling_9_fails_by_2_deflects_for_3d3_and_caroms_two_squares():
    result = intercept(9, damage=[2, 3, 1], scatter=5)
    assert result["save"]["total"] == 13 and result["save"]["margin"] == -2
    assert result["outcome"] == "deflected"
    assert result["damage"] == {"dice": "3d3", "total": 6, "nonlethal": True}
    assert result["carom"]["squares"] == 2
    # d8 5 points back along the flight (west): two squares from his square
    assert result["ball"] == {"x": 11, "y": 12, "speed": 0, "direction": None}


def test_8_0_rolling_dc_formula_and_the_examples_reading():
    # text: "4 plus 1 for every 10 ft"; example: "30 ft is a DC 4" (base 1 reproduces it)
    assert rolling_dc(6, Settings()) == 7
    assert rolling_dc(6, Settings(rolling_dc_base=1)) == 4


def test_6_0_a_human_starting_with_the_ball_dribbles_15_ft_then_5_ft():
    from companion.rules.yaotzin.dribble import plan_dribble

    court, roster, _ = setup({"players": [IXPOETCHITL]})
    three_then_one = [Square(11, 12), Square(12, 12), Square(13, 12), Square(14, 12)]
    result = plan_dribble(court, roster, "ix", Square(10, 12), three_then_one, True, False)
    assert result.budget == 4 and result.end == Square(14, 12)
    # not starting in the ball's square: move up to it, then 5 ft as a standard action
    assert plan_dribble(court, roster, "ix", Square(10, 12), three_then_one[:1], False,
                        False).budget == 1
