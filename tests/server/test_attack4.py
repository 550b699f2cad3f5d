"""What a fourth attack on the companion found (issue 28): each test failed before its fix."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from urllib.parse import urlencode

import pytest

from companion.server import create_app
from companion.server.config import Config
from tests.conftest import TOKEN, Api
from tests.fixtures_for_module import GOAT
from tests.server.test_api import KICK
from tests.server.test_cli import ballcourt
from tests.server.test_hardening import assert_error, new_match


# -- 5: other local users read nothing ---------------------------------------------------------
@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_the_data_folder_is_0700_and_the_database_and_its_wal_files_0600(tmp_path):
    data_dir = tmp_path / "new" / "ballcourt"
    old = os.umask(0o022)          # the usual umask, which made them 0755 and 0644
    try:
        api = Api(create_app(Config(data_dir=data_dir, token=TOKEN, port=7770)).test_client())
        with sqlite3.connect(data_dir / "ballcourt.sqlite3") as held:   # keeps -wal and -shm
            held.execute("SELECT * FROM matches").fetchall()
            new_match(api)
            files = {p.name: stat.S_IMODE(p.stat().st_mode) for p in data_dir.iterdir()}
        held.close()
    finally:
        os.umask(old)
    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700
    assert {"ballcourt.sqlite3", "ballcourt.sqlite3-wal", "ballcourt.sqlite3-shm"} <= set(files)
    assert all(mode == 0o600 for mode in files.values()), files


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_a_database_an_older_companion_left_readable_is_tightened(tmp_path):
    create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770))
    db = tmp_path / "ballcourt.sqlite3"
    db.chmod(0o644)
    create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770))
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


# -- 6: a real full disk -----------------------------------------------------------------------
@pytest.fixture
def small_disk(tmp_path):
    """A 640 kB tmpfs, mounted for this test (root on Linux only; skipped elsewhere)."""
    where = tmp_path / "small"
    where.mkdir()
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root on Linux")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=640k", "tmpfs", str(where)],
                          capture_output=True)
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(directory) -> None:
    """Write a file until the file system says it is full."""
    fd = os.open(directory / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)


def test_a_real_full_disk_answers_507_and_writes_nothing_half(small_disk, caplog):
    data_dir = small_disk / "data"
    api = Api(create_app(Config(data_dir=data_dir, token=TOKEN, port=7770)).test_client())
    mid = new_match(api)
    fill(small_disk)
    statuses = []
    for _ in range(50):     # until an append needs a page the disk has no room for
        r = api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "x" * 500})
        statuses.append(r.status_code)
        if r.status_code != 201:
            break
    assert statuses[-1] == 507, statuses
    assert assert_error(r, 507, "disk_full").startswith(f"the disk holding {data_dir} is full")
    assert_error(api.post("/api/v1/matches", {"game": "yaotzin",
                                              "teams": [{"id": "a"}, {"id": "b"}]}),
                 507, "disk_full")
    assert "hit a bug" not in caplog.text
    (small_disk / "filler").unlink()
    seq = api.get(f"/api/v1/matches/{mid}").json["seq"]
    assert seq == len(statuses) - 1                     # every 201 kept, the 507 not at all
    assert api.post(f"/api/v1/matches/{mid}/events", {"type": "note", "text": "ok"}
                    ).status_code == 201
    assert api.get(f"/api/v1/matches/{mid}").json["seq"] == seq + 1


# -- 4: ASCII digits only in the log's paging --------------------------------------------------
NOT_ASCII = ["²", "①", "٣", "𝟙", "１", "1²", "-1", "+1", " 1", "1" * 5000]


@pytest.mark.parametrize("value", NOT_ASCII, ids=lambda v: ascii(v)[1:12])
@pytest.mark.parametrize("name", ["after", "limit"])
def test_after_and_limit_take_ascii_digits_only_over_http_and_call(api, app, name, value):
    mid = new_match(api)
    r = api.get(f"/api/v1/matches/{mid}/events", query_string={name: value})
    assert_error(r, 422, "validation")
    assert list(r.json["error"]["fields"]) == [name]
    key = api.post(f"/api/v1/matches/{mid}/viewers").json["key"]
    for auth in ({"token": TOKEN}, {"viewer": key}):        # the GM's call and a viewer's
        client = app.extensions["socketio"].test_client(app, auth=auth)
        assert client.is_connected()
        ack = client.emit("call", {"method": "GET", "route": f"/api/v1/matches/{mid}/events?"
                                                               + urlencode({name: value})},
                          callback=True)
        assert ack["status"] == 422 and list(ack["body"]["error"]["fields"]) == [name], auth
    assert api.get(f"/api/v1/matches/{mid}/events", query_string={name: "1"}).status_code == 200


def test_the_openapi_document_declares_after_and_limit(api):
    spec = api.get("/api/v1/openapi.json").json
    params = spec["paths"]["/api/v1/matches/{match_id}/events"]["get"]["parameters"]
    query = {p["name"]: p["schema"] for p in params if p["in"] == "query"}
    assert query == {"after": {"type": "integer", "minimum": 0, "maximum": 2**62},
                     "limit": {"type": "integer", "minimum": 1, "maximum": 1000}}


# -- 3: names that would break the report or the terminal ---------------------------------------
BAD_NAMES = ["\x1b]0;owned\x07\x1b[2J", "line\nbreak", "tab\there", "nul\x00", "del\x7f",
             "c1\x9b2J", "evil\u202egnp.exe", "isolate\u2067x\u2069", "para\u2029graph"]


def yaotzin_match(name: str) -> dict:
    return {"game": "yaotzin", "teams": [{"id": "a", "name": name}, {"id": "b"}]}


def goat_pass(name: str) -> dict:
    body = json.loads(json.dumps(GOAT))
    body["teams"][0]["players"][0]["name"] = name
    return body


def kick(name: str) -> dict:
    body = json.loads(json.dumps(KICK))
    body["players"][0]["name"] = name
    return body


@pytest.mark.parametrize("name", BAD_NAMES, ids=lambda v: ascii(v)[1:14])
def test_a_name_with_a_control_character_or_a_bidi_override_is_refused(api, name):
    mid = new_match(api)
    cases = [("/api/v1/matches", yaotzin_match(name), "teams.0.name"),
             ("/api/v1/matches", {**yaotzin_match("A"), "name": name}, "name"),
             ("/api/v1/goatball/pass", goat_pass(name), "teams.0.players.0.name"),
             ("/api/v1/yaotzin/kick", kick(name), "players.0.name"),
             (f"/api/v1/matches/{mid}/viewers", {"label": name}, "label")]
    for path, body, field in cases:
        r = api.post(path, body)
        message = assert_error(r, 422, "validation")
        assert field in r.json["error"]["fields"], (path, r.json)
        assert f"U+{ord(next(c for c in name if c in BAD_CHARS)):04X}" in message
    assert [m["id"] for m in api.get("/api/v1/matches").json["matches"]] == [mid]


BAD_CHARS = {c for n in BAD_NAMES for c in n if not c.isalnum() and c not in ".;[]"}


def test_plain_unicode_names_are_still_welcome(api):
    for name in ("Ixpoetchitl", "Йолтеотль", "Nochtli ☀", "مرحبا", "a|b #1 [x] <y>"):
        assert api.post("/api/v1/matches", yaotzin_match(name)).status_code == 201, name


HOSTILE = ["Sun\n# Owned", "[x](javascript:alert(1))", "<img src=x onerror=alert(1)>",
           "**bold** _it_ `code` ~~gone~~", "a | b", "&lt;tag&gt;", "ends with ##"]


def test_the_markdown_report_keeps_every_name_literal():
    from markdown_it import MarkdownIt

    from companion.present.report import markdown

    teams = {f"t{i}": {"name": n, "score": 0} for i, n in enumerate(HOSTILE)}
    players = {f"p{i}": {"name": n, "team": f"t{i}", "goals": 0} for i, n in enumerate(HOSTILE)}
    report = {"game": "yaotzin", "status": "over", "winner": "t1", "round": 3, "events": 9,
              "teams": teams, "players": players,
              "fields": {"teams": ["score"], "players": ["goals"]}}
    text = markdown(report, "en", name="<script>x</script> # [y](javascript:z)")
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    kinds = {t.type for t in tokens} | {c.type for t in tokens for c in (t.children or [])}
    assert not kinds & {"html_block", "html_inline", "link_open", "image", "em_open",
                        "strong_open", "code_inline", "s_open"}, kinds
    assert [t.tag for t in tokens if t.type == "heading_open"] == ["h1", "h2", "h2"]
    rows = [t for t in tokens if t.type == "tr_open"]
    assert len(rows) == 2 * (1 + len(HOSTILE))          # a head and one row per name, each table
    shown = ["".join(c.content for c in t.children) for t in tokens if t.type == "inline"]
    for n in HOSTILE:
        assert n.replace("\n", " ") in shown, n          # what a reader sees is the name itself
    assert "<script>x</script> # [y](javascript:z)" in shown[0]
    assert "Winner: [x](javascript:alert(1))" in " ".join(shown)


def stored_hostile_name(db_path, hostile: str) -> None:
    """Write a name the schema now refuses straight into the database: what an older
    companion could have stored."""
    db = sqlite3.connect(db_path)
    quoted = json.dumps(hostile)[1:-1]
    db.execute("UPDATE matches SET initial = replace(initial, 'PLACEHOLDER', ?),"
               " state = replace(state, 'PLACEHOLDER', ?)", (quoted, quoted))
    db.commit()
    db.close()


def test_the_report_escapes_a_name_stored_before_names_were_checked(api, app):
    mid = api.post("/api/v1/matches", yaotzin_match("PLACEHOLDER")).json["id"]
    stored_hostile_name(app.config["BALLCOURT"].db_path, "Sun\n# Owned")
    md = api.get(f"/api/v1/matches/{mid}/report?format=md").get_data(as_text=True)
    assert "| Sun \\# Owned |" in md and "\n# Owned" not in md


def test_the_cli_strips_escape_sequences_from_what_it_prints(live):
    session = live.session()
    mid = session.post(f"{live.url}/api/v1/matches", json=yaotzin_match("PLACEHOLDER")
                       ).json()["id"]
    stored_hostile_name(live.data_dir / "ballcourt.sqlite3",
                        "Sun\x1b]0;owned\x07\x1b[2J\x9b2J")
    for args in (["match", "report", mid], ["match", "show", mid], ["match", "list"]):
        out = ballcourt(*args, url=live.url)
        assert out.returncode == 0, out.stderr
        assert "Sun" in out.stdout or args == ["match", "list"]
        assert not set(out.stdout) & {"\x1b", "\x07", "\x9b"}, (args, out.stdout)


# -- 1: one tune at a time, within a time limit, ended when its client goes ----------------------
def small_roster(**extra) -> dict:
    return {"teams": [{"id": "red", "players": [{"id": f"r{i}", "athletics": 3, "acrobatics": 2}
                                                 for i in range(3)]},
                      {"id": "blue", "players": [{"id": f"b{i}", "athletics": 1,
                                                  "acrobatics": 4} for i in range(3)]}], **extra}


def heavy_kwargs() -> dict:
    """Four teams of sixteen and a budget of 200: minutes of work for 600 matches a count."""
    from companion.sim.run import roster_from

    body = {"teams": [{"id": f"t{t}", "players": [
        {"id": f"p{t}-{i}", "athletics": (i * 7 + t) % 9, "acrobatics": (i * 5 + t) % 8}
        for i in range(16)]} for t in range(4)]}
    return {"roster": roster_from(body), "tactics": ["single-chaser"] * 4, "budget": 200,
            "seed": 1, "zones": [0, 2], "matches": 600}


def workers(process) -> list:
    """The process's tune workers: spawned children (not multiprocessing's resource tracker)."""
    import psutil

    found = []
    for child in process.children():
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "spawn_main" in " ".join(
                    child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


def no_worker_left(process=None) -> bool:
    """Within 10 s, no tune worker of this process (or of `process`, a psutil.Process)."""
    import multiprocessing

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if not (workers(process) if process else multiprocessing.active_children()):
            return True
        time.sleep(0.1)
    return False


def test_a_whole_tune_answers_what_the_computation_does(api):
    from companion.sim.run import roster_from, tune

    body = small_roster(zones=[0, 2], matches=20, budget=30, seed=4)
    r = api.post("/api/v1/goatball/tune", body)
    assert r.status_code == 200, r.json
    assert r.json["partial"] is False and r.json["matches"] == 20
    direct = tune(roster_from(body), ["single-chaser"] * 2, 30, 4, [0, 2], 20)
    assert {k: v for k, v in r.json.items() if k != "partial"} == json.loads(json.dumps(direct))


def test_a_second_tune_while_one_runs_is_429_busy_with_retry_after(api, app):
    slot = app.extensions["ballcourt_tune"]
    slot.acquire(30)
    try:
        r = api.post("/api/v1/goatball/tune", small_roster())
        assert "try again in" in assert_error(r, 429, "busy")
        assert 1 <= int(r.headers["Retry-After"]) <= 30
        client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
        ack = client.emit("call", {"method": "POST", "route": "/api/v1/goatball/tune",
                                   "body": small_roster()}, callback=True)
        assert ack["status"] == 429 and ack["body"]["error"]["code"] == "busy"
    finally:
        slot.release()
    assert api.post("/api/v1/goatball/tune", small_roster(zones=[0], matches=5)
                    ).status_code == 200
    ack = client.emit("call", {"method": "POST", "route": "/api/v1/goatball/tune",
                               "body": small_roster(zones=[0], matches=5)}, callback=True)
    assert ack["status"] == 200 and ack["body"]["partial"] is False      # a call's tune too


def test_a_tune_at_the_time_limit_answers_what_it_has_and_its_worker_ends():
    from companion.server.tuning import run_tune

    started = time.monotonic()
    got = run_tune(heavy_kwargs(), 8.0, lambda: False, first_stage=1)
    took = time.monotonic() - started
    assert got["partial"] is True and 1 <= got["matches"] < 600
    assert got["matches_played"] <= got["matches"] and len(got["results"]) == 2
    assert 8.0 <= took < 11, took
    assert no_worker_left()


def test_a_tune_with_nothing_to_show_at_the_limit_is_503(tmp_path):
    api = Api(create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770,
                                tune_time_limit=0.05)).test_client())
    assert "time limit" in assert_error(api.post("/api/v1/goatball/tune", small_roster()),
                                        503, "tune_timeout")
    assert no_worker_left()


def test_a_tune_whose_client_went_away_ends_its_worker():
    from companion.server.tuning import TuneGone, run_tune

    started = time.monotonic()
    with pytest.raises(TuneGone):
        run_tune(heavy_kwargs(), 60.0, lambda: time.monotonic() > started + 1)
    assert time.monotonic() - started < 4
    assert no_worker_left()


def test_a_live_companion_ends_the_tune_of_a_client_that_gave_up(live):
    import psutil
    import requests

    session = live.session()
    body = {"teams": [{"id": f"t{t}", "players": [
        {"id": f"p{t}-{i}", "athletics": i % 9, "acrobatics": (i * 5 + t) % 8}
        for i in range(16)]} for t in range(4)], "budget": 200, "zones": [0, 2],
        "matches": 400}
    gave_up = []

    def impatient():
        try:
            session.post(f"{live.url}/api/v1/goatball/tune", json=body, timeout=10)
        except requests.Timeout:
            gave_up.append(True)

    client = threading.Thread(target=impatient)
    client.start()
    server = psutil.Process(live.proc.pid)
    deadline = time.monotonic() + 10     # a spawn on a loaded machine takes seconds
    while not workers(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert workers(server), "the tune runs in a worker process"
    client.join(10)
    assert gave_up
    assert no_worker_left(server)
    deadline = time.monotonic() + 5      # the slot is freed once the ended worker is reaped
    while True:
        r = session.post(f"{live.url}/api/v1/goatball/tune",
                         json=small_roster(zones=[0], matches=5), timeout=60)
        if r.status_code != 429 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert r.status_code == 200 and r.json()["partial"] is False


def test_a_socketio_client_that_leaves_mid_tune_ends_its_worker(live):
    import psutil
    import socketio

    body = {"teams": [{"id": f"t{t}", "players": [
        {"id": f"p{t}-{i}", "athletics": i % 9, "acrobatics": (i * 5 + t) % 8}
        for i in range(16)]} for t in range(4)], "budget": 200, "zones": [0, 2],
        "matches": 400}
    client = socketio.Client()
    client.connect(live.url, auth={"token": TOKEN}, transports=["websocket"])
    client.emit("call", {"method": "POST", "route": "/api/v1/goatball/tune", "body": body},
                callback=lambda *_: None)
    server = psutil.Process(live.proc.pid)
    deadline = time.monotonic() + 10
    while not workers(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert workers(server), "the call's tune runs in a worker process"
    client.disconnect()
    assert no_worker_left(server)


def test_matches_over_the_cap_are_refused_not_quietly_cut(api):
    """The cap is the schema's (1,000 a zone count; the time limit bounds the work): past it
    a 422 names `matches`, never a run quietly cut short."""
    r = api.post("/api/v1/goatball/tune", small_roster(zones=[0, 2, 3, 4, 6], matches=1001))
    assert r.status_code == 422, r.json
    assert list(r.json["error"]["fields"]) == ["matches"]
