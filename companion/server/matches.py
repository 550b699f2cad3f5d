"""Matches: create, apply events, undo, delete. The rules fold events into state; this keeps
the log.

It takes bodies the routes have already loaded (api/matches.py) and refuses in the domain's
terms (`MatchNotFound`, `NothingToUndo`, `UndoConflict`, `UnknownEvent`), which
server/errors.py maps to HTTP with every other refusal.

Each write is one `BEGIN IMMEDIATE` transaction under a per-match lock, so concurrent writers
serialise and an event answered 201 is on disk (WAL, synchronous=FULL) before the answer.

Undo replays from the newest snapshot, not from the match's start: every SNAPSHOT_EVERY events
in force, the state is kept beside the log (in the event's own transaction), and undoing an
event drops the snapshots taken after it. So undo costs at most SNAPSHOT_EVERY folds however
long the match (figures: docs/benchmarks.md, `bench/bench_undo.py`).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from contextlib import contextmanager
from datetime import UTC, datetime

from ..rules.errors import RulesError
from .games import GAMES

# the events in force: not undo records, not undone
ACTIVE = ("match_id = ? AND type != 'undo' AND seq NOT IN "
          "(SELECT undoes FROM events WHERE match_id = ? AND undoes IS NOT NULL)")

SNAPSHOT_EVERY = 50
_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


def lock_for(match_id: str) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(match_id, threading.Lock())


class StoreError(ValueError):
    """A refusal by the match store; server/errors.py says what each is in HTTP. `fields`:
    the body's paths it names, each with what is wrong there."""

    fields: dict[str, list[str]] | None = None


class MatchNotFound(StoreError):
    def __init__(self, match_id: str):
        super().__init__(f"no match {match_id!r}")


class NothingToUndo(StoreError):
    """No event in force to undo, or one asked for that is already undone."""


class UnknownEvent(StoreError):
    """Undo named a log number that is no event of this match (`where` is the body's path)."""

    def __init__(self, where: str, seq: int):
        own = f"no event {seq} on this match"
        super().__init__(f"{where}: {own}")
        self.fields = {where: [own]}


class UndoConflict(StoreError):
    """A later event in force was built on the events asked to be undone (`later`: its seq)."""

    def __init__(self, message: str, later: int):
        super().__init__(message)
        self.fields = {"later": [str(later)]}


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _stored(text: str) -> dict:
    """A stored event body; a NaN or Infinity an older companion let in reads as null."""
    return json.loads(text, parse_constant=lambda _name: None)


def public(row: sqlite3.Row, state: dict, seq: int) -> dict:
    return {"id": row["id"], "name": row["name"], "created": row["created"], **state,
            "seq": seq, "log_seq": row["log_seq"]}


class Matches:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def create(self, body: dict) -> dict:
        """Start a match from a body whose parts a route has loaded with its game's schemas:
        game, name, teams, field and settings."""
        state = GAMES[body["game"]].start(body["teams"], body["field"], body["settings"])
        match_id = secrets.token_hex(6)
        text = json.dumps(state)
        self.db.execute("INSERT INTO matches (id, game, name, created, initial, state) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (match_id, body["game"], body["name"], now(), text, text))
        return self.get(match_id)

    def row(self, match_id: str) -> sqlite3.Row:
        row = self.db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise MatchNotFound(match_id)
        return row

    def active_count(self, match_id: str, log_seq: int) -> int:
        """Events in force: every record but the undo records and the events they cancel."""
        undos = self.db.execute("SELECT COUNT(*) FROM events WHERE match_id = ? AND undoes IS"
                                " NOT NULL", (match_id,)).fetchone()[0]
        return log_seq - 2 * undos

    def get(self, match_id: str) -> dict:
        row = self.row(match_id)
        return public(row, json.loads(row["state"]), self.active_count(match_id, row["log_seq"]))

    def game(self, match_id: str) -> str:
        """The match's game (which never changes): what a route loads its events for."""
        return self.row(match_id)["game"]

    def summaries(self) -> list[dict]:
        """One line per match (the newest 200): its score, status and teams' names."""
        rows = self.db.execute(
            "SELECT id, game, name, created, state, log_seq - 2 * (SELECT COUNT(*) FROM events"
            " e WHERE e.match_id = matches.id AND e.undoes IS NOT NULL) AS seq FROM matches"
            " ORDER BY created DESC LIMIT 200").fetchall()
        out = []
        for r in rows:
            s = json.loads(r["state"])
            possession = s.get("possession") or {}
            out.append({"id": r["id"], "game": r["game"], "name": r["name"],
                        "created": r["created"], "status": s["status"], "winner": s["winner"],
                        "seq": r["seq"], "score": s.get("score"), "round": s.get("round"),
                        "passes": s.get("passes"), "possession": possession.get("team"),
                        "teams": {t["id"]: t.get("name") or t["id"] for t in s.get("teams", [])}})
        return out

    def events(self, match_id: str, after: int = 0, limit: int | None = None) -> list[dict]:
        """The log records with seq > after, oldest first (at most `limit` of them)."""
        self.row(match_id)
        rows = self.db.execute("SELECT * FROM events WHERE match_id = ? AND seq > ? ORDER BY seq"
                               " LIMIT ?", (match_id, after, -1 if limit is None else limit)
                               ).fetchall()
        undone = {r[0] for r in self.db.execute(
            "SELECT undoes FROM events WHERE match_id = ? AND undoes > ?", (match_id, after))}
        return [{"seq": r["seq"], **_stored(r["body"]), "type": r["type"],
                 "created": r["created"], "undone": r["seq"] in undone,
                 **({"undoes": r["undoes"]} if r["undoes"] is not None else {})} for r in rows]

    @contextmanager
    def _writing(self, match_id: str):
        """One writer per match at a time, in one IMMEDIATE transaction."""
        with lock_for(match_id):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
                self.db.execute("COMMIT")
            except BaseException:
                # a COMMIT that fails on a full disk has already rolled back (SQLITE_FULL)
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise

    def _record(self, match_id: str, seq: int, kind: str, body: dict, state: dict,
                undoes: int | None = None) -> None:
        """Append one log record and keep the match's snapshot in step with it."""
        self.db.execute("INSERT INTO events (match_id, seq, type, body, created, undoes) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (match_id, seq, kind, json.dumps(body), now(), undoes))
        self.db.execute("UPDATE matches SET state = ?, log_seq = ? WHERE id = ?",
                        (json.dumps(state), seq, match_id))

    def append(self, match_id: str, event: dict) -> tuple[dict, dict | None, int]:
        """Apply one event, loaded by its game's schema: (new public state, its resolution if
        any, its log seq)."""
        with self._writing(match_id):
            row = self.row(match_id)
            new, detail, stored = self.fold(row["game"], json.loads(row["state"]), event,
                                            new=True)
            seq = row["log_seq"] + 1
            self._record(match_id, seq, stored["type"], stored, new)
            if self.active_count(match_id, seq) % SNAPSHOT_EVERY == 0:
                self.db.execute("INSERT OR REPLACE INTO snapshots (match_id, seq, state)"
                                " VALUES (?, ?, ?)", (match_id, seq, json.dumps(new)))
        return self.get(match_id), detail, seq

    def undo(self, match_id: str) -> tuple[dict, int]:
        """Cancel the last active event with an undo record; answer the state before it."""
        with self._writing(match_id):
            row = self.row(match_id)
            last = self.db.execute(f"SELECT seq FROM events WHERE {ACTIVE} ORDER BY seq DESC"
                                   " LIMIT 1", (match_id, match_id)).fetchone()
            if last is None:
                raise NothingToUndo("there is nothing to undo")
            last = {"seq": last["seq"]}
            self.db.execute("DELETE FROM snapshots WHERE match_id = ? AND seq >= ?",
                            (match_id, last["seq"]))
            snap = self.db.execute("SELECT seq, state FROM snapshots WHERE match_id = ?"
                                   " ORDER BY seq DESC LIMIT 1", (match_id,)).fetchone()
            state = json.loads(snap["state"] if snap else row["initial"])
            for stored in self.active(match_id, after=snap["seq"] if snap else 0,
                                      before=last["seq"]):
                state, _, _ = self.fold(row["game"], state, stored)
            seq = row["log_seq"] + 1
            self._record(match_id, seq, "undo", {"undoes": last["seq"]}, state, last["seq"])
        return self.get(match_id), seq

    def delete(self, match_id: str) -> list[str]:
        """Delete a match whole: its log, snapshots and viewer keys, in one transaction. The
        keys it had, so their live boards can be stopped."""
        with self._writing(match_id):
            self.row(match_id)
            keys = [r["key"] for r in self.db.execute(
                "SELECT key FROM viewers WHERE match_id = ?", (match_id,))]
            for table in ("events", "snapshots", "viewers"):
                self.db.execute(f"DELETE FROM {table} WHERE match_id = ?", (match_id,))
            self.db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
        return keys

    def undo_events(self, match_id: str, seqs: list[int]) -> tuple[dict, int]:
        """Cancel these events (one card's) together, wherever they are in the log.

        Safe only when they commute with every later event in force: replaying the log without
        them must keep every later event as it was stored (its dice included), and applying
        them again on top must give back today's state. Otherwise the later events were built
        on them: `UndoConflict` naming the first such event.
        """
        with self._writing(match_id):
            row = self.row(match_id)
            log = {r["seq"]: r for r in self.db.execute(
                "SELECT seq, type FROM events WHERE match_id = ?", (match_id,)).fetchall()}
            for i, seq in enumerate(seqs):
                if seq not in log or log[seq]["type"] == "undo":
                    raise UnknownEvent(f"seqs.{i}", seq)
            active = self.active(match_id)
            in_force = {e["seq"] for e in active}
            gone = [seq for seq in seqs if seq not in in_force]
            if gone:
                raise NothingToUndo(f"event {gone[0]} is already undone")
            state = self._without(row, active, set(seqs))
            self.db.execute("DELETE FROM snapshots WHERE match_id = ? AND seq >= ?",
                            (match_id, min(seqs)))     # they hold the events undone now
            seq = row["log_seq"]
            for undone in sorted(set(seqs), reverse=True):
                seq += 1
                self._record(match_id, seq, "undo", {"undoes": undone}, state, undone)
        return self.get(match_id), seq

    def _without(self, row: sqlite3.Row, active: list[dict], drop: set[int]) -> dict:
        """The state with `drop` taken out of the log, if no later event was built on them."""
        game = row["game"]
        first = min(drop)
        state = json.loads(row["initial"])
        for stored in active:
            if stored["seq"] >= first:
                break
            state, _, _ = self.fold(game, state, stored)
        ours = [e for e in active if e["seq"] in drop]
        without = state
        for stored in active:
            if stored["seq"] < first or stored["seq"] in drop:
                continue
            body = {k: v for k, v in stored.items() if k != "seq"}
            try:
                without, _, replayed = self.fold(game, without, stored)
            except RulesError:
                replayed = None
            if replayed != body:
                raise self._conflict(drop, stored)
        check = without
        try:
            for stored in ours:
                check, _, _ = self.fold(game, check, stored)
        except RulesError:
            check = None
        if check != json.loads(row["state"]):
            later = [e for e in active if e["seq"] > first and e["seq"] not in drop]
            raise self._conflict(drop, self._first_built_on(game, state, ours, later))
        return without

    def _first_built_on(self, game: str, before: dict, ours: list[dict],
                        later: list[dict]) -> dict:
        """The first later event that no longer commutes with `ours` (for the message)."""
        with_ours, without = before, before
        for stored in ours:
            with_ours, _, _ = self.fold(game, with_ours, stored)
        for stored in later:
            with_ours, _, _ = self.fold(game, with_ours, stored)
            without, _, _ = self.fold(game, without, stored)
            again = without
            try:
                for mine in ours:
                    again, _, _ = self.fold(game, again, mine)
            except RulesError:
                return stored
            if again != with_ours:
                return stored
        return later[-1]

    @staticmethod
    def _conflict(drop: set[int], later: dict) -> UndoConflict:
        mine = ", ".join(str(s) for s in sorted(drop))
        return UndoConflict(f"event {later['seq']} ({later['type']}) was built on event {mine}:"
                            f" undo it first", later["seq"])

    def active(self, match_id: str, after: int = 0, before: int | None = None) -> list[dict]:
        """The events in force with after < seq < before, oldest first."""
        rows = self.db.execute(f"SELECT seq, body FROM events WHERE {ACTIVE} AND seq > ? AND"
                               " seq < ? ORDER BY seq",
                               (match_id, match_id, after,
                                2**62 if before is None else before)).fetchall()
        return [{**json.loads(r["body"]), "seq": r["seq"]} for r in rows]

    @staticmethod
    def fold(game: str, state: dict, event: dict, new: bool = False
             ) -> tuple[dict, dict | None, dict]:
        """(state after, resolution, the event as stored: with the dice it used)."""
        body = {k: v for k, v in event.items() if k != "seq" and v is not None}
        return GAMES[game].fold(state, body, new)
