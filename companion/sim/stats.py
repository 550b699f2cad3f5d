"""The statistics every simulator decides by (goat-ball's zones, Yaotzin's players): intervals,
paired differences, and the margin rule.

The margin rule (docs/simulator.md, "How the answer is decided"). Candidates (zone counts,
player counts) are played on the same matches, so each pair is compared match by match: the
mean of the per-match difference of their outcomes, with its standard error. Two kinds of
claim are made, each covered at level `alpha` for every candidate and every interim look of
an adaptive run at once:

- **within the margin** of the best: the upper bound of "the best of the others minus this
  one" is below `margin`. This is Hsu's multiple comparisons with the best (MCB): the bound
  max(0, max_j (mean_j - mean_i + d * se_ij)) holds for every candidate at once when only the
  k - 1 one-sided comparisons with the true best hold, so d is the exact one-sided Dunnett
  constant for k - 1 comparisons (`dunnett`): the equicorrelated multivariate t with the
  matches' n - 1 degrees of freedom (one estimated variance shared by every comparison), at
  the least correlation the data show between comparisons (`least_correlation`; 0.5 for
  equal candidates): narrower than alpha shared over k - 1 (Bonferroni, the rule before),
  never wider.
- **out** (shown more than `margin` worse than some other candidate) and **behind** (shown
  worse at all): a lower bound over every ordered pair, alpha shared over k (k - 1), since
  with several candidates tied for best any of them may be the one wrongly called worse.

Each claim's d is the group-sequential boundary of Lan and DeMets' O'Brien-Fleming-type alpha
spending function at the run's current look (`boundary`): a run that may stop at any of its
looks spends almost nothing early and nearly all of alpha at the last, so its final bounds
are about a quarter narrower than alpha shared equally over the looks (Bonferroni, the rule
before). The two are combined by spending, over the looks, the per-comparison level that
Dunnett's constant gives at one look (`comparison_level`, a Student t tail), the boundary
then read back as the Student t value of the same tail (`student`): exact at one look, exact
at correlation 0 and 1 in the normal limit, and in between within a Monte Carlo's error of
alpha (docs/simulator.md, "How the answer was validated"). With every candidate truly equal,
the chance that any is called behind is at most alpha (the validation, `python -m
companion.sim.validate`, shows it by simulation).

A run with no fixed looks (/tune, which its time limit may stop at any round) is decided with
`anytime`: each bound is a confidence sequence (`confidence_sequence`), valid at every look
at once, alpha shared over the comparisons by Bonferroni.

The answer is a set: `plausible`, every candidate not shown out (never empty: it holds the
best), with `differences` from the best. `recommended` is the first candidate in the order of
preference (fewest zones, fewest players) shown within the margin, and only when every
candidate before it is shown out (`decided`): shown worse by more than the margin, not merely
worse. Two runs (two seeds) then never name two different counts but by the bounds' chance:
a count decided in one lies within the margin, so in every other run it is plausible, and
every count before it is out, so no other run can show it within the margin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import lru_cache
from statistics import NormalDist
from typing import Any

ALPHA = 0.05
MARGIN = 0.05
ANYTIME_TARGET = 400        # matches a count the anytime bounds are narrowest at (/tune's most)

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


def count_ci(values: Sequence[int]) -> tuple[float, float, float]:
    """A count a match (goals, hoop shots) and its 95% interval. When no match counted any,
    the normal interval has no width and would claim the rate is known to be 0: the exact
    Poisson upper bound, -ln(0.025) / n (about 3.7 / n), is given instead."""
    if values and not any(values):
        return 0.0, 0.0, -math.log(0.025) / len(values)
    return mean_ci(values)


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


def spent(alpha: float, t: float) -> float:
    """Lan and DeMets' O'Brien-Fleming-type spending function (one-sided): the share of
    `alpha` a sequential run may have spent by information fraction `t` (0 < t <= 1)."""
    return 2 - 2 * _NORMAL.cdf(_NORMAL.inv_cdf(1 - alpha / 2) / math.sqrt(t))


_GRID = 0.02                # the recursion's grid on the Brownian scale (absolute error < 1e-4)
_FLOOR = -9.0               # below this the sub-density is negligible at any fraction used
_boundaries: dict[tuple[float, tuple[float, ...]], tuple[list[float], list[float]]] = {}


def _spending_step(alpha: float, fractions: tuple[float, ...]) -> tuple[list[float], list[float]]:
    """The boundaries (normal values, one a look) for looks at `fractions`, and the
    sub-density of the Brownian path W(t) on the grid below the last one (never crossed): the
    recursion of Armitage, McPherson and Rowe, one look at a time, remembered by prefix."""
    key = (alpha, fractions)
    if key in _boundaries:
        return _boundaries[key]
    t = fractions[-1]
    target = spent(alpha, t)
    if len(fractions) == 1:
        bound = _NORMAL.inv_cdf(1 - max(target, 1e-15))     # 1e-15: about 8, never crossed
        top = bound * math.sqrt(t)
        grid_n = int((top - _FLOOR) / _GRID) + 1
        density = [_NORMAL.pdf((_FLOOR + i * _GRID) / math.sqrt(t)) / math.sqrt(t) * _GRID
                   for i in range(grid_n)]
        _boundaries[key] = ([bound], density)
        return _boundaries[key]
    bounds, weights = _spending_step(alpha, fractions[:-1])
    step = math.sqrt(t - fractions[-2])
    before = spent(alpha, fractions[-2])
    points = [_FLOOR + i * _GRID for i in range(len(weights))]

    def crossing(level: float) -> float:
        return sum(w * (1 - _NORMAL.cdf((level - u) / step)) for u, w in zip(points, weights))

    low, high = -10.0, 12.0       # on the Brownian scale; crossing() falls as the level rises
    for _ in range(50):
        mid = (low + high) / 2
        if crossing(mid) > target - before:
            low = mid
        else:
            high = mid
    top = high
    grid_n = int((top - _FLOOR) / _GRID) + 1
    reach = int(8 * step / _GRID) + 1
    kernel = [_NORMAL.pdf(i * _GRID / step) / step * _GRID for i in range(reach + 1)]
    density = []
    for i in range(grid_n):
        lo_j, hi_j = max(0, i - reach), min(len(weights), i + reach + 1)
        density.append(sum(weights[j] * kernel[abs(i - j)] for j in range(lo_j, hi_j)))
    _boundaries[key] = (bounds + [top / math.sqrt(t)], density)
    return _boundaries[key]


def boundary(alpha: float, schedule: Sequence[int] = (), planned: int = 0) -> float:
    """The one-sided normal value for a claim at level `alpha` at the last of the looks made
    after `schedule` matches (each look's count, the current one last), of a run that may play
    at most `planned` (0: this one look is the whole run): the group-sequential boundary of
    Lan and DeMets' O'Brien-Fleming-type alpha spending, exact over the looks (the recursive
    integration of the Brownian path), rather than alpha shared equally (Bonferroni) over
    them. One look at the whole run is the plain one-sided value."""
    if not schedule or planned <= 0 or (len(schedule) == 1 and schedule[0] >= planned):
        return _NORMAL.inv_cdf(1 - alpha)
    fractions = tuple(min(1.0, m / planned) for m in schedule)
    return _spending_step(alpha, fractions)[0][-1]


_Z_STEP = 0.1                # the trapezoid rule's step over the shared normal, -8.5 to 8.5
_Z_NODES = [-8.5 + i * _Z_STEP for i in range(int(17 / _Z_STEP) + 1)]
_Z_WEIGHTS = [_NORMAL.pdf(z) * _Z_STEP for z in _Z_NODES]
_ROOT_2 = math.sqrt(2)


def _cdf(x: float) -> float:
    """The normal distribution function by erfc: the quadratures call it most."""
    return 0.5 * math.erfc(-x / _ROOT_2)


def _normal_below(x: float, comparisons: int, correlation: float) -> float:
    """P(max_j Z_j <= x) for `comparisons` standard normals of common `correlation`: one
    shared normal and independent ones (Z_j = sqrt(rho) Z_0 + sqrt(1 - rho) E_j), so the
    one-dimensional integral of phi(z) Phi((x + sqrt(rho) z) / sqrt(1 - rho))^m, by the
    trapezoid rule, whose error on a smooth integrand over the whole line falls
    exponentially with the step (below 1e-10 here)."""
    if comparisons == 1 or correlation <= 0:
        return _cdf(x) ** comparisons
    shared, own = math.sqrt(correlation), math.sqrt(1 - correlation)
    return sum(w * _cdf((x + shared * z) / own) ** comparisons
               for z, w in zip(_Z_NODES, _Z_WEIGHTS))


@lru_cache(maxsize=64)
def _chi_nodes(df: int) -> tuple[tuple[float, float], ...]:
    """Nodes and weights for the distribution of s / sigma, a chi with `df` degrees of freedom
    over sqrt(df): the trapezoid rule in u = log s, whose log density, df u - df e^(2u) / 2
    plus a constant, is smooth with its mode at 0 and a spread of about 1 / sqrt(2 df), out
    to where the weight falls below e^-40 of the mode's, normalised to sum to 1."""
    step = min(0.1, 0.5 / math.sqrt(2 * df))
    nodes = []
    for direction in (-1, 1):
        k = 0 if direction < 0 else 1
        while True:
            u = direction * k * step
            log_weight = df * (u - math.expm1(2 * u) / 2)
            if log_weight < -40:
                break
            nodes.append((math.exp(u), math.exp(log_weight)))
            k += 1
    total = sum(w for _, w in nodes)
    return tuple(sorted((s, w / total) for s, w in nodes))


def _below(d: float, comparisons: int, correlation: float, df: int | None) -> float:
    """P(max_j T_j <= d) for the equicorrelated multivariate t with `df` degrees of freedom
    (the normal one without): T_j = Z_j / (s / sigma), one estimated sigma for every
    comparison, so the normal probability at d s integrated over the distribution of s."""
    if not df:
        return _normal_below(d, comparisons, correlation)
    return sum(w * _normal_below(d * s, comparisons, correlation) for s, w in _chi_nodes(df))


def _above(d: float, comparisons: int, correlation: float, df: int | None) -> float:
    """P(max_j T_j > d); for one comparison the lower tail at -d (by symmetry), which stays
    exact far out in the tail, where 1 - P(T <= d) would be lost to rounding."""
    if comparisons == 1:
        return _below(-d, 1, 0.0, df)
    return 1 - _below(d, comparisons, correlation, df)


def _solve(above: Callable[[float], float], alpha: float, low: float) -> float:
    """The x with above(x) = alpha, for a falling `above` with above(low) >= alpha: on the
    log scale (the early looks' tails are as small as 1e-15), the upper end found by steps
    that double, then the Illinois variant of regula falsi."""
    def gap(x: float) -> float:
        return math.log(alpha) - math.log(max(above(x), 1e-300))

    f_low = gap(low)
    if f_low >= 0:
        return low
    width = 1.0
    high = low + width
    while (f_high := gap(high)) < 0:
        low, f_low, width = high, f_high, 2 * width
        high = low + width
    x, side = high, 0
    for _ in range(100):
        x = (low * f_high - high * f_low) / (f_high - f_low)
        fx = gap(x)
        if abs(fx) < 1e-11 or high - low < 1e-12:
            break
        if fx < 0:
            low, f_low = x, fx
            f_high /= 2 if side < 0 else 1
            side = -1
        else:
            high, f_high = x, fx
            f_low /= 2 if side > 0 else 1
            side = 1
    return x


@lru_cache(maxsize=1024)
def dunnett(alpha: float, comparisons: int, correlation: float, df: int | None = None) -> float:
    """The exact one-sided Dunnett constant: the d with P(max_j T_j <= d) = 1 - alpha for
    `comparisons` comparisons of common `correlation` (0 to below 1), each a standard normal
    divided by one shared s / sigma with `df` degrees of freedom (the multivariate t of
    Dunnett 1955's tables; the multivariate normal, its infinite-df row, without `df`). A
    two-dimensional integral (`_below`), exact to about 1e-10 by quadrature: no random
    quasi-Monte Carlo, so every run gets the same d. One comparison: Student's t quantile."""
    return _solve(lambda d: _above(d, comparisons, correlation, df), alpha,
                  -_NORMAL.inv_cdf(alpha))


def student(z: float, df: int | None = None) -> float:
    """The Student t value with `df` degrees of freedom whose upper tail is the normal value
    `z`'s (the standard error is estimated, and far out in the tail the normal value is too
    small for a few hundred matches): the exact t quantile. `z` itself without `df`."""
    return dunnett(_cdf(-z), 1, 0.0, df) if df else z


def least_correlation(rows: Mapping[Any, Sequence[float]]) -> float:
    """The least correlation, over every candidate i and every two others j and l, of the
    paired differences (j - i) and (l - i) over the matches, rounded down to 0.05 and kept
    within 0 to 0.9. Hsu's bound needs the comparisons with the true best, which is not
    known, so the least over every candidate; and by Slepian's inequality a smaller
    correlation only makes Dunnett's constant larger, so the rounded-down value is safe.
    Equal candidates with equally correlated outcomes give 0.5, Dunnett's equal-n case."""
    keys = list(rows)
    n = min(len(v) for v in rows.values())
    means = {c: sum(rows[c][:n]) / n for c in keys}
    cov = {(a, b): sum((x - means[a]) * (y - means[b]) for x, y in zip(rows[a][:n], rows[b][:n]))
           for ai, a in enumerate(keys) for b in keys[ai:]}

    def s(a: Hashable, b: Hashable) -> float:
        return cov[a, b] if (a, b) in cov else cov[b, a]

    least = 0.9
    for i in keys:
        others = [c for c in keys if c != i]
        var = {j: s(j, j) - 2 * s(i, j) + s(i, i) for j in others}
        for a, j in enumerate(others):
            for ell in others[a + 1:]:
                if var[j] <= 0 or var[ell] <= 0:
                    return 0.0           # a difference that never varied: no correlation known
                joint = s(j, ell) - s(i, j) - s(i, ell) + s(i, i)
                least = min(least, joint / math.sqrt(var[j] * var[ell]))
    return max(0.0, math.floor(20 * least + 1e-9) / 20)


def comparison_level(alpha: float, comparisons: int, correlation: float,
                     df: int | None = None) -> float:
    """Each comparison's one-sided level that makes `comparisons` of them, at `correlation`,
    hold together at `alpha`: the tail (Student's t with `df`, else the normal) beyond
    Dunnett's constant (alpha itself for one comparison, a little above Bonferroni's
    alpha / m for several)."""
    return _above(dunnett(alpha, comparisons, correlation, df), 1, 0.0, df)


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
METHOD = ("Hsu's multiple comparisons with the best on paired matches: within the margin by"
          " the exact one-sided Dunnett constant for the k-1 comparisons with the best"
          " (equicorrelated multivariate t with the matches' n-1 degrees of freedom at the"
          " comparisons' least correlation, Dunnett 1955, by two-dimensional quadrature), out"
          " and behind by Bonferroni over the ordered pairs with Student's t; each claim's"
          " per-comparison level spent over the interim looks by Lan-DeMets O'Brien-Fleming-type"
          " alpha spending (exact recursive integration), its boundary read as the exact"
          " Student t quantile")


ANYTIME_METHOD = ("Hsu's multiple comparisons with the best on paired matches, each bound an"
                  " anytime-valid confidence sequence (Waudby-Smith and Ramdas' predictable"
                  " plug-in empirical Bernstein, after Howard et al. 2021), valid however many"
                  " looks and whenever the run stops; Bonferroni over the k-1 comparisons with"
                  " the best (within the margin) and over the ordered pairs (out and behind)")


def confidence_sequence(values: Sequence[float], alpha: float, target: int,
                        low: float = -1.0, high: float = 1.0) -> list[tuple[float, float]]:
    """One-sided bounds, each at level `alpha`, on the mean of `values` (each in `low` to
    `high`), after each value. They hold at every prefix at once: a run may look after every
    value and stop when it likes, or when its time runs out. Waudby-Smith and Ramdas (2024,
    JRSS B 86, "Estimating means of bounded random variables by betting", Theorem 2): the
    predictable plug-in empirical Bernstein sequence, which Ville's inequality makes
    anytime-valid for any predictable bets; the bets are tuned for `target` values (Howard
    et al. 2021 tune theirs to the sample size of interest), so the bounds are narrowest
    there."""
    scale = high - low
    log_a = math.log(1 / alpha)
    mean_before, var_before = 0.5, 0.25
    total = squares = bets = weighted = penalty = 0.0
    out = []
    for t, value in enumerate(values, 1):
        x = (value - low) / scale
        bet = min(0.75, math.sqrt(2 * log_a / (var_before * max(1, target))))
        bets += bet
        weighted += bet * x
        penalty += (x - mean_before) ** 2 * (-math.log(1 - bet) - bet)
        total += x
        mean_before = (0.5 + total) / (t + 1)
        squares += (x - mean_before) ** 2
        var_before = (0.25 + squares) / (t + 1)
        centre, width = weighted / bets, (log_a + penalty) / bets
        out.append((low + scale * max(0.0, centre - width),
                    low + scale * min(1.0, centre + width)))
    return out


def _fixed_bounds(rows: Mapping[Any, list[float]], alpha: float, looks: list[int],
                  planned: int) -> tuple[dict, dict, dict]:
    """For each ordered pair (j, i): the lower bound on mean_j - mean_i for the pairs' claims
    and the upper bound for the within claim, by the group-sequential constants; and the
    constants themselves (`critical`)."""
    keys = list(rows)
    k, n = len(keys), len(rows[keys[0]])
    correlation = least_correlation(rows) if k > 2 else 0.0
    df = n - 1
    d_best = student(boundary(comparison_level(alpha, max(1, k - 1), correlation, df), looks,
                              planned), df)
    d_pairs = student(boundary(alpha / max(1, k * (k - 1)), looks, planned), df)
    lower, upper = {}, {}
    for a, i in enumerate(keys):
        for j in keys[a + 1:]:
            m, se = paired(rows[j], rows[i])
            lower[j, i], upper[j, i] = m - d_pairs * se, m + d_best * se
            lower[i, j], upper[i, j] = -m - d_pairs * se, -m + d_best * se
    return lower, upper, {"within": round(d_best, 4), "behind": round(d_pairs, 4),
                          "correlation": correlation}


def _anytime_bounds(rows: Mapping[Any, list[float]],
                    alpha: float) -> tuple[dict, dict, None]:
    """The same bounds by confidence sequences (0/1 or 0-to-1 outcomes): Bonferroni over the
    k - 1 comparisons for the within claim and over the k (k - 1) ordered pairs for the
    others. Their bets are tuned for `ANYTIME_TARGET` matches whatever the run's size, so
    every look of every stage of a tune (each a prefix of the same matches) lies on the one
    sequence the guarantee is about. No constant: `critical` is null."""
    keys = list(rows)
    k = len(keys)
    if any(not 0 <= x <= 1 for v in rows.values() for x in v):
        raise ValueError("the anytime-valid rule needs outcomes from 0 to 1")
    lower, upper = {}, {}
    for a, i in enumerate(keys):
        for j in keys[a + 1:]:
            d = [x - y for x, y in zip(rows[j], rows[i])]
            low_w, high_w = confidence_sequence(d, alpha / max(1, k - 1), ANYTIME_TARGET)[-1]
            low_p, high_p = confidence_sequence(d, alpha / max(1, k * (k - 1)),
                                                ANYTIME_TARGET)[-1]
            lower[j, i], upper[j, i] = low_p, high_w
            lower[i, j], upper[i, j] = -high_p, -low_w
    return lower, upper, None


def margin_rule(outcomes: Mapping[Any, Sequence[float]], margin: float = MARGIN,
                alpha: float = ALPHA, schedule: Sequence[int] = (), planned: int = 0,
                anytime: bool = False) -> dict:
    """The margin rule over candidates in their order of preference (the mapping's order),
    each with its per-match outcomes (0/1 or a score) over the same matches (module
    docstring), at the last of the looks after `schedule` matches of a run that may play
    `planned` (see `boundary`; none: one look, the whole run), or with `anytime`, by
    confidence sequences valid at every look of a run with no fixed looks (one stopped by
    its time limit; `schedule` and `planned` are then only reported). Returns the estimated
    best, each candidate's bounds on its gap below the best of the others, which are within
    the margin, behind, out and plausible, each one's difference from the best, the
    recommendation, whether the run is decided, and the pairing's measured correlation and
    narrowing."""
    keys = list(outcomes)
    k = len(keys)
    n = min(len(v) for v in outcomes.values())
    rows = {c: list(outcomes[c][:n]) for c in keys}
    means = {c: sum(rows[c]) / n for c in keys}
    best = max(keys, key=lambda c: means[c])          # the first of the best in the order
    looks = list(schedule) or [n]
    ahead_low, ahead_high, critical = (_anytime_bounds(rows, alpha) if anytime
                                       else _fixed_bounds(rows, alpha, looks, planned))
    upper = {i: max([0.0] + [ahead_high[j, i] for j in keys if j != i]) for i in keys}
    lower = {i: max([0.0] + [ahead_low[j, i] for j in keys if j != i]) for i in keys}
    within = [c for c in keys if upper[c] < margin] if k > 1 else list(keys)
    behind = [c for c in keys if lower[c] > 0]
    out = [c for c in keys if lower[c] > margin]
    plausible = [c for c in keys if c not in out]
    first = within[0] if within else None
    # decided: every candidate before the first within the margin is shown worse by MORE than
    # the margin, so no other run can show one of them within it (but by the bounds' chance)
    decided = first is not None and all(c in out for c in keys[:keys.index(first)])
    recommended = first if decided else None
    # where the answer lies: the first shown within the margin, or any before it not yet out
    candidates = [c for c in keys[:keys.index(first) + 1 if first is not None else k]
                  if c not in out]
    pairs = [pairing(rows[best], rows[c]) for c in keys if c != best]
    differences = {}
    for c in keys:
        m = means[best] - means[c]
        half = max(0.0, m - ahead_low[best, c]) if c != best else 0.0
        differences[c] = {"below_best": round(m, 4), "half_width": round(half, 4),
                          "interval": [round(lower[c], 4), round(upper[c], 4)]}
    if critical is None:             # the anytime rule: no constant
        test = (f"margin rule: the fewest within {margin:.0%} of the best by Hsu's multiple"
                f" comparisons with the best over {n} paired matches, each bound a one-sided"
                f" anytime-valid confidence sequence (alpha {alpha} over {max(1, k - 1)}"
                f" comparisons; out: over all {k * (k - 1)} ordered pairs), valid at every look"
                f" and whenever the run stops; decided only when every candidate before the"
                f" answer is out")
    else:
        test = (f"margin rule: the fewest within {margin:.0%} of the best by Hsu's multiple"
                f" comparisons with the best over {n} paired matches (one-sided bound,"
                f" d {critical['within']:.2f}: Dunnett's multivariate t constant for alpha"
                f" {alpha} over {max(1, k - 1)} comparisons at correlation"
                f" {critical['correlation']} and {n - 1} degrees of freedom, look {len(looks)}"
                f" of a run of up to {planned or n} matches by O'Brien-Fleming-type alpha"
                f" spending); out: shown more than the margin worse over all {k * (k - 1)}"
                f" ordered pairs, Student's t"
                f" (d {critical['behind']:.2f}); decided only when every candidate before the"
                f" answer is out")
    return {"best": best, "recommended": recommended, "decided": decided,
            "candidates": candidates, "plausible": plausible, "within_margin": within,
            "behind": behind, "out": out, "differences": differences,
            "gap_upper": {c: round(upper[c], 4) for c in keys},
            "gap_lower": {c: round(lower[c], 4) for c in keys},
            "difference_from_best": {c: [differences[c]["below_best"],
                                         round(ahead_low[best, c], 4),
                                         round(ahead_high[best, c], 4)]
                                     for c in keys if c != best},
            "pairing": {"correlation": (round(sum(p[0] for p in pairs) / len(pairs), 4)
                                        if pairs else None),
                        "narrower": (round(sum(p[1] for p in pairs) / len(pairs), 4)
                                     if pairs else None)},
            "matches": n, "margin": margin, "alpha": alpha, "looks": len(looks),
            "planned": planned or n, "method": ANYTIME_METHOD if anytime else METHOD,
            "critical": critical, "test": test}


def in_words(labels: Mapping[Any, str], verdict: Mapping[str, Any], noun: str = "",
             verb: str = "ends", worse: str = "slower") -> str:
    """The answer said as a GM reads it: the plausible set, how far the best lies ahead of
    the others in it (in points of the chance, with the half-width of its interval), and
    which are clearly worse ("6 or 8 zones; 8 ends about 7 points more often, ±5; fewer than
    6 is clearly {worse}"). `labels` names each candidate, in the order of preference."""
    keys = list(labels)
    rec, best = verdict["recommended"], verdict["best"]
    plausible = [c for c in keys if c in verdict["plausible"]]
    diffs = verdict["differences"]
    said = [labels[c] for c in plausible]
    unit = f" {noun}" if noun else ""
    if rec is not None:
        head = f"{labels[rec]}{unit}"
    elif len(said) == 1:
        head = f"{said[0]}{unit}, not yet shown within the margin"
    else:
        head = (" or ".join(said) if len(said) < 3
                else ", ".join(said[:-1]) + " or " + said[-1]) + unit
    parts = [head]
    for c in plausible:
        if c != best:
            d = diffs[c]
            points = round(100 * d["below_best"])
            # a difference of two chances lies within 100 points either way
            spread = f"±{min(100.0, 100 * d['half_width']):.0f}"
            ahead = (f"{labels[c]} {verb} about as often as {labels[best]}, {spread} points"
                     if points == 0   # no "N points" before it to say what the ± counts
                     else f"{labels[best]} {verb} about {points} point{'s' * (points != 1)}"
                          f" more often than {labels[c]}, {spread}")
            parts.append(ahead)
    first = keys.index(plausible[0])
    last = keys.index(plausible[-1])
    if first > 0:
        parts.append(f"fewer than {labels[plausible[0]]} is clearly {worse}")
    if last < len(keys) - 1:
        parts.append(f"more than {labels[plausible[-1]]} is clearly {worse}")
    between = [labels[c] for c in keys[first:last] if c not in plausible]
    if between:
        parts.append(f"{', '.join(between)} {'is' if len(between) == 1 else 'are'} clearly"
                     f" {worse}")
    return "; ".join(parts)
