"""Standard JSON in, standard JSON out: the one parser REST bodies and Socket.IO packets share.

Python's `json` accepts `NaN`/`Infinity` (and then writes them back out, which no browser can
read), lone UTF-16 surrogates such as `"\\ud800"` (which SQLite and UTF-8 cannot store), and
nesting as deep as the interpreter's stack (a 2 KB body a thousand arrays deep is a
`RecursionError`). `loads` refuses all three with `BadJson` (a ValueError) before any route
sees the value; `dumps` never writes a non-finite number.

The checks cost next to nothing on ordinary bodies: the depth walk only runs when the body
holds more brackets than the limit, the surrogate walk only when the text has a surrogate
escape.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32          # documented in docs/api.md ("Errors")
MAX_INT_DIGITS = 100    # what python-engineio's own parser allows

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


class BadJson(ValueError):
    """Text that is not standard JSON, or deeper than MAX_DEPTH."""


def _constant(name: str):
    raise BadJson(f"{name} is not a JSON number; send finite numbers only")


def _int(text: str) -> int:
    if len(text) > MAX_INT_DIGITS:
        raise BadJson(f"an integer longer than {MAX_INT_DIGITS} digits")
    return int(text)


def depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (outside strings)."""
    deepest = level = 0
    for ch in _BRACKET.findall(_STRING.sub("", text)):
        if ch in "[{":
            level += 1
            if level > deepest:
                deepest = level
        else:
            level -= 1
    return deepest


def check_text(text: str) -> None:
    if text.count("[") + text.count("{") > MAX_DEPTH and depth(text) > MAX_DEPTH:
        raise BadJson(f"JSON nested deeper than {MAX_DEPTH} levels")


def _valid_unicode(value: Any) -> None:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadJson("text that is not valid Unicode (a lone surrogate)") from None


def loads(text: str | bytes | bytearray, **kwargs) -> Any:
    """`json.loads` for standard JSON only: BadJson for NaN/Infinity, lone surrogates, text
    that is not UTF-8, and nesting deeper than MAX_DEPTH."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson("the body is not UTF-8") from None
    check_text(text)
    try:
        value = json.loads(text, parse_constant=_constant, parse_int=_int, **kwargs)
    except BadJson:
        raise
    except RecursionError:
        raise BadJson(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise BadJson(f"not valid JSON: {exc}") from None
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise BadJson("text that is not valid Unicode (a lone surrogate)") from None
    if _SURROGATE_ESCAPE.search(text):
        _valid_unicode(value)
    return value


def dumps(value: Any, **kwargs) -> str:
    """`json.dumps` that refuses NaN and Infinity instead of writing them."""
    kwargs.setdefault("allow_nan", False)
    return json.dumps(value, **kwargs)


class SocketJson:
    """The `json` module python-socketio parses packets with. A packet whose JSON is refused
    still reaches its handler, as a `Refused` value in place of its arguments, so a `call`
    is always acknowledged (with 400) and a `connect` with such an `auth` is refused."""

    JSONDecodeError = json.JSONDecodeError

    @staticmethod
    def dumps(value: Any, **kwargs) -> str:
        return dumps(value, **kwargs)

    @staticmethod
    def loads(text: str | bytes, **kwargs) -> Any:
        try:
            if isinstance(text, str) and '"_placeholder"' in text:
                raise BadJson("binary attachments are not JSON")   # bytes would follow
            return loads(text, **kwargs)
        except BadJson as exc:
            if isinstance(text, bytes | bytearray):
                text = bytes(text).decode("utf-8", "replace")
            head = re.match(r'\s*\[\s*"([A-Za-z_]{1,32})"\s*,', text)
            if head:                       # an event: keep its name, refuse its arguments
                return [head.group(1), Refused(str(exc))]
            return Refused(str(exc))


class Refused:
    """What a handler receives in place of arguments whose JSON was refused."""

    def __init__(self, reason: str):
        self.reason = reason

    def __repr__(self) -> str:
        return f"Refused({self.reason!r})"
