"""The Foundry module the companion carries: its runtime files, its manifest, its zip, its install.

The wheel holds the runtime files in `companion/foundry_module/` (setup.py copies them at build
time); a checkout (or an editable install) reads the repository's `foundry_module/` instead.
This file imports only the standard library at the top: setup.py loads it to learn `RUNTIME`.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

MODULE_ID = "ballcourt"
# What Foundry needs at run time: the manifest and the folders it and the scripts point at.
# No tests, no node_modules, no package.json.
RUNTIME = ("module.json", "scripts", "lang", "styles", "assets")
PACKAGED = Path(__file__).parent / "foundry_module"
CHECKOUT = Path(__file__).resolve().parents[1] / "foundry_module"
# Addresses the repository's manifest must not invent: the companion fills in its own.
ADDRESS_KEYS = ("url", "manifest", "download")
MANIFEST_ROUTE = "/foundry/module.json"
ZIP_ROUTE = "/foundry/ballcourt.zip"
ZIP_TIME = (2024, 1, 1, 0, 0, 0)     # fixed, so the same files give the same archive


class ModuleFilesMissing(FileNotFoundError):
    """Neither the wheel nor a checkout holds the module's files."""


def module_root() -> Path:
    """Where the module's runtime files are: the installed package's copy, else the checkout's."""
    for root in (PACKAGED, CHECKOUT):
        if (root / "module.json").is_file():
            return root
    raise ModuleFilesMissing(f"the Foundry module's files are neither in {PACKAGED} nor in"
                             f" {CHECKOUT}: reinstall ballcourt")


def runtime_files(root: Path | None = None) -> list[tuple[str, Path]]:
    """(archive path, file) for every runtime file, sorted; dotfiles and caches left out."""
    root = root or module_root()
    found: list[tuple[str, Path]] = []
    for name in RUNTIME:
        path = root / name
        if path.is_file():
            found.append((name, path))
        elif path.is_dir():
            for file in path.rglob("*"):
                rel = file.relative_to(root)
                if file.is_file() and not any(p.startswith(".") or p == "__pycache__"
                                              for p in rel.parts):
                    found.append((rel.as_posix(), file))
    return sorted(found)


def manifest(base_url: str | None = None, root: Path | None = None) -> dict:
    """The module's manifest, its version locked to this companion's. With `base_url` (the
    address a request came in on) its `manifest` and `download` point back at this companion."""
    from . import __version__

    data = json.loads(((root or module_root()) / "module.json").read_text(encoding="utf-8"))
    for key in ADDRESS_KEYS:
        data.pop(key, None)
    data["version"] = __version__
    if base_url:
        base = base_url.rstrip("/")
        data["manifest"] = base + MANIFEST_ROUTE
        data["download"] = base + ZIP_ROUTE
    return data


def manifest_text(base_url: str | None = None, root: Path | None = None) -> str:
    return json.dumps(manifest(base_url, root), indent=2, ensure_ascii=False) + "\n"


def zip_bytes(base_url: str | None = None, root: Path | None = None) -> bytes:
    """The release archive: the runtime files with `module.json` at the archive's root."""
    root = root or module_root()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in runtime_files(root):
            data = (manifest_text(base_url, root).encode() if name == "module.json"
                    else path.read_bytes())
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()


def default_foundry_data() -> Path:
    """Foundry's user-data `Data` folder for this OS (Foundry's own defaults)."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
        return base / "FoundryVTT" / "Data"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "FoundryVTT" / "Data"
    return home / ".local" / "share" / "FoundryVTT" / "Data"


class NotFoundryData(ValueError):
    """The folder given is not a Foundry `Data` folder (the message names the right one)."""


DATA_MARKS = ("modules", "systems", "worlds")     # what every Foundry Data folder holds


def check_foundry_data(folder: Path) -> None:
    """NotFoundryData unless `folder` is a Foundry Data folder: it exists and holds at least
    one of modules/, systems/, worlds/. The User Data folder above it is named as such."""
    folder = Path(folder)
    if not folder.is_dir():
        raise NotFoundryData(f"{folder} is not a folder: give Foundry's Data folder (Foundry:"
                             " Configuration → User Data Path, then its Data folder)")
    if any((folder / mark).is_dir() for mark in DATA_MARKS):
        return
    inner = folder / "Data"
    if inner.is_dir() and any((inner / mark).is_dir() for mark in DATA_MARKS) or \
            inner.is_dir() and (folder / "Config").is_dir():
        raise NotFoundryData(f"{folder} is Foundry's User Data folder; its Data folder is"
                             f" {inner}: give --foundry-data {inner}")
    raise NotFoundryData(f"{folder} is not a Foundry Data folder (it has no modules, systems"
                         " or worlds folder): give the Data folder inside Foundry's User Data"
                         " path (Foundry: Configuration → User Data Path)")


def install(foundry_data: Path, root: Path | None = None, base_url: str | None = None) -> Path:
    """Copy the runtime files into `foundry_data/modules/ballcourt/` (replacing an older copy
    whole, so no stale script survives) and return that folder. With `base_url` (the
    companion's address) the installed manifest's `manifest` and `download` point at it, so
    Foundry can offer the next version as an update."""
    root = root or module_root()
    modules = Path(foundry_data) / "modules"
    modules.mkdir(parents=True, exist_ok=True)
    dest = modules / MODULE_ID
    staging = Path(tempfile.mkdtemp(prefix=".ballcourt-", dir=modules))
    staging.chmod(0o755)     # mkdtemp's 0700 would hide it from a Foundry run as another user
    try:
        for name, path in runtime_files(root):
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if name == "module.json":
                target.write_text(manifest_text(base_url, root=root), encoding="utf-8")
            else:
                shutil.copyfile(path, target)
        if dest.exists():
            shutil.rmtree(dest)
        staging.rename(dest)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return dest
