"""One cap on heavy work, over HTTP and Socket.IO alike, and a process of its own to run it in
(docs/api.md "Cost bounds and limits").

The routes that search or plan (the autopilots, the shot planner, the charts) cost tenths of
a second to a second or two of CPU each at the limits of a body; the light routes (a kick
preview, a move check, `/health`) cost milliseconds. Run in the server's own threads, one
heavy request slows every preview several times over (Python runs one thread at a time), so:

- heavy work runs in one worker process at a lower CPU priority (spawned at the first heavy
  request, shared by every app in the process); only the body's JSON goes to it and only the
  answer's JSON comes back, and the server's threads stay free for the light routes;
- at most IN_FLIGHT heavy requests run at once, at most WAITING more wait up to WAIT seconds
  for their turn, and past that a heavy request is refused at once with `503 overloaded`
  and `Retry-After`. The light routes never wait here.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..workers import end_with_parent, lower_priority
from .errors import ApiError
from .errors import body as error_body

IN_FLIGHT = 1       # heavy requests running at once (the worker processes)
WAITING = 8         # heavy requests that may wait for a turn
WAIT = 5.0          # seconds one waits at most
RETRY_AFTER = 1     # seconds a refused client is told to wait
log = logging.getLogger("ballcourt")


class HeavyGate:
    """The cap: a semaphore for the running ones, a count for the waiting ones."""

    def __init__(self, in_flight: int = IN_FLIGHT, waiting: int = WAITING, wait: float = WAIT):
        self.running = threading.BoundedSemaphore(in_flight)
        self.lock = threading.Lock()
        self.waiting, self.max_waiting, self.wait = 0, waiting, wait

    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
        """Run the block in a turn of its own, or raise `503 overloaded`."""
        if not self.running.acquire(blocking=False):
            with self.lock:
                full = self.waiting >= self.max_waiting
                if not full:
                    self.waiting += 1
            if full:
                raise overloaded()
            try:
                got = self.running.acquire(timeout=self.wait)
            finally:
                with self.lock:
                    self.waiting -= 1
            if not got:
                raise overloaded()
        try:
            yield
        finally:
            self.running.release()

    def run(self, endpoint: str, raw: Any, params: dict) -> tuple[int, Any]:
        """The heavy route's (status, body), computed in the worker within a turn."""
        with self.turn():
            pool = _pool()
            try:
                return pool.submit(compute, endpoint, raw, params).result()
            except BrokenProcessPool:
                _drop(pool)
                log.error("the heavy-work process ended during %s: started afresh", endpoint)
                return 500, error_body("internal", "the companion's worker for heavy requests"
                                                   " ended; see its log")


def overloaded() -> ApiError:
    return ApiError(503, "overloaded", f"the companion is busy with other heavy requests (the"
                    f" autopilots, the shot planner, the charts): try again in {RETRY_AFTER} s",
                    headers={"Retry-After": str(RETRY_AFTER)})


_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ProcessPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ProcessPoolExecutor(IN_FLIGHT, multiprocessing.get_context("spawn"),
                                        initializer=_lower_priority)
        return _POOL


def _drop(pool: ProcessPoolExecutor) -> None:
    global _POOL
    with _POOL_LOCK:
        if _POOL is pool:
            _POOL = None
    pool.shutdown(wait=False, cancel_futures=True)


def _lower_priority() -> None:
    lower_priority()
    end_with_parent()


def compute(endpoint: str, raw: Any, params: dict) -> tuple[int, Any]:
    """In the worker: the route's own `run`, from the body's JSON (so nothing but plain data
    crosses between the processes, whatever the build compiled)."""
    from dataclasses import replace

    from .api import goatball, yaotzin  # noqa: F401  (their routes join the table)
    from .routing import ROUTES, run

    return run(replace(ROUTES[endpoint], heavy=False), raw, params)
