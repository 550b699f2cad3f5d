"""What a third attack on the companion found (issue 21): each test failed before its fix."""

from __future__ import annotations

import json

import pytest

from tests.conftest import TOKEN
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
