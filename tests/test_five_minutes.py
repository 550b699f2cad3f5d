"""The five-minute guide as a new user reads it: goat-ball's five minutes as well as
Yaotzin's, and what to do when the companion stops mid-session, which holds: a companion
killed and started again keeps the matches, their events and the viewer keys."""

import signal
from pathlib import Path

import requests

from tests.conftest import LiveServer

ROOT = Path(__file__).parents[1]


def five_minutes() -> str:
    text = (ROOT / "docs" / "foundry.md").read_text(encoding="utf-8")
    return text.split("## Foundry in five minutes", 1)[1].split("\n## ", 1)[0]


def test_the_guide_has_goatball_s_five_minutes_too():
    guide = five_minutes()
    for step in ("*New goat-ball arena*", "*Tip-off*", "*Play a pass*",
                 "(#goat-ball-a-play-through)"):
        assert step in guide, step


def test_the_guide_says_what_to_do_when_the_companion_stops_and_that_holds(tmp_path):
    guide = " ".join(five_minutes().split())
    assert "If the companion stops mid-session" in guide
    assert "start it again with the same command" in guide and "nothing is lost" in guide
    live = LiveServer(tmp_path / "data").start()
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json={"game": "yaotzin", "teams": [
        {"id": "sun"}, {"id": "moon"}]}).json()["id"]
    assert s.post(f"{live.url}/api/v1/matches/{mid}/events",
                  json={"type": "goal", "team": "sun"}).status_code == 201
    board = s.post(f"{live.url}/api/v1/matches/{mid}/viewers").json()["url"]
    live.kill(signal.SIGKILL)
    again = LiveServer(tmp_path / "data", port=live.port).start()
    try:
        assert s.get(f"{again.url}/api/v1/matches/{mid}").json()["score"] == \
            {"sun": 1, "moon": 0}
        assert requests.get(board, timeout=10).status_code == 200
    finally:
        again.kill(signal.SIGTERM)
