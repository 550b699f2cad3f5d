"""What a new user meets: origins that add to the defaults, errors in the client's terms."""

import json

import pytest
import requests

from companion.server.config import DEFAULT_ORIGINS, Config
from tests.conftest import LiveServer


def test_allow_origin_and_the_environment_add_to_the_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("BALLCOURT_ALLOWED_ORIGINS", "http://env-foundry:30000/, http://b:1")
    cfg = Config(data_dir=tmp_path, token="t", allowed_origins=["http://flag-foundry:30000"])
    assert set(cfg.origins) >= {*DEFAULT_ORIGINS, "http://env-foundry:30000", "http://b:1",
                                "http://flag-foundry:30000", "http://127.0.0.1:7770"}
    monkeypatch.delenv("BALLCOURT_ALLOWED_ORIGINS")
    assert set(Config(data_dir=tmp_path, token="t").allowed_origins) == set(DEFAULT_ORIGINS)


def test_serve_allow_origin_keeps_foundrys_default_address(tmp_path, monkeypatch):
    monkeypatch.setenv("BALLCOURT_ALLOWED_ORIGINS", "http://env-foundry:30000")
    server = LiveServer(tmp_path, extra=["--allow-origin", "http://my-foundry:30000"]).start()
    try:
        for origin, status in (("http://localhost:30000", 200), ("http://my-foundry:30000", 200),
                               ("http://env-foundry:30000", 200), ("http://evil:30000", 403)):
            r = requests.get(server.url + "/api/v1/health", headers={"Origin": origin}, timeout=5)
            assert r.status_code == status, origin
    finally:
        server.kill()


def internals(error: dict) -> list[str]:
    text = json.dumps(error)
    return [bit for bit in ("_schema", ".value", ".key", "Invalid input type", "mapping type")
            if bit in text]


@pytest.mark.parametrize("route, body, field, expected", [
    ("/api/v1/goatball/tipoff", {"teams": [{"id": "a", "players": []}, {"id": "b", "players": []}],
                                 "checks": {"ann": 5}}, "checks.ann", '{"check": n}'),
    ("/api/v1/yaotzin/kick", {"players": [], "ball": 3, "kicker": "k", "target": {"x": 1, "y": 1},
                              "standing": True}, "ball", '{"x": n, "y": n}'),
    ("/api/v1/goatball/pass", {"teams": [{"id": "a", "players": [5]}], "possession": {}},
     "teams.0.players.0", '"platform"'),
    ("/api/v1/matches", {"game": "yaotzin", "teams": [1, {"id": "b"}]}, "teams.0", "object"),
])
def test_errors_say_what_was_expected_not_the_schema_internals(api, route, body, field, expected):
    r = api.post(route, body)
    assert r.status_code == 422
    err = r.json["error"]
    assert internals(err) == [], err
    assert field in err["fields"] and expected in err["fields"][field][0], err
    assert field in err["message"] and expected in err["message"]


def test_the_message_names_every_bad_field(api):
    r = api.post("/api/v1/yaotzin/kick", {"players": [{"id": "a", "x": "q"}], "ball": 3})
    err = r.json["error"]
    assert len(err["fields"]) >= 5
    for field in err["fields"]:
        assert f"{field}: " in err["message"], (field, err["message"])


def test_status_route_needs_the_token_and_lists_origins(app, api):
    bare = app.test_client().get("/api/v1/status", base_url="http://127.0.0.1:7770")
    assert bare.status_code == 401 and "ballcourt token" in bare.json["error"]["message"]
    r = api.get("/api/v1/status")
    assert r.status_code == 200
    assert set(DEFAULT_ORIGINS) <= set(r.json["origins"])
    assert r.json["module_manifest"] == "http://127.0.0.1:7770/foundry/module.json"


def test_the_status_page_shows_no_match_before_the_token(app, api):
    made = api.post("/api/v1/matches", {"game": "yaotzin", "name": "Secret final",
                                        "teams": [{"id": "sun"}, {"id": "moon"}]}).json
    api.post(f"/api/v1/matches/{made['id']}/events", {"type": "goal", "team": "moon"})
    page = app.test_client().get("/", base_url="http://127.0.0.1:7770").get_data(as_text=True)
    assert made["id"] not in page and "Secret final" not in page
    assert "<li><code>" not in page                       # no origin list before the token
    assert "is always allowed" in page and "these add to the defaults" in page
    listed = api.get("/api/v1/matches").json["matches"][0]
    assert listed["score"] == {"sun": 0, "moon": 1} and listed["round"] == 1


def test_openapi_types_teams_and_every_event(api):
    from companion.server.schemas import EVENT_SCHEMAS

    spec = api.get("/api/v1/openapi.json").json
    comps = spec["components"]["schemas"]
    teams = comps["MatchCreate"]["properties"]["teams"]["items"]["anyOf"]
    assert {t["$ref"].rsplit("/", 1)[1] for t in teams} == {"YaotzinTeam", "GoatMatchTeam"}
    assert "defends" in comps["YaotzinTeam"]["properties"]
    assert "players" in comps["GoatMatchTeam"]["properties"]
    body = spec["paths"]["/api/v1/matches/{match_id}/events"]["post"]["requestBody"]
    games = body["content"]["application/json"]["schema"]["anyOf"]
    assert {g["$ref"].rsplit("/", 1)[1] for g in games} == {"YaotzinEvent", "GoatballEvent"}
    for game, kinds in EVENT_SCHEMAS.items():
        variants = comps[f"{game.capitalize()}Event"]["anyOf"]
        typed = {v["allOf"][1]["properties"]["type"]["enum"][0]: v["allOf"][0]["$ref"]
                 for v in variants}
        assert set(typed) == set(kinds), game
        for ref in typed.values():
            assert comps[ref.rsplit("/", 1)[1]]["properties"], ref


def test_the_modules_origin_hint_says_the_default_stays_allowed():
    from pathlib import Path

    lang = Path(__file__).parents[2] / "foundry_module" / "lang"
    en = json.loads((lang / "en.json").read_text())["BALLCOURT"]["Connection"]["Origin"]
    ru = json.loads((lang / "ru.json").read_text())["BALLCOURT"]["Connection"]["Origin"]
    assert "always allowed" in en and "localhost:30000" in en and "{command}" in en
    assert "всегда" in ru and "localhost:30000" in ru and "{command}" in ru
