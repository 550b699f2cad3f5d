"""A compiled copy of the checkout: setup.py's BALLCOURT_COMPILE=1 build (mypyc), made in a
directory of its own so that it can be run beside the pure-Python checkout (the bit-identity
test, bench_goatball.py's side-by-side figures)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_compiled(tree: Path, timeout: float = 900) -> Path:
    """Copy companion/ and setup.py into `tree` and compile the hot modules there in place;
    `tree` then imports as a compiled `companion` (put it first on sys.path)."""
    if (tree / "companion").exists():
        shutil.rmtree(tree / "companion")
    tree.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "companion", tree / "companion",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(ROOT / "setup.py", tree)
    built = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                           cwd=tree, env={**os.environ, "BALLCOURT_COMPILE": "1"},
                           capture_output=True, text=True, timeout=timeout)
    if built.returncode != 0:
        raise RuntimeError(f"the mypyc build failed:\n{built.stderr[-4000:]}")
    return tree
