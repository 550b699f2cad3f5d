"""The guards of a localhost server that any web page in the GM's browser can reach.

- Host: only this port's loopback names (and --host): a DNS-rebinding page fails here.
- Origin: an allow-list, for REST (with CORS) and Socket.IO alike; no Origin (a CLI) is fine.
  Both are checked by one WSGI guard around the whole app.
- A browser's request for the API or Socket.IO (it says so with `Sec-Fetch-Site`) from another
  site or page, with no allowed Origin (an `<img>`, a no-cors `fetch`): 403, before any token is
  looked at, so it never counts as a wrong token.
- Token: Bearer (any case, RFC 7235) on every /api/v1 route but health; in `auth` at Socket.IO
  connect. A client that keeps sending wrong tokens is made to wait (429, `Retry-After`); a
  request with no credentials at all is 401 but never counted, and the right token always gets
  in, so no page and no process can lock the GM out.
- Every HTML page: `X-Frame-Options: DENY` and a Content-Security-Policy (no framing, no
  foreign scripts or connections).
"""

from __future__ import annotations

import json
import math
import threading
import time

from flask import Flask, Response, request

from .errors import body as error_body
from .sockets import token_ok
from .viewers import report_access

PUBLIC = {"/api/v1/health"}
GUARDED_PREFIXES = ("/api/", "/socket.io")
# Sec-Fetch-Site values of a request a browser made on the user's own behalf: the companion's
# own pages (same-origin) or an address typed in (none). Anything else is another page's doing.
OWN_FETCH = {"same-origin", "none"}
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
       " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none';"
       " form-action 'self'; frame-ancestors 'none'")


class Backoff:
    """Wrong tokens from one client address: the first FREE are answered at once; after that
    the client must wait 1 s, 2 s, 4 s ... (at most MAX) before its next wrong token is even
    compared (429 until then). The right token is always let in and clears the count: every
    local client shares 127.0.0.1, so a wait that held the right token too would let any local
    process lock the GM out. What keeps the token from being guessed is its length (at least
    16 characters; a generated one is 43)."""

    FREE = 5
    MAX = 60.0
    KEEP = 10000       # client addresses remembered at most

    def __init__(self):
        self._lock = threading.Lock()
        self._failures: dict[str, tuple[int, float]] = {}

    def wait(self, client: str) -> float:
        with self._lock:
            _, until = self._failures.get(client, (0, 0.0))
        return max(0.0, until - time.monotonic())

    def failed(self, client: str) -> None:
        with self._lock:
            count, _ = self._failures.pop(client, (0, 0.0))
            count += 1
            delay = 0.0 if count <= self.FREE else min(self.MAX, 2.0 ** (count - self.FREE - 1))
            if len(self._failures) >= self.KEEP:
                self._failures.pop(next(iter(self._failures)))
            self._failures[client] = (count, time.monotonic() + delay)

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._failures.pop(client, None)


def bearer(header: str) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, the scheme in any case."""
    scheme, _, token = header.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def too_many(wait: float) -> Response:
    seconds = math.ceil(wait)
    response = _error(429, "too_many_failures", f"too many wrong tokens from this client: try"
                      f" again in {seconds} s (see `ballcourt token`)")
    response.headers["Retry-After"] = str(seconds)
    return response


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
        fetch_site = environ.get("HTTP_SEC_FETCH_SITE")
        if origin is None and fetch_site is not None and fetch_site.lower() not in OWN_FETCH \
                and environ.get("PATH_INFO", "").startswith(GUARDED_PREFIXES):
            return _refuse(start_response, "forbidden_origin",
                           f"a browser request from another page ({fetch_site}) with no"
                           f" allowed Origin")
        return self.app(environ, start_response)


def _refuse(start_response, code: str, message: str) -> list[bytes]:
    payload = json.dumps(error_body(code, message)).encode()
    start_response("403 FORBIDDEN", [("Content-Type", "application/json"),
                                     ("Content-Length", str(len(payload))), ("Vary", "Origin")])
    return [payload]


def install(app: Flask) -> None:
    cfg = app.config["BALLCOURT"]
    allowed = set(cfg.origins)
    backoff = app.extensions["ballcourt_backoff"] = Backoff()

    @app.before_request
    def guard():
        if request.method == "OPTIONS":
            return _preflight(request.headers.get("Origin"))
        path = request.path
        if path.startswith("/api/v1/") and path not in PUBLIC:
            client = request.remote_addr or "?"
            given = bearer(request.headers.get("Authorization", ""))
            if token_ok(given):
                backoff.succeeded(client)
                return None
            # a viewer key may read its own match's report and replay (viewers.report_access):
            # a good credential, so it always gets in, and it never clears a client's wrong
            # tokens
            refused = report_access(request.method, path, given) if given else None
            if refused is not None:
                return _error(403, "viewer_read_only", refused) if refused else None
            if given:           # a wrong token; no credentials at all is never counted
                wait = backoff.wait(client)
                if wait > 0:
                    return too_many(wait)
                backoff.failed(client)
            return _error(401, "unauthorized", "a wrong or missing token: send"
                          " Authorization: Bearer <token> (see `ballcourt token`)")
        return None

    @app.after_request
    def cors(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if origin is not None and origin.rstrip("/") in allowed:
            response.headers["Access-Control-Allow-Origin"] = origin
        response.headers.add("Vary", "Origin")
        response.headers["X-Content-Type-Options"] = "nosniff"
        if response.mimetype == "text/html":
            response.headers["X-Frame-Options"] = "DENY"
            response.headers.setdefault("Content-Security-Policy", CSP)
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
