"""The match report counts as RULINGS "The match report" says: Yaotzin kicks once per kick and
the same square twice, dribbles and contests won; goat-ball throws are the carrier's, joiners
apart, and nothing thrown is no throw."""

from __future__ import annotations

from tests.present.test_report import action, apply_card, at, event, goat_pass, report, resolve


def yaotzin(api):
    made = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "defends": "west", "players": ["s1", "s2"]},
        {"id": "moon", "defends": "east", "players": ["m1", "m2"]}]})
    assert made.status_code == 201
    return made.json["id"]


def test_a_second_kick_from_the_same_square_after_the_first_flight_ended_is_counted(api):
    mid = yaotzin(api)
    where = at(s1=(30, 12), m1=(33, 12), m2=(35, 12))

    def kick_and_intercept(*tries):
        kick = resolve(api, "kick", {"players": where, "kicker": "s1", "ball": {"x": 30, "y": 12},
                                     "target": {"x": 36, "y": 12},
                                     "rolls": {"attack": 20, "corner": 1}})
        for who, rolls, outcome in tries:
            payload = action(kick, f"intercept:{who}")["payload"]
            answer = resolve(api, "intercept", {"players": where, **payload, "rolls": rolls})
            assert answer["outcome"] == outcome
            apply_card(api, mid, answer)

    # Tal kicks; Ixi stops it. The ball is set back on Tal's square and he kicks again from
    # it: Ixi stops that one too. Then a third kick that Ixi misses and m2 takes with the yoke.
    kick_and_intercept(("m1", {"save": 10, "damage": [2]}, "stopped"))
    kick_and_intercept(("m1", {"save": 12, "damage": [1]}, "stopped"))
    kick_and_intercept(("m1", {"save": 1}, "missed"), ("m2", {"save": 20}, "yoke"))
    r = report(api, mid).json
    p = r["players"]
    assert p["s1"]["kicks"] == 3 and r["teams"]["sun"]["kicks"] == 3
    assert (p["m1"]["interceptions"], p["m1"]["stops"]) == (3, 2)
    assert (p["m2"]["interceptions"], p["m2"]["stops"]) == (1, 1)
    # plays on the ball: three intercepted kicks for sun, three stops for moon
    assert r["teams"]["sun"]["possession"] == r["teams"]["moon"]["possession"] == 0.5


def test_a_kick_that_lands_after_its_interceptors_missed_is_one_kick(api):
    mid = yaotzin(api)
    where = at(s1=(30, 12), s2=(36, 12), m1=(33, 12))
    kick = resolve(api, "kick", {"players": where, "kicker": "s1", "ball": {"x": 30, "y": 12},
                                 "target": {"x": 36, "y": 12},
                                 "rolls": {"attack": 20, "corner": 1}})
    payload = action(kick, "intercept:m1")["payload"]
    apply_card(api, mid, resolve(api, "intercept", {"players": where, **payload,
                                                    "rolls": {"save": 1}}))
    apply_card(api, mid, kick)          # nobody stopped it: the kick's own card lands it
    r = report(api, mid).json
    assert r["players"]["s1"]["kicks"] == 1 and r["players"]["s1"]["passes_thrown"] == 1
    assert r["players"]["s2"]["passes_caught"] == 1


def test_each_yaotzin_player_has_his_dribbles_and_contests_won(api):
    mid = yaotzin(api)
    for square in ({"x": 21, "y": 5}, {"x": 22, "y": 5}):
        apply_card(api, mid, resolve(api, "dribble", {
            "players": at(s2=(square["x"] - 1, 5)), "dribbler": "s2",
            "ball": {"x": square["x"] - 1, "y": 5}, "squares": [square]}))
    for success in (True, False):
        event(api, mid, {"type": "ball", "x": 22, "y": 5, "speed": 0, "direction": None,
                         "play": {"action": "contest", "player": "m1", "team": "moon",
                                  "kind": "disarm", "success": success}})
    r = report(api, mid).json
    p = r["players"]
    assert (p["s2"]["dribbles"], p["s2"]["contests_won"]) == (2, 0)
    assert (p["m1"]["dribbles"], p["m1"]["contests_won"]) == (0, 1)
    assert r["teams"]["sun"]["possession"] == round(2 / 3, 3)


def test_goatball_throws_are_the_carriers_and_joiners_count_apart(api):
    made = api.post("/api/v1/matches", {"game": "goatball", "teams": [
        {"id": "red", "players": [{"id": f"r{i}", "platform": f"p{i}"} for i in range(1, 5)]},
        {"id": "blue", "players": [{"id": "b1", "platform": "p7"},
                                   {"id": "b2", "platform": "p8"}]}]})
    mid = made.json["id"]
    event(api, mid, {"type": "possession", "team": "red", "carrier": "r1"})
    # three passes to new platforms, r3 joining the first: the ball is hot
    goat_pass(api, mid, [{"player": "r1", "action": "throw", "check": 15},
                         {"player": "r3", "action": "throw", "check": 9}],
              {"kind": "pass", "target": "r2"})
    goat_pass(api, mid, [{"player": "r2", "action": "throw", "check": 15}],
              {"kind": "pass", "target": "r3"})
    goat_pass(api, mid, [{"player": "r3", "action": "throw", "check": 15}],
              {"kind": "pass", "target": "r4"})
    # r4's hot throw at b1, with r1 and r2 joining it: one hot throw, two joined
    goat_pass(api, mid, [{"player": "r4", "action": "throw", "check": 12},
                         {"player": "r1", "action": "throw", "check": 10},
                         {"player": "r2", "action": "throw", "check": 9},
                         {"player": "b2", "action": "intercept", "check": 6}],
              {"kind": "hot", "target": "b1", "carrier_check": 15, "target_check": 5})
    event(api, mid, {"type": "carrier", "player": "r1"})
    # r1's slip throws nothing; r2 declared a throw and rolls for it: nobody threw
    goat_pass(api, mid, [{"player": "r2", "action": "throw", "check": 10},
                         {"player": "b2", "action": "intercept", "check": 8}])
    r = report(api, mid).json
    p, red = r["players"], r["teams"]["red"]
    figures = {pid: (p[pid]["passes_thrown"], p[pid]["hot_throws"], p[pid]["throws_joined"])
               for pid in ("r1", "r2", "r3", "r4")}
    assert figures == {"r1": (1, 0, 1), "r2": (1, 0, 1), "r3": (1, 0, 1), "r4": (0, 1, 0)}
    assert (red["passes"], red["hot"], red["hot_throws"]) == (3, 1, 1)
    assert p["b1"]["knocked_out"] == 1


def test_the_russian_report_speaks_the_rulebooks_words(api):
    made = api.post("/api/v1/matches", {"game": "goatball", "teams": [
        {"id": "red", "players": [{"id": "r1", "platform": "p1"}]},
        {"id": "blue", "players": [{"id": "b1", "platform": "p7"}]}]})
    md = report(api, made.json["id"], "?format=md&lang=ru").text
    head = next(line for line in md.splitlines() if line.startswith("| Команда"))
    assert "Передачи" in head and "Выбивания" in head and "Горячие броски" in head
    players = next(line for line in md.splitlines() if line.startswith("| Игрок"))
    assert "Передач отдано" in players and "Участие в бросках" in players
    assert "Пас" not in md and "Сброс" not in md


def test_a_carrier_knocked_off_before_his_throw_threw_nothing(api):
    made = api.post("/api/v1/matches", {"game": "goatball", "teams": [
        {"id": "red", "players": [{"id": "r1", "platform": "p1"}, {"id": "r2", "platform": "p2"},
                                  {"id": "r3", "platform": "p3"}]},
        {"id": "blue", "players": [{"id": "b1", "platform": "p7"},
                                   {"id": "b2", "platform": "p8"}]}]})
    mid = made.json["id"]
    event(api, mid, {"type": "possession", "team": "red", "carrier": "r1"})
    goat_pass(api, mid, [{"player": "b1", "action": "knock_off", "target": "r1", "check": 15,
                          "defense": 4},
                         {"player": "r1", "action": "throw", "check": 15},
                         {"player": "r2", "action": "throw", "check": 12}],
              {"kind": "pass", "target": "r3"})
    p = report(api, mid).json["players"]
    assert (p["r1"]["passes_thrown"], p["r2"]["throws_joined"]) == (0, 0)
    assert (p["b1"]["knock_offs"], p["r1"]["knocked_out"]) == (1, 1)
