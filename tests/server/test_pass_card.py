"""The goat-ball pass card lists every check: its player, what for, skill, advantage, total."""

import json

from tests.fixtures_for_module import GOAT
from tests.server.helpers import RAMS_AND_GOATS, assert_error

TEAMS = [{"id": "red", "players": [{"id": "r1", "platform": "p1", "name": "Ruth"},
                                   {"id": "r2", "platform": "p2", "name": "Rex"},
                                   {"id": "r3", "platform": "p3", "name": "Rosa"}]},
         {"id": "blue", "players": [{"id": "b1", "platform": "p7", "name": "Bea"},
                                    {"id": "b2", "platform": "p8", "name": "Bo"}]}]
POSSESSION = {"team": "red", "carrier": "r1", "visited": ["p1"], "hot": False}


def lines(card, key):
    return [line["data"] for line in card["lines"] if line["key"] == key]


def test_every_check_with_its_skill_and_advantage(api):
    r = api.post("/api/v1/goatball/pass", {"teams": TEAMS, "possession": POSSESSION, "actions": [
        # a Defend names Rosa: her two d20s, for the companion to keep the one that counts
        {"player": "b2", "action": "knock_off", "target": "r3", "check": 15,
         "defense_faces": [7, 12], "defense_modifier": 0, "defense_skill": "acrobatics"},
        {"player": "r2", "action": "defend", "target": "r3"},
        {"player": "r1", "action": "throw", "skill": "athletics", "check": 18},
        {"player": "b1", "action": "intercept", "skill": "acrobatics", "check": 14,
         "advantage": True}],
        "throw": {"kind": "pass", "target": "r2"}})
    assert r.status_code == 200, r.json
    card = r.json["chat_card"]
    assert lines(card, "BALLCOURT.Card.Pass.Check") == [
        {"player": "Ruth", "action": "throw", "skill": "athletics", "total": 18, "margin": 13}]
    assert lines(card, "BALLCOURT.Card.Pass.CheckAdv") == [
        {"player": "Bea", "action": "intercept", "skill": "acrobatics", "total": 14,
         "margin": 9}]
    assert lines(card, "BALLCOURT.Card.Pass.Roll") == [
        {"player": "Bo", "action": "knock_off", "skill": "athletics", "total": 15}]
    # Rex defends Rosa: the rules give her defence advantage, whatever the table said
    assert lines(card, "BALLCOURT.Card.Pass.RollAdv") == [
        {"player": "Rosa", "action": "hold", "skill": "acrobatics", "total": 12}]
    texts = [line["text"] for line in card["lines"]]
    assert "Bea intercepts (Acrobatics, with advantage): 14, margin 9." in texts
    assert "Rosa holds (Acrobatics, with advantage): 12." in texts


def test_a_hot_throw_lists_both_acrobatics_checks(api):
    r = api.post("/api/v1/goatball/pass", {
        "teams": TEAMS, "possession": {**POSSESSION, "visited": ["p1", "a", "b", "c"], "hot": True},
        "actions": [{"player": "r1", "action": "throw", "skill": "athletics", "check": 16}],
        "throw": {"kind": "hot", "target": "b1", "carrier_check": 15, "target_check": 9}})
    card = r.json["chat_card"]
    assert lines(card, "BALLCOURT.Card.Pass.RollAdv") == [
        {"player": "Ruth", "action": "hot_throw", "skill": "acrobatics", "total": 15}]
    assert lines(card, "BALLCOURT.Card.Pass.Roll") == [
        {"player": "Bea", "action": "dodge", "skill": "acrobatics", "total": 9}]


def test_the_companion_rolls_record_advantage_too(api):
    r = api.post("/api/v1/goatball/pass", {"teams": TEAMS, "possession": POSSESSION, "seed": 3,
                                           "actions": [
        {"player": "r1", "action": "throw", "skill": "athletics", "modifier": 5, "advantage": True},
        {"player": "b1", "action": "intercept", "modifier": 2}],
        "throw": {"kind": "pass", "target": "r2"}})
    assert r.status_code == 200, r.json
    checks = {c["player"]: (c["skill"], c["advantage"]) for c in r.json["checks"]}
    assert checks == {"r1": ("athletics", True), "b1": (None, False)}
    keys = [line["key"] for line in r.json["chat_card"]["lines"]]
    assert keys.count("BALLCOURT.Card.Pass.CheckAdv") == 1
    # Bea named no skill: her line has none, rather than a "-"
    bare = [line for line in r.json["chat_card"]["lines"]
            if line["key"] == "BALLCOURT.Card.Pass.CheckBare"]
    assert [(line["data"]["player"], "skill" in line["data"]) for line in bare] == [("Bea", False)]
    assert bare[0]["text"].startswith("Bea intercepts: ")


def test_a_defence_skill_that_is_no_skill_is_refused_by_name(api):
    r = api.post("/api/v1/goatball/pass", {"teams": TEAMS, "possession": POSSESSION, "actions": [
        {"player": "b2", "action": "knock_off", "target": "r3", "check": 15, "defense": 12,
         "defense_skill": "arcana"}]})
    assert r.status_code in (400, 422)
    assert "actions.0.defense_skill" in r.json["error"]["fields"]


def test_apply_names_the_platforms_of_the_out_and_the_returned(api):
    r = api.post("/api/v1/goatball/pass", {"teams": TEAMS, "possession": POSSESSION, "actions": [
        {"player": "b2", "action": "knock_off", "target": "r3", "check": 15, "defense": 2}]})
    payload = next(a for a in r.json["chat_card"]["actions"] if a["id"] == "apply")["payload"]
    assert payload["out"] == ["r3"]
    assert payload["platforms"] == {"r3": "p3"}


def test_a_move_past_a_block_names_the_skill_the_mover_rolled(api):
    teams = [{"id": "red", "players": [{"id": "r1", "platform": "p1", "zone": "A"},
                                       {"id": "r2", "platform": "p2", "zone": "A", "name": "Rex"}]},
             {"id": "blue", "players": [{"id": "b1", "platform": "p7", "zone": "B",
                                         "name": "Bea"}]}]
    r = api.post("/api/v1/goatball/pass", {
        "teams": teams, "possession": POSSESSION, "settings": {"zones": True},
        "actions": [{"player": "r2", "action": "move", "zone": "B", "check": 12,
                     "skill": "acrobatics"},
                    {"player": "b1", "action": "block", "check": 10}]})
    assert r.status_code == 200, r.json
    rolls = lines(r.json["chat_card"], "BALLCOURT.Card.Pass.Roll")
    assert {"player": "Rex", "action": "move", "skill": "acrobatics", "total": 12} in rolls
    assert {"player": "Bea", "action": "block", "skill": "athletics", "total": 10} in rolls
    refused = api.post("/api/v1/goatball/pass", {
        "teams": teams, "possession": POSSESSION, "settings": {"zones": True},
        "actions": [{"player": "r2", "action": "move", "zone": "B", "check": 12},
                    {"player": "b1", "action": "block", "check": 10, "skill": "acrobatics"}]})
    assert refused.status_code == 422 and "actions.1.skill" in str(refused.json)


def test_the_stateless_pass_infers_and_accepts_eliminated_teams(api):
    teams = [{"id": "red", "players": [{"id": "r1", "platform": "p1"},
                                       {"id": "r2", "platform": "p2"}]},
             {"id": "blue", "players": [{"id": "b1", "platform": "p7"}]},
             {"id": "green", "players": [{"id": "g1", "platform": "p9", "out": True}]}]
    body = {"teams": teams, "possession": POSSESSION,
            "actions": [{"player": "r1", "action": "throw", "check": 7},
                        {"player": "b1", "action": "intercept", "check": 12}],
            "throw": {"kind": "pass", "target": "r2"}}
    r = api.post("/api/v1/goatball/pass", body)
    assert r.status_code == 200, r.json
    assert r.json["returned"] == [] and r.json["eliminated"] == ["green"]
    told = api.post("/api/v1/goatball/pass", {**body, "eliminated": ["green"]})
    assert told.status_code == 200 and told.json["returned"] == []
    bad = api.post("/api/v1/goatball/pass", {**body, "eliminated": ["purple"]})
    assert bad.status_code == 422 and "eliminated.0" in str(bad.json)


def test_an_allowed_magic_entry_that_grants_flight_is_422_naming_it(api):
    body = {"teams": TEAMS, "possession": POSSESSION,
            "actions": [{"player": "r1", "action": "throw", "check": 12}],
            "throw": {"kind": "pass", "target": "r2"},
            "settings": {"magic": True, "allowed_magic": [
                "Jump", {"name": "Sky Step", "description": "You gain a flying speed of 30 ft."}]}}
    r = api.post("/api/v1/goatball/pass", body)
    assert r.status_code == 422, r.json
    assert "settings.allowed_magic.1" in str(r.json["error"])
    ok = api.post("/api/v1/goatball/pass", {**body, "settings": {"magic": True, "allowed_magic": [
        {"name": "Stone Skin", "grants_flight": False}]}})
    assert ok.status_code == 200, ok.json
    bad = api.post("/api/v1/goatball/pass", {**body, "settings": {"magic": True,
                                                                  "allowed_magic": [{"nom": 1}]}})
    assert bad.status_code == 422


def test_a_pass_card_names_the_team_by_its_display_name(api):
    teams = [{**RAMS_AND_GOATS["teams"][0], "players": [{"id": "r1", "platform": "p1"},
                                                     {"id": "r2", "platform": "p3"}]},
             RAMS_AND_GOATS["teams"][1]]
    body = {"teams": teams, "possession": {"team": "rams", "carrier": "r1"},
            "throw": {"kind": "pass", "target": "r2"},
            "actions": [{"player": "r1", "action": "throw", "check": 15},
                        {"player": "g1", "action": "intercept", "check": 8}]}
    r = api.post("/api/v1/goatball/pass", body)
    assert r.status_code == 200, r.json
    assert "Ulra's Rams" in json.dumps(r.json["chat_card"])


# -- wording ----------------------------------------------------------------------------------
def test_a_stand_alone_pass_does_not_speak_of_a_match(api):
    body = json.loads(json.dumps(GOAT))
    body["actions"][1]["player"] = "nobody"
    message = assert_error(api.post("/api/v1/goatball/pass", body), 422, "unknown_player")
    assert "match" not in message and "on these teams" in message
