"""How `/goatball/tune` runs: one at a time, in a worker process, within a time limit.

A tune plays hundreds of whole matches (20-50 s of CPU for four teams of sixteen), so left
alone a few of them starve every other request. Here:

- one tune runs at a time; another is refused at once with `429 busy` and `Retry-After`;
- the computation (`companion.advice.goatball.tune`, unchanged) runs in a worker process at a
  lower CPU priority, so the GM's previews and `/health` keep their latency while it works;
- it is played in stages: quick looks at one and at `FIRST_STAGE` matches per zone count,
  then the whole run if it would fit in the time left, else the most that would, until no
  larger stage would. Then, or at the companion's time limit (the worker ended), the last
  finished stage is the answer, with `"partial": true`; the whole run's answer is
  `"partial": false` and the same as `tune`'s. A caller over Socket.IO hears of each stage as
  it finishes (`tune_progress`): the GM sees the tune's progress, and a first answer early;
- when the client goes away (its HTTP connection closes, its Socket.IO session ends), or the
  companion itself ends, the worker is ended at once.
"""

from __future__ import annotations

import math
import multiprocessing
import select
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import current_app, request

from .errors import ApiError

FIRST_STAGE = 10              # matches per zone count for the second look (the first: 1)
POLL = 0.2                    # seconds between looks at the worker, the clock and the client


class TuneGone(ApiError):
    """The client went away before its tune ended: the answer goes nowhere (499, nginx's
    "client closed request", only in the log of a proxy that saw it)."""

    def __init__(self):
        super().__init__(499, "client_gone", "the client went away before the tune ended")


class TuneSlot:
    """The one tune that may run, and when it will be done at the latest."""

    def __init__(self):
        self.lock = threading.Lock()
        self.deadline = 0.0

    def acquire(self, limit: float) -> None:
        if not self.lock.acquire(blocking=False):
            wait = max(1, math.ceil(self.deadline - time.monotonic()))
            raise ApiError(429, "busy", f"another tune or Yaotzin simulation is running: try"
                           f" again in {wait} s",
                           headers={"Retry-After": str(wait)})
        self.deadline = time.monotonic() + limit

    def release(self) -> None:
        self.lock.release()


def _stages(kwargs: dict, deadline: float, first_stage: int, conn,
            work: Callable[..., dict] | None = None) -> None:
    """The worker: each stage's answer down the pipe, the whole run's last. The first look
    is one match a zone count, played at the companion's own priority (a fraction of a second
    of CPU at the limits), so that even a roster at the limits on a busy machine has an answer
    early; the rest yields to the companion (workers.lower_priority). It gets the roster as
    the body's plain JSON and builds it here (a compiled build's classes do not cross between
    processes), and it ends quietly when its companion is gone (the pipe broken, or the
    companion's process ended)."""
    from ..advice.goatball import roster_from
    from ..workers import end_with_parent, lower_priority

    end_with_parent()
    try:
        if work is None:
            kwargs = {**kwargs, "roster": roster_from(kwargs["roster"])}
        _send_stages(kwargs, deadline, first_stage, conn, after_first_look=lower_priority,
                     work=work)
    except (BrokenPipeError, ConnectionError, EOFError):
        pass                    # the companion stopped listening: nobody to answer
    finally:
        conn.close()


def _send_stages(kwargs: dict, deadline: float, first_stage: int, conn,
                 after_first_look: Callable[[], None] = lambda: None,
                 work: Callable[..., dict] | None = None) -> None:
    """The looks, then the whole run if it would fit in the time left, else the most matches
    that would; it stops when not even one more stage would (the last one sent is the answer,
    without waiting for the limit). `work` plays a stage (default: the zone tune)."""
    from ..advice.goatball import tune

    stage = work or tune

    try:
        whole = kwargs["matches"]
        last = played = 0
        started = time.monotonic()
        for last in sorted({1, min(first_stage, whole)}):
            conn.send(("stage", last, stage(**{**kwargs, "matches": last})))
            if not played:
                after_first_look()
            played += last
        while last < whole:
            per_match = (time.monotonic() - started) / played
            left = deadline - time.monotonic()
            look = whole if per_match * whole <= left else int(0.8 * left / per_match)
            if look <= last:                # no larger stage would finish in time
                return
            conn.send(("stage", look, stage(**{**kwargs, "matches": look})))
            last, played = look, played + look
    except Exception as exc:       # a refusal from the rules goes back to be answered (a
        conn.send(("error", 0, exc))   # broken pipe breaks this send too: _stages ends quietly)


def run_tune(kwargs: dict, limit: float, gone: Callable[[], bool],
             first_stage: int = FIRST_STAGE,
             on_stage: Callable[[dict], None] | None = None,
             work: Callable[..., dict] | None = None) -> dict[str, Any]:
    """`tune(**kwargs)` in a worker, ended at `limit` seconds or when `gone()` says so: the
    answer (its `matches`: those played per zone count) with `partial`. `on_stage` hears of
    each stage that finished short of the whole run (its matches a zone count, the whole
    run's, the seconds since the start, the limit and its answer): the tune's progress.
    `work`, a module-level function taking the same `kwargs` as plain JSON, plays another
    simulation by the same stages (the Yaotzin odds: api/yaotzin.py)."""
    ctx = multiprocessing.get_context("spawn")    # no fork of a threaded server
    started = time.monotonic()
    deadline = started + limit
    mine, theirs = ctx.Pipe(duplex=False)
    worker = ctx.Process(target=_stages, args=(kwargs, deadline, first_stage, theirs, work),
                         daemon=True, name="ballcourt-tune")
    worker.start()
    theirs.close()
    best: tuple[int, dict] | None = None
    try:
        while True:
            if gone():
                raise TuneGone()
            if time.monotonic() >= deadline:
                break
            if not mine.poll(min(POLL, max(0.0, deadline - time.monotonic()))):
                if not worker.is_alive() and not mine.poll():
                    break
                continue
            try:
                kind, matches, payload = mine.recv()
            except EOFError:                # the worker stopped: its last stage is the answer
                break
            if kind == "error":
                raise payload
            best = (matches, payload)
            if matches == kwargs["matches"]:
                return {**payload, "partial": False}
            if on_stage is not None:
                on_stage({"matches": matches, "of": kwargs["matches"], "limit": limit,
                          "seconds": round(time.monotonic() - started, 1),
                          "answer": {**payload, "partial": True}})
    finally:
        if worker.is_alive():
            worker.kill()
        worker.join(5)
        mine.close()
    if best is None:
        if time.monotonic() < deadline:
            raise RuntimeError("the tune's worker ended without an answer")
        raise ApiError(503, "tune_timeout", f"the tune found no answer within the time limit"
                       f" ({limit:g} s): try fewer teams or players, or a smaller budget")
    return {**best[1], "partial": True}


def progress_to_caller() -> Callable[[dict], None] | None:
    """For a tune called over Socket.IO: each stage short of the whole run goes to the caller
    as a `tune_progress` event while it waits (docs/api.md); over HTTP, one answer only."""
    sid = getattr(request, "sid", None)
    if sid is None:
        return None
    socketio = current_app.extensions["socketio"]
    return lambda stage: socketio.emit("tune_progress", stage, to=sid)


def client_gone() -> Callable[[], bool]:
    """For this request: whether its client has gone (a closed HTTP connection, an ended
    Socket.IO session). Unknown (the test client) is never gone."""
    sid = getattr(request, "sid", None)
    if sid is not None:
        server = current_app.extensions["socketio"].server
        return lambda: not server.manager.is_connected(sid, "/")
    sock = request.environ.get("werkzeug.socket")
    if sock is None:
        return lambda: False
    return lambda: _closed(sock)


_HANGUP = getattr(select, "POLLRDHUP", 0)     # Linux: the peer has closed its side


def _closed(sock: socket.socket) -> bool:
    """Whether the client has closed the connection. Where the system says so (Linux's
    POLLRDHUP), that answer, even when bytes it sent before leaving wait unread; elsewhere a
    peek: readable with nothing to read is a closed one (bytes left unread hide the close)."""
    try:
        if _HANGUP:
            poller = select.poll()
            poller.register(sock, select.POLLIN | _HANGUP)
            return any(events & (_HANGUP | select.POLLHUP | select.POLLERR | select.POLLNVAL)
                       for _, events in poller.poll(0))
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return False
        return sock.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):     # reset, or already closed
        return True
