"""The `ballcourt` command against a real companion."""

import argparse
import json
import os
import subprocess
import sys

from companion.cli import build_parser
from tests.conftest import TOKEN, free_port
from tests.fixtures_for_module import GOAT, HOT_PASS
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
                      env={"BALLCOURT_TOKEN": "nope"})
    assert wrong.returncode == 1 and "401" in wrong.stderr


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


def test_url_and_token_work_before_or_after_the_subcommand(live):
    env = {"BALLCOURT_TOKEN": "wrong", "BALLCOURT_URL": "http://127.0.0.1:9"}
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
