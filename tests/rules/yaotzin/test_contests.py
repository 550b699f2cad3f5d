"""The golden known-answer files for Yaotzin contests and dribbles."""

import json

import pytest

from companion.rules.dice import Dice
from companion.rules.errors import IllegalAction
from companion.rules.yaotzin.contests import resolve_contest
from companion.rules.yaotzin.dribble import plan_dribble
from companion.rules.yaotzin.intercept import resolve_flight_intercept
from tests.helpers import GOLDEN, expect_or_refuse, golden
from tests.rules.yaotzin_build import setup, sq

CONTESTS = json.loads((GOLDEN / "yaotzin/contests.json").read_text())
DRIBBLES = golden("yaotzin/dribbles.json")


def _json(result) -> dict:
    return json.loads(json.dumps(result.as_dict()))      # as the API answers it: pairs become lists


@pytest.mark.parametrize("case", CONTESTS["cases"], ids=[c["name"] for c in CONTESTS["cases"]])
def test_contest(case):
    defaults = CONTESTS["defaults"]
    court, roster, _ = setup({"players": case.get("players", defaults["players"])})

    def run():
        return _json(resolve_contest(court, roster, case["kind"], case.get("actor", "a"),
                               case.get("target", "b"), sq(case.get("ball", defaults["ball"])),
                               Dice(case.get("rolls"), seed=0),
                               to=sq(case["to"]) if "to" in case else None,
                               avoids=case.get("avoids", False),
                               action=case.get("action", False),
                               target_aoo=case.get("target_aoo"),
                               reaction=case.get("reaction", False),
                               after=case.get("after"), as_aoo=case.get("as_aoo", False)))

    expect_or_refuse(case, run)


@pytest.mark.parametrize("case", DRIBBLES, ids=[c["name"] for c in DRIBBLES])
def test_dribble(case):
    players = [{"id": "d", "team": "sun", "x": 10, "y": 12},
               {"id": "o", "team": "moon", "x": 12, "y": 12}, *case.get("others", [])]
    court, roster, _ = setup({"players": players})

    def run():
        return _json(plan_dribble(court, roster, "d", sq([10, 12]),
                                  [sq(s) for s in case["squares"]], True, False,
                                  overran=case.get("overran", ())))

    expect_or_refuse(case, run)


def test_a_player_in_the_landing_square_is_never_an_interceptor():
    court, roster, settings = setup({"players": [
        {"id": "k", "team": "sun", "x": 10, "y": 12},
        {"id": "mid", "team": "moon", "x": 12, "y": 12},
        {"id": "catcher", "team": "moon", "x": 14, "y": 12}]})
    with pytest.raises(IllegalAction, match="landing square"):
        resolve_flight_intercept(court, roster, "catcher", 12, sq([14, 12]), sq([10, 12]), None,
                                 settings, Dice({"save": 20}))
    ok = resolve_flight_intercept(court, roster, "mid", 12, sq([14, 12]), sq([10, 12]), None,
                                  settings, Dice({"save": 20})).as_dict()
    assert ok["outcome"] == "yoke"
