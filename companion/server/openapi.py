"""The OpenAPI document, generated from the route table and its marshmallow schemas."""

from __future__ import annotations

import re

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema, fields

from .. import __version__
from .routing import ROUTES


class ErrorDetail(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)
    fields = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))


class ErrorSchema(Schema):
    error = fields.Nested(ErrorDetail, required=True)


def build_spec() -> dict:
    spec = APISpec(title="Ballcourt companion", version=__version__, openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin()],
                   info={"description": "Rules for Yaotzin and goat-ball, for Foundry VTT."})
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    spec.components.schema("Error", schema=ErrorSchema)
    error = {"description": "refused", "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Error"}}}}
    paths: dict[str, dict] = {}
    for route in ROUTES.values():
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route.rule)
        params = re.findall(r"{(\w+)}", path)
        ok = {"matches.create": "201", "matches.apply": "201", "viewers.create": "201",
              "viewers.revoke": "204"}.get(route.endpoint, "200")
        op: dict = {
            "summary": route.summary, "tags": [route.tag], "operationId": route.endpoint,
            "responses": {ok: {"description": "done", "content": {"application/json": {
                "schema": {"type": "object"}}}},
                "400": error, "401": error, "404": error, "409": error, "415": error,
                "422": error},
        }
        if ok == "204":
            op["responses"][ok] = {"description": "done, no content"}
        if route.endpoint != "health.health":
            op["security"] = [{"bearer": []}]
        if params:
            op["parameters"] = [{"name": p, "in": "path", "required": True,
                                 "schema": {"type": "string"}} for p in params]
        if route.method == "POST":
            schema = route.schema or None
            content = {"schema": schema} if schema else {"schema": {"type": "object"}}
            op["requestBody"] = {"required": True, "content": {"application/json": content}}
        paths.setdefault(path, {})[route.method.lower()] = op
    for path, ops in sorted(paths.items()):
        spec.path(path=path, operations=ops)
    return spec.to_dict()
