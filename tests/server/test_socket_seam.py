"""The Socket.IO seam (companion/server/sockets.py guard_session_costs) wraps private
python-engineio and python-socketio methods. They are pinned in pyproject.toml to the versions the
seam was written against; an upgrade that moves or reshapes one of them fails here, by name,
rather than quietly at a table (a session with no cap, a call with no answer)."""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

from companion.server import sockets

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


def pinned() -> dict[str, Requirement]:
    deps = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    return {r.name: r for r in map(Requirement, deps)}


def test_the_installed_engineio_and_socketio_are_the_pinned_ones():
    pins = pinned()
    for name in sockets.WRITTEN_AGAINST:
        assert name in pins, f"pyproject.toml pins no {name}: sockets.py patches its methods"
        installed = importlib.metadata.version(name)
        assert pins[name].specifier.contains(installed), \
            f"{name} {installed} is not the {pins[name].specifier} sockets.py was written against"
        assert pins[name].specifier.contains(sockets.WRITTEN_AGAINST[name])


def test_every_private_method_the_seam_patches_is_where_it_was_with_its_parameters():
    for (module, cls, method), params in sockets.PATCHED.items():
        owner = getattr(importlib.import_module(module), cls)
        assert hasattr(owner, method), f"{module}.{cls}.{method} is gone: sockets.py patches it"
        got = tuple(p for p in inspect.signature(getattr(owner, method)).parameters if p != "self")
        assert got == params, f"{module}.{cls}.{method}{got}: sockets.py wraps it as {params}"


def test_the_attributes_the_seam_reads_are_on_a_live_server(app):
    server = app.extensions["socketio"].server
    assert "websocket" in server.eio._async, "engineio's async driver has no websocket class"
    assert isinstance(server.eio.sockets, dict)
    for name in ("packet_class", "manager", "async_handlers"):
        assert hasattr(server, name), f"socketio.Server.{name} is gone: sockets.py reads it"
    for name in ("sid_from_eio_sid", "is_connected"):
        assert callable(getattr(server.manager, name, None)), f"the manager's {name} is gone"
    assert server._handle_event.__qualname__.startswith("guard_session_costs"), "the guard is on"
