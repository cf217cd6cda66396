"""The calls a workbook makes of our functions, with the arguments Office.js would send.

For the real-Pyodide test and the Lite benchmark: every formula cell of the workbook's
sheets that is one call of one of our functions (``=NAME(...)`` or its Lite form
``=_xldudf_NAME(...)``, a plain or an array formula) whose arguments are ranges, defined
names, numbers, text, booleans or left out, with each argument resolved to the matrix of
values stored in its cells (empty cells ``None``, whole numbers ``int``, dates as serial
numbers), as Office.js sends them. Calls whose arguments are expressions are left out.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.utils.cell import range_boundaries
from openpyxl.worksheet.formula import ArrayFormula

from xlfuncs import udfs

NAMES = {**udfs.FUNCTIONS, "EXPLAIN_ERROR": udfs.EXPLAIN_ERROR}
_CALL = re.compile(r"^=(?:_xldudf_)?([A-Z_][A-Z0-9_]*)\((.*)\)$", re.S)
_REF = re.compile(
    r"^(?:'((?:[^']|'')+)'!|([A-Za-z0-9_.]+)!)?\$?([A-Z]{1,3})\$?(\d+)"
    r"(?::\$?([A-Z]{1,3})\$?(\d+))?$"
)
_EPOCH = dt.datetime(1899, 12, 30)


def _split(args: str) -> list[str] | None:
    """The top-level arguments of a call, or ``None`` when one holds a nested call."""
    out, depth, quoted, current = [], 0, False, ""
    for ch in args:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "(":
            return None
        elif not quoted and ch == "," and depth == 0:
            out.append(current.strip())
            current = ""
            continue
        current += ch
    out.append(current.strip())
    return out


def _value(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dt.datetime):
        serial = (value - _EPOCH).total_seconds() / 86400
        return int(serial) if serial.is_integer() else serial
    if isinstance(value, dt.date):
        return (dt.datetime(value.year, value.month, value.day) - _EPOCH).days
    if isinstance(value, str) and value == "":
        return None
    return value


def _matrix(book: Any, sheet: Any, ref: str) -> list[list[Any]] | None:
    match = _REF.match(ref)
    if match is None:
        return None
    name = match.group(1) or match.group(2)
    ws = book[name.replace("''", "'")] if name else sheet
    first_col, first_row, last_col, last_row = range_boundaries(
        f"{match.group(3)}{match.group(4)}:{match.group(5) or match.group(3)}"
        f"{match.group(6) or match.group(4)}"
    )
    return [
        [_value(ws.cell(r, c).value) for c in range(first_col, last_col + 1)]
        for r in range(first_row, last_row + 1)
    ]


def _argument(values: Any, sheet: Any, text: str) -> tuple[bool, Any]:
    if text == "":
        return True, None
    if text.startswith('"') and text.endswith('"'):
        return True, [[text[1:-1].replace('""', '"')]]
    if text.upper() in ("TRUE", "FALSE"):
        return True, [[text.upper() == "TRUE"]]
    try:
        number = float(text)
    except ValueError:
        pass
    else:
        return True, [[_value(number)]]
    if text in values.defined_names:
        destinations = list(values.defined_names[text].destinations)
        if len(destinations) == 1:
            sheet_name, ref = destinations[0]
            return True, _matrix(values, values[sheet_name], ref.replace("$", ""))
        return False, None
    for ws in values.worksheets:
        if text in ws.defined_names:
            ref = ws.defined_names[text].attr_text.split("!")[-1]
            return True, _matrix(values, ws, ref.replace("$", ""))
    matrix = _matrix(values, sheet, text)
    return matrix is not None, matrix


def chart_calls(path: Path) -> list[tuple[str, list[Any]]]:
    """Every call of our functions in the workbook at *path* (see the module docstring),
    in sheet and cell order, as (function name, arguments)."""
    formulas = openpyxl.load_workbook(path)
    values = openpyxl.load_workbook(path, data_only=True)
    calls: list[tuple[str, list[Any]]] = []
    for ws in formulas.worksheets:
        stored = values[ws.title]
        for row in ws.iter_rows():
            for cell in row:
                text = cell.value.text if isinstance(cell.value, ArrayFormula) else cell.value
                if not isinstance(text, str) or not text.startswith("="):
                    continue
                match = _CALL.match(text)
                if match is None or match.group(1) not in NAMES:
                    continue
                parts = _split(match.group(2))
                if parts is None:
                    continue
                resolved = [_argument(values, stored, p) for p in parts]
                if all(ok for ok, _ in resolved):
                    calls.append((match.group(1), [a for _, a in resolved]))
    return calls
