"""./scripts/test installs only into the project's own venv and says what it installs."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
LOGGER = """#!/bin/sh
echo "{name} $*" >> "$LOG"
{extra}
"""


def stub(bin_dir: Path, name: str, extra: str = "") -> None:
    path = bin_dir / name
    path.write_text(LOGGER.format(name=name, extra=extra))
    path.chmod(0o755)


def run(tmp_path: Path, venv: Path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    # python3 is asked its version and to make the venv; the venv's python logs as "venv-python"
    stub(bin_dir, "python3", extra="""[ "$1 $2" = "-m venv" ] && mkdir -p "$3/bin" && \\
  printf '#!/bin/sh\\necho "venv-python $*" >> "$LOG"\\n' > "$3/bin/python" && \\
  chmod +x "$3/bin/python"
exit 0""")
    for name in ("npm", "chromium", "apt-get", "id"):
        stub(bin_dir, name)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "LOG": str(tmp_path / "log"),
           "BALLCOURT_VENV": str(venv), "HOME": str(tmp_path)}
    out = subprocess.run(["bash", str(ROOT / "scripts" / "test")], capture_output=True,
                         text=True, env=env, timeout=30)
    return out, (tmp_path / "log").read_text().splitlines()


def test_it_creates_the_venv_then_reuses_it_and_never_pip_installs_outside(tmp_path):
    venv = tmp_path / "venv"
    first, log = run(tmp_path, venv)
    assert first.returncode == 0, first.stderr
    assert f"creating the project's virtual environment {venv}" in first.stdout
    assert "installing into" in first.stdout and "npm ci" in first.stdout
    assert f"python3 -m venv {venv}" in log
    pip = [line for line in log if " pip " in f" {line} "]
    assert pip and all(line.startswith("venv-python -m pip install") for line in pip), log
    assert any(line.startswith("venv-python -m pytest") for line in log)
    (tmp_path / "log").unlink()
    again, log = run(tmp_path, venv)
    assert again.returncode == 0
    assert f"using the project's virtual environment {venv}" in again.stdout
    assert not any(line.startswith("python3 -m venv") for line in log)
    assert not any("apt-get" in line for line in log)       # chromium is there
    assert os.access(venv / "bin" / "python", os.X_OK)


def test_passed_subtests_print_no_puzzling_u(tmp_path):
    """schemathesis runs its cases as subtests: the project's pytest settings keep a passed
    one silent (pytest would print a 'u' for each)."""
    case = tmp_path / "test_sub.py"
    case.write_text("def test_many(subtests):\n    for i in range(5):\n"
                    "        with subtests.test(i=i):\n            assert i >= 0\n")
    out = subprocess.run([sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"),
                          "--rootdir", str(tmp_path), "-p", "no:cacheprovider", str(case)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout
    assert out.stdout.splitlines()[0].startswith(".") and "u" not in out.stdout.splitlines()[0]
