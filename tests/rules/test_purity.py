"""companion/rules is pure: no web framework, no schema library, no disk, no network."""

import ast
from pathlib import Path

RULES = Path(__file__).parents[2] / "companion" / "rules"
FORBIDDEN = {"flask", "flask_socketio", "marshmallow", "sqlite3", "requests", "socket", "os",
             "pathlib", "subprocess", "http", "urllib"}


def test_rules_import_nothing_with_side_effects():
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
                raise AssertionError(f"{path.name} opens a file")
