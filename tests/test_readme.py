"""The README's shell commands, as a new user copies them: each block is valid shell, and the
compiled install upgrades its build tools (a new venv's setuptools cannot build a wheel)."""

import re
import shlex
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def shell_blocks() -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", README, flags=re.S | re.M)


def commands(block: str) -> list[list[str]]:
    """Each simple command of a block, its words as the shell splits them (comments out)."""
    out = []
    for line in block.splitlines():
        for part in re.split(r"&&|;", line.split("#", 1)[0]):
            words = shlex.split(part)
            if words:
                out.append(words)
    return out


def test_every_shell_block_is_valid_shell():
    blocks = shell_blocks()
    assert len(blocks) >= 3
    for block in blocks:
        checked = subprocess.run(["bash", "-n"], input=block, text=True, capture_output=True)
        assert checked.returncode == 0, (block, checked.stderr)


def test_the_install_and_serve_commands_name_what_the_project_installs():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    first = commands(shell_blocks()[0])
    assert ["python3", "-m", "venv", ".venv"] in first
    assert ["pip", "install", "."] in first
    assert [first[-1][0]] == list(scripts) and first[-1][1:] == ["serve"]


def test_the_compiled_install_upgrades_its_build_tools():
    """`pip install setuptools` leaves Python 3.11's venv at setuptools 65.5, which has no
    bdist_wheel: `--no-build-isolation` then stops on "invalid command 'bdist_wheel'"."""
    block = next(b for b in shell_blocks() if "BALLCOURT_COMPILE=1" in b)
    tools, build = commands(block)
    assert tools[:2] == ["pip", "install"] and ("-U" in tools or "--upgrade" in tools), tools
    assert {"setuptools", "wheel"} <= set(tools) and any(w.startswith("mypy") for w in tools)
    assert build == ["BALLCOURT_COMPILE=1", "pip", "install", "--no-build-isolation", "."]
    # the variable is the one setup.py reads, as the compiled tests' own build does
    assert 'os.environ.get("BALLCOURT_COMPILE") != "1"' in (ROOT / "setup.py").read_text()
    assert '"BALLCOURT_COMPILE": "1"' in (ROOT / "bench" / "compiled.py").read_text()
