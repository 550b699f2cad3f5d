"""The compiled build (setup.py's BALLCOURT_COMPILE=1: mypyc, from the same source) plays the
same matches as pure Python, to the bit, on a small sample (the build takes about a minute):
goat-ball's and Yaotzin's."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).parents[2]

PLAY = """
import json
from companion.sim import goatball_match as goatball
from companion.advice.goatball import roster_from, tune
from companion.sim.goatball_run import simulate

report = simulate(6, [0, 3, 8], 30, seed=5, workers=1, batch=15, robust_matches=10,
                  robust_seeds=2)
assert simulate(6, [0, 3, 8], 30, seed=5, workers=2, batch=15, robust_matches=10,
                robust_seeds=2) == report          # the processes' answers pickle back whole
trace = []
goatball.play_match(5, 4, "t:1", "t:1:dice", tactics="follow-ball", lean=False, trace=trace)
roster = roster_from({"teams": [
    {"id": "a", "players": [{"id": f"a{i}", "athletics": i, "acrobatics": 5 - i}
                            for i in range(4)]},
    {"id": "b", "players": [{"id": f"b{i}", "athletics": 3, "acrobatics": 2}
                            for i in range(4)]}]})
# the players' written-out equality and hash: the dataclass's, and hashable when compiled
from companion.rules.goatball.state import Player
a, b = Player("a", "r", "p1"), Player("a", "r", "p1")
players = [a == b, a != Player("a", "r", "p1", zone="z1"), a == Player("a", "r", "p1", out=True),
           hash(a) == hash(b), len({a, b, Player("b", "r", "p2")}), a == "a"]
print(json.dumps({"compiled": goatball.__file__.endswith(".so"), "report": report,
                  "trace": trace, "tune": tune(roster, matches=30), "players": players},
                 sort_keys=True))
"""

PLAY_YAOTZIN = """
import json
from dataclasses import asdict
from companion.sim import yaotzin_match
from companion.sim.yaotzin_run import simulate
from companion.tactics import yaotzin as tactics

kw = dict(players=[3, 4], widths=[60], ratios=[2.5, 3.0], matches=4, budget=30,
          robust_matches=2, robust_seeds=[2])
report = simulate(workers=1, **kw)
assert simulate(workers=2, **kw) == report          # the processes' answers pickle back whole
trace = []
stats = [asdict(yaotzin_match.play_match(4, 60, 3.0, f"c:{i}", name, 30, trace=trace))
         for name in tactics.PRESETS for i in range(2)]
print(json.dumps({"compiled": [yaotzin_match.__file__.endswith(".so"),
                               tactics.__file__.endswith(".so")],
                  "report": report, "trace": trace, "stats": stats}, sort_keys=True))
"""


@pytest.fixture(scope="module")
def compiled_tree(tmp_path_factory):
    pytest.importorskip("mypyc")
    if not (shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")):
        pytest.skip("no C compiler for mypyc")
    from bench.compiled import build_compiled

    return build_compiled(tmp_path_factory.mktemp("compiled"))


def play(where: Path, script: str = PLAY) -> dict:
    out = subprocess.run([sys.executable, "-c", script], cwd=where,
                         env={**os.environ, "PYTHONPATH": str(where)},
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-4000:]
    return json.loads(out.stdout)


def test_the_compiled_build_plays_every_match_as_pure_python_does(compiled_tree):
    compiled, pure = play(compiled_tree), play(ROOT)
    assert compiled.pop("compiled") and not pure.pop("compiled")
    assert compiled == pure


def test_the_compiled_build_plays_every_yaotzin_match_as_pure_python_does(compiled_tree):
    compiled, pure = play(compiled_tree, PLAY_YAOTZIN), play(ROOT, PLAY_YAOTZIN)
    assert compiled.pop("compiled") == [True, True] and pure.pop("compiled") == [False, False]
    assert compiled == pure


def serve_from(where: Path, data: Path) -> tuple[subprocess.Popen, str]:
    """`ballcourt serve` run from `where` (a compiled tree or the repository), once it
    answers."""
    from tests.conftest import TOKEN, free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--port", str(port),
                             "--data-dir", str(data)], cwd=where,
                            env={**os.environ, "PYTHONPATH": str(where), "BALLCOURT_TOKEN": TOKEN},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{url}/api/v1/health", timeout=5).ok:
                return proc, url
        except requests.RequestException:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the companion did not start")


def http_answers(where: Path, data: Path) -> dict:
    """What the companion served from `where` answers to the tune, both autopilots, the shot
    planner and a kick preview's odds, over real HTTP (the tune's and the heavy routes' worker
    processes included)."""
    from bench.scenario import goat_body, kick_body
    from tests.conftest import TOKEN
    from tests.server.test_npc_matches import late

    proc, url = serve_from(where, data)
    headers = {"Authorization": f"Bearer {TOKEN}"}
    goat = goat_body(3)
    kick = kick_body(12)
    calls = {
        "tune": ("/api/v1/goatball/tune", {"teams": [
            {"id": t["id"], "players": [{"id": p["id"], "athletics": 3, "acrobatics": 2}
                                        for p in t["players"]]} for t in goat["teams"]],
            "matches": 3, "zones": [0, 2]}),
        "goatball_suggest": ("/api/v1/goatball/suggest", {
            "possession": goat["possession"], "teams": [
                {**t, "players": [{**p, "athletics": 3, "acrobatics": 2}
                                  for p in t["players"]]} for t in goat["teams"]]}),
        "yaotzin_suggest": ("/api/v1/yaotzin/suggest", {
            "players": kick["players"], "ball": {"x": 45, "y": 3}, "mover": "kicker"}),
        "kick_suggest": ("/api/v1/yaotzin/kick/suggest",
                         {k: v for k, v in kick.items() if k != "target"}),
        "preview": ("/api/v1/yaotzin/kick/preview", kick),
        # NPC matches: the told match subclasses the compiled Match
        "yaotzin_odds": ("/api/v1/yaotzin/odds", late(matches=3, seed=1)),
        "yaotzin_play": ("/api/v1/yaotzin/play", late(seed=1))}
    try:
        out = {}
        for name, (route, body) in calls.items():
            r = requests.post(url + route, json=body, headers=headers, timeout=120)
            assert r.status_code == 200, (name, r.status_code, r.text[:2000])
            out[name] = r.json()
        return out
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err, err[-4000:]


def test_the_compiled_build_answers_every_heavy_route_over_http_as_pure_python_does(
        compiled_tree, tmp_path):
    """The tune's worker unpickled a compiled class from its arguments and every tune was a
    500: the routes that hand work to another process, through a real server."""
    compiled = http_answers(compiled_tree, tmp_path / "compiled")
    assert compiled == http_answers(ROOT, tmp_path / "pure")
