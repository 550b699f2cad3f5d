"""Health and diagnostics."""

from __future__ import annotations

from flask import Blueprint

from ... import __version__
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
