"""The one error shape: {"error": {"code", "message", "fields"}}, and how exceptions map to it."""

from __future__ import annotations

from marshmallow import ValidationError

from ..rules.errors import IllegalAction, MatchOver, OffGrid, OutOfRange, RulesError, UnknownPlayer


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, fields: dict | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.fields = status, code, message, fields


def body(code: str, message: str, fields: dict | None = None) -> dict:
    return {"error": {"code": code, "message": message, "fields": fields or {}}}


def _first_message(messages, path: str = "") -> str:
    if isinstance(messages, dict):
        for key, value in messages.items():
            return _first_message(value, f"{path}.{key}" if path else str(key))
    if isinstance(messages, list) and messages:
        if isinstance(messages[0], str):
            return f"{path}: {messages[0]}"
        return _first_message(messages[0], path)
    return f"{path}: invalid"


def flatten(messages, path: str = "") -> dict[str, list[str]]:
    """marshmallow's nested messages as {"players.0.x": ["..."]}."""
    out: dict[str, list[str]] = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            out.update(flatten(value, f"{path}.{key}" if path else str(key)))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        out[path or "_schema"] = list(messages)
    elif isinstance(messages, list):
        for i, m in enumerate(messages):
            out.update(flatten(m, f"{path}.{i}"))
    else:
        out[path or "_schema"] = [str(messages)]
    return out


RULE_CODES = ((MatchOver, 409, "match_over"), (UnknownPlayer, 422, "unknown_player"),
              (OffGrid, 422, "off_grid"), (OutOfRange, 422, "out_of_range"),
              (IllegalAction, 422, "illegal"), (RulesError, 422, "rules"))


def from_exception(exc: Exception) -> tuple[int, dict] | None:
    """(status, body) for the exceptions a request can cause; None for a bug."""
    if isinstance(exc, ApiError):
        return exc.status, body(exc.code, exc.message, exc.fields)
    if isinstance(exc, ValidationError):
        return 422, body("validation", _first_message(exc.messages), flatten(exc.messages))
    if isinstance(exc, UnicodeError):    # a lone surrogate in a URL, a header or a name
        return 400, body("bad_unicode", "text that is not valid Unicode (a lone surrogate)")
    for cls, status, code in RULE_CODES:
        if isinstance(exc, cls):
            fields = {exc.field: [exc.message]} if exc.field else None
            return status, body(code, exc.message, fields)
    return None
