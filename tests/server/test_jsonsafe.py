"""The strict JSON layer (server/jsonsafe.py): deep nesting, lone surrogates, NaN and the
other nonstandard forms are a 400, never stored, and a log that holds one still answers."""

from __future__ import annotations

import sqlite3

import pytest

from companion.server import jsonsafe
from companion.server.routing import ROUTES
from tests.server.helpers import DEEP, assert_error, new_match, post_raw


# -- deep nesting, odd event types, lone surrogates --------------------------------------
def test_deep_nesting_is_400_on_every_post_route(api):
    mid = new_match(api)
    posts = [r.rule.replace("<match_id>", mid) for r in ROUTES.values() if r.method == "POST"]
    assert len(posts) > 10
    for path in posts:
        message = assert_error(post_raw(api, path, DEEP), 400, "bad_json")
        assert "deeper than" in message, path


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


# -- NaN and Infinity ----------------------------------------------------------------------
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
