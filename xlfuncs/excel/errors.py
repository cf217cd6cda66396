"""Excel's error values, and the one mapping from a failure to the error value a cell shows
and its reason.

===========  ===========================================================================
``#VALUE!``  wrong type or shape: text where a number belongs, ranges of unequal length
``#NUM!``    out of range or infinite: a score above the games played, a 0 % exact Rp
``#N/A``     nothing to compute: no rated opponent, a norm no score can reach
===========  ===========================================================================

The core's errors (:mod:`xlfuncs.core.errors`) carry their value; when a call fails, the
first error value among its arguments passes through (:class:`ExcelErrorInput`), as in Excel.
An error value in a cell of an answer carries its reason (:class:`ErrorValue`).
"""

from __future__ import annotations

import datetime as _dt
import functools
import inspect
import math
import re
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import chain
from typing import Any

from ..core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError, XlfuncsError
from .ranges import Cell, flatten

__all__ = [
    "EXCEL_ERRORS",
    "ErrorValue",
    "ExcelErrorInput",
    "RowError",
    "check_cell",
    "check_error",
    "check_errors",
    "broken_rule",
    "code_of",
    "error_in",
    "first_error",
    "first_error_among",
    "foreign_in",
    "argument_names",
    "parameters_of",
    "reason_of",
    "reasons_in",
    "shorten",
    "shown",
    "to_excel",
]

EXCEL_ERRORS = frozenset(
    [
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
    ]
)
"""Excel's error values, as xlwings passes them with ``err_to_str``."""


class ExcelErrorInput(Exception):
    """An argument holds an Excel error value; the function returns it unchanged."""

    def __init__(self, code: str, name: str) -> None:
        super().__init__(f"{name}: the cell holds the error {code}")
        self.code = code


class ErrorValue(str):
    """An Excel error value in an answer (its text, ``"#NUM!"``), with the reason it stands
    for, which travels with it into another function's answer.

    >>> cell = ErrorValue("#NUM!", "row 2: ratings (row 2): 5000 is not a rating")
    >>> cell == "#NUM!", cell.reason
    (True, 'row 2: ratings (row 2): 5000 is not a rating')
    """

    reason: str

    def __new__(cls, code: str, reason: str) -> ErrorValue:
        made = super().__new__(cls, code)
        made.reason = reason
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return ErrorValue, (str(self), self.reason)


def reasons_in(answer: Any) -> list[str]:
    """The reasons of the error values in *answer*, in reading order, each once.

    >>> reasons_in([[ErrorValue("#N/A", "row 1: no game")] * 2, [3.0, "#N/A"]])
    ['row 1: no game']
    """
    cells = flatten(answer) if isinstance(answer, list) else [answer]
    found = [c.reason for c in cells if type(c) is ErrorValue]
    return list(dict.fromkeys(found))


_LONG = re.compile(r"\S{61,}")


def shown(value: Cell) -> str:
    """*value* as a reason shows it: its ``repr``, shortened (:func:`shorten`) to fit in a
    cell; a whole number too long to write by its size.

    >>> shown("2,5"), shown("9" * 5000)
    ("'2,5'", "'99999999999999999999…9999999999' (5,000 characters)")
    >>> shown(10**5000)
    'a whole number of about 5,001 digits'
    """
    if type(value) is int and value.bit_length() > 14_000:  # beyond 4,214 digits
        return f"a whole number of about {int(math.log10(abs(value))) + 1:,} digits"
    try:
        return shorten(repr(value))
    except Exception:  # a repr that fails says nothing a reason could show
        return f"a value of type {type(value).__name__}"


def shorten(text: str) -> str:
    """*text* with every run of more than 60 non-blank characters cut to its two ends and
    its length, as :func:`shown` cuts a value."""

    def cut(found: re.Match[str]) -> str:
        word = found.group()
        quoted = len(word) > 2 and word[0] == word[-1] and word[0] in "'\""
        length = len(word) - 2 if quoted else len(word)  # the value's, not its quotes'
        return f"{word[:21]}\u2026{word[-11:]} ({length:,} characters)"

    return _LONG.sub(cut, text)


def reason_of(exc: BaseException) -> str:
    """The reason of *exc*: the message of a broken rule or an error value met, else an
    internal error to report."""
    if isinstance(exc, (XlfuncsError, ExcelErrorInput)):
        return shorten(str(exc))
    return shorten(f"internal error ({type(exc).__name__}: {exc}); please report it")


def code_of(exc: BaseException) -> str:
    """The Excel error value *exc* is shown as (the table in this module's docstring)."""
    if isinstance(exc, ExcelErrorInput):
        return exc.code
    if isinstance(exc, XlfuncsError):
        return exc.excel_code
    if isinstance(exc, (OverflowError, ZeroDivisionError)):
        return "#NUM!"
    return "#VALUE!"


def broken_rule(code: str, reason: str) -> XlfuncsError:
    """A row's error shown as *code* made the error of a whole answer, with *reason*: the
    broken rule :func:`code_of` shows as that code."""
    kinds: dict[str, type[XlfuncsError]] = {"#NUM!": OutOfRangeError, "#N/A": NothingToComputeError}
    return kinds.get(code, InvalidInputError)(reason)


def error_in(value: Cell, name: str) -> ExcelErrorInput | None:
    """The first Excel error value in *value*, named by *name* and its cell.

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


@functools.cache
def parameters_of(fn: Callable[..., Any]) -> tuple[inspect.Parameter, ...]:
    """The parameters of *fn*'s signature, worked out once per function."""
    return tuple(inspect.signature(fn).parameters.values())


@functools.cache
def argument_names(fn: Callable[..., Any]) -> tuple[str, ...]:
    """The names of the arguments of *fn* (or of the function it wraps), worked out once."""
    return tuple(p.name for p in parameters_of(getattr(fn, "__wrapped__", fn)))


def first_error(fn: Callable[..., Any], args: Sequence[Cell]) -> ExcelErrorInput | None:
    """The first Excel error value among the arguments of a call of *fn*, named by its
    argument and cell; ``None`` if there is none.

    >>> def root(x): ...
    >>> str(first_error(root, [4.0, "#N/A"]))
    'argument 2: the cell holds the error #N/A'
    """
    names = argument_names(fn)
    named = [(v, names[i] if i < len(names) else f"argument {i + 1}") for i, v in enumerate(args)]
    return first_error_among(named)


_LARGEST = int(sys.float_info.max)
"""The largest number a cell holds (Excel's numbers are floats: about 1.8E+308)."""

_CELL_KINDS = frozenset({type(None), bool, float, str, _dt.datetime, _dt.date, _dt.time})
"""The kinds of cell values :func:`foreign_in` passes (a whole number is checked for size)."""


def _foreign_cell(value: Any, name: str) -> XlfuncsError | None:
    if type(value) is int and not -_LARGEST <= value <= _LARGEST:
        return OutOfRangeError(
            f"{name}: {shown(value)} is too large a number (beyond 1.8E+308, the largest a "
            "cell holds)"
        )
    ndim = getattr(value, "ndim", None)  # an array of another library (numpy's, pandas')
    if type(ndim) is int and ndim >= 1 and not isinstance(value, (list, tuple, str)):
        kind = f"{type(value).__module__.split('.')[0]}.{type(value).__name__}"
        return InvalidInputError(
            f"{name}: a {kind} of shape {getattr(value, 'shape', '?')}, not a cell or a "
            "range; give the cells (a value, or rows of values, as Excel passes a range)"
        )
    return None


def foreign_in(value: Cell, name: str) -> XlfuncsError | None:
    """The error of the first value in *value* that no cell can hold, named by *name* and its
    cell: a whole number beyond the floats (``#NUM!``), an array of another library
    (``#VALUE!``); ``None`` if there is none. Only a caller in Python passes them.

    >>> str(foreign_in([[1.0], [10**400]], "ratings"))[:60]
    'ratings (cell 2): 100000000000000000000…00000000000 (401 cha'
    """
    if not isinstance(value, (list, tuple)):
        return None if type(value) in _CELL_KINDS else _foreign_cell(value, name)
    cells = flatten(value)
    kinds = set(map(type, cells))
    if kinds <= _CELL_KINDS:
        return None  # the usual range, at C speed
    if kinds <= _CELL_KINDS | {int}:  # whole numbers, as xlwings Lite passes them
        ints = [c for c in cells if type(c) is int]
        if min(ints) >= -_LARGEST and max(ints) <= _LARGEST:
            return None
    for i, cell in enumerate(cells):
        if type(cell) not in _CELL_KINDS and _foreign_cell(cell, name) is not None:
            return _foreign_cell(cell, _cell_name(value, len(cells), i, name))
    return None


def first_error_among(cells: Sequence[tuple[Cell, str]]) -> ExcelErrorInput | None:
    """The first Excel error value among *cells* (each a cell or a range, with its name)."""
    return next((found for v, n in cells if (found := error_in(v, n)) is not None), None)


def check_errors(cells: Sequence[tuple[Cell, str]]) -> None:
    """Raise the first Excel error value among *cells*, if any."""
    found = first_error_among(cells)
    if found is not None:
        raise found


def check_error(value: Cell, name: str) -> None:
    """Raise :class:`ExcelErrorInput` if *value* (a cell or a range) holds an error value."""
    check_errors([(value, name)])


def check_cell(value: Cell, name: str) -> None:
    """Raise :class:`ExcelErrorInput` if the one value *value* is an error value."""
    if isinstance(value, str) and value.strip().upper() in EXCEL_ERRORS:
        raise ExcelErrorInput(value.strip().upper(), name)


class RowError(Exception):
    """One player's row cannot be read; the error shows in that row only."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code

    @classmethod
    def of(cls, exc: XlfuncsError | ExcelErrorInput, cells: Sequence[tuple[Cell, str]]) -> RowError:
        """The error a row shows when reading it raised *exc*: an error value met, else the
        first among the row's *cells* (each with its name), else *exc*'s own."""
        found = exc if isinstance(exc, ExcelErrorInput) else (first_error_among(cells) or exc)
        return cls(code_of(found), reason_of(found))

    def in_row(self, row: int) -> ErrorValue:
        """The error value row *row* (from 1) shows, with its reason (``row 2: ...``)."""
        return ErrorValue(self.code, f"row {row}: {self}")


_AS_THEY_ARE = frozenset({int, str, bool, float, type(None)})
"""The cell types :func:`to_excel` gives back as they are (a float if finite)."""


def to_excel(value: Any) -> Any:
    """A core result as a cell value: whole numbers as int, fractions as float, infinities
    ``#NUM!`` (:class:`OutOfRangeError`), tables as lists of lists, an :class:`ErrorValue` as
    its text."""
    kind = type(value)
    if kind is int or kind is str or value is None:  # the usual cells, first
        return value
    if kind is list:
        if value and set(map(type, value)) == {list}:  # rows: the usual ones at once
            cells = list(chain.from_iterable(value))
            kinds = set(map(type, cells))
            if kinds <= _AS_THEY_ARE and (
                float not in kinds or all(math.isfinite(c) for c in cells if type(c) is float)
            ):
                return [list(row) for row in value]
        return [to_excel(v) for v in value]
    if isinstance(value, float):
        if math.isinf(value) or math.isnan(value):
            raise OutOfRangeError("the result is infinite")
        return value
    if kind is ErrorValue:  # its reason is read before: the cell shows the value alone
        return str(value)
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, Fraction)):
        return int(value) if isinstance(value, int) or value.denominator == 1 else float(value)
    if isinstance(value, (list, tuple)):
        return [to_excel(v) for v in value]
    return value
