"""companion/advice (the charts and the zone tune the API serves) is pure, imports from the
simulator only its one entry point and that entry point's names, and nothing imports the
advice's functions back from the simulator (companion/advice/__init__.py says why)."""

import ast
from pathlib import Path

COMPANION = Path(__file__).parents[2] / "companion"
FORBIDDEN = {"flask", "flask_socketio", "marshmallow", "sqlite3", "requests", "socket",
             "subprocess", "http", "urllib", "multiprocessing"}
# simulate and what its signature names: its defaults, its limits, its parameters' types
FROM_THE_SIMULATOR = {("sim.goatball_run", "simulate"), ("sim.goatball_run", "BUDGET"),
                      ("sim.goatball_run", "MAX_PLAYERS"), ("sim.goatball_run", "Progress"),
                      ("sim.goatball_run", "Played"), ("sim.stats", "MARGIN"),
                      ("sim.goatball_match", "TeamSheets"),
                      # the NPC matches play the simulator's own Yaotzin match from the table's
                      # state, and say how sure their odds are by its intervals
                      ("sim.yaotzin_match", "Match"), ("sim.yaotzin_match", "ATTACKS"),
                      ("sim.stats", "mean_ci"), ("sim.stats", "rate_ci")}


def imports(path: Path) -> list[tuple[str, str]]:
    """(module relative to companion, name) for every `from ... import` in `path`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(a.name, "") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:      # relative: from the file's package, up level - 1 packages
                package = path.relative_to(COMPANION).parts[:-1]
                module = ".".join(package[:len(package) - node.level + 1] + (module,)).strip(".")
            found += [(module, a.name) for a in node.names]
    return found


def test_advice_is_pure_and_takes_only_simulate_from_the_simulator():
    for path in (COMPANION / "advice").rglob("*.py"):
        for module, name in imports(path):
            assert module.split(".")[0] not in FORBIDDEN, f"{path.name} imports {module}"
            if module == "sim" or module.startswith("sim."):
                assert (module, name) in FROM_THE_SIMULATOR, f"{path.name} imports {module}.{name}"


def test_the_charts_play_no_match():
    assert not [m for m, _ in imports(COMPANION / "advice" / "yaotzin.py") if m.startswith("sim")]


def test_the_server_reaches_the_simulator_only_through_the_advice():
    for path in (COMPANION / "server").rglob("*.py"):
        for module, name in imports(path):
            assert not (module == "sim" or module.startswith("sim.")), \
                f"server/{path.relative_to(COMPANION / 'server')} imports {module}.{name}"
