"""The whole-match engine against the routes: the same bodies, the same dice, the same answers.

Every resolution the engine makes is logged (`trace`) with the body its route takes and the
naturals it rolled; the differential test posts a sample of them and compares every field the
engine read with what the route answers.
"""

from __future__ import annotations

import json
import random

from companion.sim.yaotzin_match import TEAMS, court_for, lineup, play_match

ROUTES = ("kick", "intercept", "tick", "dribble", "contest", "hoop")


def traced(matches: int, **kw) -> list[dict]:
    out: list[dict] = []
    for i in range(matches):
        for tactics in ("press-ball", "hold-lanes", "kick-long"):
            play_match(kw.get("players", 4), kw.get("width", 60), kw.get("ratio", 3),
                       f"diff:{i}", tactics, round_limit=kw.get("rounds", 25), trace=out)
    return out


def test_sampled_turns_answer_as_the_routes_do(api):
    trace = traced(2)
    rng = random.Random(29)
    by_route: dict[str, list[dict]] = {}
    for entry in trace:
        by_route.setdefault(entry["route"], []).append(entry)
    assert {"kick", "intercept", "tick", "dribble", "contest"} <= set(by_route), set(by_route)
    checked = 0
    for route, entries in by_route.items():
        for entry in rng.sample(entries, min(40, len(entries))):
            body = {k: v for k, v in entry["body"].items()
                    if not (k == "rolls" and route in ("tick", "dribble"))}
            r = api.post(f"/api/v1/yaotzin/{route}", body)
            assert r.status_code == 200, (route, body, r.json)
            engine = json.loads(json.dumps(entry["result"]))
            for key, value in engine.items():
                assert r.json[key] == value, (route, key, body)
            checked += 1
    assert checked >= 150, checked


def test_the_same_key_plays_the_same_match():
    a = play_match(5, 80, 3, "same:1", "press-ball", round_limit=30)
    b = play_match(5, 80, 3, "same:1", "press-ball", round_limit=30)
    assert a == b


def test_every_preset_meets_the_same_teams():
    court = court_for(120, 3)
    first = lineup(6, court, random.Random("k:7"))
    assert lineup(6, court, random.Random("k:7")) == first
    players, hp = first
    assert [p.team for p in players].count(TEAMS[0]) == 6 and len(hp) == 12
    assert all(p.x < court.length // 2 for p in players if p.team == TEAMS[0])
    assert all(p.x > court.length // 2 for p in players if p.team == TEAMS[1])


def test_a_match_ends_by_the_rules():
    for i in range(6):
        s = play_match(4, 60, 3, f"end:{i}", "kick-long", round_limit=100)
        assert s.by in ("points", "hoop", "rounds")
        if s.by == "rounds":
            assert s.rounds == 100
        else:
            assert s.rounds <= 100 and s.winner in TEAMS
        assert s.kick_goals <= s.goals and s.kicks_intercepted <= s.kicks


def test_no_two_players_ever_share_a_square():
    # the default chart's matches where a holder once ended a dribble on a teammate, and where a
    # grab stopped one in a teammate's square he was passing through (rulings, "Player
    # movement": through a teammate's square, never ending there); a shared square once left
    # the next route search nowhere to start
    for players, key in ((8, "1:120:2.5:15"), (7, "1:120:2.5:15"), (8, "1:120:2.5:0")):
        trace: list = []
        play_match(players, 120, 2.5, key, "press-ball", 100, trace=trace)
        for i, step in enumerate(trace):
            if step["body"].get("kind") == "grapple":
                continue    # a grab as he passes through: in that teammate's square for now
            squares = [(p["x"], p["y"]) for p in step["body"].get("players", [])]
            assert len(squares) == len(set(squares)), (key, players, i, step["route"])
