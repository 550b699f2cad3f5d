"""The Yaotzin autopilot (`POST /yaotzin/suggest`) and the movement check (`POST /yaotzin/move`).

The fuzz: random courts, rosters and ball states, seeded; every suggested turn's path is
posted to `/move` and its action's body to its own route, and each must be accepted.
"""

from __future__ import annotations

import random

import pytest

from companion.tactics.yaotzin import PRESETS

SUGGEST = "/api/v1/yaotzin/suggest"
MOVE = "/api/v1/yaotzin/move"
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
FEATS = ("power_attack", "point_blank_shot", "precise_shot", "combat_reflexes",
         "exotic_weapon_pelota", "improved_trip")


def random_state(rng: random.Random, late: random.Random | None = None) -> dict:
    """A court, two sides on it (some prone, some spent), and the ball at rest, rolling, or
    at a player's feet; with `late` (its own stream, so the states stay the same), a round
    and a score, some of them in a side's end-game."""
    width = rng.randint(8, 30)
    length = rng.randint(max(12, width), 90)
    field = {"length": length, "width": width}
    if rng.random() < 0.3:
        field["slope"] = rng.randint(0, (width - 1) // 2)
    taken: set[tuple[int, int]] = set()
    players = []
    for team in ("sun", "moon"):
        for i in range(rng.randint(1, 7)):
            while True:
                x, y = rng.randrange(length), rng.randrange(width)
                if (x, y) not in taken:
                    break
            taken.add((x, y))
            p = {"id": f"{team}{i}", "team": team, "x": x, "y": y,
                 "str": rng.randint(6, 20), "dex": rng.randint(6, 20), "bab": rng.randint(0, 6),
                 "reflex": rng.randint(-1, 8),
                 "feats": rng.sample(FEATS, rng.randint(0, 2))}
            if rng.random() < 0.1:
                p["prone"] = True
            if rng.random() < 0.15:
                p["aoo_left"] = 0
            if rng.random() < 0.1:
                p["speed"] = rng.choice((20, 40))
            players.append(p)
    kind = rng.random()
    if kind < 0.08:     # the holder on a hoop's row or the next one in, kicking long
        holder = rng.choice(players)
        row = rng.choice((0, 1, width - 2, width - 1))
        x = min(length - 1, max(0, length // 2 + rng.choice((-1, 1)) * rng.randint(2, 8)))
        if (x, row) not in taken:
            taken.discard((holder["x"], holder["y"]))
            holder["x"], holder["y"] = x, row
            taken.add((x, row))
        ball = {"x": holder["x"], "y": holder["y"]}
        body = {"field": field, "players": players, "ball": ball, "mover": holder["id"],
                "tactics": "kick-long"}
        return body
    if kind < 0.4:
        holder = rng.choice(players)
        ball = {"x": holder["x"], "y": holder["y"]}
    else:
        ball = {"x": rng.randrange(length), "y": rng.randrange(width)}
        if kind < 0.7:
            ball |= {"speed": rng.randint(1, 12), "direction": rng.choice(DIRECTIONS)}
    body = {"field": field, "players": players, "ball": ball,
            "mover": rng.choice(players)["id"]}
    if rng.random() < 0.5:
        body["tactics"] = rng.choice(list(PRESETS))
    if rng.random() < 0.3:
        body["attacks"] = rng.choice(("west", "east"))
    if late is not None and late.random() < 0.3:   # the end-game: late, one side ahead
        body["round"] = late.randint(85, 100)
        body["score"] = {"sun": late.randint(0, 8), "moon": late.randint(0, 8)}
    return body


def check_turn(api, body: dict, turn: dict) -> None:
    assert turn["player"] == body["mover"]
    mover = next(p for p in body["players"] if p["id"] == body["mover"])
    assert turn["path"][0] == {"x": mover["x"], "y": mover["y"]}
    move = api.post(MOVE, {k: body[k] for k in ("field", "players")} | {
        "ball": {"x": body["ball"]["x"], "y": body["ball"]["y"]}, "mover": body["mover"],
        "path": turn["path"], "budget": turn["budget"]})
    assert move.status_code == 200, (body, turn, move.json)
    action = turn["action"]
    if action is None or "ready" in action:
        assert action in (None, {"ready": "intercept"})
        return
    r = api.post(f"/api/v1/yaotzin/{action['route']}", action["body"])
    assert r.status_code == 200, (body, turn, r.json)
    end = turn["path"][-1]
    actor = {"kick": "kicker", "hoop": "kicker", "dribble": "dribbler",
             "contest": "actor"}[action["route"]]
    assert action["body"][actor] == body["mover"]
    moved = next(p for p in action["body"]["players"] if p["id"] == body["mover"])
    assert (moved["x"], moved["y"]) == (end["x"], end["y"])      # from where the path ends
    others = [p for p in action["body"]["players"] if p["id"] != body["mover"]]
    assert others == [p for p in r_players(body) if p["id"] != body["mover"]]


def r_players(body: dict) -> list[dict]:
    """The request's players as the answer writes them back (every field spelled out)."""
    out = []
    for p in body["players"]:
        q = {"reflex": 0, "str": 10, "dex": 10, "bab": 0, "feats": [], "prone": False,
             "aoo_left": None, "speed": 30, "ac": None, **p}
        q["feats"] = sorted(q["feats"])
        out.append(q)
    return out


def test_fuzz_every_suggestion_is_legal(api):
    """2,000 seeded states: every path passes /move, every action's body its own route."""
    rng = random.Random(29)
    routes: dict[str, int] = {}
    budgets: dict[str, int] = {}
    late = random.Random(37)
    for _ in range(2000):
        body = random_state(rng, late)
        r = api.post(SUGGEST, body)
        assert r.status_code == 200, (body, r.json)
        turn = r.json["turn"]
        check_turn(api, body, turn)
        action = turn["action"]
        key = action["route"] if action and "route" in action else (
            "ready" if action else "none")
        routes[key] = routes.get(key, 0) + 1
        budgets[turn["budget"]] = budgets.get(turn["budget"], 0) + 1
    # the fuzz reaches every kind of turn the presets take, and every movement
    assert {"kick", "dribble", "contest", "hoop", "ready", "none"} <= set(routes), routes
    assert {"move", "double_move", "five_foot_step", "run"} <= set(budgets), budgets


def test_the_same_answer_for_the_same_request(api):
    body = random_state(random.Random(5))
    first = api.post(SUGGEST, {**body, "seed": 3}).json
    assert api.post(SUGGEST, {**body, "seed": 3}).json == first
    assert api.post(SUGGEST, {**body, "seed": 4}).json == first    # the presets roll nothing


HOLDER = {"id": "ix", "team": "sun", "x": 60, "y": 12, "str": 14, "dex": 14, "bab": 2}
DEFENDER = {"id": "yo", "team": "moon", "x": 63, "y": 12, "reflex": 2}


def test_a_holder_near_the_line_kicks_through_the_planner(api):
    j = api.post(SUGGEST, {"players": [HOLDER, DEFENDER], "ball": {"x": 60, "y": 12},
                           "mover": "ix", "attacks": "east"}).json
    turn = j["turn"]
    assert turn["path"] == [{"x": 60, "y": 12}] and turn["action"]["route"] == "kick"
    planner = api.post("/api/v1/yaotzin/kick/suggest", {
        "players": [HOLDER, DEFENDER], "ball": {"x": 60, "y": 12}, "kicker": "ix",
        "standing": True, "attacks": "east", "top": 1}).json["squares"][0]
    assert turn["action"]["body"]["target"] == {"x": planner["x"], "y": planner["y"]}
    assert "chance of a goal" in turn["reason"]


def test_a_defender_closes_on_the_holder_and_disarms(api):
    j = api.post(SUGGEST, {"players": [HOLDER, {**DEFENDER, "x": 66}],
                           "ball": {"x": 60, "y": 12}, "mover": "yo", "attacks": "west"}).json
    turn = j["turn"]
    end = turn["path"][-1]
    assert max(abs(end["x"] - 60), abs(end["y"] - 12)) == 1
    assert turn["action"]["route"] == "contest" and turn["action"]["body"]["kind"] == "disarm"


@pytest.mark.parametrize("feats, kind", [
    ((), "trip"),                          # his trip's edge (+4) beats his disarm's (0) by 4
    (("improved_disarm",), "disarm"),      # +4 on the disarm, and it provokes nothing
    (("improved_trip",), "trip"),          # only the trip is free of the attack of opportunity
    (("improved_disarm", "improved_trip"), "trip")])   # both free: the edges, 8 against 4
def test_a_defender_weighs_improved_disarm_as_the_rules_do(api, feats, kind):
    """Rulings, turn 5: a disarm provokes unless Improved Disarm, whose +4 goes on its check."""
    strong = {**DEFENDER, "x": 61, "str": 22, "dex": 14, "bab": 2, "feats": list(feats)}
    j = api.post(SUGGEST, {"players": [{**HOLDER, "str": 10, "dex": 14}, strong],
                           "ball": {"x": 60, "y": 12}, "mover": "yo", "attacks": "west"}).json
    assert j["turn"]["action"]["body"]["kind"] == kind, j["turn"]["reason"]


def test_hold_lanes_readies_the_far_players(api):
    mates = [{"id": f"m{i}", "team": "moon", "x": 66 + i, "y": 8 + 2 * i} for i in range(3)]
    j = api.post(SUGGEST, {"players": [HOLDER, *mates], "ball": {"x": 60, "y": 12},
                           "mover": "m2", "tactics": "hold-lanes", "attacks": "west"}).json
    assert j["turn"]["action"] == {"ready": "intercept"} and j["tactics"] == "hold-lanes"


@pytest.mark.parametrize("patch, field", [
    ({"mover": "nobody"}, "mover"), ({"tactics": "turtle"}, "tactics"),
    ({"ball": {"x": 99, "y": 3}}, "ball")])
def test_bad_requests_name_the_field(api, patch, field):
    r = api.post(SUGGEST, {"players": [HOLDER, DEFENDER], "ball": {"x": 60, "y": 12},
                           "mover": "ix", **patch})
    assert r.status_code == 422 and field in str(r.json), r.json


# -- the movement check ------------------------------------------------------------------------
def move(api, path, budget="move", players=None, ball=(40, 12)):
    return api.post(MOVE, {"players": players or [HOLDER, DEFENDER], "mover": "ix",
                           "ball": {"x": ball[0], "y": ball[1]}, "budget": budget,
                           "path": [{"x": x, "y": y} for x, y in path]})


def test_move_costs_diagonals_alternately_and_uphill_double(api):
    # five diagonals: 1 + 2 + 1 + 2 + 1 = 7 squares > 6
    r = move(api, [(60, 12), (59, 11), (58, 12), (57, 11), (56, 12), (55, 11)])
    assert r.status_code == 422 and "path" in r.json["error"]["fields"]
    r = move(api, [(60, 12), (59, 11), (58, 12), (57, 11), (56, 12)])
    assert r.status_code == 200 and r.json["cost_ft"] == 30
    # rows 5, 4 are on the north slope (heights 1, 2): entered uphill, 2 squares each
    players = [{**HOLDER, "y": 6}, DEFENDER]
    r = move(api, [(60, 6), (60, 5), (60, 4), (60, 3)], players=players)
    assert r.status_code == 200 and r.json["cost_ft"] == 30
    r = move(api, [(60, 6), (60, 5), (60, 4), (60, 3), (60, 2)], players=players)
    assert r.status_code == 422


def test_move_refuses_opponents_teammates_and_passing_the_ball(api):
    r = move(api, [(60, 12), (61, 12), (62, 12), (63, 12)])
    assert r.status_code == 422 and "path.3" in r.json["error"]["fields"]
    mate = {"id": "mate", "team": "sun", "x": 59, "y": 12}
    r = move(api, [(60, 12), (59, 12)], players=[HOLDER, DEFENDER, mate])
    assert r.status_code == 422 and "path.1" in r.json["error"]["fields"]
    assert move(api, [(60, 12), (59, 12), (58, 12)],
                players=[HOLDER, DEFENDER, mate]).status_code == 200
    r = move(api, [(60, 12), (59, 12), (58, 12)], ball=(59, 12))
    assert r.status_code == 422 and "path.2" in r.json["error"]["fields"]
    r = move(api, [(60, 12), (59, 12)], ball=(59, 12))
    assert r.status_code == 200 and r.json["takes_ball"]
    assert move(api, [(60, 12), (59, 12), (58, 12)], "five_foot_step").status_code == 422


def test_the_score_and_the_round_bring_the_end_game(api):
    """Two behind in round 95, on a hoop's row, a kicker with a chance through: the hoop
    (the same body without the score: a kick at the goal)."""
    ace = {"id": "ix", "team": "sun", "x": 33, "y": 0, "str": 18, "dex": 18, "bab": 4,
           "feats": ["exotic_weapon_pelota", "point_blank_shot"]}
    far = {"id": "yo", "team": "moon", "x": 10, "y": 12}
    body = {"players": [ace, far], "ball": {"x": 33, "y": 0}, "mover": "ix",
            "attacks": "east", "round": 95}
    late = api.post(SUGGEST, {**body, "score": {"sun": 3, "moon": 5}})
    assert late.status_code == 200, late.json
    assert late.json["turn"]["action"]["route"] == "hoop"
    assert api.post(SUGGEST, body).json["turn"]["action"]["route"] == "kick"
    bad = api.post(SUGGEST, {**body, "score": {"sun": -1}})
    assert bad.status_code == 422 and "score" in str(bad.json)
