"""The contest route speaks the contract's names: provokes, target_aoo and its dice, reaction."""

A = {"id": "a", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 12, "bab": 2, "name": "Ahuitz"}
B = {"id": "b", "team": "moon", "x": 11, "y": 12, "str": 12, "dex": 16, "bab": 1, "name": "Balam"}


def contest(api, **body):
    return api.post("/api/v1/yaotzin/contest", {"players": [A, B], "actor": "a", "target": "b",
                                                "ball": {"x": 11, "y": 12}, **body})


def test_a_grapple_as_an_action_provokes_and_the_targets_unarmed_hit_foils_it(api):
    r = contest(api, kind="grapple", action=True, target_aoo={"kind": "unarmed"},
                rolls={"aoo_attack": 12, "aoo_damage": 1})
    assert r.status_code == 200, r.json
    assert r.json["provokes"] is True and r.json["success"] is False
    assert r.json["target_aoo"]["kind"] == "unarmed" and r.json["target_aoo"]["foiled"] is True
    assert {x["name"] for x in r.json["rolls"]} == {"aoo_attack", "aoo_damage"}
    keys = [line["key"] for line in r.json["chat_card"]["lines"]]
    assert "BALLCOURT.Card.Contest.AooStops" in keys


def test_the_targets_trip_as_aoo_uses_the_contract_dice(api):
    r = contest(api, kind="overrun", target_aoo={"kind": "trip"},
                rolls={"aoo_touch": 15, "aoo_check": 15, "aoo_defense": 5})
    assert r.status_code == 200, r.json
    assert [x["name"] for x in r.json["rolls"]] == ["aoo_touch", "aoo_check", "aoo_defense"]
    assert r.json["target_aoo"]["success"] and r.json["prone"] == "a"


def test_a_failed_trip_offers_the_trip_back_and_the_reaction_resolves(api):
    r = contest(api, kind="trip", rolls={"touch": 15, "actor": 2, "target": 15})
    assert r.status_code == 200, r.json
    assert r.json["reaction"] == {"kind": "trip", "actor": "b", "target": "a", "after": "trip"}
    offered = [x for x in r.json["chat_card"]["actions"] if x["id"] == "trip_back"]
    assert offered and offered[0]["payload"]["reaction"] is True
    assert offered[0]["payload"]["after"] == "trip"
    back = api.post("/api/v1/yaotzin/contest", {
        "players": [A, B], "kind": "trip", "actor": "b", "target": "a", "reaction": True,
        "ball": {"x": 11, "y": 12}, "rolls": {"actor": 15, "target": 5}})
    assert back.status_code == 200, back.json
    assert back.json["provokes"] is False and back.json["prone"] == "a"
    assert "touch" not in {x["name"] for x in back.json["rolls"]}


def test_refusals_name_the_field(api):
    mate = {**B, "team": "sun"}
    r = api.post("/api/v1/yaotzin/contest", {"players": [A, mate], "kind": "trip", "actor": "a",
                                             "target": "b", "ball": {"x": 11, "y": 12}})
    assert r.status_code == 422 and "target" in str(r.json["error"]), r.json
    r = contest(api, kind="feint", to={"x": 12, "y": 12}, target_aoo={"kind": "unarmed"})
    assert r.status_code == 422 and "target_aoo" in str(r.json["error"]), r.json
    r = contest(api, kind="trip", target_aoo={"kind": "kick"})
    assert r.status_code == 422 and "target_aoo" in str(r.json["error"]), r.json
    r = contest(api, kind="disarm", ball={"x": 12, "y": 12})
    assert r.status_code == 422 and "in the ball's square" in r.json["error"]["message"]


def test_improved_disarm_is_a_feat_the_route_takes(api):
    r = api.post("/api/v1/yaotzin/contest", {
        "players": [{**A, "feats": ["improved_disarm"]}, B], "kind": "disarm", "actor": "a",
        "target": "b", "ball": {"x": 11, "y": 12}, "preview": True})
    assert r.status_code == 200 and r.json["provokes"] is False, r.json


def test_the_player_shape_takes_ac_and_the_improved_feats(api):
    r = api.post("/api/v1/yaotzin/contest", {
        "players": [{**A, "feats": ["improved_trip"], "ac": 15}, B], "kind": "trip",
        "actor": "a", "target": "b", "ball": {"x": 11, "y": 12},
        "rolls": {"touch": 15, "actor": 10, "target": 10}})
    assert r.status_code == 200, r.json
    assert r.json["provokes"] is False


def test_dribble_takes_overran(api):
    o = {**B, "x": 12, "y": 12}
    body = {"players": [{**A, "x": 10, "y": 12}, o], "dribbler": "a", "ball": {"x": 10, "y": 12},
            "squares": [{"x": 11, "y": 12}, {"x": 12, "y": 12}, {"x": 13, "y": 12}]}
    assert api.post("/api/v1/yaotzin/dribble", body).status_code == 422
    r = api.post("/api/v1/yaotzin/dribble", {**body, "overran": ["b"]})
    assert r.status_code == 200, r.json
    assert r.json["ball"] == {"x": 13, "y": 12, "speed": 0, "direction": None}
    bad = api.post("/api/v1/yaotzin/dribble", {**body, "overran": ["zz"]})
    assert bad.status_code == 422 and "overran" in str(bad.json["error"])


def test_a_preview_says_whether_the_contest_provokes_and_rolls_nothing(api):
    r = contest(api, kind="trip", preview=True)
    assert r.status_code == 200, r.json
    assert r.json == {"kind": "trip", "actor": "a", "target": "b", "provokes": True,
                      "preview": True}
    r = contest(api, kind="disarm", preview=True)
    assert r.status_code == 200 and r.json["provokes"] is True, r.json
    r = contest(api, kind="grapple", action=True, preview=True)
    assert r.json["provokes"] is True
    r = contest(api, kind="trip", preview=True, ball={"x": 20, "y": 12})
    assert r.status_code == 422 and "target" in str(r.json["error"]), r.json


def test_a_failed_trip_as_the_targets_aoo_offers_the_actor_a_trip_back_on_the_card(api):
    r = contest(api, kind="bull_rush", target_aoo={"kind": "trip"},
                rolls={"aoo_touch": 15, "aoo_check": 2, "aoo_defense": 15, "actor": 15,
                       "target": 5})
    assert r.status_code == 200, r.json
    assert r.json["reaction"] == {"kind": "trip", "actor": "a", "target": "b",
                                  "after": "target_aoo"}
    offered = [x for x in r.json["chat_card"]["actions"] if x["id"].startswith("trip_back")]
    assert [(x["id"], x["payload"]) for x in offered] == [
        ("trip_back:a", {"kind": "trip", "actor": "a", "target": "b", "reaction": True,
                         "after": "target_aoo"})]
    # the payload, posted as it is, resolves the trip back
    back = api.post("/api/v1/yaotzin/contest", {"players": [A, B], "ball": {"x": 11, "y": 12},
                                                **offered[0]["payload"],
                                                "rolls": {"actor": 15, "target": 5}})
    assert back.status_code == 200, back.json
    assert back.json["prone"] == "b" and back.json["provokes"] is False


def test_the_knock_back_after_an_overrun_takes_no_feat_and_after_is_checked(api):
    tripper = {**B, "feats": ["improved_trip"]}
    body = {"players": [A, tripper], "kind": "trip", "actor": "b", "target": "a",
            "reaction": True, "ball": {"x": 11, "y": 12}, "rolls": {"actor": 10, "target": 10}}
    after_trip = api.post("/api/v1/yaotzin/contest", {**body, "after": "trip"}).json
    after_overrun = api.post("/api/v1/yaotzin/contest", {**body, "after": "overrun"}).json
    assert after_trip["check"]["rounds"] == [[15, 12]]        # 10 + Str 1 + Improved Trip 4
    assert after_overrun["check"]["rounds"] == [[11, 12]]     # size modifiers only
    r = api.post("/api/v1/yaotzin/contest", {**body, "after": "kick"})
    assert r.status_code == 422 and "after" in r.json["error"]["fields"], r.json
    r = contest(api, kind="trip", after="overrun")
    assert r.status_code == 422 and "after" in r.json["error"]["fields"], r.json


def test_a_preview_of_a_trip_back_after_an_overrun(api):
    r = contest(api, kind="trip", actor="b", target="a", reaction=True, after="overrun",
                preview=True)
    assert r.status_code == 200, r.json
    assert r.json["provokes"] is False and r.json["preview"] is True


def test_improved_overrun_leaves_the_targets_aoo(api):
    r = api.post("/api/v1/yaotzin/contest", {
        "players": [{**A, "feats": ["improved_overrun"]}, B], "kind": "overrun",
        "actor": "a", "target": "b", "ball": {"x": 11, "y": 12}, "preview": True})
    assert r.status_code == 200 and r.json["provokes"] is True, r.json
