"""Every route's work is bounded by design, so no body inside the limits can stall the table:
the movement search stops at its limit, and one cap on heavy work in flight covers HTTP and
Socket.IO alike."""

from __future__ import annotations

import threading
import time
import tracemalloc

import pytest

from bench.scenario import worst_suggest_body
from companion.rules.yaotzin import movement
from companion.server.api.yaotzin import ball, court_of
from companion.server.heavy import HeavyGate
from companion.server.schemas.yaotzin import YaotzinSuggestSchema
from companion.tactics import yaotzin as tactics
from tests.conftest import TOKEN

SUGGEST = "/api/v1/yaotzin/suggest"


def test_the_worst_suggest_body_stops_within_the_search_limit(monkeypatch):
    """A security review's body (a speed-300 chaser on a 1000 x 400 court, the ball shut in a
    ring of 16): steps tried and memory are counted, not time. It searched about 95,000
    states (over 750,000 steps) and held 200 MB of paths; now two searches at most, each
    stopped at SEARCH_LIMIT states, and no path per square."""
    steps = 0
    cost = movement.square_cost

    def counted(*args):
        nonlocal steps
        steps += 1
        return cost(*args)

    monkeypatch.setattr(movement, "square_cost", counted)
    body = YaotzinSuggestSchema().load(worst_suggest_body())
    court, roster, settings, _ = court_of(body)
    mover = roster.get("chaser")
    view = tactics.view_of(court, roster, settings, ball(body["ball"]), mover, None, 1)
    tracemalloc.start()
    try:
        with pytest.raises(movement.SearchTooLarge):
            tactics.decide(view, tactics.preset(None), "chaser")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert steps <= 2 * 8 * movement.SEARCH_LIMIT
    assert peak < 40 * 2**20


def test_the_worst_suggest_body_is_refused_cleanly_over_http(api):
    r = api.post(SUGGEST, worst_suggest_body())
    assert r.status_code == 422
    error = r.json["error"]
    assert error["code"] == "search_too_large" and "mover" in error["fields"]
    assert "chaser" in error["message"]


def test_a_search_within_the_limit_answers_as_before(api):
    """A court well inside the limit: the chaser's path is the one the search has always
    given (the cheapest, the nearest square to the ball, rebuilt from the parent links)."""
    body = worst_suggest_body()
    body["field"] = {"length": 80, "width": 30}
    body["players"] = [{**p, "x": p["x"] - 460, "y": p["y"] - 185} for p in body["players"]]
    body["ball"] = {"x": 40, "y": 15}
    chaser = body["players"][-1]
    chaser["x"], chaser["speed"] = 30, 30
    r = api.post(SUGGEST, body)
    assert r.status_code == 200, r.json
    path = r.json["turn"]["path"]
    assert path[0] == {"x": 30, "y": 15} and len(path) > 1
    moved = api.post("/api/v1/yaotzin/move", {
        "field": body["field"], "players": body["players"], "ball": body["ball"],
        "mover": "chaser", "path": path, "budget": "double_move"})
    assert moved.status_code == 200, moved.json


@pytest.fixture
def held(app):
    """The app's heavy-work cap at one in flight, none waiting, with that one turn taken."""
    gate = app.extensions["ballcourt_heavy"] = HeavyGate(in_flight=1, waiting=0, wait=0.1)
    with gate.turn():
        yield gate


def test_a_heavy_request_past_the_cap_is_503_with_retry_after(api, held):
    r = api.post(SUGGEST, worst_suggest_body())
    assert r.status_code == 503 and r.json["error"]["code"] == "overloaded"
    assert r.headers["Retry-After"] == "1"
    light = api.post("/api/v1/yaotzin/move", {"field": {"length": 20, "width": 10},
                                              "players": [{"id": "a", "team": "s", "x": 1,
                                                           "y": 1}],
                                              "ball": {"x": 5, "y": 5}, "mover": "a",
                                              "path": [{"x": 1, "y": 1}, {"x": 2, "y": 2}],
                                              "budget": "move"})
    assert light.status_code == 200        # the light routes never wait on the cap


def test_the_cap_covers_socket_io_calls(app, held):
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    ack = client.emit("call", {"method": "POST", "route": SUGGEST, "body": worst_suggest_body()},
                      callback=True)
    assert ack["status"] == 503 and ack["body"]["error"]["code"] == "overloaded"


def test_a_bad_heavy_body_is_answered_without_a_turn(api, held):
    r = api.post(SUGGEST, {"mover": 3})
    assert r.status_code == 422 and r.json["error"]["code"] == "validation"


def test_a_waiting_heavy_request_gets_the_next_turn(api, app):
    gate = app.extensions["ballcourt_heavy"] = HeavyGate(in_flight=1, waiting=1, wait=30)
    answers = []
    with gate.turn():
        waiter = threading.Thread(target=lambda: answers.append(
            api.post(SUGGEST, worst_suggest_body()).status_code))
        waiter.start()
        while gate.waiting == 0:
            time.sleep(0.01)
    waiter.join(60)
    assert answers == [422]        # its turn came: the search limit answered, not the cap
