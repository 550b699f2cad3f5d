"""A kick preview while heavy requests flood the companion (issue 36's fifth attack).

    python bench/bench_flood.py [--n 300] [--threads 8] [--seconds 30]

Starts a real `ballcourt serve` on a free loopback port and times kick previews over HTTP
(one kept-alive connection, as the module's link keeps its socket): first alone (the
baseline), then while `--threads` clients post the heaviest `/yaotzin/suggest` body
(`bench.scenario.worst_suggest_body`) back to back, each for at most `--seconds` and at most
`--n` posts. The goal: the preview's median within 2x its baseline. It prints the heavy
answers by status (200, 422 refused by the search limit, 503 over the heavy-work cap), the
`/health` latency under the flood, and the server's peak RSS.
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


def flood(url: str, stop: threading.Event, limit: int, seconds: float,
          statuses: collections.Counter) -> None:
    body = worst_suggest_body()
    end = time.monotonic() + seconds
    with requests.Session() as session:
        for _ in range(limit):
            if stop.is_set() or time.monotonic() >= end:
                return
            r = session.post(url, json=body, headers=HEADERS, timeout=60)
            statuses[r.status_code] += 1
            if r.status_code == 503:        # as a client should: wait what it is told
                time.sleep(float(r.headers.get("Retry-After", "1")))


def run(n: int, threads: int, seconds: float) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--port",
                             str(port), "--data-dir", tempfile.mkdtemp()],
                            env={**os.environ, "BALLCOURT_TOKEN": TOKEN},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    preview = f"{url}/api/v1/yaotzin/kick/preview"
    statuses: collections.Counter = collections.Counter()
    try:
        for _ in range(200):
            try:
                if requests.get(f"{url}/api/v1/health", timeout=1).ok:
                    break
            except requests.RequestException:
                time.sleep(0.05)
        body = kick_body(24)
        with requests.Session() as session:
            time_calls(session, preview, body, 30)                  # warm up
            alone = time_calls(session, preview, body, n)
            stop = threading.Event()
            workers = [threading.Thread(target=flood, args=(
                f"{url}/api/v1/yaotzin/suggest", stop, n, seconds, statuses))
                for _ in range(threads)]
            for w in workers:
                w.start()
            time.sleep(1)                                          # the flood under way
            flooded = time_calls(session, preview, body, n)
            health = time_calls(session, f"{url}/api/v1/health", None, min(n, 100))
            stop.set()
            for w in workers:
                w.join(90)
        rss = peak_rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(10)
    a, f, h = stats(alone), stats(flooded), stats(health)
    print(f"{n} kick previews alone, then {n} under {threads} flooding threads")
    print(f"{'':16}{'median ms':>11}{'p99 ms':>9}")
    for name, s in (("preview alone", a), ("preview flooded", f), ("health flooded", h)):
        print(f"{name:16}{s['median']:11.2f}{s['p99']:9.2f}")
    print(f"flooded / alone median: {f['median'] / a['median']:.2f}x"
          f" (mean {statistics.fmean(flooded) / statistics.fmean(alone):.2f}x)")
    print(f"heavy answers by status: {dict(sorted(statuses.items()))}")
    print(f"server peak RSS: {rss:.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    run(args.n, args.threads, args.seconds)
