"""Socket.IO: token at connect, `call` answers as REST does (a 4xx for any bad frame), match
rooms hear applied events, Engine.IO sessions and calls in flight are bounded."""

import json
import re
import threading
import time

import pytest
import requests
import socketio

from companion.server import sockets
from tests.conftest import TOKEN
from tests.helpers import wait_until
from tests.server.helpers import DEEP, RawSocket
from tests.server.test_api import KICK


def sio_client(app, token=TOKEN):
    return app.extensions["socketio"].test_client(app, auth={"token": token})


def test_a_wrong_token_is_refused_at_connect(app):
    assert not sio_client(app, "nope").is_connected()
    assert sio_client(app).is_connected()


def test_call_answers_exactly_what_rest_answers(app, api):
    client = sio_client(app)
    body = {**KICK, "rolls": {"attack": 9, "scatter": 1, "corner": 1}}
    ack = client.emit("call", {"method": "POST", "route": "/api/v1/yaotzin/kick", "body": body},
                      callback=True)
    rest = api.post("/api/v1/yaotzin/kick", body)
    assert ack == {"status": rest.status_code, "body": rest.json}
    bad = client.emit("call", {"method": "POST", "route": "/api/v1/yaotzin/kick",
                               "body": {**body, "kicker": "zz"}}, callback=True)
    rest_bad = api.post("/api/v1/yaotzin/kick", {**body, "kicker": "zz"})
    assert bad == {"status": 422, "body": rest_bad.json}


def test_call_reaches_every_route_and_refuses_nonsense(app):
    client = sio_client(app)
    assert client.emit("call", {"method": "GET", "route": "/api/v1/health"},
                       callback=True)["status"] == 200
    created = client.emit("call", {"method": "POST", "route": "/api/v1/matches", "body": {
        "game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}}, callback=True)
    assert created["status"] == 201
    mid = created["body"]["id"]
    got = client.emit("call", {"method": "GET", "route": f"/api/v1/matches/{mid}"},
                      callback=True)
    assert got["body"]["id"] == mid
    for data, status in (({"method": "PUT", "route": "/api/v1/health"}, 400),
                         ({"method": "GET", "route": "/api/v1/nope"}, 404),
                         ({"method": "GET", "route": "/api/v1/yaotzin/kick"}, 405),
                         ("not an object", 400)):
        assert client.emit("call", data, callback=True)["status"] == status


def test_a_match_room_hears_events_applied_over_rest(app, api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin",
                                       "teams": [{"id": "a"}, {"id": "b"}]}).json["id"]
    watcher = sio_client(app)
    assert watcher.emit("join", {"match": mid}, callback=True)["status"] == 200
    watcher.get_received()
    api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "a"})
    api.post(f"/api/v1/matches/{mid}/undo")
    pushed = [m for m in watcher.get_received() if m["name"] == "match_event"]
    assert [(p["args"][0]["kind"], p["args"][0]["seq"]) for p in pushed] == [("event", 1),
                                                                            ("undo", 0)]
    assert pushed[0]["args"][0]["state"]["score"] == {"a": 1, "b": 0}
    assert watcher.emit("join", {"match": "nope"}, callback=True)["status"] == 404


# -- against a real `ballcourt serve` -------------------------------------------------------
def test_real_websocket_connect_call_and_refusals(live):
    client = socketio.Client()
    client.connect(live.url, auth={"token": TOKEN}, transports=["websocket"])
    try:
        ack = client.call("call", {"method": "POST", "route": "/api/v1/echo",
                                   "body": {"n": 1}}, timeout=5)
        assert ack == {"status": 200, "body": {"n": 1}}
    finally:
        client.disconnect()
    for kwargs in ({"auth": {"token": "nope"}},
                   {"auth": {"token": TOKEN}, "headers": {"Origin": "https://evil.example"}}):
        refused = socketio.Client()
        try:
            refused.connect(live.url, transports=["websocket"], wait_timeout=3, **kwargs)
        except socketio.exceptions.ConnectionError:
            pass
        else:
            refused.disconnect()
            raise AssertionError(f"connected with {kwargs}")


def test_host_and_origin_guards_cover_socketio(live):
    path = f"{live.url}/socket.io/?EIO=4&transport=polling"
    assert requests.get(path, timeout=5).status_code == 200
    assert requests.get(path, headers={"Host": f"rebind.example:{live.port}"},
                        timeout=5).status_code == 403
    refused = requests.get(path, headers={"Origin": "https://evil.example"}, timeout=5)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden_origin"
    allowed = requests.get(path, headers={"Origin": "http://localhost:30000"}, timeout=5)
    assert allowed.status_code == 200
    assert allowed.headers["Access-Control-Allow-Origin"] == "http://localhost:30000"


def test_a_number_too_large_over_socket_io_is_acknowledged_with_422(live):
    sock = RawSocket(live.url, json.dumps({"token": TOKEN}))
    sock.next("40")
    ack = sock.ack(1, '{"method": "POST", "route": "/api/v1/echo", "body": {"n": 1e400}}')
    assert ack["status"] == 422 and "body.n" in ack["body"]["error"]["fields"]
    assert sock.ack(2, '{"method": "GET", "route": "/api/v1/health"}')["status"] == 200
    sock.ws.close()


# -- binary attachments, however the key is spelled ---------------------------------------
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


# -- Engine.IO sessions are bounded -------------------------------------------------------
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
    assert wait_until(lambda: polling_handshake(url) == 200)   # the reaper drops them (0.5 s)


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


# -- calls in flight are capped -----------------------------------------------------------
@pytest.fixture
def stalled(monkeypatch):
    """Every `call` waits until the test lets it go: what a slow or wedged route looks like."""
    release = Stall()
    real = sockets.dispatch

    def slow(method, route, body):
        with release.lock:
            release.arrived += 1
        release.wait(10)
        return real(method, route, body)

    monkeypatch.setattr(sockets, "dispatch", slow)
    yield release
    release.set()


class Stall(threading.Event):
    """The stalled calls' release, and how many calls reached the route (admitted, waiting)."""

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()
        self.arrived = 0


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
    assert wait_until(lambda: stalled.arrived == 2 * per_conn)    # all in flight, waiting
    send_calls(socks[2], 1, 4, route)
    assert set(acks(socks[2], 4).values()) == {429}      # the key has 16 in flight already
    stalled.set()
    for sock in socks[:2]:
        assert set(acks(sock, per_conn).values()) == {200}
        sock.ws.close()
    socks[2].ws.close()


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
