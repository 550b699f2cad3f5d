"""SQLite, embedded: one connection per request on `g`, WAL, and an append-only event log."""

from __future__ import annotations

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


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
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
