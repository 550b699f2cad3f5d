"""The shot planner's memory: one budget of bytes across every court, so many courts cannot
exhaust the companion's memory."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from companion.rules.yaotzin import plan
from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Direction, Square
from companion.rules.yaotzin.movement import reachable
from companion.rules.yaotzin.players import Roster
from companion.rules.yaotzin.settings import Settings
from tests.rules.yaotzin.test_plan import CASES, SMALL
from tests.rules.yaotzin_build import player


@pytest.fixture
def memory(monkeypatch):
    """A fresh planner memory of 1 MB for the test (the module's own is left as it was)."""
    fresh = plan.PlannerMemory(1024 * 1024)
    monkeypatch.setattr(plan, "MEMORY", fresh)
    return fresh


def roll_everywhere(court: Court, speeds=range(1, 3)) -> None:
    """Follow a rolling ball from every square, at every speed and heading: a court's worth."""
    empty = plan.empty_court(court, Settings())
    for speed in speeds:
        for heading in Direction:
            for x in range(court.length):
                for y in range(court.width):
                    empty.course(Ball(x, y, speed, heading))


def test_the_budget_holds_across_courts_measured_not_just_counted(memory):
    courts = [Court(length=40, width=16, slope=4), Court(length=36, width=16, slope=4),
              Court(length=32, width=12, slope=3)]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for court in courts:
            roll_everywhere(court)
            assert memory.used <= memory.budget
            # the running total is the courts' own, each court forgotten taken off it
            assert memory.used == sum(c.used for c in memory.courts.values())
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held <= memory.budget, f"{held:,} bytes held for a budget of {memory.budget:,}"
    assert memory.used > memory.budget // 2        # the budget is used, not wasted
    assert list(memory.courts)[-1] == (courts[-1], Settings())     # the latest court is kept
    assert len(memory.courts) < len(courts)                          # the oldest went


def test_the_charge_overstates_what_is_really_held_but_not_by_much(monkeypatch):
    memory = plan.PlannerMemory(10**9)
    monkeypatch.setattr(plan, "MEMORY", memory)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        roll_everywhere(Court(length=40, width=16, slope=4))
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held <= memory.used <= 1.5 * held, (held, memory.used)


def test_one_court_over_the_budget_starts_afresh_and_answers_the_same(memory):
    roster, attacks, _ = CASES["row"]
    ball = roster.get("k").square
    plenty = plan.PlannerMemory()
    tiny = plan.PlannerMemory(20_000)
    answers = []
    for kept in (plenty, tiny):
        plan.MEMORY = kept
        answers.append(plan.suggest_kicks(SMALL, roster, "k", ball, True, 0, Settings(),
                                          attacks, top=5))
        assert kept.used <= kept.budget
    assert answers[0] == answers[1]


def test_clear_caches_forgets_every_court(memory):
    roll_everywhere(SMALL, speeds=[1])
    assert memory.used > 0
    plan.clear_caches()
    assert memory.used == 0 and not memory.courts


def every_table_kept_by_the_rules():
    """Every `lru_cache` in the Yaotzin rules' modules, found by looking, not by a list."""
    import importlib
    import pkgutil

    import companion.rules.yaotzin as package

    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, value in vars(module).items():
            kept = callable(getattr(value, "cache_clear", None))
            if kept and value.__module__ == module.__name__:
                yield f"{info.name}.{name}", value


def test_clear_caches_names_every_table_the_rules_keep(memory):
    court = Court()
    roster = Roster([player({"id": "k", "team": "sun", "x": 20, "y": 4, "str": 16}),
                          player({"id": "o", "team": "moon", "x": 14, "y": 6, "reflex": 3})],
                         court)
    plan.suggest_kicks(court, roster, "k", Square(20, 4), True, 0, Settings(),
                       "west")
    reachable(court, roster, roster.get("o"), 6, Square(20, 4), Settings())   # its steps too
    tables = dict(every_table_kept_by_the_rules())
    assert {"flight.flight_squares", "odds.attack_spread"} <= set(tables)
    assert "entry_costs" in vars(court)      # the ball's step costs: kept on the court itself
    assert all(t.cache_info().currsize for t in tables.values()), "the plan filled each"
    plan.clear_caches()
    assert {name: t.cache_info().currsize for name, t in tables.items() if t.cache_info().currsize
            } == {}
