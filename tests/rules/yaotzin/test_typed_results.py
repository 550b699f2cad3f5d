"""The hoop, the dribble, the kick preview and the shot planner answer typed values; `as_dict`
gives the route's JSON with its keys in the order the routes have always sent them."""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.dribble import DribblePlan, Provoker, plan_dribble
from companion.rules.yaotzin.grid import Square
from companion.rules.yaotzin.hoop import HoopResult, resolve_hoop
from companion.rules.yaotzin.kick import Refusal
from companion.rules.yaotzin.odds import KickPreview, kick_preview
from companion.rules.yaotzin.plan import ShotPlan, suggest_kicks
from tests.rules.yaotzin_build import setup

STAR = {"id": "k", "team": "sun", "str": 14, "dex": 18, "bab": 10,
        "feats": ["exotic_weapon_pelota"]}


def test_a_hoop_shot_is_a_hoop_result_and_its_dict_keeps_the_routes_keys():
    court, roster, settings = setup({"players": [{**STAR, "x": 30, "y": 0}]})
    r = resolve_hoop(court, roster, "k", "north", True, 0, settings,
                     Dice({"attack": 20, "confirm": 20}, seed=0))
    assert isinstance(r, HoopResult) and r.through and r.confirm is not None
    assert r.ball == Ball.at(court.centre()) and r.scatter is None
    d = r.as_dict()
    assert list(d) == ["kicker", "team", "hoop", "ac", "under", "distance_ft", "max_range_ft",
                       "attack", "confirm", "through", "points", "scatter", "path",
                       "interceptors", "skipped", "ball", "rolls"]
    assert list(d["attack"]) == ["natural", "total", "modifier", "breakdown", "hit"]
    assert d["confirm"] == {"natural": 20, "total": r.confirm.total, "hit": True}

    missed = resolve_hoop(court, roster, "k", "north", True, 0, settings,
                          Dice({"attack": 1, "scatter": 3}, seed=0))
    assert missed.scatter is not None and missed.scatter.face == 3
    assert missed.as_dict()["scatter"] == {"direction": 3, "squares": missed.scatter.squares,
                                           "heading": missed.scatter.heading.name}


def test_a_dribble_is_a_dribble_plan_whose_provokers_keep_their_squares():
    court, roster, _ = setup({"players": [{"id": "d", "team": "sun", "x": 10, "y": 12},
                                          {"id": "o", "team": "moon", "x": 11, "y": 13}]})
    r = plan_dribble(court, roster, "d", Square(10, 12), [Square(11, 12), Square(12, 12)],
                     True, False)
    assert isinstance(r, DribblePlan)
    assert r.provokers == (Provoker("o", Square(11, 13), 0, Square(10, 12)),)
    assert r.end == Square(12, 12) and r.goal is None and r.actions.cost == 2
    d = r.as_dict()
    assert list(d) == ["dribbler", "squares", "cost", "budget", "move_budget", "actions",
                       "overran", "provokers", "goal", "ball", "end"]
    assert d["cost"] == 2.0 and isinstance(d["cost"], float) and isinstance(d["budget"], float)
    assert d["provokers"] == [{"player": "o", "square": {"x": 11, "y": 13}, "step": 0,
                               "from": {"x": 10, "y": 12}}]


PREVIEW_KEYS = ["kicker", "target", "max_range_ft", "target_ft", "in_range", "legal", "reason",
                "attack", "path", "dc", "interceptors", "skipped", "odds"]


def test_every_kick_preview_is_a_kick_preview_with_the_same_keys():
    court, roster, settings = setup({"players": [{**STAR, "x": 10, "y": 12}]})
    legal = kick_preview(court, roster, "k", Square(10, 12), Square(14, 12), True, 0, settings)
    far = kick_preview(court, roster, "k", Square(10, 12), Square(60, 12), True, 0, settings)
    own = kick_preview(court, roster, "k", Square(10, 12), Square(10, 12), True, 0, settings)
    assert all(isinstance(p, KickPreview) for p in (legal, far, own))
    assert legal.legal and legal.reason is None and legal.landing
    assert not far.legal and far.reason is not None and far.reason.code == "out_of_range"
    assert far.max_range_ft == 40 and far.landing == ()
    assert own.mods is None and own.reason is not None and own.reason.code == "own_square"
    for p in (legal, far, own):
        assert list(p.as_dict()) == PREVIEW_KEYS
    assert own.as_dict()["attack"] is None and own.as_dict()["odds"] == {"hit": 0.0,
                                                                        "landing": []}
    assert legal.as_dict()["odds"]["landing"][0] == {"x": legal.landing[0].square.x,
                                                     "y": legal.landing[0].square.y,
                                                     "p": legal.landing[0].p}


def test_the_shot_planner_answers_a_shot_plan_a_refusal_keeping_its_own_key_order():
    court, roster, settings = setup({"players": [{**STAR, "x": 10, "y": 12}]})
    plan = suggest_kicks(court, roster, "k", Square(10, 12), True, 0, settings, "west", top=2)
    assert isinstance(plan, ShotPlan) and plan.reason is None and len(plan.squares) == 2
    assert list(plan.as_dict()) == ["kicker", "attacks", "considered", "reason", "squares"]
    off = suggest_kicks(court, roster, "k", Square(11, 12), True, 0, settings, "west")
    assert off.reason == Refusal("kicker_not_at_ball", off.reason.message)
    assert list(off.as_dict()) == ["kicker", "attacks", "squares", "considered", "reason"]
