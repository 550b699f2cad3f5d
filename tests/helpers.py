"""Shared test helpers: golden files and partial matching of results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.rules.errors import RulesError

GOLDEN = Path(__file__).parent / "golden"


def golden(name: str) -> list[dict]:
    return json.loads((GOLDEN / name).read_text())["cases"]


def assert_subset(expected, actual, path: str = "") -> None:
    """Every key and list item in `expected` matches `actual` (dicts may carry more keys)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{path}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{path}.{key} missing from {sorted(actual)}"
            assert_subset(value, actual[key], f"{path}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list), f"{path}: expected a list, got {actual!r}"
        assert len(expected) == len(actual), f"{path}: {len(actual)} items, expected {expected!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            assert_subset(e, a, f"{path}[{i}]")
    else:
        assert expected == actual, f"{path}: expected {expected!r}, got {actual!r}"


def expect_or_refuse(case: dict, run) -> None:
    """A golden case either pins parts of the result or the refusal's message (and, when it
    says, the field the refusal names)."""
    if "error" in case:
        with pytest.raises(RulesError, match=case["error"]) as refused:
            run()
        if "field" in case:
            assert refused.value.field == case["field"]
    else:
        result = run()
        assert_subset(case["expect"], result[0] if isinstance(result, tuple) else result)


def wait_until(condition, seconds: float = 30) -> bool:
    """Whether `condition()` came true within `seconds`: a test waits for the event it needs,
    and the bound only stops a test that would wait for ever (a loaded machine is slow)."""
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True
