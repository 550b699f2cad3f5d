"""A real companion under kill -9 and concurrent writers: nothing answered 201 is lost."""

import signal
import threading
import time

from tests.conftest import LiveServer


def test_kill_9_loses_no_event_that_was_answered_201(tmp_path):
    data = tmp_path / "data"
    server = LiveServer(data).start()
    s = server.session()
    mid = s.post(f"{server.url}/api/v1/matches", json={
        "game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}).json()["id"]
    answered: list[int] = []
    stop = threading.Event()

    def writer():
        while not stop.is_set():
            try:
                r = s.post(f"{server.url}/api/v1/matches/{mid}/events",
                           json={"type": "note", "text": "x"}, timeout=2)
            except Exception:
                return
            if r.status_code == 201:
                answered.append(r.json()["applied"])

    t = threading.Thread(target=writer)
    t.start()
    time.sleep(1.0)
    server.kill(signal.SIGKILL)
    stop.set()
    t.join(5)
    assert len(answered) > 10

    again = LiveServer(data, port=server.port).start()
    try:
        log = again.session().get(f"{again.url}/api/v1/matches/{mid}/events").json()["events"]
        seqs = [e["seq"] for e in log]
        assert set(answered) <= set(seqs)
        assert seqs == list(range(1, len(seqs) + 1))
    finally:
        again.kill(signal.SIGTERM)


def test_four_clients_on_one_match_no_error_no_gap(live):
    s0 = live.session()
    mid = s0.post(f"{live.url}/api/v1/matches", json={
        "game": "yaotzin", "teams": [{"id": "a"}, {"id": "b"}]}).json()["id"]
    errors: list[str] = []

    def writer(n: int):
        s = live.session()
        for i in range(25):
            r = s.post(f"{live.url}/api/v1/matches/{mid}/events",
                       json={"type": "note", "text": f"{n}-{i}"}, timeout=10)
            if r.status_code != 201:
                errors.append(r.text)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    log = s0.get(f"{live.url}/api/v1/matches/{mid}/events").json()["events"]
    assert [e["seq"] for e in log] == list(range(1, 101))
    assert s0.get(f"{live.url}/api/v1/matches/{mid}").json()["seq"] == 100
