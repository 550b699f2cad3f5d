"""Refusals in the client's terms: a 4xx naming each bad field and what was expected, never
the schema's internals and never a 500."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest

from tests.conftest import TOKEN
from tests.server.helpers import RAMS_AND_GOATS, assert_error, new_match, post_raw


# -- 1e400 is Infinity --------------------------------------------------------------------
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


# -- ASCII digits only in the log's paging --------------------------------------------------
NOT_ASCII = ["²", "①", "٣", "𝟙", "１", "1²", "-1", "+1", " 1", "1" * 5000]


@pytest.mark.parametrize("value", NOT_ASCII, ids=lambda v: ascii(v)[1:12])
@pytest.mark.parametrize("name", ["after", "limit"])
def test_after_and_limit_take_ascii_digits_only_over_http_and_call(api, app, name, value):
    mid = new_match(api)
    r = api.get(f"/api/v1/matches/{mid}/events", query_string={name: value})
    assert_error(r, 422, "validation")
    assert list(r.json["error"]["fields"]) == [name]
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    for auth in ({"token": TOKEN}, {"viewer": key}):        # the GM's call and a viewer's
        client = app.extensions["socketio"].test_client(app, auth=auth)
        assert client.is_connected()
        ack = client.emit("call", {"method": "GET", "route": f"/api/v1/matches/{mid}/events?"
                                                               + urlencode({name: value})},
                          callback=True)
        assert ack["status"] == 422 and list(ack["body"]["error"]["fields"]) == [name], auth
    assert api.get(f"/api/v1/matches/{mid}/events", query_string={name: "1"}).status_code == 200


def test_an_event_type_that_is_a_list_or_an_object_is_422(api):
    mid = new_match(api)
    for kind in (["goal"], {"a": 1}, 7, None):
        r = api.post(f"/api/v1/matches/{mid}/events", {"type": kind, "team": "a"})
        assert_error(r, 422, "validation")
        assert "type" in r.json["error"]["fields"]


def internals(error: dict) -> list[str]:
    text = json.dumps(error)
    return [bit for bit in ("_schema", ".value", ".key", "Invalid input type", "mapping type")
            if bit in text]


@pytest.mark.parametrize("route, body, field, expected", [
    ("/api/v1/goatball/tipoff", {"teams": [{"id": "a", "players": []}, {"id": "b", "players": []}],
                                 "checks": {"ann": 5}}, "checks.ann", '{"check": n}'),
    ("/api/v1/yaotzin/kick", {"players": [], "ball": 3, "kicker": "k", "target": {"x": 1, "y": 1},
                              "standing": True}, "ball", '{"x": n, "y": n}'),
    ("/api/v1/goatball/pass", {"teams": [{"id": "a", "players": [5]}], "possession": {}},
     "teams.0.players.0", '"platform"'),
    ("/api/v1/matches", {"game": "yaotzin", "teams": [1, {"id": "b"}]}, "teams.0", "object"),
])
def test_errors_say_what_was_expected_not_the_schema_internals(api, route, body, field, expected):
    r = api.post(route, body)
    assert r.status_code == 422
    err = r.json["error"]
    assert internals(err) == [], err
    assert field in err["fields"] and expected in err["fields"][field][0], err
    assert field in err["message"] and expected in err["message"]


def test_the_message_names_every_bad_field(api):
    r = api.post("/api/v1/yaotzin/kick", {"players": [{"id": "a", "x": "q"}], "ball": 3})
    err = r.json["error"]
    assert len(err["fields"]) >= 5
    for field in err["fields"]:
        assert f"{field}: " in err["message"], (field, err["message"])


def test_an_answer_lists_a_bounded_number_of_field_errors(api):
    mid = api.post("/api/v1/matches", RAMS_AND_GOATS).json["id"]
    r = api.post(f"/api/v1/matches/{mid}/events/undo", {"seqs": ["x"] * 20000})
    assert r.status_code == 422
    assert len(r.get_data()) < 20_000
    fields = r.json["error"]["fields"]
    assert len(fields) <= 51 and "20000 bad fields" in r.json["error"]["message"]


# -- a court's sizes: checked in one place, the rules' Court ---------------------------------
KICK = {"players": [{"id": "k", "team": "a", "x": 5, "y": 12}], "kicker": "k",
        "ball": {"x": 5, "y": 12}, "target": {"x": 0, "y": 12}}
COURT_ROUTES = [("/api/v1/yaotzin/kick", KICK),
                ("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}),
                ("/api/v1/yaotzin/charts/aim", {"strengths": [12], "max_ft": 10})]


@pytest.mark.parametrize("route, body", COURT_ROUTES, ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("court, field, problem", [
    ({"width": 2}, "field.width", "a whole number from 3 to 400, got 2"),
    ({"length": 2000, "hoop_x": -1}, "field.length", "a whole number from 4 to 1000, got 2000"),
    ({"end_zone": 0}, "field.end_zone", "a whole number from 1 to 100, got 0"),
    ({"hoop_x": 72}, "field.hoop_x", "a whole number from 0 to 71, got 72"),
    ({"width": 10, "slope": 5}, "field.slope", "leaves no flat floor on a court 10 squares wide"),
])
def test_a_court_the_rules_refuse_is_422_naming_the_field_and_its_range(api, route, body, court,
                                                                          field, problem):
    r = api.post(route, {**body, "field": court})
    message = assert_error(r, 422, "rules")
    assert field in message and problem in message
    assert list(r.json["error"]["fields"]) == [field]


def test_a_court_size_of_the_wrong_type_is_refused_by_the_schema(api):
    r = api.post("/api/v1/yaotzin/kick", {**KICK, "field": {"width": "24", "slope": True}})
    assert_error(r, 422, "validation")
    assert r.json["error"]["fields"] == {"field.width": ["Not a valid integer."],
                                         "field.slope": ["Not a valid integer."]}
