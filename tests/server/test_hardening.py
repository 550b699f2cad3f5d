"""What an attack on the companion found (issue 13): each answer is a 4xx, never a 500."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
import requests
import websocket

from companion.server import jsonsafe
from companion.server.routing import ROUTES
from tests.conftest import TOKEN, LiveServer
from tests.server.test_api import KICK

DEEP = "[" * 1000 + "]" * 1000


def post_raw(api, path, text):
    return api.client.post(path, base_url="http://127.0.0.1:7770", data=text,
                           headers={**api.headers, "Content-Type": "application/json"})


def new_match(api) -> str:
    return api.post("/api/v1/matches", {"game": "yaotzin",
                                        "teams": [{"id": "a"}, {"id": "b"}]}).json["id"]


def assert_error(response, status, code):
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.json["error"]["code"] == code
    return response.json["error"]["message"]


# -- 2: deep nesting, odd event types, lone surrogates --------------------------------------
def test_deep_nesting_is_400_on_every_post_route(api):
    mid = new_match(api)
    posts = [r.rule.replace("<match_id>", mid) for r in ROUTES.values() if r.method == "POST"]
    assert len(posts) > 10
    for path in posts:
        message = assert_error(post_raw(api, path, DEEP), 400, "bad_json")
        assert "deeper than" in message, path


def test_an_event_type_that_is_a_list_or_an_object_is_422(api):
    mid = new_match(api)
    for kind in (["goal"], {"a": 1}, 7, None):
        r = api.post(f"/api/v1/matches/{mid}/events", {"type": kind, "team": "a"})
        assert_error(r, 422, "validation")
        assert "type" in r.json["error"]["fields"]


def test_lone_surrogates_are_400_in_names_bodies_and_routes(api):
    body = '{"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}], "name": "\\ud800"}'
    assert "Unicode" in assert_error(post_raw(api, "/api/v1/matches", body), 400, "bad_json")
    assert api.get("/api/v1/matches").json["matches"] == []        # nothing half-made
    mid = new_match(api)
    note = '{"type": "note", "text": "x\\udfff"}'
    assert_error(post_raw(api, f"/api/v1/matches/{mid}/events", note), 400, "bad_json")
    pair = post_raw(api, "/api/v1/echo", '{"smile": "\\ud83d\\ude00"}')     # a real pair is fine
    assert pair.status_code == 200 and pair.json == {"smile": "\U0001F600"}
    assert api.get("/api/v1/matches/%ED%A0%80").status_code == 404


def test_the_parser_refuses_each_kind_of_nonstandard_json():
    for text in ('{"a": NaN}', "[Infinity]", "-Infinity", DEEP, '"\\udc80"', b'"\xff"'):
        with pytest.raises(jsonsafe.BadJson):
            jsonsafe.loads(text)
    assert jsonsafe.loads("[" * 32 + "]" * 32) is not None
    assert jsonsafe.loads('{"s": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')["s"].startswith("[")
    with pytest.raises(ValueError):
        jsonsafe.dumps({"a": float("nan")})


# -- 3: NaN and Infinity ----------------------------------------------------------------------
def test_nan_and_infinity_are_refused_and_never_stored(api):
    for text in ('{"a": NaN}', '{"a": Infinity}', '{"a": [1, -Infinity]}'):
        message = assert_error(post_raw(api, "/api/v1/echo", text), 400, "bad_json")
        assert "finite" in message
    mid = new_match(api)
    meta = '{"type": "note", "text": "x", "meta": {"chat": NaN}}'
    assert_error(post_raw(api, f"/api/v1/matches/{mid}/events", meta), 400, "bad_json")
    log = api.get(f"/api/v1/matches/{mid}/events")
    assert log.json["events"] == []
    jsonsafe.loads(log.get_data())                   # standard JSON


def test_a_log_that_already_holds_a_nan_still_answers_standard_json(app, api):
    mid = new_match(api)
    api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "x", "meta": {"c": 1}})
    db = sqlite3.connect(app.config["BALLCOURT"].db_path)   # what an older companion stored
    db.execute("UPDATE events SET body = ? WHERE match_id = ?",
               ('{"type": "note", "text": "x", "meta": {"c": NaN}}', mid))
    db.commit()
    db.close()
    log = api.get(f"/api/v1/matches/{mid}/events")
    assert log.status_code == 200
    assert jsonsafe.loads(log.get_data())["events"][0]["meta"] == {"c": None}


# -- 2 and 3 over Socket.IO: raw frames on a real websocket ------------------------------------
class RawSocket:
    """Socket.IO spoken by hand over a real websocket, so a test can send any text."""

    def __init__(self, url: str, auth: str | None = None):
        self.ws = websocket.create_connection(
            url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket", timeout=5,
            suppress_origin=True)
        assert self.ws.recv().startswith("0{")       # Engine.IO open
        if auth is not None:
            self.ws.send("40" + auth)

    def next(self, prefix: str) -> str:
        while True:
            frame = self.ws.recv()
            if frame == "2":
                self.ws.send("3")
            elif frame.startswith(prefix):
                return frame[len(prefix):]

    def ack(self, n: int, raw_args: str) -> dict:
        self.ws.send(f"42{n}[\"call\",{raw_args}]")
        return json.loads(self.next(f"43{n}"))[0]


def test_every_socket_call_is_acknowledged_with_a_4xx(live):
    sock = RawSocket(live.url, json.dumps({"token": TOKEN}))
    assert "sid" in json.loads(sock.next("40"))
    bad = {
        "deep": '{"method": "POST", "route": "/api/v1/echo", "body": ' + DEEP + "}",
        "nan": '{"method": "POST", "route": "/api/v1/echo", "body": {"a": NaN}}',
        "route": '{"method": "GET", "route": "/api/v1/matches/\\ud800"}',
        "name": '{"method": "POST", "route": "/api/v1/matches", "body": {"game": "yaotzin",'
                ' "teams": [{"id": "a"}, {"id": "b"}], "name": "\\ud800"}}',
    }
    for n, (what, args) in enumerate(bad.items()):
        ack = sock.ack(n, args)
        assert ack["status"] == 400 and ack["body"]["error"]["code"] == "bad_json", what
    sock.ws.send('425["join",{"match": "\\udc00"}]')
    assert json.loads(sock.next("435"))[0]["status"] == 400
    kind = sock.ack(6, '{"method": "POST", "route": "/api/v1/matches", "body": {"game":'
                       ' "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}}')
    ack = sock.ack(7, json.dumps({"method": "POST", "body": {"type": ["goal"]},
                                  "route": f"/api/v1/matches/{kind['body']['id']}/events"}))
    assert ack["status"] == 422
    echo = sock.ack(8, '{"method": "POST", "route": "/api/v1/echo", "body": {"n": 1.5}}')
    assert echo == {"status": 200, "body": {"n": 1.5}}       # still alive after all that
    sock.ws.close()


def test_binary_attachments_in_a_call_are_400(app):
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    made = client.emit("call", {"method": "POST", "route": "/api/v1/matches", "body": {
        "game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}}, callback=True)
    for body in ({"type": "note", "meta": {"b": b"x"}}, b"raw"):
        ack = client.emit("call", {"method": "POST", "body": body,
                                   "route": f"/api/v1/matches/{made['body']['id']}/events"},
                          callback=True)
        assert ack["status"] == 400 and ack["body"]["error"]["code"] == "bad_json"
    assert client.emit("join", {"match": b"x"}, callback=True)["status"] == 400


def test_a_surrogate_token_is_refused_and_the_companion_carries_on(live):
    sock = RawSocket(live.url, '{"token": "\\ud800"}')
    assert "unauthorized" in sock.next("44")
    sock.ws.close()
    good = RawSocket(live.url, json.dumps({"token": TOKEN}))
    assert "sid" in json.loads(good.next("40"))
    good.ws.close()


# -- 4: the body limit holds for chunked bodies -------------------------------------------------
def test_a_chunked_body_over_the_limit_is_413(live):
    s = live.session()

    def chunks(total):
        piece = b"[" + b"1," * 32767 + b"1]"
        yield b'{"a": ['
        sent = 0
        while sent < total:
            yield piece + b","
            sent += len(piece) + 1
        yield b"1]}"

    r = s.post(f"{live.url}/api/v1/echo", data=chunks(3 * 1024 * 1024),
               headers={"Content-Type": "application/json"}, timeout=30)
    assert r.status_code == 413, r.text[:200]
    assert r.json()["error"]["code"] == "too_large"
    assert "1024 KiB" in r.json()["error"]["message"]
    small = s.post(f"{live.url}/api/v1/echo", data=iter([b'{"a": ', b"[1, 2]}"]),
                   headers={"Content-Type": "application/json"}, timeout=10)
    assert small.status_code == 200 and small.json() == {"a": [1, 2]}
    sized = s.post(f"{live.url}/api/v1/echo", data=b"[" + b"0," * (600 * 1024) + b"0]",
                   headers={"Content-Type": "application/json"}, timeout=30)
    assert sized.status_code == 413 and "1024 KiB" in sized.json()["error"]["message"]
    s.close()


# -- 1: no empty token, ever ---------------------------------------------------------------------
def serve(tmp_path, env: dict, *extra: str, port: int | None = None, wait: float = 10):
    env = {**os.environ, **env}
    env = {k: v for k, v in env.items() if v is not None}
    port = port or LiveServer(tmp_path).port
    return subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--port", str(port),
                           "--data-dir", str(tmp_path), *extra], env=env, capture_output=True,
                          text=True, timeout=wait)


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


# -- 6 and the serving stack -------------------------------------------------------------------
@pytest.fixture
def small_server(app):
    """The real serving stack in-process, with small limits so a test sees them act."""
    from companion.server.serving import Server, bind
    from companion.server.sockets import start_reaper

    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app.config["BALLCOURT"].port = port
    app.wsgi_app.hosts = {f"127.0.0.1:{port}"}
    server = Server(sock, app, max_connections=4, header_timeout=0.5, body_timeout=1)
    start_reaper(app.extensions["socketio"], grace=0.5, every=0.1)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}", port
    server.shutdown()
    server.server_close()


def closed_within(conn: socket.socket, seconds: float) -> bool:
    conn.settimeout(seconds)
    try:
        while conn.recv(4096):
            pass
        return True
    except (TimeoutError, OSError) as exc:
        return not isinstance(exc, TimeoutError)


def test_headers_must_arrive_in_time_even_a_byte_at_a_time(small_server):
    _, port = small_server
    slow = socket.create_connection(("127.0.0.1", port))
    slow.sendall(b"GET /api/v1/health HTTP/1.1\r\n")
    started = time.monotonic()
    try:
        for _ in range(20):                 # a header byte every 0.1 s: never done
            slow.sendall(b"X")
            time.sleep(0.1)
    except OSError:
        pass
    assert closed_within(slow, 2)
    assert time.monotonic() - started < 2.5
    slow.close()


def test_connections_are_bounded_and_the_rest_get_503(small_server):
    url, port = small_server
    before = threading.active_count()
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(4)]
    time.sleep(0.2)
    extra = socket.create_connection(("127.0.0.1", port))
    extra.settimeout(2)
    assert extra.recv(100).startswith(b"HTTP/1.1 503")
    assert threading.active_count() - before <= 4
    for c in idle:                         # the header deadline frees every slot
        assert closed_within(c, 2)
        c.close()
    extra.close()
    assert requests.get(f"{url}/api/v1/health", timeout=5).ok


def test_a_socket_that_never_authenticates_is_dropped(small_server):
    url, _ = small_server
    silent = RawSocket(url)                  # Engine.IO open, no Socket.IO connect
    refused = RawSocket(url, '{"token": "nope"}')
    assert "unauthorized" in refused.next("44")
    for sock in (silent, refused):
        sock.ws.settimeout(3)
        started = time.monotonic()
        with pytest.raises(websocket.WebSocketConnectionClosedException):
            while True:
                if sock.ws.recv() in ("", None):
                    raise websocket.WebSocketConnectionClosedException()
        assert time.monotonic() - started < 2.5
        sock.ws.shutdown()
    good = RawSocket(url, json.dumps({"token": TOKEN}))
    good.next("40")
    time.sleep(1)
    assert good.ack(1, '{"method": "GET", "route": "/api/v1/health"}')["status"] == 200
    good.ws.close()


def test_a_dropped_socket_that_never_reads_loses_its_connection(small_server):
    url, _ = small_server
    silent = RawSocket(url)
    time.sleep(1.5)                          # dropped, and it read nothing of the goodbye
    raw = silent.ws.sock
    assert closed_within(raw, 2)             # the companion ended the TCP connection itself
    silent.ws.shutdown()


def test_serve_is_quiet_and_logs_requests_only_when_asked(tmp_path):
    import socketio

    for extra, logged in (((), False), (("--log-requests",), True)):
        server = LiveServer(tmp_path / "d")
        env = {**os.environ, "BALLCOURT_TOKEN": TOKEN}
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--port",
                                 str(server.port), "--data-dir", str(tmp_path / "d"), *extra],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        try:
            deadline = time.monotonic() + 60      # a busy machine starts it slowly
            while time.monotonic() < deadline:
                try:
                    if requests.get(f"{server.url}/api/v1/health", timeout=5).ok:
                        break
                except requests.RequestException:
                    time.sleep(0.05)
            for _ in range(2):
                client = socketio.Client()
                client.connect(server.url, auth={"token": TOKEN}, transports=["websocket"])
                client.call("call", {"method": "GET", "route": "/api/v1/health"}, timeout=5)
                client.disconnect()
            time.sleep(0.5)
        finally:
            proc.terminate()
            out, err = proc.communicate(timeout=10)
        assert "Token:" in out
        assert "development server" not in err.lower() and "WARNING" not in err
        assert "Bad request" not in err
        assert ("GET /api/v1/health" in err) == logged, err


def test_a_busy_port_is_said_before_any_banner(live, tmp_path):
    out = serve(tmp_path / "other", {"BALLCOURT_TOKEN": TOKEN}, port=live.port)
    assert out.returncode != 0
    assert f"port {live.port}" in out.stderr and "in use" in out.stderr
    assert out.stdout == ""
    assert TOKEN not in out.stdout + out.stderr


def test_kick_still_answers_through_the_bounded_server(small_server):
    url, _ = small_server
    r = requests.post(f"{url}/api/v1/yaotzin/kick", json={**KICK, "rolls": {
        "attack": 9, "scatter": 1, "corner": 1}},
        headers={"Authorization": f"Bearer {TOKEN}"}, timeout=5)
    assert r.status_code == 200 and r.json()["landing"]


# -- 5: HTML pages cannot be framed and run only their own code ----------------------------------
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


# -- 8: the smaller points -----------------------------------------------------------------------
def test_the_bearer_scheme_is_case_insensitive(app):
    client = app.test_client()
    for scheme in ("Bearer", "bearer", "BEARER", "bEaReR"):
        r = client.get("/api/v1/matches", base_url="http://127.0.0.1:7770",
                       headers={"Authorization": f"{scheme} {TOKEN}"})
        assert r.status_code == 200, scheme
    r = client.get("/api/v1/matches", base_url="http://127.0.0.1:7770",
                   headers={"Authorization": f"Basic {TOKEN}"})
    assert r.status_code == 401


def test_a_goal_into_the_scorers_own_end_is_422(api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "defends": "west"}, {"id": "moon", "defends": "east"}]}).json["id"]
    r = api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "sun", "end": "west"})
    assert r.status_code == 422 and "end" in r.json["error"]["fields"]
    ok = api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "sun", "end": "east"})
    assert ok.status_code == 201 and ok.json["score"] == {"sun": 1, "moon": 0}
    assert api.get(f"/api/v1/matches/{mid}").json["seq"] == 1


def test_damage_to_an_unknown_player_or_negative_is_422(api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "players": ["ix", "yol"]}, {"id": "moon", "players": ["tez"]}]}).json["id"]
    bad = api.post(f"/api/v1/matches/{mid}/events",
                   {"type": "damage", "player": "nobody", "nonlethal": 2})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "unknown_player"
    assert "player" in bad.json["error"]["fields"]
    negative = api.post(f"/api/v1/matches/{mid}/events",
                        {"type": "damage", "player": "ix", "nonlethal": -3})
    assert negative.status_code == 422 and "nonlethal" in negative.json["error"]["fields"]
    good = api.post(f"/api/v1/matches/{mid}/events",
                    {"type": "damage", "player": "tez", "nonlethal": 3})
    assert good.status_code == 201 and good.json["nonlethal"] == {"tez": 3}
    twice = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "players": ["ix"]}, {"id": "moon", "players": ["ix"]}]})
    assert twice.status_code == 422


def test_negative_damage_is_refused_by_the_rules_too():
    from companion.rules.errors import RulesError
    from companion.rules.yaotzin import match as yaotzin
    from companion.rules.yaotzin.court import Court
    from companion.rules.yaotzin.settings import Settings

    state = yaotzin.new_match([{"id": "a"}, {"id": "b"}], Court.from_dict(None),
                              Settings.from_dict(None))
    with pytest.raises(RulesError, match="negative"):
        yaotzin.apply_event(state, {"type": "damage", "player": "x", "nonlethal": -1})


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
