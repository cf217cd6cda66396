"""Checks shared by the rules modules: ratings and scores as the regulations allow them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from .errors import InvalidInputError, NothingToComputeError, OutOfRangeError
from .tables import Number, exact

__all__ = ["MAX_RATING", "rating", "rating_values", "ratings", "score", "whole"]

MAX_RATING = 4000
"""No FIDE rating has come near this; a larger number is a typing error."""


def rating(value: Number, *, name: str = "rating") -> int:
    """A rating as a whole number between 1 and :data:`MAX_RATING`.

    >>> rating(2451.0)
    2451
    """
    if (
        type(value) is int or (type(value) is float and value.is_integer())
    ) and 0 < value <= MAX_RATING:
        return int(value)
    q = exact(value)
    if q.denominator != 1:
        raise InvalidInputError(f"{name}: a rating is a whole number, got {float(q):g}")
    r = int(q)
    if not 0 < r <= MAX_RATING:
        raise OutOfRangeError(f"{name}: {r} is not a rating (expected 1..{MAX_RATING})")
    return r


def ratings(values: Iterable[Number], *, name: str = "opponent_ratings") -> list[int]:
    """A non-empty list of ratings."""
    vals = list(values)
    kinds = set(map(type, vals))
    integral = kinds == {int} or (kinds == {float} and all(map(float.is_integer, vals)))  # type: ignore[arg-type]
    if vals and integral and min(vals) > 0 and max(vals) <= MAX_RATING:
        out = list(map(int, vals))  # the usual case, checked at C speed
    else:
        out = [rating(v, name=name) for v in vals]
    if not out:
        raise NothingToComputeError(f"{name}: no rated opponent")
    return out


def rating_values(values: Sequence[Number], *, name: str = "opponent_ratings") -> list[float]:
    """A non-empty list of ratings as floats, for the numerical methods.

    A list of whole-valued floats (what Excel sends) is checked at C speed and returned as
    it is; anything else goes through :func:`ratings`.
    """
    if type(values) is list and values:
        try:  # float.is_integer refuses anything but a float: the check of type comes free
            plain = all(map(float.is_integer, values))
        except TypeError:
            plain = False
        if plain and min(values) > 0.0 and max(values) <= MAX_RATING:
            return values
    return [float(r) for r in ratings(values, name=name)]


def whole(value: Number, *, name: str, minimum: int = 0) -> int:
    """A whole number not below *minimum* (game counts, years)."""
    q = exact(value)
    if q.denominator != 1:
        raise InvalidInputError(f"{name}: expected a whole number, got {float(q):g}")
    if q < minimum:
        raise OutOfRangeError(f"{name}: expected at least {minimum}, got {int(q)}")
    return int(q)


def score(value: Number, games: int, *, name: str = "score") -> Fraction:
    """A score between 0 and *games* points."""
    q = exact(value)
    if q < 0 or q > games:
        raise OutOfRangeError(
            f"{name}: {float(q):g} points is not possible in {games} game"
            f"{'' if games == 1 else 's'}"
        )
    return q
