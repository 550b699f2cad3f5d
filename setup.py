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


# What mypyc compiles: the pure, typed modules a simulated match spends its time in (each
# passes mypy; tests/sim/test_compiled.py checks that the compiled build plays the same
# matches to the bit), the arena's dataclasses (state.py) among them.
HOT_MODULES = [
    "companion/rules/dice.py",
    "companion/rules/goatball/state.py",
    "companion/rules/goatball/passes.py",
    "companion/rules/goatball/tipoff.py",
    "companion/tactics/goatball.py",
    "companion/sim/goatball.py",
    "companion/sim/stats.py",
    # Yaotzin's whole matches: the shot planner (most of a match's time) and the rules it
    # follows, the movement searches, the presets and the match loop (docs/benchmarks.md)
    "companion/rules/yaotzin/grid.py",
    "companion/rules/yaotzin/ball.py",
    "companion/rules/yaotzin/court.py",
    "companion/rules/yaotzin/tick.py",
    "companion/rules/yaotzin/dribble.py",
    "companion/rules/yaotzin/players.py",
    "companion/rules/yaotzin/flight.py",
    "companion/rules/yaotzin/intercept.py",
    "companion/rules/yaotzin/kick.py",
    "companion/rules/yaotzin/odds.py",
    "companion/rules/yaotzin/plan.py",
    "companion/rules/yaotzin/movement.py",
    "companion/tactics/yaotzin.py",
    "companion/sim/yaotzin_match.py",
]


def compiled_extensions() -> list:
    if os.environ.get("BALLCOURT_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # mypy's compiler: the [compiled] extra

    # The modules the hot ones import are read for their types only, their own errors
    # silenced, as pyproject.toml's mypy settings say (the build may run without that file)
    return mypycify(["--follow-imports=silent", *HOT_MODULES], opt_level="3")


setup(cmdclass={"build_py": BuildPyWithModule}, ext_modules=compiled_extensions())
