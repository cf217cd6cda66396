"""Performance ratings: exact (logistic), FIDE (Ra + dp), linear and Perfect Tournament
Performance (Tie-Break Regulations C.07).

Every function takes the ratings of the *rated* opponents and the score made against them.

The seed's 2785 for 2.5/3 against 2400, 2500 and 2600 is not its own definition's 2792.2,
which :func:`rp_exact` returns (``docs/fide-rules.md``, *Performance rating*).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Literal, overload

from . import validate
from .errors import InvalidInputError, OutOfRangeError
from .tables import Number, dp_hundredths, pd_hundredths, percent_hundredths, round_half_up

__all__ = [
    "average",
    "rp_exact",
    "rp_exact_rounded",
    "rp_fide",
    "rp_linear",
    "rp_ptp",
    "PTP_FULL_SCORE_DEFAULT",
    "PTP_FULL_SCORE_READINGS",
    "PtpFullScore",
    "ptp_full_score_reading",
    "ptp_full_score_text",
]

PtpFullScore = Literal["highest+800", "definition"]
"""How the Perfect Tournament Performance (C.07 10.3) of a full score is read: the
highest-rated opponent + 800, or by the definition alone, + 736 (``docs/tiebreaks.md``,
*Perfect Tournament Performance of a full score*)."""

PTP_FULL_SCORE_DEFAULT: PtpFullScore = "highest+800"
"""The reading of :data:`PtpFullScore` where none is given: the default of ``--ptp-full-score``,
of every function's ``ptp_full_score`` and of a chart's ``PtpFullScore`` cell (blank)."""

PTP_FULL_SCORE_READINGS: tuple[PtpFullScore, ...] = (PTP_FULL_SCORE_DEFAULT, "definition")
"""The readings of :data:`PtpFullScore`, the default first."""

_A = math.log(10.0) / 400.0
"""a = ln(10)/400: 10^(d/400) = exp(a d)."""
_INV_A = 1.0 / _A
_EXP = math.exp
_LOG = math.log
_FLOOR = math.floor
_INF = math.inf
_STEPS = range(200)
"""At most this many steps: more only where floats cannot resolve the root."""

# The exact performance is found by Newton's method, and each step comes with a bound on
# how far the root can lie from where it lands, floating-point error included; the bound
# and its proof are in docs/exact-performance.md. With h the step, x - h its landing point
# and f / slope as in the code, the root lies within
#     _NEWTON h^2 + (_FP_X |x - h| + _FP_N n + _FP_1) f / slope     (when |h| < 20).
_NEWTON = 0.0037
"""Newton's miss: a step h with |h| < 20 lands within _NEWTON h^2 of the root."""
_ROUNDING = 2.3e-16
"""A little over twice the unit roundoff 2^-53 (for safety): the floating-point error's scale."""
_FP_X = _ROUNDING * 1.84 / _A
"""Floating-point error per rating point of |x - h|, times f / slope."""
_FP_N = _ROUNDING * 42.0 / _A
"""Floating-point error per opponent, times f / slope."""
_FP_1 = _ROUNDING * 7550.0 / _A
"""Floating-point error of every step, times f / slope."""
_CLOSE = 3e-7
"""How close :func:`rp_exact` comes to the root; a half-integer nearer than this to it is
settled with 60 significant digits (:func:`_nearest_whole`)."""


def average(opponent_ratings: Sequence[Number]) -> Fraction:
    """Ra, the exact average of the opponents' ratings.

    >>> average([2400, 2500, 2601])
    Fraction(7501, 3)
    """
    rs = validate.ratings(opponent_ratings)
    return Fraction(sum(rs), len(rs))


def rp_exact(opponent_ratings: Sequence[Number], score: Number) -> float:
    """The exact performance R solving sum 1 / (1 + 10^((Ri - R)/400)) = score, unrounded.

    0 points gives ``-inf`` and a full score ``+inf``. Within 3e-7 rating points of the root,
    and rounded half up (:func:`~xlfuncs.core.tables.round_half_up`) it gives
    :func:`rp_exact_rounded`, also where the root is a half-integer.

    >>> round(rp_exact([2400, 2500, 2600], 2.5), 1)
    2792.2
    >>> rp_exact([2000], 1)
    inf
    >>> rp_exact([1522, 2209], 1)  # the average of the two: a half
    1865.5
    """
    return _exact(opponent_ratings, score, False)


def rp_exact_rounded(opponent_ratings: Sequence[Number], score: Number) -> int:
    """:func:`rp_exact` rounded to the nearest whole number (half up), certified: never off
    by one where the root lies within rounding error of a half. Raises
    :class:`OutOfRangeError` for the infinite performance of a zero or full score.

    >>> rp_exact_rounded([1851, 2457, 1989, 2379, 2407], 4)
    2551
    """
    return _exact(opponent_ratings, score, True)


@overload
def _exact(opponent_ratings: Sequence[Number], score: Number, rounded: Literal[True]) -> int: ...
@overload
def _exact(opponent_ratings: Sequence[Number], score: Number, rounded: Literal[False]) -> float: ...
def _exact(opponent_ratings: Sequence[Number], score: Number, rounded: bool) -> float:
    """The solver behind :func:`rp_exact` and :func:`rp_exact_rounded`: the root of
    f(R) = sum e_i = s, e_i = 1 / (1 + exp(a (Ri - R))), by Newton's method from a start
    usually within a few points of it, each step with the error bound of
    ``docs/exact-performance.md``.

    Rounded: the whole number nearest the root (half up), returned as soon as a step's bound
    shows which it is (one step usually does). Unrounded: a point within :data:`_CLOSE` of
    the root, on the same side of every half-integer as the root.
    """
    stats = validate.rating_stats(opponent_ratings)  # the usual lists, floats or ints
    if stats is not None:
        rs: Sequence[float] = opponent_ratings  # type: ignore[assignment]  # (ints serve)
    else:
        rs = validate.rating_values(opponent_ratings)  # converted, or what is wrong
        stats = validate.rating_stats(rs)
        assert stats is not None
    mean, spread = stats
    n = len(rs)
    s = score
    if not ((type(s) is float or type(s) is int) and 0 < s < n):
        s = float(validate.score(score, n, halves=False))
        if not 0.0 < s < n:
            if rounded:
                side = "full score" if s > 0 else "zero score"
                raise OutOfRangeError(f"score: the exact performance of a {side} is infinite")
            return math.inf if s > 0 else -math.inf
    # The start: the root for n opponents all rated at their mean, corrected to second
    # order for their spread (sum of squared deviations from the mean):
    # sum e(R - Ri) ~ n e(R - mean) + e''(R - mean) spread / 2.
    try:
        shift = _LOG(s / (n - s)) * _INV_A  # the root against n opponents rated 0
    except ValueError:  # s / (n - s) below the smallest float
        shift = (_LOG(s) - _LOG(n - s)) * _INV_A
    a = _A
    x = mean + shift - (0.5 - s / n) * spread * (a / n)
    exp = _EXP  # a local: faster in the loop
    fp_n = _FP_N * n + _FP_1
    lo = -_INF  # the root's bracket, narrowed only far from the root
    hi = _INF
    for _ in _STEPS:
        f = f2 = 0.0
        try:
            for q in rs:
                e = 1.0 / (1.0 + exp((q - x) * a))
                f += e
                f2 += e * e
        except OverflowError:  # far below the ratings (a score within 1e-300 of 0)
            f, f2 = _sums_far_below(rs, x)
        slope = f - f2  # f' / a
        h = (f - s) / slope * _INV_A if slope > 0.0 else _INF
        hh = h * h
        nxt = x - h
        if hh < 400.0:
            bound = _NEWTON * hh + (_FP_X * abs(nxt) + fp_n) * f / slope
            w = nxt + 0.5
            m = _FLOOR(w)
            if bound <= w - m < 1.0 - bound:  # the root lies in [m - 1/2, m + 1/2)
                if rounded:
                    return m
                if bound < _CLOSE:
                    return nxt
            elif bound < _CLOSE:  # too close to a half for floats to tell the side
                m = _nearest_whole(rs, s, nxt)
                return m if rounded else _rounding_to(nxt, m)
            x = nxt
            continue
        # Far from the root (a wild spread of ratings): bracket it, then bisect.
        if hi == _INF:
            lo, hi = min(rs) + shift, max(rs) + shift
        if f > s:
            hi = min(hi, x)
        elif f < s:
            lo = max(lo, x)
        x = nxt if lo < nxt < hi else (lo + hi) / 2.0
        if hi - lo < 1e-9:
            break
    # Only where floats cannot resolve the root (a score within 1e-12 or so of n) do we
    # get here.
    m = _nearest_whole(rs, s, x)
    return m if rounded else _rounding_to(x, m)


def _sums_far_below(rs: Sequence[float], x: float) -> tuple[float, float]:
    """f(x) and sum e_i^2 at *x*, without overflow however far x lies below the ratings."""
    f = f2 = 0.0
    for q in rs:
        t = (q - x) * _A
        if t > 0.0:
            y = _EXP(-t)
            e = y / (1.0 + y)
        else:
            e = 1.0 / (1.0 + _EXP(t))
        f += e
        f2 += e * e
    return f, f2


def _nearest_whole(rs: Sequence[float], s: float, guess: float) -> int:
    """The whole number nearest the root (half up), found from *guess* by evaluating the sum
    at half-integers with 60 significant digits (Decimal's exp is correctly rounded). A sum
    within n 1e-45 (relative) of *s* counts as equal to it: only an exact tie (say half the
    points against two opponents an odd number of points apart) comes that close."""
    with localcontext() as ctx:
        ctx.prec = 60
        a = Decimal(10).ln() / 400
        target = Decimal(s)
        tol = target * len(rs) * Decimal(10) ** -45

        def below(m: int) -> bool:  # whether f(m - 1/2) > s: the root lies below m - 1/2
            r = Decimal(m) - Decimal("0.5")
            f = sum((1 / (1 + ((Decimal(q) - r) * a).exp()) for q in rs), Decimal(0))
            return bool(f - target > tol)

        # the answer is the largest m with not below(m): gallop, then bisect
        low = high = _FLOOR(guess + 0.5)
        step = 1
        while below(low):
            high, low, step = low - 1, low - step, 2 * step
        while not below(high + 1):
            low, high, step = high + 1, high + step, 2 * step
        while low < high:  # not below(low), below(high + 1)
            mid = (low + high + 1) // 2
            if below(mid):
                high = mid - 1
            else:
                low = mid
        return low


def _rounding_to(x: float, m: int) -> float:
    """*x*, moved if need be to the nearest float that rounds half up to *m* (the certified
    whole number of a root that *x* approximates): where the root is a half-integer or within
    rounding error of one, that float is the half-integer or its neighbour, no farther from
    the root than *x*."""
    if _FLOOR(x + 0.5) == m:
        return x
    towards = math.inf if x < m else -math.inf
    y = m - 0.5 if x < m else m + 0.5
    while _FLOOR(y + 0.5) != m:
        y = math.nextafter(y, towards)
    return y


def rp_fide(opponent_ratings: Sequence[Number], score: Number) -> int:
    """FIDE's performance Ra + dp(p), p = score / games rounded to a hundredth, rounded.

    >>> rp_fide([2400, 2500, 2600], 2.5)
    2773
    """
    rs = validate.ratings(opponent_ratings)
    s = validate.score(score, len(rs))
    ra = Fraction(sum(rs), len(rs))
    return round_half_up(ra + dp_hundredths(percent_hundredths(s / len(rs))))


def rp_linear(opponent_ratings: Sequence[Number], score: Number) -> int:
    """The linear performance Ra + 800p - 400, rounded.

    >>> rp_linear([2400, 2500, 2600], 2.5)
    2767
    """
    rs = validate.ratings(opponent_ratings)
    s = validate.score(score, len(rs))
    n = len(rs)
    return round_half_up(Fraction(sum(rs), n) + 800 * s / n - 400)


def ptp_full_score_reading(value: str | None) -> PtpFullScore:
    """*value* as a :data:`PtpFullScore` (any case, spaces around ignored); ``None`` or blank:
    :data:`PTP_FULL_SCORE_DEFAULT`; anything else raises :class:`InvalidInputError` naming
    the readings.

    >>> ptp_full_score_reading(" Definition "), ptp_full_score_reading(None)
    ('definition', 'highest+800')
    """
    text = "" if value is None else value.strip().lower()
    if not text:
        return PTP_FULL_SCORE_DEFAULT
    for reading in PTP_FULL_SCORE_READINGS:
        if text == reading:
            return reading
    raise InvalidInputError(
        f"PTP of a full score: expected {' or '.join(PTP_FULL_SCORE_READINGS)}, got {value!r}"
    )


def ptp_full_score_text(reading: PtpFullScore) -> str:
    """The reading of a full score's PTP (C.07 10.3) as a report names it."""
    if reading == "highest+800":
        return (
            "PTP of a full score (C.07 10.3): the highest-rated opponent + 800, as a zero "
            "score's is the lowest - 800 (the other reading, definition: + 736, FIDE's engine)"
        )
    return (
        "PTP of a full score (C.07 10.3): by the definition, the lowest rating whose expected "
        "score reaches it, the highest-rated opponent + 736 (table 8.1(b)), as FIDE's engine "
        "(the other reading, highest+800)"
    )


def rp_ptp(
    opponent_ratings: Sequence[Number],
    score: Number,
    full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT,
) -> int:
    """Perfect Tournament Performance (C.07 10.3): the lowest whole R whose expected score
    from table 8.1(b), with no 400-point cap, reaches the score. A zero score gives the
    lowest opponent - 800; a full score as *full_score* reads it (:data:`PtpFullScore`).

    >>> rp_ptp([2000, 2000], 1), rp_ptp([2000, 2000], 2), rp_ptp([2000, 2100], 0)
    (1997, 2800, 1200)
    >>> rp_ptp([2000, 2100], 2, "definition")
    2836
    """
    rs = validate.ratings(opponent_ratings)
    s = validate.score(score, len(rs))
    if s == len(rs) and full_score == "highest+800":
        return max(rs) + 800
    target = 100 * s
    lo, hi = min(rs) - 800, max(rs) + 800  # expected score 0 at lo (s = 0 ends there) ...
    while lo < hi:  # ... and n at hi, so the answer lies in [lo, hi]
        mid = (lo + hi) // 2
        if sum(pd_hundredths(mid - r) for r in rs) >= target:
            hi = mid
        else:
            lo = mid + 1
    return lo
