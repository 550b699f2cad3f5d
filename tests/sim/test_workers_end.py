"""The simulators' worker processes end with the command that started them, whatever signal
ends it (a `simulate` stopped with SIGTERM left its pool's workers behind, blocked
on a pipe, for an hour)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent import futures
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
COMMANDS = {
    "goatball": ["goatball", "--players", "6", "--zones", "0,2,4", "--matches", "300"],
    "yaotzin": ["yaotzin", "--chart", "matches", "--players", "4,6", "--width", "120",
                "--length-ratio", "3", "--matches", "200"],
}


def started_with_workers(game: str):
    """The command, once its two workers run; and those workers (psutil.Process)."""
    import psutil

    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "simulate", *COMMANDS[game], "--workers", "2",
         "--no-robustness", "--json"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 60        # a loaded machine starts it slowly: wait, don't fail
    while len(children := parent.children()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(children) == 2, "the simulator plays on a pool of two workers"
    return proc, children


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL, signal.SIGINT])
@pytest.mark.parametrize("game", COMMANDS)
def test_the_pools_workers_end_with_the_command(game, sig):
    import psutil

    proc, workers = started_with_workers(game)
    try:
        proc.send_signal(sig)
        proc.wait(60)
        _, alive = psutil.wait_procs(workers, timeout=30)
        assert alive == [], f"left behind after {sig.name}: {alive}"
    finally:
        for worker in workers:
            if worker.is_running():
                worker.kill()
        proc.kill()
        proc.wait()
        proc.stderr.close()


def test_an_interrupted_run_ends_its_workers_at_once_not_after_their_chunk():
    """Ctrl-C (or `kill -INT` to the command alone) used to wait for each worker's current
    chunk, a minute and more under load: the queued chunks are dropped and the workers ended."""
    import threading

    import psutil

    from companion.workers import end_pool, worker_pool

    pool = worker_pool(2)
    chunks = [pool.submit(time.sleep, 3600) for _ in range(3)]
    deadline = time.monotonic() + 60
    while not (chunks[0].running() and chunks[1].running()) and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = [psutil.Process(pid) for pid in pool._processes]
    try:
        ending = threading.Thread(target=end_pool, args=(pool,), kwargs={"interrupted": True})
        ending.start()
        ending.join(60)
        _, alive = psutil.wait_procs(workers, timeout=30)
        assert not ending.is_alive() and alive == [], "the workers played on"
        # none is left to play: the queued one cancelled at once, the two running ones failed
        # once the pool's own thread has seen their workers end (a moment later, under load)
        _, unfinished = futures.wait(chunks, timeout=30)
        assert unfinished == set()
    finally:
        for worker in workers:
            if worker.is_running():
                worker.kill()
