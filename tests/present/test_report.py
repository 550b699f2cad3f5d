"""The match report: figures from a scripted match's events, driven through the API as the
module drives it (resolve, then post the card's Apply events), in JSON and Markdown, en and ru,
with the GM's token or the match's viewer key."""

from __future__ import annotations

import json

import pytest

from companion.rules.report import PLAYER_FIELDS, TEAM_FIELDS, box_score
from tests.conftest import TOKEN
from tests.server.helpers import named_yaotzin_match, stored_hostile_name
from tests.test_cli import ballcourt

BASE = "http://127.0.0.1:7770"


def apply_card(api, mid, answer):
    """Post a card's Apply events to the match, as the module's Apply does."""
    (apply,) = [a for a in answer["chat_card"]["actions"] if a["id"] == "apply"]
    for event in apply["payload"]["events"]:
        got = api.post(f"/api/v1/matches/{mid}/events", event)
        assert got.status_code == 201, got.json
    return answer


def resolve(api, route, body):
    got = api.post(f"/api/v1/yaotzin/{route}", body)
    assert got.status_code == 200, got.json
    return got.json


def action(answer, action_id):
    return next(a for a in answer["chat_card"]["actions"] if a["id"] == action_id)


def event(api, mid, body, status=201):
    got = api.post(f"/api/v1/matches/{mid}/events", body)
    assert got.status_code == status, got.json
    return got.json


def report(api, mid, query="", **kw):
    return api.get(f"/api/v1/matches/{mid}/report{query}", **kw)


P = {"s1": {"id": "s1", "team": "sun", "name": "Tal", "str": 14},
     "s2": {"id": "s2", "team": "sun", "str": 14},
     "m1": {"id": "m1", "team": "moon", "name": "Ixi", "reflex": 5, "str": 14},
     "m2": {"id": "m2", "team": "moon", "reflex": 2}}


def at(**where):
    """The players on the court for one request: {id: (x, y)}."""
    return [{**P[pid], "x": x, "y": y} for pid, (x, y) in where.items()]


@pytest.fixture
def yaotzin_match(api):
    made = api.post("/api/v1/matches", {"game": "yaotzin", "name": "Final", "teams": [
        {"id": "sun", "defends": "west", "players": ["s1", "s2"]},
        {"id": "moon", "defends": "east", "players": ["m1", "m2"]}]})
    assert made.status_code == 201
    mid = made.json["id"]

    # 1. Tal kicks to s2, on target: a pass (m1 stands on the path but lets it go)
    kick_a = resolve(api, "kick", {"players": at(s1=(30, 12), s2=(36, 12), m1=(33, 12)),
                                   "kicker": "s1", "ball": {"x": 30, "y": 12},
                                   "target": {"x": 36, "y": 12}, "rolls": {"attack": 20}})
    assert kick_a["receiver"] == "s2"
    apply_card(api, mid, kick_a)

    # 2. s2 kicks back; m2 and then Ixi try to intercept it; only Ixi's stop is applied as
    #    the ball's end, and the kick itself counts once (its own card is never applied)
    where = at(s2=(36, 12), m2=(34, 12), m1=(32, 12), s1=(29, 12))
    kick_b = resolve(api, "kick", {"players": where, "kicker": "s2", "ball": {"x": 36, "y": 12},
                                   "target": {"x": 29, "y": 12}, "rolls": {"attack": 20}})
    assert {i["player"] for i in kick_b["interceptors"]} == {"m1", "m2"}
    for who, rolls in (("m2", {"save": 1}), ("m1", {"save": 10, "damage": [2]})):
        payload = action(kick_b, f"intercept:{who}")["payload"]
        answer = resolve(api, "intercept", {"players": where, **payload, "rolls": rolls})
        assert answer["outcome"] == ("missed" if who == "m2" else "stopped")
        apply_card(api, mid, answer)

    # 3. Ixi kicks over the west line: a goal for moon
    apply_card(api, mid, resolve(api, "kick", {
        "players": at(m1=(4, 12), s1=(30, 3)), "kicker": "m1", "ball": {"x": 4, "y": 12},
        "target": {"x": -1, "y": 12}, "rolls": {"attack": 20}}))

    # 4. Tal takes a blow the table says knocked him out (typed by hand, no card)
    event(api, mid, {"type": "damage", "player": "s1", "nonlethal": 4, "knocked_out": True})

    # 5. Tal shoots at the north hoop and misses; s2 dribbles
    apply_card(api, mid, resolve(api, "hoop", {"players": at(s1=(40, 1), m1=(20, 20)),
                                               "kicker": "s1", "hoop": "north",
                                               "rolls": {"attack": 2}}))
    apply_card(api, mid, resolve(api, "dribble", {"players": at(s2=(20, 5)), "dribbler": "s2",
                                                  "ball": {"x": 20, "y": 5},
                                                  "squares": [{"x": 21, "y": 5}]}))

    # 6. an old-style goal with no `play` (an older companion, or typed): score only
    event(api, mid, {"type": "goal", "team": "sun"})

    # 7. a kick applied and undone counts for nobody
    apply_card(api, mid, resolve(api, "kick", {"players": at(s2=(21, 5)), "kicker": "s2",
                                               "ball": {"x": 21, "y": 5},
                                               "target": {"x": 25, "y": 5},
                                               "rolls": {"attack": 20}}))
    assert api.post(f"/api/v1/matches/{mid}/undo").status_code == 200
    return mid


def test_yaotzin_report_counts_the_scripted_match(api, yaotzin_match):
    got = report(api, yaotzin_match)
    assert got.status_code == 200 and got.mimetype == "application/json"
    r = got.json
    assert r["game"] == "yaotzin" and r["name"] == "Final" and r["score"] == {"sun": 1, "moon": 1}
    assert r["fields"] == {"teams": list(TEAM_FIELDS["yaotzin"]),
                           "players": list(PLAYER_FIELDS["yaotzin"])}
    p = r["players"]
    assert p["s1"] == {"name": "Tal", "team": "sun", "goals": 0, "kicks": 1, "interceptions": 0,
                       "stops": 0, "passes_thrown": 1, "passes_caught": 0, "dribbles": 0,
                       "contests_won": 0, "knocked_out": 1, "nonlethal": 4}
    assert p["s2"] == {"name": "s2", "team": "sun", "goals": 0, "kicks": 1, "interceptions": 0,
                       "stops": 0, "passes_thrown": 0, "passes_caught": 1, "dribbles": 1,
                       "contests_won": 0, "knocked_out": 0, "nonlethal": 0}
    assert p["m1"] == {"name": "Ixi", "team": "moon", "goals": 1, "kicks": 1,
                       "interceptions": 1, "stops": 1, "passes_thrown": 0, "passes_caught": 0,
                       "dribbles": 0, "contests_won": 0, "knocked_out": 0, "nonlethal": 2}
    assert (p["m2"]["interceptions"], p["m2"]["stops"], p["m2"]["kicks"]) == (1, 0, 0)
    # plays on the ball: sun kick A, kick B (intercepted: still sun's play), the hoop shot and
    # the dribble; moon Ixi's stop and his goal kick (rulings "The match report")
    assert r["teams"]["sun"] == {"name": "sun", "score": 1, "possession": 0.667, "passes": 1,
                                 "kicks": 2, "hoop_attempts": 1}
    assert r["teams"]["moon"] == {"name": "moon", "score": 1, "possession": 0.333, "passes": 0,
                                  "kicks": 1, "hoop_attempts": 0}


def test_yaotzin_report_in_markdown_en_and_ru(api, yaotzin_match):
    en = report(api, yaotzin_match, "?format=md")
    assert en.status_code == 200 and en.mimetype == "text/markdown"
    assert en.text.startswith("# Match report: Yaotzin — Final\n")
    assert "| Tal | sun | 0 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 1 | 4 |" in en.text
    assert "| sun | 1 | 67% | 1 | 2 | 1 |" in en.text
    assert "| Team | Score | Possession | Passes | Kicks | Hoop shots |" in en.text
    ru = report(api, yaotzin_match, "?format=md&lang=ru")
    assert ru.text.startswith("# Отчёт о матче: Яоцин — Final\n")
    assert "| Команда | Счёт | Владение | Передачи | Удары | Броски в кольцо |" in ru.text
    assert "| Ixi | moon | 1 | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 2 |" in ru.text
    by_header = report(api, yaotzin_match, "?format=md",
                       headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert by_header.text == ru.text
    assert report(api, yaotzin_match, "?format=md&lang=en",
                  headers={"Accept-Language": "ru"}).text == en.text       # ?lang= wins
    assert report(api, yaotzin_match, "?lang=ru").json["lang"] == "ru"


def goat_pass(api, mid, actions, throw=None, rolls=None):
    body = {"type": "pass", "actions": actions}
    if throw:
        body["throw"] = throw
    if rolls:
        body["rolls"] = rolls
    return event(api, mid, body)


def test_goatball_report_counts_the_scripted_match(api):
    made = api.post("/api/v1/matches", {"game": "goatball", "teams": [
        {"id": "red", "players": [
            {"id": "r1", "platform": "p1", "name": "Ulra"}, {"id": "r2", "platform": "p2"},
            {"id": "r3", "platform": "p3"}]},
        {"id": "blue", "players": [{"id": "b1", "platform": "p4"},
                                   {"id": "b2", "platform": "p5"}]}]})
    mid = made.json["id"]
    event(api, mid, {"type": "possession", "team": "red", "carrier": "r1"})
    # pass 1: r1 throws to r2, b1 tries to intercept and loses: a completed pass (heat 1)
    goat_pass(api, mid, [{"player": "r1", "action": "throw", "check": 15},
                         {"player": "b1", "action": "intercept", "check": 8}],
              {"kind": "pass", "target": "r2"})
    # pass 2: r2 to r3, nobody intercepts: heat 2
    goat_pass(api, mid, [{"player": "r2", "action": "throw", "check": 12}],
              {"kind": "pass", "target": "r3"})
    # pass 3: r3 to r1 (p1 already visited: no heat); b2 knocks r2 off; b1 falls (check 3)
    goat_pass(api, mid, [{"player": "r3", "action": "throw", "check": 12},
                         {"player": "b2", "action": "knock_off", "target": "r2", "check": 15,
                          "defense": 4},
                         {"player": "b1", "action": "intercept", "check": 3}],
              {"kind": "pass", "target": "r1"})
    # pass 4: r1's throw to r3 is intercepted by b2 (blue wins the ball)
    goat_pass(api, mid, [{"player": "r1", "action": "throw", "check": 6},
                         {"player": "b2", "action": "intercept", "check": 14}],
              {"kind": "pass", "target": "r3"})
    # an undone pass counts for nobody
    goat_pass(api, mid, [{"player": "b2", "action": "throw", "check": 20}],
              {"kind": "pass", "target": "b1"})
    assert api.post(f"/api/v1/matches/{mid}/undo").status_code == 200

    r = report(api, mid).json
    assert r["game"] == "goatball" and r["passes"] == 4
    p = r["players"]
    assert p["r1"] == {"name": "Ulra", "team": "red", "interceptions": 0, "stops": 0,
                       "passes_thrown": 2, "passes_caught": 1, "hot_throws": 0,
                       "throws_joined": 0, "knock_offs": 0, "knocked_out": 0, "damage": 0}
    assert (p["r2"]["passes_thrown"], p["r2"]["passes_caught"], p["r2"]["knocked_out"]) == \
        (1, 1, 1)
    assert (p["r3"]["passes_thrown"], p["r3"]["passes_caught"]) == (1, 1)
    assert (p["b1"]["interceptions"], p["b1"]["stops"], p["b1"]["knocked_out"]) == (2, 0, 1)
    assert (p["b2"]["interceptions"], p["b2"]["stops"], p["b2"]["knock_offs"]) == (1, 1, 1)
    assert r["teams"]["red"] == {"name": "red", "possession": 1.0, "passes": 3, "heat": 2,
                                 "hot": 0, "hot_throws": 0, "knock_offs": 0}
    assert r["teams"]["blue"] == {"name": "blue", "possession": 0.0, "passes": 0, "heat": 0,
                                  "hot": 0, "hot_throws": 0, "knock_offs": 1}
    md = report(api, mid, "?format=md&lang=ru").text
    assert md.startswith("# Отчёт о матче: Козлобол\n")
    assert "| red | 100% | 3 | 2 | 0 | 0 | 0 |" in md


def test_a_viewer_key_reads_its_own_matchs_report_only(api):
    mine = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]})
    other = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]})
    mid, oid = mine.json["id"], other.json["id"]
    event(api, mid, {"type": "goal", "team": "a"})
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    as_viewer = {"Authorization": f"Bearer {key}"}

    def get(path):
        return api.client.get(path, base_url=BASE, headers=as_viewer)

    ok = get(f"/api/v1/matches/{mid}/report?format=md")
    assert ok.status_code == 200 and "| a | 1 |" in ok.text
    assert get(f"/api/v1/matches/{mid}/report").json["score"] == {"a": 1, "b": 0}
    assert get(f"/api/v1/matches/{oid}/report").status_code == 403     # another match's
    assert get(f"/api/v1/matches/{mid}").status_code == 403            # only the report
    assert api.client.post(f"/api/v1/matches/{mid}/events", json={"type": "round"},
                           base_url=BASE, headers=as_viewer).status_code == 403
    wrong = api.client.get(f"/api/v1/matches/{mid}/report", base_url=BASE,
                           headers={"Authorization": "Bearer not-a-key-at-all"})
    assert wrong.status_code == 401
    api.client.delete(f"/api/v1/matches/{mid}/viewers/{key}", base_url=BASE,
                      headers={"Authorization": f"Bearer {TOKEN}"})
    assert get(f"/api/v1/matches/{mid}/report").status_code == 401      # revoked


def test_report_refuses_bad_input(api):
    assert report(api, "nope").status_code == 404
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}
                   ).json["id"]
    bad = report(api, mid, "?format=pdf")
    assert bad.status_code == 422 and list(bad.json["error"]["fields"]) == ["format"]
    bad = report(api, mid, "?lang=de")
    assert bad.status_code == 422 and list(bad.json["error"]["fields"]) == ["lang"]
    bad = event(api, mid, {"type": "ball", "x": 1, "y": 1, "play": {"action": "fly",
                                                                    "player": "a1"}}, 422)
    assert list(bad["error"]["fields"]) == ["play.action"]


def test_old_events_without_plays_still_read():
    initial = {"game": "yaotzin", "teams": [{"id": "a", "defends": "west"},
                                            {"id": "b", "defends": "east"}],
               "field": {"length": 72, "width": 24, "slope": 6, "end_zone": 4, "hoop_x": 36},
               "settings": {"points_to_win": 5, "hoop_points": 5, "round_limit": 100},
               "score": {"a": 0, "b": 0}, "round": 1,
               "ball": {"x": 36, "y": 12, "speed": 0, "direction": None},
               "status": "playing", "winner": None, "nonlethal": {}}
    r = box_score(initial, [{"seq": 1, "type": "goal", "end": "east"},
                            {"seq": 2, "type": "damage", "player": "x9", "nonlethal": 3},
                            {"seq": 3, "type": "round"}])
    assert r["score"] == {"a": 1, "b": 0} and r["round"] == 2
    assert r["players"]["x9"]["nonlethal"] == 3 and r["players"]["x9"]["team"] is None
    assert r["teams"]["a"]["possession"] == 0.0


def test_the_modules_report_labels_are_the_companions():
    from pathlib import Path

    from companion.present.report import LABELS, SHORT
    lang = Path(__file__).parents[2] / "foundry_module" / "lang"
    for code in ("en", "ru"):
        module = json.loads((lang / f"{code}.json").read_text())["BALLCOURT"]["Report"]
        for field in {*PLAYER_FIELDS["yaotzin"], *PLAYER_FIELDS["goatball"],
                      *TEAM_FIELDS["yaotzin"], *TEAM_FIELDS["goatball"]}:
            assert module["Field"][field] == LABELS[code][field], (code, field)
            assert module["Short"][field] == SHORT[code][field], (code, field)
        assert module["Title"] == LABELS[code]["title"]


def test_the_cli_prints_the_report_in_markdown_or_json(live, tmp_path):

    spec = tmp_path / "match.json"
    spec.write_text(json.dumps({"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}))
    mid = json.loads(ballcourt("match", "new", str(spec), url=live.url).stdout)["id"]
    goal = tmp_path / "goal.json"
    goal.write_text(json.dumps({"type": "goal", "team": "b"}))
    assert ballcourt("match", "apply", mid, str(goal), url=live.url).returncode == 0
    md = ballcourt("match", "report", mid, url=live.url)
    assert md.returncode == 0, md.stderr
    assert md.stdout.startswith("# Match report: Yaotzin\n") and "| b | 1 | 0% |" in md.stdout
    ru = ballcourt("match", "report", mid, "--lang", "ru", url=live.url)
    assert ru.stdout.startswith("# Отчёт о матче: Яоцин\n")
    as_json = json.loads(ballcourt("match", "report", mid, "--format", "json",
                                   url=live.url).stdout)
    assert as_json["score"] == {"a": 0, "b": 1} and as_json["teams"]["b"]["score"] == 1
    missing = ballcourt("match", "report", "nope", url=live.url)
    assert missing.returncode == 1 and "404" in missing.stderr


def test_the_board_page_carries_the_box_score_and_its_script(api):
    import re

    made = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]})
    mid = made.json["id"]
    event(api, mid, {"type": "goal", "team": "a"})
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    page = api.client.get(f"/board/{mid}?key={key}&lang=ru", base_url=BASE).text
    blob = re.search(r'<script id="board-data" type="application/json">(.*?)</script>',
                     page, re.S).group(1)
    box = json.loads(blob)["boxscore"]
    assert box["report"]["teams"]["a"]["score"] == 1
    assert box["text"]["title"] == "Отчёт о матче" and box["text"]["short"]["kicks"] == "Уд"
    assert box["summary"] == "Идёт игра · Раунд 1 · Событий: 1"
    assert '<section id="boxscore"' in page and 'src="/board/static/boxscore.js"' in page
    for name, kind in (("boxscore.js", "text/javascript"), ("boxscore.css", "text/css")):
        got = api.client.get(f"/board/static/{name}", base_url=BASE)
        assert got.status_code == 200 and got.mimetype == kind
    assert api.client.get("/board/static/other.js", base_url=BASE).status_code == 404


REPORT_FIXTURE = "foundry_module/test/fixtures/report-yaotzin.json"


def test_the_modules_report_fixture_is_this_scripted_matchs_report(api, yaotzin_match):
    """The module's card and its screenshots render what the companion answers today."""
    from pathlib import Path

    got = {**report(api, yaotzin_match).json, "id": "m1"}
    path = Path(__file__).parents[2] / REPORT_FIXTURE
    assert json.loads(path.read_text()) == got, f"{REPORT_FIXTURE} is stale: rewrite it from" \
        " this test's report"


def test_a_viewer_socket_reads_its_own_matchs_report_through_call(app, api):
    mine = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]})
    other = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]})
    mid, oid = mine.json["id"], other.json["id"]
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    sock = app.extensions["socketio"].test_client(app, auth={"viewer": key})
    got = sock.emit("call", {"method": "GET", "route": f"/api/v1/matches/{mid}/report"},
                    callback=True)
    assert got["status"] == 200 and got["body"]["score"] == {"a": 0, "b": 0}
    refused = sock.emit("call", {"method": "GET", "route": f"/api/v1/matches/{oid}/report"},
                        callback=True)
    assert refused["status"] == 403


def test_an_interception_names_its_kicker_without_needing_him_on_the_court(api):
    body = {"players": at(m1=(33, 12)), "kind": "flight", "player": "m1", "dc": 13, "rem": 3,
            "ball": {"x": 36, "y": 12, "speed": 0, "direction": None},
            "from": {"x": 30, "y": 12}, "rolls": {"save": 20}}
    gone = resolve(api, "intercept", {**body, "kicker": "s9"})
    (play,) = {e["play"]["kicker"] for e in action(gone, "apply")["payload"]["events"]}
    assert play == "s9"
    here = resolve(api, "intercept", {**body, "players": at(m1=(33, 12), s1=(30, 12)),
                                      "kicker": "s1"})
    event_play = action(here, "apply")["payload"]["events"][0]["play"]
    assert event_play == {"action": "intercept", "player": "m1", "team": "moon", "name": "Ixi",
                          "outcome": "yoke", "kicker": "s1", "kicker_team": "sun",
                          "kicker_name": "Tal", "origin": {"x": 30, "y": 12}}


def test_goatball_heat_hot_throws_bloodball_and_tied_interceptors(api):
    made = api.post("/api/v1/matches", {"game": "goatball", "settings": {"bloodball": True},
                                        "teams": [
        {"id": "red", "players": [{"id": f"r{i}", "platform": f"p{i}"} for i in range(1, 5)]},
        {"id": "blue", "players": [{"id": "b1", "platform": "p5"}, {"id": "b2", "platform": "p6"},
                                   {"id": "b3", "platform": "p7"}]}]})
    assert made.status_code == 201, made.json
    mid = made.json["id"]
    event(api, mid, {"type": "possession", "team": "red", "carrier": "r1"})
    for thrower, target in (("r1", "r2"), ("r2", "r3"), ("r3", "r4")):   # four platforms: hot
        goat_pass(api, mid, [{"player": thrower, "action": "throw", "check": 15}],
                  {"kind": "pass", "target": target})
    hit = goat_pass(api, mid, [{"player": "r4", "action": "throw", "check": 15}],
                    {"kind": "hot", "target": "b1", "carrier_check": 15, "target_check": 5,
                     "str_mod": 2}, {"b1.spear": 4})
    assert hit["result"]["outcome"] == "knocked_out"
    event(api, mid, {"type": "carrier", "player": "r2"})
    # r2 throws, b2 and b3 intercept with the same total: blue names b3, who gets the stop
    tied = goat_pass(api, mid, [{"player": "r2", "action": "throw", "check": 6},
                                {"player": "b2", "action": "intercept", "check": 14},
                                {"player": "b3", "action": "intercept", "check": 14}],
                     {"kind": "pass", "target": "r3"})
    assert tied["result"]["choose_from"] == ["b2", "b3"]
    event(api, mid, {"type": "carrier", "player": "b3"})

    r = report(api, mid).json
    p = r["players"]
    assert (p["r4"]["hot_throws"], p["r4"]["passes_thrown"], p["r4"]["passes_caught"]) == (1, 0, 1)
    assert (p["b1"]["knocked_out"], p["b1"]["damage"]) == (1, 6)
    assert (p["b2"]["interceptions"], p["b2"]["stops"]) == (1, 0)
    assert (p["b3"]["interceptions"], p["b3"]["stops"]) == (1, 1)
    assert r["teams"]["red"] == {"name": "red", "possession": 1.0, "passes": 3, "heat": 3,
                                 "hot": 1, "hot_throws": 1, "knock_offs": 0}
    assert r["teams"]["blue"]["possession"] == 0.0 and r["passes"] == 5


def test_a_viewer_key_does_not_clear_a_clients_wrong_tokens(app, api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}
                   ).json["id"]
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    backoff = app.extensions["ballcourt_backoff"]
    for _ in range(backoff.FREE):
        assert api.client.get("/api/v1/matches", base_url=BASE, headers={
            "Authorization": "Bearer wrong-token-000"}).status_code == 401
    ok = api.client.get(f"/api/v1/matches/{mid}/report", base_url=BASE,
                        headers={"Authorization": f"Bearer {key}"})
    assert ok.status_code == 200
    assert api.client.get("/api/v1/matches", base_url=BASE, headers={
        "Authorization": "Bearer wrong-token-000"}).status_code == 401
    assert backoff.wait("127.0.0.1") > 0          # the sixth wrong token must wait


HOSTILE = ["Sun\n# Owned", "[x](javascript:alert(1))", "<img src=x onerror=alert(1)>",
           "**bold** _it_ `code` ~~gone~~", "a | b", "&lt;tag&gt;", "ends with ##"]


def test_the_markdown_report_keeps_every_name_literal():
    from markdown_it import MarkdownIt

    from companion.present.report import markdown

    teams = {f"t{i}": {"name": n, "score": 0} for i, n in enumerate(HOSTILE)}
    players = {f"p{i}": {"name": n, "team": f"t{i}", "goals": 0} for i, n in enumerate(HOSTILE)}
    report = {"game": "yaotzin", "status": "over", "winner": "t1", "round": 3, "events": 9,
              "teams": teams, "players": players,
              "fields": {"teams": ["score"], "players": ["goals"]}}
    text = markdown(report, "en", name="<script>x</script> # [y](javascript:z)")
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    kinds = {t.type for t in tokens} | {c.type for t in tokens for c in (t.children or [])}
    assert not kinds & {"html_block", "html_inline", "link_open", "image", "em_open",
                        "strong_open", "code_inline", "s_open"}, kinds
    assert [t.tag for t in tokens if t.type == "heading_open"] == ["h1", "h2", "h2"]
    rows = [t for t in tokens if t.type == "tr_open"]
    assert len(rows) == 2 * (1 + len(HOSTILE))          # a head and one row per name, each table
    shown = ["".join(c.content for c in t.children) for t in tokens if t.type == "inline"]
    for n in HOSTILE:
        assert n.replace("\n", " ") in shown, n          # what a reader sees is the name itself
    assert "<script>x</script> # [y](javascript:z)" in shown[0]
    assert "Winner: [x](javascript:alert(1))" in " ".join(shown)


def test_the_report_escapes_a_name_stored_before_names_were_checked(api, app):
    mid = api.post("/api/v1/matches", named_yaotzin_match("PLACEHOLDER")).json["id"]
    stored_hostile_name(app.config["BALLCOURT"].db_path, "Sun\n# Owned")
    md = api.get(f"/api/v1/matches/{mid}/report?format=md").get_data(as_text=True)
    assert "| Sun \\# Owned |" in md and "\n# Owned" not in md
