"""Who gets in: tokens (configured, generated, compared), the back-off for wrong ones, viewer
keys, cross-site browsers, the pages' CSP and the data folder's permissions."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys

import pytest

from companion.server import create_app
from companion.server.config import Config
from tests.conftest import TOKEN, Api
from tests.server.helpers import assert_error, new_match, serve

BASE = "http://127.0.0.1:7770"


def get(client, path="/api/v1/matches", headers=None, addr="127.0.0.1"):
    return client.get(path, base_url=BASE, headers=headers or {},
                      environ_base={"REMOTE_ADDR": addr})


# -- a web page cannot lock the GM out -----------------------------------------------------
def test_requests_without_credentials_never_count_toward_the_back_off(app):
    client = app.test_client()
    for _ in range(30):                 # what an <img> or a no-cors fetch sends: nothing
        assert get(client).status_code == 401
    assert get(client, headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
    sio = app.extensions["socketio"]
    for auth in (None, {}, {"token": None}):
        for _ in range(10):
            assert not sio.test_client(app, auth=auth).is_connected()
    assert sio.test_client(app, auth={"token": TOKEN}).is_connected()


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_browser_request_from_another_page_is_403_before_any_back_off(app, site):
    client = app.test_client()
    for path in ("/api/v1/matches", "/api/v1/health", "/socket.io/?EIO=4&transport=polling"):
        r = get(client, path, headers={"Sec-Fetch-Site": site,
                                       "Authorization": "Bearer wrong-token-guess"})
        assert_error(r, 403, "forbidden_origin")
    for _ in range(10):
        get(client, headers={"Sec-Fetch-Site": site, "Authorization": "Bearer wrong-guess-1"})
    assert app.extensions["ballcourt_backoff"].wait("127.0.0.1") == 0
    own = {"Sec-Fetch-Site": "same-origin", "Authorization": f"Bearer {TOKEN}"}
    assert get(client, headers=own).status_code == 200      # the status page's own fetches
    typed = get(client, "/api/v1/health", headers={"Sec-Fetch-Site": "none"})
    assert typed.status_code == 200                         # an address typed in
    linked = get(client, "/board/x?key=nope", headers={"Sec-Fetch-Site": "cross-site"})
    assert linked.status_code == 403 and "text/html" in linked.content_type    # a board link


def test_a_good_token_always_gets_in_even_while_wrong_ones_wait(app):
    client = app.test_client()
    for _ in range(8):
        get(client, headers={"Authorization": "Bearer wrong-token-guess"})
    held = get(client, headers={"Authorization": "Bearer wrong-token-guess"})
    assert held.status_code == 429
    assert get(client, headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
    sio = app.extensions["socketio"]
    for _ in range(8):
        assert not sio.test_client(app, auth={"token": "wrong-token-guess"}).is_connected()
    assert sio.test_client(app, auth={"token": TOKEN}).is_connected()


def test_a_good_viewer_key_always_connects_even_after_bad_ones(app, api):
    mid = new_match(api)
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    sio = app.extensions["socketio"]
    for _ in range(8):
        assert not sio.test_client(app, auth={"viewer": "not-a-real-key"}).is_connected()
    assert sio.test_client(app, auth={"viewer": key}).is_connected()


# -- other local users read nothing ---------------------------------------------------------
@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_the_data_folder_is_0700_and_the_database_and_its_wal_files_0600(tmp_path):
    data_dir = tmp_path / "new" / "ballcourt"
    old = os.umask(0o022)          # the usual umask, which made them 0755 and 0644
    try:
        api = Api(create_app(Config(data_dir=data_dir, token=TOKEN, port=7770)).test_client())
        with sqlite3.connect(data_dir / "ballcourt.sqlite3") as held:   # keeps -wal and -shm
            held.execute("SELECT * FROM matches").fetchall()
            new_match(api)
            files = {p.name: stat.S_IMODE(p.stat().st_mode) for p in data_dir.iterdir()}
        held.close()
    finally:
        os.umask(old)
    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700
    assert {"ballcourt.sqlite3", "ballcourt.sqlite3-wal", "ballcourt.sqlite3-shm"} <= set(files)
    assert all(mode == 0o600 for mode in files.values()), files


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_a_database_an_older_companion_left_readable_is_tightened(tmp_path):
    create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770))
    db = tmp_path / "ballcourt.sqlite3"
    db.chmod(0o644)
    create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770))
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


@pytest.mark.parametrize("token", ["", "   ", "short-token"])
def test_an_empty_blank_or_short_env_token_is_refused_at_start(tmp_path, token):
    out = serve(tmp_path, {"BALLCOURT_TOKEN": token})
    assert out.returncode != 0
    assert "BALLCOURT_TOKEN" in out.stderr and "16 characters" in out.stderr
    assert "Token:" not in out.stdout


@pytest.mark.parametrize("content", ["", "\n", "   \n"])
def test_an_empty_token_file_is_refused_at_start(tmp_path, content):
    (tmp_path / "token").write_text(content)
    out = serve(tmp_path, {"BALLCOURT_TOKEN": None})
    assert out.returncode != 0 and "token file" in out.stderr and "empty" in out.stderr
    assert "Token:" not in out.stdout
    again = subprocess.run([sys.executable, "-m", "companion.cli", "token", "--data-dir",
                            str(tmp_path)], capture_output=True, text=True, timeout=10,
                           env={k: v for k, v in os.environ.items() if k != "BALLCOURT_TOKEN"})
    assert again.returncode != 0 and again.stdout == ""


def test_a_new_token_file_is_written_whole_and_fsynced(tmp_path, monkeypatch):
    from companion.server import config

    monkeypatch.delenv("BALLCOURT_TOKEN", raising=False)
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(config.os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    token, source = config.load_token(tmp_path / "d")
    assert len(token) >= 32 and source.endswith("(new)")
    assert (tmp_path / "d" / "token").read_text() == token + "\n"
    assert len(synced) >= 1
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["token"]   # no temp file left
    assert config.load_token(tmp_path / "d") == (token, str(tmp_path / "d" / "token"))


def test_an_empty_configured_token_never_matches(app):
    app.config["BALLCOURT"].token = ""
    client = app.test_client()
    for header in ("Bearer ", "Bearer", ""):
        r = client.get("/api/v1/matches", base_url="http://127.0.0.1:7770",
                       headers={"Authorization": header})
        assert r.status_code == 401


# -- HTML pages cannot be framed and run only their own code ----------------------------------
def test_every_html_page_is_unframeable_with_a_csp(app):
    client = app.test_client()
    r = client.get("/", base_url="http://127.0.0.1:7770")
    assert r.mimetype == "text/html"
    assert r.headers["X-Frame-Options"] == "DENY"
    csp = r.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
    assert "connect-src 'self'" in csp
    api = client.get("/api/v1/health", base_url="http://127.0.0.1:7770")
    assert "Content-Security-Policy" not in api.headers
    assert api.headers["X-Content-Type-Options"] == "nosniff"


# -- the smaller points -----------------------------------------------------------------------
def test_the_bearer_scheme_is_case_insensitive(app):
    client = app.test_client()
    for scheme in ("Bearer", "bearer", "BEARER", "bEaReR"):
        r = client.get("/api/v1/matches", base_url="http://127.0.0.1:7770",
                       headers={"Authorization": f"{scheme} {TOKEN}"})
        assert r.status_code == 200, scheme
    r = client.get("/api/v1/matches", base_url="http://127.0.0.1:7770",
                   headers={"Authorization": f"Basic {TOKEN}"})
    assert r.status_code == 401


def test_repeated_wrong_tokens_from_one_client_are_made_to_wait(app):
    client = app.test_client()

    def get(token, addr="127.0.0.1"):
        return client.get("/api/v1/matches", base_url="http://127.0.0.1:7770",
                          headers={"Authorization": f"Bearer {token}"},
                          environ_base={"REMOTE_ADDR": addr})

    for _ in range(5):
        assert get("wrong-token-guess").status_code == 401
    assert get("wrong-token-guess").status_code == 401          # the sixth: a wait starts
    waited = get("wrong-token-guess")                           # the next wrong one waits
    assert waited.status_code == 429 and int(waited.headers["Retry-After"]) >= 1
    assert waited.json["error"]["code"] == "too_many_failures"
    assert get("wrong-token-guess", addr="127.0.0.2").status_code == 401   # another client
    assert get(TOKEN).status_code == 200             # a right token always gets in, and clears
    for _ in range(5):
        assert get("wrong-token-guess").status_code == 401


def test_repeated_wrong_tokens_at_socket_connect_are_made_to_wait(app):
    sio = app.extensions["socketio"]
    for _ in range(6):
        assert not sio.test_client(app, auth={"token": "wrong-token-guess"}).is_connected()
    backoff = app.extensions["ballcourt_backoff"]
    assert [backoff.wait(client) > 0 for client in list(backoff._failures)] == [True]
    assert sio.test_client(app, auth={"token": TOKEN}).is_connected()
    assert not backoff._failures                    # the right token got in, and cleared it
