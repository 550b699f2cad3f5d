"""What a third attack on the companion found (issue 21): each test failed before its fix."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time

import pytest
import requests

from companion.server import sockets
from tests.conftest import TOKEN, free_port
from tests.server.test_hardening import RawSocket, assert_error, new_match, post_raw

BASE = "http://127.0.0.1:7770"


def get(client, path="/api/v1/matches", headers=None, addr="127.0.0.1"):
    return client.get(path, base_url=BASE, headers=headers or {},
                      environ_base={"REMOTE_ADDR": addr})


# -- 1: a web page cannot lock the GM out -----------------------------------------------------
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


# -- 4: 1e400 is Infinity --------------------------------------------------------------------
def test_a_number_too_large_for_a_float_is_422_naming_its_field(api):
    r = post_raw(api, "/api/v1/echo", '{"a": {"b": [1, 1e400]}}')
    message = assert_error(r, 422, "validation")
    assert "a.b.1" in message and r.json["error"]["fields"] == {
        "a.b.1": ["a number too large to be finite (1e400)"]}
    mid = new_match(api)
    note = '{"type": "note", "text": "x", "meta": {"chat": -1e400}}'
    r = post_raw(api, f"/api/v1/matches/{mid}/events", note)
    assert_error(r, 422, "validation")
    assert "meta.chat" in r.json["error"]["fields"]
    assert api.get(f"/api/v1/matches/{mid}/events").json["events"] == []
    assert post_raw(api, "/api/v1/echo", '{"a": 1e300}').json == {"a": 1e300}


def test_a_number_too_large_over_socket_io_is_acknowledged_with_422(live):
    sock = RawSocket(live.url, json.dumps({"token": TOKEN}))
    sock.next("40")
    ack = sock.ack(1, '{"method": "POST", "route": "/api/v1/echo", "body": {"n": 1e400}}')
    assert ack["status"] == 422 and "body.n" in ack["body"]["error"]["fields"]
    assert sock.ack(2, '{"method": "GET", "route": "/api/v1/health"}')["status"] == 200
    sock.ws.close()


# -- 5: every call gets an answer ------------------------------------------------------------
def test_a_call_to_a_route_werkzeug_would_redirect_is_answered(app):
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    for route in ("/api/v1//health", "/api/v1/matches/", "//api/v1/health"):
        ack = client.emit("call", {"method": "GET", "route": route}, callback=True)
        assert ack is not None and ack["status"] in (200, 404), route


# -- 6: binary attachments, however the key is spelled ---------------------------------------
def test_an_escaped_placeholder_key_is_refused_and_the_session_lives(live):
    sock = RawSocket(live.url, json.dumps({"token": TOKEN}))
    sock.next("40")
    made = sock.ack(1, '{"method": "POST", "route": "/api/v1/matches", "body": {"game":'
                       ' "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}}')
    mid = made["body"]["id"]
    for n, spelled in enumerate(('\\u005fplaceholder', '_pl\\u0061ceholder'), start=2):
        # a binary event announces its attachments; this one sends none
        sock.ws.send(f'451-{n}["call",{{"method": "POST", "route": "/api/v1/matches/{mid}/'
                     f'events", "body": {{"type": "note", "text": {{"{spelled}": true,'
                     f' "num": 0}}}}}}]')
        ack = json.loads(sock.next(f"43{n}"))[0]
        assert ack["status"] == 400 and ack["body"]["error"]["code"] == "bad_json"
    assert sock.ack(9, '{"method": "GET", "route": "/api/v1/health"}')["status"] == 200
    events = sock.ack(10, json.dumps({"method": "GET", "route": f"/api/v1/matches/{mid}/events"}))
    assert events["body"]["events"] == []
    sock.ws.close()


# -- 2: Engine.IO sessions are bounded -------------------------------------------------------
def polling_handshake(url: str) -> int:
    return requests.get(f"{url}/socket.io/?EIO=4&transport=polling", timeout=10).status_code


def test_unauthenticated_engine_io_sessions_cost_no_thread_and_are_capped(small_server,
                                                                          monkeypatch):
    url, _ = small_server
    monkeypatch.setattr(sockets, "MAX_SESSIONS", 20)
    assert polling_handshake(url) == 200
    time.sleep(0.3)
    before = threading.active_count()
    codes = [polling_handshake(url) for _ in range(60)]
    during = threading.active_count()
    print(f"threads before {before}, after 60 polling handshakes {during}")
    assert during - before <= 5, (before, during)         # was one sleeping thread each
    assert codes.count(503) >= 1 and codes[0] == 200       # past the cap: 503, no session
    time.sleep(1.5)                                        # the reaper drops them (0.5 s)
    assert polling_handshake(url) == 200


def test_an_authenticated_session_is_still_pinged(app, small_server):
    url, _ = small_server
    sock = RawSocket(url, json.dumps({"token": TOKEN}))
    sock.next("40")
    pinger = app.extensions["ballcourt_pinger"]
    assert len(pinger.due) == 1
    for s in list(pinger.due):
        pinger.due[s] = 0                                # its ping is due now
    sock.ws.settimeout(3)
    assert sock.ws.recv() == "2"                         # a ping, from the shared thread
    sock.ws.send("3")
    sock.ws.close()


# -- 3: calls in flight are capped -----------------------------------------------------------
@pytest.fixture
def stalled(monkeypatch):
    """Every `call` waits until the test lets it go: what a slow or wedged route looks like."""
    release = threading.Event()
    real = sockets.dispatch

    def slow(method, route, body):
        release.wait(10)
        return real(method, route, body)

    monkeypatch.setattr(sockets, "dispatch", slow)
    yield release
    release.set()


def send_calls(sock: RawSocket, first: int, n: int, route: str) -> None:
    for i in range(first, first + n):
        sock.ws.send(f'42{i}["call",{json.dumps({"method": "GET", "route": route})}]')


def acks(sock: RawSocket, n: int) -> dict[int, int]:
    got = {}
    while len(got) < n:
        frame = sock.ws.recv()
        if frame == "2":
            sock.ws.send("3")
            continue
        found = re.match(r"43(\d+)(.*)", frame)
        if found:
            got[int(found.group(1))] = json.loads(found.group(2))[0]["status"]
    return got


def test_calls_in_flight_are_capped_per_connection(small_server, stalled):
    url, _ = small_server
    sock = RawSocket(url, json.dumps({"token": TOKEN}))
    sock.next("40")
    before = threading.active_count()
    send_calls(sock, 1, 40, "/api/v1/health")
    refused = acks(sock, 40 - sockets.MAX_CALLS_IN_FLIGHT)
    during = threading.active_count()
    print(f"threads before {before}, with 40 calls sent {during}")
    assert set(refused.values()) == {429}
    assert during - before <= sockets.MAX_CALLS_IN_FLIGHT + 2
    stalled.set()
    answered = acks(sock, sockets.MAX_CALLS_IN_FLIGHT)
    assert set(answered.values()) == {200}
    send_calls(sock, 100, 1, "/api/v1/health")
    assert acks(sock, 1) == {100: 200}                     # nothing held after
    sock.ws.close()


def test_calls_in_flight_are_capped_per_viewer_key(small_server, stalled):
    url, _ = small_server
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {TOKEN}"
    mid = s.post(f"{url}/api/v1/matches", json={"game": "yaotzin", "teams": [
        {"id": "a"}, {"id": "b"}]}).json()["id"]
    key = s.post(f"{url}/api/v1/matches/{mid}/viewers").json()["key"]
    route = f"/api/v1/matches/{mid}"
    socks = [RawSocket(url, json.dumps({"viewer": key})) for _ in range(3)]
    for sock in socks:
        sock.next("40")
    per_conn = sockets.MAX_CALLS_IN_FLIGHT
    for sock in socks[:2]:
        send_calls(sock, 1, per_conn, route)
    time.sleep(0.5)
    send_calls(socks[2], 1, 4, route)
    assert set(acks(socks[2], 4).values()) == {429}      # the key has 16 in flight already
    stalled.set()
    for sock in socks[:2]:
        assert set(acks(sock, per_conn).values()) == {200}
        sock.ws.close()
    socks[2].ws.close()


def test_the_event_log_is_paged_with_a_bounded_default(api, app):
    from companion.server.api.matches import EVENTS_PAGE

    mid = new_match(api)
    for _ in range(5):
        api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "x"})
    page = api.get(f"/api/v1/matches/{mid}/events?limit=2").json
    assert [e["seq"] for e in page["events"]] == [1, 2] and page["next"] == 2
    page = api.get(f"/api/v1/matches/{mid}/events?after=4&limit=2").json
    assert [e["seq"] for e in page["events"]] == [5] and page["next"] is None
    assert [e["seq"] for e in api.get(f"/api/v1/matches/{mid}/events").json["events"]] == [
        1, 2, 3, 4, 5]
    assert_error(api.get(f"/api/v1/matches/{mid}/events?limit=0"), 422, "validation")
    many = [("note", '{"type": "note", "text": "x"}', "2026", None)] * (EVENTS_PAGE + 5)
    db = sqlite3.connect(app.config["BALLCOURT"].db_path)
    db.executemany("INSERT INTO events (match_id, seq, type, body, created, undoes) VALUES"
                   " (?, ?, ?, ?, ?, ?)", [(mid, 6 + i, *row) for i, row in enumerate(many)])
    db.commit()
    db.close()
    first = api.get(f"/api/v1/matches/{mid}/events").json
    assert len(first["events"]) == EVENTS_PAGE and first["next"] == EVENTS_PAGE
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    ack = client.emit("call", {"method": "GET", "route": f"/api/v1/matches/{mid}/events"
                                                           f"?after={EVENTS_PAGE}"},
                      callback=True)
    assert [e["seq"] for e in ack["body"]["events"]][:1] == [EVENTS_PAGE + 1]


# -- 7: a full disk --------------------------------------------------------------------------
@pytest.fixture
def full_disk(monkeypatch):
    from companion.server.db import Faults

    monkeypatch.setattr(Faults, "disk_full", True)


def test_a_write_on_a_full_disk_is_507_naming_the_data_dir(api, app, monkeypatch, caplog):
    from companion.server.db import Faults

    mid = new_match(api)
    monkeypatch.setattr(Faults, "disk_full", True)
    data_dir = app.config["BALLCOURT"].data_dir
    for r in (api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "a"}),
              api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"},
                                                                        {"id": "b"}]}),
              api.post(f"/api/v1/matches/{mid}/viewers")):
        message = assert_error(r, 507, "disk_full")
        assert message.startswith(f"the disk holding {data_dir} is full")
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    ack = client.emit("call", {"method": "POST", "route": f"/api/v1/matches/{mid}/undo"},
                      callback=True)
    assert ack["status"] in (409, 507)
    assert "hit a bug" not in caplog.text and "Traceback" not in caplog.text
    monkeypatch.setattr(Faults, "disk_full", False)
    assert api.get(f"/api/v1/matches/{mid}").json["seq"] == 0       # nothing half-written


def test_a_first_start_on_a_full_disk_says_so_in_one_line(tmp_path, full_disk, capsys,
                                                         monkeypatch):
    from companion import cli

    monkeypatch.delenv("BALLCOURT_TOKEN", raising=False)
    status = cli.main(["serve", "--port", str(free_port()), "--data-dir", str(tmp_path / "d")])
    err = capsys.readouterr().err
    assert status == 2
    assert err == f"ballcourt: the disk holding {tmp_path / 'd'} is full: free some space" \
                  " there, then try again\n"


def test_a_first_start_with_a_token_but_a_full_disk_says_so_too(tmp_path, full_disk, capsys,
                                                               monkeypatch):
    from companion import cli

    monkeypatch.setenv("BALLCOURT_TOKEN", TOKEN)
    status = cli.main(["serve", "--port", str(free_port()), "--data-dir", str(tmp_path / "d")])
    assert status == 2 and "is full" in capsys.readouterr().err


def test_the_log_never_depends_on_the_disk():
    import errno
    import logging

    from companion.server.serving import log_to_stderr

    class FullDisk:
        def write(self, _text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            raise OSError(errno.ENOSPC, "No space left on device")

    handler = log_to_stderr(FullDisk())
    try:
        logging.getLogger("ballcourt").error("the disk holding /x is full")   # no raise
    finally:
        logging.getLogger("ballcourt").removeHandler(handler)
        logging.getLogger("ballcourt").propagate = True
