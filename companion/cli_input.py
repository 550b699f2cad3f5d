"""What the user hands the command (a JSON file, an address): read, or refused in one line
that says what to fix."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .defaults import DEFAULT_URL


class InputError(ValueError):
    """A request body the command cannot read: said in one line, with what to do."""


def read_json(path: str):
    """The JSON body in the file at `path` (`-`: stdin), or InputError saying what is wrong."""
    where = "stdin" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no file {path}: give the path of a JSON file, or - to read"
                         " stdin") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder: give the path of a JSON file") from None
    except PermissionError:
        raise InputError(f"cannot read {path}: permission denied") from None
    except UnicodeDecodeError:
        raise InputError(f"{where} is not UTF-8 text: save it as UTF-8 JSON") from None
    if not text.strip():
        raise InputError(f"{where} is empty: give a JSON object"
                         + (" (pipe one in, or name a file)" if path == "-" else ""))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where} is not valid JSON: {exc.msg} at line {exc.lineno},"
                         f" column {exc.colno}") from None


def web_address(text: str, what: str, path: bool = True) -> str:
    """`text` as an http(s) address (`path=False`: an origin, scheme://host[:port] and no
    more), or ValueError saying how to write one."""
    from urllib.parse import urlsplit

    example = DEFAULT_URL if path else "http://localhost:30000"
    try:
        parts = urlsplit(text.strip())
        if parts.port == 0:      # reading a port that is not a number raises too
            raise ValueError("port 0")
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
            or parts.query or parts.fragment or parts.username or parts.password
            or (not path and parts.path not in ("", "/"))):
        shape = "scheme://host[:port], no path" if not path else "http://HOST:PORT"
        raise ValueError(f"{what} {text!r} is not {'an origin' if not path else 'a URL'}:"
                         f" write it as {shape} (e.g. {example})")
    return text.strip().rstrip("/")


def url_option(text: str) -> str:
    """argparse's type for --companion-url."""
    try:
        return web_address(text, "--companion-url")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--companion-url ")) from None


def origin_option(text: str) -> str:
    """argparse's type for --allow-origin."""
    try:
        return web_address(text, "--allow-origin", path=False)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--allow-origin ")) from None
