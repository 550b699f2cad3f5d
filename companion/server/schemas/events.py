"""A match's events, each game's, as the log keeps them, and the bodies of Undo."""

from __future__ import annotations

from marshmallow import fields, validate

from .base import MAX_PLAYERS, Base, Bool, DiceSchema, Id, Int, Name, Obj
from .goatball import TEAM_NAME, CheckSchema, GoatPlayerSchema, PassMovesSchema
from .yaotzin import BallSchema, SquareSchema


class YaotzinTeamSchema(Base):
    id = Id(required=True)
    defends = fields.String(validate=validate.OneOf(("west", "east")))
    name = Name(TEAM_NAME)
    players = fields.List(Id(), validate=validate.Length(max=MAX_PLAYERS))


class EventSchema(Base):
    """What every event may carry besides its own fields: who applied it, from which card."""

    type = fields.String(required=True)
    meta = Obj(load_default=None, validate=validate.Length(max=20))


class PlaySchema(Base):
    """Who made a Yaotzin ball event happen, for the match report (present/plays.py)."""

    action = fields.String(required=True, validate=validate.OneOf(
        ("kick", "hoop", "intercept", "stop", "dribble", "contest")))
    player = Id(required=True)
    team = Id(allow_none=True)
    name = Name(120, allow_none=True)
    receiver = Id(allow_none=True)
    receiver_team = Id(allow_none=True)
    receiver_name = Name(120, allow_none=True)
    kicker = Id(allow_none=True)
    kicker_team = Id(allow_none=True)
    kicker_name = Name(120, allow_none=True)
    origin = fields.Nested(SquareSchema, allow_none=True)
    landing = fields.Nested(SquareSchema, allow_none=True)    # a kick's: the board draws it
    outcome = fields.String(validate=validate.OneOf(("yoke", "stopped", "deflected", "missed")),
                            allow_none=True)
    hit = Bool(allow_none=True)
    through = Bool(allow_none=True)
    kind = fields.String(validate=validate.Length(1, 40), allow_none=True)
    success = Bool(allow_none=True)


class PlayedSchema(Base):
    """A Yaotzin event's `play`: who made it happen, for the match report."""

    play = fields.Nested(PlaySchema, load_default=None, allow_none=True)


class BallEventSchema(EventSchema, PlayedSchema, BallSchema):
    pass


class GoalEventSchema(EventSchema, PlayedSchema):
    team = Id()
    end = fields.String(validate=validate.OneOf(("west", "east")))


class HoopEventSchema(EventSchema, PlayedSchema):
    team = Id(required=True)


class EmptyEventSchema(EventSchema):
    pass


class NoteEventSchema(EventSchema):
    text = fields.String(validate=validate.Length(max=2000), load_default="")


class DamageEventSchema(EventSchema, PlayedSchema):
    player = Id(required=True)
    nonlethal = Int(0, 1000, required=True)
    knocked_out = Bool(load_default=None, allow_none=True)   # the table's word: he went down


class TipoffEventSchema(EventSchema, DiceSchema):
    checks = Obj(keys=Id(), values=fields.Nested(CheckSchema), required=True)


class PossessionEventSchema(EventSchema):
    team = Id(required=True)
    carrier = Id(allow_none=True, load_default=None)


class CarrierEventSchema(EventSchema):
    player = Id(required=True)


class PassEventSchema(EventSchema, PassMovesSchema):
    pass


class PositionEventSchema(EventSchema):
    player = Id(required=True)
    platform = Id()
    zone = fields.String(validate=validate.Length(1, 64), allow_none=True)


class StatusEventSchema(EventSchema):
    player = Id(required=True)
    out = Bool(required=True)


class PlayerEventSchema(EventSchema):
    team = Id(required=True)
    player = fields.Nested(GoatPlayerSchema, required=True)


class EndEventSchema(EventSchema):
    winner = Id()


class UndoSchema(Base):
    """Undo takes no body, or an empty object: any key is refused, as every body's are."""


class UndoEventsSchema(Base):
    """The log numbers of the events to undo together (a card's events)."""

    seqs = fields.List(fields.Integer(strict=True, validate=validate.Range(1, 2**31 - 1)),
                       required=True, validate=validate.Length(1, 50))
