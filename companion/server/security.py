"""The guards of a localhost server that any web page in the GM's browser can reach.

- Host: only this port's loopback names (and --host): a DNS-rebinding page fails here.
- Origin: an allow-list, for REST (with CORS) and Socket.IO alike; no Origin (a CLI) is fine.
  Both are checked by one WSGI guard around the whole app.
- Token: Bearer on every /api/v1 route but health; in `auth` at Socket.IO connect.
"""

from __future__ import annotations

import json

from flask import Flask, Response, request

from .errors import body as error_body
from .sockets import token_ok

PUBLIC = {"/api/v1/health"}


class Guard:
    """WSGI middleware around everything, Socket.IO included: a foreign Host (DNS rebinding)
    or an Origin off the allow-list gets 403 before any route or handshake sees it."""

    def __init__(self, app, hosts: set[str], origins: list[str]):
        self.app = app
        self.hosts = {h.lower() for h in hosts}
        self.origins = set(origins)

    def __call__(self, environ, start_response):
        host = environ.get("HTTP_HOST", "").lower()
        origin = environ.get("HTTP_ORIGIN")
        if host not in self.hosts:
            return _refuse(start_response, "forbidden_host", f"Host {host!r} is not this companion")
        if origin is not None and origin.rstrip("/") not in self.origins:
            return _refuse(start_response, "forbidden_origin",
                           f"Origin {origin} is not allowed; start the companion with"
                           f" --allow-origin {origin}")
        return self.app(environ, start_response)


def _refuse(start_response, code: str, message: str) -> list[bytes]:
    payload = json.dumps(error_body(code, message)).encode()
    start_response("403 FORBIDDEN", [("Content-Type", "application/json"),
                                     ("Content-Length", str(len(payload))), ("Vary", "Origin")])
    return [payload]


def install(app: Flask) -> None:
    cfg = app.config["BALLCOURT"]
    allowed = set(cfg.origins)

    @app.before_request
    def guard():
        if request.method == "OPTIONS":
            return _preflight(request.headers.get("Origin"))
        path = request.path
        if path.startswith("/api/v1/") and path not in PUBLIC:
            header = request.headers.get("Authorization", "")
            token = header[7:] if header.startswith("Bearer ") else None
            if not token_ok(token):
                return _error(401, "unauthorized", "a wrong or missing token: send"
                              " Authorization: Bearer <token> (see `ballcourt token`)")
        return None

    @app.after_request
    def cors(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if origin is not None and origin.rstrip("/") in allowed:
            response.headers["Access-Control-Allow-Origin"] = origin
        response.headers.add("Vary", "Origin")
        return response


def _preflight(origin: str | None) -> Response:
    response = Response(status=204)
    if origin:
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, DELETE, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = "Authorization, Content-Type"
        response.headers["Access-Control-Max-Age"] = "600"
    return response


def _error(status: int, code: str, message: str) -> Response:
    response = Response(json.dumps(error_body(code, message)), status=status,
                        mimetype="application/json")
    return response
