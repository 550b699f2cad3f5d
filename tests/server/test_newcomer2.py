"""What a new user tripped over (issue 21): each one fixed, tested here."""

from __future__ import annotations

import json

from tests.conftest import TOKEN

GOAT = {"game": "goatball", "teams": [
    {"id": "rams", "name": "Ulra's Rams", "players": [{"id": "r1", "platform": "p1"}]},
    {"id": "goats", "name": "Peak Goats", "players": [{"id": "g1", "platform": "p2"}]}]}


def test_team_names_are_carried_in_the_state_the_list_and_the_board(api):
    made = api.post("/api/v1/matches", GOAT)
    assert made.status_code == 201, made.json
    mid = made.json["id"]
    assert [t.get("name") for t in made.json["teams"]] == ["Ulra's Rams", "Peak Goats"]
    api.post(f"/api/v1/matches/{mid}/events", {"type": "possession", "team": "rams",
                                                "carrier": "r1"})
    state = api.get(f"/api/v1/matches/{mid}").json
    assert [t.get("name") for t in state["teams"]] == ["Ulra's Rams", "Peak Goats"]
    yao = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
        {"id": "sun", "name": "Sun Jaguars"}, {"id": "moon"}]}).json
    assert yao["teams"][0]["name"] == "Sun Jaguars" and "name" not in yao["teams"][1]
    for bad in ("", "x" * 81, 7):
        r = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [
            {"id": "sun", "name": bad}, {"id": "moon"}]})
        assert r.status_code == 422 and "teams.0.name" in r.json["error"]["fields"], bad


def test_a_pass_card_names_the_team_by_its_display_name(api):
    teams = [{**GOAT["teams"][0], "players": [{"id": "r1", "platform": "p1"},
                                              {"id": "r2", "platform": "p3"}]}, GOAT["teams"][1]]
    body = {"teams": teams, "possession": {"team": "rams", "carrier": "r1"},
            "throw": {"kind": "pass", "target": "r2"},
            "actions": [{"player": "r1", "action": "throw", "check": 15},
                        {"player": "g1", "action": "intercept", "check": 8}]}
    r = api.post("/api/v1/goatball/pass", body)
    assert r.status_code == 200, r.json
    assert "Ulra's Rams" in json.dumps(r.json["chat_card"])


def test_the_match_list_reports_the_real_seq(api):
    mid = api.post("/api/v1/matches", GOAT).json["id"]
    for _ in range(3):
        api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "x"})
    api.post(f"/api/v1/matches/{mid}/undo")
    listed = {m["id"]: m for m in api.get("/api/v1/matches").json["matches"]}
    assert listed[mid]["seq"] == api.get(f"/api/v1/matches/{mid}").json["seq"] == 2


def test_an_answer_lists_a_bounded_number_of_field_errors(api):
    mid = api.post("/api/v1/matches", GOAT).json["id"]
    r = api.post(f"/api/v1/matches/{mid}/events/undo", {"seqs": ["x"] * 20000})
    assert r.status_code == 422
    assert len(r.get_data()) < 20_000
    fields = r.json["error"]["fields"]
    assert len(fields) <= 51 and "20000 bad fields" in r.json["error"]["message"]


def test_the_board_has_no_inline_script_and_a_styled_403(api):
    page = api.client.get("/board/x?key=nope", base_url="http://127.0.0.1:7770")
    assert page.status_code == 403
    text = page.get_data(as_text=True)
    assert "<style>" in text and "ballcourt board share" in text
    mid = api.post("/api/v1/matches", GOAT).json["id"]
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    board = api.client.get(f"/board/{mid}?key={key}", base_url="http://127.0.0.1:7770")
    csp = board.headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "unsafe-inline" not in csp.split("style-src")[0]
    html = board.get_data(as_text=True)
    scripts = html.split("<script")[1:]
    assert all('src="' in s.split(">")[0] or 'type="application/json"' in s.split(">")[0]
               for s in scripts)
    js = api.client.get("/board/static/board.js", base_url="http://127.0.0.1:7770")
    assert js.status_code == 200 and "function render" in js.get_data(as_text=True)
    assert TOKEN not in html


def run_cli(*args, env=None):
    import os
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True,
                          text=True, timeout=60, env={**os.environ, **(env or {})})


def test_serve_refuses_a_port_outside_1_to_65535(tmp_path):
    for port in ("99999", "0", "-1", "http"):
        out = run_cli("serve", "--port", port, "--data-dir", str(tmp_path))
        assert out.returncode == 2 and "--port" in out.stderr, port
        assert "URL:" not in out.stdout


def test_help_shows_the_defaults():
    out = run_cli("simulate", "goatball", "--help")
    goat = " ".join(out.stdout.split())
    assert "(default 1000)" in goat and "(default 40)" in goat and "(default 1)" in goat
    kick = " ".join(run_cli("simulate", "yaotzin", "--help").stdout.split())
    assert "(default 12)" in kick and "(default 2)" in kick


def test_json_into_a_closed_pipe_ends_quietly():
    # what `| head -1` does, made certain: the reader is gone before anything is written
    import os
    import subprocess
    import sys
    read, write = os.pipe()
    os.close(read)
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "simulate", "yaotzin",
                             "--json"], stdout=write, stderr=subprocess.PIPE, text=True)
    os.close(write)
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_the_kick_chart_says_what_kicker_it_assumes():
    out = run_cli("simulate", "yaotzin", "--dex", "14", "--bab", "3", "--max-ft", "10")
    assert "Dex 14" in out.stdout and "BAB +3" in out.stdout and "feats: none" in out.stdout


def test_board_share_list_and_revoke(live):
    env = {"BALLCOURT_URL": live.url, "BALLCOURT_TOKEN": TOKEN}
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json=GOAT).json()["id"]
    shared = run_cli("board", "share", mid, "--label", "stream", env=env)
    assert shared.returncode == 0, shared.stderr
    url = shared.stdout.splitlines()[0]
    assert url.startswith(f"{live.url}/board/{mid}?key=")
    key = url.split("key=")[1]
    listed = run_cli("board", "list", mid, env=env)
    assert key in listed.stdout and "stream" in listed.stdout
    assert __import__("requests").get(url, timeout=10).status_code == 200
    revoked = run_cli("board", "revoke", mid, key, env=env)
    assert revoked.returncode == 0, revoked.stderr
    assert __import__("requests").get(url, timeout=10).status_code == 403
    assert "No viewer keys" in run_cli("board", "list", mid, env=env).stdout
