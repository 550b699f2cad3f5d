"""The Yaotzin routes' bodies: the court, its players and ball, kicks, contests, the
autopilot and the referee's inspection."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from marshmallow import ValidationError, fields, post_load, validate, validates_schema

from ...rules.yaotzin.contests import AFTER
from ...rules.yaotzin.court import SIZE_LIMITS
from ...rules.yaotzin.inspection import SOURCES as INSPECT_SOURCES
from ...rules.yaotzin.players import FEATS, Player
from ...rules.yaotzin.settings import SCATTER_CONVENTIONS
from .base import (
    MAX_PLAYERS,
    MAX_TEAMS,
    Base,
    Bool,
    DiceSchema,
    Id,
    Int,
    Name,
    Obj,
    SeedSchema,
)

MAX_SHEET_ENTRIES = 500       # items, effects or traits on one sheet
COORD = validate.Range(-1000, 1000)
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def whole_squares_ft(value: int) -> None:
    """A distance in whole 5-ft squares (a chart's 12 ft was read as 10 without a word)."""
    if value % 5:
        raise ValidationError(f"a whole number of 5-ft squares, not {value} ft")


class SquareSchema(Base):
    x = fields.Integer(strict=True, required=True, validate=COORD)
    y = fields.Integer(strict=True, required=True, validate=COORD)


def Size(lo: int, hi: int) -> fields.Integer:
    """A whole number whose range the rules check (the OpenAPI document shows it)."""
    return fields.Integer(strict=True, metadata={"minimum": lo, "maximum": hi})


class FieldSchema(Base):
    """A court's shape: known keys, whole numbers. Its sizes are checked in one place, the
    rules' `Court.from_dict` (every route builds the court), whose refusal names the field."""

    length = Size(*SIZE_LIMITS["length"])
    width = Size(*SIZE_LIMITS["width"])
    slope = Size(*SIZE_LIMITS["slope"])
    end_zone = Size(*SIZE_LIMITS["end_zone"])
    hoop_x = Size(0, SIZE_LIMITS["length"][1] - 1)


class YaotzinSettingsSchema(Base):
    equidistant_diagonals = Bool()
    scatter_one = fields.String(validate=validate.OneOf(SCATTER_CONVENTIONS))
    rolling_dc_base = Int(0, 30)
    points_to_win = Int(1, 99)
    hoop_points = Int(1, 99)
    round_limit = Int(1, 10000)


class YaotzinPlayerSchema(Base):
    id = Id(required=True)
    team = Id(required=True)
    x = fields.Integer(strict=True, required=True, validate=COORD)
    y = fields.Integer(strict=True, required=True, validate=COORD)
    str_ = Int(1, 60, data_key="str", load_default=10)
    dex = Int(1, 60, load_default=10)
    bab = Int(-5, 60, load_default=0)
    reflex = Int(-20, 80, load_default=0)
    feats = fields.List(fields.String(validate=validate.OneOf(FEATS)),
                        validate=validate.Length(max=len(FEATS)), load_default=list)
    prone = Bool(load_default=False)
    aoo_left = fields.Integer(strict=True, allow_none=True, load_default=None,
                              validate=validate.Range(0, 20))
    name = Name(120, load_default=None)
    speed = Int(5, 300, load_default=30)
    ac = Int(0, 100, load_default=None, allow_none=True)

    @post_load
    def to_player(self, d: dict, **kwargs) -> Player:
        return Player(id=d["id"], team=d["team"], x=d["x"], y=d["y"], str=d["str_"],
                      dex=d["dex"], bab=d["bab"], reflex=d["reflex"],
                      feats=frozenset(d["feats"]), prone=d["prone"], aoo_left=d["aoo_left"],
                      name=d["name"], speed=d["speed"], ac=d["ac"])


class BallSchema(Base):
    x = fields.Integer(strict=True, required=True, validate=COORD)
    y = fields.Integer(strict=True, required=True, validate=COORD)
    speed = Int(0, 200, load_default=0)
    direction = fields.String(allow_none=True, load_default=None,
                              validate=validate.OneOf(DIRECTIONS))


class MemoList(fields.List):
    """A list field that remembers its last few valid inputs.

    A GM hovering target squares sends the same 24 players on every mouse move: validating
    them once and reusing the loaded list keeps a preview close to the transport's floor.
    Only successful loads are kept; callers must treat the loaded list as read-only.
    """

    SIZE = 64

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._memo: OrderedDict[str, list] = OrderedDict()
        self._lock = threading.Lock()

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            key = json.dumps(value, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):
            return super()._deserialize(value, attr, data, **kwargs)
        with self._lock:
            if key in self._memo:
                self._memo.move_to_end(key)
                return self._memo[key]
        loaded = super()._deserialize(value, attr, data, **kwargs)
        with self._lock:
            self._memo[key] = loaded
            while len(self._memo) > self.SIZE:
                self._memo.popitem(last=False)
        return loaded


class CourtSchema(Base):
    """What every Yaotzin body carries: the court (the rules' `Court` is built from it), the
    players and the settings."""

    field = fields.Nested(FieldSchema, load_default=None)
    players = MemoList(fields.Nested(YaotzinPlayerSchema), required=True,
                       validate=validate.Length(max=MAX_PLAYERS))
    settings = fields.Nested(YaotzinSettingsSchema, load_default=None)


class KickPreviewSchema(CourtSchema, SeedSchema):
    """The kick's body without `rolls`; its `seed` is accepted and changes nothing (a preview
    rolls no dice), so one body serves the preview and the kick."""

    ball = fields.Nested(SquareSchema, required=True)
    kicker = Id(required=True)
    target = fields.Nested(SquareSchema, required=True)
    standing = Bool(load_default=False)
    power_attack = Int(0, 60, load_default=0)


class KickSchema(KickPreviewSchema, DiceSchema):
    pass


class KickSuggestSchema(CourtSchema, SeedSchema):
    """The shot planner: the preview's body without `target` (its `seed` accepted and unused,
    as the preview's), plus how many squares to list and (optionally) which goal line the
    kicker attacks."""

    ball = fields.Nested(SquareSchema, required=True)
    kicker = Id(required=True)
    standing = Bool(load_default=False)
    power_attack = Int(0, 60, load_default=0)
    top = Int(1, 100, load_default=5)
    attacks = fields.String(validate=validate.OneOf(("west", "east")), load_default=None)


class ChartSchema(Base):
    """A Yaotzin chart's kicker: the Strength scores to tabulate and the rest held fixed."""

    strengths = fields.List(Int(1, 40), validate=validate.Length(1, 7), load_default=None)
    dex = Int(1, 60, load_default=12)
    bab = Int(-5, 60, load_default=2)
    feats = fields.List(fields.String(validate=validate.OneOf(FEATS)),
                        validate=validate.Length(max=len(FEATS)), load_default=list)
    max_ft = fields.Integer(strict=True, load_default=None,
                            validate=[validate.Range(5, 70), whole_squares_ft])
    field = fields.Nested(FieldSchema, load_default=None)
    settings = fields.Nested(YaotzinSettingsSchema, load_default=None)


class InterceptSchema(CourtSchema, DiceSchema):
    kind = fields.String(required=True, validate=validate.OneOf(("flight", "rolling")))
    player = Id(required=True)
    dc = Int(0, 200, required=True)
    rem = Int(0, 2000, load_default=None, allow_none=True)
    ball = fields.Nested(BallSchema, required=True)
    from_ = fields.Nested(SquareSchema, data_key="from", load_default=None)
    corner = Int(1, 2, load_default=None, allow_none=True)
    kicker = Id(load_default=None, allow_none=True)   # whose kick: the match report counts it

    @validates_schema
    def _flight_needs_from(self, data, **kwargs):
        if data["kind"] == "flight" and data.get("from_") is None:
            raise ValidationError("a flight interception needs the kicker's square",
                                  field_name="from")


class TickSchema(CourtSchema):
    ball = fields.Nested(BallSchema, required=True)


class HoopSchema(CourtSchema, DiceSchema):
    kicker = Id(required=True)
    hoop = fields.String(required=True, validate=validate.OneOf(("north", "south")))
    standing = Bool(load_default=False)
    power_attack = Int(0, 60, load_default=0)


class DribbleSchema(CourtSchema):
    dribbler = Id(required=True)
    ball = fields.Nested(SquareSchema, required=True)
    squares = fields.List(fields.Nested(SquareSchema), required=True,
                          validate=validate.Length(1, 60))
    started_with_ball = Bool(load_default=True)
    readied = Bool(load_default=False)
    overran = fields.List(Id(), load_default=list, validate=validate.Length(max=MAX_PLAYERS))


class TargetAooSchema(Base):
    kind = fields.String(required=True, validate=validate.OneOf(("unarmed", "grapple", "trip")))


class ContestSchema(CourtSchema, DiceSchema):
    kind = fields.String(required=True, validate=validate.OneOf(
        ("grapple", "disarm", "feint", "bull_rush", "overrun", "trip")))
    actor = Id(required=True)
    target = Id(required=True)
    ball = fields.Nested(SquareSchema, required=True)
    bluff = Int(-20, 80, load_default=0)
    sense_motive = Int(-20, 80, load_default=0)
    to = fields.Nested(SquareSchema, load_default=None)
    charging = Bool(load_default=False)
    avoids = Bool(load_default=False)
    action = Bool(load_default=False)
    target_aoo = fields.Nested(TargetAooSchema, load_default=None, allow_none=True)
    reaction = Bool(load_default=False)
    after = fields.String(load_default=None, validate=validate.OneOf(AFTER))
    as_aoo = Bool(load_default=False)
    preview = Bool(load_default=False)


class YaotzinTactics(fields.Field):
    """A Yaotzin preset name for both teams, or {team: name}."""

    def _deserialize(self, value, attr, data, **kwargs):
        from ...tactics.yaotzin import PRESETS

        names = list(value.values()) if isinstance(value, dict) else [value]
        if not names or len(names) > MAX_TEAMS or not all(
                isinstance(n, str) and n in PRESETS for n in names) or (
                isinstance(value, dict) and not all(isinstance(k, str) for k in value)):
            raise ValidationError(f"a preset name ({', '.join(PRESETS)}) or an object of"
                                  f" team: preset")
        return value


class YaotzinSuggestSchema(CourtSchema):
    """The Yaotzin autopilot: one turn for `mover`."""

    ball = fields.Nested(BallSchema, required=True)
    mover = Id(required=True)
    tactics = YaotzinTactics(load_default=None)
    attacks = fields.String(validate=validate.OneOf(("west", "east")), load_default=None)
    round = Int(1, 10000, load_default=1)
    score = fields.Dict(keys=Id(), values=Int(0, 10000), load_default=None,
                        validate=validate.Length(max=MAX_PLAYERS))
    seed = fields.Integer(strict=True, allow_none=True, load_default=None,
                          validate=validate.Range(0, 2**63 - 1))


class ReactChanceSchema(Base):
    """One chance at the ball: a kick's interceptor (`rem` squares short of its landing) or a
    rolling ball's opportunity, with its DC, as the kick or tick answer listed it."""

    player = Id(required=True)
    dc = Int(0, 200, required=True)
    rem = Int(0, 2000, load_default=None, allow_none=True)


class WatchTeamSchema(Base):
    """A team of an NPC match: the end it defends, and the preset it plays by."""

    id = Id(required=True)
    defends = fields.String(required=True, validate=validate.OneOf(("west", "east")))
    tactics = YaotzinTactics(load_default=None)

    @validates_schema
    def _one_preset(self, data, **kwargs):
        if isinstance(data.get("tactics"), dict):
            raise ValidationError("a team's tactics is one preset name", field_name="tactics")


class YaotzinPlaySchema(CourtSchema):
    """An NPC match played out from the scene's state (the start of a match when no ball,
    round or score is given); `hit_points` and `nonlethal` by player id."""

    teams = fields.List(fields.Nested(WatchTeamSchema), load_default=None,
                        validate=validate.Length(2, 2))
    ball = fields.Nested(BallSchema, load_default=None)
    round = Int(1, 10000, load_default=None)
    score = Obj(keys=Id(), values=Int(0, 99), load_default=None,
                validate=validate.Length(max=2))
    hit_points = Obj(keys=Id(), values=Int(1, 1000), load_default=None,
                     validate=validate.Length(max=MAX_PLAYERS))
    nonlethal = Obj(keys=Id(), values=Int(0, 1000), load_default=None,
                    validate=validate.Length(max=MAX_PLAYERS))
    tactics = YaotzinTactics(load_default=None)
    seed = fields.Integer(strict=True, allow_none=True, load_default=None,
                          validate=validate.Range(0, 2**63 - 1))


class YaotzinOddsSchema(YaotzinPlaySchema):
    """The odds of an NPC match: `matches` played from the same state."""

    matches = Int(1, 1000, load_default=100)


class YaotzinReactSchema(CourtSchema):
    """The Yaotzin autopilot's reactions: whether each player tries for the ball, by his
    team's preset."""

    kind = fields.String(required=True, validate=validate.OneOf(("flight", "rolling")))
    kicker = Id(load_default=None, allow_none=True)
    chances = fields.List(fields.Nested(ReactChanceSchema), required=True,
                          validate=validate.Length(max=MAX_PLAYERS * 9))
    tactics = YaotzinTactics(load_default=None)

    @validates_schema
    def _flight_needs_kicker_and_rem(self, data, **kwargs):
        if data["kind"] != "flight":
            return
        if data.get("kicker") is None:
            raise ValidationError("a kick's reactions need its kicker", field_name="kicker")
        for i, chance in enumerate(data["chances"]):
            if chance["rem"] is None:
                raise ValidationError({"chances": {i: {"rem": [
                    "an interceptor in flight needs his squares to the landing"]}}})


class MoveSchema(CourtSchema):
    """A player's movement on the court, checked square by square."""

    ball = fields.Nested(SquareSchema, required=True)
    mover = Id(required=True)
    path = fields.List(fields.Nested(SquareSchema), required=True,
                       validate=validate.Length(1, 200))
    budget = fields.String(validate=validate.OneOf(("move", "double_move", "five_foot_step",
                                                    "run")), load_default="move")


class InspectItemSchema(Base):
    """An item on a player's sheet, with what the sheet itself says of it."""

    name = Name(120, required=True)
    type = Name(40, load_default=None, allow_none=True)
    material = Name(40, load_default=None, allow_none=True)
    magic = Bool(load_default=None, allow_none=True)
    equipped = Bool(load_default=None, allow_none=True)
    carried = Bool(load_default=None, allow_none=True)


class InspectEffectSchema(Base):
    """An effect or buff in force on a player, and where it comes from."""

    name = Name(120, required=True)
    source = fields.String(load_default=None, allow_none=True,
                           validate=validate.OneOf(INSPECT_SOURCES))
    healing = Bool(load_default=None, allow_none=True)


class InspectPlayerSchema(Base):
    id = Id(required=True)
    items = fields.List(fields.Nested(InspectItemSchema), load_default=list,
                        validate=validate.Length(max=MAX_SHEET_ENTRIES))
    effects = fields.List(fields.Nested(InspectEffectSchema), load_default=list,
                          validate=validate.Length(max=MAX_SHEET_ENTRIES))
    traits = fields.List(Name(120), load_default=list,
                         validate=validate.Length(max=MAX_SHEET_ENTRIES))


class InspectSchema(Base):
    """The referee's inspection: each player's items, effects and traits."""

    players = fields.List(fields.Nested(InspectPlayerSchema), required=True,
                          validate=validate.Length(1, MAX_PLAYERS))

    @validates_schema
    def _ids_are_unique(self, data, **kwargs):
        seen: set[str] = set()
        for i, player in enumerate(data["players"]):
            if player["id"] in seen:
                raise ValidationError({"players": {i: {"id": [
                    f"{player['id']} is named twice: one entry per player"]}}})
            seen.add(player["id"])
