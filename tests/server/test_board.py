"""The spectator board: viewer keys (stored, revocable), the page, the read-only socket."""

import json
import re

from companion.server.pages import board
from tests.conftest import TOKEN
from tests.server.helpers import RAMS_AND_GOATS, run_cli

BASE = "http://127.0.0.1:7770"
GOAT = {"game": "goatball", "name": "Final", "teams": [
    {"id": "red", "players": [{"id": "r1", "platform": "p1", "name": "Ulra"},
                              {"id": "r2", "platform": "p2"}]},
    {"id": "blue", "players": [{"id": "b1", "platform": "p3"}, {"id": "b2", "platform": "p4"}]}]}
YAO = {"game": "yaotzin", "teams": [{"id": "sun"}, {"id": "moon"}]}


def new_match(api, spec=GOAT):
    made = api.post("/api/v1/matches", spec)
    assert made.status_code == 201
    return made.json["id"]


def viewer(api, mid, body=None):
    return api.post(f"/api/v1/matches/{mid}/viewers", body)


def revoke(api, mid, key):
    return api.client.delete(f"/api/v1/matches/{mid}/viewers/{key}", base_url=BASE,
                             headers=api.headers)


def page(api, mid, key, extra=""):
    return api.client.get(f"/board/{mid}?key={key}{extra}", base_url=BASE)


def board_data(html):
    found = re.search(r'<script id="board-data" type="application/json">(.*?)</script>',
                      html, re.S)
    return json.loads(found.group(1))


def test_a_viewer_key_comes_with_its_board_url(api):
    mid = new_match(api)
    made = viewer(api, mid)
    assert made.status_code == 201
    key = made.json["key"]
    assert len(key) >= 20
    assert made.json["url"] == f"{BASE}/board/{mid}?key={key}"
    assert viewer(api, mid, {"label": "stream"}).json["key"] != key
    other = api.client.post(f"/api/v1/matches/{mid}/viewers", base_url="http://localhost:7770",
                            headers=api.headers)
    assert other.json["url"].startswith("http://localhost:7770/board/")


def test_viewer_routes_refuse_bad_input_and_need_the_token(api):
    mid = new_match(api)
    assert viewer(api, "nope").status_code == 404
    bad = viewer(api, mid, {"label": 7})
    assert bad.status_code == 422 and "label" in bad.json["error"]["fields"]
    assert viewer(api, mid, {"colour": "red"}).json["error"]["fields"] == {
        "colour": ["Unknown field."]}
    assert viewer(api, mid, [1]).status_code == 400
    assert api.client.post(f"/api/v1/matches/{mid}/viewers", base_url=BASE).status_code == 401
    assert revoke(api, mid, "no-such-key").status_code == 404


def test_the_page_shows_the_match_and_needs_a_valid_key_for_that_match(api):
    mid, other = new_match(api), new_match(api, YAO)
    key = viewer(api, mid).json["key"]
    got = page(api, mid, key)
    assert got.status_code == 200 and got.mimetype == "text/html"
    data = board_data(got.text)
    assert data["state"]["id"] == mid and data["state"]["name"] == "Final"
    assert data["text"]["goatball"] == "Goat-ball" and data["last"] is None
    assert TOKEN not in got.text
    assert page(api, mid, "wrong-key-0000").status_code == 403
    assert api.client.get(f"/board/{mid}", base_url=BASE).status_code == 403
    assert page(api, other, key).status_code == 403            # a key reads its own match only
    assert api.client.get(f"/board/{mid}?key={key}", base_url="http://evil.example:7770"
                          ).status_code == 403                 # the Host guard still applies


def test_the_page_carries_the_last_event_and_escapes_script_breakers(api):
    mid = new_match(api)
    key = viewer(api, mid).json["key"]
    api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "</script><b>x"})
    got = page(api, mid, key)
    assert "</script><b>x" not in got.text
    assert board_data(got.text)["last"]["text"] == "</script><b>x"


def test_russian_and_overlay_variants(api):
    mid = new_match(api)
    key = viewer(api, mid).json["key"]
    ru = page(api, mid, key, "&lang=ru")
    assert '<html lang="ru">' in ru.text and board_data(ru.text)["text"]["goatball"] == "Козлобол"
    assert '<body class="overlay"' in page(api, mid, key, "&overlay=1").text
    assert '<body class=""' in page(api, mid, key).text
    assert "viewer key" in page(api, mid, "bad-key-000000").text
    assert "ключ зрителя" in page(api, mid, "bad-key-000000", "&lang=ru").text


def test_every_board_string_is_in_both_languages():
    assert set(board.TEXT["en"]) == set(board.TEXT["ru"])
    for lang in board.TEXT.values():
        assert all(v.strip() for v in lang.values())


def test_the_socket_client_is_served_without_a_token(api):
    got = api.client.get("/board/static/socket.io.min.js", base_url=BASE)
    assert got.status_code == 200 and b"Socket.IO v4" in got.data


def test_a_revoked_key_stops_working(api):
    mid = new_match(api)
    key = viewer(api, mid).json["key"]
    assert revoke(api, mid, key).status_code == 204
    assert page(api, mid, key).status_code == 403
    assert revoke(api, mid, key).status_code == 404


def test_keys_survive_a_restart(tmp_path, api):
    from companion.server import create_app
    from companion.server.config import Config

    mid = new_match(api)
    key = viewer(api, mid).json["key"]
    again = create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770)).test_client()
    assert again.get(f"/board/{mid}?key={key}", base_url=BASE).status_code == 200


# -- Socket.IO ---------------------------------------------------------------------------------

def viewer_socket(app, key):
    return app.extensions["socketio"].test_client(app, auth={"viewer": key})


def test_a_viewer_connects_with_its_key_and_reads_only_its_own_match(app, api):
    mid, other = new_match(api), new_match(api, YAO)
    key = viewer(api, mid).json["key"]
    assert not viewer_socket(app, "wrong-key-0000").is_connected()
    assert not app.extensions["socketio"].test_client(app, auth={}).is_connected()
    sock = viewer_socket(app, key)
    assert sock.is_connected()

    def call(method, route, body=None):
        return sock.emit("call", {"method": method, "route": route, "body": body},
                         callback=True)

    assert call("GET", f"/api/v1/matches/{mid}")["body"]["id"] == mid
    assert call("GET", f"/api/v1/matches/{mid}/events")["status"] == 200
    for method, route, body in (
            ("POST", f"/api/v1/matches/{mid}/events", {"type": "note", "text": "x"}),
            ("POST", f"/api/v1/matches/{mid}/undo", None),
            ("POST", f"/api/v1/matches/{mid}/viewers", None),
            ("POST", "/api/v1/matches", YAO),
            ("POST", "/api/v1/goatball/quick", {"teams": [{"id": "a", "checks": [1]},
                                                          {"id": "b", "checks": [2]}]}),
            ("GET", f"/api/v1/matches/{other}", None),
            ("GET", "/api/v1/matches", None)):
        answer = call(method, route, body)
        assert answer["status"] == 403, (method, route)
        assert answer["body"]["error"]["code"] == "viewer_read_only"
    assert api.get(f"/api/v1/matches/{mid}/events").json["events"] == []   # nothing written
    assert sock.emit("join", {"match": other}, callback=True)["status"] == 403
    assert sock.emit("join", {"match": mid}, callback=True)["status"] == 200


def test_a_viewer_hears_events_live_and_is_dropped_when_revoked(app, api):
    mid = new_match(api, YAO)
    key = viewer(api, mid).json["key"]
    sock = viewer_socket(app, key)
    assert sock.emit("join", {"match": mid}, callback=True)["status"] == 200
    sock.get_received()
    api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "sun"})
    pushed = [m["args"][0] for m in sock.get_received() if m["name"] == "match_event"]
    assert [(p["seq"], p["state"]["score"]["sun"]) for p in pushed] == [(1, 1)]
    assert revoke(api, mid, key).status_code == 204
    assert not sock.is_connected()
    assert not viewer_socket(app, key).is_connected()


def test_the_gm_token_still_does_everything(app, api):
    mid = new_match(api, YAO)
    gm = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    made = gm.emit("call", {"method": "POST", "route": f"/api/v1/matches/{mid}/events",
                            "body": {"type": "round"}}, callback=True)
    assert made["status"] == 201


def test_the_openapi_document_lists_the_viewer_routes(api):
    paths = api.get("/api/v1/openapi.json").json["paths"]
    assert "201" in paths["/api/v1/matches/{match_id}/viewers"]["post"]["responses"]
    assert "204" in paths["/api/v1/matches/{match_id}/viewers/{key}"]["delete"]["responses"]


def test_revoking_works_through_call_for_the_gm_and_never_for_a_viewer(app, api):
    mid = new_match(api, YAO)
    key = viewer(api, mid).json["key"]
    sock = viewer_socket(app, key)
    route = f"/api/v1/matches/{mid}/viewers/{key}"
    assert sock.emit("call", {"method": "DELETE", "route": route}, callback=True)["status"] == 403
    assert page(api, mid, key).status_code == 200
    gm = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    assert gm.emit("call", {"method": "DELETE", "route": route}, callback=True)["status"] == 204
    assert page(api, mid, key).status_code == 403


def test_a_browser_may_revoke_over_rest_from_an_allowed_origin(api):
    pre = api.client.options("/api/v1/matches/x/viewers/y", base_url=BASE,
                             headers={"Origin": "http://localhost:30000",
                                      "Access-Control-Request-Method": "DELETE"})
    assert "DELETE" in pre.headers["Access-Control-Allow-Methods"]


def test_the_board_has_no_inline_script_and_a_styled_403(api):
    page = api.client.get("/board/x?key=nope", base_url="http://127.0.0.1:7770")
    assert page.status_code == 403
    text = page.get_data(as_text=True)
    assert "<style>" in text and "ballcourt board share" in text
    mid = api.post("/api/v1/matches", RAMS_AND_GOATS).json["id"]
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    board = api.client.get(f"/board/{mid}?key={key}", base_url="http://127.0.0.1:7770")
    csp = board.headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "unsafe-inline" not in csp.split("style-src")[0]
    html = board.get_data(as_text=True)
    scripts = html.split("<script")[1:]
    assert all('src="' in s.split(">")[0] or 'type="application/json"' in s.split(">")[0]
               for s in scripts)
    js = api.client.get("/board/static/board.js", base_url="http://127.0.0.1:7770")
    assert js.status_code == 200 and "function render" in js.get_data(as_text=True)
    assert TOKEN not in html


def test_board_share_list_and_revoke(live):
    env = {"BALLCOURT_URL": live.url, "BALLCOURT_TOKEN": TOKEN}
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json=RAMS_AND_GOATS).json()["id"]
    shared = run_cli("board", "share", mid, "--label", "stream", env=env)
    assert shared.returncode == 0, shared.stderr
    url = shared.stdout.splitlines()[0]
    assert url.startswith(f"{live.url}/board/{mid}?key=")
    key = url.split("key=")[1]
    listed = run_cli("board", "list", mid, env=env)
    assert key in listed.stdout and "stream" in listed.stdout
    assert __import__("requests").get(url, timeout=10).status_code == 200
    revoked = run_cli("board", "revoke", mid, key, env=env)
    assert revoked.returncode == 0, revoked.stderr
    assert __import__("requests").get(url, timeout=10).status_code == 403
    assert "No viewer keys" in run_cli("board", "list", mid, env=env).stdout


def test_the_refused_board_page_names_the_match_it_was_asked_for(api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}
                   ).json["id"]
    page = api.get(f"/board/{mid}?key=wrong").get_data(as_text=True)
    assert f"<code>ballcourt board share {mid}</code>" in page and "MATCH" not in page
