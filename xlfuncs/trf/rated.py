"""Who FIDE rates: the one definition of a rated player, for every command.

A TRF's rating is a FIDE rating only when the player has a FIDE id (FIDE rates and lists
only registered players, Handbook D.01.12 3) and the figure is one FIDE's list can hold,
:data:`LOWEST_RATING` to core's ``MAX_RATING`` (``docs/rated.md``).
"""

from __future__ import annotations

from typing import Protocol

from ..core.editions import EDITIONS, RAPID_BLITZ_EDITIONS
from ..core.validate import MAX_RATING

__all__ = ["LOWEST_RATING", "RatedEntry", "fide_rating", "has_fide_id", "is_rated"]

LOWEST_RATING: int = min(
    e.rating_floor for e in (*EDITIONS.values(), *RAPID_BLITZ_EDITIONS.values())
)
"""The lowest rating FIDE's list ever held, the lowest floor of any edition (1000): a smaller
figure in a file is a national or online rating."""


class RatedEntry(Protocol):
    """What the definition reads of a player (a TRF ``001`` line, or one with a rating
    list's data)."""

    @property
    def rating(self) -> int | None: ...

    @property
    def fide_id(self) -> str | None: ...


def has_fide_id(p: RatedEntry) -> bool:
    """Whether the file gives the player a FIDE id (blank or all zeros: none).

    >>> from xlfuncs.trf import parse_trf
    >>> has_fide_id(parse_trf("001    1 m    Ash, Ada                          2250 ENG"
    ...                       "           0 1990/01/01").players[0])
    False
    """
    return p.fide_id is not None and p.fide_id.strip("0") != ""


def fide_rating(p: RatedEntry) -> int | None:
    """The player's FIDE rating (see the module); ``None``: unrated for FIDE's figures.

    >>> from xlfuncs.trf import parse_trf
    >>> line = "001    1 m    Ash, Ada                          {} ENG     1234567"
    >>> fide_rating(parse_trf(line.format("2250")).players[0])
    2250
    >>> fide_rating(parse_trf(line.format(" 951")).players[0]) is None
    True
    """
    r = p.rating
    if r is None or not has_fide_id(p) or not LOWEST_RATING <= r <= MAX_RATING:
        return None
    return r


def is_rated(p: RatedEntry) -> bool:
    """Whether FIDE rates the player (:func:`fide_rating`): what record ``072`` counts."""
    return fide_rating(p) is not None
