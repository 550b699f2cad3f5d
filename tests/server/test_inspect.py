"""POST /api/v1/yaotzin/inspect: the referee's inspection over HTTP, and its refusals."""

from __future__ import annotations

import pytest

INSPECT = "/api/v1/yaotzin/inspect"
IX = {"id": "ix", "items": [{"name": "Chain shirt", "type": "armor", "equipped": True},
                            {"name": "Cloak", "magic": True, "carried": True}],
      "effects": [{"name": "Bull's Strength", "source": "spell"}],
      "traits": ["Evasion (Ex)"]}


def test_each_players_findings_with_rule_and_why(api):
    r = api.post(INSPECT, {"players": [IX, {"id": "yo"}]})
    assert r.status_code == 200
    ix, yo = r.json["players"]
    assert (ix["id"], yo) == ("ix", {"id": "yo", "findings": []})
    assert [(f["kind"], f["what"], f["by_name"], f["allowed"]) for f in ix["findings"]] == [
        ("metal", "Chain shirt", True, False), ("magic_item", "Cloak", False, False),
        ("magic_effect", "Bull's Strength", False, False),
        ("extraordinary", "Evasion (Ex)", False, True)]
    assert all(f["why"] for f in ix["findings"])


@pytest.mark.parametrize("body, field", [
    ({}, "players"),
    ({"players": []}, "players"),
    ({"players": [{"items": []}]}, "players.0.id"),
    ({"players": [{"id": "ix", "items": [{"type": "armor"}]}]}, "players.0.items.0.name"),
    ({"players": [{"id": "ix", "items": [{"name": "Ring", "magic": "yes"}]}]},
     "players.0.items.0.magic"),
    ({"players": [{"id": "ix", "items": [{"name": "Ring", "aura": "faint"}]}]},
     "players.0.items.0.aura"),
    ({"players": [{"id": "ix", "effects": [{"name": "Haste", "source": "psionic"}]}]},
     "players.0.effects.0.source"),
    ({"players": [{"id": "ix", "effects": [{"name": "Haste", "healing": 1}]}]},
     "players.0.effects.0.healing"),
    ({"players": [{"id": "ix", "traits": [5]}]}, "players.0.traits.0"),
    ({"players": [{"id": "ix", "traits": ["Regeneration\n5"]}]}, "players.0.traits.0"),
    ({"players": [{"id": "ix"}, {"id": "ix"}]}, "players.1.id"),
    ({"players": [{"id": "ix", "items": "Chain shirt"}]}, "players.0.items"),
    ({"players": [{"id": "ix", "effects": [None]}]}, "players.0.effects.0"),
])
def test_a_bad_field_is_422_naming_it(api, body, field):
    r = api.post(INSPECT, body)
    assert r.status_code == 422, r.json
    assert field in r.json["error"]["fields"], r.json


def test_the_openapi_document_shows_the_inspection_body(api):
    spec = api.get("/api/v1/openapi.json").json
    body = spec["paths"][INSPECT]["post"]["requestBody"]["content"]["application/json"]
    name = body["schema"]["$ref"].rsplit("/", 1)[1]
    comps = spec["components"]["schemas"]
    player = comps[name]["properties"]["players"]["items"]["$ref"].rsplit("/", 1)[1]
    assert set(comps[player]["properties"]) == {"id", "items", "effects", "traits"}
    effect = comps[player]["properties"]["effects"]["items"]["$ref"].rsplit("/", 1)[1]
    assert comps[effect]["properties"]["source"]["enum"][:5] == [
        "spell", "su", "sp", "ex", "item"]
