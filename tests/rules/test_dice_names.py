"""Dice.expect: the names a request may roll (docs/api.md, Rolls): a die given under a name the
request does not roll is refused, not silently ignored."""

import pytest

from companion.rules.dice import Dice, UndeclaredRoll
from companion.rules.errors import RulesError


def test_a_given_name_outside_the_declared_ones_is_refused_naming_them():
    with pytest.raises(RulesError, match="rolls.attackk: .*the names it rolls: attack, scatter$"):
        Dice({"attack": 3, "attackk": 20}).expect(("attack", "scatter"))
    with pytest.raises(RulesError, match="the names it rolls: none"):
        Dice({"x": 3}).expect(())


def test_re_rolls_take_numbered_names_only_when_declared():
    Dice({"r1.tipoff#2": 5}).expect(["r1.tipoff"], rerolls=True)
    with pytest.raises(RulesError):
        Dice({"r1.tipoff#2": 5}).expect(["r1.tipoff"])
    for name in ("r1.tipoff#", "r1.tipoff#two", "b1.tipoff#2"):
        with pytest.raises(RulesError):
            Dice({name: 5}).expect(["r1.tipoff"], rerolls=True)


def test_rolling_a_name_the_resolver_did_not_declare_is_a_bug_not_a_refusal():
    dice = Dice(seed=1)
    dice.expect(("attack",))
    dice.d20("attack")
    with pytest.raises(UndeclaredRoll):
        dice.d20("confirm")
    assert not issubclass(UndeclaredRoll, ValueError)    # a 500, never the table's 422
