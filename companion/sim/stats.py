"""The statistics every simulator decides by (goat-ball's zones, Yaotzin's players): intervals,
paired differences, and the margin rule.

The margin rule (docs/simulator.md, "How the answer is decided"). Candidates (zone counts,
player counts) are played on the same matches, so each pair is compared match by match: the
mean of the per-match difference of their outcomes, with its standard error. Two kinds of
claim are made, each covered at level `alpha` for every candidate and every interim look of
an adaptive run at once (Bonferroni over the `looks`: a conservative group-sequential
boundary, valid whatever the stopping rule does between looks):

- **within the margin** of the best: the upper bound of "the best of the others minus this
  one" is below `margin`. This is Hsu's multiple comparisons with the best (MCB): the bound
  max(0, max_j (mean_j - mean_i + d * se_ij)) holds for every candidate at once when only the
  k - 1 one-sided comparisons with the true best hold, so d is the one-sided normal value for
  alpha / ((k - 1) * looks). The best having been picked from the same data is allowed for:
  the bound looks at every other candidate, not at the estimated best alone.
- **behind** (shown worse than some other candidate) and **out** (shown more than `margin`
  worse): a lower bound over every ordered pair, d the one-sided value for
  alpha / (k (k - 1) * looks), since with several candidates tied for best any of them may be
  the one wrongly called behind. With every candidate truly equal, the chance that any is
  called behind is at most alpha (tests/sim/test_stats.py shows it by simulation).

`recommended` is the first candidate in the given order of preference (fewest zones, fewest
players) shown within the margin, and only when every candidate before it is shown behind
(`decided`): otherwise more matches could still show a smaller one within the margin, and the
answer is None ("cannot tell"), with `candidates` saying which it lies among. A decided answer
moves with the seed only by the chance the bounds allow for: another seed's answer would need
one of these candidates shown both within the margin and behind.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from statistics import NormalDist
from typing import Any

ALPHA = 0.05
MARGIN = 0.05

_NORMAL = NormalDist()


# -- intervals --------------------------------------------------------------------------------
def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and a normal-approximation 95% interval for it."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def rate_ci(hits: int, n: int) -> tuple[float, float, float]:
    """A proportion and its Wilson 95% interval (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def ratio_ci(num: Sequence[int], den: Sequence[int]) -> tuple[float, float, float]:
    """A ratio of sums over matches, with a delta-method 95% interval (matches as clusters)."""
    n, sx = len(num), sum(den)
    if sx == 0:
        return math.nan, math.nan, math.nan
    r = sum(num) / sx
    if n < 2:
        return r, r, r
    xbar = sx / n
    var = sum((y - r * x) ** 2 for y, x in zip(num, den)) / (n * (n - 1) * xbar * xbar)
    half = 1.96 * math.sqrt(var)
    return r, max(0.0, r - half), r + half


# -- paired differences -----------------------------------------------------------------------
def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean of a - b over the shared matches and its standard error. The variance is floored
    at one discordant match's worth (1 / n), so that two candidates that have not yet differed
    are not taken as known to be equal."""
    n = len(a)
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 1.0
    return mean, math.sqrt(max(var, 1.0 / n) / n)


def critical(alpha: float, comparisons: int, looks: int = 1, df: int | None = None) -> float:
    """The one-sided value for alpha shared (Bonferroni) over comparisons and looks: Student's
    t with `df` degrees of freedom (its Cornish-Fisher expansion from the normal value), since
    the standard error is estimated and so far out in the tail the normal value is too small
    for a few hundred matches; the normal value itself without `df`."""
    z = _NORMAL.inv_cdf(1 - alpha / (max(1, comparisons) * max(1, looks)))
    if not df:
        return z
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def pairing(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """What pairing buys for one comparison: the correlation of the two candidates' outcomes
    over the shared matches, and how much narrower the paired interval of the difference is
    than one from independent samples of the same size (1 - paired / unpaired)."""
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    corr = cov / math.sqrt(va * vb) if va > 0 and vb > 0 else 0.0
    vd = va + vb - 2 * cov
    narrower = 1 - math.sqrt(vd / (va + vb)) if va + vb > 0 else 0.0
    return corr, narrower


# -- the margin rule --------------------------------------------------------------------------
def margin_rule(outcomes: Mapping[Any, Sequence[float]], margin: float = MARGIN,
                alpha: float = ALPHA, looks: int = 1) -> dict:
    """The margin rule over candidates in their order of preference (the mapping's order),
    each with its per-match outcomes (0/1 or a score) over the same matches (module
    docstring). Returns the estimated best, each candidate's bounds on its gap below the best
    of the others, which are within the margin, behind and out, the recommendation, whether
    the run is decided, and the pairing's measured correlation and narrowing."""
    keys = list(outcomes)
    k = len(keys)
    n = min(len(v) for v in outcomes.values())
    rows = {c: list(outcomes[c][:n]) for c in keys}
    means = {c: sum(rows[c]) / n for c in keys}
    best = max(keys, key=lambda c: means[c])          # the first of the best in the order
    d_best = critical(alpha, k - 1, looks, n - 1)
    d_pairs = critical(alpha, k * (k - 1), looks, n - 1)
    diff: dict[tuple, tuple[float, float]] = {}
    for i in keys:
        for j in keys:
            if i != j and (j, i) not in diff:
                diff[i, j] = paired(rows[i], rows[j])

    def gap(j: Hashable, i: Hashable) -> tuple[float, float]:
        """mean_j - mean_i and its standard error."""
        if (j, i) in diff:
            return diff[j, i]
        m, se = diff[i, j]
        return -m, se

    upper, lower = {}, {}
    for i in keys:
        others = [gap(j, i) for j in keys if j != i]
        upper[i] = max([0.0] + [m + d_best * se for m, se in others])
        lower[i] = max([0.0] + [m - d_pairs * se for m, se in others])
    within = [c for c in keys if upper[c] < margin] if k > 1 else list(keys)
    behind = [c for c in keys if lower[c] > 0]
    out = [c for c in keys if lower[c] >= margin]
    first = within[0] if within else None
    decided = first is not None and all(c in behind for c in keys[:keys.index(first)])
    recommended = first if decided else None
    # where the answer lies: the first shown within the margin, or any before it not yet behind
    candidates = [c for c in keys[:keys.index(first) + 1 if first is not None else k]
                  if c not in behind]
    pairs = [pairing(rows[best], rows[c]) for c in keys if c != best]
    return {"best": best, "recommended": recommended, "decided": decided,
            "candidates": candidates, "within_margin": within, "behind": behind, "out": out,
            "gap_upper": {c: round(upper[c], 4) for c in keys},
            "gap_lower": {c: round(lower[c], 4) for c in keys},
            "difference_from_best": {c: [round(gap(best, c)[0], 4),
                                         round(gap(best, c)[0] - d_pairs * gap(best, c)[1], 4),
                                         round(gap(best, c)[0] + d_best * gap(best, c)[1], 4)]
                                     for c in keys if c != best},
            "pairing": {"correlation": (round(sum(p[0] for p in pairs) / len(pairs), 4)
                                        if pairs else None),
                        "narrower": (round(sum(p[1] for p in pairs) / len(pairs), 4)
                                     if pairs else None)},
            "matches": n, "margin": margin, "alpha": alpha, "looks": looks,
            "critical": {"within": round(d_best, 4), "behind": round(d_pairs, 4)},
            "test": (f"margin rule: the fewest within {margin:.0%} of the best by Hsu's"
                     f" multiple comparisons with the best over {n} paired matches (one-sided"
                     f" bound, Student's t, d {d_best:.2f}: alpha {alpha} over {max(1, k - 1)}"
                     f" comparisons and {looks} look{'s' * (looks != 1)}); behind: shown worse"
                     f" than another candidate over all {k * (k - 1)} ordered pairs"
                     f" (d {d_pairs:.2f})")}
