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

_LN10_400 = math.log(10.0) / 400.0


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


def rp_exact(opponent_ratings: Sequence[Number], score: Number) -> float:
    """The exact performance R solving sum 1 / (1 + 10^((Ri - R)/400)) = score, unrounded.

    0 points gives ``-inf`` and a full score ``+inf``. Solved by Newton's method on a bracket
    that always holds the root, to 1e-9 rating points.

    >>> round(rp_exact([2400, 2500, 2600], 2.5), 1)
    2792.2
    >>> rp_exact([2000], 1)
    inf
    """
    rs = validate.ratings(opponent_ratings)
    n = len(rs)
    s = float(validate.score(score, n))
    if s <= 0.0:
        return -math.inf
    if s >= n:
        return math.inf
    shift = 400.0 * math.log10(s / (n - s))
    centre = sum(rs) / n
    # Every game's expected score lies between those against the lowest and the highest
    # opponent, so the root lies between these two points.
    lo, hi = min(rs) + shift, max(rs) + shift
    if lo == hi:
        return lo
    qs = [10.0 ** ((r - centre) / 400.0) for r in rs]
    x_of = 10.0 ** (1.0 / 400.0)
    r = centre + shift
    for _ in range(200):
        x = x_of ** (r - centre)
        es = [x / (x + q) for q in qs]
        total = sum(es)
        if total > s:
            hi = r
        else:
            lo = r
        slope = (total - sum(e * e for e in es)) * _LN10_400
        nxt = r - (total - s) / slope if slope > 0.0 else (lo + hi) / 2.0
        if not lo <= nxt <= hi:
            nxt = (lo + hi) / 2.0
        if abs(nxt - r) < 1e-9 or hi - lo < 1e-9:
            return nxt
        r = nxt
    return r


def rp_exact_rounded(opponent_ratings: Sequence[Number], score: Number) -> int:
    """:func:`rp_exact` rounded to a whole number (half up). Raises on an infinite value.

    >>> rp_exact_rounded([1851, 2457, 1989, 2379, 2407], 4)
    2551
    """
    value = rp_exact(opponent_ratings, score)
    if math.isinf(value):
        side = "full score" if value > 0 else "zero score"
        raise OutOfRangeError(f"score: the exact performance of a {side} is infinite")
    return round_half_up(value)


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
