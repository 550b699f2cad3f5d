"""The module's fixtures are what the companion really answers today."""

import json

from tests.fixtures_for_module import FIXTURES, answers


def test_module_fixtures_match_the_companion():
    for name, answer in answers().items():
        stored = json.loads((FIXTURES / f"{name}.json").read_text())
        assert stored == answer, f"{name}.json is stale: python -m tests.fixtures_for_module"
