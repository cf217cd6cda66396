"""What a game's result means for the rules: its points and whether it is rated.

The symbols are those of FIDE's Tournament Report File and of arbiters' crosstables.
Only ``1``, ``=`` (½) and ``0`` against an opponent are rated; forfeits (``+``, ``-``),
games of less than one move (``W``, ``D``, ``L``) and byes (``H``, ``F``, ``U``, ``Z``) score
points in the tournament but are not rated.
"""

from __future__ import annotations

import enum
from fractions import Fraction

__all__ = ["Outcome"]


class Outcome(enum.Enum):
    """A game's result from the player's side."""

    WIN = ("1", Fraction(1), True)
    DRAW = ("=", Fraction(1, 2), True)
    LOSS = ("0", Fraction(0), True)
    FORFEIT_WIN = ("+", Fraction(1), False)
    FORFEIT_LOSS = ("-", Fraction(0), False)
    SHORT_WIN = ("W", Fraction(1), False)
    """A win in a game that lasted less than one move."""
    SHORT_DRAW = ("D", Fraction(1, 2), False)
    SHORT_LOSS = ("L", Fraction(0), False)
    HALF_BYE = ("H", Fraction(1, 2), False)
    FULL_BYE = ("F", Fraction(1), False)
    PAIRING_BYE = ("U", Fraction(1), False)
    """The bye a pairing program gives to the odd player out (scores 1)."""
    ZERO_BYE = ("Z", Fraction(0), False)

    def __init__(self, symbol: str, points: Fraction, rated: bool) -> None:
        self.symbol = symbol
        """The TRF symbol."""
        self.points = points
        """Points scored in the tournament."""
        self.rated = rated
        """Whether the game counts for ratings (when the opponent is rated)."""

    @property
    def is_bye(self) -> bool:
        """Whether no opponent was there (a bye of any kind)."""
        return self in (Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.PAIRING_BYE, Outcome.ZERO_BYE)

    @classmethod
    def from_symbol(cls, symbol: str) -> Outcome:
        """The outcome for a TRF symbol.

        >>> Outcome.from_symbol("=").points
        Fraction(1, 2)
        """
        for outcome in cls:
            if outcome.symbol == symbol:
                return outcome
        raise KeyError(symbol)
