"""Goat-ball's arena: built cheaply, checked by one explicit `validate`, and every arena from
outside input (a route's body, the match log) still goes through it (cheap
construction must not let an unchecked arena in)."""

from dataclasses import replace

import pytest

from companion.rules.errors import IllegalAction, RulesError, UnknownPlayer
from companion.rules.goatball.state import Arena, Player, Possession, Settings, arena_from_dict

RED = (Player("r1", "red", "p1"), Player("r2", "red", "p2", out=True))
BLUE = (Player("b1", "blue", "p7"),)

IMPOSSIBLE = [
    ("one team", dict(teams=("red",), players=RED, possession=None), RulesError, "teams"),
    ("a shared team id", dict(teams=("red", "red"), players=RED, possession=None), RulesError,
     "teams"),
    ("a shared player id", dict(teams=("red", "blue"), players=RED + (Player("r1", "blue", "p9"),),
                                possession=None), RulesError, "players.2"),
    ("zones on, no zone", dict(teams=("red", "blue"), players=RED + BLUE, possession=None,
                               settings=Settings(zones=True)), RulesError, "players.0"),
    ("a team not playing", dict(teams=("red", "blue"), players=RED + BLUE,
                                possession=Possession("green", None)), RulesError,
     "possession.team"),
    ("an unknown carrier", dict(teams=("red", "blue"), players=RED + BLUE,
                                possession=Possession("red", "r9")), UnknownPlayer,
     "possession.carrier"),
    ("a carrier of the other team", dict(teams=("red", "blue"), players=RED + BLUE,
                                         possession=Possession("red", "b1")), IllegalAction,
     "possession.carrier"),
    ("an out carrier", dict(teams=("red", "blue"), players=RED + BLUE,
                            possession=Possession("red", "r2")), IllegalAction,
     "possession.carrier"),
]


@pytest.mark.parametrize("fields, error, where",
                         [case[1:] for case in IMPOSSIBLE], ids=[case[0] for case in IMPOSSIBLE])
def test_an_impossible_arena_is_built_unchecked_and_refused_by_validate(fields, error, where):
    arena = Arena(**fields)          # cheap: the engine's and the simulator's own arenas
    with pytest.raises(error) as refused:
        arena.validate()
    assert refused.value.field == where


def test_a_possible_arena_validates_to_itself():
    arena = Arena(("red", "blue"), RED + BLUE, Possession("red", "r1", ("p1",)))
    assert arena.validate() is arena


def test_an_arena_from_json_is_validated():
    teams = [{"id": "red", "players": [{"id": "r1", "platform": "p1", "out": True}]},
             {"id": "blue", "players": [{"id": "b1", "platform": "p7"}]}]
    with pytest.raises(IllegalAction, match="is out"):
        arena_from_dict({"teams": teams, "possession": {"team": "red", "carrier": "r1"}},
                        Settings())


GOAT = {"teams": [{"id": "red", "players": [{"id": "r1", "platform": "p1", "out": True},
                                            {"id": "r2", "platform": "p2"}]},
                  {"id": "blue", "players": [{"id": "b1", "platform": "p7"}]}]}


def test_the_pass_route_refuses_an_out_carrier(api):
    r = api.post("/api/v1/goatball/pass", {
        **GOAT, "possession": {"team": "red", "carrier": "r1", "visited": ["p1"], "hot": False},
        "actions": [{"player": "r1", "action": "throw", "check": 12}],
        "throw": {"kind": "pass", "target": "r2"}})
    assert r.status_code == 422, r.json
    assert "possession.carrier" in r.json["error"]["fields"]


def test_a_match_event_that_would_leave_an_impossible_arena_is_refused_unapplied(api):
    made = api.post("/api/v1/matches", {"game": "goatball", "settings": {"zones": True},
                                        "teams": [
        {"id": "red", "players": [{"id": "r1", "platform": "p1", "zone": "A"}]},
        {"id": "blue", "players": [{"id": "b1", "platform": "p7", "zone": "B"}]}]})
    assert made.status_code == 201, made.json
    url = f"/api/v1/matches/{made.json['id']}/events"
    r = api.post(url, {"type": "player", "team": "blue", "player": {"id": "b2",
                                                                     "platform": "p8"}})
    assert r.status_code == 422 and "players.2" in r.json["error"]["fields"], r.json
    r = api.post(url, {"type": "status", "player": "r1", "out": True})
    assert r.status_code == 201, r.json
    r = api.post(url, {"type": "possession", "team": "red", "carrier": "r1"})
    assert r.status_code == 422 and "possession.carrier" in r.json["error"]["fields"], r.json
    shown = api.get(f"/api/v1/matches/{made.json['id']}").json
    assert shown["possession"] is None and len(shown["teams"][1]["players"]) == 1


def test_a_players_written_out_equality_and_hash_are_the_dataclasss():
    """Player writes out `__eq__` and `__hash__` (the compiled build's speed): every field but
    `standing` compared, and the hash of those fields in order, as @dataclass's would be."""
    from dataclasses import fields

    a = Player("a", "red", "p1", zone="z1", name="Ann")
    compared = tuple(getattr(a, f.name) for f in fields(a) if f.compare)
    assert hash(a) == hash(compared) == hash(Player("a", "red", "p1", zone="z1", name="Ann"))
    assert a == Player("a", "red", "p1", zone="z1", name="Ann")
    for change in ({"id": "b"}, {"team": "blue"}, {"platform": "p2"}, {"zone": "z2"},
                   {"out": True}, {"dead": True}, {"name": None}):
        assert a != replace(a, **change)
    assert a != "a" and a.__eq__("a") is NotImplemented
