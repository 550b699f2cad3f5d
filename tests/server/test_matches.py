"""Matches: the event log, undo, refusals, and both games."""

import sqlite3

import pytest

from tests.conftest import TOKEN
from tests.server.helpers import RAMS_AND_GOATS, assert_error, new_match

YAOTZIN = {"game": "yaotzin", "teams": [{"id": "sun", "defends": "west"},
                                        {"id": "moon", "defends": "east"}]}
GOAT = {"game": "goatball", "teams": [
    {"id": "red", "players": [{"id": "r1", "platform": "p1"}, {"id": "r2", "platform": "p2"}]},
    {"id": "blue", "players": [{"id": "b1", "platform": "p7"}, {"id": "b2", "platform": "p8"}]}]}


def new(api, body=YAOTZIN):
    r = api.post("/api/v1/matches", body)
    assert r.status_code == 201, r.json
    return r.json


def test_create_and_show_a_yaotzin_match(api):
    m = new(api)
    assert m["game"] == "yaotzin" and m["score"] == {"sun": 0, "moon": 0}
    assert (m["round"], m["status"], m["winner"], m["seq"]) == (1, "playing", None, 0)
    assert m["ball"] == {"x": 36, "y": 12, "speed": 0, "direction": None}
    assert api.get(f"/api/v1/matches/{m['id']}").json == m


def test_events_apply_log_and_undo(api):
    mid = new(api)["id"]
    url = f"/api/v1/matches/{mid}"
    r = api.post(f"{url}/events", {"type": "ball", "x": 40, "y": 12, "speed": 3,
                                   "direction": "E"})
    assert r.status_code == 201 and r.json["seq"] == 1
    assert r.json["ball"] == {"x": 40, "y": 12, "speed": 3, "direction": "E"}
    r = api.post(f"{url}/events", {"type": "goal", "team": "sun"})
    assert r.json["score"] == {"sun": 1, "moon": 0} and r.json["seq"] == 2
    api.post(f"{url}/events", {"type": "round"})
    undone = api.post(f"{url}/undo")
    assert undone.status_code == 200 and undone.json["round"] == 1 and undone.json["seq"] == 2
    undone = api.post(f"{url}/undo")
    assert undone.json["score"] == {"sun": 0, "moon": 0} and undone.json["seq"] == 1
    assert undone.json["ball"]["x"] == 40
    log = api.get(f"{url}/events").json["events"]
    assert [e["seq"] for e in log] == [1, 2, 3, 4, 5]
    assert [e["type"] for e in log] == ["ball", "goal", "round", "undo", "undo"]
    assert [e["undone"] for e in log] == [False, True, True, False, False]
    assert log[3]["undoes"] == 3 and log[4]["undoes"] == 2
    api.post(f"{url}/undo")
    r = api.post(f"{url}/undo")
    assert r.status_code == 409 and r.json["error"]["code"] == "nothing_to_undo"


def test_bad_events_are_422_and_change_nothing(api):
    mid = new(api)["id"]
    url = f"/api/v1/matches/{mid}"
    for bad, field in (({"type": "goal", "team": "stars"}, "team"),
                       ({"type": "ball", "x": 3, "y": 99}, "x"),
                       ({"type": "ball", "x": 3}, "y"),
                       ({"type": "dance"}, "type"),
                       ({"type": "round", "extra": 1}, "extra"),
                       ({"type": "pass", "actions": []}, "type")):
        r = api.post(f"{url}/events", bad)
        assert r.status_code == 422, (bad, r.json)
        assert field in r.json["error"]["fields"], r.json
    assert api.get(url).json["seq"] == 0
    assert api.get(f"{url}/events").json["events"] == []


def test_a_match_that_is_over_refuses_events_with_409(api):
    mid = new(api)["id"]
    r = api.post(f"/api/v1/matches/{mid}/events", {"type": "hoop", "team": "moon"})
    assert r.json["status"] == "over" and r.json["winner"] == "moon"
    assert r.json["score"]["moon"] == 9
    r = api.post(f"/api/v1/matches/{mid}/events", {"type": "round"})
    assert r.status_code == 409 and r.json["error"]["code"] == "match_over"
    assert api.post(f"/api/v1/matches/{mid}/undo").json["status"] == "playing"


def test_unknown_match_is_404(api):
    assert api.get("/api/v1/matches/nope").status_code == 404
    assert api.post("/api/v1/matches/nope/events", {"type": "round"}).status_code == 404


def test_bad_match_creation(api):
    for body, field in (({"game": "chess", "teams": [{}, {}]}, "game"),
                        ({"game": "yaotzin", "teams": [{"id": "a", "defends": "up"},
                                                       {"id": "b"}]}, "teams.0.defends"),
                        ({**YAOTZIN, "field": {"width": 2}}, "field.width"),
                        ({**YAOTZIN, "settings": {"scatter_one": "x"}}, "settings.scatter_one"),
                        ({**GOAT, "teams": [{"id": "red", "players": [{"id": "r1"}]},
                                            GOAT["teams"][1]]}, "teams.0.players.0.platform")):
        r = api.post("/api/v1/matches", body)
        assert r.status_code == 422, (body, r.json)
        assert field in r.json["error"]["fields"], r.json


def test_a_goatball_match_replays_its_own_dice_after_undo(api):
    mid = new(api, GOAT)["id"]
    url = f"/api/v1/matches/{mid}/events"
    r = api.post(url, {"type": "tipoff", "checks": {"r1": {"modifier": 3},
                                                     "b1": {"modifier": 2}}, "seed": 7})
    assert r.status_code == 201, r.json
    holder = r.json["possession"]
    if holder["carrier"] is None:
        team = holder["team"]
        r = api.post(url, {"type": "carrier", "player": "r1" if team == "red" else "b1"})
    state = r.json
    carrier = state["possession"]["carrier"]
    mate = {"r1": "r2", "b1": "b2"}[carrier]
    foe = "b1" if carrier == "r1" else "r1"
    r = api.post(url, {"type": "pass", "throw": {"kind": "pass", "target": mate},
                       "actions": [{"player": carrier, "action": "throw", "modifier": 4},
                                   {"player": foe, "action": "intercept", "modifier": 2}]})
    assert r.status_code == 201
    after_pass = r.json
    assert {x["name"] for x in after_pass["result"]["rolls"]} == {f"{carrier}.throw",
                                                                  f"{foe}.intercept"}
    api.post(url, {"type": "note", "text": "a cheer from the crowd"})
    r = api.post(f"/api/v1/matches/{mid}/undo")
    for key in ("possession", "teams", "passes"):
        assert r.json[key] == after_pass[key]
    stored = api.get(url).json["events"]
    pass_event = next(e for e in stored if e["type"] == "pass")
    assert set(pass_event["rolls"]) == {f"{carrier}.throw", f"{foe}.intercept"}


def test_goatball_events_refuse_illegal_passes(api):
    mid = new(api, GOAT)["id"]
    url = f"/api/v1/matches/{mid}/events"
    r = api.post(url, {"type": "pass", "throw": {"kind": "pass", "target": "r2"},
                       "actions": [{"player": "r1", "action": "throw", "check": 9}]})
    assert r.status_code == 422 and "tip-off" in r.json["error"]["message"]
    api.post(url, {"type": "possession", "team": "red", "carrier": "r1"})
    r = api.post(url, {"type": "pass", "throw": {"kind": "pass", "target": "b1"},
                       "actions": [{"player": "r1", "action": "throw", "check": 9}]})
    assert r.status_code == 422 and r.json["error"]["fields"] == {
        "throw.target": [r.json["error"]["message"]]}
    assert api.get(f"/api/v1/matches/{mid}").json["seq"] == 1


def test_a_goatball_match_marks_more_names_as_flight(api):
    mid = new(api, {**GOAT, "settings": {"magic": True, "allowed_magic": ["Jump"],
                                         "flight_magic": ["Broom Ride"]}})["id"]
    url = f"/api/v1/matches/{mid}/events"
    api.post(url, {"type": "possession", "team": "red", "carrier": "r1"})
    for magic in ("broom ride", "Gaseous Form"):
        r = api.post(url, {"type": "pass", "throw": {"kind": "pass", "target": "r2"},
                           "actions": [{"player": "r1", "action": "throw", "check": 9},
                                       {"player": "b1", "action": "intercept", "check": 9,
                                        "magic": magic}]})
        assert r.status_code == 422 and "actions.1.magic" in r.json["error"]["fields"]
    r = api.post("/api/v1/matches", {**GOAT, "settings": {
        "magic": True, "allowed_magic": ["Broom Ride"], "flight_magic": ["broom-ride"]}})
    assert r.status_code == 422 and "flight is refused" in r.json["error"]["message"]


def test_a_goatball_match_may_start_with_empty_teams_and_gain_players(api):
    mid = new(api, {"game": "goatball", "teams": [{"id": "red"}, {"id": "blue"}]})["id"]
    url = f"/api/v1/matches/{mid}/events"
    for team, pid, platform in (("red", "r1", "P1"), ("blue", "b1", "P2")):
        r = api.post(url, {"type": "player", "team": team,
                           "player": {"id": pid, "platform": platform}})
        assert r.status_code == 201, r.json
    dup = api.post(url, {"type": "player", "team": "blue", "player": {"id": "r1",
                                                                       "platform": "P3"}})
    assert dup.status_code == 422 and "player.id" in dup.json["error"]["fields"]
    state = api.get(f"/api/v1/matches/{mid}").json
    assert [[p["id"] for p in t["players"]] for t in state["teams"]] == [["r1"], ["b1"]]


def test_the_event_log_is_paged_with_a_bounded_default(api, app):
    from companion.server.api.matches import EVENTS_PAGE

    mid = new_match(api)
    for _ in range(5):
        api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "x"})
    page = api.get(f"/api/v1/matches/{mid}/events?limit=2").json
    assert [e["seq"] for e in page["events"]] == [1, 2] and page["next"] == 2
    page = api.get(f"/api/v1/matches/{mid}/events?after=4&limit=2").json
    assert [e["seq"] for e in page["events"]] == [5] and page["next"] is None
    assert [e["seq"] for e in api.get(f"/api/v1/matches/{mid}/events").json["events"]] == [
        1, 2, 3, 4, 5]
    assert_error(api.get(f"/api/v1/matches/{mid}/events?limit=0"), 422, "validation")
    many = [("note", '{"type": "note", "text": "x"}', "2026", None)] * (EVENTS_PAGE + 5)
    db = sqlite3.connect(app.config["BALLCOURT"].db_path)
    db.executemany("INSERT INTO events (match_id, seq, type, body, created, undoes) VALUES"
                   " (?, ?, ?, ?, ?, ?)", [(mid, 6 + i, *row) for i, row in enumerate(many)])
    db.commit()
    db.close()
    first = api.get(f"/api/v1/matches/{mid}/events").json
    assert len(first["events"]) == EVENTS_PAGE and first["next"] == EVENTS_PAGE
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    ack = client.emit("call", {"method": "GET", "route": f"/api/v1/matches/{mid}/events"
                                                           f"?after={EVENTS_PAGE}"},
                      callback=True)
    assert [e["seq"] for e in ack["body"]["events"]][:1] == [EVENTS_PAGE + 1]


def test_a_goal_into_the_scorers_own_end_is_422(api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "defends": "west"}, {"id": "moon", "defends": "east"}]}).json["id"]
    r = api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "sun", "end": "west"})
    assert r.status_code == 422 and "end" in r.json["error"]["fields"]
    ok = api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "sun", "end": "east"})
    assert ok.status_code == 201 and ok.json["score"] == {"sun": 1, "moon": 0}
    assert api.get(f"/api/v1/matches/{mid}").json["seq"] == 1


def test_damage_to_an_unknown_player_or_negative_is_422(api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "players": ["ix", "yol"]}, {"id": "moon", "players": ["tez"]}]}).json["id"]
    bad = api.post(f"/api/v1/matches/{mid}/events",
                   {"type": "damage", "player": "nobody", "nonlethal": 2})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "unknown_player"
    assert "player" in bad.json["error"]["fields"]
    negative = api.post(f"/api/v1/matches/{mid}/events",
                        {"type": "damage", "player": "ix", "nonlethal": -3})
    assert negative.status_code == 422 and "nonlethal" in negative.json["error"]["fields"]
    good = api.post(f"/api/v1/matches/{mid}/events",
                    {"type": "damage", "player": "tez", "nonlethal": 3})
    assert good.status_code == 201 and good.json["nonlethal"] == {"tez": 3}
    twice = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "players": ["ix"]}, {"id": "moon", "players": ["ix"]}]})
    assert twice.status_code == 422


def test_team_names_are_carried_in_the_state_the_list_and_the_board(api):
    made = api.post("/api/v1/matches", RAMS_AND_GOATS)
    assert made.status_code == 201, made.json
    mid = made.json["id"]
    assert [t.get("name") for t in made.json["teams"]] == ["Ulra's Rams", "Peak Goats"]
    api.post(f"/api/v1/matches/{mid}/events", {"type": "possession", "team": "rams",
                                                "carrier": "r1"})
    state = api.get(f"/api/v1/matches/{mid}").json
    assert [t.get("name") for t in state["teams"]] == ["Ulra's Rams", "Peak Goats"]
    yao = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "name": "Sun Jaguars"}, {"id": "moon"}]}).json
    assert yao["teams"][0]["name"] == "Sun Jaguars" and "name" not in yao["teams"][1]
    for bad in ("", "x" * 81, 7):
        r = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
            {"id": "sun", "name": bad}, {"id": "moon"}]})
        assert r.status_code == 422 and "teams.0.name" in r.json["error"]["fields"], bad


def test_the_match_list_reports_the_real_seq(api):
    mid = api.post("/api/v1/matches", RAMS_AND_GOATS).json["id"]
    for _ in range(3):
        api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "x"})
    api.post(f"/api/v1/matches/{mid}/undo")
    listed = {m["id"]: m for m in api.get("/api/v1/matches").json["matches"]}
    assert listed[mid]["seq"] == api.get(f"/api/v1/matches/{mid}").json["seq"] == 2


def test_the_store_refuses_in_the_domains_terms_without_flask(tmp_path):
    """matches.py raises its own errors (ValueErrors); server/errors.py maps them to HTTP."""
    from companion.server.db import connect, init_db
    from companion.server.matches import (
        Matches,
        MatchNotFound,
        NothingToUndo,
        StoreError,
        UnknownEvent,
    )

    init_db(tmp_path / "m.sqlite3")
    m = Matches(connect(tmp_path / "m.sqlite3"))
    assert issubclass(StoreError, ValueError)
    with pytest.raises(MatchNotFound, match="no match 'nope'"):
        m.get("nope")
    mid = m.create({"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}], "field": None,
                    "settings": None, "name": None})["id"]
    with pytest.raises(NothingToUndo, match="nothing to undo"):
        m.undo(mid)
    with pytest.raises(UnknownEvent) as unknown:
        m.undo_events(mid, [7])
    assert unknown.value.fields == {"seqs.0": ["no event 7 on this match"]}


def test_each_games_event_table_is_the_one_its_rules_fold():
    """The routes load an event by its game's table (games.py); the rules refuse any other
    type (their EVENT_TYPES): the two name the same events."""
    from companion.rules.goatball import match as goatball
    from companion.rules.yaotzin import match as yaotzin
    from companion.server.games import GAMES

    assert set(GAMES) == {"yaotzin", "goatball"}
    assert set(GAMES["yaotzin"].events) == set(yaotzin.EVENT_TYPES)
    assert set(GAMES["goatball"].events) == set(goatball.EVENT_TYPES)


def test_delete_a_match_takes_its_log_and_viewer_keys(api):
    mid = new(api)["id"]
    api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "sun"})
    key = api.post(f"/api/v1/matches/{mid}/viewers", {}).json["key"]
    other = new(api)["id"]
    gone = api.client.delete(f"/api/v1/matches/{mid}", base_url="http://127.0.0.1:7770",
                             headers=api.headers)
    assert gone.status_code == 204 and gone.get_data() == b""
    assert_error(api.get(f"/api/v1/matches/{mid}"), 404, "not_found")
    assert_error(api.get(f"/api/v1/matches/{mid}/events"), 404, "not_found")
    assert [m["id"] for m in api.get("/api/v1/matches").json["matches"]] == [other]
    board = api.client.get(f"/board/{mid}?key={key}", base_url="http://127.0.0.1:7770")
    assert board.status_code in (403, 404)
    again = api.client.delete(f"/api/v1/matches/{mid}", base_url="http://127.0.0.1:7770",
                              headers=api.headers)
    assert_error(again, 404, "not_found")
    no_token = api.client.delete(f"/api/v1/matches/{other}", base_url="http://127.0.0.1:7770")
    assert_error(no_token, 401, "unauthorized")
    assert api.get(f"/api/v1/matches/{other}").status_code == 200


def test_an_empty_pass_stored_before_the_refusal_still_folds(app, api):
    """The refusal is for new events: a log that holds an empty pass (accepted by an older
    companion) still replays, so undo and the board keep working on it."""
    mid = new(api, GOAT)["id"]
    url = f"/api/v1/matches/{mid}"
    api.post(f"{url}/events", {"type": "possession", "team": "red", "carrier": "r1"})
    db = sqlite3.connect(app.config["BALLCOURT"].db_path)
    # played under rules version 2, as every event since versions: the refusal is a check on new
    # events only, so it needs no version of its own (docs/rules.md, "Rules versions")
    db.execute("INSERT INTO events (match_id, seq, type, body, created, rules_version) VALUES"
               " (?, 2, 'pass', ?, '2026-12-01T00:00:00Z', 2)",
               (mid, '{"type": "pass", "actions": []}'))
    db.execute("UPDATE matches SET log_seq = 2 WHERE id = ?", (mid,))
    db.commit()
    db.close()
    r = api.post(f"{url}/events", {"type": "status", "player": "b2", "out": True})
    assert r.status_code == 201, r.json
    undone = api.post(f"{url}/undo")
    assert undone.status_code == 200 and undone.json["seq"] == 2
    undone = api.post(f"{url}/undo")
    assert undone.status_code == 200 and undone.json["passes"] == 0
