"""Undoing a card's events out of order: allowed when no later event was built on them."""

from tests.server.test_matches import GOAT, YAOTZIN, new


def post(api, mid, event):
    r = api.post(f"/api/v1/matches/{mid}/events", event)
    assert r.status_code == 201, r.json
    return r.json["applied"]


def undo(api, mid, *seqs):
    return api.post(f"/api/v1/matches/{mid}/events/undo", {"seqs": list(seqs)})


def test_an_earlier_event_is_undone_when_later_ones_touch_other_things(api):
    mid = new(api)["id"]
    hurt = post(api, mid, {"type": "damage", "player": "ix", "nonlethal": 4})
    post(api, mid, {"type": "ball", "x": 40, "y": 12, "speed": 3, "direction": "E"})
    post(api, mid, {"type": "damage", "player": "yo", "nonlethal": 2})
    r = undo(api, mid, hurt)
    assert r.status_code == 200, r.json
    assert r.json["nonlethal"] == {"yo": 2}
    assert r.json["ball"] == {"x": 40, "y": 12, "speed": 3, "direction": "E"}
    assert r.json["seq"] == 2
    log = api.get(f"/api/v1/matches/{mid}/events").json["events"]
    assert [(e["seq"], e["type"], e["undone"]) for e in log] == [
        (1, "damage", True), (2, "ball", False), (3, "damage", False), (4, "undo", False)]
    assert log[3]["undoes"] == 1
    r = undo(api, mid, hurt)
    assert r.status_code == 409 and r.json["error"]["code"] == "nothing_to_undo"


def test_a_card_s_events_go_together(api):
    mid = new(api)["id"]
    a = post(api, mid, {"type": "ball", "x": 30, "y": 10})
    b = post(api, mid, {"type": "damage", "player": "ix", "nonlethal": 3})
    post(api, mid, {"type": "damage", "player": "yo", "nonlethal": 1})
    r = undo(api, mid, a, b)
    assert r.status_code == 200, r.json
    assert r.json["nonlethal"] == {"yo": 1} and r.json["ball"]["x"] == 36
    assert r.json["seq"] == 1


def test_a_later_event_built_on_it_refuses_and_changes_nothing(api):
    mid = new(api)["id"]
    first = post(api, mid, {"type": "ball", "x": 40, "y": 12})
    later = post(api, mid, {"type": "ball", "x": 50, "y": 12})
    before = api.get(f"/api/v1/matches/{mid}").json
    r = undo(api, mid, first)
    assert r.status_code == 409 and r.json["error"]["code"] == "undo_conflict"
    assert r.json["error"]["fields"] == {"later": [str(later)]}
    assert f"event {later} (ball)" in r.json["error"]["message"]
    assert api.get(f"/api/v1/matches/{mid}").json == before
    assert len(api.get(f"/api/v1/matches/{mid}/events").json["events"]) == 2


def test_scores_add_up_in_any_order_but_a_result_built_on_the_score_refuses(api):
    mid = new(api, {**YAOTZIN, "settings": {"points_to_win": 2, "round_limit": 1}})["id"]
    first = post(api, mid, {"type": "goal", "team": "sun"})
    second = post(api, mid, {"type": "goal", "team": "moon"})
    r = undo(api, mid, first)
    assert r.status_code == 200 and r.json["score"] == {"sun": 0, "moon": 1}
    third = post(api, mid, {"type": "goal", "team": "sun"})
    ended = post(api, mid, {"type": "round"})   # the round limit: the leader wins
    assert api.get(f"/api/v1/matches/{mid}").json["status"] == "over"
    for seq in (second, third):
        r = undo(api, mid, seq)
        assert r.status_code == 409 and r.json["error"]["fields"] == {"later": [str(ended)]}
    assert api.get(f"/api/v1/matches/{mid}").json["score"] == {"sun": 1, "moon": 1}


def test_a_goatball_pass_built_on_a_possession_refuses(api):
    mid = new(api, GOAT)["id"]
    gave = post(api, mid, {"type": "possession", "team": "red", "carrier": "r1"})
    passed = post(api, mid, {"type": "pass", "throw": {"kind": "pass", "target": "r2"},
                             "actions": [{"player": "r1", "action": "throw", "check": 15}]})
    r = undo(api, mid, gave)
    assert r.status_code == 409 and r.json["error"]["fields"] == {"later": [str(passed)]}


def test_bad_bodies_name_the_field(api):
    mid = new(api)["id"]
    post(api, mid, {"type": "round"})
    for body, field in (({}, "seqs"), ({"seqs": []}, "seqs"), ({"seqs": ["1"]}, "seqs.0"),
                        ({"seqs": [7]}, "seqs.0"), ({"seqs": [1, 0]}, "seqs.1")):
        r = api.post(f"/api/v1/matches/{mid}/events/undo", body)
        assert r.status_code == 422, (body, r.json)
        assert field in r.json["error"]["fields"], (body, r.json)
    undone = api.post(f"/api/v1/matches/{mid}/undo").json
    assert undone["seq"] == 0
    r = api.post(f"/api/v1/matches/{mid}/events/undo", {"seqs": [2]})
    assert r.status_code == 422 and "seqs.0" in r.json["error"]["fields"], "an undo record"
    assert api.post("/api/v1/matches/nope/events/undo", {"seqs": [1]}).status_code == 404
