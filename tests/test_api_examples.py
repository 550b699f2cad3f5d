"""docs/api.md's examples work as written: every route's section has a curl example for that
very route, and every shell block, run in order in one shell against a real companion on
loopback, answers 2xx (curl fails on any 4xx or 5xx and the shell stops there)."""

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import TOKEN, LiveServer

ROOT = Path(__file__).parents[1]
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
HEADING = re.compile(r"^#+ `((GET|POST|DELETE) ([^`]+))`", re.M)


def sections() -> dict[str, str]:
    """Each route heading and its text up to the next route's (headings that share a text,
    as boxscore.js and boxscore.css do, share it)."""
    heads = list(HEADING.finditer(API))
    out = {}
    for i, m in enumerate(heads):
        end = next((h.start() for h in heads[i + 1:] if API[m.end():h.start()].strip()),
                   len(API))
        out[m.group(1)] = API[m.end():end].split("\n## ")[0]
    return out


def shell_blocks(text: str) -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M)


def test_every_route_has_a_curl_example_for_itself():
    found = sections()
    assert len(found) > 35
    for route, text in found.items():
        method, path = route.split(" ")
        # a path's <match_id> and <key>: the shell variable an example set ($MATCH, $KEY, ...)
        url = re.compile(re.escape("http://127.0.0.1:7770") + re.sub(
            r"<\w+>", r"\\$[A-Z]+", re.escape(path)) + r"(?![\w/.])")
        blocks = [b for b in shell_blocks(text) if "curl " in b]
        assert blocks, f"{route}: no curl example"
        flag = {"DELETE": "-X DELETE", "POST": " -d ", "GET": ""}[method]
        assert any(url.search(b) and (
            flag in b or method == "POST" and "-X POST" in b) for b in blocks), (route, blocks)


@pytest.mark.skipif(shutil.which("curl") is None, reason="needs curl")
def test_every_example_runs_as_written_against_a_real_companion(tmp_path):
    live = LiveServer(tmp_path / "data").start()
    script = "\n".join(shell_blocks(API)).replace("http://127.0.0.1:7770", live.url)
    # as written, but any 4xx or 5xx stops the run with its body shown
    script = script.replace("curl -s ", "curl -sS --fail-with-body ")
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "BALLCOURT_TOKEN": TOKEN,
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    try:
        run = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=work, env=env,
                             capture_output=True, text=True, timeout=300)
    finally:
        live.kill(signal.SIGTERM)
    assert run.returncode == 0, (run.stdout[-3000:], run.stderr[-3000:])
    assert (work / "ballcourt.zip").read_bytes()[:2] == b"PK"
    assert "<!doctype html>" in (work / "board.html").read_text()
    assert '"ping": 1' in run.stdout.replace('"ping":1', '"ping": 1')
