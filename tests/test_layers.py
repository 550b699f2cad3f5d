"""The companion's layers, over the whole of companion/: the web server (Flask, Flask-SocketIO,
marshmallow, python-socketio/engineio) is server/'s alone. Nothing outside companion/server
imports the server or its libraries at module level (the CLI reaches it inside the commands that
serve), so `import companion.client` works where none of them is installed."""

import ast
import subprocess
import sys
from pathlib import Path

COMPANION = Path(__file__).parents[1] / "companion"
SERVER_LIBRARIES = {"flask", "flask_socketio", "marshmallow", "socketio", "engineio", "werkzeug"}


def module_level_imports(path: Path) -> list[str]:
    """The modules `path` imports at its top level, relative ones named from companion/."""
    package = path.relative_to(COMPANION).parts[:-1]
    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = ".".join(package[:len(package) - node.level + 1] + (module,)).strip(".")
            found.append(module)
    return found


def test_only_the_server_imports_the_server_and_its_libraries():
    outside = [p for p in COMPANION.rglob("*.py") if p.relative_to(COMPANION).parts[0] != "server"]
    assert outside
    wrong = [(str(p.relative_to(COMPANION)), m) for p in outside for m in module_level_imports(p)
             if m.split(".")[0] in SERVER_LIBRARIES or m.split(".")[0] == "server"
             or m.startswith("companion.server")]
    assert not wrong, wrong


def test_the_client_imports_without_flask_or_marshmallow():
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in sorted(SERVER_LIBRARIES))
    code = f"import sys; {blocked}; import companion.client; print(companion.client.Client().url)"
    bare = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=COMPANION.parent, env=bare)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "http://127.0.0.1:7770"
