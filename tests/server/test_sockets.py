"""Socket.IO: token at connect, `call` answers as REST does, match rooms hear applied events."""

import requests
import socketio

from tests.conftest import TOKEN
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
