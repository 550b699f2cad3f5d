"""The OpenAPI document describes what the routes take: query parameters, teams, every event."""

from __future__ import annotations


def test_the_openapi_document_declares_after_and_limit(api):
    spec = api.get("/api/v1/openapi.json").json
    params = spec["paths"]["/api/v1/matches/{match_id}/events"]["get"]["parameters"]
    query = {p["name"]: p["schema"] for p in params if p["in"] == "query"}
    assert query == {"after": {"type": "integer", "minimum": 0, "maximum": 2**62},
                     "limit": {"type": "integer", "minimum": 1, "maximum": 1000}}


def test_openapi_types_teams_and_every_event(api):
    from companion.server.games import GAMES

    spec = api.get("/api/v1/openapi.json").json
    comps = spec["components"]["schemas"]
    teams = comps["MatchCreate"]["properties"]["teams"]["items"]["anyOf"]
    assert {t["$ref"].rsplit("/", 1)[1] for t in teams} == {"YaotzinTeam", "GoatMatchTeam"}
    assert "defends" in comps["YaotzinTeam"]["properties"]
    assert "players" in comps["GoatMatchTeam"]["properties"]
    body = spec["paths"]["/api/v1/matches/{match_id}/events"]["post"]["requestBody"]
    games = body["content"]["application/json"]["schema"]["anyOf"]
    assert {g["$ref"].rsplit("/", 1)[1] for g in games} == {"YaotzinEvent", "GoatballEvent"}
    for game, entry in GAMES.items():
        variants = comps[f"{game.capitalize()}Event"]["anyOf"]
        typed = {v["allOf"][1]["properties"]["type"]["enum"][0]: v["allOf"][0]["$ref"]
                 for v in variants}
        assert set(typed) == set(entry.events), game
        for ref in typed.values():
            assert comps[ref.rsplit("/", 1)[1]]["properties"], ref


def test_the_openapi_document_shows_the_court_limits_the_rules_check(api):
    from companion.rules.yaotzin.court import SIZE_LIMITS

    court = api.get("/api/v1/openapi.json").json["components"]["schemas"]["Field"]["properties"]
    shown = {name: (p["minimum"], p["maximum"]) for name, p in court.items()}
    assert shown == {**SIZE_LIMITS, "hoop_x": (0, SIZE_LIMITS["length"][1] - 1)}


def test_the_openapi_document_gives_the_tunes_answer_a_gm_acts_on(api):
    spec = api.get("/api/v1/openapi.json").json
    tune = spec["paths"]["/api/v1/goatball/tune"]["post"]
    answer = tune["responses"]["200"]["content"]["application/json"]["schema"]
    assert {"zones", "plausible", "differences", "method", "minutes", "balance"} <= set(
        answer["properties"])
    assert answer["properties"]["balance"]["properties"]["one_sided"]["type"] == "boolean"
    body = tune["requestBody"]["content"]["application/json"]["schema"]
    ref = body["$ref"].rsplit("/", 1)[-1]
    assert "minutes_per_pass" in spec["components"]["schemas"][ref]["properties"]
