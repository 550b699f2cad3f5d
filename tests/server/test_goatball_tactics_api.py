"""POST /api/v1/goatball/suggest (the autopilot) and /goatball/tune (zones for a roster)."""

import pytest

from companion.tactics import PRESETS

LINKS = {"z1": ["z2"], "z2": ["z1", "z3"], "z3": ["z2"]}


def teams(zones=True):
    def player(pid, i, ath, acro):
        p = {"id": pid, "platform": f"p-{pid}", "athletics": ath, "acrobatics": acro,
             "name": pid.title()}
        if zones:
            p["zone"] = f"z{i % 3 + 1}"
        return p
    return [{"id": "red", "players": [player(f"r{i}", i, i % 4, (i * 2) % 5) for i in range(4)]},
            {"id": "blue", "players": [player(f"b{i}", i + 1, (i + 2) % 5, i % 3)
                                       for i in range(4)]}]


def body(**kw):
    out = {"teams": teams(), "possession": {"team": "red", "carrier": "r0",
                                             "visited": ["p-r0"], "hot": False},
           "settings": {"zones": True, "zone_links": LINKS}, "seed": 3}
    out.update(kw)
    return out


def as_pass(b, decls):
    """The suggestions as a /goatball/pass body: each check rolled by the companion."""
    skills = {p["id"]: p for t in b["teams"] for p in t["players"]}
    actions, throw = [], None
    for d in decls:
        a = {"player": d["player"], "action": d["action"]}
        if d.get("target"):
            a["target"] = d["target"]
        if d.get("zone"):
            a["zone"] = d["zone"]
        if d["skill"]:
            a["modifier"] = skills[d["player"]][d["skill"]]
            a["skill"] = d["skill"]
        if d["action"] == "knock_off":
            a["defense_modifier"] = max(skills[d["target"]]["athletics"],
                                        skills[d["target"]]["acrobatics"])
        if d.get("kind"):
            throw = {"kind": d["kind"], "target": d["target"]}
            if d["kind"] == "hot":
                throw["carrier_modifier"] = skills[d["player"]]["acrobatics"]
                throw["target_modifier"] = skills[d["target"]]["acrobatics"]
        actions.append(a)
    strip = {"teams": [{"id": t["id"], "players": [
        {k: v for k, v in p.items() if k not in ("athletics", "acrobatics")}
        for p in t["players"]]} for t in b["teams"]]}
    return {**strip, "possession": b["possession"], "settings": b["settings"],
            "actions": actions, "throw": throw, "seed": 1}


@pytest.mark.parametrize("tactics", [None, *PRESETS, ["thin-defence", "double-team"],
                                     {"blue": "follow-ball"}])
@pytest.mark.parametrize("hot", [False, True])
def test_suggest_gives_every_standing_player_a_legal_declaration_with_a_reason(api, tactics,
                                                                             hot):
    b = body(tactics=tactics)
    b["possession"] = {**b["possession"], "hot": hot,
                       "visited": ["p-r0", "p-r1", "p-r2", "p-r3"] if hot else ["p-r0"]}
    b["teams"][1]["players"][3]["out"] = True
    r = api.post("/api/v1/goatball/suggest", b)
    assert r.status_code == 200, r.json
    decls = r.json["declarations"]
    assert sorted(d["player"] for d in decls) == sorted(
        ["r0", "r1", "r2", "r3", "b0", "b1", "b2"])
    assert all(d["reason"] and d["skill"] in ("athletics", "acrobatics", None) for d in decls)
    carrier = next(d for d in decls if d["player"] == "r0")
    assert carrier["action"] == "throw" and carrier["kind"] == ("hot" if hot else "pass")
    resolved = api.post("/api/v1/goatball/pass", as_pass(b, decls))
    assert resolved.status_code == 200, resolved.json
    assert api.post("/api/v1/goatball/suggest", b).json == r.json      # same for the same seed


def test_suggest_for_named_players_only_and_without_zones(api):
    b = body(players=["b1", "r2"], teams=teams(zones=False), settings=None)
    r = api.post("/api/v1/goatball/suggest", b)
    assert r.status_code == 200, r.json
    assert [d["player"] for d in r.json["declarations"]] == ["b1", "r2"]


def test_suggest_reasons_name_the_target():
    from companion.rules.goatball.state import Settings, arena_from_dict
    from companion.tactics.goatball import Skills, presets_for, suggest

    b = body()
    arena = arena_from_dict(b, Settings.from_dict(b["settings"]))
    skills = {p["id"]: Skills(p["athletics"], p["acrobatics"])
              for t in b["teams"] for p in t["players"]}
    out = suggest(arena, skills, presets_for("thin-defence", ["red", "blue"]))
    for d in out["declarations"]:
        if d.get("target"):
            assert arena.player(d["target"]).label in d["reason"]


def test_suggest_never_takes_a_slip_and_refuses_out_or_unknown_players(api):
    for extra in ({"throw": {"kind": "pass", "target": "r1"}},
                  {"actions": [{"player": "r0", "action": "throw", "check": 10}]}):
        r = api.post("/api/v1/goatball/suggest", body(**extra))
        assert r.status_code == 422 and set(r.json["error"]["fields"]) == set(extra)
    b = body(players=["b3"])
    b["teams"][1]["players"][3]["out"] = True
    r = api.post("/api/v1/goatball/suggest", b)
    assert r.status_code == 422 and "out" in r.json["error"]["message"]
    r = api.post("/api/v1/goatball/suggest", body(players=["nobody"]))
    assert r.status_code == 422
    r = api.post("/api/v1/goatball/suggest", body(tactics="hoof"))
    assert r.status_code == 422 and "tactics" in r.json["error"]["fields"]


def test_suggest_names_a_carrier_when_none_is_named(api):
    b = body(possession={"team": "blue", "carrier": None})
    r = api.post("/api/v1/goatball/suggest", b)
    assert r.status_code == 200 and r.json["declarations"] == []
    assert r.json["carrier"]["player"].startswith("b") and r.json["carrier"]["reason"]


def roster():
    return {"teams": [{"id": "red", "players": [{"id": f"r{i}", "athletics": 3, "acrobatics": 2}
                                                 for i in range(3)]},
                      {"id": "blue", "players": [{"id": f"b{i}", "athletics": 1,
                                                  "acrobatics": 4} for i in range(3)]}]}


def test_tune_answers_for_the_roster(api):
    b = {**roster(), "zones": [0, 2], "matches": 20, "budget": 30, "seed": 4}
    r = api.post("/api/v1/goatball/tune", b)
    assert r.status_code == 200, r.json
    j = r.json
    assert j["zones"] in (None, 0, 2) and 0 <= j["finish_within_budget"] <= 1
    assert [x["zones"] for x in j["results"]] == [0, 2] and j["budget"] == 30
    assert "within 30 passes" in j["sentence"] and j["margin"] == 0.05
    pick = j["zones"] if j["zones"] is not None else j["best"]
    row = next(x for x in j["results"] if x["zones"] == pick)
    assert row["finish_within_budget"] == j["finish_within_budget"]
    assert j["matches"] == j["matches_played"] == 20
    assert j["best_is_largest_tried"] == (j["best"] == 2)
    for team in ("red", "blue"):
        s = j["teams"][team]
        assert s["unfinished"] == j["unfinished"]
        assert s["win"] + s["loss"] + s["draw"] + s["unfinished"] == pytest.approx(1, abs=1e-3)
    assert j["teams"]["red"]["win"] == j["teams"]["blue"]["loss"]
    assert api.post("/api/v1/goatball/tune", b).json == j


def test_tune_tries_zone_counts_past_the_players_a_side(api):
    b = {**roster(), "matches": 10, "budget": 20}
    j = api.post("/api/v1/goatball/tune", b).json
    tried = [x["zones"] for x in j["results"]]
    assert tried[0] == 0 and max(tried) >= 3 + 2     # 3 a side
    assert j["zones"] is not None or " or " in j["sentence"]


def test_tune_answers_as_a_gm_reads_it(api):
    """The set with its differences, the table minutes at the request's minutes a pass, each
    team's chance to win, and the method named: confidence sequences, since the tune's time
    limit may stop it at any look."""
    b = {**roster(), "zones": [0, 2], "matches": 20, "budget": 30, "seed": 4}
    j = api.post("/api/v1/goatball/tune", b).json
    assert j["best"] in j["plausible"] and set(j["differences"]) == {"0", "2"}
    assert j["differences"][str(j["best"])]["below_best"] == 0
    assert "anytime-valid confidence sequence" in j["method"] and j["minutes_per_pass"] == 4
    assert j["comparison"]["critical"] is None
    assert set(j["minutes"]) == {"0", "2"} and set(j["balance"]["win"]) == {"red", "blue"}
    assert j["balance"]["one_sided"] is (j["balance"]["favourite"] is not None)
    assert j["sentence"].startswith(("0", "2", "the zones", "one-sided", "hardly"))
    slow = api.post("/api/v1/goatball/tune", {**b, "minutes_per_pass": 8}).json
    assert all(slow["minutes"][z] == (None if m is None else pytest.approx(2 * m, abs=1))
               for z, m in j["minutes"].items())


def test_tune_keeps_trying_more_zones_while_the_best_is_the_largest(monkeypatch):
    import companion.advice.goatball as advice

    tried = []

    def fake(zones, **kw):
        tried.append(list(zones))
        best = min(max(zones), 10)
        rows = [{"zones": z, "finish_within_budget": 0.5, "ci95": {"finish_within_budget":
                 [0.4, 0.6]}, "teams": {"a": {"win": 0.25}, "b": {"win": 0.25}},
                 "unfinished": 0.5, "median_passes": 30, "matches_played": 10} for z in zones]
        return {"comparison": {"best": best, "words": "w", "plausible": [best],
                               "candidates": [best], "differences": {}, "decided": False,
                               "method": "m"},
                "recommended_zones": None, "results": rows, "matches_played": 10,
                **{k: None for k in ("budget", "tactics", "seed", "criterion",
                                     "players_per_zone_reading")}}

    monkeypatch.setattr(advice, "simulate", fake)
    roster3 = [(t, [(f"{t}{i}", advice.Skills(0, 0)) for i in range(3)]) for t in "ab"]
    j = advice.tune(roster3, matches=10)
    assert [max(z) for z in tried] == [6, 8, 10, 12] and j["best"] == 10
    assert not j["best_is_largest_tried"] and j["zones_tried"][-1] == 12
    advice.tune(roster3, matches=10, zones=[0, 2])
    assert tried[-1] == [0, 2]              # the GM's own list stands as given


def test_a_walkover_is_said_first():
    """Five players against three weak NPCs: the party wins every match that has a winner at
    every count, and the answer says it is one-sided before anything else."""
    from companion.advice.goatball import tune
    from companion.tactics.goatball import Skills

    party = ("party", [(f"p{i}", Skills(6, 4)) for i in range(5)])
    npcs = ("npcs", [(f"n{i}", Skills(0, -1)) for i in range(3)])
    j = tune([party, npcs], zones=[4, 6], matches=60, seed=2)
    assert j["balance"]["one_sided"] and j["balance"]["favourite"] == "party"
    assert j["sentence"].startswith("one-sided: party wins every match that has a winner,"
                                    " at every zone count tried")


@pytest.mark.parametrize("shares, said", [
    ({"4": 1.0, "6": 1.0, "8": None}, "party wins every match that has a winner, at every"),
    ({"4": 1.0, "6": 0.9789}, "party wins at least 97% of the matches that have a winner"),
    ({"4": 0.9999}, "party wins at least 99% of"),
    ({"4": 0.29}, "party wins at least 29% of")])     # 100 * 0.29 is 28.999...
def test_a_walkover_is_said_as_a_gm_says_it(shares, said):
    """Never "wins at least 100%": every match when it lost none, else the least share
    rounded down, so that "at least" stays true."""
    from companion.advice.goatball import walkover

    words = walkover({"favourite": "party", "win": {"party": shares}, "one_sided": True})
    assert words.startswith(f"one-sided: {said}") and "100%" not in words


@pytest.mark.parametrize("bad, field", [({"budget": 0}, "budget"), ({"tactics": "x"}, "tactics"),
                                        ({"matches": 10_000}, "matches"),
                                        ({"margin": 0}, "margin"),
                                        ({"zones": [0, 40]}, "zones")])
def test_tune_refuses_bad_fields(api, bad, field):
    r = api.post("/api/v1/goatball/tune", {**roster(), **bad})
    assert r.status_code == 422
    assert [k for k in r.json["error"]["fields"] if k.split(".")[0] == field]
