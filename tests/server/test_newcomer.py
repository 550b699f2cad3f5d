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
