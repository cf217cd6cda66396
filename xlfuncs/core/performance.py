"""Performance ratings: exact (logistic), FIDE (Ra + dp), linear and Perfect Tournament
Performance (Tie-Break Regulations C.07).

Every function takes the ratings of the *rated* opponents and the score made against them.

The seed brief quotes 2785 as the exact performance of 2.5/3 against 2400, 2500 and 2600;
its own definition, sum of 1 / (1 + 10^((Ri - R)/400)) = score, gives 2792.2, which is what
:func:`rp_exact` returns (see ``tests/test_performance.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal, localcontext
from fractions import Fraction

from . import validate
from .errors import OutOfRangeError
from .tables import Number, dp_hundredths, pd_hundredths, percent_hundredths, round_half_up

__all__ = [
    "average",
    "logistic_expected",
    "rp_exact",
    "rp_exact_rounded",
    "rp_fide",
    "rp_linear",
    "rp_ptp",
]

_A = math.log(10.0) / 400.0
"""a = ln(10)/400: 10^(d/400) = exp(a d)."""
_INV_A = 1.0 / _A
_EXP = math.exp
_LOG = math.log
_SQRT = math.sqrt
_FLOOR = math.floor
_HYPOT = math.hypot
_FSUM = math.fsum
_WHOLE = float.is_integer
_MAX = float(validate.MAX_RATING)
_MAX_HALF = _MAX + 0.5

# The exact performance is the root of F(R) = f(R) - s, f(R) = sum_i e_i with
# e_i = 1 / (1 + exp(a (Ri - R))), found by Newton's method from a start usually within a
# few points of it. Why one Newton step certifies its own result (exact arithmetic first):
#  (i)   f' = a sum e_i (1 - e_i) > 0 and |f''| = a^2 |sum e_i (1 - e_i) (1 - 2 e_i)| <= a f',
#        so f'(y) <= f'(x) exp(a |y - x|); the same holds for each term e_i alone.
#  (ii)  A point far from the root gives a long step: with d = |x - root|, by (i) each
#        term's slope at distance t from x towards the root is at least e_i'(x) exp(-a t),
#        so each term changes by at least e_i'(x) (1 - exp(-a d)) / a on the way, all in
#        the same direction; hence the step h = F(x) / f'(x) has |h| >= (1 - exp(-a d)) / a,
#        i.e. d <= -ln(1 - a |h|) / a.
#  (iii) Taylor: x - h misses the root by |f''(y)| d^2 / (2 f'(x)) for some y between x and
#        the root, at most (a/2) d^2 exp(a d) by (i).
# So |h| < 20.5 gives d <= 1.0641 |h| and a miss below 0.0036951 h^2; _NEWTON rounds this
# up and serves for computed steps below 20 (it is only relied on when the rounding error
# of the step, below, is under 0.5).
_NEWTON = 0.0037
# Floating point, u = 2^-53. With t_i = (Ri - x) a (a = _A is within 3u of ln(10)/400, so
# t_i is computed within 5u |t_i|; every |Ri| <= 4000, so |t_i| <= T = a (4000 + |x|)), exp
# within 1 ulp and 1 + and 1 / within u each, every e_i is within relative error
# r = u (5T + 4). Then f is within (r + (n - 1) u) f, sum e_i^2 within (2r + n u) f, so
# f'/a within (3r + 2n u) f, and the step h = (f - s) / f' within
# u (15T + 2n + 12) (1 + |h|) f / f' + 4u |h|; forming x - h and testing it against
# half-integers adds 3u |x - h|. With |h| < 20 (so x - h is within 20 of x) and
# f / f' >= 1/a > 173, all of this is below u (1.84 |x - h| + 42 n + 7550) f / f'.
# _ROUNDING = 2.3e-16 > 2u doubles it for safety. (In the code, slope = f' / a.)
_ROUNDING = 2.3e-16
_FP_X = _ROUNDING * 1.84 / _A
_FP_N = _ROUNDING * 42.0 / _A
_FP_1 = _ROUNDING * 7550.0 / _A
_FP_USUAL = _FP_X * 1e5 + _FP_N * 1e4 + _FP_1
"""The rounding bound's factor for |x - h| < 1e5 and n <= 1e4."""


def average(opponent_ratings: Sequence[Number]) -> Fraction:
    """Ra, the exact average of the opponents' ratings.

    >>> average([2400, 2500, 2601])
    Fraction(7501, 3)
    """
    rs = validate.ratings(opponent_ratings)
    return Fraction(sum(rs), len(rs))


def logistic_expected(own_rating: float, opponent_ratings: Sequence[float]) -> float:
    """Sum of 1 / (1 + 10^((Ri - R)/400)): the smooth expected score of the seed's definition.

    >>> logistic_expected(2000, [2000, 2000])
    1.0
    """
    return float(sum(1.0 / (1.0 + 10.0 ** ((r - own_rating) / 400.0)) for r in opponent_ratings))


def _plain_stats(rs: list[float], s: float) -> tuple[float, float] | None:
    """(centre, spread) of *rs* if it is a list of whole floats from 1 to :data:`MAX_RATING`
    and 0 < s < n, else ``None``: the checks of :func:`validate.rating_values` and of the
    score, at C speed. centre is the mean, spread the sum of squared deviations from it.

    The range is read from the two sums that the start of Newton's method needs anyway
    (every rating lies within sqrt(spread) of the mean); min() and max() serve only when
    that is not enough.
    """
    n = len(rs)
    if not 0.0 < s < n:
        return None
    try:
        if not all(map(_WHOLE, rs)):  # float.is_integer: a TypeError for anything but floats
            return None
        total = _FSUM(rs)  # correctly rounded (OverflowError for sums beyond floats)
    except (TypeError, OverflowError):
        return None
    centre = total / n
    norm = _HYPOT(*rs)
    norm2 = norm * norm
    # sum (r - centre)^2 = sum r^2 - total^2 / n + n (mean - centre)^2 (exact total), the
    # last below 4u^2 sum r^2; norm2 is within 5u of sum r^2 (hypot within 1 ulp), the
    # computed total centre within 4u of total^2 / n <= sum r^2, spread within 11u sum r^2
    # in all, so every |r - centre| <= sqrt(spread + 2e-15 norm2) = reach.
    spread = norm2 - total * centre
    if spread < 0.0:
        spread = 0.0
    reach = _SQRT(spread + 2e-15 * norm2)
    if not (centre - reach > 0.5 and centre + reach < _MAX_HALF) and not (
        min(rs) > 0.0 and max(rs) <= _MAX
    ):
        return None  # (a whole rating above 0.5 is at least 1)
    return centre, spread


def _start(n: int, s: float, centre: float, spread: float) -> float:
    """Where Newton's method starts: the root for n opponents all rated *centre*, corrected
    to second order for their spread (sum of squared deviations *spread*):
    sum e(R - Ri) ~ n e(R - centre) + e''(R - centre) spread / 2."""
    try:
        shift = _LOG(s / (n - s)) * _INV_A
    except ValueError:  # s / (n - s) below the smallest float
        shift = (_LOG(s) - _LOG(n - s)) * _INV_A
    return centre + shift - _A * (0.5 - s / n) * (spread / n)


def _solve_exact(rs: list[float], s: float, rounded: bool, x: float) -> float:
    """The root R of sum 1 / (1 + 10^((Ri - R)/400)) = s for checked ratings and
    0 < s < n, by Newton's method from *x* (see the comment above :data:`_NEWTON`).

    Unrounded (``rounded=False``): to within 3e-7. Rounded: the whole number nearest the
    root (half up), returned as soon as the error bound of a step shows which it is.
    """
    n = len(rs)
    a = _A
    exp = _EXP
    fp_n = _FP_N * n + _FP_1
    lo = -math.inf
    hi = math.inf
    for _ in range(200):
        f = f2 = 0.0
        try:
            for q in rs:
                e = 1.0 / (1.0 + exp((q - x) * a))
                f += e
                f2 += e * e
        except OverflowError:  # far below the ratings (a score within 1e-300 of 0)
            f, f2 = _sums_far_below(rs, x)
        if f > s:
            hi = x
        elif f < s:
            lo = x
        slope = f - f2  # f' / a
        h = (f - s) / slope * _INV_A if slope > 0.0 else math.inf
        nxt = x - h
        hh = h * h
        if hh < 400.0 and lo <= nxt <= hi:
            bound = _NEWTON * hh + (_FP_X * abs(nxt) + fp_n) * f / slope
            if rounded:
                w = nxt + 0.5
                m = _FLOOR(w)
                if bound <= w - m < 1.0 - bound:
                    return m  # the root lies in [m - 1/2, m + 1/2)
                if bound < 1e-6:  # within 1e-6 of a half: too close for floats to tell
                    return _nearest_whole(rs, s, nxt)
            elif bound < 3e-7:
                return nxt
            x = nxt
            continue
        # Far from the root (a wild spread of ratings): bracket it, then bisect.
        if lo == -math.inf or hi == math.inf:
            low, high = _bracket(rs, s)
            lo, hi = max(lo, low), min(hi, high)
        x = (lo + hi) / 2.0 if not lo < nxt < hi else nxt
        if hi - lo < 1e-9:
            break
    # Only where floats cannot resolve the root (a score within 1e-12 or so of n) do we
    # get here.
    return _nearest_whole(rs, s, x) if rounded else x


def _sums_far_below(rs: list[float], x: float) -> tuple[float, float]:
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


def _nearest_whole(rs: list[float], s: float, guess: float) -> int:
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


def _bracket(rs: Sequence[float], s: float) -> tuple[float, float]:
    """Bounds of the root: every game's expected score lies between those against the lowest
    and the highest opponent."""
    shift = _start(len(rs), s, 0.0, 0.0)
    return min(rs) + shift, max(rs) + shift


def rp_exact(opponent_ratings: Sequence[Number], score: Number) -> float:
    """The exact performance R solving sum 1 / (1 + 10^((Ri - R)/400)) = score, unrounded.

    0 points gives ``-inf`` and a full score ``+inf``. Within 3e-7 rating points of the root.

    >>> round(rp_exact([2400, 2500, 2600], 2.5), 1)
    2792.2
    >>> rp_exact([2000], 1)
    inf
    """
    if type(opponent_ratings) is list and type(score) is float:
        stats = _plain_stats(opponent_ratings, score)
        if stats is not None:  # the usual case, checked at C speed
            return _solve_exact(
                opponent_ratings, score, False, _start(len(opponent_ratings), score, *stats)
            )
    rs = validate.rating_values(opponent_ratings)
    n = len(rs)
    s = float(validate.score(score, n))
    if s <= 0.0:
        return -math.inf
    if s >= n:
        return math.inf
    stats = _plain_stats(rs, s)
    assert stats is not None  # checked ratings, 0 < s < n
    return _solve_exact(rs, s, False, _start(n, s, *stats))


def rp_exact_rounded(opponent_ratings: Sequence[Number], score: Number) -> int:
    """:func:`rp_exact` rounded to the nearest whole number (half up); raises
    :class:`OutOfRangeError` for the infinite performance of a zero or full score.

    >>> rp_exact_rounded([1851, 2457, 1989, 2379, 2407], 4)
    2551
    """
    # The usual input, a list of at most 10000 whole floats from 1 to MAX_RATING and a
    # float score 1e-200 < s < n, is checked here at C speed, as in _plain_stats; anything
    # else goes the validated way. The start (_start) and the first Newton step
    # (_solve_exact) are written out here too, as each call would cost a few percent of the
    # whole; one step usually decides.
    rs = opponent_ratings
    s = score
    if type(rs) is not list or type(s) is not float:
        return _rounded_validated(rs, s)
    n = len(rs)
    if not 1e-200 < s < n <= 10000:
        return _rounded_validated(rs, s)
    # The checks and sums of _plain_stats, written out here: this is the hot path of
    # RP_EXACT, and the call would cost some 5 % of it.
    try:
        if not all(map(_WHOLE, rs)):  # float.is_integer: a TypeError for anything but floats
            return _rounded_validated(rs, s)
        total = _FSUM(rs)
    except (TypeError, OverflowError):
        return _rounded_validated(rs, s)
    inv_n = 1.0 / n
    centre = total * inv_n
    norm = _HYPOT(*rs)
    norm2 = norm * norm
    spread = norm2 - total * centre
    if spread < 0.0:
        spread = 0.0
    reach = _SQRT(spread + 2e-15 * norm2)
    if not (centre - reach > 0.5 and centre + reach < _MAX_HALF) and not (
        min(rs) > 0.0 and max(rs) <= _MAX
    ):
        return _rounded_validated(rs, s)
    # Here |x| < 1e5 throughout: centre < 4000.5, |ln(p / (1 - p))| / a < 81700 (p > 1e-204,
    # 1 - p > 1e-16), spread / n <= 2000^2 makes the correction below 11600, and each of the
    # (at most two) steps is below 20. So no exp overflows (|t| < 600), and the rounding
    # bound is _FP_USUAL f / slope.
    a = _A
    exp = _EXP  # a local: faster in the loops
    p = s * inv_n
    x = centre + _LOG(p / (1.0 - p)) * _INV_A - (0.5 - p) * spread * (a * inv_n)
    f = f2 = 0.0
    for q in rs:
        e = 1.0 / (1.0 + exp((q - x) * a))
        f += e
        f2 += e * e
    slope = f - f2  # f' / a
    if slope > 0.0:
        h = (f - s) / slope * _INV_A
        hh = h * h
        if hh < 400.0:
            x -= h
            w = x + 0.5
            m = _FLOOR(w)
            # The root lies within `bound` of x = m - 1/2 + (w - m), w - m being exact:
            bound = _NEWTON * hh + _FP_USUAL * f / slope
            if bound <= w - m < 1.0 - bound:
                return m  # the root lies in [m - 1/2, m + 1/2)
            # Undecided (about one time in eight): the same once more from x, where |x| <
            # 1e5 still holds, before the general method.
            f = f2 = 0.0
            for q in rs:
                e = 1.0 / (1.0 + exp((q - x) * a))
                f += e
                f2 += e * e
            slope = f - f2
            if slope > 0.0:
                h = (f - s) / slope * _INV_A
                hh = h * h
                if hh < 400.0:
                    x -= h
                    w = x + 0.5
                    m = _FLOOR(w)
                    bound = _NEWTON * hh + _FP_USUAL * f / slope
                    if bound <= w - m < 1.0 - bound:
                        return m
    return int(_solve_exact(rs, s, True, x))


def _rounded_validated(opponent_ratings: Sequence[Number], score: Number) -> int:
    """:func:`rp_exact_rounded` for any input, validated."""
    rs = validate.rating_values(opponent_ratings)
    n = len(rs)
    s = float(validate.score(score, n))
    if s <= 0.0 or s >= n:
        side = "full score" if s > 0 else "zero score"
        raise OutOfRangeError(f"score: the exact performance of a {side} is infinite")
    stats = _plain_stats(rs, s)
    assert stats is not None  # checked ratings, 0 < s < n
    return int(_solve_exact(rs, s, True, _start(n, s, *stats)))


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


def rp_ptp(opponent_ratings: Sequence[Number], score: Number) -> int:
    """Perfect Tournament Performance (C.07): the lowest whole R whose expected score from
    table 8.1(b), with no 400-point cap, reaches the score. A zero score gives the lowest
    opponent - 800, a full score the highest opponent + 800.

    >>> rp_ptp([2000, 2000], 1), rp_ptp([2000, 2000], 2), rp_ptp([2000, 2100], 0)
    (1997, 2800, 1200)
    """
    rs = validate.ratings(opponent_ratings)
    s = validate.score(score, len(rs))
    if s == len(rs):
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
