"""The OpenAPI document, generated from the route table and its marshmallow schemas."""

from __future__ import annotations

import re

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema, fields

from .. import __version__
from .api.matches import EVENTS_PAGE, MAX_AFTER
from .games import GAMES
from .routing import ROUTES

REF = "#/components/schemas/"


class ErrorDetail(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)
    fields = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))


class ErrorSchema(Schema):
    error = fields.Nested(ErrorDetail, required=True)


_NUMBER_OR_NULL = {"type": "number", "nullable": True}
_BY_COUNT = {"type": "object", "additionalProperties": _NUMBER_OR_NULL}
# /goatball/tune's answer, the fields a GM acts on (docs/api.md; the rest stay open)
TUNE_ANSWER = {
    "type": "object",
    "properties": {
        "zones": {"type": "integer", "nullable": True,
                  "description": "decided only when every smaller count is shown worse than the"
                                 " best by more than the margin; else null"},
        "plausible": {"type": "array", "items": {"type": "integer"},
                      "description": "the counts not shown worse than the best by more than"
                                     " the margin (never empty)"},
        "differences": {"type": "object", "additionalProperties": {
            "type": "object", "properties": {
                "below_best": {"type": "number"}, "half_width": {"type": "number"},
                "interval": {"type": "array", "items": {"type": "number"}}}},
            "description": "for each count, how far its chance to finish lies below the best's,"
                           " with its simultaneous interval"},
        "method": {"type": "string", "description": "the test and its bounds (anytime-valid"
                                                   " confidence sequences for a tune)"},
        "minutes": {**_BY_COUNT, "description": "for each count, the table minutes of a median"
                                                " match at minutes_per_pass"},
        "minutes_per_pass": {"type": "number"},
        "balance": {"type": "object", "properties": {
            "win": {"type": "object", "additionalProperties": _BY_COUNT},
            "one_sided": {"type": "boolean"},
            "favourite": {"type": "string", "nullable": True},
            "threshold": {"type": "number"}}},
        "zones_tried": {"type": "array", "items": {"type": "integer"}},
        "best": {"type": "integer"}, "best_is_largest_tried": {"type": "boolean"},
        "sentence": {"type": "string"}, "partial": {"type": "boolean"},
    },
}


def build_spec() -> dict:
    spec = APISpec(title="Ballcourt companion", version=__version__, openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin()],
                   info={"description": "Rules for Yaotzin and goat-ball, for Foundry VTT."})
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    spec.components.schema("Error", schema=ErrorSchema)
    error = {"description": "refused", "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Error"}}}}
    events = _events(spec)
    teams = [game.teams.__name__.removesuffix("Schema") for game in GAMES.values()]
    for game in GAMES.values():
        spec.components.schema(game.teams.__name__.removesuffix("Schema"), schema=game.teams)
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
        if route.endpoint == "goatball.tune_route":
            op["responses"]["200"]["content"]["application/json"]["schema"] = TUNE_ANSWER
        if ok == "204":
            op["responses"][ok] = {"description": "done, no content"}
        if route.endpoint != "health.health":
            op["security"] = [{"bearer": []}]
        if params:
            op["parameters"] = [{"name": p, "in": "path", "required": True,
                                 "schema": {"type": "string"}} for p in params]
        if route.endpoint == "report.report":      # the match report's query (api/report.py)
            op["parameters"] += [
                {"name": "format", "in": "query", "required": False,
                 "schema": {"type": "string", "enum": ["json", "md"]}},
                {"name": "lang", "in": "query", "required": False,
                 "schema": {"type": "string", "enum": ["en", "ru"]}}]
            op["responses"]["200"]["content"]["text/markdown"] = {"schema": {"type": "string"}}
        if route.endpoint == "matches.events":     # the log's pages (api/matches.py)
            op["parameters"] += [
                {"name": "after", "in": "query", "required": False,
                 "schema": {"type": "integer", "minimum": 0, "maximum": MAX_AFTER}},
                {"name": "limit", "in": "query", "required": False,
                 "schema": {"type": "integer", "minimum": 1, "maximum": EVENTS_PAGE}}]
        if route.endpoint == "replay.replay":      # the step shown (api/replay.py)
            op["parameters"] += [
                {"name": "step", "in": "query", "required": False,
                 "schema": {"type": "integer", "minimum": 0}}]
        if route.method == "POST":
            schema = route.schema or None
            content = {"schema": schema} if schema else {"schema": {"type": "object"}}
            if route.endpoint == "matches.apply":
                content = {"schema": events}
            op["requestBody"] = {"required": not route.optional_body,
                                 "content": {"application/json": content}}
        paths.setdefault(path, {})[route.method.lower()] = op
    for path, ops in sorted(paths.items()):
        spec.path(path=path, operations=ops)
    out = spec.to_dict()
    # A match's teams are checked against its game's team schema once `game` is known.
    out["components"]["schemas"]["MatchCreate"]["properties"]["teams"]["items"] = {
        "anyOf": [{"$ref": REF + name} for name in teams]}
    return out


def _events(spec: APISpec) -> dict:
    """Every match event as a component (`YaotzinEvent`, `GoatballEvent`: one variant per
    `type`, from the game's event table), and the events route's body: an event of any game."""
    named: set[str] = set()
    games = []
    for game, entry in GAMES.items():
        variants = []
        for kind, cls in entry.events.items():
            name = cls.__name__.removesuffix("Schema")
            if name not in named:
                spec.components.schema(name, schema=cls)
                named.add(name)
            variants.append({"title": f"{game} {kind}", "allOf": [
                {"$ref": REF + name},
                {"type": "object", "required": ["type"],
                 "properties": {"type": {"type": "string", "enum": [kind]}}}]})
        component = f"{game.capitalize()}Event"
        spec.components.schema(component, {
            "description": f"An event of a {game} match: its `type` names its shape.",
            "anyOf": variants})
        games.append({"$ref": REF + component})
    return {"anyOf": games}
