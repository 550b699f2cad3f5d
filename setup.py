"""The wheel carries the Foundry module's runtime files in `companion/foundry_module/`, so a
plain `pip install` can serve and install the module (see companion/module_files.py)."""

import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("_module_files",
                                               ROOT / "companion" / "module_files.py")
_module_files = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module_files)


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


setup(cmdclass={"build_py": BuildPyWithModule})
