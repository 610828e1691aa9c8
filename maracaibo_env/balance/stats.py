"""The statistics of balance reports: intervals, tests and the FDR correction.

Plain functions of counts and arrays (numpy and scipy.stats only), each with
the formula it uses named in its docstring, so a report can state exactly
what it computed:

    wilson(k, n)                     Wilson score interval of a proportion (tournament.ratings)
    newcombe_diff(k1, n1, k2, n2)    Newcombe's hybrid score interval of p1 - p2
    mean_ci(values)                  mean with a Student-t interval
    mean_diff(a, b)                  Welch interval and test of mean(a) - mean(b)
    chisquare_gof(observed, expected) Pearson chi-square goodness of fit
    cmh(tables)                      Cochran-Mantel-Haenszel test, MH odds ratio (RGB interval)
    cmh_shared_controls(groups)      the same test when round strata share their controls
    stratified_diff(groups)          stratified mean difference (weights = takers), shared controls
    bh(pvalues)                      Benjamini-Hochberg q-values

Undefined values (no data) are float('nan'); `clean` turns them into None
for JSON.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats as st

Z95 = float(st.norm.ppf(0.975))
NAN = float("nan")


def isnan(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def clean(obj):
    """A copy of obj with NaN/inf floats as None and numpy scalars as Python
    numbers (strict JSON)."""
    if isinstance(obj, dict):
        return {str(k): clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [clean(v) for v in obj]
    if isinstance(obj, (np.integer,)):
        return int(obj)
    if isinstance(obj, (float, np.floating)):
        f = float(obj)
        return None if math.isnan(f) or math.isinf(f) else f
    if isinstance(obj, np.ndarray):
        return clean(obj.tolist())
    return obj


# ---------------------------------------------------------------- proportions

def wilson(k: float, n: float, z: float = Z95) -> tuple[float, float, float]:
    """(p, lo, hi): the Wilson score interval for k successes in n trials
    (tournament.ratings.wilson: statsmodels' proportion_confint; k may be
    fractional: a shared first place counts 1/k). n = 0: (nan, 0, 1)."""
    if n <= 0:
        return NAN, 0.0, 1.0
    from ..tournament.ratings import wilson as wilson_interval
    lo, hi = wilson_interval(k, n, alpha=2 * (1 - st.norm.cdf(z)))
    return k / n, max(0.0, lo), min(1.0, hi)


def newcombe_diff(k1, n1, k2, n2, z: float = Z95) -> tuple[float, float, float]:
    """(d, lo, hi) for d = p1 - p2: Newcombe's (1998) hybrid score interval,
    method 10, built from the two Wilson intervals."""
    p1, l1, u1 = wilson(k1, n1, z)
    p2, l2, u2 = wilson(k2, n2, z)
    if isnan(p1) or isnan(p2):
        return NAN, NAN, NAN
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return d, lo, hi


def two_proportion_p(k1, n1, k2, n2) -> float:
    """Two-sided p of the pooled two-proportion z test (nan without data)."""
    if n1 <= 0 or n2 <= 0:
        return NAN
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0 if k1 / n1 == k2 / n2 else 0.0
    return float(2 * st.norm.sf(abs(k1 / n1 - k2 / n2) / se))


# ---------------------------------------------------------------------- means

def mean_ci(values, conf: float = 0.95) -> dict:
    """{'n', 'mean', 'sd', 'lo', 'hi'}: the mean with a Student-t interval
    (sd with ddof=1; n < 2 gives no interval)."""
    x = np.asarray(values, dtype=float)
    n = int(x.size)
    if n == 0:
        return {"n": 0, "mean": NAN, "sd": NAN, "lo": NAN, "hi": NAN}
    m = float(x.mean())
    if n < 2:
        return {"n": 1, "mean": m, "sd": NAN, "lo": NAN, "hi": NAN}
    sd = float(x.std(ddof=1))
    half = float(st.t.ppf(0.5 + conf / 2, n - 1)) * sd / math.sqrt(n)
    return {"n": n, "mean": m, "sd": sd, "lo": m - half, "hi": m + half}


def mean_diff_from_summary(m1, s1, n1, m2, s2, n2, conf: float = 0.95) -> tuple[float, float, float, float]:
    """(d, lo, hi, p) for d = m1 - m2 with Welch's t interval and test
    (Welch-Satterthwaite degrees of freedom)."""
    if n1 < 2 or n2 < 2 or isnan(s1) or isnan(s2):
        return (m1 - m2 if not (isnan(m1) or isnan(m2)) else NAN), NAN, NAN, NAN
    v1, v2 = s1 * s1 / n1, s2 * s2 / n2
    se = math.sqrt(v1 + v2)
    d = m1 - m2
    if se == 0:     # no variance on either side: nothing to test a difference with
        return d, d, d, (1.0 if d == 0 else NAN)
    df = (v1 + v2) ** 2 / ((v1 * v1 / (n1 - 1)) + (v2 * v2 / (n2 - 1))) if v1 + v2 > 0 else n1 + n2 - 2
    tq = float(st.t.ppf(0.5 + conf / 2, df))
    p = float(2 * st.t.sf(abs(d) / se, df))
    return d, d - tq * se, d + tq * se, p


def mean_diff(a, b, conf: float = 0.95) -> tuple[float, float, float, float]:
    """(d, lo, hi, p) for mean(a) - mean(b): Welch's t interval and test."""
    ma, mb = mean_ci(a), mean_ci(b)
    return mean_diff_from_summary(ma["mean"], ma["sd"], ma["n"], mb["mean"], mb["sd"], mb["n"], conf)


def normal_diff(e1, se1, e2, se2) -> tuple[float, float, float, float]:
    """(d, lo, hi, p) for d = e1 - e2 of two independent normal estimates."""
    if any(isnan(v) for v in (e1, se1, e2, se2)):
        return NAN, NAN, NAN, NAN
    se = math.hypot(se1, se2)
    d = e1 - e2
    if se == 0:
        return d, d, d, (1.0 if d == 0 else NAN)
    return d, d - Z95 * se, d + Z95 * se, float(2 * st.norm.sf(abs(d) / se))


# ---------------------------------------------------------------------- tests

def chisquare_gof(observed, expected) -> dict:
    """Pearson's chi-square goodness of fit of observed counts to expected
    counts (rescaled to the observed total), df = cells - 1. Cells with an
    expected count of 0 are left out."""
    o = np.asarray(observed, float)
    e = np.asarray(expected, float)
    keep = e > 0
    o, e = o[keep], e[keep]
    if o.size < 2 or o.sum() <= 0:
        return {"statistic": NAN, "df": 0, "p": NAN}
    e = e * (o.sum() / e.sum())
    stat = float(((o - e) ** 2 / e).sum())
    df = int(o.size - 1)
    return {"statistic": stat, "df": df, "p": float(st.chi2.sf(stat, df))}


@dataclass
class CMHResult:
    statistic: float
    p: float
    odds_ratio: float
    or_lo: float
    or_hi: float
    strata: int

    def as_dict(self) -> dict:
        return {"statistic": self.statistic, "p": self.p, "odds_ratio": self.odds_ratio,
                "or_lo": self.or_lo, "or_hi": self.or_hi, "strata": self.strata}


def _mh_odds_ratio(rows) -> tuple[float, float, float]:
    """Mantel-Haenszel common odds ratio of 2x2 rows (a, b, c, d, N) with the
    Robins-Breslow-Greenland interval of its log."""
    R = S = PR = PS_QR = QS = 0.0
    for a, b, c, d, n in rows:
        r, s = a * d / n, b * c / n
        p, q = (a + d) / n, (b + c) / n
        R += r
        S += s
        PR += p * r
        PS_QR += p * s + q * r
        QS += q * s
    if R <= 0 or S <= 0:
        orr = math.inf if R > 0 else (0.0 if S > 0 else NAN)
        return orr, NAN, NAN
    orr = R / S
    var = PR / (2 * R * R) + PS_QR / (2 * R * S) + QS / (2 * S * S)
    h = Z95 * math.sqrt(var)
    return orr, math.exp(math.log(orr) - h), math.exp(math.log(orr) + h)


def cmh(tables, correction: bool = True) -> CMHResult:
    """Cochran-Mantel-Haenszel test of conditional independence in K 2x2
    tables [[a, b], [c, d]] (rows: exposed / not, columns: event / not),
    with the Mantel-Haenszel common odds ratio and its Robins-Breslow-Greenland
    95% interval. correction: the 0.5 continuity correction, as R's
    mantelhaen.test (only when |sum(a - E[a])| >= 0.5). Strata with fewer
    than 2 observations carry no information and are skipped."""
    num = var = 0.0
    rows = []
    for t in tables:
        (a, b), (c, d) = t
        n = a + b + c + d
        if n < 2:
            continue
        n1, n0, m1, m0 = a + b, c + d, a + c, b + d
        num += a - n1 * m1 / n
        var += n1 * n0 * m1 * m0 / (n * n * (n - 1))
        rows.append((a, b, c, d, n))
    return _cmh_result(num, var, rows, correction)


def _cmh_result(num, var, rows, correction) -> CMHResult:
    """The CMH statistic from sum(a - E[a]) and its variance (Yates-corrected
    when asked), with the MH odds ratio of the strata's 2x2 rows."""
    orr, lo, hi = _mh_odds_ratio(rows)
    if var <= 0:
        return CMHResult(NAN, NAN, orr, lo, hi, len(rows))
    yates = 0.5 if correction and abs(num) >= 0.5 else 0.0
    stat = (abs(num) - yates) ** 2 / var
    return CMHResult(float(stat), float(st.chi2.sf(stat, 1)), orr, lo, hi, len(rows))


def cmh_shared_controls(groups, correction: bool = True) -> CMHResult:
    """CMH test when several strata share one control set.

    groups: list of (controls, strata): controls = (c, n0) events and size of
    the group's non-takers; strata = [(a, n1), ...] events and size of the
    takers of each round stratum, all compared with those same controls.
    Stratum s contributes a_s - E[a_s] = (n0 a_s - n1_s c) / N_s, N_s = n1_s + n0,
    as in the textbook CMH. Because the strata of a group share c, the
    variance is taken under the binomial null of one event rate p_g per group:
    V_g = p q N_g/(N_g-1) [sum_s n1_s n0^2 / N_s^2 + n0 (sum_s n1_s / N_s)^2],
    N_g = all takers + controls. With one stratum per group this is exactly
    the textbook CMH variance n1 n0 m1 m0 / (N^2 (N-1)). The odds ratio is the
    MH estimate over the strata (its interval ignores the shared controls).
    """
    num = var = 0.0
    rows = []
    for (c, n0), strata in groups:
        strata = [(a, n1) for a, n1 in strata if n1 > 0]
        if n0 <= 0 or not strata:
            continue
        ng = n0 + sum(n1 for _, n1 in strata)
        if ng < 2:
            continue
        events = c + sum(a for a, _ in strata)
        p = events / ng
        s_sq = s_lin = 0.0
        for a, n1 in strata:
            ns = n1 + n0
            num += (n0 * a - n1 * c) / ns
            s_sq += n1 * n0 * n0 / (ns * ns)
            s_lin += n1 / ns
            rows.append((a, n1 - a, c, n0 - c, ns))
        var += p * (1 - p) * ng / (ng - 1) * (s_sq + n0 * s_lin * s_lin)
    return _cmh_result(num, var, rows, correction)


def summary(values) -> tuple[int, float, float]:
    """(n, mean, variance with ddof=1; 0 for n < 2) of an array."""
    x = np.asarray(values, float)
    if x.size == 0:
        return 0, NAN, NAN
    return int(x.size), float(x.mean()), float(x.var(ddof=1)) if x.size > 1 else 0.0


def _combined_var(parts) -> float:
    """Variance (ddof=1) of the union of samples given as (n, mean, var)."""
    n = sum(p[0] for p in parts)
    if n < 2:
        return 0.0
    m = sum(p[0] * p[1] for p in parts) / n
    ss = sum((k - 1) * v + k * (mu - m) ** 2 for k, mu, v in parts if k > 0)
    return ss / (n - 1)


def stratified_diff(groups) -> dict:
    """Stratified mean difference of takers minus non-takers.

    groups: list of (controls, strata): controls = the group's non-takers and
    strata = [one round stratum's takers, ...], each either an array of values
    or a summary (n, mean, variance) as `summary` returns.
    Estimate: sum_s w_s (mean T_s - mean C_g(s)), w_s = |T_s| / (takers used),
    i.e. the takers' mean difference from comparable non-takers (strata
    without non-takers are left out). Standard error counts each control set
    once, with its total weight W_g = sum of its strata's w_s:
    se^2 = sum_s w_s^2 vT_g/|T_s| + sum_g W_g^2 vC_g/|C_g|, where vT_g is the
    takers' variance pooled over the round strata of group g and vC_g the
    non-takers' variance. Where a sample has no variance of its own (one
    value, or all equal) the variance of the whole group (takers and
    non-takers) stands in, so a small degenerate sample never yields a zero
    standard error. Returns {'estimate', 'lo', 'hi', 'se', 'p', 'takers'}
    (normal interval and two-sided z test).
    """
    def summ(v):
        return v if isinstance(v, tuple) else summary(v)

    used = []
    for controls, strata in groups:
        c = summ(controls)
        if c[0] == 0:
            continue
        ss = [s for s in (summ(x) for x in strata) if s[0] > 0]
        if ss:
            used.append((c, ss))
    total = sum(s[0] for _, ss in used for s in ss)
    if total == 0:
        return {"estimate": NAN, "lo": NAN, "hi": NAN, "se": NAN, "p": NAN, "takers": 0}
    est = var = 0.0
    for (cn, cm, cv), ss in used:
        whole = _combined_var([(cn, cm, cv), *ss])
        dof = sum(n - 1 for n, _, _ in ss)
        vt = sum((n - 1) * v for n, _, v in ss) / dof if dof > 0 else 0.0
        vt = vt if vt > 0 else whole
        vc = cv if cn > 1 and cv > 0 else whole
        wg = 0.0
        for n, m, _ in ss:
            w = n / total
            wg += w
            est += w * (m - cm)
            var += w * w * vt / n
        var += wg * wg * vc / cn
    se = math.sqrt(var)
    if se == 0:
        p = 1.0 if est == 0 else NAN
    else:
        p = float(2 * st.norm.sf(abs(est) / se))
    return {"estimate": est, "lo": est - Z95 * se, "hi": est + Z95 * se, "se": se, "p": p,
            "takers": int(total)}


# ------------------------------------------------------- multiple comparisons

def bh(pvalues) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values) of the given p-values,
    in their order; nan entries stay nan and are not counted as tests.
    A test is significant at FDR level alpha when q <= alpha."""
    idx = [i for i, p in enumerate(pvalues) if not isnan(p)]
    m = len(idx)
    q = [NAN] * len(pvalues)
    if m == 0:
        return q
    order = sorted(idx, key=lambda i: pvalues[i])
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        q[i] = min(1.0, running)
    return q
