"""The zone tune (server/tuning.py): its answer, its one-at-a-time lock, its time limit and the
worker processes it ends when the client goes away."""

from __future__ import annotations

import json
import time

import pytest

from companion.server import create_app
from companion.server.config import Config
from tests.conftest import TOKEN, Api
from tests.server.helpers import assert_error, small_roster


def heavy_kwargs() -> dict:
    """Four teams of sixteen and a budget of 200: 14 s of work on a quiet 2-core machine, so the
    8 s limit below cuts it short on a machine half again as fast.
    The roster goes as the body's plain JSON (the worker builds it)."""
    body = {"teams": [{"id": f"t{t}", "players": [
        {"id": f"p{t}-{i}", "athletics": (i * 7 + t) % 9, "acrobatics": (i * 5 + t) % 8}
        for i in range(16)]} for t in range(4)]}
    return {"roster": body, "tactics": ["single-chaser"] * 4, "budget": 200,
            "seed": 1, "zones": [0, 2], "matches": 1000}


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
        if not (workers(process) if process else [
                p for p in multiprocessing.active_children() if p.name == "ballcourt-tune"]):
            return True
        time.sleep(0.1)
    return False


def test_a_whole_tune_answers_what_the_computation_does(api):
    from companion.advice.goatball import roster_from, tune

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
    stages: list[dict] = []
    got = run_tune(heavy_kwargs(), 8.0, lambda: False, first_stage=1, on_stage=stages.append)
    took = time.monotonic() - started
    assert got["partial"] is True and 1 <= got["matches"] < 1000
    assert got["matches_played"] <= got["matches"] and len(got["results"]) == 2
    assert took < 11, took
    assert stages[0]["matches"] == 1 and stages[-1]["answer"]["matches"] == got["matches"]
    assert no_worker_left()


class Sent(list):
    """The worker's end of the pipe, kept: what it sent."""

    def send(self, message) -> None:
        self.append(message)


def test_a_tune_that_cannot_finish_in_time_stops_at_its_last_stage():
    """Past the looks, a stage that would not finish before the limit is not started: the last
    one is the answer at once (it waited for the limit, 30 s at the limits for nothing)."""
    from companion.advice.goatball import roster_from
    from companion.server.tuning import _send_stages

    body = small_roster(zones=[0, 2], matches=50, budget=30)
    kwargs = {"roster": roster_from(body), "tactics": ["single-chaser"] * 2, "budget": 30,
              "seed": 1, "zones": [0, 2], "matches": 50}
    sent = Sent()
    _send_stages(kwargs, time.monotonic(), 10, sent)       # the time is up after the looks
    assert [(kind, matches) for kind, matches, _ in sent] == [("stage", 1), ("stage", 10)]


def test_only_the_first_look_is_played_at_the_companions_own_priority():
    """The one-match look comes soon even on a busy machine (a nice-10 worker got no look in
    30 s at load 9); everything after it yields to the companion."""
    from companion.advice.goatball import roster_from
    from companion.server.tuning import _send_stages

    body = small_roster(zones=[0], matches=20, budget=30)
    kwargs = {"roster": roster_from(body), "tactics": ["single-chaser"] * 2, "budget": 30,
              "seed": 1, "zones": [0], "matches": 20}
    sent, lowered_after = Sent(), []
    _send_stages(kwargs, time.monotonic() + 600, 10, sent,
                 after_first_look=lambda: lowered_after.append(len(sent)))
    assert [matches for _, matches, _ in sent] == [1, 10, 20] and lowered_after == [1]


def test_a_socketio_caller_hears_each_stage_before_the_answer(app, api):
    """The tune's progress: each stage short of the whole run comes as a `tune_progress` event
    with its answer, before the call's own answer."""
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    ack = client.emit("call", {"method": "POST", "route": "/api/v1/goatball/tune",
                               "body": small_roster(zones=[0, 2], matches=20)}, callback=True)
    assert ack["status"] == 200 and ack["body"]["partial"] is False
    stages = [e["args"][0] for e in client.get_received() if e["name"] == "tune_progress"]
    assert [(s["matches"], s["of"]) for s in stages] == [(1, 20), (10, 20)]
    assert all(s["answer"]["partial"] is True and s["answer"]["matches"] == s["matches"]
               and s["limit"] == app.config["BALLCOURT"].tune_time_limit and s["seconds"] >= 0
               for s in stages)
    assert api.post("/api/v1/goatball/tune", small_roster(zones=[0], matches=20)
                    ).json["partial"] is False       # over HTTP: the answer alone


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


LIVE_TUNE = {"teams": [{"id": f"t{t}", "players": [
    {"id": f"p{t}-{i}", "athletics": i % 9, "acrobatics": (i * 5 + t) % 8}
    for i in range(16)]} for t in range(4)], "budget": 200, "zones": [0, 2], "matches": 1000}
"""A tune of 14 s on a quiet 2-core machine: longer than LEFT_WITHIN on a machine twice as fast,
so a worker that ran to its end fails the check below."""
LEFT_WITHIN = 4.0


def ended_soon_after_leaving(server) -> bool:
    """Within LEFT_WITHIN seconds, no tune worker of `server` (a psutil.Process)."""
    deadline = time.monotonic() + LEFT_WITHIN
    while workers(server):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def send_tune_and_wait_for_its_worker(live, sock, server) -> None:
    body = json.dumps(LIVE_TUNE).encode()
    sock.sendall((f"POST /api/v1/goatball/tune HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\n"
                  f"Authorization: Bearer {TOKEN}\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {len(body)}\r\n\r\n").encode() + body)
    wait_for_a_worker(server)


def wait_for_a_worker(server) -> None:
    deadline = time.monotonic() + 10     # a spawn on a loaded machine takes seconds
    while not workers(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert workers(server), "the tune runs in a worker process"


def test_a_live_companion_ends_the_tune_of_a_client_that_gave_up(live):
    """The client closes its connection once the worker runs (CI's quiet machine once finished
    a shorter tune before a client's 10 s timeout, so the leaving is now the test's own)."""
    import socket

    import psutil

    server = psutil.Process(live.proc.pid)
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
        send_tune_and_wait_for_its_worker(live, sock, server)
    assert ended_soon_after_leaving(server)
    session = live.session()
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

    client = socketio.Client()
    client.connect(live.url, auth={"token": TOKEN}, transports=["websocket"])
    client.emit("call", {"method": "POST", "route": "/api/v1/goatball/tune", "body": LIVE_TUNE},
                callback=lambda *_: None)
    server = psutil.Process(live.proc.pid)
    wait_for_a_worker(server)
    client.disconnect()
    assert ended_soon_after_leaving(server)


def test_matches_over_the_cap_are_refused_not_quietly_cut(api):
    """The cap is the schema's (1,000 a zone count; the time limit bounds the work): past it
    a 422 names `matches`, never a run quietly cut short."""
    r = api.post("/api/v1/goatball/tune", small_roster(zones=[0, 2, 3, 4, 6], matches=1001))
    assert r.status_code == 422, r.json
    assert list(r.json["error"]["fields"]) == ["matches"]


def test_a_tune_whose_client_pipelined_bytes_and_left_ends_its_worker(live):
    """A client that sent its tune and a few bytes more, then closed: the peek sees data, not
    the end of the stream, and the tune ran to the time limit (a worker left running
    for nobody)."""
    import socket

    import psutil

    server = psutil.Process(live.proc.pid)
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
        send_tune_and_wait_for_its_worker(live, sock, server)
        sock.sendall(b"GET /api/v1/health HTTP/1.1\r\n")     # after the body was read
    assert ended_soon_after_leaving(server)


ORPHAN = """
import multiprocessing, sys, time
from companion.server.tuning import _stages
from tests.server.test_tune import heavy_kwargs

if __name__ == "__main__":
    ctx = multiprocessing.get_context("spawn")
    mine, theirs = ctx.Pipe(duplex=False)
    kwargs = {**heavy_kwargs(), "matches": 2, "zones": [0], "budget": 20}
    worker = ctx.Process(target=_stages, args=(kwargs, time.monotonic() + 60, 1, theirs))
    worker.start()
    theirs.close()
    mine.close()                        # the companion's end is gone before the first answer
    worker.join(120)
    sys.exit(worker.exitcode)
"""


def test_an_orphaned_tune_worker_ends_quietly(tmp_path):
    """Its first answer finds the pipe broken: it ends without a word (it printed a 30-line
    BrokenPipe traceback)."""
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "orphan.py"
    script.write_text(ORPHAN)
    root = Path(__file__).parents[2]
    out = subprocess.run([sys.executable, str(script)], cwd=root, capture_output=True,
                         text=True, timeout=180, env={**__import__("os").environ,
                                                      "PYTHONPATH": str(root)})
    assert out.returncode == 0 and out.stderr == "", out.stderr[-3000:]
