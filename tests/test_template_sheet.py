"""``TemplateSheet`` (``xlfuncs/templates/common.py``) writes the same bytes as xlsxwriter.

Its quick paths (a cell written in one step; a row of input cells, a row of formulas and an
array's values stored in one step; the rows' spans) are checked against xlsxwriter's own
writer on the same cells: the saved worksheets must be equal byte for byte, as must the
shared strings (their order and counts). The reference sheet differs from ``TemplateSheet``
only in what it writes itself: it keeps the typing of blank formula values as text, and
nothing else.
"""

from __future__ import annotations

import datetime as dt
import os
import zipfile
from pathlib import Path
from typing import Any

import pytest
import xlsxwriter

from xlfuncs.templates.common import TemplateSheet, write_array, write_formula, write_value

VALUES: list[Any] = [
    1.0,
    2.5,
    -3,
    7,
    1e20,
    0.1 + 0.2,
    float("inf"),
    "text",
    "a & b < c > d",
    "=not a formula",
    "",
    None,
    True,
    dt.datetime(2026, 12, 1),
    "text",
]
"""A bit of everything a template writes (a string twice: shared once, counted twice)."""


class Reference(TemplateSheet):
    """xlsxwriter's own cell writer and storage, with the blank formula values typed."""

    def _write_cell(self, row: int, col: int, cell: Any) -> None:
        super(TemplateSheet, self)._write_cell(row, col, cell)

    def _write_rows(self) -> None:
        super(TemplateSheet, self)._write_rows()

    def _calculate_spans(self) -> None:
        super(TemplateSheet, self)._calculate_spans()

    def row_cells(self, row: int, col: int, values: Any, formats: Any) -> None:
        for offset, (value, fmt) in enumerate(zip(values, formats, strict=True)):
            write_value(self, row, col + offset, value, fmt)

    def array_column(self, *args: Any) -> bool:
        return False

    def formula_cells(self, row: int, cols: Any, formulas: Any, formats: Any, values: Any) -> None:
        for col, formula, fmt, value in zip(cols, formulas, formats, values, strict=True):
            write_formula(self, row, col, formula, fmt, value)


def _book(path: Path, sheet: type[TemplateSheet], *, split: bool = False) -> dict[str, bytes]:
    wb = xlsxwriter.Workbook(str(path), {"nan_inf_to_errors": True})
    ws = wb.add_worksheet("Sheet", worksheet_class=sheet)
    if split:  # the rows written in two halves, the second (from row 17) by a child
        ws.workbook_formats = wb.formats
    plain, number = wb.add_format({"bold": True}), wb.add_format({"num_format": "0.0"})
    formats = [plain if i % 2 else number for i in range(len(VALUES))]
    ws.row_cells(0, 0, VALUES, formats)
    ws.row_cells(1, 2, VALUES, formats)
    for col, value in enumerate(VALUES):
        write_value(ws, 2, col, value, plain)
        write_value(ws, 3, col, value)  # no format: xlsxwriter's writer, both sheets
    for col, value in enumerate([1.5, "", "shown", "#N/A", True, False, 0]):
        ws.write_formula(4, col, '=IFERROR(A1,"")', plain, value)
        ws.write_formula(5, col, '=A1&"<&>"', None, value)
    write_array(ws, 6, 0, 6 + len(VALUES) - 1, '{=IF(ISBLANK(A1:A15),"",A1:A15)}', plain, VALUES)
    write_array(ws, 6, 1, 6 + len(VALUES) - 1, "{=SUM(A1:A15)}", number, [None] * len(VALUES))
    write_array(ws, 6, 2, 6, "{=SUM(A1)}", number, [3.0])
    ws.formula_cells(  # a row's formulas in one step; an array one as xlsxwriter writes it
        40,
        [7, 1, 3, 4, 0],
        ['=IFERROR(A1,"")', '=A1&"<&>"', "{=SUM(A1)}", "=SORT(A1:A3)", '=IF(ISBLANK(A1),"",1)'],
        [plain, number, plain, number, plain],
        [1.5, None, 3.0, "#N/A", True],
    )
    ws.write_blank(30, 0, None)  # no format: not written at all
    ws.write_blank(31, 0, None, plain)
    ws.set_row(24, 20, wb.add_format({"italic": True}))  # a row's format, first used here
    ws.set_column(5, 5, 8, wb.add_format({"underline": True}))
    ws.write_comment(25, 1, "a note")
    ws.write_string(26, 5, "column format")
    ws.write_number(27, 5, 2.0, wb.add_format({"font_color": "red"}))  # first used here
    wb.close()
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist() if name.startswith("xl/")}


def test_template_sheet_writes_what_xlsxwriter_writes(tmp_path: Path) -> None:
    ours = _book(tmp_path / "ours.xlsx", TemplateSheet)
    theirs = _book(tmp_path / "theirs.xlsx", Reference)
    assert ours.keys() == theirs.keys()
    for name in ours:
        assert ours[name] == theirs[name], name
    sheet = ours["xl/worksheets/sheet1.xml"].decode()
    assert '<c r="B5" s="3" t="str"><f>IFERROR(A1,"")</f><v></v></c>' in sheet


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "not-forked"])
def test_a_sheet_written_in_two_halves_is_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fork: bool
) -> None:
    """The rows split in two halves, the second written at once by a forked child (or, where
    none can be forked, here after the first): the same bytes, the formats indexed as
    written in one go."""
    from xlfuncs.templates import common, forked

    if fork and not hasattr(os, "fork"):
        pytest.skip("no fork here")
    # forked even where an earlier test left a thread running (the child only computes)
    monkeypatch.setattr(forked, "can_fork", lambda: fork)
    monkeypatch.setattr(common, "SPLIT_ROWS", 16)
    halves: list[object] = []
    start = forked.in_child

    def counted(work: Any) -> Any:
        halves.append(work)
        return start(work)

    monkeypatch.setattr(forked, "in_child", counted)
    split = _book(tmp_path / "split.xlsx", TemplateSheet, split=True)
    assert len(halves) == 1  # the rows were split
    theirs = _book(tmp_path / "theirs.xlsx", Reference)
    assert split == theirs


@pytest.mark.parametrize("constant_memory", [False, True])
def test_constant_memory_goes_through_xlsxwriter(tmp_path: Path, constant_memory: bool) -> None:
    """In ``constant_memory`` mode rows are written as they come: ``row_cells`` then writes
    cell by cell, as xlsxwriter does."""
    path = tmp_path / "book.xlsx"
    wb = xlsxwriter.Workbook(str(path), {"constant_memory": constant_memory})
    ws = wb.add_worksheet("Sheet", worksheet_class=TemplateSheet)
    fmt = wb.add_format({"bold": True})
    ws.row_cells(0, 0, ["a", 1.0, None], [fmt, fmt, fmt])
    wb.close()
    with zipfile.ZipFile(path) as z:
        sheet = z.read("xl/worksheets/sheet1.xml").decode()
    assert '<c r="B1" s="1"><v>1</v></c><c r="C1" s="1"/>' in sheet
