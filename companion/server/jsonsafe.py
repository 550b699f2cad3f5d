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
import math
import re
from typing import Any

MAX_DEPTH = 32          # documented in docs/api.md ("Errors")
MAX_INT_DIGITS = 100    # what python-engineio's own parser allows

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


class BadJson(ValueError):
    """Text that is not standard JSON, or deeper than MAX_DEPTH."""


class NotFinite(ValueError):
    """A number written as JSON allows but too large for a float (`1e400` is Infinity):
    `fields` maps each one's path (`a.b.1`) to its message; answered 422, naming them."""

    def __init__(self, fields: dict[str, list[str]]):
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in fields.items()))
        self.fields = fields


class _Huge:
    """Where a non-finite number was, until `loads` has found its path."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


def _paths(value: Any, path: str, out: dict[str, list[str]]) -> None:
    if isinstance(value, _Huge):
        shown = value.text if len(value.text) <= 40 else value.text[:37] + "..."
        out[path or "body"] = [f"a number too large to be finite ({shown})"]
    elif isinstance(value, dict):
        for k, v in value.items():
            _paths(v, f"{path}.{k}" if path else str(k), out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _paths(v, f"{path}.{i}" if path else str(i), out)


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
    that is not UTF-8, and nesting deeper than MAX_DEPTH; NotFinite for a number too large for
    a float (`1e400`), naming where each one is."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson("the body is not UTF-8") from None
    check_text(text)
    huge: list[_Huge] = []

    def _float(number: str) -> float | _Huge:
        value = float(number)
        if math.isfinite(value):
            return value
        huge.append(_Huge(number))
        return huge[-1]

    try:
        value = json.loads(text, parse_constant=_constant, parse_int=_int, parse_float=_float,
                           **kwargs)
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
    if huge:
        fields: dict[str, list[str]] = {}
        _paths(value, "", fields)
        raise NotFinite(fields)
    return value


def dumps(value: Any, **kwargs) -> str:
    """`json.dumps` that refuses NaN and Infinity instead of writing them."""
    kwargs.setdefault("allow_nan", False)
    return json.dumps(value, **kwargs)


class SocketJson:
    """The `json` module python-socketio parses packets with. A packet whose JSON is refused
    still reaches its handler, as a `Refused` value in place of its arguments, so a `call`
    is always acknowledged (400, or 422 for a number too large) and a `connect` with such an
    `auth` is refused. Binary attachments are refused on the decoded packet (a key spelled
    `"\\u005fplaceholder"` is still `_placeholder`), and binary packets never reach
    python-socketio (`sockets.refuse_binary`)."""

    JSONDecodeError = json.JSONDecodeError

    @staticmethod
    def dumps(value: Any, **kwargs) -> str:
        return dumps(value, **kwargs)

    @staticmethod
    def loads(text: str | bytes, **kwargs) -> Any:
        try:
            value = loads(text, **kwargs)
            if has_placeholder(value):
                raise BadJson("binary attachments are not JSON")
            return value
        except (BadJson, NotFinite) as exc:
            if isinstance(text, bytes | bytearray):
                text = bytes(text).decode("utf-8", "replace")
            refused = Refused(str(exc))
            if isinstance(exc, NotFinite):       # paths from the packet's first argument
                fields = {re.sub(r"^\d+\.", "", k, count=1): v for k, v in exc.fields.items()}
                refused = Refused(str(exc), 422, fields)
            head = re.match(r'\s*\[\s*"([A-Za-z_]{1,32})"\s*,', text)
            if head:                       # an event: keep its name, refuse its arguments
                return [head.group(1), refused]
            return refused


def has_placeholder(value: Any) -> bool:
    """Whether a decoded value holds a binary attachment's placeholder (`{"_placeholder"...}`)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "_placeholder" in item:
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class Refused:
    """What a handler receives in place of arguments whose JSON was refused."""

    def __init__(self, reason: str, status: int = 400, fields: dict | None = None):
        self.reason, self.status, self.fields = reason, status, fields

    def __repr__(self) -> str:
        return f"Refused({self.reason!r})"
