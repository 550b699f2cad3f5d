"""Goat-ball's autopilot (companion/tactics/goatball.py): its declarations are legal, the fall
risk it takes depends on what a fall costs, and after a tie it names one of the tied."""

from __future__ import annotations

import pytest

from companion.rules.errors import RulesError
from companion.rules.goatball.match import pass_inputs
from companion.rules.goatball.passes import validate
from companion.rules.goatball.state import Settings, arena_from_dict
from companion.tactics.goatball import (
    FALL_RISK,
    LETHAL_FALL_RISK,
    PRESETS,
    Skills,
    fall_chance,
    presets_for,
    suggest,
)
from tests.rules.goatball.test_engine import TEAMS


def arena(settings=None, out=(), carrier="r1", team="red"):
    teams = [{**t, "players": [{**p, "out": p["id"] in out} for p in t["players"]]}
             for t in TEAMS]
    pos = {"team": team, "carrier": carrier, "visited": ["p1"] if carrier else [], "hot": False}
    return arena_from_dict({"teams": teams, "possession": pos}, Settings.from_dict(settings))


def skills(**bonus):
    """Everyone +4/+4 unless named: player=(athletics, acrobatics)."""
    ids = [p["id"] for t in TEAMS for p in t["players"]]
    return {pid: Skills(*bonus.get(pid, (4, 4))) for pid in ids}


def declarations(a, sk, tactics="single-chaser", **kw):
    return {d["player"]: d for d in
            suggest(a, sk, presets_for(tactics, list(a.teams)), **kw)["declarations"]}


def check_legal(a, decls, sk):
    """The declarations as the pass route reads them, each check rolled with its bonus."""
    body = {"actions": list(decls.values())}
    bonuses = {pid: {"athletics": s.athletics, "acrobatics": s.acrobatics}
               for pid, s in sk.items()}
    actions, throw = pass_inputs(body, a, bonuses)
    validate(a, actions, throw)


@pytest.mark.parametrize("tactics", sorted(PRESETS))
def test_a_lone_carrier_without_zones_never_throws_to_nobody(tactics):
    """The audit: 17 of 42 such states got a throw with no target, which the route refuses."""
    a = arena(out=("r2", "r3"))
    sk = skills(b2=(0, -1))
    decls = declarations(a, sk, tactics)
    mine = decls["r1"]
    assert mine["action"] == "knock_off" and mine["target"] == "b2"     # who resists worst
    assert mine["skill"] == "athletics" and "nobody to throw to" in mine["reason"]
    check_legal(a, decls, sk)


def test_a_lone_carrier_with_zones_blocks():
    teams = [{**t, "players": [{**p, "zone": "A", "out": p["id"] in ("r2", "r3")}
                               for p in t["players"]]} for t in TEAMS]
    a = arena_from_dict({"teams": teams, "possession": {"team": "red", "carrier": "r1"}},
                        Settings.from_dict({"zones": True}))
    decls = declarations(a, skills())
    assert decls["r1"]["action"] == "block" and decls["r1"]["skill"] == "athletics"
    check_legal(a, decls, skills())


def test_the_fall_risk_a_player_takes_depends_on_what_a_fall_costs():
    """A +1 player falls 15% of the time: he intercepts when a fall only puts him out, never
    when a fall is death (bloodball_lethal)."""
    assert fall_chance(1, False) == pytest.approx(0.15)
    assert LETHAL_FALL_RISK < fall_chance(1, False) <= FALL_RISK
    assert fall_chance(3, False) <= LETHAL_FALL_RISK
    sk = skills(b3=(1, 0))
    plain = declarations(arena(), sk)
    assert plain["b3"]["action"] == "intercept"
    # bloodball's spear wounds only a hot throw's victim: a fall costs what it always costs
    assert declarations(arena({"bloodball": True}), sk)["b3"]["action"] == "intercept"
    deadly = declarations(arena({"bloodball": True, "bloodball_lethal": True}), sk)
    assert deadly["b3"]["action"] != "intercept"
    assert "a fall is death" in deadly["b3"]["reason"]
    # a +3 player falls only on a natural 1 (5%): he still intercepts when a fall is death
    sk = skills(b3=(3, 0))
    assert declarations(arena({"bloodball": True, "bloodball_lethal": True}),
                        sk)["b3"]["action"] == "intercept"


def test_after_a_tie_the_suggested_carrier_is_one_of_the_tied():
    a = arena(carrier=None, team="blue")
    sk = skills(b1=(9, 9), b2=(1, 2), b3=(3, 0))
    assert suggest(a, sk, presets_for(None, ["red", "blue"]))["carrier"]["player"] == "b1"
    tied = suggest(a, sk, presets_for(None, ["red", "blue"]), choose_from=["b2", "b3"])
    assert tied["carrier"]["player"] == "b3"
    for bad, field in ((["r1"], "choose_from.0"), (["b2", "nobody"], "choose_from.1")):
        with pytest.raises(RulesError) as refused:
            suggest(a, sk, presets_for(None, ["red", "blue"]), choose_from=bad)
        assert refused.value.field == field
    with pytest.raises(RulesError, match="already has its carrier") as refused:
        suggest(arena(), sk, presets_for(None, ["red", "blue"]), choose_from=["r2"])
    assert refused.value.field == "choose_from"
