"""The constructors written out for the compiled build (`@dataclass(init=False)`) take exactly
the fields a dataclass's own `__init__` would: a field added to the class but not to its
`__init__` would otherwise go unnoticed until first read."""

import dataclasses
import inspect

import pytest

from companion.rules import dice
from companion.rules.goatball import passes, state
from companion.tactics import goatball as tactics

WRITTEN_OUT = [cls for module in (dice, state, passes, tactics)
               for cls in vars(module).values()
               if inspect.isclass(cls) and dataclasses.is_dataclass(cls)
               and cls.__module__ == module.__name__
               and "__init__" in vars(cls) and cls.__dataclass_params__.init is False]


def test_every_written_out_constructor_is_found():
    assert len(WRITTEN_OUT) >= 10


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__qualname__)
def test_a_written_out_init_takes_the_fields_dataclass_would(cls):
    params = list(inspect.signature(cls.__init__).parameters)[1:]
    assert params == [f.name for f in dataclasses.fields(cls) if f.init]
