"""Add a past release's stored matches to the corpus: `python tests/corpus/make.py COMMIT`.

Checks COMMIT out in a temporary worktree, starts that version's companion (`serve`, with
BALLCOURT_TOKEN and --data-dir), plays the seeded matches below through its HTTP API with
given dice, and writes tests/corpus/<commit date>-<short hash>/: the SQLite file (the server
stopped, the WAL checkpointed) and expected.json, what that version answered at the end for
each match (the match, its whole log, its report where it has one). tests/server/
test_corpus.py then reads every folder with today's companion.

Old versions answer in older shapes; the script copes in two small ways only: a body key an
older version does not know (EXTRAS) is dropped and the event sent again, and a step marked
`optional` (an event type, route or refusal that changed since) is skipped when refused.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "corpus"
DB_NAME = "ballcourt.sqlite3"
EXTRAS = ("play", "knocked_out")     # event keys added after the first companion


class Refused(Exception):
    def __init__(self, status: int, answer: dict):
        super().__init__(f"{status}: {json.dumps(answer)[:400]}")
        self.status, self.answer = status, answer


class Table:
    """One version's companion, spoken to over HTTP as the Foundry module does."""

    def __init__(self, url: str, token: str):
        self.url, self.token = url, token
        self.skipped: list[str] = []

    def call(self, method: str, path: str, body: object = None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as exc:
            text = exc.read()
            raise Refused(exc.code, json.loads(text) if text.startswith(b"{") else {}) from None

    def new(self, body: dict) -> str:
        return self.call("POST", "/api/v1/matches", body)["id"]

    def event(self, match: str, body: dict, optional: bool = False) -> int | None:
        """Apply one event: its log number, or None when an `optional` one is refused."""
        try:
            try:
                return self.call("POST", f"/api/v1/matches/{match}/events", body)["applied"]
            except Refused as exc:
                named = set((exc.answer.get("error") or {}).get("fields") or {})
                unknown = {key for key in EXTRAS if key in body and key in named}
                if exc.status != 422 or not unknown:
                    raise
                body = {k: v for k, v in body.items() if k not in unknown}
                return self.call("POST", f"/api/v1/matches/{match}/events", body)["applied"]
        except Refused as exc:
            if not optional:
                raise
            self.skipped.append(f"{body['type']}: {exc}")
            return None

    def undo(self, match: str) -> None:
        self.call("POST", f"/api/v1/matches/{match}/undo", {})

    def undo_events(self, match: str, seqs: list[int]) -> None:
        """One card's events undone together, where this version has the route."""
        try:
            self.call("POST", f"/api/v1/matches/{match}/events/undo", {"seqs": seqs})
        except Refused as exc:
            if exc.status not in (404, 405):
                raise
            self.skipped.append(f"events/undo: {exc}")

    def answers(self, match: str) -> dict:
        """What this version says of a match: its state, its whole log, its report."""
        events, after = [], 0
        while True:
            page = self.call("GET", f"/api/v1/matches/{match}/events?after={after}")
            events += page["events"]
            if not page.get("next"):
                break
            after = page["next"]
        out = {"match": self.call("GET", f"/api/v1/matches/{match}"), "events": events}
        try:
            out["report"] = self.call("GET", f"/api/v1/matches/{match}/report")
        except Refused as exc:
            if exc.status != 404:
                raise
        return out


def kick(player: str, team: str) -> dict:
    return {"action": "kick", "player": player, "team": team}


def play_yaotzin_long(t: Table) -> str:
    """Sixty-odd events in force (past a snapshot): ball moves, goals, damage, rounds, undo
    records, a card's events undone together, then the hoop that wins."""
    m = t.new({"game": "yaotzin", "name": "Sun v Moon, long",
               "teams": [{"id": "sun", "defends": "west", "name": "Sun"},
                         {"id": "moon", "defends": "east", "name": "Moon"}]})
    t.event(m, {"type": "note", "text": "kick-off"})
    for i in range(20):
        who = ("ix", "sun") if i % 2 == 0 else ("yol", "moon")
        t.event(m, {"type": "ball", "x": 36 + (i % 7) * 3, "y": 4 + i % 9, "speed": i % 4,
                    "direction": "E" if i % 4 else None, "play": kick(*who)})
        if i % 5 == 4:
            t.event(m, {"type": "round"})
    hurt = t.event(m, {"type": "damage", "player": "yol", "nonlethal": 4})
    said = t.event(m, {"type": "note", "text": "yol takes the ball in the ribs"})
    t.event(m, {"type": "goal", "team": "sun", "play": kick("ix", "sun")})
    t.event(m, {"type": "ball", "x": 30, "y": 12})
    t.undo(m)
    t.undo_events(m, [hurt, said])
    t.event(m, {"type": "goal", "end": "west"})
    for i in range(20):
        t.event(m, {"type": "ball", "x": 10 + i * 2, "y": 3 + i % 17, "speed": 2,
                    "direction": "NE"})
        if i % 4 == 3:
            t.event(m, {"type": "round"})
    t.event(m, {"type": "damage", "player": "ix", "nonlethal": 7, "knocked_out": True})
    t.event(m, {"type": "damage", "player": "yol", "nonlethal": 2})
    t.undo(m)
    t.event(m, {"type": "ball", "x": 36, "y": 20, "play": kick("ix", "sun")})
    t.event(m, {"type": "hoop", "team": "sun", "play": {"action": "hoop", "player": "ix",
                                                        "team": "sun"}})
    return m


def play_yaotzin_clock(t: Table) -> str:
    """A short match the clock ends (round_limit 3), the score deciding the winner; two events
    the first companion took and today's refuses (a goal into the team's own end, negative
    damage)."""
    m = t.new({"game": "yaotzin", "name": "clock",
               "teams": [{"id": "a", "defends": "east"}, {"id": "b", "defends": "west"}],
               "settings": {"round_limit": 3, "points_to_win": 5}})
    t.event(m, {"type": "goal", "team": "b", "end": "west"}, optional=True)
    t.event(m, {"type": "damage", "player": "x1", "nonlethal": -2}, optional=True)
    t.event(m, {"type": "goal", "end": "west"})
    t.event(m, {"type": "round"})
    t.event(m, {"type": "goal", "team": "b"})
    t.event(m, {"type": "round"})
    t.event(m, {"type": "goal", "team": "a"})
    t.event(m, {"type": "round"})
    return m


def team(tid: str, name: str, ids: list[str], first: int) -> dict:
    return {"id": tid, "name": name,
            "players": [{"id": p, "platform": f"p{first + i}"} for i, p in enumerate(ids)]}


def throw(carrier: str, target: str, roll: int, others: list[dict], kind: str = "pass",
          **more: object) -> dict:
    """A pass event: the carrier's throw check (modifier 3) plus the others' actions."""
    return {"type": "pass",
            "actions": [{"player": carrier, "action": "throw", "modifier": 3}, *others],
            "throw": {"kind": kind, "target": target, **more},
            "rolls": {f"{carrier}.throw": roll}}


def play_goatball_bloodball(t: Table) -> str:
    """Two teams, bloodball: a tied tip-off re-rolled, passes to heat, a knock-off, a hot throw
    that hits, statuses, positions, a player joining, undo, a hot throw whose target a thrower
    knocks off, the end."""
    rams = ["r1", "r2", "r3", "r4"]
    goats = ["g1", "g2", "g3", "g4"]
    m = t.new({"game": "goatball", "name": "Rams v Goats",
               "teams": [team("rams", "Ulra's Rams", rams, 1),
                         team("goats", "Peak Goats", goats, 5)],
               "settings": {"bloodball": True}})
    t.event(m, {"type": "tipoff", "checks": {"r1": {"check": 15}, "g1": {"check": 15}}},
            optional=True)                               # a tie: refused before 2026-12-01
    t.event(m, {"type": "tipoff", "checks": {"r1": {"modifier": 2}, "g1": {"modifier": 1}},
                "rolls": {"r1.tipoff": 14, "g1.tipoff": 9}})
    passes = [("r1", "r2", 15, 6), ("r2", "r3", 12, 4), ("r3", "r4", 18, 11)]
    for carrier, target, roll, theirs in passes:
        body = throw(carrier, target, roll, [{"player": "g1", "action": "intercept",
                                              "modifier": 1}])
        body["rolls"]["g1.intercept"] = theirs
        if carrier == "r2":
            body["actions"].append({"player": "g2", "action": "knock_off", "target": "r1",
                                    "modifier": 2, "defense_modifier": 1})
            body["rolls"].update({"g2.knock_off": 17, "r1.defense.g2": 5})
        t.event(m, body)
    hot = throw("r4", "g3", 16, [], kind="hot", carrier_modifier=3, target_modifier=1,
                str_mod=2)
    hot["rolls"].update({"r4.hot_throw": [8, 17], "g3.dodge": 6, "g3.spear": 4})
    t.event(m, hot)
    t.event(m, {"type": "carrier", "player": "r2"})
    t.event(m, {"type": "status", "player": "r1", "out": False})
    t.event(m, {"type": "position", "player": "g2", "platform": "p9"})
    t.event(m, {"type": "note", "text": "g2 jumps to the far platform"})
    t.undo(m)
    t.event(m, {"type": "player", "team": "goats", "player": {"id": "g5", "platform": "p10"}},
            optional=True)                               # joining by event came later
    hot = throw("r2", "g1", 15, [{"player": "r3", "action": "knock_off", "target": "g1",
                                  "modifier": 2, "defense_modifier": 0}], kind="hot",
                carrier_check=20, target_check=5)
    hot["rolls"].update({"r3.knock_off": 18, "g1.defense.r3": 3})
    t.event(m, hot)                             # the hot throw's target knocked off by a thrower
    t.event(m, {"type": "end", "winner": "goats"})
    return m


def play_goatball_brawl(t: Table) -> str:
    """A thunder brawl of three teams: interceptors tied inside a team name their carrier, a
    carrier knocked off, a team knocked out, the last one standing wins."""
    m = t.new({"game": "goatball", "name": "brawl",
               "teams": [team("a", "Alpha", ["a1", "a2"], 1), team("b", "Beta", ["b1", "b2"], 3),
                         team("c", "Gamma", ["c1"], 5)]})
    t.event(m, {"type": "possession", "team": "a", "carrier": "a1"})
    tied = throw("a1", "a2", 5, [{"player": "b1", "action": "intercept", "modifier": 0},
                                 {"player": "b2", "action": "intercept", "modifier": 0}])
    tied["rolls"].update({"b1.intercept": 14, "b2.intercept": 14})
    t.event(m, tied)
    t.event(m, {"type": "carrier", "player": "b2"})
    t.event(m, {"type": "pass", "actions": [
        {"player": "c1", "action": "knock_off", "target": "b2", "modifier": 4,
         "defense_modifier": 0}], "rolls": {"c1.knock_off": 16, "b2.defense.c1": 3}})
    t.event(m, {"type": "carrier", "player": "c1"})
    t.event(m, {"type": "pass", "actions": [
        {"player": "a1", "action": "knock_off", "target": "c1", "modifier": 0,
         "defense_modifier": 5}], "rolls": {"a1.knock_off": 19, "c1.defense.a1": 4}})
    t.event(m, {"type": "carrier", "player": "a1"})
    late = throw("a1", "a2", 11, [{"player": "b1", "action": "knock_off", "target": "a2",
                                   "modifier": 1, "defense_modifier": 1}])
    late["rolls"].update({"b1.knock_off": 13, "a2.defense.b1": 13})
    t.event(m, late)
    t.event(m, {"type": "end"})
    return m


def play_goatball_edges(t: Table) -> str:
    """Checks an older companion took and today's refuses to a new event: a tip-off on
    Athletics, a plain total against a Defend, a knock-off on Acrobatics (each sent again the
    way today's takes it, or left out, when refused)."""
    m = t.new({"game": "goatball", "name": "edges",
               "teams": [team("rams", "Rams", ["r1", "r2", "r3"], 1),
                         team("goats", "Goats", ["g1", "g2", "g3"], 4)]})
    tipoff = {"type": "tipoff", "checks": {"r1": {"modifier": 2}, "g1": {"modifier": 0}},
              "rolls": {"r1.tipoff": 15, "g1.tipoff": 5}}
    athletics = {"modifier": 0, "skill": "athletics"}
    (t.event(m, {**tipoff, "checks": {**tipoff["checks"], "g1": athletics}}, optional=True)
     or t.event(m, tipoff))
    t.event(m, {"type": "pass", "actions": [
        {"player": "r3", "action": "defend", "target": "r2"},
        {"player": "g1", "action": "knock_off", "target": "r2", "check": 14, "defense": 12}]},
        optional=True)
    t.event(m, {"type": "pass", "actions": [
        {"player": "g2", "action": "knock_off", "target": "r3", "modifier": 2,
         "defense_modifier": 1, "skill": "acrobatics"}],
        "rolls": {"g2.knock_off": 9, "r3.defense.g2": 15}}, optional=True)
    t.event(m, {"type": "end", "winner": "rams"})
    return m


PLAYS = (play_yaotzin_long, play_yaotzin_clock, play_goatball_bloodball, play_goatball_brawl,
         play_goatball_edges)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(tree: Path, data: Path, python: str, token: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    server = subprocess.Popen(
        [python, "-m", "companion.cli", "serve", "--port", str(port), "--data-dir", str(data)],
        cwd=tree, env={**os.environ, "BALLCOURT_TOKEN": token}, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/api/v1/health", timeout=2).close()
            return server, url
        except OSError:
            if server.poll() is not None:
                sys.exit(f"the companion did not start:\n{server.stdout.read()}")
            time.sleep(0.1)
    server.kill()
    sys.exit("the companion did not answer /api/v1/health in 30 s")


def stop(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def compact(src: Path, dest: Path) -> None:
    """The database in one small file: the WAL checkpointed into it and given up (today's
    companion turns it on again when it opens the file), small pages, no free ones."""
    db = sqlite3.connect(src)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode=DELETE")
    db.execute("PRAGMA page_size=1024")
    db.execute("VACUUM")
    db.close()
    shutil.copyfile(src, dest)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter that runs the old companion (its dependencies)")
    args = parser.parse_args()
    git = ["git", "-C", str(REPO)]
    full = subprocess.check_output([*git, "rev-parse", f"{args.commit}^{{commit}}"],
                                   text=True).strip()
    date = subprocess.check_output([*git, "show", "-s", "--format=%cs", full], text=True).strip()
    out = CORPUS / f"{date}-{full[:7]}"
    tree = Path(tempfile.gettempdir()) / f"corpus-{full[:7]}"
    if tree.exists():                                   # left by a run that was killed
        subprocess.run([*git, "worktree", "remove", "--force", str(tree)], check=True)
    subprocess.run([*git, "worktree", "add", "--detach", str(tree), full], check=True,
                   capture_output=True)
    try:
        with tempfile.TemporaryDirectory() as data:
            token = secrets.token_hex(24)
            server, url = start(tree, Path(data), args.python, token)
            try:
                table = Table(url, token)
                expected = {}
                for play in PLAYS:
                    match = play(table)
                    expected[play.__name__.removeprefix("play_")] = table.answers(match)
            finally:
                stop(server)
            out.mkdir(parents=True, exist_ok=True)
            compact(Path(data) / DB_NAME, out / DB_NAME)
            (out / "expected.json").write_text(json.dumps(
                {"commit": full, "skipped": table.skipped, "matches": expected},
                indent=1, ensure_ascii=False) + "\n")
    finally:
        subprocess.run([*git, "worktree", "remove", "--force", str(tree)], check=True)
    print(f"wrote {out.relative_to(REPO)}; skipped: {table.skipped or 'nothing'}")


if __name__ == "__main__":
    main()
