"""The one error shape: {"error": {"code", "message", "fields"}}, and how exceptions map to it."""

from __future__ import annotations

import sqlite3

from flask import current_app
from marshmallow import ValidationError

from ..rules.errors import IllegalAction, MatchOver, OffGrid, OutOfRange, RulesError, UnknownPlayer
from ..rules.yaotzin.movement import SearchTooLarge
from .db import disk_full, disk_full_message
from .matches import (
    BadImport,
    MatchExists,
    MatchNotFound,
    NothingToUndo,
    ReplayDiverged,
    UndoConflict,
    UnknownEvent,
)


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, fields: dict | None = None,
                 headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.fields = status, code, message, fields
        self.headers = headers or {}


class ErrorBody(dict):
    """An error's JSON body and the HTTP headers that go with it (`Retry-After`); a Socket.IO
    `call` answers the body alone."""

    def __init__(self, content: dict, headers: dict[str, str]):
        super().__init__(content)
        self.headers = headers


def body(code: str, message: str, fields: dict | None = None) -> dict:
    return {"error": {"code": code, "message": message, "fields": fields or {}}}


def too_large(limit: int) -> ApiError:
    """A body over `limit` bytes, however the server found out (routing or Werkzeug)."""
    return ApiError(413, "too_large", f"the body is over the {limit // 1024} KiB limit"
                    f" ({limit} bytes)")


def disk_full_answer(exc: BaseException, data_dir) -> tuple[int, dict] | None:
    """(507, body) when `exc` is the disk holding the data folder being full; else None."""
    if disk_full(exc, data_dir):
        return 507, body("disk_full", disk_full_message(data_dir))
    return None


# marshmallow's bookkeeping in error paths: a schema-level error (`_schema`) and a dict's
# `key`/`value` (no schema has a field of those names). The client's path is what remains.
INTERNAL_SEGMENTS = {"_schema", "key", "value"}
LISTED = 8      # how many bad fields the message spells out
FIELDS_KEPT = 50   # how many `fields` lists (a 1 MiB body of bad items is not a 7.5 MB answer)
MORE = "…"         # the `fields` key that says how many more were left out


def _client_path(path: str) -> str:
    return ".".join(p for p in path.split(".") if p not in INTERNAL_SEGMENTS) or "body"


def summary(fields: dict[str, list[str]]) -> str:
    """One message naming every bad field (the first few, then how many more)."""
    parts = [f"{path}: {' '.join(msgs)}" for path, msgs in fields.items()]
    if len(parts) == 1:
        return parts[0]
    more = f"; and {len(parts) - LISTED} more" if len(parts) > LISTED else ""
    return f"{len(parts)} bad fields: " + "; ".join(parts[:LISTED]) + more


def capped(fields: dict[str, list[str]]) -> dict[str, list[str]]:
    """The first FIELDS_KEPT bad fields, and under MORE how many were left out."""
    if len(fields) <= FIELDS_KEPT:
        return fields
    kept = dict(list(fields.items())[:FIELDS_KEPT])
    kept[MORE] = [f"{len(fields) - FIELDS_KEPT} more bad fields not listed"]
    return kept


def flatten(messages, path: str = "") -> dict[str, list[str]]:
    """marshmallow's nested messages as {"players.0.x": ["..."]}, in the client's terms."""
    out: dict[str, list[str]] = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            for name, msgs in flatten(value, f"{path}.{key}" if path else str(key)).items():
                out.setdefault(name, []).extend(m for m in msgs if m not in out.get(name, []))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        out[_client_path(path)] = list(messages)
    elif isinstance(messages, list):
        for i, m in enumerate(messages):
            out.update(flatten(m, f"{path}.{i}"))
    else:
        out[_client_path(path)] = [str(messages)]
    return out


STORE_CODES = ((MatchNotFound, 404, "not_found"), (NothingToUndo, 409, "nothing_to_undo"),
               (UndoConflict, 409, "undo_conflict"), (UnknownEvent, 422, "validation"),
               (ReplayDiverged, 409, "replay_diverged"), (MatchExists, 409, "match_exists"),
               (BadImport, 422, "validation"))


RULE_CODES = ((MatchOver, 409, "match_over"), (UnknownPlayer, 422, "unknown_player"),
              (OffGrid, 422, "off_grid"), (OutOfRange, 422, "out_of_range"),
              (IllegalAction, 422, "illegal"), (SearchTooLarge, 422, "search_too_large"),
              (RulesError, 422, "rules"))


def from_exception(exc: Exception) -> tuple[int, dict] | None:
    """(status, body) for the exceptions a request can cause; None for a bug."""
    if isinstance(exc, ApiError):
        content = body(exc.code, exc.message, exc.fields)
        return exc.status, ErrorBody(content, exc.headers) if exc.headers else content
    if isinstance(exc, ValidationError):
        fields = flatten(exc.messages)
        return 422, body("validation", summary(fields), capped(fields))
    for cls, status, code in STORE_CODES:
        if isinstance(exc, cls):
            return status, body(code, str(exc), exc.fields)
    if isinstance(exc, (OSError, sqlite3.Error)):
        full = disk_full_answer(exc, current_app.config["BALLCOURT"].data_dir)
        if full is not None:
            return full
    if isinstance(exc, UnicodeError):    # a lone surrogate in a URL, a header or a name
        return 400, body("bad_unicode", "text that is not valid Unicode (a lone surrogate)")
    for cls, status, code in RULE_CODES:
        if isinstance(exc, cls):
            # the field's own entry says what is wrong with it, without its name again
            # ("rolls.attack": ["25 is not a d20 result"], not "rolls.attack: rolls.attack: ...")
            own = exc.message.removeprefix(f"{exc.field}: ") if exc.field else exc.message
            fields = {exc.field: [own]} if exc.field else None
            return status, body(code, exc.message, fields)
    return None
