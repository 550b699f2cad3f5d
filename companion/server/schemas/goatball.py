"""The goat-ball routes' bodies: the arena, a pass and its declarations, the tip-off, the
quick resolution, and the tactics of the simulator's tune and the GM's autopilot."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ...rules.goatball.passes import ACTIONS, THROW_KINDS
from ...rules.goatball.state import SKILLS
from .base import MAX_PLAYERS, MAX_TEAMS, Base, Bool, DiceSchema, Id, Int, Name, Obj, plain_text


class GoatPlayerSchema(Base):
    id = Id(required=True)
    platform = Id(required=True)
    zone = fields.String(validate=validate.Length(1, 64), allow_none=True)
    out = Bool(load_default=False)
    dead = Bool(load_default=False)
    name = Name(120, allow_none=True)


TEAM_NAME = 80       # a team's display name: 1 to 80 characters (the contract's limit)


class GoatTeamSchema(Base):
    id = Id(required=True)
    players = fields.List(fields.Nested(GoatPlayerSchema), required=True,
                          validate=validate.Length(1, MAX_PLAYERS))
    name = Name(TEAM_NAME)


class GoatMatchTeamSchema(GoatTeamSchema):
    """At match creation a team may start empty; `player` events add its players."""

    players = fields.List(fields.Nested(GoatPlayerSchema), load_default=list,
                          validate=validate.Length(max=MAX_PLAYERS))


class PossessionSchema(Base):
    team = Id(required=True)
    carrier = Id(allow_none=True, load_default=None)
    visited = fields.List(Id(), load_default=list, validate=validate.Length(max=200))
    hot = Bool(load_default=False)


class MagicEntrySchema(Base):
    name = Name(80, required=True)
    grants_flight = Bool()
    description = fields.String(validate=validate.Length(max=2000))


class MagicEntry(fields.Field):
    """An allowed spell or ability: its name, or {"name", "grants_flight"?, "description"?}."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            if not 1 <= len(value) <= 80:
                raise ValidationError("a name of 1 to 80 characters")
            plain_text(value)
            return value
        if isinstance(value, dict):
            return MagicEntrySchema().load(value)
        raise ValidationError('a name, or {"name", "grants_flight"?, "description"?}')


class GoatSettingsSchema(Base):
    zones = Bool()
    zone_links = Obj(keys=Id(), values=fields.List(Id()), allow_none=True)
    bloodball = Bool()
    bloodball_lethal = Bool()
    magic = Bool()
    allowed_magic = fields.List(MagicEntry(), validate=validate.Length(max=100))
    flight_magic = fields.List(fields.String(validate=validate.Length(1, 80)),
                               validate=validate.Length(max=100))


CHECK = validate.Range(-30, 80)


class ActionSchema(Base):
    player = Id(required=True)
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))
    target = Id(allow_none=True)
    # null: the action's one skill (a knock-off's or a block's Athletics), else the better
    skill = fields.String(validate=validate.OneOf(SKILLS), allow_none=True)
    # the carrier's throw as /goatball/suggest declares it: where the ball goes, and why
    kind = fields.String(validate=validate.OneOf(THROW_KINDS), allow_none=True)
    reason = fields.String(validate=validate.Length(max=1000), allow_none=True)
    check = fields.Integer(strict=True, validate=CHECK, allow_none=True)
    modifier = fields.Integer(strict=True, validate=validate.Range(-20, 40), allow_none=True)
    advantage = Bool()
    disadvantage = Bool()
    defense = fields.Integer(strict=True, validate=CHECK, allow_none=True)
    defense_modifier = fields.Integer(strict=True, validate=validate.Range(-20, 40),
                                      allow_none=True)
    defense_skill = fields.String(validate=validate.OneOf(SKILLS))
    defense_faces = fields.List(Int(1, 20), validate=validate.Length(1, 2), allow_none=True)
    zone = fields.String(validate=validate.Length(1, 64))
    initiative = fields.Integer(strict=True, validate=validate.Range(-20, 80))
    magic = fields.String(validate=validate.Length(1, 80))


class ThrowSchema(Base):
    kind = fields.String(required=True, validate=validate.OneOf(THROW_KINDS))
    target = Id(required=True)
    carrier_check = fields.Integer(strict=True, validate=CHECK, allow_none=True)
    target_check = fields.Integer(strict=True, validate=CHECK, allow_none=True)
    carrier_modifier = fields.Integer(strict=True, validate=validate.Range(-20, 40),
                                      allow_none=True)
    target_modifier = fields.Integer(strict=True, validate=validate.Range(-20, 40),
                                     allow_none=True)
    target_faces = fields.List(Int(1, 20), validate=validate.Length(1, 2), allow_none=True)
    str_mod = fields.Integer(strict=True, validate=validate.Range(-5, 20), load_default=0)


class PassMovesSchema(DiceSchema):
    """A pass's declared actions and throw, with its dice."""

    actions = fields.List(fields.Nested(ActionSchema), load_default=list,
                          validate=validate.Length(max=MAX_PLAYERS))
    throw = fields.Nested(ThrowSchema, load_default=None, allow_none=True)

    @validates_schema
    def _something_declared(self, data, **kwargs):
        """A pass with no action and no throw resolved nothing yet counted a pass. Refused in
        new bodies only: a match's stored events replay without this schema, as accepted."""
        if not data.get("actions") and data.get("throw") is None:
            raise ValidationError("an empty pass: declare the carrier's throw (an action"
                                  " `throw` with its `kind` and `target`, or `throw`) and any"
                                  " other player's action", field_name="actions")


class GoatArenaSchema(Base):
    """The teams and settings a goat-ball body describes (the rules' `Arena` is built from
    them)."""

    teams = fields.List(fields.Nested(GoatTeamSchema), required=True,
                        validate=validate.Length(2, MAX_TEAMS))
    settings = fields.Nested(GoatSettingsSchema, load_default=None)


class PassPlayerSchema(GoatPlayerSchema):
    """A player of a pass body; with his bonuses (as /goatball/suggest takes them), a check
    given neither as a total nor as a modifier is rolled by the companion with them."""

    athletics = fields.Integer(strict=True, validate=validate.Range(-5, 20))
    acrobatics = fields.Integer(strict=True, validate=validate.Range(-5, 20))


class PassTeamSchema(GoatTeamSchema):
    players = fields.List(fields.Nested(PassPlayerSchema), required=True,
                          validate=validate.Length(1, MAX_PLAYERS))


class PassSchema(GoatArenaSchema, PassMovesSchema):
    teams = fields.List(fields.Nested(PassTeamSchema), required=True,
                        validate=validate.Length(2, MAX_TEAMS))
    possession = fields.Nested(PossessionSchema, required=True)
    eliminated = fields.List(Id(), load_default=list, validate=validate.Length(max=MAX_TEAMS))


class CheckSchema(Base):
    EXPECTED = '{"check": n} (the rolled total) or {"modifier": n} (the companion rolls)'
    check = fields.Integer(strict=True, validate=CHECK, allow_none=True)
    modifier = fields.Integer(strict=True, validate=validate.Range(-20, 40), allow_none=True)
    advantage = Bool()
    disadvantage = Bool()
    skill = fields.String(validate=validate.OneOf(SKILLS))


class TipoffSchema(GoatArenaSchema, DiceSchema):
    """The players may carry their bonuses, as a pass's and the autopilot's do: a check given
    neither as a total nor as a modifier is rolled with the player's Acrobatics."""

    teams = fields.List(fields.Nested(PassTeamSchema), required=True,
                        validate=validate.Length(2, MAX_TEAMS))
    checks = Obj(keys=Id(), values=fields.Nested(CheckSchema), required=True,
                         validate=validate.Length(1, MAX_PLAYERS))


class QuickTeamSchema(Base):
    id = Id(required=True)
    checks = fields.List(fields.Integer(strict=True, validate=CHECK), required=True,
                         validate=validate.Length(1, MAX_PLAYERS))


class QuickSchema(Base):
    teams = fields.List(fields.Nested(QuickTeamSchema), required=True,
                        validate=validate.Length(2, MAX_TEAMS))


# -- tactics: the simulator's tune route and the GM's autopilot -----------------------------------
BONUS = validate.Range(-5, 20)


class Tactics(fields.Field):
    """A preset name for every team, or a list of names in table order, or {team: name}."""

    def _deserialize(self, value, attr, data, **kwargs):
        from ...tactics.goatball import PRESETS

        names = (list(value.values()) if isinstance(value, dict)
                 else value if isinstance(value, list) else [value])
        if not names or len(names) > MAX_TEAMS or not all(
                isinstance(n, str) and n in PRESETS for n in names):
            raise ValidationError(f"a preset name ({', '.join(PRESETS)}), a list of them in"
                                  f" table order, or an object of team: preset")
        if isinstance(value, dict) and not all(isinstance(k, str) for k in value):
            raise ValidationError("team ids are strings")
        return value


class TunePlayerSchema(Base):
    id = Id(required=True)
    athletics = fields.Integer(strict=True, required=True, validate=BONUS)
    acrobatics = fields.Integer(strict=True, required=True, validate=BONUS)
    name = Name(120)


class TuneTeamSchema(Base):
    id = Id(required=True)
    players = fields.List(fields.Nested(TunePlayerSchema), required=True,
                          validate=validate.Length(1, 16))
    name = Name(120)


class TuneSchema(Base):
    teams = fields.List(fields.Nested(TuneTeamSchema), required=True,
                        validate=validate.Length(2, 4))
    tactics = Tactics(load_default=None)
    budget = fields.Integer(strict=True, load_default=40, validate=validate.Range(1, 200))
    seed = fields.Integer(strict=True, load_default=1, validate=validate.Range(0, 2**63 - 1))
    zones = fields.List(fields.Integer(strict=True, validate=validate.Range(0, 30)),
                        load_default=None, validate=validate.Length(1, 12))
    matches = fields.Integer(strict=True, load_default=400, validate=validate.Range(1, 1000))
    margin = fields.Float(load_default=0.05, validate=validate.Range(0.01, 0.5))
    minutes_per_pass = fields.Float(load_default=4, validate=validate.Range(0.1, 60))


class SuggestPlayerSchema(GoatPlayerSchema):
    athletics = fields.Integer(strict=True, required=True, validate=BONUS)
    acrobatics = fields.Integer(strict=True, required=True, validate=BONUS)


class SuggestTeamSchema(GoatTeamSchema):
    players = fields.List(fields.Nested(SuggestPlayerSchema), required=True,
                          validate=validate.Length(1, MAX_PLAYERS))


class SuggestSchema(Base):
    teams = fields.List(fields.Nested(SuggestTeamSchema), required=True,
                        validate=validate.Length(2, MAX_TEAMS))
    possession = fields.Nested(PossessionSchema, required=True)
    players = fields.List(Id(), load_default=None, validate=validate.Length(max=MAX_PLAYERS))
    # after a tie inside one team: the tied players, one of whom the team names carrier
    choose_from = fields.List(Id(), load_default=None,
                              validate=validate.Length(1, MAX_PLAYERS))
    tactics = Tactics(load_default=None)
    seed = fields.Integer(strict=True, allow_none=True, load_default=None,
                          validate=validate.Range(0, 2**63 - 1))
    settings = fields.Nested(GoatSettingsSchema, load_default=None)
    eliminated = fields.List(Id(), load_default=list, validate=validate.Length(max=MAX_TEAMS))
