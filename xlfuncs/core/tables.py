"""FIDE's two conversion tables, as literal data, and their lookups.

Table 8.1(a) (8.1.1 from 2022) turns a fractional score *p* into a rating difference *dp*;
table 8.1(b) (8.1.2 from 2022) turns a rating difference *D* into the expected score *PD* of
the higher-rated player. Both are identical in every edition of the Rating Regulations.

Values are kept in hundredths (integers) so that sums of expected scores are exact:
0.51 + 0.52 is 103 hundredths, never 1.0299999999999998.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from decimal import Decimal
from fractions import Fraction
from typing import Final

from .errors import InvalidInputError, OutOfRangeError

__all__ = [
    "DP_TABLE",
    "PD_TABLE",
    "Number",
    "dp",
    "dp_hundredths",
    "exact",
    "pd",
    "pd_hundredths",
    "percent_hundredths",
    "round_half_away",
    "round_half_up",
    "round_ratio_half_up",
]

Number = int | float | Fraction | Decimal
"""Any real number the core accepts. Floats are read as the decimal the user typed."""

DP_TABLE: Final[dict[int, int]] = {
    50: 0, 51: 7, 52: 14, 53: 21, 54: 29, 55: 36, 56: 43, 57: 50, 58: 57, 59: 65,
    60: 72, 61: 80, 62: 87, 63: 95, 64: 102, 65: 110, 66: 117, 67: 125, 68: 133, 69: 141,
    70: 149, 71: 158, 72: 166, 73: 175, 74: 184, 75: 193, 76: 202, 77: 211, 78: 220, 79: 230,
    80: 240, 81: 251, 82: 262, 83: 273, 84: 284, 85: 296, 86: 309, 87: 322, 88: 336, 89: 351,
    90: 366, 91: 383, 92: 401, 93: 422, 94: 444, 95: 470, 96: 501, 97: 538, 98: 589, 99: 677,
    100: 800,
}  # fmt: skip
"""Table 8.1(a): fractional score in hundredths (50..100) -> rating difference dp.

Scores below 50 % mirror it: dp(1 - p) = -dp(p). dp(1.00) = 800 and dp(0.00) = -800 are
"shown notionally" in the regulations."""

PD_TABLE: Final[tuple[tuple[int, int], ...]] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73),
    (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81),
    (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89),
    (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97),
    (619, 98), (735, 99),
)  # fmt: skip
"""Table 8.1(b): (largest difference D of the band, PD of the higher-rated player in
hundredths). Every difference above the last band (736 and more) gives PD = 1.00. It is a
lookup, not a curve: the 345-357 band is narrower than its neighbours."""

_PD_UPPER: Final = tuple(upper for upper, _ in PD_TABLE)
_PD_VALUE: Final = tuple(value for _, value in PD_TABLE)


def exact(x: Number) -> Fraction:
    """The exact value of *x*; a float is read as the shortest decimal that prints as it.

    >>> exact(0.345)
    Fraction(69, 200)
    >>> exact(2.5)
    Fraction(5, 2)
    """
    if type(x) is int:
        return Fraction(x)
    if type(x) is Fraction:  # immutable: the value itself
        return x
    if isinstance(x, bool):
        raise InvalidInputError(f"expected a number, got {x!r}")
    if type(x) is float and (2.0 * x).is_integer():  # whole and half points: exact already
        return Fraction(int(2.0 * x), 2)
    if isinstance(x, float):
        if x != x or x in (float("inf"), float("-inf")):
            raise OutOfRangeError(f"expected a finite number, got {x!r}")
        return Fraction(Decimal(repr(x)))
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise OutOfRangeError(f"expected a finite number, got {x!r}")
        return Fraction(x)
    raise InvalidInputError(f"expected a number, got {x!r}")


def round_ratio_half_up(numerator: int, denominator: int) -> int:
    """*numerator* / *denominator* (a positive denominator) rounded to the nearest whole
    number, halves upwards, in whole numbers only: the rounding :func:`round_half_up`,
    :func:`round_half_away` (on the magnitude), :func:`percent_hundredths` and the norms' Ra
    and p make.

    >>> round_ratio_half_up(5, 2), round_ratio_half_up(-5, 2), round_ratio_half_up(21803, 9)
    (3, -2, 2423)
    """
    return (2 * numerator + denominator) // (2 * denominator)  # floor(n / d + 1/2)


def round_half_up(x: Number) -> int:
    """Round to the nearest whole number, halves upwards (FIDE's Ra and percentages).

    >>> round_half_up(2.5), round_half_up(-2.5), round_half_up(1942.857)
    (3, -2, 1943)
    """
    if type(x) is float and abs(x) < 2.0**50:
        return math.floor(x + 0.5)  # exact: x + 0.5 is representable in this range
    if type(x) is int:
        return x
    q = exact(x)
    return round_ratio_half_up(q.numerator, q.denominator)


def round_half_away(x: Number) -> int:
    """Round to the nearest whole number, halves away from zero (the rating change).

    >>> round_half_away(-2.5), round_half_away(2.5), round_half_away(-2.49)
    (-3, 3, -2)
    """
    q = exact(x)
    magnitude = round_ratio_half_up(abs(q.numerator), q.denominator)  # floor(|q| + 1/2)
    return -magnitude if q < 0 else magnitude


def percent_hundredths(p: Number) -> int:
    """*p* rounded to the nearest hundredth, half up, as a whole number of hundredths.

    >>> percent_hundredths(0.345), percent_hundredths(Fraction(5, 6)), percent_hundredths(1)
    (35, 83, 100)
    """
    q = exact(p)
    if q < 0 or q > 1:
        raise OutOfRangeError(f"fractional score p must lie between 0 and 1, got {float(q):g}")
    return round_ratio_half_up(100 * q.numerator, q.denominator)


def dp_hundredths(h: int) -> int:
    """dp for a fractional score given in whole hundredths (0..100)."""
    if not 0 <= h <= 100:
        raise OutOfRangeError(f"fractional score must lie between 0 and 100 hundredths, got {h}")
    return DP_TABLE[h] if h >= 50 else -DP_TABLE[100 - h]


def dp(p: Number) -> int:
    """Table 8.1(a): the rating difference dp for fractional score *p* (0..1).

    *p* is first rounded to the nearest hundredth, half up.

    >>> dp(0.83), dp(0.345), dp(0.5), dp(0), dp(1)
    (273, -110, 0, -800, 800)
    """
    return dp_hundredths(percent_hundredths(p))


def pd_hundredths(difference: Number) -> int:
    """Table 8.1(b) in hundredths: the expected score of a player rated *difference* points
    above the opponent (negative: below), with no 400-point cap.

    A fractional difference falls in the first band whose upper end is not below it.

    >>> pd_hundredths(0), pd_hundredths(4), pd_hundredths(-400), pd_hundredths(736)
    (50, 51, 8, 100)
    """
    d = difference if type(difference) is int else exact(difference)
    band = bisect_left(_PD_UPPER, abs(d))  # type: ignore[call-overload]  # the first band whose upper end is >= |d|
    value = _PD_VALUE[band] if band < len(_PD_VALUE) else 100
    return value if d >= 0 else 100 - value


def pd(difference: Number) -> float:
    """Table 8.1(b): expected score for a rating difference (positive: the higher-rated).

    >>> pd(400), pd(-400), pd(345), pd(358)
    (0.92, 0.08, 0.89, 0.9)
    """
    return pd_hundredths(difference) / 100
