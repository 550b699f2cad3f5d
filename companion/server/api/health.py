"""Health and diagnostics."""

from __future__ import annotations

from flask import Blueprint, current_app

from ... import __version__
from ...module_files import MANIFEST_ROUTE
from ..routing import api_route

bp = Blueprint("health", __name__, url_prefix="/api/v1")


@api_route(bp, "GET", "/health")
def health(_body):
    """Is the companion up? (no token needed)"""
    return 200, {"status": "ok", "version": __version__}


@api_route(bp, "POST", "/echo")
def echo(body):
    """The request's JSON body, unchanged: the link's latency and the transport's floor."""
    return 200, body


@api_route(bp, "GET", "/status")
def status(_body):
    """Where the companion runs and who may call it (what the status page shows once the
    token is given)."""
    cfg = current_app.config["BALLCOURT"]
    return 200, {"version": __version__, "url": cfg.url, "origins": cfg.origins,
                 "module_manifest": cfg.url + MANIFEST_ROUTE}
