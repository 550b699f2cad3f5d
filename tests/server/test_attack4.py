"""What a fourth attack on the companion found (issue 28): each test failed before its fix."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from urllib.parse import urlencode

import pytest

from companion.server import create_app
from companion.server.config import Config
from tests.conftest import TOKEN, Api
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
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    ack = client.emit("call", {"method": "GET", "route": f"/api/v1/matches/{mid}/events?"
                                                           + urlencode({name: value})},
                      callback=True)
    assert ack["status"] == 422 and list(ack["body"]["error"]["fields"]) == [name]
    assert api.get(f"/api/v1/matches/{mid}/events", query_string={name: "1"}).status_code == 200


def test_the_openapi_document_declares_after_and_limit(api):
    spec = api.get("/api/v1/openapi.json").json
    params = spec["paths"]["/api/v1/matches/{match_id}/events"]["get"]["parameters"]
    query = {p["name"]: p["schema"] for p in params if p["in"] == "query"}
    assert query == {"after": {"type": "integer", "minimum": 0, "maximum": 2**62},
                     "limit": {"type": "integer", "minimum": 1, "maximum": 1000}}
