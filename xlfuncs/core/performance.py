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

_A = math.log(10.0) / 400.0
"""a = ln(10)/400: 10^(d/400) = exp(a d)."""
_EXP = math.exp


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


def _solve_exact(rs: Sequence[float], s: float, rounded: bool) -> float:
    """The root R of sum 1 / (1 + 10^((Ri - R)/400)) = s for 0 < s < n, by Newton's method.

    Unrounded (``rounded=False``): to within 3e-7. Rounded: the whole number nearest the root,
    returned as soon as Newton's error bound shows which whole number that is.

    The error bound: with a = ln(10)/400, every derivative of the sum satisfies
    |f''| <= a f' and f' changes by at most a factor exp(a |d|) over a distance d, so after a
    Newton step of length h from a point near the root the new error is at most
    (a/2) h^2 exp(3a |h|), below 0.0035 h^2 (10 % margin) while |h| < 5.
    """
    n = len(rs)
    centre = sum(rs) / n
    # Start from the root for n opponents all rated `centre`, corrected to second order
    # for their spread: sum f(R - Ri) ~ n f(R - centre) + f''/2 sum (Ri - centre)^2.
    spread: float = math.hypot(*rs) ** 2 / n - centre * centre  # hypot: a fast sum of squares
    r: float = math.log(s / (n - s)) / _A - _A * (0.5 - s / n) * spread  # from centre
    # In x = exp(a (R - centre)), game i expects x / (x + q_i): one exponential per
    # opponent here, one division per opponent per step below.
    k = _A * centre
    qs = [_EXP(_A * q - k) for q in rs]
    lo = -math.inf
    hi = math.inf
    for _ in range(200):
        x = _EXP(_A * r)
        es = [x / (x + q) for q in qs]
        total = sum(es)
        if total > s:
            hi = r
        elif total < s:
            lo = r
        else:
            return centre + r if not rounded else float(math.floor(centre + r + 0.5))
        slope: float = (total - math.hypot(*es) ** 2) * _A
        h = (total - s) / slope if slope > 0.0 else math.inf
        nxt = r - h
        if not lo < nxt < hi or abs(h) > 50.0:
            # Far from the root (a wild spread of ratings): bracket it first.
            if lo == -math.inf or hi == math.inf:
                low, high = _bracket(rs, s, centre)
                lo, hi = max(lo, low), min(hi, high)
            nxt = (lo + hi) / 2.0 if not lo < nxt < hi else nxt
            h = 1e9  # no error bound from this step
        # (a/2) h^2 exp(3a|h|) x 1.1 < 0.0035 h^2 while |h| < 5
        bound = 0.0035 * h * h if -5.0 < h < 5.0 else math.inf
        if rounded:
            if bound < 0.5 and (math.floor(centre + nxt + bound + 0.5) == math.floor(
                    centre + nxt - bound + 0.5) or bound < 1e-9):
                return float(math.floor(centre + nxt + 0.5))
        elif bound < 3e-7 or hi - lo < 1e-9:
            return centre + nxt
        r = nxt
    return centre + r  # pragma: no cover - Newton converges in a handful of steps


def _bracket(rs: Sequence[float], s: float, centre: float) -> tuple[float, float]:
    """Bounds of the root, relative to *centre*: every game's expected score lies between
    those against the lowest and the highest opponent."""
    shift = math.log(s / (len(rs) - s)) / _A
    return min(rs) + shift - centre, max(rs) + shift - centre


def rp_exact(opponent_ratings: Sequence[Number], score: Number) -> float:
    """The exact performance R solving sum 1 / (1 + 10^((Ri - R)/400)) = score, unrounded.

    0 points gives ``-inf`` and a full score ``+inf``. Within 3e-7 rating points of the root.

    >>> round(rp_exact([2400, 2500, 2600], 2.5), 1)
    2792.2
    >>> rp_exact([2000], 1)
    inf
    """
    rs = validate.rating_values(opponent_ratings)
    n = len(rs)
    s = float(validate.score(score, n))
    if s <= 0.0:
        return -math.inf
    if s >= n:
        return math.inf
    return _solve_exact(rs, s, rounded=False)


def rp_exact_rounded(opponent_ratings: Sequence[Number], score: Number) -> int:
    """:func:`rp_exact` rounded to the nearest whole number (half up); raises
    :class:`OutOfRangeError` for the infinite performance of a zero or full score.

    >>> rp_exact_rounded([1851, 2457, 1989, 2379, 2407], 4)
    2551
    """
    rs = validate.rating_values(opponent_ratings)
    n = len(rs)
    s = float(score) if type(score) is float and 0.0 <= score <= n else float(
        validate.score(score, n))
    if s <= 0.0 or s >= n:
        side = "full score" if s > 0 else "zero score"
        raise OutOfRangeError(f"score: the exact performance of a {side} is infinite")
    return int(_solve_exact(rs, s, rounded=True))


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
