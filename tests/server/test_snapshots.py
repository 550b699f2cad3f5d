"""Undo replays from the newest snapshot: its cost does not grow with the match."""

import json
import random

from companion.server import matches as matches_module
from companion.server.db import connect, init_db
from companion.server.matches import Matches


def match(tmp_path):
    init_db(tmp_path / "m.sqlite3")
    db = connect(tmp_path / "m.sqlite3")
    db.execute("PRAGMA synchronous=OFF")
    m = Matches(db)
    mid = m.create({"game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}], "field": None,
                    "settings": {"round_limit": 10000, "points_to_win": 99}, "name": None})
    return m, mid["id"]


def event(i: int) -> dict:
    goal = {"type": "goal", "team": "a" if i % 8 == 1 else "b"}
    return [{"type": "round"}, goal if i % 40 < 8 else {"type": "round"},
            {"type": "ball", "x": 5 + i % 30, "y": 2 + i % 10, "speed": 0},
            {"type": "note", "text": str(i)}][i % 4]


def replayed(m: Matches, mid: str) -> dict:
    """The state folded from the start: what every snapshot must agree with."""
    state = json.loads(m.row(mid)["initial"])
    for stored in m.active(mid):
        state, _, _ = m.fold("yaotzin", state, stored)
    return state


def test_undo_folds_at_most_one_interval_however_long_the_match(tmp_path, monkeypatch):
    m, mid = match(tmp_path)
    for i in range(3 * matches_module.SNAPSHOT_EVERY + 7):
        m.append(mid, event(i))
    folds = []
    real = Matches.fold
    monkeypatch.setattr(Matches, "fold", staticmethod(
        lambda game, state, ev: (folds.append(ev), real(game, state, ev))[1]))
    for _ in range(10):
        folds.clear()
        m.undo(mid)
        assert len(folds) < matches_module.SNAPSHOT_EVERY
    snaps = m.db.execute("SELECT COUNT(*) FROM snapshots WHERE match_id = ?", (mid,)).fetchone()
    assert snaps[0] == (3 * matches_module.SNAPSHOT_EVERY + 7 - 10) // matches_module.SNAPSHOT_EVERY


def test_snapshots_agree_with_a_full_replay_through_any_mix_of_undo(tmp_path, monkeypatch):
    monkeypatch.setattr(matches_module, "SNAPSHOT_EVERY", 4)
    m, mid = match(tmp_path)
    rng = random.Random(13)
    for i in range(160):
        if rng.random() < 0.35 and m.get(mid)["seq"] > 0:
            state, _ = m.undo(mid)
        else:
            state, _, _ = m.append(mid, event(i))
        stored = {k: v for k, v in state.items() if k not in ("id", "name", "created", "seq",
                                                               "log_seq", "rules_version")}
        assert stored == replayed(m, mid), i
        assert state["seq"] == len(m.active(mid))
