"""The referee's inspection: the golden findings, and what the rules never do."""

import pytest

from companion.rules.yaotzin.inspection import KINDS, inspect, inspect_player
from tests.helpers import assert_subset, golden

INSPECTIONS = golden("yaotzin/inspections.json")


@pytest.mark.parametrize("case", INSPECTIONS, ids=[c["name"] for c in INSPECTIONS])
def test_inspection(case):
    assert_subset(case["expect"], inspect_player(case["player"]))


def test_every_kind_has_a_golden_case_and_only_extraordinary_is_allowed():
    found = [f for case in INSPECTIONS for f in case["expect"]]
    assert {f["kind"] for f in found} == set(KINDS)
    for case in INSPECTIONS:
        for f in inspect_player(case["player"]):
            assert f["allowed"] == (f["kind"] == "extraordinary"), (case["name"], f)


def test_every_player_answered_in_order_even_with_nothing_found():
    answer = inspect([{"id": "b", "traits": ["Regeneration 5"]}, {"id": "a"}])
    assert [p["id"] for p in answer["players"]] == ["b", "a"]
    assert answer["players"][1]["findings"] == []
