"""Helpers shared by the server tests: raw bodies and sockets, a started companion, the
error envelope, small rosters and match bodies."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import websocket

from tests.conftest import LiveServer


def named_yaotzin_match(name: str) -> dict:
    return {"game": "yaotzin", "teams": [{"id": "a", "name": name}, {"id": "b"}]}


def stored_hostile_name(db_path, hostile: str) -> None:
    """Write a name the schema now refuses straight into the database: what an older
    companion could have stored."""
    db = sqlite3.connect(db_path)
    quoted = json.dumps(hostile)[1:-1]
    db.execute("UPDATE matches SET initial = replace(initial, 'PLACEHOLDER', ?),"
               " state = replace(state, 'PLACEHOLDER', ?)", (quoted, quoted))
    db.commit()
    db.close()


def small_roster(**extra) -> dict:
    return {"teams": [{"id": "red", "players": [{"id": f"r{i}", "athletics": 3, "acrobatics": 2}
                                                 for i in range(3)]},
                      {"id": "blue", "players": [{"id": f"b{i}", "athletics": 1,
                                                  "acrobatics": 4} for i in range(3)]}], **extra}


DEEP = "[" * 1000 + "]" * 1000


def post_raw(api, path, text):
    return api.client.post(path, base_url="http://127.0.0.1:7770", data=text,
                           headers={**api.headers, "Content-Type": "application/json"})


def new_match(api) -> str:
    return api.post("/api/v1/matches", {"game": "yaotzin",
                                        "teams": [{"id": "a"}, {"id": "b"}]}).json["id"]


def assert_error(response, status, code):
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.json["error"]["code"] == code
    return response.json["error"]["message"]


class RawSocket:
    """Socket.IO spoken by hand over a real websocket, so a test can send any text."""

    def __init__(self, url: str, auth: str | None = None):
        self.ws = websocket.create_connection(
            url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket", timeout=5,
            suppress_origin=True)
        assert self.ws.recv().startswith("0{")       # Engine.IO open
        if auth is not None:
            self.ws.send("40" + auth)

    def next(self, prefix: str) -> str:
        while True:
            frame = self.ws.recv()
            if frame == "2":
                self.ws.send("3")
            elif frame.startswith(prefix):
                return frame[len(prefix):]

    def ack(self, n: int, raw_args: str) -> dict:
        self.ws.send(f"42{n}[\"call\",{raw_args}]")
        return json.loads(self.next(f"43{n}"))[0]


def serve(tmp_path, env: dict, *extra: str, port: int | None = None, wait: float = 10):
    env = {**os.environ, **env}
    env = {k: v for k, v in env.items() if v is not None}
    port = port or LiveServer(tmp_path).port
    return subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--port", str(port),
                           "--data-dir", str(tmp_path), *extra], env=env, capture_output=True,
                          text=True, timeout=wait)


RAMS_AND_GOATS = {"game": "goatball", "teams": [
    {"id": "rams", "name": "Ulra's Rams", "players": [{"id": "r1", "platform": "p1"}]},
    {"id": "goats", "name": "Peak Goats", "players": [{"id": "g1", "platform": "p2"}]}]}


def run_cli(*args, env=None):
    import os
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True,
                          text=True, timeout=60, env={**os.environ, **(env or {})})
