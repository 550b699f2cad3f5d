"""A match replayed step by step (`GET .../replay`): the state, event, ball trail and box
score after any number of its events in force, by the rules each event was played under;
readable by that match's viewer key and no other match's."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN
from tests.present.test_report import (
    BASE,
    apply_card,
    at,
    event,
    resolve,
    yaotzin_match,  # noqa: F401 (a fixture)
)
from tests.server.test_corpus import corpus_matches, stored  # noqa: F401 (a fixture)

SHOWN_AS_PLAYED = ("seq", "log_seq")    # a step's own: how many events, and the last one's seq


def replay(api, mid, query="", **kw):
    return api.get(f"/api/v1/matches/{mid}/replay{query}", **kw)


def report_now(api, mid) -> dict:
    """The match's report as `GET .../report` answers it, but for the language it chose."""
    return {k: v for k, v in api.get(f"/api/v1/matches/{mid}/report").json.items()
            if k != "lang"}


def test_every_step_of_a_match_is_the_state_and_report_it_had_then(api):
    made = api.post("/api/v1/matches", {"game": "yaotzin", "name": "Final", "teams": [
        {"id": "sun", "defends": "west", "players": ["s1", "s2"]},
        {"id": "moon", "defends": "east", "players": ["m1", "m2"]}]})
    mid = made.json["id"]
    states, reports = [made.json], [report_now(api, mid)]
    kick = resolve(api, "kick", {"players": at(s1=(30, 12), m1=(50, 3)), "kicker": "s1",
                                 "ball": {"x": 30, "y": 12}, "target": {"x": 37, "y": 12},
                                 "rolls": {"attack": 20}})
    for body in (None, {"type": "round"}, {"type": "damage", "player": "m1", "nonlethal": 3},
                 {"type": "goal", "team": "moon"}):
        if body is None:
            apply_card(api, mid, kick)
        else:
            event(api, mid, body)
        states.append(api.get(f"/api/v1/matches/{mid}").json)
        reports.append(report_now(api, mid))
    last = replay(api, mid).json
    assert last["step"] == last["steps"] == 4
    for step, (state, report) in enumerate(zip(states, reports)):
        got = replay(api, mid, f"?step={step}").json
        assert got["step"] == step and got["steps"] == 4
        assert {k: v for k, v in got["state"].items() if k not in SHOWN_AS_PLAYED} == \
            {k: v for k, v in state.items() if k not in SHOWN_AS_PLAYED}
        assert got["state"]["seq"] == step
        assert got["report"] == report
    assert replay(api, mid, "?step=0").json["event"] is None
    assert replay(api, mid, "?step=0").json["trail"] is None
    # the kick: flown from Tal's square to where it came down, then rolled on (or not)
    flown = replay(api, mid, "?step=1").json
    assert flown["event"]["type"] == "ball" and flown["event"]["seq"] == 1
    trail = flown["trail"]
    assert trail["origin"] == {"x": 30, "y": 12} and trail["from"] == {"x": 36, "y": 12}
    assert trail["landing"] == {"x": 37, "y": 12}
    assert trail["ball"] == flown["state"]["ball"] and trail["goal"] is None
    # a round and a blow leave the ball's last trail as it was; a goal draws into its end
    assert replay(api, mid, "?step=3").json["trail"] == trail
    assert last["trail"]["goal"] == "west" and last["trail"]["ball"] is None
    assert last == replay(api, mid, "?step=4").json


def test_a_replay_skips_what_was_undone(api, yaotzin_match):  # noqa: F811 (the fixture)
    active = [e for e in api.get(f"/api/v1/matches/{yaotzin_match}/events").json["events"]
              if e["type"] != "undo" and not e["undone"]]
    got = replay(api, yaotzin_match).json
    assert got["steps"] == len(active) and got["event"] == active[-1]
    assert got["state"]["score"] == api.get(f"/api/v1/matches/{yaotzin_match}").json["score"]
    assert got["report"] == report_now(api, yaotzin_match)


@pytest.mark.parametrize("stored", corpus_matches(), indirect=True)
def test_a_match_an_older_companion_stored_replays_as_it_was_played(stored):  # noqa: F811
    api, _db, expected, _version = stored
    mid = expected["match"]["id"]
    today = api.get(f"/api/v1/matches/{mid}").json
    got = replay(api, mid).json
    assert {k: v for k, v in got["state"].items() if k not in SHOWN_AS_PLAYED} == \
        {k: v for k, v in today.items() if k not in SHOWN_AS_PLAYED}
    assert got["report"] == report_now(api, mid)


def test_a_viewer_key_replays_its_own_match_only(app, api):
    mine = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]})
    other = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]})
    mid, oid = mine.json["id"], other.json["id"]
    event(api, mid, {"type": "goal", "team": "a"})
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    as_viewer = {"Authorization": f"Bearer {key}"}
    assert api.client.get(f"/api/v1/matches/{mid}/replay?step=1", base_url=BASE,
                          headers=as_viewer).json["state"]["score"] == {"a": 1, "b": 0}
    refused = api.client.get(f"/api/v1/matches/{oid}/replay", base_url=BASE, headers=as_viewer)
    assert refused.status_code == 403
    assert refused.json["error"]["code"] == "viewer_read_only"
    sock = app.extensions["socketio"].test_client(app, auth={"viewer": key})
    got = sock.emit("call", {"method": "GET", "route": f"/api/v1/matches/{mid}/replay?step=0"},
                    callback=True)
    assert got["status"] == 200 and got["body"]["state"]["score"] == {"a": 0, "b": 0}
    assert sock.emit("call", {"method": "GET", "route": f"/api/v1/matches/{oid}/replay"},
                     callback=True)["status"] == 403
    api.client.delete(f"/api/v1/matches/{mid}/viewers/{key}", base_url=BASE,
                      headers={"Authorization": f"Bearer {TOKEN}"})
    assert api.client.get(f"/api/v1/matches/{mid}/replay", base_url=BASE,
                          headers=as_viewer).status_code == 401          # revoked


@pytest.mark.parametrize("query", ["?step=2", "?step=-1", "?step=x", "?step=１",
                                   "?step=" + "9" * 30])
def test_a_step_that_is_not_one_of_the_matchs_is_refused_by_name(api, query):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}
                   ).json["id"]
    event(api, mid, {"type": "round"})
    bad = replay(api, mid, query)
    assert bad.status_code == 422 and list(bad.json["error"]["fields"]) == ["step"]


def test_replaying_an_unknown_match_is_404(api):
    assert replay(api, "nope").status_code == 404


def test_the_trail_reads_the_end_a_goal_went_into_and_the_hoop_a_shot_went_through():
    from companion.present.trail import trail
    from companion.rules.yaotzin.court import Court
    from companion.rules.yaotzin.match import apply_event, new_match
    from companion.rules.yaotzin.settings import Settings

    start = new_match([{"id": "a"}, {"id": "b"}], Court(), Settings())     # a defends west
    ball = {"type": "ball", "x": 10, "y": 3, "speed": 0}
    moved = apply_event(start, ball)
    assert trail(start, {**ball, "seq": 4}, moved) == {
        "seq": 4, "from": {"x": 36, "y": 12}, "origin": None, "landing": None,
        "ball": {"x": 10, "y": 3, "speed": 0, "direction": None}, "goal": None, "hoop": None}
    for goal, end in (({"type": "goal", "team": "b"}, "west"), ({"type": "goal", "end": "east"},
                                                                 "east")):
        assert trail(moved, goal, apply_event(moved, goal))["goal"] == end
    # version 1 scored a goal into a team's own end for that team: the ball went in there
    own = {"type": "goal", "team": "a", "end": "west"}
    assert trail(moved, own, apply_event(moved, own, 1))["goal"] == "west"
    hoop = {"type": "hoop", "team": "a"}
    assert trail(moved, hoop, apply_event(moved, hoop))["hoop"] == "north"    # from row 3
    assert trail(moved, {"type": "round"}, apply_event(moved, {"type": "round"})) is None
