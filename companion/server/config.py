"""Where the companion keeps its data, which token it wants, who may call it."""

from __future__ import annotations

import errno
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from ..defaults import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    MIN_TOKEN,
    TUNE_TIME_LIMIT,
    TokenError,
    environment,
)

__all__ = ["DEFAULT_PORT", "MIN_TOKEN", "TokenError", "Config", "load_token", "read_token"]

DEFAULT_ORIGINS = ("http://localhost:30000", "http://127.0.0.1:30000")


def default_data_dir() -> Path:
    return environment().data_dir


PRIVATE_DIR = 0o700      # the data folder holds every match and viewer key: its owner's only
PRIVATE_FILE = 0o600


def make_data_dir(directory: Path) -> None:
    """Create the data folder (and any missing parents) readable by its owner only. A folder
    that already exists is left as it is: the user chose it."""
    directory = Path(directory)
    if not directory.is_dir():
        directory.parent.mkdir(parents=True, exist_ok=True)
        directory.mkdir(mode=PRIVATE_DIR, exist_ok=True)
        if os.name != "nt":          # mkdir's mode passes through the umask; this does not
            os.chmod(directory, PRIVATE_DIR)


def read_token(data_dir: Path) -> tuple[str, str]:
    """(token, where it came from): the environment (defaults.checked_token's rule), or the data
    dir's file; ("", "") when there is neither. Writes nothing. A short token in the file is
    refused (TokenError), never served as "no auth"."""
    token = environment().token
    if token is not None:
        return token, "BALLCOURT_TOKEN"
    path = data_dir / "token"
    if not path.exists():
        return "", ""
    token = path.read_text(errors="replace").strip()
    if len(token) < MIN_TOKEN:
        raise TokenError(f"the token file {path} is {'empty' if not token else 'too short'}"
                         f": delete it and a new token is made at the next start")
    return token, str(path)


def load_token(data_dir: Path) -> tuple[str, str]:
    """read_token's, or a new one written to the data dir (what `serve` and `ballcourt token`
    do; building a Config never does)."""
    token, source = read_token(data_dir)
    if token:
        return token, source
    path = data_dir / "token"
    return _new_token(path), f"{path} (new)"


def _new_token(path: Path) -> str:
    """Write a new token file atomically: a temporary file, fsynced, linked into place (so a
    crash leaves either no file or a whole one; a companion starting at the same moment
    keeps the one that won)."""
    from .db import Faults

    make_data_dir(path.parent)
    if Faults.disk_full:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))
    token = secrets.token_urlsafe(32)
    tmp = path.with_name(f".token.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(token + "\n")
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            return load_token(path.parent)[0]
        except OSError:            # a file system without hard links: replace in one step
            os.replace(tmp, path)
        _fsync_dir(path.parent)
    finally:
        if tmp.exists():
            tmp.unlink()
    return token


def _fsync_dir(directory: Path) -> None:
    if os.name == "nt":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def env_origins() -> list[str]:
    return list(environment().allowed_origins)


@dataclass
class Config:
    data_dir: Path = field(default_factory=default_data_dir)
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    allowed_origins: list[str] = field(default_factory=list)
    token: str = ""
    token_source: str = ""
    tune_time_limit: float = TUNE_TIME_LIMIT     # server/tuning.py

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir)
        # Foundry's default addresses always; BALLCOURT_ALLOWED_ORIGINS and --allow-origin add.
        self.allowed_origins = list(dict.fromkeys(
            [*DEFAULT_ORIGINS, *env_origins(), *(o.rstrip("/") for o in self.allowed_origins)]))
        if not self.token:   # one that exists; `serve` makes a new one (load_token)
            self.token, self.token_source = read_token(self.data_dir)

    @property
    def own_origins(self) -> list[str]:
        return [f"http://127.0.0.1:{self.port}", f"http://localhost:{self.port}",
                f"http://[::1]:{self.port}"] + (
            [f"http://{self.host}:{self.port}"] if self.host not in ("127.0.0.1", "localhost",
                                                                    "::1", "0.0.0.0") else [])

    @property
    def origins(self) -> list[str]:
        return list(dict.fromkeys(self.allowed_origins + self.own_origins))

    @property
    def hosts(self) -> set[str]:
        """Host headers this companion answers: its loopback names (and --host), with its port.
        Anything else is refused: that is what makes DNS rebinding fail."""
        names = {"127.0.0.1", "localhost", "[::1]"}
        if self.host not in ("0.0.0.0", "::"):
            names.add(f"[{self.host}]" if ":" in self.host else self.host)
        return {f"{n}:{self.port}" for n in names}

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
        return f"http://{host}:{self.port}"

    @property
    def db_path(self) -> Path:
        return self.data_dir / "ballcourt.sqlite3"
