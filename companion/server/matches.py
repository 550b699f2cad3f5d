"""Matches: create, apply events, undo, delete. The rules fold events into state; this keeps
the log.

It takes bodies the routes have already loaded (api/matches.py) and refuses in the domain's
terms (`MatchNotFound`, `NothingToUndo`, `UndoConflict`, `UnknownEvent`), which
server/errors.py maps to HTTP with every other refusal.

Each write is one `BEGIN IMMEDIATE` transaction under a per-match lock, so concurrent writers
serialise and an event answered 201 is on disk (WAL, synchronous=FULL) before the answer.

Each event records the rules version it was played under and a digest of the state after it:
replays (undo, the report, `verify`) fold it by its own version's rules, and one that no longer
gives the state it gave is refused by name (`ReplayDiverged`), never answered silently
different (docs/api.md, "Stored matches across versions").

Undo replays from the newest snapshot, not from the match's start: every SNAPSHOT_EVERY events
in force, the state is kept beside the log (in the event's own transaction), and undoing an
event drops the snapshots taken after it. So undo costs at most SNAPSHOT_EVERY folds however
long the match (figures: docs/benchmarks.md, `bench/bench_undo.py`).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from ..rules.errors import RulesError
from ..rules.versions import CURRENT, require
from .games import GAMES

# the events in force: not undo records, not undone
ACTIVE = ("match_id = ? AND type != 'undo' AND seq NOT IN "
          "(SELECT undoes FROM events WHERE match_id = ? AND undoes IS NOT NULL)")

SNAPSHOT_EVERY = 50
EXPORT_FORMAT = "ballcourt-match"
UNREPRODUCED = ("stored before rules versions were recorded, and no version's rules replay this"
                " match's log to the state it stored")
LOG_KEYS = ("seq", "rules_version", "digest")    # a stored event's record: the log's, not its body
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


class ReplayDiverged(StoreError):
    """A stored event folds today to another state than when it was played (or is refused):
    the match stays readable, but nothing that replays across that event is done."""

    def __init__(self, seq: int, kind: str, why: str):
        super().__init__(f"event {seq} ({kind}) does not replay as it was played: {why}")
        self.seq, self.kind, self.why = seq, kind, why
        self.fields = {"seq": [str(seq)]}


class MatchExists(StoreError):
    """An imported match whose id this companion already holds."""

    def __init__(self, match_id: str):
        super().__init__(f"match.id: a match {match_id!r} is already here: delete it, or"
                         " import this one under a new id")
        self.fields = {"match.id": ["a match with this id is already here"]}


class BadImport(StoreError):
    """An exported match this companion cannot take as it is (`where`: the body's path)."""

    def __init__(self, where: str, why: str):
        super().__init__(f"{where}: {why}")
        self.fields = {where: [why]}


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


def agrees(stored: Any, replayed: Any) -> bool:
    """Whether a state an older companion stored is the one today's rules replay: equal, but
    for the keys added since, which hold their empty value (None, False, [] or {})."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        return (all(key in replayed and agrees(value, replayed[key])
                    for key, value in stored.items())
                and all(replayed[key] in (None, False, [], {})
                        for key in replayed.keys() - stored.keys()))
    if isinstance(stored, list) and isinstance(replayed, list):
        return len(stored) == len(replayed) and all(map(agrees, stored, replayed))
    return stored == replayed and type(stored) is type(replayed)


def digest(state: dict) -> str:
    """A short hash of a state: equal states, equal digests (keys sorted)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _summary(row: Mapping[str, Any], s: dict) -> dict:
    """A match's line in the list: its score, status and teams' names."""
    possession = s.get("possession") or {}
    return {"id": row["id"], "game": row["game"], "name": row["name"], "created": row["created"],
            "status": s["status"], "winner": s["winner"], "seq": row["seq"],
            "score": s.get("score"), "round": s.get("round"), "passes": s.get("passes"),
            "possession": possession.get("team"),
            "teams": {t["id"]: t.get("name") or t["id"] for t in s.get("teams", [])}}


def public(row: sqlite3.Row, state: dict, seq: int) -> dict:
    return {"id": row["id"], "name": row["name"], "created": row["created"], **state,
            "seq": seq, "log_seq": row["log_seq"],
            "rules_version": row["rules_version"]}


class Matches:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def create(self, body: dict) -> dict:
        """Start a match from a body whose parts a route has loaded with its game's schemas:
        game, name, teams, field and settings."""
        state = GAMES[body["game"]].start(body["teams"], body["field"], body["settings"])
        match_id = secrets.token_hex(6)
        text = json.dumps(state)
        self.db.execute("INSERT INTO matches (id, game, name, created, initial, state,"
                        " rules_version) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (match_id, body["game"], body["name"], now(), text, text,
                         CURRENT[body["game"]]))
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
        return [_summary(r, json.loads(r["state"])) for r in rows]

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
                 **({"undoes": r["undoes"]} if r["undoes"] is not None else
                    {"rules_version": r["rules_version"]})} for r in rows]

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
                undoes: int | None = None, version: int | None = None) -> None:
        """Append one log record and keep the match's snapshot in step with it; an event (not
        an undo record) with the rules version it was played under and its state's digest."""
        self.db.execute("INSERT INTO events (match_id, seq, type, body, created, undoes,"
                        " rules_version, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (match_id, seq, kind, json.dumps(body), now(), undoes, version,
                         None if version is None else digest(state)))
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
            self._record(match_id, seq, stored["type"], stored, new,
                         version=CURRENT[row["game"]])
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
            state = self.replay(row["game"], json.loads(snap["state"] if snap else row["initial"]),
                                self.active(match_id, after=snap["seq"] if snap else 0,
                                            before=last["seq"]))
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
            active = self.require_versioned(self.active(match_id))
            in_force = {e["seq"] for e in active}
            gone = [seq for seq in seqs if seq not in in_force]
            if gone:
                raise NothingToUndo(f"event {gone[0]} is already undone")
            state, digests = self._without(row, active, set(seqs))
            # the later events now follow a log without these: their states are those now
            self.db.executemany("UPDATE events SET digest = ? WHERE match_id = ? AND seq = ?",
                                [(d, match_id, s) for s, d in digests.items()])
            self.db.execute("DELETE FROM snapshots WHERE match_id = ? AND seq >= ?",
                            (match_id, min(seqs)))     # they hold the events undone now
            seq = row["log_seq"]
            for undone in sorted(set(seqs), reverse=True):
                seq += 1
                self._record(match_id, seq, "undo", {"undoes": undone}, state, undone)
        return self.get(match_id), seq

    def _without(self, row: sqlite3.Row, active: list[dict], drop: set[int]
                 ) -> tuple[dict, dict[int, str]]:
        """The state with `drop` taken out of the log, if no later event was built on them,
        and the digest of the state after each later event that keeps one."""
        game = row["game"]
        first = min(drop)
        state = self.replay(game, json.loads(row["initial"]),
                            [e for e in active if e["seq"] < first])
        ours = [e for e in active if e["seq"] in drop]
        without, digests = state, {}
        for stored in active:
            if stored["seq"] < first or stored["seq"] in drop:
                continue
            body = {k: v for k, v in stored.items() if k not in LOG_KEYS}
            try:
                without, _, replayed = self.fold(game, without, stored)
            except RulesError:
                replayed = None
            if replayed != body:
                raise self._conflict(drop, stored)
            if "digest" in stored:
                digests[stored["seq"]] = digest(without)
        check = without
        try:
            for stored in ours:
                check, _, _ = self.fold(game, check, stored)
        except RulesError:
            check = None
        if check != json.loads(row["state"]):
            later = [e for e in active if e["seq"] > first and e["seq"] not in drop]
            raise self._conflict(drop, self._first_built_on(game, state, ours, later))
        return without, digests

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
        """The events in force with after < seq < before, oldest first: each its body with
        the log's `seq`, `rules_version` and (when it has one) `digest`."""
        rows = self.db.execute(f"SELECT seq, body, rules_version, digest FROM events WHERE"
                               f" {ACTIVE} AND seq > ? AND seq < ? ORDER BY seq",
                               (match_id, match_id, after,
                                2**62 if before is None else before)).fetchall()
        return [{**json.loads(r["body"]), "seq": r["seq"],
                 "rules_version": r["rules_version"],
                 **({"digest": r["digest"]} if r["digest"] else {})} for r in rows]

    @staticmethod
    def fold(game: str, state: dict, event: dict, new: bool = False
             ) -> tuple[dict, dict | None, dict]:
        """(state after, resolution, the event as stored: with the dice it used). A new event
        is played under today's rules; a stored one under the version it was played under."""
        version = CURRENT[game] if new else event.get("rules_version") or CURRENT[game]
        body = {k: v for k, v in event.items() if k not in LOG_KEYS and v is not None}
        return GAMES[game].fold(state, body, new, version)

    @staticmethod
    def require_versioned(stored: list[dict]) -> list[dict]:
        """These stored events, if each knows the rules it was played under: a match no
        version reproduced (`adopt_unversioned`) is not replayed, by undo or the report."""
        for event in stored:
            if event["rules_version"] is None:
                raise ReplayDiverged(event["seq"], event["type"], UNREPRODUCED)
        return stored

    @classmethod
    def replay(cls, game: str, state: dict, stored: list[dict]) -> dict:
        """`state` with these stored events folded in order, each checked against the digest
        it was stored with: `ReplayDiverged` names the first that no longer gives its state."""
        for event in cls.require_versioned(stored):
            try:
                state, _, _ = cls.fold(game, state, event)
            except RulesError as exc:
                raise ReplayDiverged(event["seq"], event["type"],
                                     f"today's rules refuse it ({exc})") from None
            if "digest" in event and digest(state) != event["digest"]:
                raise ReplayDiverged(event["seq"], event["type"],
                                     "it gives another state than it gave when played")
        return state

    def verify(self, match_id: str) -> dict:
        """Whether the match's log replays today to what was played: every event folded from
        the match's start by its own version's rules, checked against its digest, the
        snapshots and the stored state. `diverged` names the first event that does not, and
        why; the match stays readable either way."""
        row = self.row(match_id)
        game = row["game"]
        snaps = {r["seq"]: json.loads(r["state"]) for r in self.db.execute(
            "SELECT seq, state FROM snapshots WHERE match_id = ?", (match_id,))}
        active = self.active(match_id)
        state = json.loads(row["initial"])
        out = {"id": match_id, "rules_version": row["rules_version"],
               "current": CURRENT[game], "events": len(active),
               "versions": sorted({e["rules_version"] for e in active if e["rules_version"]}),
               "unversioned": sum(1 for e in active if not e["rules_version"]), "faithful": True,
               "diverged": None}
        try:
            for event in active:
                state = self.replay(game, state, [event])    # checks its version and digest
                if snaps.get(event["seq"], state) != state:
                    raise ReplayDiverged(event["seq"], event["type"], "it gives another state"
                                         " than the snapshot kept after it")
            if state != json.loads(row["state"]):
                last = active[-1] if active else {"seq": 0, "type": "start"}
                raise ReplayDiverged(last["seq"], last["type"], "the log gives another state"
                                     " than the one the match stored")
        except ReplayDiverged as exc:
            out["faithful"] = False
            out["diverged"] = {"seq": exc.seq, "type": exc.kind, "why": exc.why}
        return out

    def export(self, match_id: str) -> dict:
        """The match whole, as `import_` takes it: its start, its log with each event's rules
        version and digest, and its state (viewer keys stay here: they are this companion's)."""
        row = self.row(match_id)
        rows = self.db.execute("SELECT * FROM events WHERE match_id = ? ORDER BY seq",
                               (match_id,)).fetchall()
        return {"format": EXPORT_FORMAT, "format_version": 1,
                "match": {"id": row["id"], "game": row["game"], "name": row["name"],
                          "created": row["created"], "rules_version": row["rules_version"],
                          "initial": json.loads(row["initial"]), "state": json.loads(row["state"])},
                "events": [{"seq": r["seq"], "type": r["type"], "body": _stored(r["body"]),
                            "created": r["created"], "undoes": r["undoes"],
                            "rules_version": r["rules_version"], "digest": r["digest"]}
                           for r in rows]}

    def import_(self, data: dict, new_id: bool = False) -> dict:
        """Keep an exported match (loaded by the import route's schema) as it was played:
        refused whole, naming the field, unless its log is whole and replays here to its state
        by the rules versions it was played under."""
        match, events = data["match"], data["events"]
        game = match["game"]
        match_id = secrets.token_hex(6) if new_id else match["id"]
        if match["rules_version"] is not None:
            require(game, match["rules_version"], "match.rules_version")
        undone: set[int] = set()
        for i, event in enumerate(events):
            where = f"events.{i}"
            if event["seq"] != i + 1:
                raise BadImport(f"{where}.seq", f"the log's records are numbered 1, 2, 3...;"
                                f" this one should be {i + 1}")
            if (event["type"] == "undo") != (event["undoes"] is not None):
                raise BadImport(f"{where}.undoes", "an undo record, and only one, names the"
                                " event it cancels")
            if event["undoes"] is not None:
                target = event["undoes"]
                if not 1 <= target <= i or events[target - 1]["type"] == "undo" \
                        or target in undone:
                    raise BadImport(f"{where}.undoes", f"{target} is no earlier event in force")
                undone.add(target)
            elif event["type"] not in GAMES[game].events:
                raise BadImport(f"{where}.type", f"a {game} event is one of:"
                                f" {', '.join(GAMES[game].events)}")
            elif event["rules_version"] is not None:
                require(game, event["rules_version"], f"{where}.rules_version")
        with lock_for(match_id):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                if self.db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone():
                    raise MatchExists(match_id)
                self.db.execute(
                    "INSERT INTO matches (id, game, name, created, initial, state, log_seq,"
                    " rules_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (match_id, game, match["name"], match["created"],
                     json.dumps(match["initial"]), json.dumps(match["state"]), len(events),
                     match["rules_version"]))
                self.db.executemany(
                    "INSERT INTO events (match_id, seq, type, body, created, undoes,"
                    " rules_version, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(match_id, e["seq"], e["type"], json.dumps(e["body"]), e["created"],
                      e["undoes"], e["rules_version"], e["digest"]) for e in events])
                self._check_imported(match_id)
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        return self.get(match_id)

    def _check_imported(self, match_id: str) -> None:
        """Refuse an imported log that does not replay to its state, and keep the snapshots
        undo starts from."""
        row = self.row(match_id)
        for part in ("initial", "state"):
            try:
                state = json.loads(row[part])
                if state["game"] != row["game"]:
                    raise ValueError(f"it is a {state['game']} state")
                _summary({**dict(row), "seq": 0}, state)
            except (KeyError, TypeError, AttributeError, ValueError) as exc:
                raise BadImport(f"match.{part}", f"not a {row['game']} match's state this"
                                f" companion can read ({type(exc).__name__}: {exc})") from None
        try:
            check = self.verify(match_id)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:   # not a start at all
            raise BadImport("match.initial", f"not a start of a match this companion can"
                            f" read ({type(exc).__name__}: {exc})") from None
        if not check["faithful"]:
            bad = check["diverged"]
            raise BadImport(f"events.{bad['seq'] - 1}" if bad["seq"] else "match.state",
                            bad["why"])
        state = json.loads(row["initial"])
        for count, event in enumerate(self.active(match_id), 1):
            state, _, _ = self.fold(row["game"], state, event)
            if count % SNAPSHOT_EVERY == 0:
                self.db.execute("INSERT INTO snapshots (match_id, seq, state) VALUES (?, ?, ?)",
                                (match_id, event["seq"], json.dumps(state)))

    def adopt_unversioned(self) -> list[tuple[str, int | None]]:
        """Give each match whose events an older companion stored without a rules version the
        newest version whose rules replay its log to what it stored (every snapshot and its
        state, keys added since aside: `agrees`), with digests, and its states as those rules
        write them; a match no version reproduces keeps its events unversioned (`verify`
        names where it differs). Run once as a companion opens its database: (match, version
        or None) for each match looked at."""
        ids = [r[0] for r in self.db.execute(
            "SELECT DISTINCT match_id FROM events WHERE rules_version IS NULL AND type != 'undo'")]
        return [(match_id, self._adopt(match_id)) for match_id in ids]

    def _adopt(self, match_id: str) -> int | None:
        with self._writing(match_id):
            row = self.row(match_id)
            game = row["game"]
            snaps = {r["seq"]: json.loads(r["state"]) for r in self.db.execute(
                "SELECT seq, state FROM snapshots WHERE match_id = ?", (match_id,))}
            active = self.active(match_id)
            for version in range(CURRENT[game], 0, -1):      # the newest first
                states = self._replayed_as(game, json.loads(row["initial"]), active, version)
                if states is None or not agrees(json.loads(row["state"]),
                                                states[-1] if states else
                                                json.loads(row["initial"])):
                    continue
                after = {e["seq"]: s for e, s in zip(active, states)}
                if not all(agrees(snap, after.get(seq)) for seq, snap in snaps.items()):
                    continue
                self.db.executemany(
                    "UPDATE events SET rules_version = ?, digest = ? WHERE match_id = ?"
                    " AND seq = ?", [(version, digest(after[e["seq"]]), match_id, e["seq"])
                                     for e in active if e["rules_version"] is None])
                self.db.execute("UPDATE events SET rules_version = ? WHERE match_id = ? AND"
                                " rules_version IS NULL AND type != 'undo'", (version, match_id))
                self.db.executemany("UPDATE snapshots SET state = ? WHERE match_id = ? AND"
                                    " seq = ?", [(json.dumps(after[seq]), match_id, seq)
                                                 for seq in snaps])
                self.db.execute("UPDATE matches SET rules_version = coalesce(rules_version, ?),"
                                " state = ? WHERE id = ?",
                                (version, json.dumps(states[-1]) if states else row["initial"],
                                 match_id))
                return version
        return None

    @classmethod
    def _replayed_as(cls, game: str, state: dict, active: list[dict], version: int
                     ) -> list[dict] | None:
        """The state after each event in force, its unversioned events played under
        `version`; None if those rules refuse one."""
        states = []
        try:
            for event in active:
                state, _, _ = cls.fold(game, state, {**event, "rules_version":
                                                     event["rules_version"] or version})
                states.append(state)
        except RulesError:
            return None
        return states
