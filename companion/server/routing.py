"""One table of API routes that both Flask and the Socket.IO `call` event dispatch through.

A handler takes the loaded body (and URL parameters) and returns (status, body). Because
REST and Socket.IO call the same `run`, a `call` answers exactly what the HTTP route would.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask import Blueprint, Response, current_app, jsonify, request
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect, RoutingException

from . import jsonsafe
from .errors import ApiError, from_exception, too_large
from .errors import body as error_body
from .errors import summary as summarize

log = logging.getLogger("ballcourt")
Handler = Callable[..., tuple[int, Any]]


@dataclass(frozen=True)
class Route:
    endpoint: str
    method: str
    rule: str
    handler: Handler
    schema: type[Schema] | None
    summary: str
    tag: str
    loader: Schema | None      # one instance per route: loading is stateless and reentrant
    optional_body: bool = False   # no body at all reads as {} (undo: its schema has no field)
    heavy: bool = False           # runs within the heavy-work cap (server/heavy.py)


ROUTES: dict[str, Route] = {}


class Text(str):
    """A handler's answer sent over HTTP as text, not JSON (the match report's Markdown);
    through Socket.IO `call` it is the body as a JSON string."""

    mimetype = "text/markdown"


def api_route(bp: Blueprint, method: str, rule: str, schema: type[Schema] | None = None,
              summary: str = "", optional_body: bool = False,
              heavy: bool = False) -> Callable[[Handler], Handler]:
    """Register `handler` as `method rule` on the blueprint and in the shared table."""

    def deco(handler: Handler) -> Handler:
        endpoint = f"{bp.name}.{handler.__name__}"
        route = Route(endpoint, method, bp.url_prefix + rule, handler, schema,
                      summary or (handler.__doc__ or "").strip().split("\n")[0], bp.name,
                      schema() if schema else None, optional_body, heavy)
        ROUTES[endpoint] = route

        def view(**params):
            raw = read_json() if method == "POST" else None
            status, out = run(route, raw, params)
            if isinstance(out, Text):
                return Response(str(out), status=status, mimetype=out.mimetype)
            response = jsonify(out)
            response.headers.update(getattr(out, "headers", {}))
            return response, status

        bp.add_url_rule(rule, handler.__name__, view, methods=[method])
        return handler

    return deco


def read_body(limit: int) -> bytes:
    """The request's body, at most `limit` bytes, with or without a Content-Length (a chunked
    body is read until it ends or passes the limit): 413 past the limit."""
    if (request.content_length or 0) > limit:
        raise too_large(limit)
    stream = request.environ["wsgi.input"]
    if request.content_length is None and "wsgi.input_terminated" not in request.environ:
        return b""       # no length and no end: nothing to read safely (WSGI's rule)
    want = limit + 1 if request.content_length is None else request.content_length
    chunks, got = [], 0
    while got < want:
        chunk = stream.read(min(65536, want - got))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    if got > limit:
        raise too_large(limit)
    return b"".join(chunks)


def read_json() -> Any:
    """The JSON body (any JSON value, `null` included); None when there is none."""
    raw = read_body(current_app.config["MAX_CONTENT_LENGTH"])
    if not raw:
        return None
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type", "send the body as application/json")
    try:
        return jsonsafe.loads(raw)
    except jsonsafe.BadJson as exc:
        raise ApiError(400, "bad_json", f"the body is not standard JSON: {exc}") from None
    except jsonsafe.NotFinite as exc:
        raise ApiError(422, "validation", summarize(exc.fields), exc.fields) from None


def run(route: Route, raw: Any, params: dict) -> tuple[int, Any]:
    try:
        if route.loader is not None:
            if raw is None and route.optional_body:
                raw = {}
            if not isinstance(raw, dict):
                raise ApiError(400, "bad_body", "the body must be a JSON object")
            if route.heavy:      # a bad body is answered here, the work done there
                errors = route.loader.validate(raw)
                if errors:
                    raise ValidationError(errors)
                return current_app.extensions["ballcourt_heavy"].run(route.endpoint, raw, params)
            raw = route.loader.load(raw)
        return route.handler(raw, **params)
    except Exception as exc:  # every failure becomes the one error shape
        mapped = from_exception(exc)
        if mapped is None:
            log.exception("bug while handling %s %s", route.method, route.rule)
            return 500, error_body("internal", "the companion hit a bug; see its log")
        if mapped[0] == 507:
            log.error("%s", mapped[1]["error"]["message"])
        return mapped


_QUERY: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar(
    "ballcourt_query", default=None)


def query() -> Mapping[str, str]:
    """The query string's arguments, for REST (`request.args`) and a `call`'s route alike."""
    given = _QUERY.get()
    return given if given is not None else request.args


def dispatch(method: Any, path: Any, raw: Any) -> tuple[int, Any]:
    """Route a Socket.IO `call` to the handler its HTTP twin would reach."""
    if method not in ("GET", "POST", "DELETE") or not isinstance(path, str):
        return 400, error_body("bad_call", "call needs method GET, POST or DELETE and a route")
    path, _, qs = path.partition("?")
    args = {k: v[0] for k, v in parse_qs(qs, max_num_fields=20).items()} if qs else {}
    adapter = current_app.url_map.bind("127.0.0.1")
    try:
        try:
            endpoint, params = adapter.match(path, method=method)
        except RequestRedirect as redirect:      # `//` or a missing `/`: where REST would go
            path = urlsplit(redirect.new_url).path
            endpoint, params = adapter.match(path, method=method)
    except NotFound:
        return 404, error_body("not_found", f"no route {path}")
    except MethodNotAllowed:
        return 405, error_body("method_not_allowed", f"{method} is not allowed on {path}")
    except (HTTPException, RoutingException):    # anything else the router refuses: still an answer
        return 404, error_body("not_found", f"no route {path}")
    route = ROUTES.get(endpoint)
    if route is None:
        return 404, error_body("not_found", f"{path} is not reachable through call")
    token = _QUERY.set(args)
    try:
        return run(route, raw, params)
    finally:
        _QUERY.reset(token)
