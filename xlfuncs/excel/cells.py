"""Cell values, as xlwings sends them (blanks ``None`` or ``""``, numbers ``float`` or ``int``,
dates, Excel errors as text, passed on: :class:`~.errors.ExcelErrorInput`), to core
arguments; a value no reader accepts raises the core's error, naming the argument and cell.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeVar

from ..core import validate
from ..core.editions import Edition, get_edition, read_rules_and_rate
from ..core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError, XlfuncsError
from ..core.first_rating import System
from ..core.performance import (
    PTP_FULL_SCORE_DEFAULT,
    PTP_FULL_SCORE_READINGS,
    PtpFullScore,
    ptp_full_score_reading,
)
from ..core.results import Outcome, is_cell_result, read_cell
from ..core.scoring import ScoringSystem, read_scoring
from ..core.sex import is_woman
from ..core.title_editions import TitleEdition, title_edition
from .errors import EXCEL_ERRORS, check_cell, shown
from .ranges import Cell, flatten, matrix, single

_T = TypeVar("_T")

__all__ = [
    "COLOURS",
    "SYSTEMS",
    "PTP_FULL_SCORE_DEFAULT",
    "SYSTEM_HELP",
    "Game",
    "boolean",
    "boolean_or_sex",
    "colour",
    "date",
    "exact_number",
    "games",
    "is_blank",
    "is_diagonal",
    "is_results",
    "key_columns",
    "listed_ratings",
    "number",
    "optional_number",
    "outcome",
    "ptp_reading",
    "rank_key",
    "rated_games",
    "rated",
    "rating",
    "ratings",
    "rules",
    "same_size",
    "score_or_results",
    "scoring",
    "system",
    "text",
    "tiebreak_rules",
    "title_rules",
    "whole_number",
]

_EXCEL_EPOCH = _dt.date(1899, 12, 30)
_SERIAL_MIN, _SERIAL_MAX = 2, 2958465  # 1900-01-01 .. 9999-12-31


def is_blank(value: Cell) -> bool:
    """Whether a cell is empty (``None`` or text of spaces only)."""
    return value is None or (isinstance(value, str) and not value.strip())


def is_diagonal(value: Cell) -> bool:
    """Whether a cell holds the mark of a crosstable's diagonal (``x``, ``*``, ``×``)."""
    return isinstance(value, str) and value.strip() in ("x", "X", "*", "\u00d7")


_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)$")
_FLOAT_DIGITS = 309
"""Digits of the whole part of the largest float (about 1.8E+308): text with more is out
of range, and not converted."""


def _text_number(text: str) -> Fraction | None:
    t = text.strip().replace("\u00bd", ".5").replace("\u2212", "-")
    if t.endswith("1/2"):
        head = t[:-3].strip()
        if head in ("", "+", "-") or _NUMBER.match(head):
            base = _exact_text(head) if head not in ("", "+", "-") else 0
            sign = -1 if head.startswith("-") else 1
            return Fraction(base) + sign * Fraction(1, 2)
        return None
    if _NUMBER.match(t):
        return _exact_text(t)
    return None


def _exact_text(t: str) -> Fraction:
    """The number a text matching :data:`_NUMBER` holds, exactly; infinite beyond floats."""
    t = t.replace(",", ".")
    whole = t.lstrip("+-").split(".")[0].lstrip("0")
    if len(whole) > _FLOAT_DIGITS:
        raise OverflowError("too many digits")
    return Fraction(Decimal(t))  # a Decimal reads any number of digits, exactly


def number(value: Cell, name: str) -> float:
    """A number from a cell: a number, or text holding one (``"2.5"``, ``"2,5"``, ``"2½"``).

    >>> number("2½", "score"), number(3.0, "score")
    (2.5, 3.0)
    """
    value = single(value, name)
    check_cell(value, name)
    if isinstance(value, bool):
        raise InvalidInputError(f"{name}: expected a number, got {value}")
    if isinstance(value, (int, float)):
        try:
            as_float = float(value)
        except OverflowError:  # an int beyond floats
            raise OutOfRangeError(f"{name}: {shown(value)} is too large a number") from None
        if math.isnan(as_float) or math.isinf(as_float):
            raise OutOfRangeError(f"{name}: expected a finite number, got {value}")
        return as_float
    if isinstance(value, str):
        try:
            parsed = _text_number(value)
            if parsed is not None:
                return float(parsed)
        except OverflowError:
            raise OutOfRangeError(
                f"{name}: the text {shown(value)} is too large a number (beyond 1.8E+308)"
            ) from None
        if is_blank(value):
            raise NothingToComputeError(f"{name}: the cell is blank")
        raise InvalidInputError(f"{name}: expected a number, got the text {shown(value)}")
    if value is None:
        raise NothingToComputeError(f"{name}: the cell is blank")
    raise InvalidInputError(f"{name}: expected a number, got {shown(value)}")


def exact_number(value: Cell, name: str) -> Fraction:
    """A number from a cell, read exactly as typed (2.5 is 5/2, 0.345 is 69/200)."""
    from ..core.tables import exact

    return exact(number(value, name))


def optional_number(value: Cell, name: str) -> float | None:
    """A number, or ``None`` for a blank cell or an omitted argument."""
    return None if is_blank(single(value, name)) else number(value, name)


def whole_number(value: Cell, name: str) -> int:
    """A whole number (game counts, years)."""
    x = number(value, name)
    if x != int(x):
        raise InvalidInputError(f"{name}: expected a whole number, got {x:g}")
    return int(x)


def rating(value: Cell, name: str) -> int | None:
    """A rating from a cell (:func:`xlfuncs.core.validate.optional_rating`); blank or 0 is
    unrated (``None``)."""
    if validate.is_rating(value):
        return int(value)  # the usual case, first
    value = single(value, name)
    check_cell(value, name)
    if is_blank(value):
        return None
    return validate.optional_rating(number(value, name), name=name)


def rated(value: Cell, name: str) -> int:
    """The rating of the player a calculation is for: :func:`rating`, but unrated is ``#N/A``."""
    r = rating(value, name)
    if r is None:
        raise NothingToComputeError(f"{name}: the player is unrated (blank or 0)")
    return r


def ratings(value: Cell, name: str) -> list[int | None]:
    """Every cell of a range as a rating (``None`` for blank or 0), in reading order."""
    cells = flatten(value)
    if validate.are_ratings(cells):
        return list(map(int, cells))  # the usual case, checked at C speed
    return [  # a rating as it is, without building a name; else read with its name
        int(cell) if validate.is_rating(cell) else rating(cell, f"{name} (cell {i})")
        for i, cell in enumerate(cells, start=1)
    ]


def listed_ratings(value: Cell, name: str) -> list[int | None]:
    """Every non-blank cell of a range as an opponent's rating (``None`` for 0: unrated)."""
    return [
        rating(c, f"{name} (cell {i})")
        for i, c in enumerate(flatten(value), start=1)
        if not is_blank(c)
    ]


def outcome(value: Cell, name: str) -> Outcome | None:
    """A result from a cell: 1, 0.5, 0, or text :func:`xlfuncs.core.results.read_cell`
    accepts; blank is ``None`` (no game). A bare W, D or L is refused (``#VALUE!``): TRF's
    under-one-move codes, or the win, draw, loss a person means.

    >>> outcome("½", "r"), outcome(0.0, "r"), outcome("+", "r"), outcome(None, "r")
    (<Outcome.DRAW: ...>, <Outcome.LOSS: ...>, <Outcome.FORFEIT_WIN: ...>, None)
    """
    check_cell(value, name)
    if is_blank(value):
        return None
    if isinstance(value, bool):
        raise InvalidInputError(f"{name}: expected a result (1, ½, 0, +, -), got {value}")
    if isinstance(value, (int, float)):
        if value == 1:
            return Outcome.WIN
        if value == 0.5:
            return Outcome.DRAW
        if value == 0:
            return Outcome.LOSS
        raise OutOfRangeError(f"{name}: a game scores 1, ½ or 0, got {value:g}")
    if isinstance(value, str):
        found = read_cell(value, name=name)
        if found is not None:
            return found
    raise InvalidInputError(
        f"{name}: expected a result (1, ½, =, 0, +, -, W<1, D<1, L<1 under one move, or a bye "
        f"H, F, U, Z), got {shown(value)}"
    )


Game = tuple[int | None, Outcome]
"""A game from cells: the opponent's rating (``None``: unrated) and its result."""


def same_size(
    first: Cell, first_name: str, second: Cell, second_name: str
) -> tuple[list[Cell], list[Cell]]:
    """The cells of two ranges of as many cells, each in reading order."""
    a, b = flatten(first), flatten(second)
    if len(a) != len(b):
        raise InvalidInputError(
            f"{first_name} has {len(a)} cell{'' if len(a) == 1 else 's'} but {second_name} "
            f"has {len(b)}; they must be the same size"
        )
    return a, b


def games(opponent_ratings: Cell, results: Cell, *, results_name: str = "results") -> list[Game]:
    """Pair two ranges of equal size, cell by cell, into games: a result without a rating
    is a game against an unrated opponent; a rating without a result is left out."""
    rs, ws = same_size(opponent_ratings, "opponent_ratings", results, results_name)
    out: list[Game] = []
    for i, (r, w) in enumerate(zip(rs, ws), start=1):
        result = outcome(w, f"{results_name} (cell {i})")
        opponent = rating(r, f"opponent_ratings (cell {i})")
        if result is None:
            continue
        if result.is_bye and opponent is not None:
            raise InvalidInputError(
                f"{results_name} (cell {i}): a bye ({result.symbol}) "
                f"has no opponent, but the rating is {opponent}"
            )
        out.append((opponent, result))
    return out


def rated_games(found: Sequence[Game]) -> list[tuple[int, Fraction]]:
    """The games that count for ratings: rated results against rated opponents."""
    return [(r, o.points) for r, o in found if r is not None and o.rated]


def is_results(value: Cell) -> bool:
    """Whether a score-or-results argument holds results rather than a bare score: a range
    of more than one cell does; one cell does when it is text naming a result that is not
    also a number (``"="``, ``"+"``, ``W<1``, a bye, a bare ``W``). A number, or text
    holding one, is a score (with one opponent both readings agree).

    >>> is_results([["="]]), is_results("+"), is_results([[1.0]]), is_results("½")
    (True, True, False, False)
    >>> is_results([[1.0], [0.0]])
    True
    """
    if isinstance(value, (list, tuple)):
        cells = flatten(value)
        if len(cells) != 1:
            return len(cells) > 1
        value = cells[0]
    return (
        isinstance(value, str)
        and is_cell_result(value)
        and _text_number(value) is None
        and value.strip().upper() not in EXCEL_ERRORS
    )


def score_or_results(
    opponent_ratings: Cell, score_or_results: Cell, *, name: str = "score"
) -> tuple[list[int] | list[float], Fraction | float]:
    """The rated opponents and the score against them, from a bare score or from results
    beside the ratings (:func:`is_results`); unrated opponents, forfeits and byes left out."""
    if is_results(score_or_results):
        found = rated_games(games(opponent_ratings, score_or_results, results_name=name))
        if not found:
            raise NothingToComputeError(f"{name}: no rated game against a rated opponent")
        return [r for r, _ in found], sum((w for _, w in found), Fraction(0))
    cells = flatten(opponent_ratings)
    if (
        type(score_or_results) is float
        and (score_or_results + score_or_results).is_integer()
        and cells
        and 0.0 not in cells
    ):
        try:  # float.is_integer takes floats only: no blank, no text
            plain = all(map(float.is_integer, cells))
        except TypeError:
            plain = False
        if plain:
            return cells, score_or_results  # the usual case: the core checks the range
    rated = [r for r in ratings(cells, "opponent_ratings") if r is not None]
    if not rated:
        raise NothingToComputeError("opponent_ratings: no rated opponent")
    return rated, validate.half_points(exact_number(score_or_results, name), name=name)


SYSTEMS: Mapping[str, System] = MappingProxyType(
    {
        "swiss": "swiss",
        "suizo": "swiss",
        "rr": "rr",
        "round robin": "rr",
        "round-robin": "rr",
        "roundrobin": "rr",
        "todos contra todos": "rr",
    }
)
"""The accepted ways of naming the kind of event (any case), and what each means."""

SYSTEM_HELP = '"swiss" (or "suizo") or "rr" (or "round robin", "todos contra todos")'
"""What a ``system`` argument accepts, for the function wizard's help."""


def system(value: Cell, name: str = "system") -> System | None:
    """The kind of event from a cell (:data:`SYSTEMS`); ``None`` for a blank cell.

    >>> system("Suizo"), system("round robin"), system(None)
    ('swiss', 'rr', None)
    """
    return _word(single(value, name), name, SYSTEMS, SYSTEM_HELP)


def _word(value: Cell, name: str, words: Mapping[str, _T], expected: str) -> _T | None:
    """What the word in a cell means in *words* (any case); ``None`` for a blank cell."""
    check_cell(value, name)
    if is_blank(value):
        return None
    found = words.get(value.strip().lower()) if isinstance(value, str) else None
    if found is None:
        raise InvalidInputError(f"{name}: expected {expected}, got {shown(value)}")
    return found


def date(value: Cell, name: str) -> _dt.date:
    """A date from a cell: a date, a serial number (1900 system) or ISO text."""
    value = single(value, name)
    check_cell(value, name)
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if not _SERIAL_MIN <= value <= _SERIAL_MAX:
            raise OutOfRangeError(f"{name}: {value:g} is not a date")
        return _EXCEL_EPOCH + _dt.timedelta(days=int(value))
    if isinstance(value, str):
        try:
            return _dt.date.fromisoformat(value.strip()[:10])
        except ValueError:
            pass
    raise InvalidInputError(f"{name}: expected a date, got {shown(value)}")


_TRUE = {"TRUE", "YES", "Y", "1", "SI", "SÍ", "X", "VERDADERO", "WAHR", "VRAI"}
_FALSE = {"FALSE", "NO", "N", "0", "FALSO", "FALSCH", "FAUX", ""}


def boolean(value: Cell, name: str) -> bool:
    """A yes/no from a cell: TRUE/FALSE, 1/0, yes/no; blank is no."""
    value = single(value, name)
    check_cell(value, name)
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, (int, float)):
        if value in (0, 1):
            return bool(value)
    elif isinstance(value, str):
        key = value.strip().upper()
        if key in _TRUE:
            return True
        if key in _FALSE:
            return False
    raise InvalidInputError(f"{name}: expected TRUE or FALSE, got {shown(value)}")


def text(value: Cell, name: str) -> str:
    """Text from a cell; blank gives ``""``."""
    value = single(value, name)
    check_cell(value, name)
    if is_blank(value):
        return ""
    if isinstance(value, str):
        return value.strip()
    raise InvalidInputError(f"{name}: expected text, got {shown(value)}")


def boolean_or_sex(value: Cell, name: str = "female") -> bool:
    """Whether a cell marks a woman: ``w``, ``f`` (:func:`~xlfuncs.core.sex.is_woman`), TRUE,
    1 or yes."""
    check_cell(value, name)
    if is_blank(value):
        return False
    if isinstance(value, str) and is_woman(value):
        return True
    if isinstance(value, str) and value.strip().lower() == "m":
        return False
    return boolean(value, name)


COLOURS: Mapping[str, str] = MappingProxyType({"w": "w", "white": "w", "b": "b", "black": "b"})
"""The accepted ways of writing a game's colour (any case), and the colour each means."""


_COLOUR_CELLS = {"w": "w", "b": "b", "W": "w", "B": "b"}
"""The colours as cells usually hold them."""


def colour(value: Cell, name: str) -> str | None:
    """A game's colour from a cell (:data:`COLOURS`); ``None`` for a blank cell.

    >>> colour("W", "c"), colour(" black ", "c"), colour(None, "c")
    ('w', 'b', None)
    """
    if value is None:
        return None
    if type(value) is str and value in _COLOUR_CELLS:
        return _COLOUR_CELLS[value]  # the usual cells, at once
    return _word(value, name, COLOURS, "a colour, w or b")


def key_columns(value: Cell, name: str, count: int) -> list[tuple[list[Cell], str]]:
    """The columns of keys in a ranking argument, each with its name: one column (or a row
    of *count* cells) is one key, several columns are several, left to right."""
    rows = matrix(value, name)
    if len(rows) == 1 and count > 1 and len(rows[0]) == count:
        return [(rows[0], name)]
    if len(rows) != count:
        raise InvalidInputError(
            f"{name} has {len(rows)} row{'' if len(rows) == 1 else 's'} but points has "
            f"{count}; one row per player"
        )
    width = len(rows[0])
    if width == 1:
        return [([r[0] for r in rows], name)]
    return [([r[j] for r in rows], f"{name}, column {j + 1}") for j in range(width)]


def rank_key(value: Cell, name: str) -> float | None:
    """A ranking key from a cell: a number, or text holding one; ``None`` for a blank."""
    if type(value) is float or type(value) is int:
        if not math.isfinite(value):
            raise OutOfRangeError(f"{name}: expected a finite number, got {value}")
        return value
    return None if is_blank(value) else number(value, name)


# ------------------------------------------------------------------------- rules cells


def _rules_cell(value: Cell, name: str) -> _dt.date | str | None:
    """What a ``rules`` cell names, before any regulations read it: ``None`` for a blank
    cell; a date for a date or a serial number; the text as typed, or for a number from 1900
    to 2100, an edition id (``2024``)."""
    value = single(value, name)
    check_cell(value, name)
    if is_blank(value):
        return None
    if isinstance(value, _dt.date):
        return date(value, name)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise OutOfRangeError(
                f"{name}: expected an edition id or a date, got the number {value}"
            )
        if value == int(value) and 1900 <= value <= 2100:
            return str(int(value))
        return date(value, name)
    if isinstance(value, str):
        return value
    raise InvalidInputError(f"{name}: expected an edition id or a date, got {shown(value)}")


def rules(value: Cell, name: str = "rules", *, day: _dt.date | None = None) -> Edition:
    """The edition from a cell: blank (in force today), an id, a date or ISO date text, with
    a rate of play or not (``"2025 rapid"``, ``"blitz"``:
    :func:`xlfuncs.core.editions.read_rules_and_rate`). *day* stands for the date where the
    cell names none (blank, or a rate alone): ``K_FACTOR``'s ``period_date``."""
    spec = _rules_cell(value, name)
    if spec is None or isinstance(spec, _dt.date):
        return get_edition(spec if spec is not None else day)
    if day is not None:
        named, rate = read_rules_and_rate(spec)
        if named is None:
            return get_edition(day, rate=rate)
    return get_edition(spec.strip())


def title_rules(value: Cell, name: str = "rules") -> TitleEdition:
    """The Title Regulations' edition from a norm function's ``rules`` cell: blank (today), a
    date (in force that day, not read as a rating edition first: the two change on their own
    dates), or a Rating Regulations id (:func:`xlfuncs.core.title_editions.title_edition`)."""
    spec = _rules_cell(value, name)
    return title_edition(spec.strip() if isinstance(spec, str) else spec)


def scoring(value: Cell, name: str = "scoring") -> ScoringSystem:
    """The event's scoring system from a ``scoring`` cell: blank (1-½-0), or text
    :func:`~xlfuncs.core.scoring.read_scoring` reads (``3-1-0``)."""
    check_cell(value, name)
    if is_blank(value):
        return read_scoring(None)
    if not isinstance(value, str):
        raise InvalidInputError(
            f"{name}: expected the points of a win, a draw and a loss as text (3-1-0), "
            f"got {shown(value)}"
        )
    try:
        return read_scoring(value)
    except XlfuncsError as exc:
        raise InvalidInputError(f"{name}: {str(exc).removeprefix('scoring: ')}") from None


def ptp_reading(value: Cell, name: str = "ptp_full_score") -> PtpFullScore:
    """How PTP reads a full score (C.07 10.3) from a ``ptp_full_score`` cell: blank, or one of
    :data:`~xlfuncs.core.performance.PTP_FULL_SCORE_READINGS` (any case)."""
    check_cell(value, name)
    if is_blank(value):
        return ptp_full_score_reading(None)
    if not isinstance(value, str):
        readings = " or ".join(PTP_FULL_SCORE_READINGS)
        raise InvalidInputError(f"{name}: expected {readings} (text), got {value!r}")
    try:
        return ptp_full_score_reading(value)
    except XlfuncsError as exc:
        raise InvalidInputError(f"{name}: {exc}") from None


def tiebreak_rules(value: Cell, name: str = "rules") -> Any:
    """The edition of the Tie-Break Regulations (C.07) from a ``rules`` cell: blank (today), a
    date (in force that day), a C.07 id (``2023``, ``2026``), or a rating edition (``2025``,
    ``"2024-12 rapid"``: the C.07 text in force on its first day;
    :func:`xlfuncs.core.tiebreak_editions.tiebreak_edition`)."""
    from ..core.editions import read_rules
    from ..core.tiebreak_editions import TIEBREAK_EDITIONS, tiebreak_edition

    found = _rules_cell(value, name)
    spec: Any = found.strip() if isinstance(found, str) else found
    if isinstance(spec, str) and spec not in TIEBREAK_EDITIONS:
        named: Any = spec
        try:  # a rating edition (of any rate of play: C.07 serves them all), or a date
            named = read_rules(spec)
        except XlfuncsError:
            if re.fullmatch(r"\d+-\d+-\d+", spec):
                raise  # an impossible date, named as such
            # else the C.07 reader says what is wrong with it
        spec = named.in_force_from if isinstance(named, Edition) else named
    try:
        return tiebreak_edition(spec)
    except XlfuncsError as exc:  # the core names its argument "edition"
        raise type(exc)(f"{name}: {str(exc).removeprefix('edition: ')}") from None
