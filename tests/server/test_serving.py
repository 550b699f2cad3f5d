"""The bounded serving stack (server/serving.py): slow headers, connection caps, sockets that
never authenticate or never read, oversized chunked bodies, a quiet log and a busy port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time

import pytest
import requests
import websocket

from tests.conftest import TOKEN, LiveServer, wait_for_health
from tests.helpers import wait_until
from tests.server.helpers import RawSocket, serve
from tests.server.test_api import KICK


# -- the body limit holds for chunked bodies -------------------------------------------------
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


def holding(port: int) -> socket.socket:
    """A connection holding a slot: its request's headers are complete, its body never comes
    (the body's wait, 1 s on the small server, keeps its thread)."""
    conn = socket.create_connection(("127.0.0.1", port))
    conn.sendall(f"POST /api/v1/echo HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization:"
                 f" Bearer {TOKEN}\r\nContent-Type: application/json\r\nContent-Length:"
                 f" 50\r\n\r\n".encode())
    return conn


def test_connections_are_bounded_and_the_token_keeps_its_room(small_server):
    """Three slots of four for anyone, the fourth only for a request with the token: past
    them a 503, and a thread for none of them."""
    url, port = small_server
    before = threading.active_count()
    held = [holding(port) for _ in range(3)]
    assert wait_until(lambda: threading.active_count() - before >= 3)    # each holds its slot
    anyone = requests.get(f"{url}/api/v1/health", timeout=5)
    assert anyone.status_code == 503 and anyone.headers["Retry-After"] == "1"
    assert threading.active_count() - before <= 4
    gm = requests.get(f"{url}/api/v1/status", headers={"Authorization": f"Bearer {TOKEN}"},
                      timeout=5)
    assert gm.status_code == 200                 # the reserved slot
    for c in held:                               # the body's wait frees every slot
        assert closed_within(c, 3)
        c.close()
    assert requests.get(f"{url}/api/v1/health", timeout=5).ok


def test_trickling_sockets_hold_no_slot_and_the_gm_gets_in(small_server):
    """Seventy sockets trickling their headers (a security review's slowloris, which kept the
    GM at 503): they wait at the door without a thread, and every request gets in."""
    url, port = small_server
    before = threading.active_count()
    slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(70)]
    for conn in slow:
        conn.sendall(b"GET /api/v1/health HTTP/1.1\r\nX-Slow: ")
    time.sleep(0.1)
    assert threading.active_count() - before <= 1
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {TOKEN}"
    answers = [session.get(f"{url}/api/v1/status", timeout=5).status_code for _ in range(10)]
    answers += [requests.get(f"{url}/api/v1/health", timeout=5).status_code for _ in range(5)]
    assert answers == [200] * 15
    for conn in slow:                            # the door's deadline closes them
        assert closed_within(conn, 3)
        conn.close()


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
            wait_for_health(server.url)
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


def test_the_request_log_names_no_viewer_key_or_token(tmp_path):
    """`--log-requests` wrote `GET /board/<id>?key=<viewer key>` whole (whoever read the
    log could open the board): the key, any token-like query value or path segment, is
    REDACTED; the rest stays readable."""
    server = LiveServer(tmp_path / "d")
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--port",
                             str(server.port), "--data-dir", str(tmp_path / "d"),
                             "--log-requests"],
                            env={**os.environ, "BALLCOURT_TOKEN": TOKEN},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    key, sid = "Kq3_x-9ZpLmN0aBcDeFgHiJk", "tR4nD0mS3ss10nIdXyZ1"
    try:
        wait_for_health(server.url)
        for target in (f"/board/a1b2c3d4e5f6?key={key}", f"/api/v1/health?token={TOKEN}",
                       f"/socket.io/?EIO=4&transport=polling&sid={sid}&t=abc",
                       f"/api/v1/matches/a1b2c3d4e5f6/viewers/{key}", "/api/v1/health?k=x"):
            requests.get(server.url + target, timeout=5)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    requests_logged = "\n".join(line for line in err.splitlines() if '"GET ' in line)
    for secret in (key, TOKEN, sid):
        assert secret not in requests_logged
    assert key not in err and TOKEN not in err
    assert "GET /board/a1b2c3d4e5f6?key=REDACTED" in err
    assert "transport=polling&sid=REDACTED&t=abc" in err
    assert "/viewers/REDACTED" in err and "/api/v1/health?k=x" in err
