"""The Yaotzin autopilot's reactions (`POST /yaotzin/react`): whether each player tries for a
ball in flight or rolling by, by his team's preset: the presets' own `tries_in_flight` and
`tries_rolling` (the match engine's), never a second copy of them."""

from __future__ import annotations

import pytest

from companion.rules.yaotzin.odds import intercept_odds
from companion.rules.yaotzin.players import Player
from companion.tactics.yaotzin import PRESETS, tries_in_flight
from tests.helpers import golden

REACT = "/api/v1/yaotzin/react"
KICKER = {"id": "ix", "team": "sun", "x": 10, "y": 12, "str": 20}
WEAK = {"id": "a", "team": "moon", "x": 13, "y": 12, "reflex": -4}
STRONG = {"id": "b", "team": "moon", "x": 16, "y": 12, "reflex": 9}
MATE = {"id": "c", "team": "sun", "x": 18, "y": 12, "reflex": 9}
CASES = golden("yaotzin/reactions.json")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_reactions_golden(api, case):
    player = {"id": "p", "team": case.get("team", "moon"), "x": 14, "y": 12,
              "reflex": case["reflex"], "prone": case.get("prone", False)}
    if "aoo_left" in case:
        player["aoo_left"] = case["aoo_left"]
    kind = case.get("kind", "flight")
    chance = {"player": "p", "dc": case["dc"], **({"rem": case["rem"]} if "rem" in case else {})}
    j = api.post(REACT, {"players": [KICKER, player], "kind": kind, "kicker": "ix",
                         "tactics": case["tactics"], "chances": [chance]}).json
    (got,) = j["reactions"]
    for key, want in case["expect"].items():
        assert got[key] == (pytest.approx(want) if isinstance(want, float) else want), (key, got)
    assert got["tactics"] == case["tactics"]


def flight(api, chances, **extra):
    return api.post(REACT, {"players": [KICKER, WEAK, STRONG, MATE], "kind": "flight",
                            "kicker": "ix", "chances": chances, **extra})


def test_a_kicks_interceptors_each_answered_by_their_teams_preset(api):
    kick = api.post("/api/v1/yaotzin/kick", {
        "players": [KICKER, WEAK, STRONG, MATE], "ball": {"x": 10, "y": 12}, "kicker": "ix",
        "target": {"x": 20, "y": 12}, "standing": True,
        "rolls": {"attack": 15, "corner": 1}}).json
    chances = [{k: i[k] for k in ("player", "dc", "rem")} for i in kick["interceptors"]]
    assert [c["player"] for c in chances] == ["a", "b", "c"]     # the order the ball meets them
    j = flight(api, chances, tactics={"moon": "hold-lanes", "sun": "press-ball"}).json
    got = {r["player"]: r for r in j["reactions"]}
    assert [r["player"] for r in j["reactions"]] == ["a", "b", "c"]
    # the kick route's own odds, and hold-lanes' 25% threshold decides each opponent
    for pid in ("a", "b"):
        assert got[pid]["p_stop"] == kick["intercept_odds"][pid]["p_stop"]
        assert got[pid]["tactics"] == "hold-lanes" and got[pid]["try_flight"] == 0.25
        assert got[pid]["tries"] == (got[pid]["p_stop"] >= 0.25) and got[pid]["why"] == "odds"
    assert got["a"]["tries"] is False
    assert got["b"]["tries"] is True
    assert got["a"]["reason"].startswith("lets it pass: ")
    assert got["b"]["reason"].startswith("tries: ")
    assert (got["c"]["tries"], got["c"]["why"]) == (False, "ally")   # his own team's kick


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_tries_is_the_presets_own_rule_for_every_reflex_dc_and_distance(api, name):
    chances = [{"player": "b", "dc": dc, "rem": rem} for dc in (11, 14, 17, 20, 25)
               for rem in (1, 4, 9)]
    for reflex in (-2, 0, 3, 6, 9, 14):
        body = {"players": [KICKER, {**STRONG, "reflex": reflex}], "kind": "flight",
                "kicker": "ix", "chances": chances, "tactics": name}
        reactions = api.post(REACT, body).json["reactions"]
        player = Player(id="b", team="moon", x=16, y=12, reflex=reflex)
        for chance, r in zip(chances, reactions, strict=True):
            assert r["tries"] == tries_in_flight(PRESETS[name], player, "sun", chance["dc"],
                                                 chance["rem"]), (reflex, chance)
            assert r["p_stop"] == intercept_odds(reflex, chance["dc"], chance["rem"])["p_stop"]


def test_one_preset_name_plays_every_team_and_a_team_left_out_plays_the_default(api):
    chances = [{"player": "a", "dc": 15, "rem": 7}]
    assert flight(api, chances, tactics="kick-long").json["reactions"][0]["tactics"] == "kick-long"
    left_out = flight(api, chances, tactics={"sun": "hold-lanes"}).json["reactions"][0]
    assert left_out["tactics"] == "press-ball" and left_out["tries"] is True   # tries at any odds


@pytest.mark.parametrize("patch", [{"prone": True}, {"aoo_left": 0}])
def test_a_player_who_cannot_react_never_tries(api, patch):
    body = {"players": [KICKER, {**STRONG, **patch}], "kicker": "ix",
            "chances": [{"player": "b", "dc": 11, "rem": 3}]}
    r = api.post(REACT, {**body, "kind": "flight"}).json["reactions"][0]
    assert (r["tries"], r["why"]) == (False, "cannot")
    rolling = api.post(REACT, {**body, "kind": "rolling"}).json["reactions"][0]
    assert (rolling["tries"], rolling["why"]) == (False, "cannot")


def test_every_preset_tries_for_a_rolling_ball(api):
    for name in PRESETS:
        j = api.post(REACT, {"players": [KICKER, WEAK], "kind": "rolling", "tactics": name,
                             "chances": [{"player": "a", "dc": 30}]}).json
        r = j["reactions"][0]
        assert j["kind"] == "rolling"
        assert (r["tries"], r["why"], r["tactics"], r["p_stop"]) == (True, "rolling", name, None)


@pytest.mark.parametrize("patch, field", [
    ({"kicker": None}, "kicker"),
    ({"chances": [{"player": "a", "dc": 15}]}, "chances.0.rem"),
    ({"chances": [{"player": "zz", "dc": 15, "rem": 3}]}, "chances.0.player"),
    ({"chances": [{"player": "a", "dc": -1, "rem": 3}]}, "chances.0.dc"),
    ({"chances": [{"player": "a", "dc": 15, "rem": 3, "square": {"x": 1, "y": 1}}]},
     "chances.0.square"),
    ({"kicker": "nobody"}, "kicker"),
    ({"kind": "bounce"}, "kind"),
    ({"tactics": "turtle"}, "tactics"),
    ({"tactics": {"moon": "turtle"}}, "tactics"),
    ({"chances": "a"}, "chances"),
])
def test_bad_requests_name_the_field(api, patch, field):
    body = {"players": [KICKER, WEAK], "kind": "flight", "kicker": "ix",
            "chances": [{"player": "a", "dc": 15, "rem": 3}], **patch}
    r = api.post(REACT, body)
    assert r.status_code == 422, r.json
    assert field in r.json["error"]["fields"], r.json
