"""Socket.IO junk is dropped quietly and every call with an ack id is answered (a client waiting
on its ack never hangs): packets sent by hand over a real WebSocket to a real `ballcourt serve`
whose log is read."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import TOKEN, LiveServer, wait_for_health
from tests.server.helpers import RawSocket

# (packet, whether it asks for an answer): malformed events, unknown packet types, refused JSON
MALFORMED = ["42", "4", "42[", '42["call"', "43", "431[]", "44", "4x", "42{}", "42[1]", "42[]",
             '42["nope"]', '42"call"', "45", "46", "47", "42/x,", "42/x,[]", '42["call",NaN]',
             '42["join"]', '42["join", 5]', '42["leave"]', '42["leave",NaN]',
             '42["call",1,2,3]', "4299999999999999999999999999", "42" + "9" * 150, "2probe",
             "42908" + "1" * 150, "", "45-[]"]
ASKING = {'421["call",{"method":"GET","route":"/api/v1/health"}': "bad_json",
          '422["call",NaN]': "bad_json", '423["leave",NaN]': "bad_json",
          '424["join", Infinity]': "bad_json", '425["nope",{}]': "bad_call",
          '426{}': "bad_call", "427": "bad_call", '428["call",1,2]': "bad_call",
          '429["call"': "bad_json", '4210[]': "bad_call"}


@pytest.fixture
def logged(tmp_path):
    """A live companion whose stderr the test reads when it has stopped."""
    server = LiveServer(tmp_path / "d")
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--port",
                             str(server.port), "--data-dir", str(tmp_path / "d")],
                            env={**os.environ, "BALLCOURT_TOKEN": TOKEN},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_for_health(server.url)
    log: list[str] = []

    def stop() -> str:
        proc.terminate()
        log.append(proc.communicate(timeout=30)[1])
        return log[0]

    yield server.url, stop
    if proc.poll() is None:
        proc.kill()
        proc.wait(10)


def test_junk_without_a_token_writes_one_line_not_tracebacks(logged):
    """2,000 packets of `42908` and 150 digits, and empty messages, before any auth: 1.9 MB of
    tracebacks when a security review sent them."""
    url, stop = logged
    sock = RawSocket(url)
    for _ in range(2000):
        sock.ws.send("42908" + "1" * 150)
    for _ in range(20):
        sock.ws.send("")
    sock.ws.send("2probe")         # the connection still reads
    sock.ws.close()
    err = stop()
    assert "Traceback" not in err and len(err.splitlines()) <= 2, err[-3000:]
    assert "dropped" in err


def test_malformed_packets_with_the_token_are_dropped_and_every_ack_is_answered(logged):
    url, stop = logged
    sock = RawSocket(url, json.dumps({"token": TOKEN}))
    sock.next("40")
    for junk in MALFORMED:
        sock.ws.send(junk)
    for packet, code in ASKING.items():
        sock.ws.send(packet)
        ack_id = packet[2:].split("[")[0].split("{")[0].split('"')[0]
        answer = json.loads(sock.next(f"43{ack_id}"))[0]
        assert answer["status"] == 400 and answer["body"]["error"]["code"] == code, packet
    assert sock.ack(99, '{"method": "GET", "route": "/api/v1/health"}')["status"] == 200
    sock.ws.close()
    err = stop()
    assert "Traceback" not in err and len(err.splitlines()) <= 2, err[-3000:]
