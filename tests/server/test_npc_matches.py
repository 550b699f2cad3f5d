"""NPC matches the party watches: `/yaotzin/odds` and `/yaotzin/play` (docs/api.md, "NPC
matches the party watches"). A played-out match is kept as a companion match by posting its
events in order, and its report counts what the highlights say."""

from __future__ import annotations

import time

import pytest

from companion.server import create_app
from companion.server.config import Config
from tests.conftest import TOKEN, Api
from tests.server.helpers import assert_error
from tests.server.test_tune import no_worker_left

ODDS, PLAY = "/api/v1/yaotzin/odds", "/api/v1/yaotzin/play"


def players() -> list[dict]:
    """Three eagles on the west half and three jaguars on the east, on the rulebook's court."""
    out = []
    for i, (x, y) in enumerate(((30, 9), (25, 12), (20, 15))):
        out.append({"id": f"e{i}", "team": "eagles", "x": x, "y": y, "str": 14 + i,
                    "dex": 13, "bab": 2, "reflex": 3, "name": f"Eagle {i}"})
        out.append({"id": f"j{i}", "team": "jaguars", "x": 71 - x, "y": y, "str": 13,
                    "dex": 14 - i, "bab": 2, "reflex": 4})
    return out


def body(**extra) -> dict:
    return {"players": players(), **extra}


def late(**extra) -> dict:
    """A match under way in its last two rounds: quick to play out many times."""
    return body(round=99, score={"eagles": 4, "jaguars": 3}, ball={"x": 40, "y": 12}, **extra)


def keep(api, played: dict) -> str:
    """The played-out match kept as a companion match: a new match, its setup, its events."""
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": team, "defends": end} for team, end in played["defends"].items()]}).json["id"]
    for i, event in enumerate(played["setup"] + played["events"]):
        r = api.post(f"/api/v1/matches/{mid}/events", event)
        assert r.status_code == 201, (i, event, r.json)
    return mid


def test_a_played_out_match_is_kept_and_reported_as_it_was_played(api):
    played = api.post(PLAY, body(seed=5)).json
    assert set(played) >= {"score", "winner", "rounds", "ended_by", "highlights", "events"}
    assert played["setup"] == []                       # the start of a match
    mid = keep(api, played)
    state = api.get(f"/api/v1/matches/{mid}").json
    assert state["score"] == played["score"] and state["status"] == "over"
    assert state["round"] == played["rounds"]
    assert state["winner"] == (played["winner"] or "draw")
    report = api.get(f"/api/v1/matches/{mid}/report").json
    goals = [h for h in played["highlights"] if h["kind"] == "goal"]
    assert sum(played["score"].values()) == len(goals) > 0
    scored = {}
    for h in goals:
        if h["player"]:
            scored[h["player"]] = scored.get(h["player"], 0) + 1
    assert all(report["players"][pid]["goals"] >= n for pid, n in scored.items())
    kicks = sum(h["kind"] == "kick" for h in played["highlights"])
    assert sum(t["kicks"] for t in report["teams"].values()) == kicks
    outs = {h["player"] for h in played["highlights"] if h["kind"] == "knock_out"}
    assert {pid for pid, p in report["players"].items() if p["knocked_out"]} == outs
    rolled = [e for e in played["events"] if "meta" in e]
    assert rolled and all({"name", "formula", "natural", "total"} <= set(r)
                          for e in rolled for r in e["meta"]["rolls"])


def test_a_match_under_way_goes_on_from_its_state_and_keeps_its_setup(api):
    played = api.post(PLAY, late(seed=2)).json
    assert played["rounds"] in (99, 100) and played["ended_by"] in ("time", "score", "hoop")
    assert all(h["round"] >= 99 for h in played["highlights"])
    assert played["score"]["eagles"] >= 4 and played["score"]["jaguars"] >= 3
    assert [e["type"] for e in played["setup"]].count("round") == 98
    mid = keep(api, played)
    state = api.get(f"/api/v1/matches/{mid}").json
    assert state["score"] == played["score"] and state["status"] == "over"


def test_the_same_seed_plays_the_same_match_and_another_seed_another(api):
    first, again = (api.post(PLAY, late(seed=9)).json for _ in range(2))
    assert first == again
    assert api.post(PLAY, late()).json["seed"] != api.post(PLAY, late()).json["seed"]


def test_teams_names_and_ends_are_the_tables_own(api):
    """A team called `sun` that defends the east end stays so: the simulator's own names for
    the two sides never leak into the answer."""
    ps = [{**p, "team": {"eagles": "moon", "jaguars": "sun"}[p["team"]]} for p in players()]
    played = api.post(PLAY, {"players": ps, "seed": 1, "teams": [
        {"id": "sun", "defends": "east", "tactics": "hold-lanes"},
        {"id": "moon", "defends": "west"}]}).json
    assert played["defends"] == {"moon": "west", "sun": "east"}
    assert played["tactics"] == {"moon": "press-ball", "sun": "hold-lanes"}
    for h in played["highlights"]:
        if h["player"]:
            assert h["team"] == ("moon" if h["player"].startswith("e") else "sun")
    for e in played["events"]:
        if e["type"] == "goal":
            assert e["end"] == ("east" if e["team"] == "moon" else "west")
    keep(api, played)


def test_odds_are_shares_with_intervals_and_the_same_for_the_same_seed(api):
    first = api.post(ODDS, late(matches=12, seed=3)).json
    assert first == api.post(ODDS, late(matches=12, seed=3)).json
    assert first["matches"] == 12 and "partial" not in first
    assert sum(first["win"].values()) + first["draw"] == pytest.approx(1.0, abs=1e-3)
    for team, p in first["win"].items():
        lo, hi = first["intervals"]["win"][team]
        assert lo <= p <= hi
    assert first["expected_score"]["eagles"] >= 4      # from the score under way
    assert set(first["intervals"]) == {"win", "draw", "expected_score"}


def test_odds_at_the_time_limit_answer_what_they_have_flagged_partial(tmp_path):
    """A thousand short matches (a tenth of a second each) do not fit in 8 s."""
    api = Api(create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770,
                                tune_time_limit=8.0)).test_client())
    r = api.post(ODDS, late(matches=1000, seed=1))
    assert r.status_code == 200, r.json
    assert r.json["partial"] is True and 1 <= r.json["matches"] < 1000
    assert no_worker_left()


def test_a_simulation_with_nothing_to_show_at_the_limit_is_503(tmp_path):
    api = Api(create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770,
                                tune_time_limit=0.05)).test_client())
    for route in (ODDS, PLAY):
        assert "time limit" in assert_error(api.post(route, body()), 503, "tune_timeout")
    assert no_worker_left()


def test_a_second_simulation_while_one_runs_is_429_busy_with_retry_after(api, app):
    slot = app.extensions["ballcourt_tune"]
    slot.acquire(30)
    try:
        for route in (ODDS, PLAY):
            assert "try again in" in assert_error(api.post(route, late()), 429, "busy")
            assert 1 <= int(api.post(route, late()).headers["Retry-After"]) <= 30
    finally:
        slot.release()


def test_odds_whose_client_went_away_end_their_worker():
    from companion.server.api.yaotzin import odds_stage
    from companion.server.tuning import TuneGone, run_tune

    started = time.monotonic()
    with pytest.raises(TuneGone):
        run_tune({"body": body(), "seed": 1, "matches": 1000}, 60.0,
                 lambda: time.monotonic() > started + 1, work=odds_stage)
    assert time.monotonic() - started < 4
    assert no_worker_left()


@pytest.mark.parametrize("change, field", [
    ({"tactics": "nonsense"}, "tactics"),
    ({"teams": [{"id": "eagles", "defends": "west"}]}, "teams"),
    ({"teams": [{"id": "eagles", "defends": "west"}, {"id": "x", "defends": "east"}]}, "teams"),
    ({"teams": [{"id": "eagles", "defends": "west"}, {"id": "jaguars", "defends": "west"}]},
     "teams"),
    ({"score": {"owls": 1}}, "score.owls"),
    ({"score": {"eagles": 9}}, "score"),
    ({"round": 101}, "round"),
    ({"round": 0}, "round"),
    ({"ball": {"x": 500, "y": 3}}, "ball"),
    ({"hit_points": {"nobody": 5}}, "hit_points.nobody"),
    ({"matches": 1001}, "matches"),
    ({"players": [{"id": "a", "team": "t", "x": 1, "y": 1}]}, "players"),
    ({"surprise": 1}, "surprise"),
])
def test_a_bad_body_is_refused_naming_its_field(api, change, field):
    r = api.post(ODDS, {**body(), **change})
    assert 400 <= r.status_code < 500, r.json
    assert any(f == field or f.startswith(field + ".") for f in r.json["error"]["fields"]), \
        r.json
    if "matches" not in change:
        r = api.post(PLAY, {**body(), **change})
        assert 400 <= r.status_code < 500 and r.json["error"]["fields"]


def test_odds_over_socketio_answer_once_with_no_tune_progress(app):
    """`tune_progress` is the zone tune's: the module's tune listeners read a tune's answer."""
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    ack = client.emit("call", {"method": "POST", "route": ODDS, "body": late(matches=12, seed=3)},
                      callback=True)
    assert ack["status"] == 200 and ack["body"]["matches"] == 12, ack
    assert [e["name"] for e in client.get_received() if e["name"] == "tune_progress"] == []
