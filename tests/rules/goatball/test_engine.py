"""Goat-ball: golden passes, quick resolution, tip-off, the match fold (its carrier after a tie,
its stored events replayed as accepted), and properties."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.dice import Dice
from companion.rules.errors import MatchOver, RulesError
from companion.rules.goatball.match import (
    actions_from,
    apply_event,
    arena_of,
    new_match,
    throw_from,
)
from companion.rules.goatball.passes import Check, play_pass, resolve_pass
from companion.rules.goatball.quick import resolve_quick
from companion.rules.goatball.results import PassResult
from companion.rules.goatball.state import Settings, arena_from_dict
from companion.rules.goatball.tipoff import resolve_tipoff
from tests.helpers import GOLDEN, assert_subset, expect_or_refuse, golden

TEAMS = [{"id": "red", "players": [{"id": "r1", "platform": "p1"}, {"id": "r2", "platform": "p2"},
                                   {"id": "r3", "platform": "p3"}]},
         {"id": "blue", "players": [{"id": "b1", "platform": "p7"}, {"id": "b2", "platform": "p8"},
                                    {"id": "b3", "platform": "p9"}]}]

PASSES = json.loads((GOLDEN / "goatball/passes.json").read_text())
DEFAULTS = PASSES["defaults"]


def arena_for(case: dict):
    teams = copy.deepcopy(case.get("teams", DEFAULTS["teams"]))
    for team in teams:
        for p in team["players"]:
            p.update(case.get("teams_patch", {}).get(p["id"], {}))
    possession = case.get("possession", DEFAULTS["possession"])
    return arena_from_dict({"teams": teams, "possession": possession,
                            "eliminated": case.get("eliminated")},
                           Settings.from_dict(case.get("settings")))


@pytest.mark.parametrize("case", PASSES["cases"], ids=[c["name"] for c in PASSES["cases"]])
def test_pass(case):
    def run():
        return resolve_pass(arena_for(case), actions_from(case["actions"]),
                            throw_from(case.get("throw")),
                            Dice(case.get("rolls"), seed=1)).as_dict()

    expect_or_refuse(case, run)


@pytest.mark.parametrize("case", [c for c in PASSES["cases"] if "error" not in c],
                         ids=[c["name"] for c in PASSES["cases"] if "error" not in c])
def test_the_table_and_the_simulator_read_one_typed_result(case):
    """`play_pass` (the simulator's, for declarations already validated) answers the very
    `PassResult` that `resolve_pass` (the table's) does, to the byte of its JSON."""
    def run(resolve):
        return resolve(arena_for(case), actions_from(case["actions"]),
                       throw_from(case.get("throw")), Dice(case.get("rolls"), seed=1))

    table, simulator = run(resolve_pass), run(play_pass)
    assert isinstance(table, PassResult) and isinstance(simulator, PassResult)
    assert json.dumps(simulator.as_dict()) == json.dumps(table.as_dict())


QUICK = golden("goatball/quick.json")


@pytest.mark.parametrize("case", QUICK, ids=[json.dumps(c["teams"]) for c in QUICK])
def test_quick(case):
    assert_subset(case["expect"], resolve_quick(case["teams"]).as_dict())


# -- tip-off --------------------------------------------------------------------------------
def default_arena():
    return arena_from_dict({"teams": DEFAULTS["teams"]}, Settings())


def tipoff(arena, checks, dice):
    """The tip-off's answer as the table reads it, and the arena after it."""
    result = resolve_tipoff(arena, checks, dice)
    return result.as_dict(), result.arena


def test_tipoff_highest_takes_the_ball():
    result, arena = tipoff(default_arena(), {"r1": Check(12), "b1": Check(15)}, Dice())
    assert result["possession"] == {"team": "blue", "carrier": "b1", "visited": ["p7"],
                                    "hot": False}
    assert arena.possession.carrier == "b1"


def test_tipoff_tie_across_teams_asks_the_tied_to_roll_again():
    result, arena = tipoff(default_arena(),
                           {"r1": Check(15), "b1": Check(15), "b2": Check(3)}, Dice())
    assert result["reroll"] == ["r1", "b1"] and arena.possession is None


def test_tipoff_tie_across_teams_rerolls_only_the_tied_when_we_roll():
    checks = {"r1": Check(modifier=2), "b1": Check(modifier=2), "b2": Check(modifier=0)}
    dice = Dice({"r1.tipoff": 13, "b1.tipoff": 13, "b2.tipoff": 14,
                 "r1.tipoff#2": 4, "b1.tipoff#2": 9})
    result, _ = tipoff(default_arena(), checks, dice)
    assert result["rounds"] == [{"r1": 15, "b1": 15, "b2": 14}, {"r1": 6, "b1": 11}]
    assert result["possession"]["carrier"] == "b1"


def test_tipoff_tie_inside_a_team_lets_it_choose():
    result, _ = tipoff(default_arena(), {"r1": Check(15), "r2": Check(15),
                                         "b1": Check(10)}, Dice())
    assert result["possession"]["team"] == "red" and result["possession"]["carrier"] is None
    assert result["choose_from"] == ["r1", "r2"]


def test_naming_a_carrier_has_one_check_for_the_table_and_the_simulator():
    """Arena.with_carrier: the carrier event's checks, which the balance simulator calls
    too (one rule for both): a standing player of the team waiting, after a tie one of the tied."""
    from dataclasses import replace

    from companion.rules.errors import IllegalAction
    from companion.rules.goatball.state import Possession

    arena = default_arena()
    waiting = replace(arena, possession=Possession("red", None))
    named = waiting.with_carrier("r2")
    assert named.possession == Possession("red", "r2", ("p2",), False)
    assert named.players is waiting.players and named.settings is waiting.settings
    with pytest.raises(IllegalAction, match="no team is waiting"):
        named.with_carrier("r1")
    with pytest.raises(IllegalAction, match="cannot carry for red"):
        waiting.with_carrier("b1")
    with pytest.raises(IllegalAction, match="tied: its carrier is one of r1, r3"):
        waiting.with_carrier("r2", ["r1", "r3"])
    assert waiting.with_carrier("r2", ["r1", "r3"], stored=True).possession.carrier == "r2"
    out = waiting.with_players({"r1": replace(waiting.player("r1"), out=True)})
    with pytest.raises(IllegalAction, match="cannot carry for red"):
        out.with_carrier("r1")


# -- the match fold ---------------------------------------------------------------------------
def test_a_match_runs_tipoff_carrier_and_passes_and_ends():
    teams = [{"id": "red", "players": [{"id": "r1", "platform": "p1"}]},
             {"id": "blue", "players": [{"id": "b1", "platform": "p2"},
                                        {"id": "b2", "platform": "p3"}]}]
    state = new_match(teams, Settings())
    state, _ = apply_event(state, {"type": "tipoff", "checks": {"b1": {"check": 14},
                                                                "b2": {"check": 14},
                                                                "r1": {"check": 9}}}, Dice())
    assert state["possession"]["carrier"] is None
    with pytest.raises(RulesError):
        apply_event(state, {"type": "carrier", "player": "r1"}, Dice())
    state, _ = apply_event(state, {"type": "carrier", "player": "b2"}, Dice())
    assert state["possession"] == {"team": "blue", "carrier": "b2", "visited": ["p3"],
                                   "hot": False}
    state, result = apply_event(state, {
        "type": "pass", "throw": {"kind": "pass", "target": "b1"},
        "actions": [{"player": "b2", "action": "throw", "check": 10},
                    {"player": "r1", "action": "intercept", "check": 3}]}, Dice())
    assert result["winner"] == "blue" and state["status"] == "over" and state["passes"] == 1
    with pytest.raises(MatchOver):
        apply_event(state, {"type": "note"}, Dice())


# -- properties -------------------------------------------------------------------------------
checks = st.integers(1, 25)


@st.composite
def passes(draw):
    n_red, n_blue = draw(st.integers(2, 6)), draw(st.integers(1, 6))
    red = [{"id": f"r{i}", "platform": f"p{i}", "out": i > 1 and draw(st.booleans())}
           for i in range(1, n_red + 1)]
    blue = [{"id": f"b{i}", "platform": f"q{i}", "out": draw(st.booleans())}
            for i in range(1, n_blue + 1)]
    if all(p["out"] for p in blue):
        blue[0]["out"] = False
    arena = arena_from_dict({"teams": [{"id": "red", "players": red},
                                       {"id": "blue", "players": blue}],
                             "possession": {"team": "red", "carrier": "r1", "visited": ["p1"],
                                            "hot": draw(st.booleans())}}, Settings())
    standing = [p for p in arena.players if p.standing]
    actions = [{"player": "r1", "action": "throw", "check": draw(checks)}]
    for p in standing[1:]:
        kind = draw(st.sampled_from(["none", "throw", "intercept", "knock_off"]))
        if kind == "throw" and p.team == "red" or kind == "intercept" and p.team == "blue":
            actions.append({"player": p.id, "action": kind, "check": draw(checks)})
        elif kind == "knock_off":
            foes = [q for q in standing if q.team != p.team]
            if foes:
                actions.append({"player": p.id, "action": "knock_off", "check": draw(checks),
                                "defense": draw(checks),
                                "target": draw(st.sampled_from(foes)).id})
    mates = [p for p in standing if p.team == "red" and p.id != "r1"]
    foes = [p for p in standing if p.team == "blue"]
    if arena.possession.hot and foes and draw(st.booleans()):
        throw = {"kind": "hot", "target": draw(st.sampled_from(foes)).id,
                 "carrier_check": draw(checks), "target_check": draw(checks)}
    elif mates:
        throw = {"kind": "pass", "target": draw(st.sampled_from(mates)).id}
    else:
        throw = None
        actions = actions[1:]
    return arena, actions, throw


@settings(max_examples=300, deadline=None)
@given(passes())
def test_pass_properties(example):
    arena, actions, throw = example
    resolved = resolve_pass(arena, actions_from(actions), throw_from(throw), Dice(seed=0))
    result, after = resolved.as_dict(), resolved.arena
    made = result["checks"]
    # totals are the sums of the margins of those who stayed up
    assert result["throw_total"] == sum(c["margin"] for c in made if c["action"] == "throw")
    assert result["intercept_total"] == sum(c["margin"] for c in made
                                            if c["action"] == "intercept")
    assert all(c["margin"] == 0 for c in made if c["fell"])
    # nobody out acted
    out_before = {p.id for p in arena.players if not p.standing}
    assert not out_before & {c["player"] for c in made}
    assert not out_before & {k["player"] for k in result["knock_offs"] if k["happened"]}
    # possession belongs to a team with someone standing, unless the match is over
    if result["winner"] is None:
        holder = after.possession.team
        assert any(p.standing for p in after.team_players(holder))
        if after.possession.carrier:
            assert after.player(after.possession.carrier).standing


def test_new_match_state_round_trips():
    teams = [{"id": "red", "players": [{"id": "r1", "platform": "p1"}]},
             {"id": "blue", "players": [{"id": "b1", "platform": "p2"}]}]
    state = new_match(teams, Settings(zones=False))
    assert arena_of(state).as_dict()["teams"] == state["teams"]


def test_flight_may_not_be_allowed_and_the_match_may_mark_more_names_as_flight():
    for name in ("Levitate", "gaseous form", "Wind Walk", "Fly", "Aarakocra Flight"):
        with pytest.raises(RulesError, match="flight is refused"):
            Settings.from_dict({"magic": True, "allowed_magic": [name]})
    with pytest.raises(RulesError, match="flight is refused"):
        Settings.from_dict({"magic": True, "allowed_magic": ["Broom Ride"],
                            "flight_magic": ["broom ride"]})
    s = Settings.from_dict({"magic": True, "allowed_magic": ["Jump", "Misty Step"],
                            "flight_magic": ["Broom Ride"]})
    assert s.as_dict()["flight_magic"] == ["Broom Ride"]
    assert s.is_flight("BROOM-RIDE") and not s.is_flight("jump")
    with pytest.raises(RulesError) as bad:
        Settings.from_dict({"flight_magic": [""]})
    assert bad.value.field == "settings.flight_magic"


# -- tip-off ties remembered, Acrobatics only; sealed slips ----------------------------------
def test_the_tipoff_is_dex_acrobatics_only():
    with pytest.raises(RulesError, match="Acrobatics"):
        resolve_tipoff(default_arena(), {"r1": Check(12, skill="athletics"), "b1": Check(9)},
                       Dice())
    result, _ = tipoff(default_arena(), {"r1": Check(12, skill="acrobatics"),
                                         "b1": Check(9)}, Dice())
    assert result["possession"]["carrier"] == "r1"


def test_a_match_remembers_a_tipoff_tie_and_takes_only_the_tied_players_next():
    state = new_match(DEFAULTS["teams"], Settings())
    state, result = apply_event(state, {"type": "tipoff", "checks": {
        "r1": {"check": 15}, "b1": {"check": 15, "advantage": True}, "b2": {"check": 3}}}, Dice())
    assert result["reroll"] == ["r1", "b1"] and state["possession"] is None
    assert state["tipoff_reroll"]["players"] == ["r1", "b1"]
    for wrong in ({"r1": {"check": 9}}, {"r1": {"check": 9}, "b1": {"check": 4},
                                         "b2": {"check": 20}}):
        with pytest.raises(RulesError, match="only r1, b1 roll again"):
            apply_event(state, {"type": "tipoff", "checks": wrong}, Dice())
    # the re-roll keeps b1's advantage from the first roll when the companion rolls
    again, result = apply_event(state, {"type": "tipoff", "checks": {
        "r1": {"modifier": 0}, "b1": {"modifier": 0}}}, Dice({"r1.tipoff": 12,
                                                             "b1.tipoff": [4, 18]}))
    assert result["possession"]["carrier"] == "b1" and again["tipoff_reroll"] is None


@pytest.mark.parametrize("name", ["Ascendant Step", "Wind Soul", "Avenging Angel",
                                  "Draconic Wings", "Investiture of Wind", "Steps of Night",
                                  "Wings Unfurled", "Mingle with the Wind", "Revelation in Flesh",
                                  "Tempestuous Magic", "Aarakocra Flight"])
def test_5e_flight_and_levitation_sources_are_refused(name):
    with pytest.raises(RulesError, match="flight is refused"):
        Settings.from_dict({"magic": True, "allowed_magic": [name]})


def test_allowed_magic_is_judged_by_what_it_does():
    with pytest.raises(RulesError, match="flight is refused") as marked:
        Settings.from_dict({"magic": True, "allowed_magic": [
            "Jump", {"name": "Sky Step", "grants_flight": True}]})
    assert marked.value.field == "settings.allowed_magic.1"
    for description in ("You gain a flying speed of 30 feet for 1 minute.",
                        "The target rises vertically and levitates in place."):
        with pytest.raises(RulesError, match="flying speed or levitation"):
            Settings.from_dict({"magic": True, "allowed_magic": [
                {"name": "Cloud Dancer's Gift", "description": description}]})
    s = Settings.from_dict({"magic": True, "allowed_magic": [
        {"name": "Stone Skin", "grants_flight": False, "description": "Your skin hardens."}]})
    assert s.allowed_magic == ("Stone Skin",)
    # the GM's flight_magic is the final word, whatever the entry says of itself
    with pytest.raises(RulesError, match="flight is refused"):
        Settings.from_dict({"magic": True, "flight_magic": ["Stone Skin"], "allowed_magic": [
            {"name": "Stone Skin", "grants_flight": False}]})


def test_a_match_infers_an_all_out_team_has_lost_and_never_brings_it_back():
    teams = [{"id": "red", "players": [{"id": "r1", "platform": "p1"},
                                       {"id": "r2", "platform": "p2"}]},
             {"id": "blue", "players": [{"id": "b1", "platform": "p7"}]},
             {"id": "green", "players": [{"id": "g1", "platform": "p9"}]}]
    state = new_match(teams, Settings())
    state, _ = apply_event(state, {"type": "possession", "team": "red", "carrier": "r1"}, Dice())
    state, _ = apply_event(state, {"type": "status", "player": "g1", "out": True}, Dice())
    state, result = apply_event(state, {
        "type": "pass", "throw": {"kind": "pass", "target": "r2"},
        "actions": [{"player": "r1", "action": "throw", "check": 7},
                    {"player": "b1", "action": "intercept", "check": 12}]}, Dice())
    assert result["outcome"] == "intercepted" and result["returned"] == []
    assert state["eliminated"] == ["green"]
    assert next(p for t in state["teams"] for p in t["players"] if p["id"] == "g1")["out"]


def test_a_match_names_its_carrier_among_the_tied_players_only():
    # a tip-off tie inside blue: blue chooses b1 or b2, not b3
    state = new_match(TEAMS, Settings())
    state, result = apply_event(state, {"type": "tipoff", "checks": {
        "b1": {"check": 15}, "b2": {"check": 15}, "b3": {"check": 4}, "r1": {"check": 9}}},
        Dice())
    assert result["choose_from"] == ["b1", "b2"] and state["choose_from"] == ["b1", "b2"]
    with pytest.raises(RulesError, match="one of b1, b2, not b3") as refused:
        apply_event(state, {"type": "carrier", "player": "b3"}, Dice())
    assert refused.value.field == "player"
    named, _ = apply_event(state, {"type": "carrier", "player": "b2"}, Dice())
    assert named["possession"]["carrier"] == "b2" and named["choose_from"] is None
    # interceptors tied for the highest check: red chooses r2 or r3
    state, result = apply_event(named, {"type": "pass", "actions": [
        {"player": "b2", "action": "throw", "check": 6},
        {"player": "r2", "action": "intercept", "check": 12},
        {"player": "r3", "action": "intercept", "check": 12},
        {"player": "r1", "action": "intercept", "check": 8}],
        "throw": {"kind": "pass", "target": "b1"}}, Dice())
    assert result["outcome"] == "intercepted" and state["choose_from"] == ["r2", "r3"]
    with pytest.raises(RulesError, match="one of r2, r3, not r1"):
        apply_event(state, {"type": "carrier", "player": "r1"}, Dice())
    assert apply_event(state, {"type": "carrier", "player": "r3"},
                       Dice())[0]["possession"]["carrier"] == "r3"
    # the GM's own possession event sets the ball aside from any tie
    state, _ = apply_event(state, {"type": "possession", "team": "blue"}, Dice())
    assert state["choose_from"] is None
    assert apply_event(state, {"type": "carrier", "player": "b3"},
                       Dice())[0]["possession"]["carrier"] == "b3"


def test_a_stored_event_replays_as_it_was_accepted():
    """A log an older companion wrote (a plain total against a Defend, a lost team's player
    knocked off, a carrier who was not among the tied) still folds on undo and in the report:
    only a new event meets the refusals added since."""
    state = new_match(TEAMS, Settings())
    state, _ = apply_event(state, {"type": "tipoff", "checks": {
        "b1": {"check": 15}, "b2": {"check": 15}, "r1": {"check": 9}}}, Dice())
    carrier = {"type": "carrier", "player": "b3"}
    with pytest.raises(RulesError, match="one of b1, b2"):
        apply_event(state, carrier, Dice())
    state, _ = apply_event(state, carrier, Dice(strict=False))
    assert state["possession"]["carrier"] == "b3"
    defended = {"type": "pass", "throw": {"kind": "pass", "target": "b1"}, "actions": [
        {"player": "r1", "action": "knock_off", "target": "b1", "check": 12, "defense": 9},
        {"player": "b2", "action": "defend", "target": "b1"},
        {"player": "b3", "action": "throw", "check": 14}]}
    with pytest.raises(RulesError, match="a Defend names b1"):
        apply_event(state, defended, Dice())
    after, result = apply_event(state, defended, Dice(strict=False))
    assert result["knock_offs"][0]["success"] and result["outcome"] == "turnover"
