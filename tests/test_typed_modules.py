"""The compiled and type-checked module lists are written once (companion/typed_modules.py):
setup.py compiles that list, and pyproject.toml's mypy `files` is the typed one, in order."""

import runpy
import tomllib
from pathlib import Path

import setuptools

from companion.typed_modules import COMPILED, TYPED

ROOT = Path(__file__).parents[1]


def test_mypy_checks_exactly_the_typed_modules():
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy["files"] == list(TYPED)


def test_setup_compiles_exactly_the_compiled_modules(monkeypatch):
    monkeypatch.setattr(setuptools, "setup", lambda **_: None)      # read setup.py, build nothing
    monkeypatch.delenv("BALLCOURT_COMPILE", raising=False)
    names = runpy.run_path(str(ROOT / "setup.py"))
    assert names["HOT_MODULES"] == list(COMPILED)


def test_every_module_listed_is_in_the_checkout_once():
    assert len(set(TYPED)) == len(TYPED) and set(COMPILED) <= set(TYPED)
    assert [path for path in TYPED if not (ROOT / path).is_file()] == []
