"""Defaults the `ballcourt` command, the client and the server share, and the one reading of the
environment, importable without the server's dependencies (`module install` runs from a wheel
installed with none, and `import companion.client` needs neither Flask nor marshmallow)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

TUNE_TIME_LIMIT = 30.0     # seconds one /goatball/tune may work (docs/benchmarks.md's figures)
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7770
DEFAULT_URL = f"http://{DEFAULT_HOST}:{DEFAULT_PORT}"
MIN_TOKEN = 16


class TokenError(ValueError):
    """No usable token: the companion refuses to start rather than serve without one, and the
    client refuses to send a token the companion would never take."""


@dataclass(frozen=True)
class Environment:
    """What the environment says: `url` (BALLCOURT_URL as given, unchecked; None when unset or
    blank), the data dir, the extra origins, and BALLCOURT_TOKEN as set (`token` applies its
    rule, so a command that needs no token never trips on it)."""

    url: str | None
    data_dir: Path
    allowed_origins: tuple[str, ...]
    token_as_set: str | None

    @property
    def token(self) -> str | None:
        return checked_token(self.token_as_set)


def environment(env: Mapping[str, str] | None = None) -> Environment:
    """The one place the companion, its client and its command read their environment."""
    env = os.environ if env is None else env
    origins = env.get("BALLCOURT_ALLOWED_ORIGINS", "")
    return Environment(url=env.get("BALLCOURT_URL") or None, data_dir=data_dir_from(env),
                       allowed_origins=tuple(o.strip().rstrip("/") for o in origins.split(",")
                                             if o.strip()),
                       token_as_set=env.get("BALLCOURT_TOKEN"))


def checked_token(token: str | None) -> str | None:
    """BALLCOURT_TOKEN's one rule: unset is None; set, it is stripped and must be at least
    MIN_TOKEN characters (an empty, blank or short one is a TokenError, never "no auth")."""
    if token is None:
        return None
    token = token.strip()
    if len(token) < MIN_TOKEN:
        raise TokenError(f"BALLCOURT_TOKEN is {'empty' if not token else 'too short'}: set it"
                         f" to at least {MIN_TOKEN} characters, or unset it to use the token"
                         f" kept in the data dir")
    return token


def data_dir_from(env: Mapping[str, str]) -> Path:
    """BALLCOURT_DATA_DIR, else $XDG_DATA_HOME/ballcourt (~/.local/share/ballcourt)."""
    if env.get("BALLCOURT_DATA_DIR"):
        return Path(env["BALLCOURT_DATA_DIR"])
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ballcourt"
