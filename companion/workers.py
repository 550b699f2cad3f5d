"""Worker processes that end with the process that started them, whatever ends it.

The simulators' pools, the tune's worker and the heavy-work worker are children of the CLI
or of the companion. When that parent is ended without its clean-up (SIGTERM's or SIGKILL's
default action, an out-of-memory kill), a pool's workers are re-parented to init and sit
blocked on a pipe for ever. So every worker watches its parent: a thread waits on the
parent's sentinel (a pipe whose other end only the parent holds, closed by the system when
the parent ends, however it ends) and ends the worker at once.

Linux's PR_SET_PDEATHSIG would not do: it fires when the *thread* that started the child
ends, and the companion starts its workers from request threads that end after the request.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from concurrent.futures import ProcessPoolExecutor

NICENESS = 10       # a worker's lower priority (POSIX): the companion's own requests go first


def end_with_parent() -> None:
    """In a worker (its initializer, or its first call): end at once, quietly, when the
    process that started it is gone."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="ballcourt-parent-watch", daemon=True).start()


def lower_priority() -> None:
    """In a worker: yield the CPU to the companion (where the system has priorities)."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """The simulators' pool of `workers` processes, each ending with its parent."""
    return ProcessPoolExecutor(workers, initializer=end_with_parent)


def end_pool(pool: ProcessPoolExecutor, *, interrupted: bool) -> None:
    """A run's pool at the run's end. Finished, it is shut down as usual. Interrupted (Ctrl-C,
    `kill -INT`, an error), its queued chunks are dropped and its workers ended now: the
    command ends at once, not once each worker has played out its current chunk for nothing
    (a minute and more on a loaded machine)."""
    if not interrupted:
        pool.shutdown()
        return
    workers = list((pool._processes or {}).values())    # no public way before Python 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
