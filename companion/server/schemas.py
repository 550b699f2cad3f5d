"""Every request body, as marshmallow schemas: the same ones serve REST, Socket.IO and OpenAPI.
(A new match's body is games.py's `MatchCreateSchema`: its `game` is one of the registry's.)

Loading a schema is the only validation a body gets before the rules see it; the rules then
refuse what is well-formed but illegal (422 with their own message).
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    post_load,
    validate,
    validates_schema,
)

from ..rules.goatball.passes import ACTIONS, THROW_KINDS
from ..rules.goatball.state import SKILLS
from ..rules.yaotzin.contests import AFTER
from ..rules.yaotzin.court import SIZE_LIMITS
from ..rules.yaotzin.inspection import SOURCES as INSPECT_SOURCES
from ..rules.yaotzin.players import FEATS, Player
from ..rules.yaotzin.settings import SCATTER_CONVENTIONS

MAX_PLAYERS = 64
MAX_TEAMS = 8
MAX_SHEET_ENTRIES = 500       # items, effects or traits on one sheet
COORD = validate.Range(-1000, 1000)
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
# C0 and C1 control characters (ESC starts a terminal's escape sequences), line and paragraph
# separators, and the bidirectional embeddings, overrides and isolates that reorder what
# follows them: none belongs in a name a report, a board or a terminal shows
NOT_IN_NAMES = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def plain_text(value: str) -> None:
    """Refuse a name holding a control character or a bidirectional override."""
    bad = NOT_IN_NAMES.search(value)
    if bad:
        raise ValidationError(f"no control characters, line breaks or bidirectional overrides"
                              f" (U+{ord(bad.group()):04X} at character {bad.start() + 1})")


def Name(high: int, **kw) -> fields.String:
    """A display name: 1 to `high` characters of plain text."""
    return fields.String(validate=[validate.Length(1, high), plain_text], **kw)


Id = lambda **kw: fields.String(validate=[validate.Length(1, 64), plain_text], **kw)  # noqa: E731
Int = lambda lo, hi, **kw: fields.Integer(strict=True, validate=validate.Range(lo, hi), **kw)  # noqa: E731


class Bool(fields.Boolean):
    """true or false, nothing else ("yes" and 1 are refused)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class Obj(fields.Dict):
    """A JSON object of free keys (marshmallow's "mapping type" is not the client's word)."""

    default_error_messages = {"invalid": "expected a JSON object"}


def _placeholder(f: fields.Field) -> str:
    if isinstance(f, fields.Integer):
        return "n"
    if isinstance(f, fields.Boolean):
        return "true|false"
    if isinstance(f, fields.List):
        return "[...]"
    if isinstance(f, (fields.Nested, fields.Dict)):
        return "{...}"
    return '"..."'


class Base(Schema):
    """Unknown keys are refused; a value that is not an object says what object was expected
    (`expected an object {"x": n, "y": n}`) instead of marshmallow's "Invalid input type"."""

    class Meta:
        unknown = RAISE

    EXPECTED: str | None = None       # set where the generated shape would mislead

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.error_messages = {**self.error_messages,
                               "type": f"expected an object {self.expected()}"}

    @classmethod
    def expected(cls) -> str:
        if cls.EXPECTED:
            return cls.EXPECTED
        declared = {f.data_key or name: f for name, f in cls._declared_fields.items()}
        shown = [n for n, f in declared.items() if f.required] or list(declared)[:3]
        more = ", ..." if len(shown) < len(declared) else ""
        return "{" + ", ".join(f'"{n}": {_placeholder(declared[n])}' for n in shown) + more + "}"


class Naturals(fields.Field):
    """A die's natural, or a list of them for a group rolled together."""

    def _deserialize(self, value, attr, data, **kwargs):
        items = value if isinstance(value, list) else [value]
        if not items or len(items) > 100 or not all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 100 for v in items):
            raise ValidationError("a natural die result (1-100) or a list of them")
        return value


def rolls_field():
    return Obj(keys=fields.String(validate=validate.Length(1, 80)), values=Naturals(),
                       validate=validate.Length(max=200))


class SeedSchema(Base):
    """A body's `seed`: the dice stream for every die its `rolls` do not give."""

    seed = fields.Integer(strict=True, allow_none=True, validate=validate.Range(0, 2**63 - 1))


class DiceSchema(SeedSchema):
    """A resolving body's dice (the rules' `Dice` is built from them): naturals by die name,
    and the seed."""

    rolls = rolls_field()


# -- Yaotzin ------------------------------------------------------------------------------------
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
    max_ft = Int(5, 70, load_default=None)
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
        from ..tactics.yaotzin import PRESETS

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


# -- goat-ball ----------------------------------------------------------------------------------
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
        from ..tactics.goatball import PRESETS

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


# -- matches ------------------------------------------------------------------------------------
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
