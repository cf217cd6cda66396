"""Cells between LibreOffice Calc and the Excel functions: the arguments Calc passes made
what xlwings gives (a number, a text, rows of cells with ``""`` for a blank, ``None`` left
out), and the answers made what Calc shows (an error value as Calc's error NaN, numbers as
floats). What cannot be undone here (a blank single cell passed as 0, ``Err:504``):
``docs/libreoffice.md``.
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
"""Calc's code of each Excel error value it has (``FormulaError``); the others are ``#VALUE!``."""

_NAN = 0x7FF8_0000_0000_0000


def calc_error(text: str) -> float:
    """The NaN (its low bits the code) that Calc reads as the error value *text*.

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
    """An argument as Calc passes it, as xlwings gives it: rows of cells for a range
    argument, else one cell; ``""`` is a blank (``None``).

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
    """One cell of an answer as Calc takes it (Calc keeps no booleans: a number)."""
    if isinstance(value, str):
        return calc_error(value) if value in EXCEL_ERRORS else value
    if value is None:
        return ""
    return float(value)  # bool, int, float, Fraction


def calc_answer(value: Any, rows: bool) -> Any:
    """A function's answer as Calc takes it: rows of cells where the function is declared
    to answer rows (*rows*), else one cell.

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
    """*function* as the add-in's method calls it (:func:`cell_argument`, a left-out
    argument its default; :func:`calc_answer`)."""
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
