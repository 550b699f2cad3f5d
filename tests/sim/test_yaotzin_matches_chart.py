"""`ballcourt simulate yaotzin --chart matches`: the contract's figures, each with its interval."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.rules.errors import RulesError
from companion.sim.yaotzin_run import simulate

FIGURES = ("finish_within_budget", "median_rounds", "goals_per_match", "kicks_scoring_share",
           "kicks_intercepted_share", "hoop_wins_per_1000", "hoop_shots_per_1000",
           "hoop_row_reached")


@pytest.fixture(scope="module")
def report():
    return simulate([2, 3], [40], [3.0], matches=6, budget=40, workers=1, robust_matches=3)


def test_every_point_has_its_figures_and_intervals(report):
    assert [(r["players"], r["width_ft"], r["ratio"]) for r in report["results"]] == [
        (2, 40, 3.0), (3, 40, 3.0)]
    for r in report["results"]:
        assert r["matches_played"] == 6
        for name in FIGURES:
            lo, hi = r["ci95"][name]
            if r[name] is not None:         # None: the median lies past the round limit
                assert lo <= r[name] and (hi is None or r[name] <= hi), (name, r)
        assert 0 <= r["finish_within_budget"] <= 1
        assert 0 <= r["hoop_row_reached"] <= 1 and r["hoop_shots_per_1000"] >= 0


def test_each_width_answers_with_the_margin_rule_and_its_robustness(report):
    (width,) = report["widths"]
    assert width["width_ft"] == 40 and width["rulebook_players"] == 2
    assert width["recommended_players"] in (None, 2, 3)
    assert width["comparison"]["leaders"]
    rob = width["robustness"]
    assert set(rob["answers"]) == {"press-ball", "hold-lanes", "kick-long"}
    assert rob["matches_per_point"] == 3
    assert any("one player for every 20 ft" in line or "rulebook says" in line
               or "rulebook's" in line for line in report["rulebook"])


def test_robustness_over_further_seeds():
    r = simulate([2, 3], [40], [3.0], matches=3, budget=30, workers=1, robust_matches=2,
                 robust_seeds=[1, 5])
    rob = r["widths"][0]["robustness"]
    assert list(rob["by_seed"]) == ["5"]
    assert set(rob["by_seed"]["5"]) == {"press-ball", "hold-lanes", "kick-long"}
    main = r["widths"][0]["recommended_players"]
    for name, status in rob["status"].items():
        seen = [rob["answers"][name], rob["by_seed"]["5"][name]]
        assert status == ("contradicted" if any(a is not None and a != main for a in seen)
                          else "holds" if main is not None and all(a == main for a in seen)
                          else "cannot tell")
    assert rob["robust"] == all(s == "holds" for s in rob["status"].values())


def test_the_same_seed_gives_the_same_report(report):
    again = simulate([2, 3], [40], [3.0], matches=6, budget=40, workers=1, robust_matches=3)
    assert again == report


def test_the_cli_prints_the_json(capsys):
    code = main(["simulate", "yaotzin", "--chart", "matches", "--players", "2", "--width", "40",
                 "--length-ratio", "3", "--matches", "2", "--budget", "20", "--workers", "1",
                 "--no-robustness", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["chart"] == "matches" and out["budget"] == 20 and out["matches"] == 2


@pytest.mark.parametrize("kw, field", [({"tactics": "turtle"}, "tactics"),
                                       ({"matches": 0}, "matches"),
                                       ({"players": [0]}, "players")])
def test_bad_options_name_the_field(kw, field):
    with pytest.raises(RulesError) as err:
        simulate(**{"players": [2], "widths": [40], "ratios": [3.0], "matches": 2,
                    "workers": 1, **kw})
    assert err.value.field == field


@pytest.mark.parametrize("enabled", [True, False])
def test_a_chunk_gives_the_collector_back_as_it_found_it(enabled):
    """play_chunk pauses the cyclic collector while its matches play (their speed) and
    leaves it as it was, on or off, for whatever runs next in the process."""
    import gc

    from companion.sim.yaotzin_run import play_chunk

    seen = []
    spec = {"players": 2, "width": 40, "ratio": 3.0, "tactics": "press-ball", "budget": 2,
            "seed": 1, "start": 0, "stop": 1}
    (gc.enable if enabled else gc.disable)()
    try:
        gc.callbacks.append(lambda phase, info: seen.append(phase))
        games = play_chunk(spec)
        assert gc.isenabled() is enabled and len(games) == 1
        assert seen == []           # not one collection while the match played
    finally:
        gc.callbacks.pop()
        gc.enable()


def test_each_criterion_is_reported_with_its_interval_and_the_answer_as_a_set(report):
    from companion.sim.yaotzin_run import CRITERIA

    for r in report["results"]:
        for name in CRITERIA:
            c = r["criteria"][name]
            lo, hi = c["ci95"]
            assert c["value"] is None or lo <= c["value"] <= hi, (name, c)
        assert sum(r["criteria"]["ended_by"].values()) == r["matches_played"]
        assert r["criteria"]["finish_by_score"]["value"] == r["finish_within_budget"]
    (width,) = report["widths"]
    assert width["comparison"]["criterion"] == "finish_by_score"
    assert width["comparison"]["best"] in width["plausible"]
    assert set(width["differences"]) == {"2", "3"} and "a side" in width["answer"]
    assert width["at_edge"] in (None, "lowest", "highest")
    assert set(width["criteria"]) == set(CRITERIA) and "alpha spending" in width["method"]


def test_an_answer_at_the_edge_of_the_range_tried_says_so():
    from companion.sim.yaotzin_run import at_edge

    assert at_edge([2, 3, 4], {"best": 4, "plausible": [3, 4]}) == "highest"
    assert at_edge([2, 3, 4], {"best": 3, "plausible": [2, 3]}) == "lowest"
    assert at_edge([1, 2, 3], {"best": 2, "plausible": [1, 2]}) is None   # nothing below 1
    assert at_edge([2, 3, 4], {"best": 3, "plausible": [3]}) is None


def test_the_rulebooks_own_courts_are_reported_plainly():
    from companion.sim.yaotzin_run import rulebook_courts

    def row(ratio, points, hoop, limit):
        n = points + hoop + limit
        return {"players": 6, "width_ft": 120, "ratio": ratio, "length_ft": int(120 * ratio),
                "matches_played": n, "criteria": {
                    "ended_by": {"points": points, "hoop": hoop, "round_limit": limit},
                    "finish_by_score": {"value": (points + hoop) / n, "ci95": [0.0, 0.1]}}}

    got = rulebook_courts([row(3.0, 2, 0, 38), row(4.0, 0, 0, 40)])
    assert [c["court_ft"] for c in got] == [[120, 360], [120, 480]]
    assert got[1]["said"].startswith("120 x 480 ft, six a side: 0 of 40 matches reached 9")


def test_the_table_says_each_widths_answer_in_words(report):
    from companion.sim.yaotzin_run import table

    (width,) = report["widths"]
    assert f"40 ft: {width['answer']}" in table(report)


def test_the_rulebook_answers_name_sizes_and_ratios_in_words_not_python_lists(report):
    """They printed "not shown behind: [3, 4]" and "within the margin ['3']"."""
    from companion.sim.yaotzin_run import listed

    assert [listed(v) for v in ([], [3], [3, 4], [2.5, 3.0, 4.0])] == [
        "none", "3", "3 and 4", "2.5, 3 and 4"]
    for line in report["rulebook"]:
        assert "[" not in line and "'" not in line, line
