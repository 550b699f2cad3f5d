"""The wheel carries the Foundry module's runtime files in `companion/foundry_module/`, so a
plain `pip install` can serve and install the module (see companion/module_files.py).

With BALLCOURT_COMPILE=1 (and mypy installed: `pip install 'ballcourt[compiled]'`) the rules
engine's and the simulator's hot modules are also compiled by mypyc from the same source
(README, "A faster simulator"); without it, the install is pure Python, as it always was."""

import importlib.util
import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent


def _load(name: str):
    """A plain module of companion/, read without importing the package (nor its needs)."""
    spec = importlib.util.spec_from_file_location(f"_{name}", ROOT / "companion" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_module_files = _load("module_files")


class BuildPyWithModule(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return      # an editable install reads the checkout's foundry_module/ directly
        target = Path(self.build_lib) / "companion" / "foundry_module"
        if target.exists():
            shutil.rmtree(target)
        files = _module_files.runtime_files(ROOT / "foundry_module")
        if not any(name == "module.json" for name, _ in files):
            raise SystemExit("foundry_module/module.json is missing: cannot build the wheel")
        for name, path in files:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target / name)


# What mypyc compiles: companion/typed_modules.py's list (pyproject.toml's mypy files are
# checked against the same module by tests/test_typed_modules.py)
HOT_MODULES = list(_load("typed_modules").COMPILED)


def compiled_extensions() -> list:
    if os.environ.get("BALLCOURT_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # mypy's compiler: the [compiled] extra

    # The modules the hot ones import are read for their types only, their own errors
    # silenced, as pyproject.toml's mypy settings say (the build may run without that file)
    return mypycify(["--follow-imports=silent", *HOT_MODULES], opt_level="3")


setup(cmdclass={"build_py": BuildPyWithModule}, ext_modules=compiled_extensions())
