"""The margin rule's error rates, by simulation of adaptive runs on paired 0/1 outcomes."""

import random
import re
from statistics import NormalDist

import pytest

from companion.sim.stats import (
    boundary,
    comparison_level,
    confidence_sequence,
    count_ci,
    dunnett,
    in_words,
    least_correlation,
    margin_rule,
    mean_ci,
    paired,
    pairing,
    student,
)


def paired_runs(chances, rng, batch, looks, shared=0.5):
    """One adaptive run: rounds of `batch` matches, each match's outcome at every candidate
    shared with probability `shared` (the pairing) and otherwise its own; stops at the first
    decided look. Yields each look's verdict."""
    rows = {c: [] for c in range(len(chances))}
    schedule = []
    for _ in range(looks):
        for _ in range(batch):
            u = rng.random()
            common = rng.random() < shared
            for c, p in enumerate(chances):
                rows[c].append(1 if (u if common else rng.random()) < p else 0)
        schedule.append(len(rows[0]))
        verdict = margin_rule(rows, schedule=schedule, planned=batch * looks)
        yield verdict
        if verdict["decided"]:
            return


def error_rate(chances, wrong, runs=300, batch=50, looks=5, seed=1):
    rng = random.Random(seed)
    bad = 0
    for _ in range(runs):
        bad += any(wrong(v) for v in paired_runs(chances, rng, batch, looks))
    return bad / runs


def test_with_every_count_equal_none_is_called_behind_more_often_than_alpha():
    """Seven counts truly equal, five interim looks: the chance that any look calls any count
    behind (the claim the first rule made 12-16% of the time) is at most 5%."""
    rate = error_rate([0.4] * 7, lambda v: bool(v["behind"]))
    assert rate <= 0.05


@pytest.mark.parametrize("gap", [0.05, 0.10])
def test_a_count_at_or_beyond_the_margin_is_recommended_at_most_alpha_of_the_time(gap):
    """The fewest count is `gap` behind the rest (at the margin: the hardest case): the rule
    recommends it in at most 5% of adaptive runs."""
    rate = error_rate([0.4 - gap] + [0.4] * 5, lambda v: v["recommended"] == 0)
    assert rate <= 0.05


def test_the_rule_recommends_the_fewest_within_the_margin_when_the_data_show_it():
    rows = {0: [0] * 400, 4: [1] * 200 + [0] * 200, 8: [1] * 205 + [0] * 195}
    v = margin_rule(rows)
    assert v["best"] == 8 and v["recommended"] == 4 and v["decided"]
    assert v["out"] == [0] and v["behind"] == [0] and v["within_margin"] == [4, 8]
    assert v["plausible"] == [4, 8]


def test_a_count_shown_behind_but_not_by_more_than_the_margin_leaves_the_answer_open():
    """Count 6 is shown worse than 8, but only by about the margin: the first rule decided 8
    (every smaller count behind by any amount), which another seed, with 6 just inside the
    margin, could contradict; now 8 is decided only once 6 is shown worse by MORE than it."""
    rng = random.Random(5)
    rows = {6: [], 8: []}
    for _ in range(3000):
        u = rng.random()
        rows[6].append(int(u < 0.55))
        rows[8].append(int(u < 0.61))
    v = margin_rule(rows, margin=0.05)
    assert 6 in v["behind"] and 6 not in v["out"]
    assert v["recommended"] is None and not v["decided"]
    assert v["plausible"] == [6, 8] and v["best"] == 8
    d = v["differences"][6]
    assert d["below_best"] == pytest.approx(0.06, abs=0.01)
    assert d["interval"][0] <= d["below_best"] <= d["interval"][1]


def test_the_answer_in_words_names_the_set_the_gap_and_the_clearly_slower():
    rows = {0: [0] * 400, 6: [1] * 200 + [0] * 200, 8: [1] * 228 + [0] * 172}
    v = margin_rule(rows)
    words = in_words({0: "no", 6: "6", 8: "8"}, v, "zones")
    assert v["plausible"] == [6, 8] and v["recommended"] is None
    assert words.startswith("6 or 8 zones; 8 ends about 7 points more often than 6, ±")
    assert words.endswith("; fewer than 6 is clearly slower")


def test_a_gap_the_data_cannot_place_leaves_no_recommendation():
    rows = {0: [1, 0] * 10, 1: [0, 1] * 10}
    v = margin_rule(rows)
    assert v["recommended"] is None and not v["decided"] and v["behind"] == []


def test_the_boundary_is_lan_demets_obrien_fleming_spending():
    """Five equal looks at one-sided 0.025: the published boundaries (as R's ldbounds and
    gsDesign give them) to within the grid's error."""
    published = [4.8769, 3.3569, 2.6803, 2.2898, 2.0310]
    got = [boundary(0.025, [20 * i for i in range(1, look + 1)], 100) for look in range(1, 6)]
    assert got == pytest.approx(published, abs=0.005)
    assert boundary(0.05) == pytest.approx(1.645, abs=1e-3)         # one look: the plain value
    # the final bound of 15 looks is far narrower than alpha shared over them (Bonferroni)
    assert boundary(0.05 / 6, [200 * i for i in range(1, 16)], 3000) < 0.8 * 3.2608


def test_paired_and_pairing():
    mean, se = paired([1, 1, 0, 0], [1, 0, 0, 0])
    assert mean == 0.25 and se == pytest.approx((0.25 / 4) ** 0.5)
    corr, narrower = pairing([1, 1, 0, 0], [1, 1, 0, 0])
    assert corr == pytest.approx(1) and narrower == pytest.approx(1)
    corr, narrower = pairing([1, 0, 1, 0], [1, 1, 0, 0])
    assert corr == pytest.approx(0) and narrower == pytest.approx(0)


def test_the_words_count_points_and_counts_in_good_english():
    rows = {2: [1] * 30 + [0] * 70, 3: [0] * 100, 4: [1] * 31 + [0] * 69}
    words = in_words({2: "2", 3: "3", 4: "4"}, margin_rule(rows), "zones")
    assert words == "2 zones; 4 ends about 1 point more often than 2, ±2; 3 is clearly slower"
    rows[2] = [0] * 69 + [1] * 31
    words = in_words({2: "2", 3: "3", 4: "4"}, margin_rule(rows), "zones")
    # not "0 points", and the ± says what it counts (it read "±55" alone)
    assert re.match(r"2 or 4 zones; 4 ends about as often as 2, ±\d+ points; 3 is", words)


# Dunnett (1955), "A multiple comparison procedure for comparing several treatments with a
# control", JASA 50, Table 1a (one-sided), the infinite-df row, for 1 to 9 comparisons at
# correlation 0.5 (equal group sizes); alpha 0.05 and 0.01.
DUNNETT_1955_ONE_SIDED = {
    0.05: [1.64, 1.92, 2.06, 2.16, 2.23, 2.29, 2.34, 2.38, 2.42],
    0.01: [2.33, 2.56, 2.68, 2.77, 2.84, 2.89, 2.93, 2.97, 3.00],
}
# the same table's finite-df rows at alpha 0.05, 1 to 9 comparisons (the first column is
# Student's t): the multivariate t, one estimated variance shared by every comparison
DUNNETT_1955_T = {
    5: [2.02, 2.44, 2.68, 2.85, 2.98, 3.08, 3.16, 3.24, 3.30],
    10: [1.81, 2.15, 2.34, 2.47, 2.56, 2.64, 2.70, 2.76, 2.81],
    15: [1.75, 2.07, 2.24, 2.36, 2.44, 2.51, 2.57, 2.62, 2.67],
    20: [1.72, 2.03, 2.19, 2.30, 2.39, 2.46, 2.51, 2.56, 2.60],
    120: [1.66, 1.93, 2.08, 2.18, 2.26, 2.32, 2.37, 2.41, 2.45],
}
DUNNETT_1955_SIX_COMPARISONS = {7: 2.82, 15: 2.51}


@pytest.mark.parametrize("alpha", sorted(DUNNETT_1955_ONE_SIDED))
def test_the_within_constant_is_dunnetts_tabulated_one_sided_value(alpha):
    got = [dunnett(alpha, m, 0.5) for m in range(1, 10)]
    assert got == pytest.approx(DUNNETT_1955_ONE_SIDED[alpha], abs=0.006)


@pytest.mark.parametrize("df", sorted(DUNNETT_1955_T))
def test_the_within_constant_is_dunnetts_tabulated_multivariate_t_value(df):
    got = [dunnett(0.05, m, 0.5, df) for m in range(1, 10)]
    assert got == pytest.approx(DUNNETT_1955_T[df], abs=0.006)


def hadamard_rows(order, repeats):
    """order - 1 candidates' 0/1 outcomes over order * repeats matches, every two uncorrelated
    with equal variances (Sylvester's Hadamard rows but the first): the comparisons with any
    one of them then correlate at exactly 0.5, the table's equal-n case."""
    rows = [[1]]
    while len(rows) < order:
        rows = [r + r for r in rows] + [r + [-x for x in r] for r in rows]
    return {c: [int(x > 0) for x in rows[c + 1]] * repeats for c in range(order - 1)}


@pytest.mark.parametrize("repeats, df", [(1, 7), (2, 15)])
def test_the_rules_within_d_at_few_matches_is_the_tables_value(repeats, df):
    """Student's t on the normal constant's level (the rule before) gave 2.93 for six
    comparisons at 7 degrees of freedom where Dunnett's table says 2.82."""
    v = margin_rule(hadamard_rows(8, repeats))
    assert v["critical"]["correlation"] == 0.5
    assert v["critical"]["within"] == pytest.approx(DUNNETT_1955_SIX_COMPARISONS[df],
                                                    abs=0.006)
    assert "multivariate t" in v["method"] and f"{df} degrees of freedom" in v["test"]


# Student's t quantiles (any t table): one-sided 0.995 and 0.9995 at 5 and 10 df
@pytest.mark.parametrize("tail, df, value", [(0.005, 5, 4.032), (0.0005, 5, 6.869),
                                              (0.005, 10, 3.169), (0.0005, 10, 4.587)])
def test_student_is_the_exact_t_quantile_far_out_in_the_tail(tail, df, value):
    assert student(NormalDist().inv_cdf(1 - tail), df) == pytest.approx(value, abs=0.0015)


@pytest.mark.parametrize("m", [2, 3, 6, 12])
@pytest.mark.parametrize("rho", [0.0, 0.3, 0.5, 0.9])
def test_dunnetts_constant_is_never_wider_than_bonferronis(m, rho):
    bonferroni = NormalDist().inv_cdf(1 - 0.05 / m)
    assert dunnett(0.05, m, rho) <= bonferroni
    assert comparison_level(0.05, m, rho) >= 0.05 / m
    # and falls as the comparisons correlate more (Slepian): a smaller correlation is safe
    assert dunnett(0.05, m, rho) >= dunnett(0.05, m, min(0.95, rho + 0.1))


def test_the_comparisons_correlation_is_read_from_the_matches_and_rounded_down():
    rng = random.Random(2)
    rows = {c: [] for c in range(5)}
    for _ in range(4000):
        common, u = rng.random() < 0.5, rng.random()
        for c in rows:
            rows[c].append(int((u if common else rng.random()) < 0.4))
    assert least_correlation(rows) in (0.4, 0.45)      # 0.5 in truth, less by the sampling
    rows[4] = list(rows[0])                            # a candidate identical to another
    assert least_correlation(rows) == 0.0


def test_the_within_bound_uses_dunnetts_constant_not_bonferronis():
    rng = random.Random(4)
    rows = {c: [] for c in range(7)}
    for _ in range(1000):
        common, u = rng.random() < 0.5, rng.random()
        for c in rows:
            rows[c].append(int((u if common else rng.random()) < 0.4))
    v = margin_rule(rows)
    bonferroni = student(NormalDist().inv_cdf(1 - 0.05 / 6), 999)
    assert v["critical"]["correlation"] >= 0.4
    assert v["critical"]["within"] < bonferroni - 0.05
    assert "Dunnett" in v["method"]


def correlated_differences(rng, n, ahead=0.6, behind=0.55):
    """Paired 0/1 outcomes of two candidates (one draw for both half of the time), as their
    per-match differences: mean `ahead - behind`."""
    out = []
    for _ in range(n):
        common, u = rng.random() < 0.5, rng.random()
        out.append(int(u < ahead) - int((u if common else rng.random()) < behind))
    return out


def test_the_confidence_sequence_covers_the_mean_at_every_look_where_a_fixed_bound_does_not():
    """300 runs of 400 paired matches, a look after every match: the one-sided 5% sequences
    exclude the true difference at some look in at most 5% of runs each way; the fixed
    one-look normal bound, read at every look, does so in far more (why /tune needs them)."""
    rng = random.Random(1)
    truth, z = 0.05, NormalDist().inv_cdf(0.95)
    above = below = naive = 0
    for _ in range(300):
        d = correlated_differences(rng, 400)
        bounds = confidence_sequence(d, 0.05, 400)
        below += any(low > truth for low, _ in bounds)
        above += any(high < truth for _, high in bounds)
        total = squares = 0.0
        crossed = False
        for t, x in enumerate(d, 1):
            total, squares = total + x, squares + x * x
            mean = total / t
            crossed |= t > 20 and mean - z * ((squares / t - mean * mean) / t) ** 0.5 > truth
        naive += crossed
    assert below / 300 <= 0.05 and above / 300 <= 0.05
    assert naive / 300 >= 0.15
    low, high = bounds[-1]
    assert low < truth < high and high - low < 0.2       # about +-8 points at 400 matches


def test_the_anytime_rule_names_its_method_and_needs_outcomes_from_0_to_1():
    rows = {0: [0] * 400, 4: [1] * 200 + [0] * 200, 8: [1] * 205 + [0] * 195}
    v = margin_rule(rows, anytime=True)
    assert v["best"] == 8 and v["recommended"] == 4 and v["out"] == [0]
    assert "anytime-valid confidence sequence" in v["method"] and v["critical"] is None
    fixed = margin_rule(rows)
    assert v["gap_upper"][4] > fixed["gap_upper"][4]            # the price of any stop
    with pytest.raises(ValueError, match="from 0 to 1"):
        margin_rule({0: [0, 2], 1: [1, 1]}, anytime=True)


def test_an_early_look_of_a_long_run_reads_its_far_tail_as_students_t():
    """The first look of 200 matches in a run of up to 3,000 spends almost nothing: its
    boundary is about 8 standard errors, a tail of 1e-15, where 1 - P(T <= d) is all rounding
    (the exact quantile first failed there). Cornish-Fisher's four terms agree to 0.001."""
    z, df = boundary(0.01, [200], 3000), 199
    cornish_fisher = (z + (z ** 3 + z) / (4 * df)
                      + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
                      + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))
    assert z > 7.5 and student(z, df) == pytest.approx(cornish_fisher, abs=0.001)
    rng = random.Random(3)
    rows = {c: [int(rng.random() < 0.4) for _ in range(200)] for c in range(7)}
    assert margin_rule(rows, schedule=[200], planned=3000)["critical"]["within"] > 7


def test_a_count_no_match_had_is_bounded_above_not_known_to_be_zero():
    """No hoop shot in 200 matches does not show the rate is 0 (the chart printed 0.0-0.0):
    the exact Poisson bound, 18.4 a thousand matches."""
    assert count_ci([0] * 200) == (0.0, 0.0, pytest.approx(0.018444, abs=1e-6))
    assert count_ci([0, 2, 1, 3]) == mean_ci([0, 2, 1, 3])


def test_a_difference_is_never_said_wider_than_a_chance_can_be():
    """Two matches a count once gave "±635 points"; a difference of chances lies within 100."""
    rows = {2: [1, 0], 3: [0, 1]}
    words = in_words({2: "2", 3: "3"}, margin_rule(rows), "zones")
    assert words.endswith("±100 points") or "±100 points;" in words, words
