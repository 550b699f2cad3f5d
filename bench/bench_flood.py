"""A kick preview while heavy requests flood the companion: the table's previews must stay
quick while other clients post the costliest bodies the limits let through.

    python bench/bench_flood.py [--n 300] [--threads 8] [--seconds 60] [--rounds 5]

Starts a real `ballcourt serve` on a free loopback port and times kick previews over HTTP
(one kept-alive connection, as a client's link keeps its socket), in `--rounds` rounds of
two phases so both see the same machine: alone (the baseline), then while `--threads`
clients post the heaviest `/yaotzin/suggest` body (`bench.scenario.worst_suggest_body`)
back to back (a 503 is waited out for its `Retry-After`, as a client should). The flood is
bounded: at most `--seconds` in all and `--n` posts a thread. The goal: the preview's median
within 2x its baseline. It prints the heavy answers by status (422 refused by the search
limit, 503 over the heavy-work cap), `/health` under the flood and the server's peak RSS.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.bench_socket import free_port, stats  # noqa: E402
from bench.scenario import kick_body, worst_suggest_body  # noqa: E402

TOKEN = "bench-token-0123456789"
HEADERS = {"Authorization": f"Bearer {TOKEN}"}


def peak_rss_mb(pid: int) -> float:
    """VmHWM of the server (Linux), 0 elsewhere."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def time_calls(session: requests.Session, url: str, body: dict | None, n: int) -> list[float]:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        r = (session.post(url, json=body, headers=HEADERS, timeout=30) if body is not None
             else session.get(url, timeout=30))
        assert r.status_code == 200, r.text
        times.append((time.perf_counter() - t0) * 1000)
    return times


class Flood:
    """`threads` clients posting the heavy body while `on` is set, until `stop` or the end."""

    def __init__(self, url: str, threads: int, limit: int, seconds: float):
        self.url, self.limit, self.end = url, limit, time.monotonic() + seconds
        self.on, self.stop = threading.Event(), threading.Event()
        self.statuses: collections.Counter = collections.Counter()
        self.busy = 0
        self.lock = threading.Lock()
        self.workers = [threading.Thread(target=self.run) for _ in range(threads)]
        for w in self.workers:
            w.start()

    def run(self) -> None:
        body = worst_suggest_body()
        with requests.Session() as session:
            for _ in range(self.limit):
                while not self.on.wait(0.05):
                    if self.stop.is_set() or time.monotonic() >= self.end:
                        return
                if self.stop.is_set() or time.monotonic() >= self.end:
                    return
                with self.lock:
                    self.busy += 1
                try:
                    r = session.post(self.url, json=body, headers=HEADERS, timeout=60)
                finally:
                    with self.lock:
                        self.busy -= 1
                self.statuses[r.status_code] += 1
                if r.status_code == 503:
                    self.stop.wait(float(r.headers.get("Retry-After", "1")))

    def pause(self) -> None:
        """Off, and every heavy request it sent answered."""
        self.on.clear()
        while self.busy:
            time.sleep(0.02)

    def close(self) -> None:
        self.stop.set()
        self.on.set()
        for w in self.workers:
            w.join(90)


def run(n: int, threads: int, seconds: float, rounds: int) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--port",
                             str(port), "--data-dir", tempfile.mkdtemp()],
                            env={**os.environ, "BALLCOURT_TOKEN": TOKEN},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    preview = f"{url}/api/v1/yaotzin/kick/preview"
    alone: list[float] = []
    flooded: list[float] = []
    health: list[float] = []
    try:
        for _ in range(200):
            try:
                if requests.get(f"{url}/api/v1/health", timeout=1).ok:
                    break
            except requests.RequestException:
                time.sleep(0.05)
        body = kick_body(24)
        flood = Flood(f"{url}/api/v1/yaotzin/suggest", threads, n, seconds)
        try:
            with requests.Session() as session:
                time_calls(session, preview, body, 30)                  # warm up
                for _ in range(rounds):
                    alone += time_calls(session, preview, body, n // rounds)
                    flood.on.set()
                    time.sleep(0.5)                                    # the flood under way
                    flooded += time_calls(session, preview, body, n // rounds)
                    health += time_calls(session, f"{url}/api/v1/health", None, 10)
                    flood.pause()
        finally:
            flood.close()
        rss = peak_rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(10)
    a, f, h = stats(alone), stats(flooded), stats(health)
    print(f"{len(alone)} kick previews alone, {len(flooded)} under {threads} flooding threads,"
          f" in {rounds} rounds")
    print(f"{'':16}{'median ms':>11}{'p99 ms':>9}")
    for name, s in (("preview alone", a), ("preview flooded", f), ("health flooded", h)):
        print(f"{name:16}{s['median']:11.2f}{s['p99']:9.2f}")
    print(f"flooded / alone median: {f['median'] / a['median']:.2f}x"
          f" (mean {statistics.fmean(flooded) / statistics.fmean(alone):.2f}x)")
    print(f"heavy answers by status: {dict(sorted(flood.statuses.items()))}")
    print(f"server peak RSS: {rss:.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    run(args.n, args.threads, args.seconds, args.rounds)
