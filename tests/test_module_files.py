"""The Foundry module, served and installed by the companion (contract: "The Foundry module,
served by the companion"), and the wheel that carries it."""

import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from companion import __version__
from companion.module_files import RUNTIME

ROOT = Path(__file__).parents[1]
MODULE = ROOT / "foundry_module"


def repo_manifest() -> dict:
    return json.loads((MODULE / "module.json").read_text(encoding="utf-8"))


def get(app, path, host="127.0.0.1:7770", **kw):
    """No token: these routes are public."""
    return app.test_client().get(path, base_url=f"http://{host}", **kw)


def runtime_paths(manifest: dict) -> set[str]:
    return ({*manifest["esmodules"], *manifest["styles"]}
            | {lang["path"] for lang in manifest["languages"]})


def assert_runtime_only(names: list[str], manifest: dict) -> None:
    assert "module.json" in names
    assert runtime_paths(manifest) <= set(names)
    for name in names:
        assert name.split("/")[0] in RUNTIME, name
        assert not name.startswith(("test/", "node_modules/")) and "package" not in name, name
    scripts = {p.relative_to(MODULE).as_posix() for p in (MODULE / "scripts").rglob("*.mjs")}
    assert scripts <= set(names)      # what main.mjs imports comes along


def test_the_repository_manifest_invents_no_address_and_no_systems():
    manifest = repo_manifest()
    assert not {"url", "manifest", "download"} & set(manifest)
    assert "systems" not in manifest.get("relationships", {})
    assert manifest["version"] == __version__


@pytest.mark.parametrize("host", ["127.0.0.1:7770", "localhost:7770"])
def test_the_manifest_is_served_without_a_token_on_the_request_address(app, host):
    r = get(app, "/foundry/module.json", host=host)
    assert r.status_code == 200 and r.mimetype == "application/json"
    manifest = r.json
    health = get(app, "/api/v1/health").json
    assert manifest["version"] == health["version"] == __version__
    assert manifest["manifest"] == f"http://{host}/foundry/module.json"
    assert manifest["download"] == f"http://{host}/foundry/ballcourt.zip"
    assert manifest["id"] == "ballcourt" and "url" not in manifest
    assert "systems" not in manifest.get("relationships", {})
    assert manifest["esmodules"] == repo_manifest()["esmodules"]


def test_the_zip_holds_the_runtime_files_only(app):
    r = get(app, "/foundry/ballcourt.zip", host="localhost:7770")
    assert r.status_code == 200 and r.mimetype == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(r.data))
    names = archive.namelist()
    inner = json.loads(archive.read("module.json"))
    assert_runtime_only(names, inner)
    assert inner["version"] == __version__
    assert inner["download"] == "http://localhost:7770/foundry/ballcourt.zip"
    assert archive.read("scripts/main.mjs") == (MODULE / "scripts" / "main.mjs").read_bytes()
    assert archive.read("lang/ru.json") == (MODULE / "lang" / "ru.json").read_bytes()


def test_the_module_routes_keep_the_host_guard(app):
    assert get(app, "/foundry/module.json", host="evil.example:7770").status_code == 403
    assert get(app, "/foundry/ballcourt.zip", host="evil.example:7770").status_code == 403


def cli(*args, cwd=None, exe=None, env=None):
    command = [exe] if exe else [sys.executable, "-m", "companion.cli"]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=60,
                          cwd=cwd, env={**os.environ, **(env or {})})


def test_module_install_copies_the_runtime_files_and_says_where(tmp_path):
    data = tmp_path / "Data"
    stale = data / "modules" / "ballcourt" / "scripts" / "old.mjs"
    stale.parent.mkdir(parents=True)
    env = {"BALLCOURT_URL": ""}
    stale.write_text("// from an older version")
    out = cli("module", "install", "--foundry-data", str(data), env=env)
    dest = data / "modules" / "ballcourt"
    assert out.returncode == 0, out.stderr
    assert str(dest) in out.stdout
    names = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())
    installed = json.loads((dest / "module.json").read_text())
    assert_runtime_only(names, installed)
    assert not stale.exists()
    assert installed["version"] == __version__
    assert installed["manifest"] == "http://127.0.0.1:7770/foundry/module.json"   # updates
    assert installed["download"] == "http://127.0.0.1:7770/foundry/ballcourt.zip"


def test_module_install_refuses_a_folder_that_is_not_foundrys_data(tmp_path):
    user_data = tmp_path / "FoundryVTT"
    (user_data / "Data" / "worlds").mkdir(parents=True)
    (user_data / "Config").mkdir()
    out = cli("module", "install", "--foundry-data", str(user_data))
    assert out.returncode == 2
    assert "User Data folder" in out.stderr and str(user_data / "Data") in out.stderr
    assert not (user_data / "modules").exists()
    for where in (tmp_path / "nowhere", tmp_path / "empty"):
        if where.name == "empty":
            where.mkdir()
        out = cli("module", "install", "--foundry-data", str(where))
        assert out.returncode == 2 and "Data folder" in out.stderr, out.stderr
        assert not (where / "modules").exists()


def test_module_install_refuses_a_missing_default_foundry_folder(tmp_path):
    out = cli("module", "install", env={"HOME": str(tmp_path), "LOCALAPPDATA": str(tmp_path)})
    assert out.returncode != 0 and "--foundry-data" in out.stderr
    assert "Traceback" not in out.stderr and not (tmp_path / "modules").exists()


def test_module_zip_writes_the_release_archive(tmp_path):
    out = cli("module", "zip", str(tmp_path / "release.zip"))
    assert out.returncode == 0, out.stderr
    archive = zipfile.ZipFile(tmp_path / "release.zip")
    assert_runtime_only(archive.namelist(), json.loads(archive.read("module.json")))
    default = cli("module", "zip", cwd=tmp_path)
    assert default.returncode == 0 and (tmp_path / "ballcourt.zip").is_file()


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The project's wheel, built once a session from a clean copy of the sources (no stale
    build/ folder can slip files in; pip fetches setuptools as any build does)."""
    out = tmp_path_factory.mktemp("wheel")
    src = tmp_path_factory.mktemp("src") / "ballcourt"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "node_modules", "*.egg-info", "__pycache__", "tests",
        "bench", "docs", ".*_cache", ".hypothesis"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "--disable-pip-version-check", "-w", str(out), str(src)],
                           capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    return next(out.glob("ballcourt-*.whl"))


def test_the_wheel_carries_the_module_and_installs_it_from_a_fresh_venv(wheel, tmp_path):
    names = zipfile.ZipFile(wheel).namelist()
    packaged = [n.removeprefix("companion/foundry_module/") for n in names
                if n.startswith("companion/foundry_module/")]
    assert_runtime_only(packaged, repo_manifest())
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", "--disable-pip-version-check", str(wheel)], check=True)
    exe = python.parent / ("ballcourt.exe" if os.name == "nt" else "ballcourt")
    data = tmp_path / "Data"
    (data / "worlds").mkdir(parents=True)
    out = cli("module", "install", "--foundry-data", str(data), exe=str(exe), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    dest = data / "modules" / "ballcourt"
    assert str(dest) in out.stdout
    assert (dest / "scripts" / "main.mjs").read_bytes() == (
        MODULE / "scripts" / "main.mjs").read_bytes()
    where = subprocess.run([str(python), "-c", "from companion.module_files import module_root;"
                            " print(module_root())"], capture_output=True, text=True, cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(venv)


def test_the_modules_origin_hint_says_the_default_stays_allowed():
    from pathlib import Path

    lang = Path(__file__).parents[1] / "foundry_module" / "lang"
    en = json.loads((lang / "en.json").read_text())["BALLCOURT"]["Connection"]["Origin"]
    ru = json.loads((lang / "ru.json").read_text())["BALLCOURT"]["Connection"]["Origin"]
    assert "always allowed" in en and "localhost:30000" in en and "{command}" in en
    assert "всегда" in ru and "localhost:30000" in ru and "{command}" in ru
