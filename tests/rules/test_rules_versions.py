"""Each rules version folds an event as its own rules did: what version 2 refuses, version 1
took (docs/rules.md, "Rules versions"); a version this companion lacks is refused by name."""

from __future__ import annotations

import pytest

from companion.rules.dice import Dice
from companion.rules.errors import RulesError
from companion.rules.goatball import match as goatball
from companion.rules.goatball.state import Settings as GoatSettings
from companion.rules.versions import CURRENT, UnknownRulesVersion, require
from companion.rules.yaotzin import match as yaotzin
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.settings import Settings


def yaotzin_match() -> dict:
    return yaotzin.new_match([{"id": "sun", "defends": "west"}, {"id": "moon", "defends": "east"}],
                             Court.from_dict(None), Settings.from_dict(None))


def test_yaotzin_1_took_a_goal_into_the_scorers_own_end_and_negative_damage():
    own_end = {"type": "goal", "team": "sun", "end": "west"}
    assert yaotzin.apply_event(yaotzin_match(), own_end, 1)["score"] == {"sun": 1, "moon": 0}
    with pytest.raises(RulesError, match="defends the west end"):
        yaotzin.apply_event(yaotzin_match(), own_end, 2)
    heal = {"type": "damage", "player": "ix", "nonlethal": -2}
    assert yaotzin.apply_event(yaotzin_match(), heal, 1)["nonlethal"] == {"ix": -2}
    with pytest.raises(RulesError, match="cannot be negative"):
        yaotzin.apply_event(yaotzin_match(), heal, 2)


def test_goatball_1_took_a_tip_off_on_athletics():
    state = goatball.new_match([{"id": "red", "players": [{"id": "r1", "platform": "p1"}]},
                                {"id": "blue", "players": [{"id": "b1", "platform": "p7"}]}],
                               GoatSettings.from_dict(None))
    tip = {"type": "tipoff", "checks": {"r1": {"check": 15, "skill": "athletics"},
                                        "b1": {"check": 9}}}
    after, _ = goatball.apply_event(state, tip, Dice(), 1)
    assert after["possession"]["team"] == "red"
    with pytest.raises(RulesError, match="Dex \\(Acrobatics\\) only"):
        goatball.apply_event(state, tip, Dice(), 2)


@pytest.mark.parametrize("version", [0, -1, CURRENT["yaotzin"] + 1, True, "2"])
def test_a_version_this_companion_lacks_is_refused_by_name(version):
    with pytest.raises(UnknownRulesVersion) as refused:
        require("yaotzin", version, "events.3.rules_version")
    assert refused.value.field == "events.3.rules_version"
