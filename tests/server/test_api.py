"""The HTTP contract: every route, field and refusal named in docs/api.md."""

import json

import pytest

from tests.server.helpers import assert_error

IX = {"id": "ix", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 17, "bab": 2,
      "name": "Ixpoetchitl"}
YO = {"id": "yo", "team": "moon", "x": 13, "y": 12, "reflex": 4, "name": "Yolteotl"}
KICK = {"players": [IX, YO], "ball": {"x": 10, "y": 12}, "kicker": "ix",
        "target": {"x": 18, "y": 12}, "standing": True}


def test_health_needs_no_token(app):
    r = app.test_client().get("/api/v1/health", base_url="http://127.0.0.1:7770")
    assert r.status_code == 200 and r.json["status"] == "ok" and r.json["version"]


def test_echo_returns_the_body_unchanged(api):
    for body in ({"a": [1, 2, {"b": None}], "c": "é"}, [1, "x"], "text", 3.5, None):
        r = api.post("/api/v1/echo", data=json.dumps(body),
                     headers={"Content-Type": "application/json"})
        assert r.status_code == 200 and r.json == body


def test_kick_resolves_the_rulebook_example(api):
    r = api.post("/api/v1/yaotzin/kick", {**KICK, "rolls": {"attack": 9, "scatter": 1,
                                                             "corner": 1}})
    assert r.status_code == 200
    j = r.json
    assert j["attack"] == {**j["attack"], "natural": 9, "total": 0, "ac": 5, "hit": False}
    assert j["max_range_ft"] == 40 and j["flight_ft"] == 50
    assert j["scatter"] == {"direction": 1, "squares": 2, "heading": "E"}
    assert j["landing"] == {"x": 20, "y": 12} and j["goal"] is None
    assert j["interceptors"] == [{"player": "yo", "square": {"x": 13, "y": 12}, "dc": 15,
                                  "rem": 7, "reflex": 4}]
    assert j["ball"] == {"x": 20, "y": 12, "speed": 9, "direction": "E"}
    assert {r["name"] for r in j["rolls"]} == {"attack", "scatter", "corner"}
    assert all(set(r) >= {"name", "formula", "natural", "total"} for r in j["rolls"])
    card = j["chat_card"]
    assert card["title"]["text"] == "Ixpoetchitl kicks at (18, 12)"
    assert [a["id"] for a in card["actions"]] == ["apply", "intercept:yo"]
    assert card["actions"][0]["payload"]["events"] == [{
        "type": "ball", "x": 20, "y": 12, "speed": 9, "direction": "E",
        "play": {"action": "kick", "player": "ix", "team": "sun", "name": "Ixpoetchitl",
                 "origin": {"x": 10, "y": 12}, "hit": False}}]    # who kicked: for the report
    assert "Ixpoetchitl" in card["html"]
    assert j["overlay"]["line"] == {"from": [11, 12], "to": [20, 12]}


def test_kick_seed_makes_unrolled_dice_repeatable(api):
    a = api.post("/api/v1/yaotzin/kick", {**KICK, "seed": 42}).json
    b = api.post("/api/v1/yaotzin/kick", {**KICK, "seed": 42}).json
    assert a["rolls"] == b["rolls"] and a["landing"] == b["landing"]


def test_preview_out_of_range_answers_200_with_the_reason(api):
    r = api.post("/api/v1/yaotzin/kick/preview", {**KICK, "target": {"x": 30, "y": 12}})
    assert r.status_code == 200
    assert r.json["in_range"] is False and r.json["target_ft"] == 100
    assert r.json["max_range_ft"] == 40 and r.json["legal"] is False
    assert r.json["reason"]["code"] == "out_of_range" and "40 ft" in r.json["reason"]["message"]


@pytest.mark.parametrize(("change", "code"), [
    ({"target": {"x": 10, "y": 12}}, "own_square"),
    ({"target": {"x": 10, "y": 40}}, "off_court"),
    ({"target": {"x": 12, "y": -1}}, "off_court"),
    ({"ball": {"x": 11, "y": 12}}, "kicker_not_at_ball"),
])
def test_preview_of_a_square_nobody_can_kick_at_is_200_and_not_legal(api, change, code):
    r = api.post("/api/v1/yaotzin/kick/preview", {**KICK, **change})
    assert r.status_code == 200, r.json
    assert r.json["legal"] is False and r.json["in_range"] is False
    assert r.json["reason"]["code"] == code and r.json["reason"]["message"]
    assert r.json["path"] == [] and r.json["interceptors"] == [] and r.json["odds"]["landing"] == []
    assert r.json["overlay"]["lines"] == [] and r.json["overlay"]["reason"]["code"] == code


def test_preview_still_refuses_a_malformed_body(api):
    r = api.post("/api/v1/yaotzin/kick/preview", {**KICK, "kicker": "nobody"})
    assert r.status_code == 422 and "kicker" in r.json["error"]["fields"]
    r = api.post("/api/v1/yaotzin/kick", {**KICK, "target": {"x": 10, "y": 12}})
    assert r.status_code == 422 and "target" in r.json["error"]["fields"]


def test_preview_odds_and_path(api):
    j = api.post("/api/v1/yaotzin/kick/preview", KICK).json
    assert j["in_range"] and j["legal"] and j["reason"] is None and j["target_ft"] == 40
    assert j["attack"]["modifier"] == -9
    assert {"label": "Dex", "value": 3} in j["attack"]["breakdown"]
    assert abs(sum(s["p"] for s in j["odds"]["landing"]) - 1) < 1e-9
    assert j["odds"]["hit"] == pytest.approx(0.35)
    # a kick along a row: both corner choices merged, rows 11, 12 and 13
    assert {"x": 11, "y": 11} in j["path"] and {"x": 11, "y": 13} in j["path"]
    assert [i["player"] for i in j["interceptors"]] == ["yo"]
    assert j["interceptors"][0]["dc"] == 14
    assert len(j["overlay"]["lines"]) == 2


def test_intercept_flight_the_rulebook_deflection(api):
    r = api.post("/api/v1/yaotzin/intercept", {
        "players": [IX, YO], "kind": "flight", "player": "yo", "dc": 15, "rem": 7,
        "ball": {"x": 20, "y": 12, "speed": 0, "direction": None}, "from": {"x": 10, "y": 12},
        "rolls": {"save": 9, "damage": [1, 1, 2], "scatter": 3}})
    j = r.json
    assert r.status_code == 200
    assert j["outcome"] == "deflected"
    assert j["save"] == {"natural": 9, "total": 13, "dc": 15, "margin": -2}
    assert j["damage"] == {"dice": "3d3", "total": 4, "nonlethal": True}
    assert j["ball"] == {"x": 13, "y": 14, "speed": 0, "direction": None}
    play = {"action": "intercept", "player": "yo", "team": "moon", "name": "Yolteotl",
            "outcome": "deflected"}
    assert {"type": "damage", "player": "yo", "nonlethal": 4, "play": play} in \
        j["chat_card"]["actions"][0]["payload"]["events"]


def test_intercept_flight_needs_from(api):
    r = api.post("/api/v1/yaotzin/intercept", {
        "players": [IX, YO], "kind": "flight", "player": "yo", "dc": 15,
        "ball": {"x": 20, "y": 12}})
    assert r.status_code == 422 and "from" in r.json["error"]["fields"]


def test_intercept_flight_only_from_a_square_of_the_kicks_path(api):
    def flight(player_at, **more):
        return api.post("/api/v1/yaotzin/intercept", {
            "players": [IX, {**YO, **player_at}], "kind": "flight", "player": "yo", "dc": 15,
            "ball": {"x": 20, "y": 12, "speed": 0, "direction": None},
            "from": {"x": 10, "y": 12}, "rolls": {"save": 20}, **more})
    # nowhere near the line: no "yoke" from across the court
    far = flight({"x": 40, "y": 3})
    assert far.status_code == 422 and "player" in far.json["error"]["fields"]
    assert "not on the path" in far.json["error"]["message"]
    # beside the line but not on it, and behind the kicker
    assert flight({"x": 13, "y": 14}).status_code == 422
    assert flight({"x": 9, "y": 12}).status_code == 422
    # a kick along row 12 ties its corners: rows 11 and 12 (corner 1) or 12 and 13 (corner 2)
    assert flight({"x": 13, "y": 11}).status_code == 200
    assert flight({"x": 13, "y": 13}).status_code == 200
    # the kick's d2 named: only that side's line
    assert flight({"x": 13, "y": 13}, corner=1).status_code == 422
    assert flight({"x": 13, "y": 13}, corner=2).json["outcome"] == "yoke"
    assert flight({"x": 13, "y": 12}, corner=1).json["ball"] == {"x": 13, "y": 12, "speed": 0,
                                                                  "direction": None}


def test_intercept_rolling(api):
    r = api.post("/api/v1/yaotzin/intercept", {
        "players": [YO], "kind": "rolling", "player": "yo", "dc": 5,
        "ball": {"x": 13, "y": 13, "speed": 3, "direction": "E"}, "rolls": {"save": 2}})
    assert r.json["outcome"] == "stopped"
    assert r.json["ball"] == {"x": 13, "y": 13, "speed": 0, "direction": None}


def test_tick(api):
    r = api.post("/api/v1/yaotzin/tick", {"players": [{**YO, "x": 12, "y": 13}],
                                          "ball": {"x": 10, "y": 12, "speed": 3,
                                                   "direction": "E"}})
    j = r.json
    assert j["path"] == [{"x": 11, "y": 12}, {"x": 12, "y": 12}, {"x": 13, "y": 12}]
    assert j["ball"] == {"x": 13, "y": 12, "speed": 2, "direction": "E"}
    assert j["stopped_by"] is None and j["goal"] is None
    assert j["opportunities"] == [
        {"player": "yo", "square": {"x": x, "y": 12}, "dc": 5, "step": step, "reflex": 4}
        for step, x in enumerate((11, 12, 13))]
    assert [a["id"] for a in j["chat_card"]["actions"]] == ["apply", "stop:yo:0", "stop:yo:1",
                                                           "stop:yo:2"]


def test_hoop(api):
    star = {"id": "k", "team": "sun", "x": 30, "y": 0, "str": 14, "dex": 18, "bab": 10,
            "feats": ["exotic_weapon_pelota"]}
    j = api.post("/api/v1/yaotzin/hoop", {"players": [star], "kicker": "k", "hoop": "north",
                                          "standing": True,
                                          "rolls": {"attack": 20, "confirm": 12}}).json
    assert j["ac"] == 20 and j["through"] is True
    assert j["confirm"] == {"natural": 12, "total": 20, "hit": True}
    assert j["chat_card"]["actions"][0]["payload"]["events"] == [{
        "type": "hoop", "team": "sun",
        "play": {"action": "hoop", "player": "k", "team": "sun", "name": "k", "through": True}}]
    r = api.post("/api/v1/yaotzin/hoop", {"players": [{**star, "y": 5}], "kicker": "k",
                                          "hoop": "north"})
    assert r.status_code == 422 and "must stand in" in r.json["error"]["message"]


GOAT = {"teams": [{"id": "red", "players": [{"id": "r1", "platform": "p1"},
                                            {"id": "r2", "platform": "p2"}]},
                  {"id": "blue", "players": [{"id": "b1", "platform": "p7"}]}],
        "possession": {"team": "red", "carrier": "r1", "visited": ["p1"], "hot": False}}


def test_goatball_pass(api):
    r = api.post("/api/v1/goatball/pass", {**GOAT, "actions": [
        {"player": "r1", "action": "throw", "skill": "athletics", "check": 12},
        {"player": "b1", "action": "intercept", "check": 9}],
        "throw": {"kind": "pass", "target": "r2"}})
    j = r.json
    assert r.status_code == 200
    assert (j["throw_total"], j["intercept_total"], j["outcome"]) == (7, 4, "pass")
    assert j["possession"] == {"team": "red", "carrier": "r2", "visited": ["p1", "p2"],
                               "hot": False}
    assert j["out"] == [] and j["returned"] == [] and j["winner"] is None
    assert j["chat_card"]["kind"] == "goatball.pass"


def test_goatball_hot_throw_with_totals(api):
    r = api.post("/api/v1/goatball/pass", {
        **GOAT, "possession": {"team": "red", "carrier": "r1", "visited": ["p1", "a", "b", "c"],
                               "hot": True},
        "actions": [{"player": "r1", "action": "throw", "check": 12}],
        "throw": {"kind": "hot", "target": "b1", "carrier_check": 15, "target_check": 9}})
    assert r.json["outcome"] == "knocked_out" and r.json["winner"] == "red"


def test_goatball_quick(api):
    r = api.post("/api/v1/goatball/quick", {"teams": [{"id": "red", "checks": [15, 15, 10]},
                                                      {"id": "blue", "checks": [15, 12, 13]}]})
    assert r.json["sums"] == {"red": 40, "blue": 40}
    assert r.json["winner"] == "blue" and "13" in r.json["reason"]


def test_goatball_tipoff(api):
    r = api.post("/api/v1/goatball/tipoff", {"teams": GOAT["teams"],
                                             "checks": {"r1": {"check": 14},
                                                        "b1": {"check": 14}}})
    assert r.json["reroll"] == ["r1", "b1"] and r.json["possession"] is None


def test_the_tipoff_takes_the_bonuses_a_pass_and_the_autopilot_take(api):
    """A roster with athletics and acrobatics (what /goatball/pass and /suggest accept) was
    422 on the tip-off; a check not rolled at the table is rolled with the Acrobatics."""
    teams = [{**t, "players": [{**p, "athletics": 1, "acrobatics": 5} for p in t["players"]]}
             for t in GOAT["teams"]]
    r = api.post("/api/v1/goatball/tipoff", {"teams": teams, "checks": {
        "r1": {}, "b1": {"check": 14}}, "rolls": {"r1.tipoff": 10}})
    assert r.status_code == 200, r.json
    assert r.json["rounds"] == [{"r1": 15, "b1": 14}] and r.json["possession"]["carrier"] == "r1"
    given = api.post("/api/v1/goatball/tipoff", {"teams": teams, "checks": {
        "r1": {"modifier": 0}, "b1": {"check": 14}}, "rolls": {"r1.tipoff": 10}})
    assert given.json["rounds"] == [{"r1": 10, "b1": 14}]
    bare = api.post("/api/v1/goatball/tipoff", {"teams": GOAT["teams"], "checks": {"r1": {}}})
    assert_error(bare, 422, "rules")
    assert list(bare.json["error"]["fields"]) == ["checks.r1"]


@pytest.mark.parametrize("where", ["route", "event"])
def test_an_empty_pass_is_refused_naming_actions(api, where):
    """No action and no throw: accepted and counted as a pass, though nothing happened."""
    empty = {"teams": GOAT["teams"], "possession": GOAT["possession"]}
    if where == "route":
        r = api.post("/api/v1/goatball/pass", empty)
    else:
        mid = api.post("/api/v1/matches", {"game": "goatball",
                                           "teams": GOAT["teams"]}).json["id"]
        api.post(f"/api/v1/matches/{mid}/events", {"type": "possession", "team": "red",
                                                   "carrier": "r1"})
        r = api.post(f"/api/v1/matches/{mid}/events", {"type": "pass", "actions": []})
        assert api.get(f"/api/v1/matches/{mid}").json["passes"] == 0
    assert_error(r, 422, "validation")
    assert "an empty pass" in r.json["error"]["fields"]["actions"][0]


# -- refusals ------------------------------------------------------------------------------------
@pytest.mark.parametrize("body,status,code,field", [
    ({**KICK, "kicker": "nobody"}, 422, "unknown_player", "kicker"),
    ({**KICK, "target": {"x": 19, "y": 12}}, 422, "out_of_range", "target"),
    ({**KICK, "target": {"x": 12, "y": 40}}, 422, "off_grid", "target"),
    ({**KICK, "players": [{**IX, "y": 30}]}, 422, "off_grid", "players.0"),
    ({**KICK, "standing": "yes"}, 422, "validation", "standing"),
    ({**KICK, "bogus": 1}, 422, "validation", "bogus"),
    ({**KICK, "players": [{**IX, "x": "10"}]}, 422, "validation", "players.0.x"),
    ({**KICK, "players": [{**IX, "str": 10**9}]}, 422, "validation", "players.0.str"),
    ({**KICK, "players": [{**IX, "feats": ["flying"]}]}, 422, "validation",
     "players.0.feats.0"),
    ({**KICK, "players": [dict(IX, id=f"p{i}") for i in range(65)]}, 422, "validation",
     "players"),
    ({**KICK, "rolls": {"attack": 21}}, 422, "rules", "rolls.attack"),
    ({**KICK, "rolls": {"attack": "x"}}, 422, "validation", "rolls.attack"),
    ({k: v for k, v in KICK.items() if k != "kicker"}, 422, "validation", "kicker"),
])
def test_bad_kicks_get_a_4xx_naming_the_field(api, body, status, code, field):
    r = api.post("/api/v1/yaotzin/kick", body)
    assert r.status_code == status, r.json
    err = r.json["error"]
    assert err["code"] == code and err["message"]
    assert field in err["fields"], err


def test_the_max_range_message_reads_as_the_rules_say(api):
    r = api.post("/api/v1/yaotzin/kick", {**KICK, "target": {"x": 19, "y": 12}})
    assert r.json["error"]["message"] == "Kick of 45 ft is beyond Ixpoetchitl's 40 ft max range"


def test_malformed_json_is_400_and_not_json_is_415(api):
    r = api.post("/api/v1/yaotzin/kick", data="{nope", headers={"Content-Type":
                                                                   "application/json"})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_json"
    r = api.post("/api/v1/yaotzin/kick", data="x=1",
                 headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = api.post("/api/v1/yaotzin/kick", [1, 2])
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_body"


def test_huge_bodies_are_413(api):
    r = api.post("/api/v1/echo", data="[" + "1," * 600_000 + "1]",
                 headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json["error"]["code"] == "too_large"


def test_unknown_routes_and_methods_keep_the_error_shape(api):
    assert api.get("/api/v1/nope").json["error"]["code"] == "not_found"
    r = api.get("/api/v1/yaotzin/kick")
    assert r.status_code == 405 and r.json["error"]["code"] == "method_not_allowed"


# -- guards --------------------------------------------------------------------------------------
def test_a_missing_or_wrong_token_is_401(app):
    c = app.test_client()
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "test-token"}):
        r = c.post("/api/v1/echo", json={}, headers=headers, base_url="http://127.0.0.1:7770")
        assert r.status_code == 401 and r.json["error"]["code"] == "unauthorized"


def test_origins_are_allow_listed_with_cors(api):
    ok = api.post("/api/v1/echo", {}, headers={"Origin": "http://localhost:30000"})
    assert ok.status_code == 200
    assert ok.headers["Access-Control-Allow-Origin"] == "http://localhost:30000"
    assert "Origin" in ok.headers["Vary"]
    bad = api.post("/api/v1/echo", {}, headers={"Origin": "https://evil.example"})
    assert bad.status_code == 403 and "Access-Control-Allow-Origin" not in bad.headers
    own = api.post("/api/v1/echo", {}, headers={"Origin": "http://127.0.0.1:7770"})
    assert own.status_code == 200


def test_preflight(app):
    r = app.test_client().options("/api/v1/yaotzin/kick", base_url="http://127.0.0.1:7770",
                                  headers={"Origin": "http://127.0.0.1:30000",
                                           "Access-Control-Request-Method": "POST",
                                           "Access-Control-Request-Headers":
                                               "authorization,content-type"})
    assert r.status_code == 204
    assert r.headers["Access-Control-Allow-Origin"] == "http://127.0.0.1:30000"
    assert "Authorization" in r.headers["Access-Control-Allow-Headers"]
    assert "Access-Control-Allow-Credentials" not in r.headers


@pytest.mark.parametrize("host", ["evil.example:7770", "127.0.0.1:9999", "attacker.test",
                                  "localhost", "127.0.0.1"])
def test_foreign_hosts_are_refused_even_with_a_token(app, host):
    r = app.test_client().get("/api/v1/health", base_url=f"http://{host}")
    assert r.status_code == 403 and r.json["error"]["code"] == "forbidden_host"


def test_openapi_is_generated_from_the_schemas(api):
    spec = api.get("/api/v1/openapi.json").json
    kick = spec["paths"]["/api/v1/yaotzin/kick"]["post"]
    ref = kick["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    schema = spec["components"]["schemas"][ref.split("/")[-1]]
    assert {"kicker", "target", "players", "rolls"} <= set(schema["properties"])
    assert "/api/v1/matches/{match_id}/events" in spec["paths"]


def test_status_page_never_shows_the_token(app):
    r = app.test_client().get("/", base_url="http://127.0.0.1:7770")
    assert r.status_code == 200 and b"Ballcourt companion" in r.data
    assert b"test-token" not in r.data


def test_goatball_knock_off_with_anything_but_athletics_is_422(api):
    r = api.post("/api/v1/goatball/pass", {**GOAT, "actions": [
        {"player": "b1", "action": "knock_off", "target": "r2", "skill": "acrobatics",
         "check": 15, "defense": 3}]})
    assert r.status_code == 422
    assert "actions.0.skill" in r.json["error"]["fields"]
    assert "Athletics" in r.json["error"]["message"]
