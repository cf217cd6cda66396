"""Where a sheet too wide for one page is cut into bands of columns
(:mod:`xlfuncs.templates.printing`), worked by hand, and the page setup it writes.

The room of a band, A4 landscape at 70 %: the long side 841.89 pt less two margins of 0.4 in
(28.8 pt) is 784.29 pt; 96 % of it (the slack) is 752.92 pt; at 70 % that holds 1,075.6 pt of
columns at 100 %, counted at 1 pt per Excel pixel (LibreOffice without Calibri's metrics). A
column 10 characters wide is 10 x 7 + 5 = 75 pixels.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import xlsxwriter

from xlfuncs.templates.printing import PRINT_SCALE, column_pixels, page_bands, print_setup


def test_column_pixels() -> None:
    # Excel: a 7-pixel digit and 5 pixels of padding; under one character, 12 pixels a unit
    assert [column_pixels(w) for w in (24, 10, 4.3, 0.5, 0)] == [173, 75, 35, 6, 0]


def test_fourteen_columns_fit_one_page_fifteen_do_not() -> None:
    assert page_bands([10] * 14) == []  # 14 x 75 = 1,050 <= 1,075.6
    assert page_bands([10] * 15) == [14]  # 1,125 > 1,075.6: the 15th column begins page 2


def test_a_band_begins_at_the_last_group_that_starts_in_it() -> None:
    # groups begin at columns 0, 5 and 10: column 14 overflows, so the group of 10 moves
    assert page_bands([10] * 15, starts={0, 5, 10}) == [10]
    # 40 columns, groups of five, the first three repeated (225 on every page after the
    # first): page 1 holds columns 0-13 (1,050), the 15th overflows: cut at 10, its group's
    # start; page 2 from 10 holds (1,075.6 - 225) / 75 = 11.3 columns, 10-20, the 12th
    # overflows: cut at 20; page 3 the same, cut at 30; page 4 takes 30-39 (225 + 750)
    assert page_bands([10] * 40, starts=range(0, 40, 5), repeated=3) == [10, 20, 30]


def test_a_hidden_column_takes_no_room() -> None:
    assert page_bands([10] * 14 + [0] * 5) == []


def test_portrait() -> None:
    # A4 portrait: (595.28 - 57.6) x 0.96 / 0.7 = 737.4: 9 columns
    assert page_bands([10] * 10, landscape=False) == [9]


def _setup(path: Path, widths: list[float]) -> openpyxl.worksheet.worksheet.Worksheet:
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Sheet")
    breaks = print_setup(
        ws, repeat_rows=(1, 2), widths=widths, starts=range(0, 40, 5), repeat_columns=3
    )
    wb.close()
    assert breaks == ([10, 20, 30] if len(widths) == 40 else [])
    return openpyxl.load_workbook(path)["Sheet"]


def test_page_setup_of_a_wide_and_of_a_narrow_sheet(tmp_path: Path) -> None:
    wide = _setup(tmp_path / "wide.xlsx", [10] * 40)
    assert wide.page_setup.orientation == "landscape" and wide.page_setup.paperSize == 9
    assert wide.page_setup.scale == PRINT_SCALE == 70
    assert not wide.sheet_properties.pageSetUpPr or not wide.sheet_properties.pageSetUpPr.fitToPage
    assert [b.id for b in wide.col_breaks.brk] == [10, 20, 30]  # the page begins after col id
    assert wide.print_title_cols == "$A:$C" and wide.print_title_rows == "$2:$3"
    assert wide.page_setup.pageOrder == "overThenDown"  # a band's players' pages follow
    narrow = _setup(tmp_path / "narrow.xlsx", [10] * 14)
    assert narrow.sheet_properties.pageSetUpPr.fitToPage
    assert narrow.page_setup.fitToHeight == 0 and narrow.page_setup.fitToWidth in (None, 1)
    assert not narrow.col_breaks.brk and narrow.print_title_cols is None
