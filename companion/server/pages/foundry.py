"""The Foundry module, served by the companion: a GM pastes
`http://127.0.0.1:7770/foundry/module.json` into Foundry's Install Module dialog and gets the
version that matches this companion. No token (the module is public code); the Host guard
still applies."""

from __future__ import annotations

from flask import Blueprint, Response, request

from ...module_files import MANIFEST_ROUTE, ZIP_ROUTE, ModuleFilesMissing, manifest_text, zip_bytes
from ..errors import ApiError

bp = Blueprint("foundry", __name__)


def _base_url() -> str:
    """The address this request came in on (its Host passed the guard)."""
    return request.host_url.rstrip("/")


def _missing(exc: ModuleFilesMissing) -> ApiError:
    return ApiError(404, "not_found", str(exc))


@bp.get(MANIFEST_ROUTE)
def module_manifest() -> Response:
    try:
        text = manifest_text(_base_url())
    except ModuleFilesMissing as exc:
        raise _missing(exc) from exc
    response = Response(text, mimetype="application/json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get(ZIP_ROUTE)
def module_zip() -> Response:
    try:
        data = zip_bytes(_base_url())
    except ModuleFilesMissing as exc:
        raise _missing(exc) from exc
    response = Response(data, mimetype="application/zip")
    response.headers["Content-Disposition"] = 'attachment; filename="ballcourt.zip"'
    response.headers["Cache-Control"] = "no-cache"
    return response
