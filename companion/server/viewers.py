"""Viewer keys: read-only access to one match, for the spectator board.

A key is stored with its match (table `viewers`), so it survives a restart; revoking deletes
it, and every key is checked against the table on each use, so a revoked key stops working at
once. On Socket.IO a viewer's connection remembers its key (by sid); `call` lets it read its
own match only, and `join` only that match's room.
"""

from __future__ import annotations

import hmac
import re
import secrets
import sqlite3

from flask import current_app, request

from .errors import body as error_body

MATCH_ROUTE = re.compile(r"^/api/v1/matches/([^/?]+)(/events|/report|/replay)?/?$")
HTTP_ROUTE = re.compile(r"^/api/v1/matches/([^/?]+)/(report|replay)/?$")


class Viewers:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def create(self, match_id: str, label: str | None, created: str) -> str:
        key = secrets.token_urlsafe(18)
        self.db.execute("INSERT INTO viewers (key, match_id, label, created) VALUES (?, ?, ?, ?)",
                        (key, match_id, label, created))
        return key

    def list(self, match_id: str) -> list[dict]:
        rows = self.db.execute("SELECT key, label, created FROM viewers WHERE match_id = ?"
                               " ORDER BY created", (match_id,)).fetchall()
        return [{"key": r["key"], "label": r["label"], "created": r["created"]} for r in rows]

    def revoke(self, match_id: str, key: str) -> bool:
        cur = self.db.execute("DELETE FROM viewers WHERE key = ? AND match_id = ?",
                              (key, match_id))
        return cur.rowcount > 0

    def match_of(self, key: object) -> str | None:
        """The match a key reads, or None for a key that is unknown or revoked."""
        if not isinstance(key, str) or not 8 <= len(key) <= 100:
            return None
        row = self.db.execute("SELECT key, match_id FROM viewers WHERE key = ?",
                              (key,)).fetchone()
        if row is None or not hmac.compare_digest(row["key"].encode(), key.encode()):
            return None
        return row["match_id"]

    def valid(self, match_id: str, key: object) -> bool:
        return self.match_of(key) == match_id


def report_access(method: str, path: str, key: str | None) -> str | None:
    """Over HTTP a viewer key reads its own match's report and replay, nothing else. For a
    bearer that is not the GM's token: None when it is no viewer key either (a 401), "" when
    it may go ahead, else why not (a 403)."""
    from .db import get_db
    own = Viewers(get_db()).match_of(key)
    if own is None:
        return None
    found = HTTP_ROUTE.match(path)
    if method != "GET" or found is None:
        return "a viewer key reads only its match's report and replay over HTTP"
    if found.group(1) != own:
        return "a viewer key reads only its own match"
    return ""


# -- Socket.IO -------------------------------------------------------------------------------

def _sessions() -> dict[str, str]:
    """sid -> viewer key, per app."""
    return current_app.extensions.setdefault("ballcourt_viewers", {})


def connect_viewer(key: object) -> bool:
    from .db import get_db
    if Viewers(get_db()).match_of(key) is None:
        return False
    _sessions()[request.sid] = key
    return True


def forget(sid: str) -> None:
    _sessions().pop(sid, None)


def viewer_match() -> tuple[bool, str | None]:
    """(is this connection a viewer's, the match its key still reads or None if revoked)."""
    key = _sessions().get(request.sid)
    if key is None:
        return False, None
    from .db import get_db
    return True, Viewers(get_db()).match_of(key)


def refuse(message: str) -> dict:
    return {"status": 403, "body": error_body("viewer_read_only", message)}


def guard_call(method: object, route: object) -> dict | None:
    """None when the call may go ahead; a 403 answer for what a viewer may not do."""
    viewer, match_id = viewer_match()
    if not viewer:
        return None
    if match_id is None:
        return refuse("this viewer key has been revoked")
    if method != "GET":
        return refuse("a viewer key is read-only: it cannot change a match")
    found = MATCH_ROUTE.match(route.split("?", 1)[0]) if isinstance(route, str) else None
    if found is None or found.group(1) != match_id:
        return refuse("a viewer key reads only its own match")
    return None


def guard_join(match_id: object) -> dict | None:
    viewer, own = viewer_match()
    if not viewer:
        return None
    if own is None:
        return refuse("this viewer key has been revoked")
    if match_id != own:
        return refuse("a viewer key may join only its own match's room")
    return None


def disconnect_key(key: str) -> None:
    """Drop every live connection that used a key just revoked."""
    sio = current_app.extensions.get("socketio")
    for sid, k in list(_sessions().items()):
        if k == key:
            forget(sid)
            if sio is not None:
                sio.server.disconnect(sid, namespace="/")
