"""Display names (of matches, teams and players): control characters and bidi overrides
refused on every route that takes one, plain Unicode welcome."""

from __future__ import annotations

import json

import pytest

from tests.fixtures_for_module import GOAT
from tests.server.helpers import assert_error, named_yaotzin_match, new_match
from tests.server.test_api import KICK

# -- names that would break the report or the terminal ---------------------------------------
BAD_NAMES = ["\x1b]0;owned\x07\x1b[2J", "line\nbreak", "tab\there", "nul\x00", "del\x7f",
             "c1\x9b2J", "evil\u202egnp.exe", "isolate\u2067x\u2069", "para\u2029graph"]


def goat_pass(name: str) -> dict:
    body = json.loads(json.dumps(GOAT))
    body["teams"][0]["players"][0]["name"] = name
    return body


def kick(name: str) -> dict:
    body = json.loads(json.dumps(KICK))
    body["players"][0]["name"] = name
    return body


@pytest.mark.parametrize("name", BAD_NAMES, ids=lambda v: ascii(v)[1:14])
def test_a_name_with_a_control_character_or_a_bidi_override_is_refused(api, name):
    mid = new_match(api)
    cases = [("/api/v1/matches", named_yaotzin_match(name), "teams.0.name"),
             ("/api/v1/matches", {**named_yaotzin_match("A"), "name": name}, "name"),
             ("/api/v1/goatball/pass", goat_pass(name), "teams.0.players.0.name"),
             ("/api/v1/yaotzin/kick", kick(name), "players.0.name"),
             (f"/api/v1/matches/{mid}/viewers", {"label": name}, "label")]
    for path, body, field in cases:
        r = api.post(path, body)
        message = assert_error(r, 422, "validation")
        assert field in r.json["error"]["fields"], (path, r.json)
        assert f"U+{ord(next(c for c in name if c in BAD_CHARS)):04X}" in message
    assert [m["id"] for m in api.get("/api/v1/matches").json["matches"]] == [mid]


BAD_CHARS = {c for n in BAD_NAMES for c in n if not c.isalnum() and c not in ".;[]"}


def test_plain_unicode_names_are_still_welcome(api):
    for name in ("Ixpoetchitl", "Йолтеотль", "Nochtli ☀", "مرحبا", "a|b #1 [x] <y>"):
        assert api.post("/api/v1/matches", named_yaotzin_match(name)).status_code == 201, name
