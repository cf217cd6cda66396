"""What a game's result means for the rules: its points, whether it is rated, whether it is a
bye; and every way a result is written. The one table of result symbols: the TRF reader, the
Excel cells, the templates and the report all read results through it.

The symbols are those of FIDE's Tournament Report File and of arbiters' crosstables.
Only ``1``, ``=`` (½) and ``0`` against an opponent are rated; forfeits (``+``, ``-``),
games of less than one move (``W``, ``D``, ``L``) and byes (``H``, ``F``, ``U``, ``Z``) score
points in the tournament but are not rated.

A cell is read by :func:`read_cell`, not :func:`parse`: there a bare ``W``, ``D`` or ``L``
is refused, because TRF16 writes them for a win, a draw, a loss not rated (games of less
than one move) while a person typing them in a cell means a win, a draw, a loss; a cell
writes a game of less than one move ``W<1``, ``D<1``, ``L<1`` (:data:`UNDER_ONE_MOVE_CELLS`),
and a rated game ``1``, ``½``, ``0``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from .errors import InvalidInputError

__all__ = [
    "BYE_SYMBOLS",
    "FORFEIT_SYMBOLS",
    "HALF",
    "RATED_SYMBOLS",
    "SPELLINGS",
    "SYMBOLS",
    "UNDER_ONE_MOVE_CELLS",
    "UNDER_ONE_MOVE_SYMBOLS",
    "Outcome",
    "is_cell_result",
    "parse",
    "played",
    "read_cell",
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
    def cell(self) -> str:
        """The result as a cell holds it, one :func:`read_cell` reads back as this outcome:
        :attr:`shown`, but ``W<1``, ``D<1``, ``L<1`` for a game of less than one move (a bare
        ``W``, ``D``, ``L`` is refused in a cell: a person means a win, draw, loss).

        >>> Outcome.SHORT_WIN.cell, Outcome.DRAW.cell, Outcome.FORFEIT_WIN.cell
        ('W<1', '½', '+')
        """
        return _CELL_OF_SHORT.get(self, self.shown)

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
        Without an opponent, ``+``, ``=`` and ``-`` are byes written the old way (``0000 - +``:
        a pairing-allocated bye, ``0000 - =``: a half-point bye, as the Irish Chess Union's
        rating software writes it, ``0000 - -``: a zero-point bye).

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
    {_BY_SYMBOL[a]: _BY_SYMBOL[b] for a, b in zip("1=0+-WDL", "0=1-+LDW")}  # above: the other's
)
_OLD_STYLE_BYES: Mapping[str, Outcome] = MappingProxyType(
    {"+": Outcome.PAIRING_BYE, "=": Outcome.HALF_BYE, "-": Outcome.ZERO_BYE}
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

_CELL_OF_SHORT: Mapping[Outcome, str] = MappingProxyType(
    {o: f"{o.symbol}<1" for o in (Outcome.SHORT_WIN, Outcome.SHORT_DRAW, Outcome.SHORT_LOSS)}
)

UNDER_ONE_MOVE_CELLS: Final = tuple(_CELL_OF_SHORT.values())
"""How a cell writes a win, draw and loss in a game of less than one move: ``W<1``, ``D<1``,
``L<1`` (scored, not rated); blanks inside are ignored, any case."""

_SPELLINGS: dict[str, Outcome] = {
    **_BY_SYMBOL,
    **{text: o for o, text in _CELL_OF_SHORT.items()},
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
symbols, ``½`` ``1/2`` ``0.5`` ``0,5`` ``.5`` for a draw, ``1.0`` and ``0.0``, the minus
sign ``−`` for ``-``, and ``W<1`` ``D<1`` ``L<1`` for ``W`` ``D`` ``L``. A cell reads them
all but the bare ``W``, ``D``, ``L`` (:func:`read_cell`)."""

_REFUSED_IN_CELLS: Mapping[str, tuple[str, str, str]] = MappingProxyType(
    {
        "W": ("a win", "1", "W<1"),
        "D": ("a draw", "\u00bd (or =)", "D<1"),
        "L": ("a loss", "0", "L<1"),
    }
)
"""The symbols a cell refuses: the result a person means, what to type for it and for TRF's."""


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
    found = _SPELLINGS.get(key) or _SPELLINGS.get(key.upper())
    if found is None and "<" in key:
        found = _SPELLINGS.get("".join(key.split()).upper())  # "W < 1"
    return found


def is_cell_result(text: str) -> bool:
    """Whether *text* names a result, one a cell takes or one it refuses for its two
    meanings (a bare ``W``, ``D``, ``L``: :func:`read_cell` says why).

    >>> is_cell_result("W"), is_cell_result("w<1"), is_cell_result("win")
    (True, True, False)
    """
    return parse(text) is not None


def read_cell(text: str, *, name: str = "result") -> Outcome | None:
    """The outcome of a result typed in a cell: any spelling :func:`parse` reads but a bare
    ``W``, ``D`` or ``L``; ``None`` for text naming no result. Raises
    :class:`~xlfuncs.core.errors.InvalidInputError` (``#VALUE!``) for ``W``, ``D``, ``L``, in
    either case (their two meanings: the module's docstring), saying what to type for each.

    >>> read_cell("D<1"), read_cell("½").symbol, read_cell("win")
    (<Outcome.SHORT_DRAW: ('D', Fraction(1, 2), False)>, '=', None)
    >>> read_cell("W", name="results (cell 1)")
    Traceback (most recent call last):
    ...
    xlfuncs.core.errors.InvalidInputError: results (cell 1): 'W' has two meanings: a win, ...
    """
    key = text.strip().upper()
    refused = _REFUSED_IN_CELLS.get(key)
    if refused is not None:
        meant, typed, short = refused
        raise InvalidInputError(
            f"{name}: {text.strip()!r} has two meanings: {meant}, or TRF's {key}, {meant} in a "
            f"game of less than one move (scored, not rated); type {typed} for {meant}, "
            f"{short} for one of less than one move"
        )
    return parse(text)
