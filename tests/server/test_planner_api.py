"""The shot planner and the Yaotzin charts over HTTP (the GM's second pair of hands)."""

import pytest

from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Square
from companion.rules.yaotzin.plan import KickPlanner
from companion.rules.yaotzin.players import Roster
from companion.rules.yaotzin.settings import Settings
from tests.rules.yaotzin_build import player

KICKER = {"id": "ix", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 17, "bab": 2}
BLOCKER = {"id": "yo", "team": "moon", "x": 6, "y": 12, "reflex": 4}
BODY = {"players": [KICKER, BLOCKER], "ball": {"x": 10, "y": 12}, "kicker": "ix",
        "standing": True, "attacks": "west"}


def test_suggest_lists_the_best_squares_first(api):
    r = api.post("/api/v1/yaotzin/kick/suggest", BODY)
    assert r.status_code == 200, r.json
    squares = r.json["squares"]
    assert len(squares) == 5                                   # the default `top`
    assert all(set(s) >= {"x", "y", "p_goal", "p_hit", "expected_damage"} for s in squares)
    chances = [s["p_goal"] for s in squares]
    assert chances == sorted(chances, reverse=True) and 0 < chances[0] <= 1
    # the same numbers the rules engine gives for those squares, and none better left out
    court = Court()
    roster = Roster([player(p) for p in BODY["players"]], court)
    plan = KickPlanner(court, roster, roster.get("ix"), True, 0, Settings(), "west",
                       prune=False)
    every = plan.all_aims()
    assert squares[0]["p_goal"] == pytest.approx(every[0].p_goal)
    assert [(s["x"], s["y"]) for s in squares] == [(a.x, a.y) for a in every[:5]]
    first = plan.aim(Square(squares[0]["x"], squares[0]["y"]))
    assert squares[0]["expected_damage"] == pytest.approx(first.expected_damage)


def test_suggest_top_and_the_attacked_end(api):
    j = api.post("/api/v1/yaotzin/kick/suggest", {**BODY, "top": 2, "attacks": "east"}).json
    assert len(j["squares"]) == 2 and j["attacks"] == "east"
    assert all(s["x"] > KICKER["x"] for s in j["squares"])       # toward the east line


def test_suggest_for_a_kicker_off_the_ball_is_an_empty_answer(api):
    r = api.post("/api/v1/yaotzin/kick/suggest", {**BODY, "ball": {"x": 11, "y": 12}})
    assert r.status_code == 200
    assert r.json["squares"] == [] and r.json["reason"]["code"] == "kicker_not_at_ball"


@pytest.mark.parametrize(("change", "field"), [
    ({"top": 0}, "top"), ({"top": "5"}, "top"), ({"attacks": "north"}, "attacks"),
    ({"ball": None}, "ball"), ({"kicker": "nobody"}, "kicker"),
    ({"power_attack": 1}, "power_attack"), ({"target": {"x": 1, "y": 1}}, "target"),
])
def test_suggest_refuses_a_bad_body_naming_the_field(api, change, field):
    r = api.post("/api/v1/yaotzin/kick/suggest", {**BODY, **change})
    assert r.status_code == 422, r.json
    assert field in r.json["error"]["fields"]


def test_aim_chart_route(api):
    r = api.post("/api/v1/yaotzin/charts/aim", {"strengths": [12], "max_ft": 15, "dex": 14})
    assert r.status_code == 200, r.json
    j = r.json
    assert j["kicker"]["dex"] == 14 and j["squares"] == [1, 2, 3]
    cells = j["rows"][0]["cells"]
    assert [c["p_goal"] for c in cells] == sorted((c["p_goal"] for c in cells), reverse=True)
    assert "Dex 14" in j["header"] and "BAB +2" in j["header"]


def test_hoop_chart_route(api):
    r = api.post("/api/v1/yaotzin/charts/hoop", {"strengths": [14], "bab": 6,
                                                  "feats": ["exotic_weapon_pelota"]})
    assert r.status_code == 200, r.json
    row = r.json["rows"][0]
    assert set(row) >= {"str", "ac20", "ac25"}
    assert "BAB +6" in r.json["header"]
    bad = api.post("/api/v1/yaotzin/charts/hoop", {"feats": ["flying_kick"]})
    assert bad.status_code == 422 and "feats.0" in bad.json["error"]["fields"]


def test_a_kicks_interceptors_carry_their_odds(api):
    # 8 squares (40 ft): DC 14; Reflex +4 three squares out, rem 5 (2d3 on a stop or a deflection)
    kick = {"players": [{**KICKER, "x": 10, "y": 12},
                        {"id": "yo", "team": "moon", "x": 13, "y": 12, "reflex": 4}],
            "ball": {"x": 10, "y": 12}, "kicker": "ix", "target": {"x": 18, "y": 12},
            "standing": True, "rolls": {"attack": 20, "corner": 1}}
    j = api.post("/api/v1/yaotzin/kick", kick).json
    advice = j["intercept_odds"]["yo"]
    # naturals 10-20 stop (15-20 with the yoke: no damage); 6-9 deflect (miss by 1 to 4)
    assert advice["p_stop"] == pytest.approx(11 / 20)
    assert advice["odds"]["deflected"] == pytest.approx(4 / 20)
    assert advice["expected_damage"] == pytest.approx((5 / 20 + 4 / 20) * 4)


@pytest.mark.parametrize("max_ft, says", [
    (12, "a whole number of 5-ft squares, not 12 ft"),
    (75, "Must be greater than or equal to 5 and less than or equal to 70.")])
def test_a_chart_runs_in_whole_squares_or_is_refused(api, max_ft, says):
    """12 ft was read as 10 without a word: a chart's distance is whole 5-ft squares."""
    r = api.post("/api/v1/yaotzin/charts/hoop", {"strengths": [12], "max_ft": max_ft})
    assert r.status_code == 422, r.json
    assert r.json["error"]["fields"]["max_ft"] == [says]
