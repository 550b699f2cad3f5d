"""The games the companion keeps matches of: one entry each, so nothing else asks `if game ==`.

Each entry names the schemas a route loads a new match's parts with, its event table (each
event type the game's rules fold, declared here once with the schema that loads it: the
events route, its refusal of another type and the OpenAPI document read it), and the rules
that start a match and fold an event into it. A new match's body (`MatchCreateSchema`) is
here too, since its `game` is one of these. The store (matches.py) uses the rules only;
loading is the routes' (api/matches.py), and the OpenAPI document lists each game's teams.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from ..rules.dice import Dice
from ..rules.goatball import match as goatball
from ..rules.goatball.state import Settings as GoatSettings
from ..rules.yaotzin import match as yaotzin
from ..rules.yaotzin.court import Court
from ..rules.yaotzin.settings import Settings as YaotzinSettings
from .schemas.base import MAX_TEAMS, Base, Int, Name, Obj
from .schemas.events import (
    BallEventSchema,
    CarrierEventSchema,
    DamageEventSchema,
    EmptyEventSchema,
    EndEventSchema,
    GoalEventSchema,
    HoopEventSchema,
    NoteEventSchema,
    PassEventSchema,
    PlayerEventSchema,
    PositionEventSchema,
    PossessionEventSchema,
    StatusEventSchema,
    TipoffEventSchema,
    YaotzinTeamSchema,
)
from .schemas.goatball import GoatMatchTeamSchema, GoatSettingsSchema
from .schemas.yaotzin import FieldSchema, YaotzinSettingsSchema

Fold = Callable[[dict, dict, bool, int], tuple[dict, dict | None, dict]]


@dataclass(frozen=True)
class Game:
    """One game: how a match of it is loaded, started and folded."""

    teams: type[Schema]
    settings: type[Schema]
    field: type[Schema] | None            # None: the game has no field...
    no_field: str | None                  # ...and this refuses one sent anyway
    events: Mapping[str, type[Schema]]    # the event table: each type the rules fold -> its schema
    start: Callable[[list[dict], Any, Any], dict]    # (teams, field, settings) -> state
    fold: Fold    # (state, event, new, rules version) -> (state after, resolution, event as stored)


def _start_yaotzin(teams: list[dict], field: Any, settings: Any) -> dict:
    return yaotzin.new_match(teams, Court.from_dict(field), YaotzinSettings.from_dict(settings))


def _fold_yaotzin(state: dict, body: dict, new: bool, version: int
                  ) -> tuple[dict, dict | None, dict]:
    return yaotzin.apply_event(state, body, version), None, body


def _start_goatball(teams: list[dict], _field: Any, settings: Any) -> dict:
    return goatball.new_match(teams, GoatSettings.from_dict(settings))


def _fold_goatball(state: dict, body: dict, new: bool, version: int
                   ) -> tuple[dict, dict | None, dict]:
    """Only a `new` event's die names are checked: a stored one replays as it was accepted.
    The event is stored with the dice it used."""
    dice = Dice(body.get("rolls"), body.get("seed"), strict=new)
    after, detail = goatball.apply_event(state, body, dice, version)
    if dice.rolls:
        body = {**body, "rolls": dice.given()}
        body.pop("seed", None)
    return after, detail, body


GAMES: dict[str, Game] = {
    "yaotzin": Game(
        YaotzinTeamSchema, YaotzinSettingsSchema, FieldSchema, None,
        {"ball": BallEventSchema, "goal": GoalEventSchema,
         "hoop": HoopEventSchema, "round": EmptyEventSchema,
         "damage": DamageEventSchema, "note": NoteEventSchema,
         "end": EmptyEventSchema},
        _start_yaotzin, _fold_yaotzin),
    "goatball": Game(
        GoatMatchTeamSchema, GoatSettingsSchema, None,
        "goat-ball has no field; platforms belong to the players",
        {"tipoff": TipoffEventSchema, "possession": PossessionEventSchema,
         "carrier": CarrierEventSchema, "pass": PassEventSchema,
         "position": PositionEventSchema, "status": StatusEventSchema,
         "player": PlayerEventSchema, "end": EndEventSchema,
         "note": NoteEventSchema},
        _start_goatball, _fold_goatball),
}


class MatchCreateSchema(Base):
    """A new match: its game, one of GAMES, whose schemas the route then loads each part with."""

    game = fields.String(required=True, validate=validate.OneOf(tuple(GAMES)))
    teams = fields.List(Obj(), required=True,
                        validate=validate.Length(2, MAX_TEAMS))
    field = Obj(load_default=None)
    settings = Obj(load_default=None)
    name = Name(120, load_default=None)


class _ImportedEvent(Base):
    """One log record of an exported match, as `Matches.export` writes it."""

    seq = Int(1, 2**62, required=True)
    type = fields.String(required=True, validate=validate.Length(1, 40))
    body = Obj(required=True)
    created = fields.String(required=True, validate=validate.Length(1, 40))
    undoes = Int(1, 2**62, allow_none=True, load_default=None)
    rules_version = Int(1, 2**31, allow_none=True, load_default=None)
    digest = fields.String(allow_none=True, load_default=None,
                           validate=validate.Regexp("^[0-9a-f]{16}$",
                                                    error="16 lowercase hex digits"))


class _ImportedMatch(Base):
    id = fields.String(required=True, validate=validate.Regexp(
        "^[A-Za-z0-9_-]{1,64}$", error="1 to 64 letters, digits, _ or -"))
    game = fields.String(required=True, validate=validate.OneOf(tuple(GAMES)))
    name = Name(120, allow_none=True, load_default=None)
    created = fields.String(required=True, validate=validate.Length(1, 40))
    rules_version = Int(1, 2**31, allow_none=True, load_default=None)
    initial = Obj(required=True)
    state = Obj(required=True)


class MatchImportSchema(Base):
    """A match exported by a companion (`GET /matches/<id>/export`), to keep here; `new_id`
    takes it under a new id when its own is already here."""

    format = fields.String(required=True, validate=validate.Equal("ballcourt-match"))
    format_version = Int(1, 1, required=True)
    match = fields.Nested(_ImportedMatch, required=True)
    events = fields.List(fields.Nested(_ImportedEvent), required=True)
    new_id = fields.Boolean(load_default=False)
