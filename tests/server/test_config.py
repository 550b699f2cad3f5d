"""Configuration: allowed origins from flags and the environment add to the defaults."""

from __future__ import annotations

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
