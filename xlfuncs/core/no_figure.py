"""The few words a wall chart's cell shows where the rules give a player no figure: an
unrated player has no rating change, a rated one no first rating, a player without a game
against a rated opponent no Ra or performance, a rapid or blitz event no title norm. Each
whole-column function that can meet such a row says it in these words (its ``reasons``
argument), so that no cell is blank where a figure seems to be missing; the words of a rule
that refuses a whole event are its error's :attr:`~xlfuncs.core.errors.XlfuncsError.short`.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "NO_K",
    "NO_NORM",
    "NO_RATED_GAME",
    "RATED",
    "UNRATED",
    "ZERO_SCORE",
    "below_floor",
    "too_few_games",
]

UNRATED: Final = "unrated"
"""No rating change: the player has no rating."""
RATED: Final = "rated"
"""No first rating: the player has a rating."""
NO_K: Final = "no K"
"""No rating change: the player's K is not known."""
NO_RATED_GAME: Final = "no rated game"
"""No Ra, performance or first rating: no rated game against a rated opponent."""
ZERO_SCORE: Final = "zero score"
"""No first rating: a zero score in a first event is disregarded."""
NO_NORM: Final = "none"
"""No title norm made."""


def below_floor(floor: int) -> str:
    """No first rating published: Ru is below the edition's rating *floor*.

    >>> below_floor(1400)
    'Ru < 1400'
    """
    return f"Ru < {floor}"


def too_few_games(least: int) -> str:
    """No first rating published: fewer than *least* games against rated opponents.

    >>> too_few_games(5)
    '< 5 games'
    """
    return f"< {least} games"
