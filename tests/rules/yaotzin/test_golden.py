"""The golden known-answer files for Yaotzin: kicks, lines, ticks, hoops, initiative ties."""

import pytest

from companion.rules.dice import Dice
from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.flight import flight_squares
from companion.rules.yaotzin.hoop import resolve_hoop
from companion.rules.yaotzin.kick import resolve_kick
from companion.rules.yaotzin.tick import ball_action, turn_order
from tests.helpers import assert_subset, expect_or_refuse, golden
from tests.rules.yaotzin_build import setup, sq

KICKS = golden("yaotzin/kicks.json")
LINES = golden("yaotzin/lines.json")
TICKS = golden("yaotzin/ticks.json")
HOOPS = golden("yaotzin/hoops.json")
INITIATIVE = golden("yaotzin/initiative.json")


@pytest.mark.parametrize("case", KICKS, ids=[c["name"] for c in KICKS])
def test_kick(case):
    court, roster, settings = setup(case)

    def run():
        return resolve_kick(court, roster, case["kicker"], sq(case["ball"]), sq(case["target"]),
                            case["standing"], case.get("power_attack", 0), settings,
                            Dice(case.get("rolls"), seed=0)).as_dict()

    expect_or_refuse(case, run)


@pytest.mark.parametrize("case", LINES,
                         ids=lambda c: f"{c['kicker']}->{c['landing']}/{c['corner']}")
def test_line(case):
    line = flight_squares(sq(case["kicker"]), sq(case["landing"]), case["corner"])
    path = [list(s) for s in line]
    assert path == case["path"]


def _squares_to_lists(result: dict) -> dict:
    out = dict(result)
    out["path"] = [[s["x"], s["y"]] for s in result["path"]]
    out["opportunities"] = [dict(o, square=[o["square"]["x"], o["square"]["y"]])
                            for o in result["opportunities"]]
    return out


@pytest.mark.parametrize("case", TICKS, ids=[c["name"] for c in TICKS])
def test_tick(case):
    court, roster, settings = setup(case)
    b = case["ball"]
    result = ball_action(court, roster, Ball.from_values(b["x"], b["y"], b["speed"],
                                                         b["direction"]), settings).as_dict()
    assert_subset(case["expect"], _squares_to_lists(result))


STAR = {"str": 14, "dex": 18, "bab": 10, "feats": ["exotic_weapon_pelota"]}
WEAK = {"str": 14, "dex": 17, "bab": 2}


@pytest.mark.parametrize("case", HOOPS, ids=[c["name"] for c in HOOPS])
def test_hoop(case):
    kicker = dict(WEAK if case.get("weak") else STAR, id="k", team="sun", **case["kicker"])
    court, roster, settings = setup({"players": [kicker, *case.get("others", [])]})

    def run():
        return resolve_hoop(court, roster, "k", case["hoop"], case["standing"], 0, settings,
                            Dice(case.get("rolls"), seed=0)).as_dict()

    expect_or_refuse(case, run)


@pytest.mark.parametrize("case", INITIATIVE, ids=[c["name"] for c in INITIATIVE])
def test_initiative_ties(case):
    dice = Dice(case["rolls"], seed=0)
    order = turn_order(case["initiative"], case["modifiers"], dice)
    assert [who for who, _ in order if who != "ball"] == case["order"]
    assert [r.name for r in dice.rolls] == case["dice"]
    if "before_ball" in case:
        count = case["before_ball"]
        on_count = [who for who, init in order if init == count]
        assert on_count == [*case["order"], "ball"]
