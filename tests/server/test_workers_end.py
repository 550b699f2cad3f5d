"""The companion's worker processes (the heavy-work worker, the tune's worker) end with the
companion, whatever signal ends it (issue 41; companion/workers.py)."""

from __future__ import annotations

import signal
import socket

import pytest

from tests.conftest import LiveServer
from tests.server.test_tune import send_tune_and_wait_for_its_worker, workers

SIGNALS = [signal.SIGTERM, signal.SIGKILL]


def assert_they_end_with(server: LiveServer, sig: signal.Signals) -> None:
    """Every process under the companion (its workers and multiprocessing's own helpers)
    has ended within 30 s of the companion's end."""
    import psutil

    children = psutil.Process(server.proc.pid).children(recursive=True)
    assert workers(psutil.Process(server.proc.pid)), "a worker runs"
    try:
        server.kill(sig)
        _, alive = psutil.wait_procs(children, timeout=30)
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


@pytest.mark.parametrize("sig", SIGNALS)
def test_the_tune_worker_ends_with_its_companion(tmp_path, sig):
    import psutil

    server = LiveServer(tmp_path / "data").start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            send_tune_and_wait_for_its_worker(server, sock, psutil.Process(server.proc.pid))
            assert_they_end_with(server, sig)
    finally:
        server.kill()
