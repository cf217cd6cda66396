"""The UNO side of the LibreOffice tests (``tests/calc_office.py``), run by the Python that
has LibreOffice's ``uno`` module (Debian's ``python3-uno``: the system's python3), which is
not the test suite's. It connects to the office the tests started (its pipe is the first
argument) and answers one JSON job per line on standard input with one JSON line on
standard output:

- ``{"op": "cases", "cases": [...]}``: each case a function name, its arguments (``null``
  left out, else rows of cells: a number, a text, ``null`` blank, ``{"bool": true}``,
  ``{"error": "#N/A"}``) and the size of its answer; they are written into a new sheet as a
  person would type them, each call as a formula (an array formula for more than one cell),
  the document recalculated in full, and each answer read back (``getDataArray``; an error
  as ``{"error": "#N/A"}``);
- ``{"op": "recalc", "path": ...}``: the workbook opened, every sheet's values read,
  recalculated in full (``calculateAll()``), read again: the number of cells and formula
  cells, and the cells whose value changed;
- ``{"op": "typed", "path": ..., "sheet": ..., "cells": [[address, value], ...], "read":
  range}``: the workbook opened, the cells typed in, recalculated in full, the range read;
- ``{"op": "quit"}``: the office is told to end.
"""

import contextlib
import json
import sys
import time

import uno
from com.sun.star.beans import PropertyValue

ERROR_FORMULAS = {
    "#N/A": "=NA()",
    "#DIV/0!": "=1/0",
    "#VALUE!": '="a"+1',
    "#NUM!": "=SQRT(-1)",
    "#REF!": "=#REF!",
    "#NAME?": "=XLFUNCS_NO_SUCH_NAME",
}
ERROR_NAMES = {32767: "#N/A", 503: "#NUM!", 519: "#VALUE!", 532: "#DIV/0!", 524: "#REF!",
               525: "#NAME?", 521: "#NULL!"}  # fmt: skip
RESULT_COLUMN = 60


def connect(pipe):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def column_name(index):
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def address(row, col):
    return f"{column_name(col)}{row + 1}"


def put(sheet, row, col, value):
    cell = sheet.getCellByPosition(col, row)
    if value is None:
        return
    if isinstance(value, dict):
        if "bool" in value:
            cell.setFormula("=TRUE()" if value["bool"] else "=FALSE()")
        else:
            cell.setFormula(ERROR_FORMULAS[value["error"]])
    elif isinstance(value, str):
        cell.setString(value)
    else:
        cell.setValue(float(value))


def read(sheet, top, left, rows, cols):
    area = sheet.getCellRangeByPosition(left, top, left + cols - 1, top + rows - 1)
    data = [list(r) for r in area.getDataArray()]
    for i, row in enumerate(data):
        for j, value in enumerate(row):
            if value is None:  # an error value
                code = sheet.getCellByPosition(left + j, top + i).getError()
                row[j] = {"error": ERROR_NAMES.get(code, f"Err:{code}")}
    return data


def run_cases(desktop, cases):
    hidden = PropertyValue()
    hidden.Name, hidden.Value = "Hidden", True
    doc = desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, (hidden,))
    try:
        sheet = doc.Sheets.getByIndex(0)
        doc.enableAutomaticCalculation(False)  # one full recalculation once all is typed
        placed = []
        top = 0
        for case in cases:
            col = 0
            refs = []
            height = case["rows"]
            for arg in case["args"]:
                if arg is None:
                    refs.append("")
                    continue
                rows, cols = len(arg), len(arg[0])
                plain = all(
                    isinstance(v, (int, float)) or (isinstance(v, str) and v)
                    for row in arg
                    for v in row
                )
                if plain:  # numbers and texts: the block at once (texts stay text)
                    block = sheet.getCellRangeByPosition(col, top, col + cols - 1, top + rows - 1)
                    block.setDataArray(
                        tuple(tuple(v if isinstance(v, str) else float(v) for v in r) for r in arg)
                    )
                else:
                    for i, row in enumerate(arg):
                        for j, value in enumerate(row):
                            put(sheet, top + i, col + j, value)
                if rows == 1 and cols == 1:
                    refs.append(address(top, col))
                else:
                    refs.append(f"{address(top, col)}:{address(top + rows - 1, col + cols - 1)}")
                height = max(height, rows)
                col += cols + 1
            while refs and refs[-1] == "":
                refs.pop()
            formula = f"={case['name']}({';'.join(refs)})"
            rows, cols = case["rows"], case["cols"]
            if rows == 1 and cols == 1:
                sheet.getCellByPosition(RESULT_COLUMN, top).setFormula(formula)
            else:
                area = sheet.getCellRangeByPosition(
                    RESULT_COLUMN, top, RESULT_COLUMN + cols - 1, top + rows - 1
                )
                area.setArrayFormula(formula)
            placed.append((top, rows, cols))
            top += height + 1
        doc.calculateAll()
        return [read(sheet, t, RESULT_COLUMN, r, c) for t, r, c in placed]
    finally:
        doc.close(True)


def _area(sheet):
    """The sheet's used area, from A1."""
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    end = cursor.getRangeAddress()
    return sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow)


def _values(sheet, area):
    data = [list(r) for r in area.getDataArray()]
    for i, row in enumerate(data):
        for j, value in enumerate(row):
            if value is None:
                row[j] = {"error": sheet.getCellByPosition(j, i).getError()}
    return data


def _formula_count(sheet):
    from com.sun.star.sheet.CellFlags import FORMULA

    ranges = sheet.queryContentCells(FORMULA)
    return sum(
        (a.EndColumn - a.StartColumn + 1) * (a.EndRow - a.StartRow + 1)
        for a in ranges.getRangeAddresses()
    )


def recalc(desktop, path):
    """The workbook *path* opened, every sheet's values read, recalculated in full, read
    again: how many cells and formula cells, and the cells whose value changed."""
    hidden = PropertyValue()
    hidden.Name, hidden.Value = "Hidden", True
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (hidden,))
    try:
        sheets = [doc.Sheets.getByIndex(i) for i in range(doc.Sheets.getCount())]
        before = {}
        for sheet in sheets:
            area = _area(sheet)
            before[sheet.getName()] = (area, _values(sheet, area))
        doc.calculateAll()
        cells = formulas = 0
        changed = []
        for sheet in sheets:
            area, old = before[sheet.getName()]
            new = _values(sheet, area)
            formulas += _formula_count(sheet)
            for i, (a, b) in enumerate(zip(old, new)):
                for j, (x, y) in enumerate(zip(a, b)):
                    cells += 1
                    same = x == y or (
                        isinstance(x, float)
                        and isinstance(y, float)
                        and abs(x - y) <= 1e-9 * max(1.0, abs(x))
                    )
                    if not same:
                        changed.append([sheet.getName(), i, j, x, y])
        return {"cells": cells, "formulas": formulas, "changed": changed}
    finally:
        doc.close(True)


def typed(desktop, path, sheet_name, cells, read):
    """The workbook *path* opened, *cells* (address, value) typed into its sheet
    *sheet_name* (a number as a number, a text as a text), recalculated in full; the values
    of the range *read*."""
    hidden = PropertyValue()
    hidden.Name, hidden.Value = "Hidden", True
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (hidden,))
    try:
        sheet = doc.Sheets.getByName(sheet_name)
        doc.enableAutomaticCalculation(False)  # one full recalculation once all is typed
        for where, value in cells:
            cell = sheet.getCellRangeByName(where)
            if isinstance(value, str):
                cell.setString(value)
            else:
                cell.setValue(float(value))
        doc.calculateAll()
        area = sheet.getCellRangeByName(read)
        start = area.getRangeAddress()
        data = [list(r) for r in area.getDataArray()]
        for i, row in enumerate(data):
            for j, value in enumerate(row):
                if value is None:
                    code = sheet.getCellByPosition(
                        start.StartColumn + j, start.StartRow + i
                    ).getError()
                    row[j] = {"error": ERROR_NAMES.get(code, f"Err:{code}")}
        return data
    finally:
        doc.close(True)


def main():
    ctx = connect(sys.argv[1])
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    for line in sys.stdin:
        job = json.loads(line)
        if job["op"] == "quit":
            with contextlib.suppress(Exception):  # the office ends before it answers
                desktop.terminate()
            print(json.dumps({"ok": True}), flush=True)
            return
        try:
            if job["op"] == "recalc":
                result = recalc(desktop, job["path"])
            elif job["op"] == "typed":
                result = typed(desktop, job["path"], job["sheet"], job["cells"], job["read"])
            else:
                result = run_cases(desktop, job["cases"])
            answer = {"ok": True, "result": result}
        except Exception as exc:  # said to the test, which fails with it
            answer = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
