"""The `ballcourt` command against a real companion."""

import json
import os
import subprocess
import sys

from tests.conftest import TOKEN
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
