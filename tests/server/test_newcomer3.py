"""What a new user still tripped over (issue 28, newcomer's list 4 to 7): the commands and
tables the CLI lacked, its raw Python errors, what it accepted silently, and the wording."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixtures_for_module import GOAT
from tests.server.test_api import KICK
from tests.server.test_attack4 import small_roster
from tests.server.test_cli import ballcourt
from tests.server.test_hardening import assert_error


def suggest_body() -> dict:
    return {"teams": [{"id": t["id"], "players": [{**p, "athletics": 3, "acrobatics": 2}
                                                  for p in t["players"]]}
                      for t in GOAT["teams"]], "possession": GOAT["possession"]}


# -- 4: the planner, the autopilot, tune and the charts as commands; tables for matches ----------
def test_the_planner_autopilot_tune_and_charts_are_commands_that_print_tables(live):
    kick = {k: v for k, v in KICK.items() if k != "target"}
    plan = ballcourt("plan", "-", stdin=json.dumps(kick), url=live.url)
    assert plan.returncode == 0, plan.stderr
    assert plan.stdout.startswith("ix attacks the west line: the best 5 of ")
    assert "aim (x, y)" in plan.stdout and "(2, 12)" in plan.stdout and "99%" in plan.stdout
    auto = ballcourt("autopilot", "-", stdin=json.dumps(suggest_body()), url=live.url)
    assert auto.returncode == 0, auto.stderr
    assert "passes to r2" in auto.stdout and "knock off" in auto.stdout
    tune = ballcourt("tune", "-", stdin=json.dumps(small_roster(zones=[0, 2], matches=20)),
                     url=live.url)
    assert tune.returncode == 0, tune.stderr
    assert "within 40 passes" in tune.stdout and "0 (none)" in tune.stdout
    assert "20 matches a zone count" in tune.stdout
    for name, words in (("aim-chart", "best aim"), ("hoop-chart", "through the hoop")):
        chart = ballcourt(name, "-", stdin="{}", url=live.url)
        assert chart.returncode == 0 and words in chart.stdout.lower(), chart.stderr
    raw = ballcourt("plan", "-", "--json", stdin=json.dumps(kick), url=live.url)
    assert json.loads(raw.stdout)["kicker"] == "ix"


def test_match_list_and_show_print_tables_on_request_and_json_into_a_pipe(live):
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json={
        "game": "yaotzin", "name": "Feast of Xipe",
        "teams": [{"id": "sun", "name": "Sun Lords"}, {"id": "moon"}]}).json()["id"]
    s.post(f"{live.url}/api/v1/matches/{mid}/events", json={"type": "goal", "team": "sun"})
    listed = ballcourt("match", "list", "--table", url=live.url)
    head, rule, row = listed.stdout.splitlines()[:3]
    assert head.split() == ["id", "name", "game", "score", "status", "events"]
    assert set(rule) <= {"-", " "}
    assert row.startswith(mid) and "Feast of Xipe" in row and "Sun Lords 1 – moon 0" in row
    shown = ballcourt("match", "show", mid, "--table", url=live.url)
    assert shown.stdout.startswith(f"Feast of Xipe (yaotzin, {mid})")
    assert "Sun Lords 1 – moon 0" in shown.stdout and "1 events in force" in shown.stdout
    piped = ballcourt("match", "list", url=live.url)      # not a terminal: JSON, as before
    assert json.loads(piped.stdout)["matches"][0]["id"] == mid


# -- 5: errors a user can act on ----------------------------------------------------------------
@pytest.mark.parametrize("args, stdin, says", [
    (["kick", "-"], "{", "stdin is not valid JSON: Expecting property name enclosed in double"
                         " quotes at line 1, column 2"),
    (["kick", "-"], "", "stdin is empty: give a JSON object (pipe one in, or name a file)"),
    (["kick", "/no/such/body.json"], None, "no file /no/such/body.json: give the path of a"
                                           " JSON file, or - to read stdin"),
    (["--url", "127.0.0.1:7770", "match", "list"], None,
     "--url '127.0.0.1:7770' is not a URL: write it as http://HOST:PORT"),
    (["simulate", "goatball", "--roster", "/no/roster.json"], None, "no file /no/roster.json"),
])
def test_the_cli_says_what_is_wrong_and_what_to_do(args, stdin, says):
    out = ballcourt(*args, stdin=stdin, url="http://127.0.0.1:9")
    assert out.returncode == 2
    assert out.stderr.startswith(f"ballcourt: {says}"), out.stderr
    assert "Errno" not in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_a_single_bad_field_is_said_once_and_named_once(live):
    body = {**KICK, "rolls": {"attack": 25}}
    out = ballcourt("kick", "-", stdin=json.dumps(body), url=live.url)
    assert out.returncode == 1
    assert out.stderr == "ballcourt: 422 rules: rolls.attack: 25 is not a d20 result\n"
    r = live.session().post(f"{live.url}/api/v1/yaotzin/kick", json=body)
    assert r.json()["error"]["fields"] == {"rolls.attack": ["25 is not a d20 result"]}


# -- 6: refused, not accepted silently ------------------------------------------------------------
def test_a_companion_url_or_an_origin_that_is_not_one_is_refused(tmp_path):
    data = tmp_path / "Data"
    (data / "modules").mkdir(parents=True)
    out = ballcourt("module", "install", "--foundry-data", str(data),
                    "--companion-url", "notaurl")
    assert out.returncode == 2 and "'notaurl' is not a URL" in out.stderr
    assert not (data / "modules" / "ballcourt").exists()           # nothing written
    env_bad = ballcourt("module", "install", "--foundry-data", str(data),
                        env={"BALLCOURT_URL": "localhost"})
    assert env_bad.returncode == 2 and "BALLCOURT_URL 'localhost' is not a URL" in env_bad.stderr
    for origin in ("notanorigin", "http://foundry:30000/game", "ftp://foundry"):
        served = ballcourt("serve", "--data-dir", str(tmp_path / "d"), "--allow-origin", origin)
        assert served.returncode == 2 and "is not an origin" in served.stderr, origin
    env_origin = ballcourt("serve", "--data-dir", str(tmp_path / "d"),
                           env={"BALLCOURT_ALLOWED_ORIGINS": "http://ok:30000,nope"})
    assert env_origin.returncode == 2 and "'nope' is not an origin" in env_origin.stderr
    assert not (tmp_path / "d").exists()                            # never started


# -- 7: wording ----------------------------------------------------------------------------------
def test_a_stand_alone_pass_does_not_speak_of_a_match(api):
    body = json.loads(json.dumps(GOAT))
    body["actions"][1]["player"] = "nobody"
    message = assert_error(api.post("/api/v1/goatball/pass", body), 422, "unknown_player")
    assert "match" not in message and "on these teams" in message


def test_the_refused_board_page_names_the_match_it_was_asked_for(api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}
                   ).json["id"]
    page = api.get(f"/board/{mid}?key=wrong").get_data(as_text=True)
    assert f"<code>ballcourt board share {mid}</code>" in page and "MATCH" not in page


def test_the_simulator_never_prints_python_none_nor_reads_as_no_zones():
    from companion.sim.run import simulate, table

    report = simulate(players=2, zones=[0, 1], matches=20, seed=3, workers=1, batch=20,
                      robust_matches=20)
    text = table(report)
    assert "None" not in text
    if report["recommended_zones"] is None:
        assert "recommended zones: cannot tell (" in text


def test_passed_subtests_print_no_puzzling_u(tmp_path):
    """schemathesis runs its cases as subtests: the project's pytest settings keep a passed
    one silent (pytest would print a 'u' for each)."""
    case = tmp_path / "test_sub.py"
    case.write_text("def test_many(subtests):\n    for i in range(5):\n"
                    "        with subtests.test(i=i):\n            assert i >= 0\n")
    root = Path(__file__).parents[2]
    out = subprocess.run([sys.executable, "-m", "pytest", "-c", str(root / "pyproject.toml"),
                          "--rootdir", str(tmp_path), "-p", "no:cacheprovider", str(case)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout
    assert out.stdout.splitlines()[0].startswith(".") and "u" not in out.stdout.splitlines()[0]
