"""What every body's schema is made of: names, integers, objects, dice, and the Base that
refuses unknown keys and says what shape it expected."""

from __future__ import annotations

import re

from marshmallow import RAISE, Schema, ValidationError, fields, validate

MAX_PLAYERS = 64
MAX_TEAMS = 8
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
