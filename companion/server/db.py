"""SQLite, embedded: one connection per request on `g`, WAL, and an append-only event log."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from flask import current_app, g

from .config import PRIVATE_FILE, make_data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    name     TEXT,
    created  TEXT NOT NULL,
    initial  TEXT NOT NULL,      -- the state at creation: replay starts here
    state    TEXT NOT NULL,      -- the state after every active event (a snapshot)
    log_seq  INTEGER NOT NULL DEFAULT 0,
    rules_version INTEGER        -- the game's rules when it was created (NULL: before versions)
);
CREATE TABLE IF NOT EXISTS events (
    match_id TEXT NOT NULL REFERENCES matches(id),
    seq      INTEGER NOT NULL,   -- 1, 2, 3 ... per match, no gaps; undo records included
    type     TEXT NOT NULL,
    body     TEXT NOT NULL,
    created  TEXT NOT NULL,
    undoes   INTEGER,            -- set on an undo record: the seq it cancels
    rules_version INTEGER,       -- the rules it was played under (NULL: before versions)
    digest   TEXT,               -- the state after it, hashed: a replay that differs is seen
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
    """A fault-injection seam for tests: with `disk_full` set, the database fails as SQLite
    in WAL mode fails on a full disk, and so does writing the token file. A write outside a
    transaction fails; inside one it succeeds (the pages wait in memory) and the COMMIT that
    would write them fails, having rolled the transaction back, as SQLITE_FULL does. Nothing
    else looks at it."""

    disk_full = False


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "COMMIT")


class Connection(sqlite3.Connection):
    def execute(self, sql, *args):
        verb = sql.lstrip().upper()
        if Faults.disk_full and verb.startswith(WRITES):
            if verb.startswith("COMMIT") and self.in_transaction:
                super().execute("ROLLBACK")
                raise sqlite3.OperationalError("database or disk is full")
            if not self.in_transaction:
                raise sqlite3.OperationalError("database or disk is full")
        return super().execute(sql, *args)

    def executescript(self, sql):
        if Faults.disk_full:
            raise sqlite3.OperationalError("database or disk is full")
        return super().executescript(sql)


SQLITE_FULL = 13
SQLITE_IOERR = 10
NEARLY_FULL = 64 * 1024     # less free than two of SQLite's shared-memory chunks


def disk_full(exc: BaseException, directory: Path | None = None) -> bool:
    """Whether an error is the disk being full: SQLite's SQLITE_FULL, ENOSPC, or an SQLite
    I/O error while `directory`'s file system has next to no room. SQLite reports a full disk
    as SQLITE_FULL only while writing pages; growing or creating its -shm file there fails as
    SQLITE_IOERR_SHMSIZE ("disk I/O error"), which alone cannot tell a full disk from a
    broken one."""
    if isinstance(exc, sqlite3.OperationalError):
        code = getattr(exc, "sqlite_errorcode", None)
        if code == SQLITE_FULL or "disk is full" in str(exc):
            return True
        return (code is not None and code & 0xFF == SQLITE_IOERR and directory is not None
                and _free_bytes(directory) < NEARLY_FULL)
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)


def _free_bytes(directory: Path) -> float:
    try:
        st = os.statvfs(directory)
    except (OSError, AttributeError):     # gone, or no statvfs (Windows): not known to be full
        return float("inf")
    return st.f_bavail * st.f_frsize


def disk_full_message(directory: Path) -> str:
    return f"the disk holding {directory} is full: free some space there, then try again"


def private_files(path: Path) -> None:
    """The database and its WAL and shared-memory files readable by their owner only. SQLite
    gives the -wal and -shm files the database file's permissions, so creating that file 0600
    first is enough; a database an older companion left 0644 is tightened."""
    make_data_dir(path.parent)
    if os.name == "nt":
        return
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, PRIVATE_FILE))
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if os.stat(name).st_mode & 0o077:
                os.chmod(name, PRIVATE_FILE)
        except FileNotFoundError:
            pass


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False,
                           factory=Connection)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


# columns added since the first schema: a database an older companion made gains them, empty
ADDED = (("matches", "rules_version", "INTEGER"), ("events", "rules_version", "INTEGER"),
         ("events", "digest", "TEXT"))


def init_db(path: Path) -> None:
    private_files(path)
    conn = connect(path)
    try:
        conn.executescript(SCHEMA)
        for table, column, kind in ADDED:
            have = {row["name"] for row in conn.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
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
