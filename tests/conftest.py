"""Fixtures: an app on a temporary data dir, its test client, and a real `ballcourt serve`."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

# companion.advice.goatball takes the simulator's `simulate` by name when first imported: a test
# that patches goatball_run.simulate and imports it first (the CLI's --roster reader does) would
# leave the fake in it for every later test of the session. Imported here, it is never first
# imported under a patch.
import companion.advice.goatball  # noqa: F401

TOKEN = "test-token-0123456789"


@pytest.fixture
def app(tmp_path):
    from companion.server import create_app
    from companion.server.config import Config

    return create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770))


class Api:
    """The Flask test client with the token and a loopback Host."""

    def __init__(self, client):
        self.client = client
        self.headers = {"Authorization": f"Bearer {TOKEN}"}

    def get(self, path, **kw):
        return self.client.get(path, base_url="http://127.0.0.1:7770",
                               headers={**self.headers, **kw.pop("headers", {})}, **kw)

    def post(self, path, json=None, **kw):
        return self.client.post(path, base_url="http://127.0.0.1:7770", json=json,
                                headers={**self.headers, **kw.pop("headers", {})}, **kw)


@pytest.fixture
def api(app):
    return Api(app.test_client())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_health(url: str, seconds: float = 60) -> bool:
    """Whether a companion started at `url` answers its health within `seconds` (a loaded
    machine starts it slowly: wait, don't fail)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{url}/api/v1/health", timeout=5).ok:
                return True
        except requests.RequestException:      # not listening yet, or too slow to answer
            time.sleep(0.05)
    return False


class LiveServer:
    def __init__(self, data_dir: Path, port: int | None = None, extra: list[str] = ()):
        self.data_dir, self.port, self.extra = data_dir, port or free_port(), list(extra)
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> LiveServer:
        env = {**os.environ, "BALLCOURT_TOKEN": TOKEN}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--port", str(self.port),
             "--data-dir", str(self.data_dir), *self.extra],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if wait_for_health(self.url):
            return self
        self.kill()        # never left running behind a failed start (no fixture stops it)
        raise RuntimeError("the companion did not start")

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)

    def session(self) -> requests.Session:
        s = requests.Session()
        s.headers["Authorization"] = f"Bearer {TOKEN}"
        return s


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path / "data").start()
    yield server
    server.kill(signal.SIGTERM)


@pytest.fixture(scope="session")
def api_schema(tmp_path_factory):
    import schemathesis

    from companion.server import create_app
    from companion.server.config import Config

    app = create_app(Config(data_dir=tmp_path_factory.mktemp("st"), token=TOKEN, port=7770))
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app,
                                          headers={"Authorization": f"Bearer {TOKEN}",
                                                   "Host": "127.0.0.1:7770"})
