"""A kick preview over one Socket.IO connection against `echo` of the same body.

    python bench/bench_socket.py [--n 1000] [--profile]

Starts a real `ballcourt serve` on a free loopback port, connects with python-socketio over
websocket (as the module does with Foundry's `io`), and times `call` round trips: the echo is
the transport's floor; the goal is a preview median within 1.5x of it and a p99 under 16 ms.
--profile also profiles the preview handler in-process (cProfile, top 15 by own time).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests
import socketio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.scenario import kick_body  # noqa: E402

TOKEN = "bench-token-0123456789"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stats(times: list[float]) -> dict:
    times = sorted(times)
    return {"median": statistics.median(times), "p99": times[int(0.99 * (len(times) - 1))],
            "mean": statistics.fmean(times)}


def run(n: int) -> None:
    port = free_port()
    data = tempfile.mkdtemp()
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--port",
                             str(port), "--data-dir", data],
                            env={**os.environ, "BALLCOURT_TOKEN": TOKEN},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if requests.get(f"{url}/api/v1/health", timeout=1).ok:
                    break
            except requests.ConnectionError:
                time.sleep(0.05)
        client = socketio.Client()
        client.connect(url, auth={"token": TOKEN}, transports=["websocket"])
        body = kick_body(24)
        calls = {"echo": {"method": "POST", "route": "/api/v1/echo", "body": body},
                 "preview": {"method": "POST", "route": "/api/v1/yaotzin/kick/preview",
                             "body": body}}
        for call in calls.values():   # warm up, and check the preview really answers
            for _ in range(50):
                ack = client.call("call", call, timeout=10)
            assert ack["status"] == 200, ack
        times: dict[str, list[float]] = {k: [] for k in calls}
        for _ in range(n):            # interleave so both see the same machine
            for name, call in calls.items():
                t0 = time.perf_counter()
                client.call("call", call, timeout=10)
                times[name].append((time.perf_counter() - t0) * 1000)
        client.disconnect()
    finally:
        proc.terminate()
        proc.wait(10)
    echo, preview = stats(times["echo"]), stats(times["preview"])
    print(f"{n} round trips each, 24 players, body {len(str(body))} chars")
    print(f"{'':10}{'median ms':>11}{'p99 ms':>9}{'mean ms':>9}")
    for name, s in (("echo", echo), ("preview", preview)):
        print(f"{name:10}{s['median']:11.3f}{s['p99']:9.3f}{s['mean']:9.3f}")
    print(f"preview / echo median: {preview['median'] / echo['median']:.2f}x")


def profile() -> None:
    import cProfile
    import pstats

    from companion.server import create_app
    from companion.server.config import Config
    from companion.server.routing import dispatch

    app = create_app(Config(data_dir=tempfile.mkdtemp(), token=TOKEN))
    body = kick_body(24)
    with app.app_context():
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(500):
            dispatch("POST", "/api/v1/yaotzin/kick/preview", body)
        prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    run(args.n)
    if args.profile:
        profile()
