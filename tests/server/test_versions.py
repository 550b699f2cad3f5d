"""Rules versions in the log: every event is folded by the rules it was played under, a replay
that no longer gives what was played is refused by name, and a match moves between companions
whole (export, import) with its versions."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.rules.versions import CURRENT
from companion.server import create_app
from companion.server.config import Config
from tests.conftest import TOKEN, Api
from tests.server.helpers import assert_error

YAOTZIN = {"game": "yaotzin", "teams": [{"id": "sun", "defends": "west"},
                                        {"id": "moon", "defends": "east"}]}
GOAT = {"game": "goatball", "teams": [
    {"id": "red", "players": [{"id": "r1", "platform": "p1"}, {"id": "r2", "platform": "p2"}]},
    {"id": "blue", "players": [{"id": "b1", "platform": "p7"}, {"id": "b2", "platform": "p8"}]}]}


def yaotzin_match(api) -> str:
    """A short Yaotzin match: the ball moves, a goal, a round, damage, a note, an undo."""
    mid = api.post("/api/v1/matches", YAOTZIN).json["id"]
    for event in ({"type": "ball", "x": 3, "y": 4, "speed": 2, "direction": "E"},
                  {"type": "goal", "team": "sun"}, {"type": "round"},
                  {"type": "damage", "player": "m1", "nonlethal": 3},
                  {"type": "goal", "team": "moon"}):
        assert api.post(f"/api/v1/matches/{mid}/events", event).status_code == 201
    assert api.post(f"/api/v1/matches/{mid}/undo").status_code == 200
    assert api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "rain"}
                    ).status_code == 201
    return mid


def goatball_match(api) -> str:
    """A goat-ball match with dice: a tip-off, a pass whose rolls are stored, a note, an undo."""
    mid = api.post("/api/v1/matches", GOAT).json["id"]
    url = f"/api/v1/matches/{mid}/events"
    tip = api.post(url, {"type": "tipoff", "checks": {"r1": {"check": 18}, "b1": {"check": 5}}})
    assert tip.status_code == 201, tip.json
    if tip.json["possession"]["carrier"] is None:
        assert api.post(url, {"type": "carrier", "player": "r1"}).status_code == 201
    passed = api.post(url, {"type": "pass", "throw": {"kind": "pass", "target": "r2"},
                            "actions": [{"player": "r1", "action": "throw", "modifier": 4},
                                        {"player": "b1", "action": "intercept", "modifier": 2}],
                            "seed": 11})
    assert passed.status_code == 201, passed.json
    assert api.post(url, {"type": "note", "text": "a cheer"}).status_code == 201
    assert api.post(f"/api/v1/matches/{mid}/undo").status_code == 200
    return mid


def db_of(app) -> sqlite3.Connection:
    db = sqlite3.connect(app.config["BALLCOURT"].db_path)
    db.row_factory = sqlite3.Row
    return db


def other_api(tmp_path) -> Api:
    """A second companion, with a data dir of its own."""
    (tmp_path / "other").mkdir()
    app = create_app(Config(data_dir=tmp_path / "other", token=TOKEN, port=7770))
    return Api(app.test_client())


@pytest.mark.parametrize("play", [yaotzin_match, goatball_match])
def test_every_event_records_the_rules_version_it_was_played_under(api, app, play):
    mid = play(api)
    game = api.get(f"/api/v1/matches/{mid}").json
    assert game["rules_version"] == CURRENT[game["game"]]
    events = api.get(f"/api/v1/matches/{mid}/events").json["events"]
    assert all(e["rules_version"] == CURRENT[game["game"]] for e in events if e["type"] != "undo")
    stored = db_of(app).execute("SELECT type, rules_version, digest FROM events"
                                " WHERE match_id = ?", (mid,)).fetchall()
    assert all(r["digest"] and r["rules_version"] for r in stored if r["type"] != "undo")
    assert api.get(f"/api/v1/matches/{mid}/verify").json["faithful"] is True


def test_an_event_that_folds_differently_today_is_named_and_the_match_stays_readable(api, app):
    mid = yaotzin_match(api)
    before = api.get(f"/api/v1/matches/{mid}").json
    db = db_of(app)     # the goal of seq 2 now reads as the other team's, as a rule change would
    db.execute("UPDATE events SET body = replace(body, '\"sun\"', '\"moon\"')"
               " WHERE match_id = ? AND seq = 2", (mid,))
    db.commit()
    check = api.get(f"/api/v1/matches/{mid}/verify").json
    assert check["faithful"] is False
    assert check["diverged"]["seq"] == 2 and check["diverged"]["type"] == "goal"
    # still readable as it was played: the state, the log
    assert api.get(f"/api/v1/matches/{mid}").json == before
    assert api.get(f"/api/v1/matches/{mid}/events").status_code == 200
    # an undo that would replay across it says so, and changes nothing
    message = assert_error(api.post(f"/api/v1/matches/{mid}/undo"), 409, "replay_diverged")
    assert "event 2 (goal)" in message
    assert api.get(f"/api/v1/matches/{mid}").json == before


def test_a_log_from_a_newer_companion_is_readable_but_not_replayed(api, app):
    mid = yaotzin_match(api)
    db = db_of(app)
    db.execute("UPDATE events SET rules_version = 99 WHERE match_id = ? AND seq = 3", (mid,))
    db.commit()
    check = api.get(f"/api/v1/matches/{mid}/verify").json
    assert check["diverged"]["seq"] == 3 and "newer than this companion" in check["diverged"]["why"]
    assert api.get(f"/api/v1/matches/{mid}").status_code == 200


OLD_SCHEMA = """
CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, name TEXT, created TEXT NOT NULL,
    initial TEXT NOT NULL, state TEXT NOT NULL, log_seq INTEGER NOT NULL DEFAULT 0);
CREATE TABLE events (match_id TEXT NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL,
    type TEXT NOT NULL, body TEXT NOT NULL, created TEXT NOT NULL, undoes INTEGER,
    PRIMARY KEY (match_id, seq));
"""


def legacy_copy(app, tmp_path, ids, body_change=None) -> Api:
    """A companion on a database as one from before versions: the old schema, these matches
    copied into it (`body_change(match_id, seq, body)` may rewrite a stored event)."""
    old = tmp_path / "old"
    old.mkdir()
    db = sqlite3.connect(old / "ballcourt.sqlite3")
    db.executescript(OLD_SCHEMA)
    src = db_of(app)
    for mid in ids:
        m = src.execute("SELECT * FROM matches WHERE id = ?", (mid,)).fetchone()
        db.execute("INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (m["id"], m["game"], m["name"], m["created"], m["initial"], m["state"],
                    m["log_seq"]))
        for e in src.execute("SELECT * FROM events WHERE match_id = ?", (mid,)):
            body = e["body"] if body_change is None else body_change(mid, e["seq"], e["body"])
            db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                       (e["match_id"], e["seq"], e["type"], body, e["created"], e["undoes"]))
    db.commit()
    db.close()
    return Api(create_app(Config(data_dir=old, token=TOKEN, port=7770)).test_client())


def test_a_database_from_before_versions_finds_each_match_s_version_once(api, app, tmp_path,
                                                                         caplog):
    today, older, broken = yaotzin_match(api), yaotzin_match(api), yaotzin_match(api)

    def as_stored(mid, seq, body):
        if mid == older and seq == 2:      # sun's goal named into its own end: version 1 took it
            return body.replace('"team": "sun"', '"team": "sun", "end": "west"')
        if mid == broken and seq == 2:     # a goal for the other team: not what was stored
            return body.replace('"sun"', '"moon"')
        return body

    legacy = legacy_copy(app, tmp_path, [today, older, broken], as_stored)
    for mid, version in ((today, CURRENT["yaotzin"]), (older, 1)):
        assert legacy.get(f"/api/v1/matches/{mid}").json["rules_version"] == version
        check = legacy.get(f"/api/v1/matches/{mid}/verify").json
        assert check == {**check, "faithful": True, "versions": [version], "unversioned": 0}
        undone = legacy.post(f"/api/v1/matches/{mid}/undo")
        assert undone.status_code == 200 and undone.json["seq"] == 4
    # none reproduces the third: readable, unversioned, named; undo refused, nothing changed
    assert legacy.get(f"/api/v1/matches/{broken}").json["rules_version"] is None
    assert f"match {broken}: no rules version replays" in caplog.text
    check = legacy.get(f"/api/v1/matches/{broken}/verify").json
    assert check["faithful"] is False and check["unversioned"] == 5
    assert_error(legacy.post(f"/api/v1/matches/{broken}/undo"), 409, "replay_diverged")
    assert_error(legacy.get(f"/api/v1/matches/{broken}/report"), 409, "replay_diverged")
    assert legacy.get(f"/api/v1/matches/{broken}/events").status_code == 200


@pytest.mark.parametrize("play", [yaotzin_match, goatball_match])
def test_export_then_import_keeps_the_match_as_it_was_played(api, tmp_path, play):
    mid = play(api)
    exported = api.get(f"/api/v1/matches/{mid}/export").json
    other = other_api(tmp_path)
    made = other.post("/api/v1/matches/import", exported)
    assert made.status_code == 201, made.json
    assert other.get(f"/api/v1/matches/{mid}").json == api.get(f"/api/v1/matches/{mid}").json
    for part in ("events", "report", "verify"):
        assert (other.get(f"/api/v1/matches/{mid}/{part}").json
                == api.get(f"/api/v1/matches/{mid}/{part}").json), part
    assert other.get(f"/api/v1/matches/{mid}/export").json == exported
    # it plays on there: undo, a new event
    assert other.post(f"/api/v1/matches/{mid}/undo").status_code == 200


def test_an_imported_long_match_keeps_its_snapshots(api, app, tmp_path):
    mid = api.post("/api/v1/matches", YAOTZIN).json["id"]
    for i in range(120):
        api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": f"n{i}"})
    other = other_api(tmp_path)
    other.post("/api/v1/matches/import", api.get(f"/api/v1/matches/{mid}/export").json)
    snaps = other.client.application.config["BALLCOURT"].db_path
    seqs = [r[0] for r in sqlite3.connect(snaps).execute("SELECT seq FROM snapshots")]
    assert seqs == [50, 100]


def test_an_import_whose_id_is_here_is_refused_unless_asked_for_a_new_id(api):
    mid = yaotzin_match(api)
    exported = api.get(f"/api/v1/matches/{mid}/export").json
    assert_error(api.post("/api/v1/matches/import", exported), 409, "match_exists")
    again = api.post("/api/v1/matches/import", {**exported, "new_id": True})
    assert again.status_code == 201 and again.json["id"] != mid
    assert api.get(f"/api/v1/matches/{again.json['id']}/verify").json["faithful"] is True


def refused(api, body, field) -> None:
    response = api.post("/api/v1/matches/import", body)
    assert response.status_code == 422, response.json
    assert field in response.json["error"]["fields"], response.json


def test_an_import_is_refused_whole_naming_the_field(api, tmp_path):
    mid = yaotzin_match(api)
    good = api.get(f"/api/v1/matches/{mid}/export").json
    other = other_api(tmp_path)
    events = good["events"]
    refused(other, {**good, "format": "zip"}, "format")
    refused(other, {**good, "events": events[1:]}, "events.0.seq")
    future = [dict(e) for e in events]
    future[2]["rules_version"] = 7
    refused(other, {**good, "events": future}, "events.2.rules_version")
    changed = [dict(e) for e in events]
    changed[1]["body"] = {**changed[1]["body"], "team": "moon"}
    refused(other, {**good, "events": changed}, "events.1")
    refused(other, {**good, "match": {**good["match"], "initial": {"game": "yaotzin"}}},
            "match.initial")
    refused(other, {**good, "match": {**good["match"], "game": "goatball"}}, "events.0.type")
    refused(other, {**good, "events": []}, "match.state")
    undo = [dict(e) for e in events]
    undo[5]["undoes"] = 99
    refused(other, {**good, "events": undo}, "events.5.undoes")
    refused(other, {**good, "events": [{**events[0], "type": "kick"}] + events[1:]},
            "events.0.type")
    assert other.get("/api/v1/matches").json["matches"] == []   # nothing half kept


def test_match_export_and_import_from_the_command_line(live, tmp_path, capsys):
    from companion.cli import main
    from tests.conftest import LiveServer

    a, b = live, LiveServer(tmp_path / "b").start()
    try:
        link_a = ["--url", a.url, "--token", TOKEN]
        link_b = ["--url", b.url, "--token", TOKEN]
        (tmp_path / "m.json").write_text(json.dumps(YAOTZIN))
        assert main(["match", "new", str(tmp_path / "m.json"), *link_a]) == 0
        mid = json.loads(capsys.readouterr().out)["id"]
        assert main(["match", "export", mid, *link_a]) == 0
        (tmp_path / "x.json").write_text(capsys.readouterr().out)
        assert main(["match", "import", str(tmp_path / "x.json"), *link_b]) == 0
        assert json.loads(capsys.readouterr().out)["id"] == mid
        assert main(["match", "import", str(tmp_path / "x.json"), "--new-id", *link_b]) == 0
        assert json.loads(capsys.readouterr().out)["id"] != mid
        assert main(["match", "verify", mid, *link_b]) == 0
        assert json.loads(capsys.readouterr().out)["faithful"] is True
    finally:
        b.kill()
