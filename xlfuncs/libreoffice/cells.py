"""Cells between LibreOffice Calc and the Excel functions: what the add-in's component (it
runs inside LibreOffice's Python) does with the arguments Calc passes and the answers it
gives back, so that each function gets what xlwings gives it in Excel and Calc shows what
Excel shows.

Calc passes an argument declared ``any`` as a number (``float``), a text (``str``), rows of
cells (a tuple of tuples, for a range or an inline array: a blank cell in it is ``""``) or
``None`` (left out). xlwings gives a blank cell as ``None`` and a range argument
(``ndim=2``) always as rows. One difference cannot be undone here: Calc reads a blank
*single* cell as the number 0 before the add-in sees it (a range of two or more cells keeps
its blanks), and stops with its own error ``Err:504`` before calling when a range holds an
error value (Excel passes it on); ``docs/libreoffice.md`` says so.

An answer's error value (``"#N/A"``, Excel's own words) is given back as Calc's error: a
NaN whose low bits hold Calc's error code, as Calc itself stores an error among numbers, so
that the cell shows ``#N/A`` and ``ISERROR``, ``IFERROR`` see it; whole numbers, fractions and
booleans are given as numbers (Calc keeps no boolean type in a cell).
"""

from __future__ import annotations

import inspect
import struct
from collections.abc import Callable, Sequence
from typing import Any

from ..excel.errors import EXCEL_ERRORS

__all__ = ["CALC_ERROR_CODES", "calc_answer", "calc_error", "calc_function", "cell_argument"]

CALC_ERROR_CODES = {
    "#NULL!": 521,
    "#DIV/0!": 532,
    "#VALUE!": 519,
    "#REF!": 524,
    "#NAME?": 525,
    "#NUM!": 503,
    "#N/A": 0x7FFF,
}
"""Calc's code of each Excel error value it has (``FormulaError``); the others (Excel's newer
ones, ``#SPILL!`` ...) are shown as ``#VALUE!``."""

_NAN = 0x7FF8_0000_0000_0000


def calc_error(text: str) -> float:
    """The NaN that Calc reads as the error value *text* (``"#N/A"``).

    >>> import math
    >>> math.isnan(calc_error("#N/A")), struct.pack("<d", calc_error("#NUM!"))[:2]
    (True, b'\\xf7\\x01')
    """
    code = CALC_ERROR_CODES.get(text, CALC_ERROR_CODES["#VALUE!"])
    value: float = struct.unpack("<d", struct.pack("<Q", _NAN | code))[0]
    return value


def _blank(value: Any) -> Any:
    return None if value == "" else value


def cell_argument(value: Any, takes_range: bool) -> Any:
    """An argument as Calc passes it, as xlwings gives it: rows of cells (every blank
    ``None``) for a range argument, else one cell (a one-cell range read as its cell);
    ``""`` is a blank cell; ``None`` (left out) stays ``None``.

    >>> cell_argument(((2400.0,), ("",), ("½",)), True)
    [[2400.0], [None], ['½']]
    >>> cell_argument(2.5, True), cell_argument(((2.5,),), False), cell_argument("", False)
    ([[2.5]], 2.5, None)
    """
    if value is None:
        return None
    if isinstance(value, Sequence) and not isinstance(value, str):
        rows = [[_blank(cell) for cell in row] for row in value]
        if not takes_range and len(rows) == 1 and len(rows[0]) == 1:
            return rows[0][0]
        return rows
    value = _blank(value)
    if takes_range and value is not None:
        return [[value]]
    return value


def _cell(value: Any) -> Any:
    """One cell of an answer as Calc takes it: a number as ``float``, an error value as
    Calc's error (:func:`calc_error`), ``None`` as ``""`` (a blank), text as it is."""
    if isinstance(value, str):
        return calc_error(value) if value in EXCEL_ERRORS else value
    if value is None:
        return ""
    return float(value)  # bool, int, float, Fraction


def calc_answer(value: Any, rows: bool) -> Any:
    """A function's answer as Calc takes it: rows of cells (a tuple of tuples) where the
    function is declared to answer rows (*rows*; a one-cell answer made one row of one),
    else one cell.

    >>> calc_answer([[1, None], ["½", 2.5]], True)
    ((1.0, ''), ('½', 2.5))
    >>> calc_answer(2773, False), calc_answer("OK", True)
    (2773.0, (('OK',),))
    """
    if isinstance(value, list):
        table = [row if isinstance(row, list) else [row] for row in value]
        if rows:
            return tuple(tuple(_cell(c) for c in row) for row in table)
        return _cell(table[0][0]) if table and table[0] else ""
    if rows:
        return ((_cell(value),),)
    return _cell(value)


def calc_function(
    function: Callable[..., Any], takes_range: Sequence[bool], rows: bool
) -> Callable[..., Any]:
    """*function* (an Excel function) as the add-in's method calls it: each argument read
    by :func:`cell_argument` (one left out is its default, as xlwings gives it), the answer
    given by :func:`calc_answer`."""
    parameters = inspect.signature(getattr(function, "__wrapped__", function)).parameters
    defaults = [
        None if p.default is inspect.Parameter.empty else p.default for p in parameters.values()
    ]

    def call(*args: Any) -> Any:
        given = [
            default if a is None else cell_argument(a, r)
            for a, r, default in zip(args, takes_range, defaults)
        ]
        return calc_answer(function(*given), rows)

    call.__name__ = getattr(function, "__name__", "call")
    return call
