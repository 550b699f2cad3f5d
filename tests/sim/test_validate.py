"""The validation table's command, on a fixed small sample (the full table: its own command,
docs/simulator.md, "How the answer was validated")."""

import random

from companion.sim.validate import (
    GAPS,
    all_equal,
    main,
    sequence_coverage,
    six_against_eight,
    spending_check,
)


def test_a_small_sample_of_the_validation_keeps_its_promises():
    """All equal: rarely any count called behind; 6 against 8 at margin 0.10 with 8 ahead by
    6 and 9 points (the case where the first rule decided 8 in 42.5% of runs with the target
    6): the other count is decided at most about alpha of the time (by the bounds' chance),
    and two runs hardly ever name two different counts."""
    rng = random.Random(3)
    assert all_equal(20, rng, most=1000) <= 0.1
    for gap in GAPS:
        r = six_against_eight(gap, 0.10, 20, rng, most=1000)
        assert r["target"] == 6
        assert r["other_decided"] <= 0.1 and r["seeds_disagree"] <= 0.05


def test_the_command_prints_the_table(capsys):
    assert main(["--runs", "2", "--paths", "100"]) == 0
    out = capsys.readouterr().out
    assert "| 0.10 | 9 points | 6 |" in out and "promised: at most 5%" in out
    assert "of 100 Brownian paths crossed" in out and "/tune's rule" in out


def test_dunnetts_level_spent_over_the_looks_keeps_alpha_on_brownian_paths():
    """Six comparisons at correlation 0.5 seen at 15 looks: the paths cross the within
    claim's boundaries about alpha of the time (4.8% of 20,000 in the docs' table)."""
    assert 0.035 <= spending_check(4000, random.Random(2)) <= 0.065


def test_the_anytime_rule_keeps_its_promises_on_a_small_sample():
    """/tune's confidence sequences: seven equal counts looked at every 100 matches rarely see
    one called behind, and a paired gap looked at after every match is rarely excluded."""
    rng = random.Random(4)
    assert all_equal(20, rng, batch=100, most=400, anytime=True) <= 0.1
    above, below = sequence_coverage(20, rng, matches=1000)
    assert above <= 0.1 and below <= 0.1
