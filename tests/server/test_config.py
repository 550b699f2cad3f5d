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


def test_building_a_config_writes_no_token_file_and_an_app_without_a_token_refuses(tmp_path,
                                                                                    monkeypatch):
    """`serve` makes the token (load_token); a Config only reads one that exists, and an app
    is never built without one."""
    import pytest

    from companion.server import create_app
    from companion.server.config import TokenError

    monkeypatch.delenv("BALLCOURT_TOKEN", raising=False)
    cfg = Config(data_dir=tmp_path / "d")
    assert (cfg.token, cfg.token_source) == ("", "")
    assert not (tmp_path / "d").exists(), "nothing written"
    with pytest.raises(TokenError, match="no token"):
        create_app(cfg)
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "token").write_text("x" * 20 + "\n")
    assert Config(data_dir=tmp_path / "d").token == "x" * 20


def test_the_environment_is_read_in_one_place_with_one_token_rule(tmp_path, monkeypatch):
    import pytest

    from companion import client
    from companion.defaults import DEFAULT_URL, TokenError, environment
    from companion.server.config import load_token

    monkeypatch.setenv("BALLCOURT_DATA_DIR", str(tmp_path))
    for name in ("BALLCOURT_URL", "BALLCOURT_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    env = environment()
    assert (env.url, env.token, env.data_dir) == (None, None, tmp_path)
    assert client.Client().url == DEFAULT_URL == "http://127.0.0.1:7770"
    monkeypatch.setenv("BALLCOURT_URL", "http://127.0.0.1:7771/")
    monkeypatch.setenv("BALLCOURT_TOKEN", "  " + "t" * 16 + "\n")
    assert client.Client().url == "http://127.0.0.1:7771"
    assert client.Client().token == "t" * 16 == load_token(tmp_path)[0], "stripped, for both"
    for bad in ("", "   ", "short"):
        monkeypatch.setenv("BALLCOURT_TOKEN", bad)
        with pytest.raises(TokenError):
            load_token(tmp_path)
        with pytest.raises(TokenError):
            client.Client()
