"""The `ballcourt` command against a real companion: its commands and tables, its one-line
errors, what it refuses, and what it prints kept plain."""

import argparse
import json
import os
import subprocess
import sys

import pytest

from companion.cli_parser import build_parser
from tests.conftest import TOKEN, free_port
from tests.fixtures_for_module import GOAT, HOT_PASS
from tests.server.helpers import named_yaotzin_match, run_cli, small_roster, stored_hostile_name
from tests.server.test_api import KICK


def ballcourt(*args, stdin=None, url=None, env=None):
    env = {**os.environ, "BALLCOURT_TOKEN": TOKEN, **(env or {})}
    if url:
        env["BALLCOURT_URL"] = url
    env = {k: v for k, v in env.items() if v is not None}     # None: unset it
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=30)


def test_help_and_token(tmp_path):
    assert "serve" in ballcourt("--help").stdout
    env = {"BALLCOURT_TOKEN": None}
    first = ballcourt("token", "--data-dir", str(tmp_path), env=env).stdout.strip()
    again = ballcourt("token", "--data-dir", str(tmp_path), env=env).stdout.strip()
    assert len(first) > 30 and first == again
    assert oct((tmp_path / "token").stat().st_mode & 0o777) == "0o600"


def test_kick_from_stdin_prints_the_card(live):
    body = json.dumps({**KICK, "rolls": {"attack": 9, "scatter": 1, "corner": 1}})
    out = ballcourt("kick", "-", "--text", stdin=body, url=live.url)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "Ixpoetchitl kicks at (18, 12)"
    assert "Yolteotl may intercept at (13, 12): Reflex DC 15." in out.stdout
    assert "  [Attack: 1d20-9 -> 0]" in out.stdout.splitlines(), "a roll by its label"


def test_a_pass_card_reads_in_words_not_ids(live):
    """Checks and skills by their English words: no "knock_off, athletics", no "hold, -"."""
    out = ballcourt("pass", "-", "--text", stdin=json.dumps(HOT_PASS), url=live.url)
    assert out.returncode == 0, out.stderr
    lines = [line.strip() for line in out.stdout.splitlines()]
    assert "Nochtli tries a knock-off (Athletics): 17." in lines
    assert "Xochitl holds (Acrobatics, with advantage): 11." in lines
    assert "Citlali makes a hot throw (Acrobatics, with advantage): 15." in lines
    for raw in ("knock_off", "athletics", "hot_throw", ", -", ".knock"):
        assert raw not in out.stdout
    bare = ballcourt("pass", "-", "--text", stdin=json.dumps(GOAT), url=live.url)
    assert "r1 throws: 7, margin 2." in bare.stdout.splitlines()[1]


def test_match_new_show_undo_and_errors(live, tmp_path):
    spec = tmp_path / "match.json"
    spec.write_text(json.dumps({"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}))
    made = json.loads(ballcourt("match", "new", str(spec), url=live.url).stdout)
    event = tmp_path / "goal.json"
    event.write_text(json.dumps({"type": "goal", "team": "a"}))
    applied = json.loads(ballcourt("match", "apply", made["id"], str(event), url=live.url).stdout)
    assert applied["score"] == {"a": 1, "b": 0}
    shown = json.loads(ballcourt("match", "show", made["id"], url=live.url).stdout)
    assert shown["seq"] == 1
    undone = ballcourt("match", "undo", made["id"], url=live.url)
    assert json.loads(undone.stdout)["score"] == {"a": 0, "b": 0}
    refused = ballcourt("match", "undo", made["id"], url=live.url)
    assert refused.returncode == 1 and "nothing_to_undo" in refused.stderr
    wrong = ballcourt("match", "show", made["id"], url=live.url,
                      env={"BALLCOURT_TOKEN": "not-the-token-it-wants"})
    assert wrong.returncode == 1 and "401" in wrong.stderr
    # BALLCOURT_TOKEN's one rule, as the server's: a short one is refused before anything is sent
    short = ballcourt("match", "show", made["id"], url=live.url, env={"BALLCOURT_TOKEN": "nope"})
    assert short.returncode == 2 and "BALLCOURT_TOKEN is too short" in short.stderr


def walk(parser):
    """Every (sub)parser of the `ballcourt` command."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from walk(sub)


def test_every_option_and_argument_has_help_that_reads_right():
    parsers = list(walk(build_parser()))
    assert len(parsers) > 15
    for parser in parsers:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    assert choice.help, f"{parser.prog} {choice.dest}"
                continue
            assert action.help, f"{parser.prog}: {action.option_strings or action.dest}"
    text = "\n".join(p.format_help() for p in parsers)
    for wrong in ("events a match", "show a match\n", "undo a match\n"):
        assert wrong not in text


def test_no_companion_is_one_line_and_how_to_start_it():
    url = f"http://127.0.0.1:{free_port()}"
    out = ballcourt("match", "list", url=url)
    assert out.returncode not in (0, None)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert url in lines[0] and "ballcourt serve" in lines[0] and "--url" in lines[0]
    assert "Traceback" not in out.stderr and "urllib3" not in out.stderr


def test_a_companion_too_busy_to_answer_in_time_is_said_busy_not_absent():
    """A companion that took the request and did not answer in time runs: "start it with
    `ballcourt serve`" would send the GM looking for a server that is there."""
    import socket

    from companion.client import Client, CompanionUnreachable

    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        url = f"http://127.0.0.1:{listening.getsockname()[1]}"
        with pytest.raises(CompanionUnreachable) as refused:
            Client(url, "t", timeout=0.3).get("/matches")
    said = str(refused.value)
    assert said.startswith(f"the companion at {url} took the request but did not answer"
                           " within 0.3 s: it is running, but busy")
    assert "ballcourt serve" not in said


@pytest.mark.parametrize("command, waits", [("aim-chart", 120.0), ("plan", 120.0),
                                            ("autopilot", 120.0), ("tune", 3605.0)])
def test_the_heavy_commands_wait_for_heavy_work(command, waits):
    """A chart, a plan or an autopilot answer costs a second or two of CPU at a lower
    priority: on a loaded machine past the client's 10 s (CI saw an aim chart time out)."""
    from companion.cli_tables import run_table_command

    class Recorder:
        timeout = 10.0

        def post(self, route, body):
            self.waited = self.timeout
            return {}

    client = Recorder()
    args = argparse.Namespace(command=command, file="-", json=True)
    assert run_table_command(client, args, lambda path: {}) == 0
    assert client.waited == waits


def test_url_and_token_work_before_or_after_the_subcommand(live):
    env = {"BALLCOURT_TOKEN": "a-wrong-token-long-enough", "BALLCOURT_URL": "http://127.0.0.1:9"}
    after = ballcourt("match", "list", "--url", live.url, "--token", TOKEN, env=env)
    assert after.returncode == 0, after.stderr
    assert json.loads(after.stdout)["matches"] == []
    before = ballcourt("--url", live.url, "--token", TOKEN, "match", "list", env=env)
    assert before.returncode == 0 and before.stdout == after.stdout
    mixed = ballcourt("--url", live.url, "quick", "-", "--token", TOKEN, env=env,
                      stdin=json.dumps({"teams": [{"id": "a", "checks": [12]},
                                                  {"id": "b", "checks": [9]}]}))
    assert mixed.returncode == 0 and json.loads(mixed.stdout)["winner"] == "a"
    wrong = ballcourt("match", "list", "--url", live.url, env=env)
    assert wrong.returncode == 1 and "401" in wrong.stderr


def test_a_validation_error_lists_every_bad_field(live):
    body = {"players": [{"id": "a", "x": "q"}], "ball": 3, "kicker": 5}
    out = ballcourt("kick", "-", stdin=json.dumps(body), url=live.url)
    assert out.returncode == 1
    for field in ("players.0.team", "players.0.x", "players.0.y", "ball", "kicker", "target"):
        assert f"\n  {field}: " in out.stderr, out.stderr
    assert "_schema" not in out.stderr and 'expected an object {"x": n, "y": n}' in out.stderr


def test_the_cli_strips_escape_sequences_from_what_it_prints(live):
    session = live.session()
    mid = session.post(f"{live.url}/api/v1/matches", json=named_yaotzin_match("PLACEHOLDER")
                       ).json()["id"]
    stored_hostile_name(live.data_dir / "ballcourt.sqlite3",
                        "Sun\x1b]0;owned\x07\x1b[2J\x9b2J")
    for args in (["match", "report", mid], ["match", "show", mid], ["match", "list"]):
        out = ballcourt(*args, url=live.url)
        assert out.returncode == 0, out.stderr
        assert "Sun" in out.stdout or args == ["match", "list"]
        assert not set(out.stdout) & {"\x1b", "\x07", "\x9b"}, (args, out.stdout)


def test_serve_refuses_a_port_outside_1_to_65535(tmp_path):
    for port in ("99999", "0", "-1", "http"):
        out = run_cli("serve", "--port", port, "--data-dir", str(tmp_path))
        assert out.returncode == 2 and "--port" in out.stderr, port
        assert "URL:" not in out.stdout


@pytest.mark.parametrize("game", ["goatball", "yaotzin"])
@pytest.mark.parametrize("workers", ["0", "-3", "two"])
def test_simulate_refuses_workers_below_one(game, workers, capsys):
    """`--workers 0` played in this process without a word: a count of processes is 1 or
    more, said so."""
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["simulate", game, "--workers", workers])
    assert stopped.value.code == 2
    assert "argument --workers: " in capsys.readouterr().err


def test_help_shows_the_defaults():
    out = run_cli("simulate", "goatball", "--help")
    goat = " ".join(out.stdout.split())
    assert "(default 3000)" in goat and "(default 40)" in goat and "(default 1)" in goat
    kick = " ".join(run_cli("simulate", "yaotzin", "--help").stdout.split())
    assert "(default 12)" in kick and "(default 2)" in kick


def into_a_closed_pipe(*args, unbuffered=False, url=None):
    """What `ballcourt ... | head -1` does, made certain: the reader is gone before anything is
    written (`unbuffered`: each print written at once, as with PYTHONUNBUFFERED)."""
    read, write = os.pipe()
    os.close(read)
    env = {**os.environ, "BALLCOURT_TOKEN": TOKEN, **({"BALLCOURT_URL": url} if url else {}),
           **({"PYTHONUNBUFFERED": "1"} if unbuffered else {})}
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", *args], stdout=write,
                            stderr=subprocess.PIPE, text=True, env=env)
    os.close(write)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err


def test_output_into_a_closed_pipe_ends_quietly_as_a_unix_tool_does(live):
    """Quiet, and the status of a tool its reader left (141, as `seq 9999 | head -1`): not 1,
    the code for "the companion refused", nor "[Errno 32] Broken pipe" and 2."""
    mid = live.session().post(f"{live.url}/api/v1/matches", json=named_yaotzin_match("A")
                              ).json()["id"]
    live.session().post(f"{live.url}/api/v1/matches/{mid}/viewers", json={})
    for args, unbuffered in ((["simulate", "yaotzin", "--json"], False),
                             (["simulate", "yaotzin", "--json"], True),
                             (["board", "list", mid], True), (["match", "list"], True)):
        status, err = into_a_closed_pipe(*args, unbuffered=unbuffered, url=live.url)
        assert (status, err) == (141, ""), (args, unbuffered, status, err)


def test_the_kick_chart_says_what_kicker_it_assumes():
    out = run_cli("simulate", "yaotzin", "--dex", "14", "--bab", "3", "--max-ft", "10")
    assert "Dex 14" in out.stdout and "BAB +3" in out.stdout and "feats: none" in out.stdout


def suggest_body() -> dict:
    return {"teams": [{"id": t["id"], "players": [{**p, "athletics": 3, "acrobatics": 2}
                                                  for p in t["players"]]}
                      for t in GOAT["teams"]], "possession": GOAT["possession"]}


# -- the planner, the autopilot, tune and the charts as commands; tables for matches ----------
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
    assert "Sun Lords 1 – moon 0" in shown.stdout and "1 event in force" in shown.stdout
    piped = ballcourt("match", "list", url=live.url)      # not a terminal: JSON, as before
    assert json.loads(piped.stdout)["matches"][0]["id"] == mid


def test_match_show_titles_an_unnamed_match_by_its_teams():
    """A match with no name was titled by its id, then the id again: `c6d6 (goatball, c6d6)`;
    the delete prompt already names it by its teams."""
    from companion.cli_tables import match_show_text

    state = {"id": "c6d6", "name": None, "game": "goatball", "seq": 0, "status": "playing",
             "passes": 0, "possession": None, "winner": None,
             "teams": [{"id": "red", "players": []}, {"id": "blue", "name": "Blue Goats",
                                                      "players": []}]}
    assert match_show_text(state).startswith("red v Blue Goats (goatball, c6d6)\n")
    assert "0 events in force" in match_show_text(state)


# -- errors a user can act on ----------------------------------------------------------------
@pytest.mark.parametrize("args, stdin, says", [
    (["kick", "-"], "{", "stdin is not valid JSON: Expecting property name enclosed in double"
                         " quotes at line 1, column 2"),
    (["kick", "-"], "", "stdin is empty: give a JSON object (pipe one in, or name a file)"),
    (["kick", "/no/such/body.json"], None, "no file /no/such/body.json: give the path of a"
                                           " JSON file, or - to read stdin"),
    (["--url", "127.0.0.1:7770", "match", "list"], None,
     "--url '127.0.0.1:7770' is not a URL: write it as http://HOST:PORT"),
    (["simulate", "goatball", "--roster", "/no/roster.json"], None, "no file /no/roster.json"),
    (["match", "import", "-"], "[1]", "the file holds no exported match (a JSON object)"),
])
def test_the_cli_says_what_is_wrong_and_what_to_do(args, stdin, says):
    out = ballcourt(*args, stdin=stdin, url="http://127.0.0.1:9")
    assert out.returncode == 2
    assert out.stderr.startswith(f"ballcourt: {says}"), out.stderr
    assert "Errno" not in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_an_error_inside_ballcourt_is_a_bug_said_so_not_a_bad_command_line(monkeypatch, capsys):
    """A ValueError no command expected (the chart's `min() arg is an empty sequence`, once)
    is ballcourt's fault: its traceback, a line saying so, status 70, never "ballcourt: ..."
    and 2 as if the user had typed something wrong."""
    from companion import cli
    from companion.sim import goatball_run

    def broken(*args, **kwargs):
        raise ValueError("min() arg is an empty sequence")

    monkeypatch.setattr(goatball_run, "simulate", broken)
    status = cli.main(["simulate", "goatball", "--players", "2", "--matches", "1"])
    err = capsys.readouterr().err
    assert status == cli.INTERNAL_ERROR == 70
    assert "Traceback" in err and "ValueError: min() arg is an empty sequence" in err
    assert err.strip().splitlines()[-1].startswith("ballcourt: an error inside ballcourt")


def test_a_bad_plot_target_for_the_match_chart_is_the_users_to_fix(capsys):
    from companion import cli

    assert cli.main(["simulate", "yaotzin", "--chart", "matches", "--plot", "x.pdf"]) == 2
    assert capsys.readouterr().err == "ballcourt: --plot writes .png or .svg, not '.pdf'\n"


def test_a_single_bad_field_is_said_once_and_named_once(live):
    body = {**KICK, "rolls": {"attack": 25}}
    out = ballcourt("kick", "-", stdin=json.dumps(body), url=live.url)
    assert out.returncode == 1
    assert out.stderr == "ballcourt: 422 rules: rolls.attack: 25 is not a d20 result\n"
    r = live.session().post(f"{live.url}/api/v1/yaotzin/kick", json=body)
    assert r.json()["error"]["fields"] == {"rolls.attack": ["25 is not a d20 result"]}


# -- refused, not accepted silently ------------------------------------------------------------
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


def test_the_simulator_never_prints_python_none_nor_reads_as_no_zones():
    from companion.sim.goatball_run import simulate, table

    report = simulate(players=2, zones=[0, 1], matches=20, seed=3, workers=1, batch=20,
                      robust_matches=20)
    text = table(report)
    assert "None" not in text
    if report["recommended_zones"] is None:
        assert "recommended zones: cannot tell (" in text


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_serve_on_every_address_is_refused_saying_which_to_give(tmp_path, host):
    """--host 0.0.0.0 started without a word, then answered every request to the machine's
    LAN address with 403 forbidden_host (only names it was given pass: DNS rebinding)."""
    out = run_cli("serve", "--host", host, "--port", str(free_port()), "--data-dir",
                  str(tmp_path))
    assert out.returncode == 2 and "URL:" not in out.stdout and "Token" not in out.stdout
    assert f"--host {host} listens on every address" in out.stderr
    assert "403" in out.stderr and "DNS rebinding" in out.stderr
    assert "give the address they reach it by, --host " in out.stderr


def test_match_delete_asks_first_and_keeps_the_match_unless_told_yes(live):
    mid = live.session().post(f"{live.url}/api/v1/matches", json=named_yaotzin_match("Sun")
                              ).json()["id"]
    kept = ballcourt("match", "delete", mid, stdin="n\n", url=live.url)
    assert kept.returncode == 0 and f"Kept match {mid}." in kept.stderr
    assert f"Delete match {mid} (yaotzin: Sun v b, 0 events)" in kept.stderr
    assert "cannot be undone. [y/N]" in kept.stderr
    assert ballcourt("match", "show", mid, url=live.url).returncode == 0
    nothing = ballcourt("match", "delete", mid, stdin="", url=live.url)
    assert nothing.returncode == 0 and "Kept" in nothing.stderr
    deleted = ballcourt("match", "delete", mid, stdin="yes\n", url=live.url)
    assert deleted.returncode == 0 and deleted.stdout == f"Deleted match {mid}.\n"
    assert "not_found" in ballcourt("match", "show", mid, url=live.url).stderr
    other = live.session().post(f"{live.url}/api/v1/matches", json=named_yaotzin_match("M")
                                ).json()["id"]
    scripted = ballcourt("match", "delete", other, "--yes", url=live.url)
    assert scripted.returncode == 0 and scripted.stderr == ""
    missing = ballcourt("match", "delete", other, "--yes", url=live.url)
    assert missing.returncode == 1 and "not_found" in missing.stderr


def test_the_yaotzin_autopilot_is_a_command(live):
    """/yaotzin/suggest had no command: the goat-ball autopilot had one, Yaotzin's none."""
    holder = {"id": "ix", "team": "sun", "x": 60, "y": 12, "str": 14, "dex": 14, "bab": 2}
    body = {"players": [holder, {"id": "yo", "team": "moon", "x": 66, "y": 12}],
            "ball": {"x": 60, "y": 12}, "attacks": "west"}
    out = ballcourt("yaotzin-autopilot", "-", stdin=json.dumps({**body, "mover": "yo"}),
                    url=live.url)
    assert out.returncode == 0, out.stderr
    first, why, tactics = out.stdout.splitlines()
    assert first.startswith("yo moves (66, 12) to (61, ") and \
        first.endswith(" squares), then contests the ball (disarm).")
    assert why.startswith("  why: ") and tactics == \
        "  tactics: press-ball; sun attacks east, moon attacks west"
    kick = ballcourt("yaotzin-autopilot", "-", "--json", url=live.url,
                     stdin=json.dumps({**body, "mover": "ix", "attacks": "east"}))
    assert json.loads(kick.stdout)["turn"]["action"]["route"] == "kick"
    bad = ballcourt("yaotzin-autopilot", "-", stdin=json.dumps({**body, "mover": "zz"}),
                    url=live.url)
    assert bad.returncode == 1 and "mover" in bad.stderr


def test_preview_text_says_the_kick_it_previews(live):
    """`preview --text` printed an empty line: a preview has no card."""
    out = ballcourt("preview", "-", "--text", stdin=json.dumps(KICK), url=live.url)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "ix would kick at (18, 12): 40 ft of 40 ft, attack -9 against AC 5, hits 35%.",
        "  yo may intercept at (13, 12): Reflex DC 14, stops it 55%."]
    far = ballcourt("preview", "-", "--text", url=live.url,
                    stdin=json.dumps({**KICK, "target": {"x": 40, "y": 12}}))
    assert far.stdout == ("ix cannot kick at (40, 12): Kick of 150 ft is beyond Ixpoetchitl's"
                          " 40 ft max range.\n")


def test_the_referees_inspection_is_a_command_with_a_roster_file(live, tmp_path):
    roster = tmp_path / "roster.json"
    roster.write_text(json.dumps({"players": [
        {"id": "ix", "items": [{"name": "Chain shirt", "type": "armor", "equipped": True}],
         "traits": ["Evasion (Ex)"]},
        {"id": "yo", "effects": [{"name": "Haste"}]}, {"id": "ce"}]}))
    out = ballcourt("yaotzin", "inspect", "--roster", str(roster), url=live.url)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "ix: 2 findings",
        "  Chain shirt: metal, not allowed, judged by name - its name says metal (chain): no"
        " metal on the court, ornaments included",
        "  Evasion (Ex): extraordinary, allowed (GM's call) - an extraordinary (Ex) ability:"
        " the GM's call, reported and allowed",
        "yo: 1 finding",
        "  Haste: magic effect, not allowed, judged by name - its name is a spell's (haste): no"
        " spell in effect on the court",
        "ce: nothing found"]
    raw = ballcourt("yaotzin", "inspect", "--roster", "-", "--json", url=live.url,
                    stdin=json.dumps({"players": [{"id": "ix", "traits": ["Regeneration 5"]}]}))
    assert json.loads(raw.stdout)["players"][0]["findings"][0]["kind"] == "healing"
    bad = ballcourt("yaotzin", "inspect", "--roster", "-", url=live.url,
                    stdin=json.dumps({"players": [{"id": "ix", "items": [{"type": "ring"}]}]}))
    assert bad.returncode == 1 and "players.0.items.0.name" in bad.stderr


def test_npc_matches_odds_and_play_are_commands_with_a_roster_file(live, tmp_path):
    """`ballcourt yaotzin odds` and `play`: the scene's rosters and state in a file, a readable
    answer (or the companion's JSON), the same for the same seed."""
    from tests.server.test_npc_matches import late

    roster = tmp_path / "scene.json"
    roster.write_text(json.dumps(late()))
    odds = ballcourt("yaotzin", "odds", "--roster", str(roster), "--matches", "4",
                     "--seed", "2", url=live.url)
    assert odds.returncode == 0, odds.stderr
    lines = odds.stdout.splitlines()
    assert lines[0].split() == ["team", "wins", "95%", "interval", "expected", "score"]
    assert [line.split()[0] for line in lines[2:5]] == ["eagles", "jaguars", "draw"]
    assert lines[-1] == "4 matches, seed 2"
    raw = ballcourt("yaotzin", "odds", "--roster", str(roster), "--matches", "4", "--seed", "2",
                    "--json", url=live.url)
    assert json.loads(raw.stdout)["matches"] == 4
    play = ballcourt("yaotzin", "play", "--roster", "-", "--seed", "7", url=live.url,
                     stdin=json.dumps(late()))
    assert play.returncode == 0, play.stderr
    answer = json.loads(ballcourt("yaotzin", "play", "--roster", str(roster), "--seed", "7",
                                  "--json", url=live.url).stdout)
    first = play.stdout.splitlines()[0]
    assert first.startswith("Final: eagles ") and f"round {answer['rounds']})" in first
    goals = [h for h in answer["highlights"] if h["kind"] == "goal"]
    assert sum(" goal" in line for line in play.stdout.splitlines()) == len(goals)
    bad = ballcourt("yaotzin", "play", "--roster", "-", url=live.url,
                    stdin=json.dumps({**late(), "round": 500}))
    assert bad.returncode == 1 and "round" in bad.stderr


def test_a_refusal_whose_message_names_its_one_field_says_it_once(live):
    """Importing a match that is already here: the message names `match.id` and says what to
    do; the field's own shorter line under it said the same thing again."""
    made = ballcourt("match", "new", "-", stdin=json.dumps(named_yaotzin_match("Sun")),
                     url=live.url)
    exported = ballcourt("match", "export", json.loads(made.stdout)["id"], url=live.url)
    out = ballcourt("match", "import", "-", stdin=exported.stdout, url=live.url)
    assert out.returncode == 1
    assert out.stderr.startswith("ballcourt: 409 match_exists: match.id: a match '")
    assert len(out.stderr.splitlines()) == 1, out.stderr


def test_a_refusal_of_one_field_its_message_not_naming_it_is_said_once_with_its_name(live):
    """A kick beyond range: the rules' message ("Kick of 100 ft is beyond ...") does not name
    `target`; it was printed, then again under the field's name."""
    body = {**KICK, "target": {"x": KICK["ball"]["x"] + 20, "y": KICK["ball"]["y"]}}
    out = ballcourt("kick", "-", stdin=json.dumps(body), url=live.url)
    assert out.returncode == 1
    assert out.stderr.startswith("ballcourt: 422 out_of_range: target: Kick of "), out.stderr
    assert len(out.stderr.splitlines()) == 1, out.stderr


@pytest.mark.parametrize("roster, says", [
    # a skill left out was said to be a bad bonus, not a missing one
    ({"teams": [{"id": "r", "players": [{"id": "r1", "athletics": 3}]},
                {"id": "b", "players": [{"id": "b1", "athletics": 2, "acrobatics": 1}]}]},
     "teams.0.players.0.acrobatics: acrobatics is missing: give his bonus, a whole number"
     " -5 to +20"),
    ({"teams": [{"id": "r", "players": [{"id": "r1", "athletics": "x", "acrobatics": 1}]},
                {"id": "b", "players": [{"id": "b1", "athletics": 2, "acrobatics": 1}]}]},
     "teams.0.players.0.athletics: athletics is a whole bonus, -5 to +20, not 'x'"),
    # /goatball/tune's body read as a roster: its zones were left unused without a word
    ({"teams": [{"id": "r", "players": [{"id": "r1", "athletics": 3, "acrobatics": 2}]},
                {"id": "b", "players": [{"id": "b1", "athletics": 2, "acrobatics": 1}]}],
      "zones": [0, 2], "matches": 20},
     "--roster: FILE gives the teams only, not matches, zones: say those with the options"
     " (--zones, --max-matches, ...)"),
])
def test_a_bad_roster_file_is_said_so_by_field(roster, says, tmp_path):
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(roster))
    out = ballcourt("simulate", "goatball", "--roster", str(path), "--max-matches", "2",
                    "--no-robustness")
    assert out.returncode == 2
    assert out.stderr == f"ballcourt: {says}\n"


def test_token_with_a_data_dir_it_cannot_use_says_so_as_serve_does(tmp_path):
    """`ballcourt token --data-dir FILE` was a traceback and status 70, "an error inside
    ballcourt", where `serve` says it cannot use the data dir (status 2)."""
    not_a_dir = tmp_path / "afile"
    not_a_dir.write_text("")
    for command in ("token", "serve"):
        out = run_cli(command, "--data-dir", str(not_a_dir), "--port", str(free_port())) \
            if command == "serve" else run_cli(command, "--data-dir", str(not_a_dir))
        assert out.returncode == 2, (command, out.stderr)
        assert out.stderr.startswith(f"ballcourt: cannot use the data dir {not_a_dir}: ")
        assert "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1


@pytest.mark.parametrize("action", ["show", "events", "undo", "verify", "export", "report"])
def test_a_match_id_is_sent_as_one_path_segment(action, live):
    """`match show 'ID?'` showed match ID and `match verify '../ID'` asked another route: only
    delete and report quoted the id; now every command sends it whole."""
    mid = json.loads(ballcourt("match", "new", "-", stdin=json.dumps(named_yaotzin_match("S")),
                               url=live.url).stdout)["id"]
    for typed in (f"{mid}?", f"{mid}#", f"x/../{mid}"):
        out = ballcourt("match", action, typed, url=live.url)
        assert out.returncode == 1 and not out.stdout, (typed, out.stdout)
        if "/" not in typed:      # the server reads %2F as a slash: no route, not no match
            assert out.stderr == f"ballcourt: 404 not_found: no match {typed!r}\n"


def test_a_board_key_is_sent_as_one_path_segment(live):
    mid = json.loads(ballcourt("match", "new", "-", stdin=json.dumps(named_yaotzin_match("S")),
                               url=live.url).stdout)["id"]
    key = ballcourt("board", "share", mid, url=live.url).stdout.split("key: ")[1].split()[0]
    out = ballcourt("board", "revoke", mid, f"{key}?", url=live.url)
    assert out.returncode == 1 and f"no viewer key '{key}?'" in out.stderr, out.stderr
    assert ballcourt("board", "list", f"{mid}?", url=live.url).returncode == 1


@pytest.mark.parametrize("args, says", [
    (["goatball", "--budget", "600"], "--budget: the budget must be 1 to 500 passes"),
    (["goatball", "--pass-limit", "10"], "--budget: the budget must be at most the pass limit"),
    (["goatball", "--zones", "two"], "--zones: zones must be comma-separated whole numbers"),
    (["yaotzin", "--max-ft", "400"], "--max-ft: the chart runs 1 to 60 squares"),
    (["yaotzin", "--chart", "matches", "--robust-seeds", "x"], "--robust-seeds: "),
])
def test_a_refused_simulate_option_is_named_as_typed(args, says, capsys):
    """The simulators name the parameter at fault (`max_squares`, `pass_limit`); the command
    line names the option a user typed (`--max-ft`)."""
    from companion import cli

    assert cli.main(["simulate", *args]) == 2
    assert capsys.readouterr().err.startswith(f"ballcourt: {says}")


def test_a_played_npc_match_says_who_wins_in_a_sentence():
    """'Final: sun 4 - moon 3 (sun win at the round limit, ...)' read as broken English."""
    from companion.cli_tables import play_text

    won = {"score": {"sun": 4, "moon": 3}, "winner": "sun", "ended_by": "time", "rounds": 100,
           "highlights": []}
    assert play_text(won) == "Final: sun 4 - moon 3 (sun wins at the round limit, round 100)"
    drawn = {**won, "score": {"sun": 3, "moon": 3}, "winner": None}
    assert play_text(drawn) == "Final: sun 3 - moon 3 (a draw at the round limit, round 100)"


def test_the_kick_charts_distance_is_whole_squares():
    """--max-ft 12 drew the chart to 10 ft without a word."""
    out = run_cli("simulate", "yaotzin", "--max-ft", "12")
    assert out.returncode == 2
    assert out.stderr.strip().endswith(
        "argument --max-ft: 12 ft is not a whole number of 5-ft squares")
