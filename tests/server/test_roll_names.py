"""The API keeps its own rules: a die name a request does not roll is refused, never
silently replaced by the companion's die."""

import pytest

from tests.server.test_api import GOAT, IX, KICK, YO

A = {"id": "a", "team": "sun", "x": 10, "y": 12}
B = {"id": "b", "team": "moon", "x": 11, "y": 12}
STAR = {"id": "k", "team": "sun", "x": 30, "y": 0, "str": 14, "dex": 18, "bab": 10}
FLIGHT = {"players": [IX, YO], "kind": "flight", "player": "yo", "dc": 15, "rem": 7,
          "ball": {"x": 20, "y": 12, "speed": 0, "direction": None},
          "from": {"x": 10, "y": 12}}
PASS = {**GOAT, "actions": [{"player": "r1", "action": "throw", "modifier": 3},
                            {"player": "b1", "action": "intercept", "modifier": 2}],
        "throw": {"kind": "pass", "target": "r2"}}
TIPOFF = {"teams": GOAT["teams"], "checks": {"r1": {"modifier": 2}, "b1": {"check": 12}}}


def refused(r, name: str) -> str:
    assert r.status_code == 422, r.json
    fields = r.json["error"]["fields"]
    assert list(fields) == [f"rolls.{name}"], fields
    return fields[f"rolls.{name}"][0]


@pytest.mark.parametrize("route,body,typo,names", [
    ("/api/v1/yaotzin/kick", KICK, "attackk", "attack, scatter, corner"),
    ("/api/v1/yaotzin/hoop", {"players": [STAR], "kicker": "k", "hoop": "north"}, "confrim",
     "attack, confirm, scatter"),
    ("/api/v1/yaotzin/intercept", FLIGHT, "saves", "save, damage, scatter"),
    ("/api/v1/yaotzin/contest", {"players": [A, B], "kind": "disarm", "actor": "a",
                                 "target": "b", "ball": {"x": 11, "y": 12}}, "actr",
     "touch, actor, target, aoo_attack, aoo_damage, aoo_touch, aoo_check, aoo_defense"),
    ("/api/v1/goatball/pass", PASS, "r1.thorw", "r1.throw, b1.intercept"),
    ("/api/v1/goatball/pass", PASS, "b1.intercpt", "r1.throw, b1.intercept"),
    ("/api/v1/goatball/tipoff", TIPOFF, "r1.tip_off", "r1.tipoff"),
])
def test_a_misspelled_die_is_refused_listing_the_names_the_request_rolls(api, route, body, typo,
                                                                         names):
    good = api.post(route, body)
    assert good.status_code == 200, good.json
    message = refused(api.post(route, {**body, "rolls": {typo: 7}}), typo)
    assert message.endswith(f"the names it rolls: {names}") or f"rolls: {names} (" in message


def test_a_goatball_check_given_as_a_total_rolls_nothing_so_its_die_is_refused(api):
    body = {**PASS, "actions": [{"player": "r1", "action": "throw", "check": 12},
                                {"player": "b1", "action": "intercept", "modifier": 2}]}
    assert "rolls: b1.intercept" in refused(api.post("/api/v1/goatball/pass", {
        **body, "rolls": {"r1.throw": 9}}), "r1.throw")
    r = api.post("/api/v1/goatball/pass", {**body, "rolls": {"b1.intercept": 9}})
    assert r.status_code == 200 and r.json["intercept_total"] == 6, r.json   # 9 + 2 - DC 5


def test_a_given_die_is_used_not_replaced(api):
    r = api.post("/api/v1/goatball/pass", {**PASS, "rolls": {"b1.intercept": 1}})
    assert r.status_code == 200, r.json
    assert {x["name"]: x["natural"] for x in r.json["rolls"]}["b1.intercept"] == 1


def test_tipoff_rerolls_take_their_numbered_names(api):
    body = {"teams": GOAT["teams"], "checks": {"r1": {"modifier": 0}, "b1": {"modifier": 0}}}
    r = api.post("/api/v1/goatball/tipoff", {
        **body, "rolls": {"r1.tipoff": 10, "b1.tipoff": 10, "r1.tipoff#2": 15, "b1.tipoff#2": 3}})
    assert r.status_code == 200, r.json
    assert r.json["possession"]["carrier"] == "r1"
    assert "#2, #3" in refused(api.post("/api/v1/goatball/tipoff", {
        **body, "rolls": {"r1.tipoff#x": 3}}), "r1.tipoff#x")


def test_match_events_refuse_a_misspelled_die_and_change_nothing(api):
    mid = api.post("/api/v1/matches", {"game": "goatball", "teams": GOAT["teams"]}).json["id"]
    url = f"/api/v1/matches/{mid}/events"
    assert api.post(url, {"type": "possession", "team": "red", "carrier": "r1"}).status_code == 201
    body = {"type": "pass", "actions": PASS["actions"], "throw": PASS["throw"]}
    refused(api.post(url, {**body, "rolls": {"r1.thro": 12}}), "r1.thro")
    assert api.get(f"/api/v1/matches/{mid}").json["seq"] == 1
    assert api.post(url, {**body, "rolls": {"r1.throw": 12}}).status_code == 201


def test_an_event_stored_before_die_names_were_checked_still_replays(app, api):
    """Nothing applied is lost: a log written by an older companion, whose pass kept a die name
    it never rolled, still folds on undo (only a new event's names are checked)."""
    import json
    import sqlite3
    mid = api.post("/api/v1/matches", {"game": "goatball", "teams": GOAT["teams"]}).json["id"]
    url = f"/api/v1/matches/{mid}/events"
    assert api.post(url, {"type": "possession", "team": "red", "carrier": "r1"}).status_code == 201
    body = {"type": "pass", "actions": PASS["actions"], "throw": PASS["throw"],
            "rolls": {"r1.throw": 12, "b1.intercept": 3}}
    assert api.post(url, body).status_code == 201
    db = sqlite3.connect(app.config["BALLCOURT"].db_path)    # what an older companion stored
    stored = json.loads(db.execute("SELECT body FROM events WHERE match_id = ? AND seq = 2",
                                   (mid,)).fetchone()[0])
    stored["rolls"]["r1.thro"] = 7
    db.execute("UPDATE events SET body = ? WHERE match_id = ? AND seq = 2",
               (json.dumps(stored), mid))
    db.commit()
    db.close()
    assert api.post(url, {"type": "note", "text": "after"}).status_code == 201
    assert api.post(f"/api/v1/matches/{mid}/undo").status_code == 200
    assert api.get(f"/api/v1/matches/{mid}/report").status_code == 200
