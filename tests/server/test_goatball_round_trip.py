"""The autopilot's suggestions are legal, and a /goatball/suggest answer is a /goatball/pass
body as it stands (docs/api.md: the GM's second pair of hands), over fuzzed states:
lone carriers, lost teams, three teams, zones, hot balls, deadly falls."""

from __future__ import annotations

import random

import pytest

from companion.tactics import PRESETS
from companion.tactics.goatball import FALL_RISK, LETHAL_FALL_RISK, fall_chance

STATES = 2000         # through the rules and the schemas, as the routes run them
HTTP_STATES = 150     # of those, through the HTTP routes themselves


def fuzzed_state(seed: int) -> dict:
    """A random table: 2-3 teams of 1-5 players, some out (a whole team at times, or every
    teammate of the carrier), zones on or off, a hot ball or not, bloodball (lethal or not)."""
    rng = random.Random(seed)
    n_teams = rng.choice((2, 2, 2, 3))
    zoned = rng.random() < 0.5
    zones = [f"z{i}" for i in range(rng.randint(2, 4))]
    links = None
    if zoned and rng.random() < 0.6:         # a strip: each zone borders the next
        links = {z: [zones[i + 1]] for i, z in enumerate(zones[:-1])}
    teams = []
    for t in range(n_teams):
        players = []
        for i in range(rng.randint(1, 5)):
            p = {"id": f"t{t}p{i}", "platform": f"pl{rng.randint(0, 11)}",
                 "athletics": rng.randint(-3, 7), "acrobatics": rng.randint(-3, 7),
                 "out": rng.random() < 0.25}
            if zoned:
                p["zone"] = rng.choice(zones)
            players.append(p)
        teams.append({"id": f"team{t}", "players": players})
    carrier = teams[0]["players"][0]
    carrier["out"] = False
    if rng.random() < 0.3:                   # a lone carrier: every teammate out
        for p in teams[0]["players"][1:]:
            p["out"] = True
    eliminated = []
    for t in teams[1:]:
        if rng.random() < 0.15:              # a lost team: named, or only all out
            for p in t["players"]:
                p["out"] = rng.random() < 0.5
            if rng.random() < 0.5 or all(p["out"] for p in t["players"]):
                eliminated.append(t["id"])
            else:
                for p in t["players"]:
                    p["out"] = True
    opponents_up = [p for t in teams[1:] if t["id"] not in eliminated
                    for p in t["players"] if not p["out"]]
    if not opponents_up:                     # the match would be over: keep one opponent up
        t = teams[-1]
        if t["id"] in eliminated:
            eliminated.remove(t["id"])
        t["players"][0]["out"] = False
    hot = rng.random() < 0.4
    visited = [carrier["platform"]] + (["v1", "v2", "v3"] if hot else [])
    settings = {"zones": zoned}
    if links is not None:
        settings["zone_links"] = links
    fall = rng.random()
    if fall < 0.4:
        settings.update(bloodball=True, bloodball_lethal=fall < 0.2)
    tactics = rng.choice([None, *PRESETS, list(rng.sample(sorted(PRESETS), 1))])
    body = {"teams": teams, "possession": {"team": "team0", "carrier": carrier["id"],
                                           "visited": visited, "hot": hot},
            "settings": settings, "seed": seed}
    if eliminated:
        body["eliminated"] = eliminated
    if tactics is not None:
        body["tactics"] = tactics
    return body


def as_pass_body(state: dict, answer: dict) -> dict:
    """The suggestion posted as it stands: the same teams, the declarations as actions."""
    body = {k: v for k, v in state.items() if k not in ("tactics",)}
    return {**body, "actions": answer["declarations"], "seed": state["seed"] + 1}


def load(schema, body):
    from companion.server.schemas import goatball as schemas
    return getattr(schemas, schema)().load(body)


def suggest_and_pass(state: dict) -> tuple[dict, dict]:
    """What the two routes do, without Flask: the schema, then the rules."""
    from companion.rules.dice import Dice
    from companion.rules.goatball.match import pass_inputs
    from companion.rules.goatball.passes import resolve_pass
    from companion.server.api.goatball import arena_of, bonuses_of
    from companion.tactics.goatball import Skills, presets_for, suggest

    s = load("SuggestSchema", state)
    arena = arena_of(s)
    skills = {p["id"]: Skills(p["athletics"], p["acrobatics"])
              for t in s["teams"] for p in t["players"]}
    answer = suggest(arena, skills, presets_for(s["tactics"], list(arena.teams)),
                     s["players"], s["choose_from"])
    b = load("PassSchema", as_pass_body(state, answer))
    pass_arena = arena_of(b)
    actions, throw = pass_inputs(b, pass_arena, bonuses_of(b["teams"]))
    result = resolve_pass(pass_arena, actions, throw, Dice(b.get("rolls"), b["seed"]))
    return answer, result.as_dict()


def test_every_suggestion_on_thousands_of_fuzzed_states_is_a_pass_the_route_accepts():
    lone = lost = lethal = 0
    for seed in range(STATES):
        state = fuzzed_state(seed)
        answer, result = suggest_and_pass(state)       # any refusal raises: a failure
        decls = answer["declarations"]
        standing = {p["id"] for t in state["teams"] if t["id"] not in state.get("eliminated", ())
                    for p in t["players"] if not p["out"]}
        assert sorted(d["player"] for d in decls) == sorted(standing), seed
        for d in decls:
            # the skill is named wherever the action rolls one; a Defend rolls nothing
            assert d["skill"] == ("athletics" if d["action"] in ("knock_off", "block")
                                  else None if d["action"] == "defend" else d["skill"]), d
            assert d["action"] == "defend" or d["skill"] in ("athletics", "acrobatics"), d
        # the fall risk a joiner takes depends on what a fall costs (bloodball_lethal: death)
        limit = LETHAL_FALL_RISK if state["settings"].get("bloodball_lethal") else FALL_RISK
        by_id = {p["id"]: p for t in state["teams"] for p in t["players"]}
        carrier = by_id[state["possession"]["carrier"]]
        for d in decls:
            if d["action"] in ("throw", "intercept") and d["player"] != carrier["id"] \
                    and "anyway" not in d["reason"]:
                p = by_id[d["player"]]
                zone_edge = state["settings"]["zones"] and p["zone"] == carrier["zone"]
                assert fall_chance(max(p["athletics"], p["acrobatics"]), zone_edge) <= limit, d
        mates = [p for p in state["teams"][0]["players"][1:] if not p["out"]]
        lone += not mates
        lost += bool(result["eliminated"])
        lethal += state["settings"].get("bloodball_lethal", False)
    # the fuzz reaches the states the audit found wanting
    assert lone > 300 and lost > 100 and lethal > 200


def test_a_suggest_answer_posts_to_the_pass_route_as_it_stands(api):
    for seed in range(0, STATES, STATES // HTTP_STATES):
        state = fuzzed_state(seed)
        r = api.post("/api/v1/goatball/suggest", state)
        assert r.status_code == 200, (seed, r.json)
        passed = api.post("/api/v1/goatball/pass", as_pass_body(state, r.json))
        assert passed.status_code == 200, (seed, passed.json)


TIED = {"teams": [{"id": "red", "players": [
    {"id": "r1", "platform": "p1", "athletics": 9, "acrobatics": 9},
    {"id": "r2", "platform": "p2", "athletics": 1, "acrobatics": 2},
    {"id": "r3", "platform": "p3", "athletics": 3, "acrobatics": 0}]},
    {"id": "blue", "players": [{"id": "b1", "platform": "p7", "athletics": 2, "acrobatics": 2}]}],
    "possession": {"team": "red", "carrier": None}}


def test_suggest_takes_choose_from_after_a_tie(api):
    assert api.post("/api/v1/goatball/suggest", TIED).json["carrier"]["player"] == "r1"
    r = api.post("/api/v1/goatball/suggest", {**TIED, "choose_from": ["r2", "r3"]})
    assert r.status_code == 200 and r.json["carrier"]["player"] == "r3"
    r = api.post("/api/v1/goatball/suggest", {**TIED, "choose_from": ["b1"]})
    assert r.status_code == 422 and "choose_from.0" in r.json["error"]["fields"]
    r = api.post("/api/v1/goatball/suggest", {**TIED, "choose_from": []})
    assert r.status_code == 422 and "choose_from" in r.json["error"]["fields"]


HOT = {"teams": TIED["teams"], "settings": {},
       "possession": {"team": "red", "carrier": "r1", "visited": ["p1", "p2", "p3", "p4"],
                      "hot": True}, "seed": 5}


def test_the_pass_route_takes_the_throw_from_the_carriers_declaration(api):
    actions = [{"player": "r1", "action": "throw", "target": "b1", "kind": "hot",
                "skill": "athletics", "reason": "the worst dodger"},
               {"player": "r2", "action": "defend", "target": "r1", "skill": None,
                "reason": "guards"},
               {"player": "r3", "action": "throw", "skill": "athletics", "reason": ""},
               {"player": "b1", "action": "knock_off", "target": "r1", "skill": None,
                "reason": "the carrier"}]
    rolls = {"b1.knock_off": 2, "r1.defense.b1": [10, 12], "r1.throw": 15, "r3.throw": 10,
             "r1.hot_throw": [3, 18], "b1.dodge": 5}
    r = api.post("/api/v1/goatball/pass", {**HOT, "actions": actions, "rolls": rolls})
    assert r.status_code == 200, r.json
    rolled = {x["name"]: x["formula"] for x in r.json["rolls"]}
    # the knock-off is Athletics (+2); r1 holds with his better skill, helped by r2's Defend;
    # the hot throw's contest is Acrobatics both, the carrier's with advantage
    assert rolled == {"b1.knock_off": "1d20+2", "r1.defense.b1": "2d20kh1+9",
                      "r1.throw": "1d20+9", "r3.throw": "1d20+3",
                      "r1.hot_throw": "2d20kh1+9", "b1.dodge": "1d20+2"}
    assert r.json["throw"] == {"kind": "hot", "target": "b1"}
    assert r.json["outcome"] == "knocked_out" and r.json["winner"] == "red"


@pytest.mark.parametrize("change, field", [
    ({"throw": {"kind": "hot", "target": "b1", "carrier_check": 9, "target_check": 3},
      "actions.0.target": "r2", "actions.0.kind": "pass"}, "actions.0.kind"),
    ({"actions.1.kind": "pass"}, "actions.1.kind"),
    ({"actions.0.target": None}, "actions.0.target"),
])
def test_a_declared_throw_that_contradicts_itself_is_refused(api, change, field):
    body = {**HOT, "actions": [{"player": "r1", "action": "throw", "target": "b1",
                                "kind": "hot", "skill": "athletics"},
                               {"player": "b1", "action": "intercept", "skill": "athletics"}]}
    for key, value in change.items():
        if key.startswith("actions."):
            _, i, name = key.split(".")
            body["actions"][int(i)][name] = value
        else:
            body[key] = value
    r = api.post("/api/v1/goatball/pass", body)
    assert r.status_code == 422 and field in r.json["error"]["fields"], r.json


def test_a_check_with_no_bonus_and_no_total_is_still_asked_for(api):
    teams = [{"id": t["id"], "players": [{k: v for k, v in p.items()
                                          if k not in ("athletics", "acrobatics")}
                                         for p in t["players"]]} for t in TIED["teams"]]
    r = api.post("/api/v1/goatball/pass", {**HOT, "teams": teams, "actions": [
        {"player": "r1", "action": "throw", "target": "b1", "kind": "hot"}]})
    assert r.status_code == 422 and "actions.0.check" in r.json["error"]["fields"]
