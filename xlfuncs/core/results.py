"""What a game's result means for the rules: its points, whether it is rated, whether it is a
bye; and every way a result is written. The one table of result symbols: the TRF reader, the
Excel cells, the templates and the report all read results through it.

The symbols are those of FIDE's Tournament Report File and of arbiters' crosstables.
Only ``1``, ``=`` (½) and ``0`` against an opponent are rated; forfeits (``+``, ``-``),
games of less than one move (``W``, ``D``, ``L``) and byes (``H``, ``F``, ``U``, ``Z``) score
points in the tournament but are not rated.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Final

__all__ = [
    "BYE_SYMBOLS",
    "FORFEIT_SYMBOLS",
    "HALF",
    "RATED_SYMBOLS",
    "SPELLINGS",
    "SYMBOLS",
    "UNDER_ONE_MOVE_SYMBOLS",
    "Outcome",
    "parse",
    "played",
]

HALF: Final = "\u00bd"
"""The draw as a cell shows it (``½``); ``=`` is its TRF symbol."""


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
        self.halves = int(2 * points)
        """The points in half points (a whole number: sums of them stay exact in ints)."""

    @property
    def is_bye(self) -> bool:
        """Whether no opponent was there (a bye of any kind)."""
        return self.symbol in _BYE_SYMBOLS  # a string's hash is kept: quicker than the enum's

    @property
    def is_forfeit(self) -> bool:
        """Whether the game was won or lost by forfeit (``+``, ``-``)."""
        return self in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)

    @property
    def shown(self) -> str:
        """The symbol as a cell shows it: ``½`` for a draw, else :attr:`symbol`."""
        return HALF if self is Outcome.DRAW else self.symbol

    @property
    def opposite(self) -> Outcome | None:
        """The opponent's result of the same game (``1``/``0``, ``=``/``=``, ``+``/``-``,
        ``W``/``L``, ``D``/``D``); ``None`` for a bye, which has no opponent.

        >>> Outcome.FORFEIT_WIN.opposite
        <Outcome.FORFEIT_LOSS: ('-', Fraction(0, 1), False)>
        """
        return _OPPOSITE.get(self)

    @classmethod
    def from_symbol(cls, symbol: str) -> Outcome:
        """The outcome for a TRF symbol (exactly as written; ``KeyError`` for any other).

        >>> Outcome.from_symbol("=").points
        Fraction(1, 2)
        """
        return _BY_SYMBOL[symbol]

    @classmethod
    def from_trf(cls, code: str, *, has_opponent: bool) -> Outcome | None:
        """The outcome of a TRF round: its result code (a :data:`SYMBOLS` character or a
        blank) and whether an opponent is written. A blank code is no game (``None``).
        Without an opponent, ``+`` and ``-`` are byes written the old way (``0000 - +``:
        a pairing-allocated bye, ``0000 - -``: a zero-point bye).

        >>> Outcome.from_trf("+", has_opponent=False), Outcome.from_trf(" ", has_opponent=True)
        (<Outcome.PAIRING_BYE: ('U', Fraction(1, 1), False)>, None)
        """
        if code == " ":
            return None
        if not has_opponent and code in _OLD_STYLE_BYES:
            return _OLD_STYLE_BYES[code]
        return _BY_SYMBOL[code]


_BY_SYMBOL: Mapping[str, Outcome] = MappingProxyType({o.symbol: o for o in Outcome})
_BYES = frozenset({Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.PAIRING_BYE, Outcome.ZERO_BYE})
_BYE_SYMBOLS = frozenset(o.symbol for o in _BYES)
_OPPOSITE: Mapping[Outcome, Outcome] = MappingProxyType(
    {
        Outcome.WIN: Outcome.LOSS,
        Outcome.LOSS: Outcome.WIN,
        Outcome.DRAW: Outcome.DRAW,
        Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
        Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
        Outcome.SHORT_WIN: Outcome.SHORT_LOSS,
        Outcome.SHORT_LOSS: Outcome.SHORT_WIN,
        Outcome.SHORT_DRAW: Outcome.SHORT_DRAW,
    }
)
_OLD_STYLE_BYES: Mapping[str, Outcome] = MappingProxyType(
    {"+": Outcome.PAIRING_BYE, "-": Outcome.ZERO_BYE}
)

SYMBOLS: Final = "".join(o.symbol for o in Outcome)
"""Every result symbol, in :class:`Outcome`'s order: ``1=0+-WDLHFUZ``. Case matters."""

RATED_SYMBOLS: Final = "".join(o.symbol for o in Outcome if o.rated)
"""The results of a game played and rated: ``1=0``."""

FORFEIT_SYMBOLS: Final = "".join(o.symbol for o in Outcome if o.is_forfeit)
"""Forfeit win and forfeit loss: ``+-``."""

UNDER_ONE_MOVE_SYMBOLS: Final = "".join(
    o.symbol for o in (Outcome.SHORT_WIN, Outcome.SHORT_DRAW, Outcome.SHORT_LOSS)
)
"""Win, draw and loss in a game of less than one move: ``WDL`` (played, not rated)."""

BYE_SYMBOLS: Final = "".join(o.symbol for o in Outcome if o.is_bye)
"""Byes: half-point, full-point, pairing-allocated, zero-point: ``HFUZ``."""

_SPELLINGS: dict[str, Outcome] = {
    **_BY_SYMBOL,
    "1.0": Outcome.WIN,
    HALF: Outcome.DRAW,
    "1/2": Outcome.DRAW,
    "0.5": Outcome.DRAW,
    "0,5": Outcome.DRAW,
    ".5": Outcome.DRAW,
    "0.0": Outcome.LOSS,
    "\u2212": Outcome.FORFEIT_LOSS,  # the minus sign, as word processors write "-"
}
SPELLINGS: Mapping[str, Outcome] = MappingProxyType(_SPELLINGS)
"""Every accepted way of writing a result as text (upper case), and its outcome: the
symbols, ``½`` ``1/2`` ``0.5`` ``0,5`` ``.5`` for a draw, ``1.0`` and ``0.0``, and the
minus sign ``−`` for ``-``."""


_PLAYED: Mapping[Fraction, Outcome] = MappingProxyType(
    {o.points: o for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)}
)


def played(points: Fraction) -> Outcome | None:
    """The result of a game played over the board that scored *points*: 1 a win, ½ a draw,
    0 a loss; ``None`` for any other number.

    >>> played(Fraction(1, 2)), played(Fraction(1)).shown, played(Fraction(3, 4))
    (<Outcome.DRAW: ('=', Fraction(1, 2), True)>, '1', None)
    """
    return _PLAYED.get(points)


def parse(text: str) -> Outcome | None:
    """The outcome of a result as typed in a cell or a template's data: any spelling of
    :data:`SPELLINGS`, blanks around it ignored, letters in either case; ``None`` for any
    other text.

    >>> [parse(t).symbol for t in ("1", " ½ ", "0,5", "1/2", "\u2212", "h")]
    ['1', '=', '=', '=', '-', 'H']
    >>> parse("2") is None
    True
    """
    key = text.strip()
    return _SPELLINGS.get(key) or _SPELLINGS.get(key.upper())
