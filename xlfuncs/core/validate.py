"""Checks shared by the rules modules: ratings and scores as the regulations allow them."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from .errors import InvalidInputError, NothingToComputeError, OutOfRangeError
from .tables import Number, exact

__all__ = [
    "MAX_DIGITS",
    "MAX_RATING",
    "are_ratings",
    "digits_number",
    "game_hundredths",
    "half_points",
    "rating_stats",
    "is_rating",
    "optional_rating",
    "rating",
    "rating_values",
    "ratings",
    "score",
    "whole",
]

MAX_RATING: Final[int] = 4000
"""The largest rating accepted. A rating is a whole number from 1 to this; no FIDE rating
has come near it, so a larger number is a typing error. Where a cell may leave a rating out,
blank or 0 means unrated (:func:`optional_rating`)."""


MAX_DIGITS: Final[int] = 18
"""The most digits (leading zeros aside) a number written as text is read with: more than
any figure of the regulations or field of a TRF holds (a FIDE id has 11 columns). A longer
run of digits is no number, as Python's ``int`` refuses to read one of a few thousand
digits."""


def digits_number(text: str) -> int | None:
    """*text*, ASCII digits and nothing else, as a whole number; ``None`` for anything else (a
    blank, a sign, a superscript, another script's digits) or more than :data:`MAX_DIGITS`
    digits.

    >>> digits_number("01"), digits_number("²"), digits_number("0" * 5000 + "7")
    (1, None, 7)
    >>> digits_number("9" * 19), digits_number(" 1")
    (None, None)
    """
    digits = text.lstrip("0") or "0"
    fits = text.isascii() and text.isdigit() and len(digits) <= MAX_DIGITS
    return int(digits) if fits else None


def is_rating(value: object) -> bool:
    """Whether *value* is a rating as it stands: an ``int`` or a whole ``float`` from 1 to
    :data:`MAX_RATING` (the check of the usual case, before any conversion).

    >>> is_rating(2451.0), is_rating(2451), is_rating(2451.5), is_rating(0), is_rating(True)
    (True, True, False, False, False)
    """
    if type(value) is float:
        return value.is_integer() and 0.0 < value <= MAX_RATING
    return type(value) is int and 0 < value <= MAX_RATING


def are_ratings(values: Sequence[Any]) -> bool:
    """Whether *values* is a non-empty list of ratings all of one type, ``float`` (what Excel
    sends) or ``int`` (what xlwings Lite sends): :func:`is_rating` for each, checked at C
    speed.

    >>> are_ratings([2400.0, 2500.0]), are_ratings([2400, 2500]), are_ratings([2400, 0])
    (True, True, False)
    """
    if type(values) is not list or not values:
        return False
    if type(values[0]) is int:
        if set(map(type, values)) != {int}:
            return False
    else:
        try:  # float.is_integer takes floats only: the check of type comes free
            if not all(map(float.is_integer, values)):
                return False
        except TypeError:
            return False
    return bool(min(values) > 0 and max(values) <= MAX_RATING)


def rating_stats(values: Sequence[Any]) -> tuple[float, float] | None:
    """``(mean, spread)`` of *values* if :func:`are_ratings` holds for it, else ``None``;
    *spread* is the sum of squared deviations from the mean. For the numerical methods, which
    need both: the range is read from the same two sums where they suffice (every rating lies
    within the square root of the spread of the mean), :func:`are_ratings` decides where they
    do not.

    >>> rating_stats([2000, 2100]), rating_stats([2000.0, 0.0]), rating_stats([True, 2000])
    ((2050.0, 5000.0), None, None)
    """
    if type(values) is not list or not values:
        return None
    total: float
    try:
        if type(values[0]) is int:
            total = sum(values)
            if type(total) is not int:  # a value that is not an int
                return None
            low = 1.5  # 2 and up: no bool (an int, but not a rating) among them
        else:
            if not all(map(float.is_integer, values)):  # a TypeError for all but floats
                return None
            total = math.fsum(values)  # correctly rounded; an OverflowError past floats
            low = 0.5  # (a whole float above 0.5 is at least 1)
        n = len(values)
        mean = total / n
        norm = math.hypot(*values)
    except (TypeError, OverflowError):
        return None
    # sum (r - mean)^2 = sum r^2 - total^2 / n + n (exact mean - mean)^2, the last below
    # 4u^2 sum r^2 (u = 2^-53); norm^2 is within 5u of sum r^2 (hypot within 1 ulp), the
    # computed total mean within 4u of total^2 / n <= sum r^2: spread is within 11u sum r^2
    # in all, so every |r - mean| <= sqrt(spread + 2e-15 norm^2) = reach.
    norm2 = norm * norm
    spread = norm2 - total * mean
    if spread < 0.0:
        spread = 0.0
    reach = math.sqrt(spread + 2e-15 * norm2)
    if (mean - reach > low and mean + reach < MAX_RATING + 0.5) or are_ratings(values):
        return mean, spread
    return None


def _rating(value: Number, name: str, unrated: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, Decimal)):
        raise InvalidInputError(f"{name}: expected a rating (a whole number), got {value!r}")
    q = exact(value)
    if q.denominator != 1:
        raise InvalidInputError(f"{name}: a rating is a whole number, got {float(q):g}")
    r = int(q)
    if not 0 < r <= MAX_RATING:
        raise OutOfRangeError(f"{name}: {r} is not a rating (expected 1..{MAX_RATING}{unrated})")
    return r


def rating(value: Number, *, name: str = "rating") -> int:
    """A rating as a whole number between 1 and :data:`MAX_RATING`.

    >>> rating(2451.0)
    2451
    """
    if type(value) is int and 0 < value <= MAX_RATING:  # the usual case, at once
        return value
    if is_rating(value):
        return int(value)
    return _rating(value, name, "")


def optional_rating(value: Number | None, *, name: str = "rating") -> int | None:
    """A rating, or ``None`` (unrated) for ``None`` or 0.

    >>> optional_rating(2451.0), optional_rating(0), optional_rating(None)
    (2451, None, None)
    """
    if is_rating(value):
        return int(value)  # type: ignore[arg-type]
    if value is None or (value == 0 and not isinstance(value, bool)):
        return None
    return _rating(value, name, ", 0 = unrated")


def ratings(values: Iterable[Number], *, name: str = "opponent_ratings") -> list[int]:
    """A non-empty list of ratings."""
    vals = values if type(values) is list else list(values)
    if are_ratings(vals):
        out = list(map(int, vals))  # the usual case, checked at C speed
    else:
        out = [rating(v, name=name) for v in vals]
    if not out:
        raise NothingToComputeError(f"{name}: no rated opponent")
    return out


def rating_values(values: Sequence[Number], *, name: str = "opponent_ratings") -> list[float]:
    """A non-empty list of ratings as floats, for the numerical methods: a list of floats
    (what Excel sends) as it is, checked at C speed; anything else converted."""
    if are_ratings(values):
        if type(values[0]) is float:
            return values  # type: ignore[return-value]
        return list(map(float, values))
    return [float(r) for r in ratings(values, name=name)]


def whole(value: Number, *, name: str, minimum: int = 0) -> int:
    """A whole number not below *minimum* (game counts, years)."""
    q = exact(value)
    if q.denominator != 1:
        raise InvalidInputError(f"{name}: expected a whole number, got {float(q):g}")
    if q < minimum:
        raise OutOfRangeError(f"{name}: expected at least {minimum}, got {int(q)}")
    return int(q)


_HUNDREDTHS = {1: 100, Fraction(1, 2): 50, 0: 0}
"""W in hundredths; looked up by value (1.0, 0.5, 0 and Fractions alike)."""


def game_hundredths(value: Number) -> int:
    """W of one rated game in hundredths, refused unless 1, 1/2 or 0 (Rating Regulations
    8.1): 100, 50 or 0.

    >>> game_hundredths(1), game_hundredths(0.5), game_hundredths(Fraction(0))
    (100, 50, 0)
    """
    if type(value) is Fraction:  # the crosstable's points: no hashing needed
        n, d = value.numerator, value.denominator
        if (d == 1 and n in (0, 1)) or (d == 2 and n == 1):
            return 100 * n // d
    try:
        found = _HUNDREDTHS.get(value)
    except TypeError:
        found = None
    if found is None or isinstance(value, bool):
        w = exact(value)
        raise OutOfRangeError(f"results: a rated game scores 1, 1/2 or 0, got {float(w):g}")
    return found


def half_points(value: Number, *, name: str = "score") -> Fraction:
    """*value* as an exact number of points, refused unless a whole or half number: games
    score 1, ½ or 0 (B.02 8.1: W = 1, 0.5, 0), so no set of games makes any other total.

    >>> half_points(2.5), half_points(3)
    (Fraction(5, 2), Fraction(3, 1))
    """
    q = exact(value)
    if (2 * q).denominator != 1:
        raise OutOfRangeError(
            f"{name}: {float(q):g} points is not a score; games score 1, ½ or 0, so a score "
            "is a whole or half number of points"
        )
    return q


def score(value: Number, games: int, *, name: str = "score", halves: bool = True) -> Fraction:
    """A score between 0 and *games* points, in half points (:func:`half_points`).
    ``halves=False`` accepts any number in the range, for the exact performance (defined
    for every score between 0 and *games*).

    >>> score(2.5, 3), score(0, 3), score(1.3, 2, halves=False)
    (Fraction(5, 2), Fraction(0, 1), Fraction(13, 10))
    """
    q = half_points(value, name=name) if halves else exact(value)
    if q < 0 or q > games:
        raise OutOfRangeError(
            f"{name}: {float(q):g} points is not possible in {games} game"
            f"{'' if games == 1 else 's'}"
        )
    return q
