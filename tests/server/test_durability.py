"""Durability: a real companion under kill -9 and concurrent writers loses nothing answered
201, and a full disk is a 507 naming the data folder, with nothing half written."""

import os
import signal
import subprocess
import sys
import threading

import pytest

from companion.server import create_app
from companion.server.config import Config
from tests.conftest import TOKEN, Api, LiveServer, free_port
from tests.helpers import wait_until
from tests.server.helpers import assert_error, new_match


def test_kill_9_loses_no_event_that_was_answered_201(tmp_path):
    data = tmp_path / "data"
    server = LiveServer(data).start()
    s = server.session()
    mid = s.post(f"{server.url}/api/v1/matches", json={
        "game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}).json()["id"]
    answered: list[int] = []
    stop = threading.Event()

    def writer():
        while not stop.is_set():
            try:
                r = s.post(f"{server.url}/api/v1/matches/{mid}/events",
                           json={"type": "note", "text": "x"}, timeout=2)
            except Exception:
                return
            if r.status_code == 201:
                answered.append(r.json()["applied"])

    t = threading.Thread(target=writer)
    t.start()
    assert wait_until(lambda: len(answered) > 10)      # killed mid-writes, however slow they are
    server.kill(signal.SIGKILL)
    stop.set()
    t.join(5)
    assert len(answered) > 10

    again = LiveServer(data, port=server.port).start()
    try:
        log = again.session().get(f"{again.url}/api/v1/matches/{mid}/events").json()["events"]
        seqs = [e["seq"] for e in log]
        assert set(answered) <= set(seqs)
        assert seqs == list(range(1, len(seqs) + 1))
    finally:
        again.kill(signal.SIGTERM)


def test_four_clients_on_one_match_no_error_no_gap(live):
    s0 = live.session()
    mid = s0.post(f"{live.url}/api/v1/matches", json={
        "game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}).json()["id"]
    errors: list[str] = []

    def writer(n: int):
        s = live.session()
        for i in range(25):
            r = s.post(f"{live.url}/api/v1/matches/{mid}/events",
                       json={"type": "note", "text": f"{n}-{i}"}, timeout=10)
            if r.status_code != 201:
                errors.append(r.text)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    log = s0.get(f"{live.url}/api/v1/matches/{mid}/events").json()["events"]
    assert [e["seq"] for e in log] == list(range(1, 101))
    assert s0.get(f"{live.url}/api/v1/matches/{mid}").json()["seq"] == 100


# -- a full disk --------------------------------------------------------------------------
@pytest.fixture
def full_disk(monkeypatch):
    from companion.server.db import Faults

    monkeypatch.setattr(Faults, "disk_full", True)


def test_a_write_on_a_full_disk_is_507_naming_the_data_dir(api, app, monkeypatch, caplog):
    from companion.server.db import Faults

    mid = new_match(api)
    monkeypatch.setattr(Faults, "disk_full", True)
    data_dir = app.config["BALLCOURT"].data_dir
    for r in (api.post(f"/api/v1/matches/{mid}/events", {"type": "goal", "team": "a"}),
              api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "a"},
                                                                        {"id": "b"}]}),
              api.post(f"/api/v1/matches/{mid}/viewers")):
        message = assert_error(r, 507, "disk_full")
        assert message.startswith(f"the disk holding {data_dir} is full")
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    ack = client.emit("call", {"method": "POST", "route": f"/api/v1/matches/{mid}/undo"},
                      callback=True)
    assert ack["status"] in (409, 507)
    assert "hit a bug" not in caplog.text and "Traceback" not in caplog.text
    monkeypatch.setattr(Faults, "disk_full", False)
    assert api.get(f"/api/v1/matches/{mid}").json["seq"] == 0       # nothing half-written


def test_a_first_start_on_a_full_disk_says_so_in_one_line(tmp_path, full_disk, capsys,
                                                         monkeypatch):
    from companion import cli

    monkeypatch.delenv("BALLCOURT_TOKEN", raising=False)
    status = cli.main(["serve", "--port", str(free_port()), "--data-dir", str(tmp_path / "d")])
    err = capsys.readouterr().err
    assert status == 2
    assert err == f"ballcourt: the disk holding {tmp_path / 'd'} is full: free some space" \
                  " there, then try again\n"


def test_a_first_start_with_a_token_but_a_full_disk_says_so_too(tmp_path, full_disk, capsys,
                                                               monkeypatch):
    from companion import cli

    monkeypatch.setenv("BALLCOURT_TOKEN", TOKEN)
    status = cli.main(["serve", "--port", str(free_port()), "--data-dir", str(tmp_path / "d")])
    assert status == 2 and "is full" in capsys.readouterr().err


def test_the_log_never_depends_on_the_disk():
    import errno
    import logging

    from companion.server.serving import log_to_stderr

    class FullDisk:
        def write(self, _text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            raise OSError(errno.ENOSPC, "No space left on device")

    handler = log_to_stderr(FullDisk())
    try:
        logging.getLogger("ballcourt").error("the disk holding /x is full")   # no raise
    finally:
        logging.getLogger("ballcourt").removeHandler(handler)
        logging.getLogger("ballcourt").propagate = True


# -- a real full disk -----------------------------------------------------------------------
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
