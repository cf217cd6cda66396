"""Between Excel cells and the rating core: cell-value coercion and the error mapping.

Cells arrive as Excel (through xlwings) sends them: a single value, a list (one row or one
column) or a list of lists; blanks as ``None`` (or ``""``), numbers as ``float``, dates as
``datetime`` or as serial numbers, Excel errors as their text (``"#N/A"``). This module turns
them into core arguments, and turns every failure into an Excel error value:

===========  ===========================================================================
``#VALUE!``  wrong type or shape: text where a number belongs, ranges of unequal length
``#NUM!``    out of range or infinite: a score above the games played, a 0 % exact Rp
``#N/A``     nothing to compute: no rated opponent, a norm no score can reach
===========  ===========================================================================

An Excel error arriving in an argument passes through unchanged: when a call fails, the first
error value among its arguments (in argument order, each range in reading order) is the
answer, as in Excel; the whole-column forms show an error in a cell of one player's row in
that row (and in the rows of those who met that player). The reason for the last error of
each function is kept: :func:`explain` re-runs a call and returns it as text (the
``EXPLAIN_ERROR`` Excel function); a call with an argument missing or one too many is
answered from the function's signature.

No xlwings here: this module is shared by classic xlwings, xlwings Lite and the tests.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
import inspect
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import chain
from types import MappingProxyType
from typing import Any, TypeVar, cast

from .core import validate
from .core.editions import Edition, get_edition, read_rules_and_rate
from .core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError, XlfuncsError
from .core.first_rating import System
from .core.results import Outcome
from .core.results import parse as parse_result
from .core.title_editions import TitleEdition, title_edition

__all__ = [
    "COLOURS",
    "EXCEL_ERRORS",
    "Cell",
    "ExcelErrorInput",
    "Game",
    "arity",
    "boolean",
    "check_error",
    "colour",
    "date",
    "descriptor",
    "error_in",
    "excel_function",
    "explain",
    "first_error",
    "first_error_among",
    "flatten",
    "games",
    "is_results",
    "key_columns",
    "listed_ratings",
    "last_errors",
    "number",
    "optional_number",
    "outcome",
    "players_only",
    "rating",
    "ratings",
    "rules",
    "score_or_results",
    "shown",
    "system",
    "title_rules",
    "text",
    "tiebreak_rows",
    "tiebreak_rules",
    "to_excel",
    "whole_number",
]

Cell = Any
"""A value as xlwings passes it: None, float, int, str, bool, datetime, list, list of lists."""

EXCEL_ERRORS = frozenset(
    {
        "#NULL!",
        "#DIV/0!",
        "#VALUE!",
        "#REF!",
        "#NAME?",
        "#NUM!",
        "#N/A",
        "#GETTING_DATA",
        "#SPILL!",
        "#CALC!",
        "#FIELD!",
        "#BLOCKED!",
        "#UNKNOWN!",
        "#CONNECT!",
        "#BUSY!",
        "#PYTHON!",
    }
)
"""Excel's error values, as xlwings passes them with ``err_to_str``."""

_EXCEL_EPOCH = _dt.date(1899, 12, 30)
_SERIAL_MIN, _SERIAL_MAX = 2, 2958465  # 1900-01-01 .. 9999-12-31


class ExcelErrorInput(Exception):
    """An argument holds an Excel error value; the function returns it unchanged."""

    def __init__(self, code: str, name: str) -> None:
        super().__init__(f"{name}: the cell holds the error {code}")
        self.code = code


_last: dict[str, str] = {}
"""Function name -> reason of its last error, for :func:`explain` and the command line."""

F = TypeVar("F", bound=Callable[..., Any])


def last_errors() -> dict[str, str]:
    """A copy of the reason of each function's last error, by function name."""
    return dict(_last)


_LONG = re.compile(r"\S{61,}")


def shown(value: Cell) -> str:
    """*value* as a reason shows it: its ``repr``, with a long one shortened to its two ends
    and its length, so that a reason fits in a cell.

    >>> shown("2,5"), shown("9" * 5000)
    ("'2,5'", "'99999999999999999999…9999999999' (5,000 characters)")
    """
    return _shorten(repr(value))


def _shorten(text: str) -> str:
    def cut(found: re.Match[str]) -> str:
        word = found.group()
        quoted = len(word) > 2 and word[0] == word[-1] and word[0] in "'\""
        length = len(word) - 2 if quoted else len(word)  # the value's, not its quotes'
        return f"{word[:21]}\u2026{word[-11:]} ({length:,} characters)"

    return _LONG.sub(cut, text)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, (XlfuncsError, ExcelErrorInput)):
        return _shorten(str(exc))
    return _shorten(f"internal error ({type(exc).__name__}: {exc}); please report it")


def _code(exc: BaseException) -> str:
    if isinstance(exc, ExcelErrorInput):
        return exc.code
    if isinstance(exc, XlfuncsError):
        return exc.excel_code
    if isinstance(exc, (OverflowError, ZeroDivisionError)):
        return "#NUM!"
    return "#VALUE!"


def error_in(value: Cell, name: str) -> ExcelErrorInput | None:
    """The first Excel error value in *value* (a cell or a range, in reading order), named by
    *name* and its cell.

    >>> str(error_in([[1.0, "#N/A"], [2.0, 3.0]], "results"))
    'results (row 1, column 2): the cell holds the error #N/A'
    """
    if isinstance(value, str):
        code = value.strip().upper()
        return ExcelErrorInput(code, name) if code in EXCEL_ERRORS else None
    if not isinstance(value, (list, tuple)):
        return None
    cells = flatten(value)
    for i, cell in enumerate(cells):
        if isinstance(cell, str) and cell.strip().upper() in EXCEL_ERRORS:
            return ExcelErrorInput(cell.strip().upper(), _cell_name(value, len(cells), i, name))
    return None


def _cell_name(value: Sequence[Cell], size: int, i: int, name: str) -> str:
    """The name of cell *i* (in reading order) of the range *value* of *size* cells."""
    if size == 1:
        return name
    rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in value]
    if len(rows) > 1 and len({len(r) for r in rows}) == 1 and len(rows[0]) > 1:
        width = len(rows[0])
        return f"{name} (row {i // width + 1}, column {i % width + 1})"
    if name.endswith(")"):  # "results (row 2)": "results (row 2, cell 3)"
        return f"{name[:-1]}, cell {i + 1})"
    return f"{name} (cell {i + 1})"


def first_error(fn: Callable[..., Any], args: Sequence[Cell]) -> ExcelErrorInput | None:
    """The first Excel error value among the arguments of a call of *fn*, in argument order
    (each range in reading order), named by its argument and cell; ``None`` if there is none.

    >>> str(first_error(_demo_sqrt, ["#N/A"]))
    'x: the cell holds the error #N/A'
    """
    names = list(inspect.signature(getattr(fn, "__wrapped__", fn)).parameters)
    return first_error_among(
        [
            (value, names[i] if i < len(names) else f"argument {i + 1}")
            for i, value in enumerate(args)
        ]
    )


def first_error_among(cells: Sequence[tuple[Cell, str]]) -> ExcelErrorInput | None:
    """The first Excel error value among *cells* (each a cell or a range, with its name)."""
    for value, name in cells:
        found = error_in(value, name)
        if found is not None:
            return found
    return None


def check_error(value: Cell, name: str) -> None:
    """Raise :class:`ExcelErrorInput` if *value* (a cell or a range) holds an Excel error
    value: for an argument shared by every row of a whole-column form, whose error is the
    whole result."""
    found = error_in(value, name)
    if found is not None:
        raise found


def _signature(fn: Callable[..., Any]) -> str:
    params = inspect.signature(fn).parameters.values()
    shown_params = [
        p.name if p.default is inspect.Parameter.empty else f"[{p.name}]" for p in params
    ]
    return f"{fn.__name__.upper()}({', '.join(shown_params)})"


def arity(fn: Callable[..., Any], given: int) -> str | None:
    """What is wrong with the number of arguments of a call of *fn* with *given* of them, or
    ``None`` when it is right: the first argument missing, or how many it takes.

    >>> arity(_demo_sqrt, 0)
    'x is missing (omitted, or a blank cell): _DEMO_SQRT(x)'
    >>> arity(_demo_sqrt, 2)
    '2 arguments given, but it takes 1 argument: _DEMO_SQRT(x)'
    """
    raw = getattr(fn, "__wrapped__", fn)
    params = list(inspect.signature(raw).parameters.values())
    required = [p for p in params if p.default is inspect.Parameter.empty]
    if given < len(required):
        return f"{required[given].name} is missing (omitted, or a blank cell): {_signature(raw)}"
    if given > len(params):
        takes = (
            f"{len(params)} argument{'s' if len(params) != 1 else ''}"
            if len(required) == len(params)
            else f"{len(required)} to {len(params)} arguments"
        )
        return f"{given} arguments given, but it takes {takes}: {_signature(raw)}"
    return None


def _failure(fn: Callable[..., Any], args: Sequence[Cell], exc: BaseException) -> tuple[str, str]:
    """The error value and reason of a call of *fn* on *args* that raised *exc*: a wrong
    number of arguments, else the first error value among the arguments (it passes through),
    else *exc* mapped to its Excel error."""
    if isinstance(exc, TypeError):
        wrong = arity(fn, len(args))
        if wrong is not None:
            return "#VALUE!", wrong
    incoming = first_error(fn, args)
    if incoming is not None:
        return incoming.code, _reason(incoming)
    return _code(exc), _reason(exc)


def excel_function(fn: F) -> F:
    """Make *fn* safe for a cell: any failure becomes an Excel error value, never an
    exception, and its reason is kept for :func:`explain`. An error value among the
    arguments of a failing call is the answer (the first one, as in Excel)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return to_excel(fn(*args, **kwargs))
        except Exception as exc:  # a cell shows an error value, never a traceback
            code, reason = _failure(fn, args, exc)
            _last[fn.__name__.upper()] = f"{fn.__name__.upper()}: {reason}"
            return code

    wrapper.__wrapped__ = fn
    # xlwings reads annotations as converters (a return type of Fraction or a union breaks
    # it): the cell-facing function has none; the wrapped one keeps its own for the reader.
    wrapper.__annotations__ = {}
    return cast(F, wrapper)


def explain(fn: Callable[..., Any], *args: Any) -> str:
    """Run *fn* (a function made by :func:`excel_function`) on *args* and say why it fails,
    or ``"OK"`` when it does not. Omitted trailing arguments (``None``) take their defaults;
    a required one omitted, or one too many, is named from the signature.

    >>> explain(_demo_sqrt, -4.0)
    '_DEMO_SQRT: x: -4 has no square root'
    >>> explain(_demo_sqrt)
    '_DEMO_SQRT: x is missing (omitted, or a blank cell): _DEMO_SQRT(x)'
    """
    raw = getattr(fn, "__wrapped__", fn)
    given = list(args)
    while given and given[-1] is None:  # omitted trailing arguments take their defaults
        given.pop()
    name = raw.__name__.upper()
    _row_reasons.pop(name, None)
    params = inspect.signature(raw).parameters.values()
    wrong = arity(raw, len(given))
    if wrong is not None and len(given) > len(params):
        return f"{name}: {wrong}"
    run = given
    if wrong is not None:  # a required argument omitted or blank: run it as a blank cell
        required = sum(p.default is inspect.Parameter.empty for p in params)
        run = given + [None] * (required - len(given))
    try:
        to_excel(raw(*run))
    except Exception as exc:
        if wrong is not None:
            return f"{name}: {wrong}"
        return f"{name}: {_failure(raw, run, exc)[1]}"
    reasons = _row_reasons.get(name)
    if reasons and wrong is not None:
        return f"{name}: {wrong}"
    if reasons:
        more = f" (and {len(reasons) - 5} more)" if len(reasons) > 5 else ""
        return _shorten(f"{name}: " + "; ".join(reasons[:5]) + more)
    return "OK"


_row_reasons: dict[str, list[str]] = {}
"""Function name -> reasons of the rows that show an error in its last array result."""


def note_row_errors(function: str, reasons: list[str]) -> None:
    """Keep the reasons of the rows in error of an array result, for :func:`explain`."""
    if reasons:
        _row_reasons[function.upper()] = reasons
        _last[function.upper()] = f"{function.upper()}: {reasons[0]}"
    else:
        _row_reasons.pop(function.upper(), None)


@excel_function
def _demo_sqrt(x: Cell) -> float:
    value = number(x, "x")
    if value < 0:
        raise OutOfRangeError(f"x: {value:g} has no square root")
    return math.sqrt(value)


def to_excel(value: Any) -> Any:
    """A core result as a cell value: whole numbers as int, fractions as float, infinities as
    ``#NUM!`` (via :class:`OutOfRangeError`), tables as lists of lists."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, Fraction)):
        return int(value) if isinstance(value, int) or value.denominator == 1 else float(value)
    if isinstance(value, float):
        if math.isinf(value) or math.isnan(value):
            raise OutOfRangeError("the result is infinite")
        return value
    if isinstance(value, (list, tuple)):
        return [to_excel(v) for v in value]
    return value


# ---------------------------------------------------------------------------- coercion


def _check_error(value: Cell, name: str) -> None:
    if isinstance(value, str) and value.strip().upper() in EXCEL_ERRORS:
        raise ExcelErrorInput(value.strip().upper(), name)


def is_blank(value: Cell) -> bool:
    """Whether a cell is empty (``None`` or text of spaces only)."""
    return value is None or (isinstance(value, str) and not value.strip())


def is_diagonal(value: Cell) -> bool:
    """Whether a cell holds the mark of a crosstable's diagonal (``x``, ``*``, ``×``), where
    a player would meet themself."""
    return isinstance(value, str) and value.strip() in ("x", "X", "*", "\u00d7")


def flatten(value: Cell) -> list[Cell]:
    """A range as a flat list in reading order; a single value as a list of one.

    >>> flatten([[1.0, 2.0], [3.0, None]]), flatten(5.0), flatten([1.0, 2.0])
    ([1.0, 2.0, 3.0, None], [5.0], [1.0, 2.0])
    """
    if type(value) is list and set(map(type, value)) == {list}:  # a range, ndim=2
        return list(chain.from_iterable(value))
    if isinstance(value, (list, tuple)):
        out = []
        for item in value:
            out.extend(flatten(item) if isinstance(item, (list, tuple)) else [item])
        return out
    return [value]


_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)$")
_FLOAT_DIGITS = 309
"""Digits of the whole part of the largest float (about 1.8E+308): text with more is out
of range, and is not converted (Python refuses to read a whole number of 4,300 digits)."""


def _text_number(text: str) -> Fraction | None:
    t = text.strip().replace("\u00bd", ".5").replace("\u2212", "-")
    if t.startswith(".5") and len(t) == 2:
        t = "0.5"
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
    value = _single(value, name)
    _check_error(value, name)
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
    from .core.tables import exact

    return exact(number(value, name))


def optional_number(value: Cell, name: str) -> float | None:
    """A number, or ``None`` for a blank cell or an omitted argument."""
    return None if is_blank(_single(value, name)) else number(value, name)


def whole_number(value: Cell, name: str) -> int:
    """A whole number (game counts, years)."""
    x = number(value, name)
    if x != int(x):
        raise InvalidInputError(f"{name}: expected a whole number, got {x:g}")
    return int(x)


def _single(value: Cell, name: str) -> Cell:
    if isinstance(value, (list, tuple)):
        cells = flatten(value)
        if len(cells) != 1:
            raise InvalidInputError(f"{name}: expected one cell, got a range of {len(cells)}")
        return cells[0]
    return value


def rating(value: Cell, name: str) -> int | None:
    """A rating from a cell; blank or 0 means unrated (``None``). The rule is
    :func:`xlfuncs.core.validate.optional_rating`'s; this reads the cell for it (text holding
    a number, a range of one cell, an error value passed on)."""
    if validate.is_rating(value):
        return int(value)  # the usual case, first
    value = _single(value, name)
    _check_error(value, name)
    if is_blank(value):
        return None
    return validate.optional_rating(number(value, name), name=name)


def ratings(value: Cell, name: str) -> list[int | None]:
    """Every cell of a range as a rating (``None`` for blank or 0), in reading order."""
    cells = flatten(value)
    if validate.are_ratings(cells):
        return list(map(int, cells))  # the usual case, checked at C speed
    out: list[int | None] = []
    for i, cell in enumerate(cells, start=1):
        if validate.is_rating(cell):
            out.append(int(cell))  # the usual case, without building a name
        else:
            out.append(rating(cell, f"{name} (cell {i})"))
    return out


def listed_ratings(value: Cell, name: str) -> list[int | None]:
    """Every non-blank cell of a range as an opponent: its rating, ``None`` for 0 (an
    unrated opponent). Blank cells are no opponent."""
    return [
        rating(c, f"{name} (cell {i})")
        for i, c in enumerate(flatten(value), start=1)
        if not is_blank(c)
    ]


def outcome(value: Cell, name: str) -> Outcome | None:
    """A result from a cell: the numbers 1, 0.5, 0 (rated), or text in any spelling
    :func:`xlfuncs.core.results.parse` accepts ("1", "½",
    "=", "1/2", "0.5", "0"; "+"/"-" forfeits, W/D/L under one move, H/F/U/Z byes); blank
    is ``None`` (no game).

    >>> outcome("½", "r"), outcome(0.0, "r"), outcome("+", "r"), outcome(None, "r")
    (<Outcome.DRAW: ...>, <Outcome.LOSS: ...>, <Outcome.FORFEIT_WIN: ...>, None)
    """
    _check_error(value, name)
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
        found = parse_result(value)
        if found is not None:
            return found
    raise InvalidInputError(
        f"{name}: expected a result (1, ½, =, 0, +, -, or a bye H, F, U, Z), got {shown(value)}"
    )


Game = tuple[int | None, Outcome]
"""A game from cells: the opponent's rating (``None``: unrated) and its result."""


def games(
    opponent_ratings: Cell,
    results: Cell,
    *,
    opponents_name: str = "opponent_ratings",
    results_name: str = "results",
) -> list[Game]:
    """Pair two ranges of equal size, cell by cell, into games.

    A row whose rating and result are both blank is no game; a result without a rating is a
    game against an unrated opponent; a rating without a result is a game not yet played
    (left out). The ranges may lie one in a row and one in a column.
    """
    rs = flatten(opponent_ratings)
    ws = flatten(results)
    if len(rs) != len(ws):
        raise InvalidInputError(
            f"{opponents_name} has {len(rs)} cells but {results_name} has "
            f"{len(ws)}; they must be the same size"
        )
    out: list[Game] = []
    for i, (r, w) in enumerate(zip(rs, ws), start=1):
        result = outcome(w, f"{results_name} (cell {i})")
        opponent = rating(r, f"{opponents_name} (cell {i})")
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
    """Whether a score-or-results argument holds results (read cell by cell beside the
    ratings) rather than a bare score (points).

    A range of more than one cell holds results. A single cell (a 1x1 range or a value)
    holds a result when it is text naming one that is not also a number: ``"="``, ``"+"``,
    ``"-"``, the under-one-move ``W``/``D``/``L`` and the byes ``H``/``F``/``U``/``Z``, read
    exactly as in a longer range. A number, or text holding one (``1``, ``"2½"``, ``"1/2"``),
    is a bare score: with one opponent the score 1, ½ or 0 and the result 1, ½ or 0 are the
    same game, so the two readings agree there.

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
        and parse_result(value) is not None
        and _text_number(value) is None
        and value.strip().upper() not in EXCEL_ERRORS
    )


def score_or_results(
    opponent_ratings: Cell, score_or_results: Cell, *, name: str = "score"
) -> tuple[list[int] | list[float], Fraction | float]:
    """The rated opponents and the score against them, from either a bare score (points
    against the rated opponents listed; blank and 0 ratings are left out) or results beside
    the ratings (forfeits, byes and unrated opponents left out); :func:`is_results` says
    which."""
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


def rules(value: Cell, name: str = "rules", *, day: _dt.date | None = None) -> Edition:
    """The edition from a cell: blank (the default, in force today), an id (``2024`` or
    ``"2024"``), a date, a date serial number or ISO date text (the edition in force then);
    text may add a rate of play, before or after (``"2025 rapid"``, ``"blitz"``,
    ``"2024-03-01 rapid"``; none: standard), read by
    :func:`xlfuncs.core.editions.read_rules_and_rate` as every ``rules`` is. *day* stands
    for the date where the cell names none (blank, or a rate alone): ``K_FACTOR``'s
    ``period_date``."""
    value = _single(value, name)
    _check_error(value, name)
    if is_blank(value):
        return get_edition(day)
    if isinstance(value, (_dt.date, _dt.datetime)):
        return get_edition(value if not isinstance(value, _dt.datetime) else value.date())
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise OutOfRangeError(
                f"{name}: expected an edition id or a date, got the number {value}"
            )
        if value == int(value) and 1900 <= value <= 2100:
            return get_edition(str(int(value)))
        return get_edition(date(value, name))
    if isinstance(value, str):
        if day is not None:
            named, rate = read_rules_and_rate(value)
            if named is None:
                return get_edition(day, rate=rate)
        return get_edition(value.strip())
    raise InvalidInputError(f"{name}: expected an edition id or a date, got {shown(value)}")


def title_rules(value: Cell, name: str = "rules") -> TitleEdition:
    """The Title Regulations' edition from a norm function's ``rules`` cell: blank (in force
    today), a date, a date serial number or ISO date text (in force that day), or a Rating
    Regulations id as the other functions take it (``2024``: the Title Regulations in force
    on that edition's first day; :func:`xlfuncs.core.title_editions.title_edition`). A date
    is kept as a date, not turned into a rating edition first: the two regulations change
    on their own dates (1 January 2024 and 1 March 2024)."""
    value = _single(value, name)
    _check_error(value, name)
    if is_blank(value):
        return title_edition(None)
    if isinstance(value, (_dt.date, _dt.datetime)):
        return title_edition(value if not isinstance(value, _dt.datetime) else value.date())
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value == int(value) and 1900 <= value <= 2100:
            return title_edition(str(int(value)))
        return title_edition(date(value, name))
    if isinstance(value, str):
        return title_edition(value.strip())
    raise InvalidInputError(f"{name}: expected an edition id or a date, got {value!r}")


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
    """The kind of event from a cell: ``"swiss"`` or ``"rr"`` (round robin), in any spelling
    of :data:`SYSTEMS`; ``None`` for a blank cell (the caller's default).

    >>> system("Suizo"), system("round robin"), system(None)
    ('swiss', 'rr', None)
    """
    value = _single(value, name)
    _check_error(value, name)
    if is_blank(value):
        return None
    found = SYSTEMS.get(value.strip().lower()) if isinstance(value, str) else None
    if found is None:
        raise InvalidInputError(f"{name}: expected {SYSTEM_HELP}, got {shown(value)}")
    return found


def date(value: Cell, name: str) -> _dt.date:
    """A date from a cell: a date, a serial number (1900 system) or ISO text."""
    value = _single(value, name)
    _check_error(value, name)
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
    value = _single(value, name)
    _check_error(value, name)
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


def text(value: Cell, name: str, default: str = "") -> str:
    """Text from a cell; blank gives *default*."""
    value = _single(value, name)
    _check_error(value, name)
    if is_blank(value):
        return default
    if isinstance(value, str):
        return value.strip()
    raise InvalidInputError(f"{name}: expected text, got {shown(value)}")


# ------------------------------------------------------------------- whole-column forms


def column(value: Cell) -> list[Cell]:
    """A one-column (or one-row) range as a list of its cells; a single cell as a list of
    one."""
    if isinstance(value, (list, tuple)):
        rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in value]
        if len(rows) == 1 and len(rows[0]) > 1:
            return rows[0]  # a row
        if any(len(r) != 1 for r in rows):
            raise InvalidInputError(f"expected one column, got {len(rows[0])} columns")
        return [r[0] for r in rows]
    return [value]


def matrix(value: Cell, name: str) -> list[list[Cell]]:
    """A range as a list of rows (a single cell as one row of one)."""
    if isinstance(value, (list, tuple)):
        rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in value]
        if len({len(r) for r in rows}) > 1:
            raise InvalidInputError(f"{name}: rows of different lengths")
        return rows
    return [[value]]


class RowError(Exception):
    """One player's row cannot be read; the error shows in that row only."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code

    @classmethod
    def of(cls, exc: XlfuncsError | ExcelErrorInput, cells: Sequence[tuple[Cell, str]]) -> RowError:
        """The error a row shows when reading it raised *exc*: an error value met in a cell
        (*exc* is :class:`ExcelErrorInput`), or else the first one among the row's *cells*
        (each with its name, in argument order) if there is one, as in Excel, else *exc*'s
        own."""
        found = exc if isinstance(exc, ExcelErrorInput) else first_error_among(cells)
        if found is not None:
            return cls(found.code, _reason(found))
        return cls(_code(exc), _reason(exc))


def crosstable_rows(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    *,
    k: Cell = None,
    female: Cell = None,
    titles: Cell = None,
    federations: Cell = None,
    rules_value: Cell = None,
    round_robin: bool | None = None,
) -> tuple[Any, list[RowError | None], list[bool]]:
    """Build a :class:`~xlfuncs.core.tournament.Crosstable` from a wall chart's columns.

    *ratings* has one row per player (blank or 0 = unrated). *results* is either a
    crosstable grid (N x N, the row player's result against the column player; used when
    *opponents* is omitted) or, with *opponents*, one column per round beside the opponents'
    numbers. Returns the crosstable, each row's error (or ``None``) and which rows are empty.
    """
    from .core.norm_field import fide_title
    from .core.tournament import Crosstable, Entrant

    edition = rules(rules_value)
    rating_cells = column(ratings)
    n = len(rating_cells)
    grid, result_rows, opponent_rows, parsed = _games(results, opponents, n)
    k_cells = column(k) if k is not None else [None] * n
    female_cells = column(female) if female is not None else [None] * n
    title_cells = column(titles) if titles is not None else [None] * n
    fed_cells = column(federations) if federations is not None else [None] * n
    if len(k_cells) != n or len(female_cells) != n or len(title_cells) != n or len(fed_cells) != n:
        raise InvalidInputError(f"every column must have {n} rows, one per player")
    errors: list[RowError | None] = [None] * n
    empty = [False] * n
    entrants = []
    for i in range(n):
        pairings: tuple[Any, ...] = ()
        entrant_rating: int | None = None
        entrant_k: int | None = None
        female = False
        try:
            entrant_rating = rating(rating_cells[i], f"ratings (row {i + 1})")
            kv = optional_number(k_cells[i], f"k (row {i + 1})")
            entrant_k = None if kv is None else whole_number(kv, f"k (row {i + 1})")
            if female_cells[i] is not None:
                female = boolean_or_sex(female_cells[i], f"sexes (row {i + 1})")
            if isinstance(title_cells[i], str):
                _check_error(title_cells[i], f"titles (row {i + 1})")
            if isinstance(fed_cells[i], str):
                _check_error(fed_cells[i], f"federations (row {i + 1})")
            games = parsed[i]
            if isinstance(games, Exception):
                raise games.with_traceback(None)
            pairings = games
        except (XlfuncsError, ExcelErrorInput) as exc:
            row = f"row {i + 1}"
            errors[i] = RowError.of(
                exc,
                [
                    (rating_cells[i], f"ratings ({row})"),
                    (k_cells[i], f"k ({row})"),
                    (result_rows[i], f"results ({row})"),
                    (opponent_rows[i], f"opponents ({row})"),
                    (female_cells[i], f"sexes ({row})"),
                    (title_cells[i], f"titles ({row})"),
                    (fed_cells[i], f"federations ({row})"),
                ],
            )
            pairings = ()
        empty[i] = entrant_rating is None and not pairings and errors[i] is None
        entrants.append(
            Entrant(
                rating=entrant_rating,
                pairings=pairings,
                k=entrant_k,
                female=female,
                title=title_cells[i] if isinstance(title_cells[i], str) else None,
                fide_title=fide_title(title_cells[i]) if isinstance(title_cells[i], str) else "",
                federation=str(fed_cells[i]).strip() if isinstance(fed_cells[i], str) else "",
            )
        )
    table = Crosstable.build(
        entrants,
        round_robin=grid if round_robin is None else round_robin,
        rules=edition,
    )
    return table, errors, empty


_Games = tuple[bool, list[list[Cell]], list[list[Cell]], list["tuple[Any, ...] | Exception"]]
"""What :func:`_games` finds: whether *results* is a grid, the results' rows, the
opponents' rows, and each row's games (its pairings, or the error that stops the row)."""

_shared: dict[tuple[int, int, int], tuple[Cell, Cell, _Games]] | None = None
"""The results blocks read so far within :func:`shared_results` (``None`` outside it)."""


@contextlib.contextmanager
def shared_results() -> Iterator[None]:
    """Within this block, :func:`crosstable_rows` reads each results block (with its
    opponents) once and reuses what it found: a chart's stored values call eight of the
    ``_ALL`` functions on the same columns (:func:`xlfuncs.templates.chart.figures`).
    A block is known by the identity of the very objects passed (kept alive until the block
    ends), so the caller must not change them inside the block. Outside it, every call reads
    its arguments afresh, as Excel's calls do; the results are the same either way."""
    global _shared
    outer = _shared
    _shared = {}
    try:
        yield
    finally:
        _shared = outer


@contextlib.contextmanager
def _read_once() -> Iterator[None]:
    """Within this block each results block is read once, as in :func:`shared_results`
    (whose block, when one is open, is used as it is)."""
    if _shared is not None:
        yield
        return
    with shared_results():
        yield


def _games(results: Cell, opponents: Cell, n: int) -> _Games:
    """Read the results (and opponents) of *n* players into pairings, once per block
    within :func:`shared_results`."""
    key = (id(results), id(opponents), n)
    if _shared is not None and key in _shared:
        return _shared[key][2]
    found = _read_games(results, opponents, n)
    if _shared is not None:
        _shared[key] = (results, opponents, found)
    return found


def _read_games(results: Cell, opponents: Cell, n: int) -> _Games:
    from .core.tournament import Pairing

    result_rows = matrix(results, "results")
    if len(result_rows) != n:
        raise InvalidInputError(f"results has {len(result_rows)} rows but ratings has {n}")
    grid = opponents is None or (not isinstance(opponents, (list, tuple)) and is_blank(opponents))
    if grid:
        if any(len(r) != n for r in result_rows):
            raise InvalidInputError(
                f"without opponents, results must be a square grid of {n} x {n} cells"
            )
        opponent_rows: list[list[Cell]] = [[float(j + 1) for j in range(n)] for _ in range(n)]
    else:
        opponent_rows = matrix(opponents, "opponents")
        if len(opponent_rows) != n or any(
            len(a) != len(b) for a, b in zip(opponent_rows, result_rows)
        ):
            raise InvalidInputError(
                "opponents and results must have the same shape, with one row per player"
            )
    parsed: list[tuple[Any, ...] | Exception] = []
    for i in range(n):
        pairings: list[Pairing] = []
        try:
            for j, (opp, res) in enumerate(zip(opponent_rows[i], result_rows[i])):
                where = f"row {i + 1}, {'column' if grid else 'round'} {j + 1}"
                if grid and j == i:
                    _check_error(res, f"results ({where})")
                    if not is_blank(res) and not is_diagonal(res):
                        raise InvalidInputError(f"results ({where}): the diagonal is blank")
                    continue
                outcome_value = outcome(res, f"results ({where})")
                opponent_no = None if is_blank(opp) else whole_number(opp, f"opponents ({where})")
                if opponent_no == 0:
                    opponent_no = None
                if outcome_value is None:
                    continue
                if opponent_no is None and not outcome_value.is_bye and outcome_value.rated:
                    raise InvalidInputError(f"results ({where}): a result without an opponent")
                if opponent_no is not None and not 1 <= opponent_no <= n:
                    raise OutOfRangeError(
                        f"opponents ({where}): {opponent_no} is not a player number (1..{n})"
                    )
                if opponent_no == i + 1:
                    raise InvalidInputError(f"opponents ({where}): a player cannot meet themself")
                pairings.append(
                    Pairing(None if outcome_value.is_bye else opponent_no, outcome_value)
                )
            parsed.append(tuple(pairings))
        except (XlfuncsError, ExcelErrorInput) as exc:
            parsed.append(exc)
    return grid, result_rows, opponent_rows, parsed


def boolean_or_sex(value: Cell, name: str = "female") -> bool:
    """Whether a cell marks a woman: ``w``/``f`` (TRF sex), TRUE, 1 or yes."""
    _check_error(value, name)
    if is_blank(value):
        return False
    if isinstance(value, str) and value.strip().lower() in ("w", "f"):
        return True
    if isinstance(value, str) and value.strip().lower() == "m":
        return False
    return boolean(value, name)


# ------------------------------------------------------------------ tie-breaks (C.07)

COLOURS: Mapping[str, str] = MappingProxyType({"w": "w", "white": "w", "b": "b", "black": "b"})
"""The accepted ways of writing a game's colour (any case), and the colour each means."""


_COLOUR_CELLS = {"w": "w", "b": "b", "W": "w", "B": "b"}
"""The colours as cells usually hold them."""


def colour(value: Cell, name: str) -> str | None:
    """A game's colour from a cell: ``"w"`` or ``"b"`` (any spelling of :data:`COLOURS`);
    ``None`` for a blank cell (a bye, or not known).

    >>> colour("W", "c"), colour(" black ", "c"), colour(None, "c")
    ('w', 'b', None)
    """
    if value is None:
        return None
    if type(value) is str and value in _COLOUR_CELLS:
        return _COLOUR_CELLS[value]  # the usual cells, at once
    _check_error(value, name)
    if is_blank(value):
        return None
    found = COLOURS.get(value.strip().lower()) if isinstance(value, str) else None
    if found is None:
        raise InvalidInputError(f"{name}: expected a colour, w or b, got {shown(value)}")
    return found


def descriptor(value: Cell, name: str = "descriptor") -> str:
    """A tie-break's descriptor from a cell, as text (``"BH/C1"``); the core reads it."""
    found = text(value, name)
    if not found:
        raise NothingToComputeError(f"{name}: the cell is blank; give a tie-break, e.g. BH/C1")
    return found


def tiebreak_rules(value: Cell, name: str = "rules") -> Any:
    """The edition of the Tie-Break Regulations (C.07) from a ``rules`` cell: blank (in force
    today), a date, a date serial number or ISO date text (in force that day; before the
    2023 text, that text), a C.07 edition id (``2023``, ``2026``) as text or a number, or a
    rating edition as the other functions take it (``2025``, ``"2024-12 rapid"``: what a
    chart's rules cell holds), meaning the C.07 text in force on its first day
    (:func:`xlfuncs.core.tiebreak_editions.tiebreak_edition` says what each names)."""
    from .core.editions import read_rules
    from .core.tiebreak_editions import TIEBREAK_EDITIONS, tiebreak_edition

    value = _single(value, name)
    _check_error(value, name)
    spec: Any = None
    if isinstance(value, (_dt.date, _dt.datetime)):
        spec = value if not isinstance(value, _dt.datetime) else value.date()
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise OutOfRangeError(
                f"{name}: expected an edition id or a date, got the number {value}"
            )
        whole = value == int(value) and 1900 <= value <= 2100
        spec = str(int(value)) if whole else date(value, name)
    elif isinstance(value, str):
        spec = value.strip() or None
    elif not is_blank(value):
        raise InvalidInputError(f"{name}: expected an edition id or a date, got {shown(value)}")
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


def tiebreak_rows(
    ratings: Cell, results: Cell, opponents: Cell = None, colours: Cell = None
) -> tuple[Any, list[RowError | None], list[bool], bool]:
    """:func:`crosstable_rows` for the tie-breaks: each player's rounds kept in their places
    (a blank round of the per-round layout is ``Pairing(None, None)``, as a blank TRF round;
    the rounds run to the last one anyone has a result in), the colour of each game from
    *colours* (the same shape as *results*: ``w``/``b`` per cell, blank for a bye or not
    known; omitted: no colours). The crosstable is a round robin when *results* is a grid,
    or when every two players met (as the TRF reader decides: a double round robin in the
    per-round layout). Returns it, each row's error, which rows are empty (only if nobody
    met their player either) and whether *results* is a grid (whose games are in the
    opponents' order: it has no rounds)."""
    from dataclasses import replace

    from .core.tournament import Crosstable, Pairing, is_round_robin

    with _read_once():
        table, errors, empty = crosstable_rows(ratings, results, opponents)
        n = len(table.entrants)
        grid, result_rows, opponent_rows, parsed = _games(results, opponents, n)
    omitted = colours is None or (not isinstance(colours, (list, tuple)) and is_blank(colours))
    colour_rows: list[list[Cell]] | None = None
    if not omitted:
        if not isinstance(colours, (list, tuple)):
            check_error(colours, "colours")  # one cell for every row: the whole result
        colour_rows = matrix(colours, "colours")
        if len(colour_rows) != n or any(len(c) != len(r) for c, r in zip(colour_rows, result_rows)):
            raise InvalidInputError(
                "colours and results must have the same shape, with one row per player"
            )
    rounds = max(
        (
            j + 1
            for row in result_rows
            for j, res in enumerate(row)
            if res is not None and not is_blank(res)
        ),
        default=0,
    )
    where = "column" if grid else "round"
    entrants = []
    for i, entrant in enumerate(table.entrants):
        games = parsed[i]
        if errors[i] is not None or isinstance(games, Exception):
            entrants.append(replace(entrant, pairings=()))
            continue
        found = iter(games)
        placed: list[Pairing] = []
        try:
            for j, res in enumerate(result_rows[i]):
                named = f"colours (row {i + 1}, {where} {j + 1})"
                if grid and j == i:
                    if colour_rows is not None:
                        _check_error(colour_rows[i][j], named)
                    continue
                shade = None if colour_rows is None else colour(colour_rows[i][j], named)
                if is_blank(res):
                    if not grid and j < rounds and not _own_number(opponent_rows[i][j], i + 1):
                        placed.append(Pairing(None, None))  # a round not played
                    continue
                game = next(found)
                placed.append(
                    game if shade is None else Pairing(game.opponent, game.outcome, shade)
                )
        except (XlfuncsError, ExcelErrorInput) as exc:
            cells = [] if colour_rows is None else [(colour_rows[i], f"colours (row {i + 1})")]
            errors[i] = RowError.of(exc, cells)
            placed = []
        entrants.append(replace(entrant, pairings=tuple(placed)))
    met = {p.opponent for e in entrants for p in e.pairings if p.opponent is not None}
    empty = [e and i + 1 not in met for i, e in enumerate(empty)]
    round_robin = grid or is_round_robin([e.pairings for e in entrants])
    rebuilt = Crosstable.build(entrants, round_robin=round_robin, rules=table.edition)
    return rebuilt, errors, empty, grid


def _own_number(value: Cell, number: int) -> bool:
    """Whether an opponent cell holds the player's own number: the diagonal of a double
    round robin's grid, read as rounds beside the opponents' numbers, where no game is."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == number


def players_only(table: Any, kept: Sequence[int]) -> Any:
    """*table* (a :class:`~xlfuncs.core.tournament.Crosstable`) with only the players
    *kept* (indexes from 0, in order), numbered again from 1; every opponent of theirs must
    be kept."""
    from dataclasses import replace

    from .core.tournament import Crosstable, Pairing

    if len(kept) == len(table.entrants):
        return table
    number = {i + 1: k + 1 for k, i in enumerate(kept)}
    entrants = [
        replace(
            e,
            pairings=tuple(
                p if p.opponent is None else Pairing(number[p.opponent], p.outcome, p.colour)
                for p in e.pairings
            ),
        )
        for e in (table.entrants[i] for i in kept)
    ]
    return Crosstable.build(entrants, round_robin=table.round_robin, rules=table.edition)


def key_columns(value: Cell, name: str, count: int) -> list[tuple[list[Cell], str]]:
    """The columns of keys in a ranking argument, each with its name: one column (or a row
    of *count* cells) is one key, several columns side by side are several, left to right."""
    rows = matrix(value, name)
    if len(rows) == 1 and count > 1 and len(rows[0]) == count:
        return [(rows[0], name)]
    if len(rows) != count:
        raise InvalidInputError(
            f"{name} has {len(rows)} rows but points has {count}; one row per player"
        )
    width = len(rows[0])
    if width == 1:
        return [([r[0] for r in rows], name)]
    return [([r[j] for r in rows], f"{name}, column {j + 1}") for j in range(width)]
