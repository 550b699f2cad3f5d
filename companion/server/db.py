"""SQLite, embedded: one connection per request on `g`, WAL, and an append-only event log."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

from flask import current_app, g

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    name     TEXT,
    created  TEXT NOT NULL,
    initial  TEXT NOT NULL,      -- the state at creation: replay starts here
    state    TEXT NOT NULL,      -- the state after every active event (a snapshot)
    log_seq  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    match_id TEXT NOT NULL REFERENCES matches(id),
    seq      INTEGER NOT NULL,   -- 1, 2, 3 ... per match, no gaps; undo records included
    type     TEXT NOT NULL,
    body     TEXT NOT NULL,
    created  TEXT NOT NULL,
    undoes   INTEGER,            -- set on an undo record: the seq it cancels
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE IF NOT EXISTS viewers (     -- read-only keys for the spectator board
    key      TEXT PRIMARY KEY,
    match_id TEXT NOT NULL REFERENCES matches(id),
    label    TEXT,
    created  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_undone ON events (match_id, undoes) WHERE undoes IS NOT NULL;
CREATE TABLE IF NOT EXISTS snapshots (
    match_id TEXT NOT NULL REFERENCES matches(id),
    seq      INTEGER NOT NULL,   -- taken after this log record: the events in force up to it
    state    TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
"""


class Faults:
    """A fault-injection seam for tests: with `disk_full` set, every write to the database
    fails as SQLite fails on a full disk, and so does writing the token file. Nothing else
    looks at it."""

    disk_full = False


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "COMMIT")


class Connection(sqlite3.Connection):
    def execute(self, sql, *args):
        if Faults.disk_full and sql.lstrip().upper().startswith(WRITES):
            raise sqlite3.OperationalError("database or disk is full")
        return super().execute(sql, *args)

    def executescript(self, sql):
        if Faults.disk_full:
            raise sqlite3.OperationalError("database or disk is full")
        return super().executescript(sql)


def disk_full(exc: BaseException) -> bool:
    """Whether an error is the disk being full (SQLite's SQLITE_FULL, or ENOSPC)."""
    if isinstance(exc, sqlite3.OperationalError):
        return getattr(exc, "sqlite_errorcode", None) == 13 or "disk is full" in str(exc)
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)


def disk_full_message(directory: Path) -> str:
    return f"the disk holding {directory} is full: free some space there, then try again"


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False,
                           factory=Connection)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def init_db(path: Path) -> None:
    conn = connect(path)
    try:
        conn.executescript(SCHEMA)
    finally:
        conn.close()


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = connect(current_app.config["BALLCOURT"].db_path)
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()
