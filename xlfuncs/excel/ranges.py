"""The shapes of what a cell holds as xlwings passes it: one value, a list (one row or one
column) or a list of lists; a range read in reading order, as one column or as rows."""

from __future__ import annotations

from itertools import chain
from typing import Any

from ..core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError

__all__ = [
    "EXCEL_COLUMNS",
    "EXCEL_ROWS",
    "Cell",
    "column",
    "fit_grid",
    "flatten",
    "matrix",
    "single",
]

Cell = Any
"""A value as xlwings passes it: None, float, int, str, bool, datetime, list, list of lists."""

EXCEL_ROWS = 1_048_576
"""The rows of an Excel sheet: no answer can be taller."""

EXCEL_COLUMNS = 16_384
"""The columns of an Excel sheet: no answer can be wider."""


def fit_grid(value: Any) -> None:
    """Refuse an answer (rows of cells) taller or wider than an Excel sheet, or of no cells.

    >>> try:
    ...     fit_grid([[0.0]] * (EXCEL_ROWS + 1))
    ... except OutOfRangeError as exc:
    ...     print(exc)
    the answer has 1,048,577 rows, past Excel's grid (1,048,576 rows)
    """
    if type(value) is not list:
        return
    if not value or not any(value):
        raise NothingToComputeError("the answer has no cells")
    if len(value) > EXCEL_ROWS:
        raise OutOfRangeError(
            f"the answer has {len(value):,} rows, past Excel's grid ({EXCEL_ROWS:,} rows)"
        )
    width = max((len(r) for r in value if isinstance(r, list)), default=0)
    if width > EXCEL_COLUMNS:
        raise OutOfRangeError(
            f"the answer has {width:,} columns, past Excel's grid ({EXCEL_COLUMNS:,} columns)"
        )


def flatten(value: Cell) -> list[Cell]:
    """A range as a flat list in reading order; a single value as a list of one.

    >>> flatten([[1.0, 2.0], [3.0, None]]), flatten(5.0), flatten([1.0, 2.0])
    ([1.0, 2.0, 3.0, None], [5.0], [1.0, 2.0])
    """
    if type(value) is list and set(map(type, value)) == {list}:  # a range, ndim=2
        return list(chain.from_iterable(value))
    if isinstance(value, (list, tuple)):
        return list(chain.from_iterable(map(flatten, value)))
    return [value]


def single(value: Cell, name: str) -> Cell:
    """The one cell of *value* (a value, or a range of one cell); a larger range is refused."""
    if isinstance(value, (list, tuple)):
        cells = flatten(value)
        if len(cells) != 1:
            raise InvalidInputError(f"{name}: expected one cell, got a range of {len(cells)}")
        return cells[0]
    return value


def column(value: Cell, name: str) -> list[Cell]:
    """A one-column (or one-row) range as a list of its cells; a single cell as a list of
    one; several columns and rows are refused.

    >>> column([[1.0], [None]], "ratings"), column([[1.0, 2.0]], "ratings")
    ([1.0, None], [1.0, 2.0])
    >>> column([1.0, 2.0], "ratings"), column(3.0, "ratings")
    ([1.0, 2.0], [3.0])
    """
    if type(value) is list and set(map(type, value)) == {list} and set(map(len, value)) == {1}:
        return list(chain.from_iterable(value))  # a column, as xlwings passes it: at once
    if isinstance(value, (list, tuple)):
        rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in value]
        if len(rows) == 1 and len(rows[0]) > 1:
            return rows[0]  # a row
        if any(len(r) != 1 for r in rows):
            raise InvalidInputError(f"{name}: expected one column, got {len(rows[0])} columns")
        return [r[0] for r in rows]
    return [value]


def matrix(value: Cell, name: str) -> list[list[Cell]]:
    """A range as a list of rows (a single cell as one row of one)."""
    if isinstance(value, (list, tuple)):
        if type(value) is list and set(map(type, value)) == {list}:  # as xlwings passes it
            rows = list(map(list, value))
        else:
            rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in value]
        if len(set(map(len, rows))) > 1:
            raise InvalidInputError(f"{name}: rows of different lengths")
        if not rows:
            raise InvalidInputError(f"{name}: a range of no cells")
        return rows
    return [[value]]
