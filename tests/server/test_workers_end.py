"""The companion's worker processes (the heavy-work worker, the tune's worker) end with the
companion, whatever signal ends it: none is left behind, blocked and holding memory
(companion/workers.py)."""

from __future__ import annotations

import signal
import threading

import pytest

from tests.conftest import TOKEN, LiveServer
from tests.server.test_tune import LIVE_TUNE, workers

SIGNALS = [signal.SIGTERM, signal.SIGKILL]


def assert_they_end_with(server: LiveServer, sig: signal.Signals, within: float = 30) -> None:
    """Every process under the companion (its workers and multiprocessing's own helpers)
    has ended within `within` seconds of the companion's end."""
    import psutil

    children = psutil.Process(server.proc.pid).children(recursive=True)
    assert workers(psutil.Process(server.proc.pid)), "a worker runs"
    try:
        server.kill(sig)
        _, alive = psutil.wait_procs(children, timeout=within)
        assert alive == [], f"left behind after {sig.name}: {alive}"
    finally:
        for child in children:
            if child.is_running():
                child.kill()


@pytest.mark.parametrize("sig", SIGNALS)
def test_the_heavy_worker_ends_with_its_companion(tmp_path, sig):
    server = LiveServer(tmp_path / "data").start()
    try:
        r = server.session().post(f"{server.url}/api/v1/yaotzin/charts/aim",
                                  json={"strengths": [12], "max_ft": 10}, timeout=60)
        assert r.status_code == 200, r.text
        assert_they_end_with(server, sig)      # idle between heavy requests, it lives on
    finally:
        server.kill()


LONG_TUNE = {**LIVE_TUNE, "zones": [0, 2, 3, 4, 6, 8, 10, 12, 14, 16, 20, 24]}
"""Twelve zone counts: its 10-match look, the stage after the first, is 5 s of work on a quiet
2-core machine (and far longer on a loaded one, at nice 10)."""


@pytest.mark.parametrize("sig", SIGNALS)
def test_the_tune_worker_ends_with_its_companion(tmp_path, sig):
    """Ended in the middle of a stage, not at its next answer to a companion that is gone: the
    test waits for the first look's progress (played at the companion's priority, so soon
    even on a loaded machine), then ends the companion."""
    import psutil
    import socketio

    server = LiveServer(tmp_path / "data").start()
    client = socketio.Client()
    looked = threading.Event()
    client.on("tune_progress", lambda _stage: looked.set())
    try:
        client.connect(server.url, auth={"token": TOKEN}, transports=["websocket"])
        client.emit("call", {"method": "POST", "route": "/api/v1/goatball/tune",
                             "body": LONG_TUNE}, callback=lambda *_: None)
        assert looked.wait(120), "the tune's first look is done"
        assert workers(psutil.Process(server.proc.pid)), "its worker plays the next stage"
        assert_they_end_with(server, sig, within=3)
    finally:
        client.disconnect()
        server.kill()
