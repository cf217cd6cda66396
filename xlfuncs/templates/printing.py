"""How a sheet prints: the paper, the orientation, the scale, the rows and columns repeated on
every page, and where a sheet too wide for one page at :data:`PRINT_SCALE` is cut into bands
of whole column groups, a band a page wide (``docs/templates.md``, Printing).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from xlsxwriter.worksheet import Worksheet

__all__ = ["PRINT_SCALE", "column_pixels", "page_bands", "print_setup"]

PRINT_SCALE: Final = 70
"""The scale, in per cent, of a sheet too wide for one page: the sheets' 10-point type prints
at 7 points (the smallest a chart pinned on a wall is read at)."""

_A4_POINTS: Final = (595.28, 841.89)
"""The short and the long side of an A4 page (Excel's paper code 9), in points."""

MARGIN_INCHES: Final = 0.4
"""The left and the right margin (the top and the bottom: 0.5 in)."""

_WIDE_POINTS_PER_PIXEL: Final = 1.0
"""The printed width at 100 %, in points, of one of Excel's column pixels (0.75 pt in Excel)
where a program lays the columns out widest (LibreOffice without Calibri or Carlito, in
DejaVu Sans digits): bands cut for it fit the page in every program."""

_SLACK: Final = 0.96
"""The share of a page's width a band fills at most (cell padding and rounding)."""


def column_pixels(width: float) -> int:
    """Excel's width in pixels of a column *width* characters wide in the workbook's default
    font (Calibri 11: a 7-pixel digit and 5 pixels of padding; a hidden column is 0)."""
    if width <= 0:
        return 0
    if width < 1:
        return int(width * 12 + 0.5)
    return int(width * 7 + 0.5) + 5


def page_bands(
    widths: Sequence[float],
    *,
    starts: Collection[int] = (),
    repeated: int = 0,
    landscape: bool = True,
) -> list[int]:
    """Where a sheet whose print area's columns are *widths* wide (characters, from the first
    column of the area; 0: hidden) is cut into A4 pages at :data:`PRINT_SCALE`: the first
    column of each band after the first, each at one of *starts* where one fits, else at the
    column that no longer fits. The first *repeated* columns print on every page; ``[]``: one page
    wide."""
    points = [column_pixels(w) * _WIDE_POINTS_PER_PIXEL for w in widths]
    short, long_ = _A4_POINTS
    usable = (long_ if landscape else short) - 2 * 72 * MARGIN_INCHES  # the page's, in points
    room = usable * _SLACK * 100 / PRINT_SCALE  # at 100 % of the widest layout
    again = sum(points[:repeated])
    breaks: list[int] = []
    first, used, last_start = 0, 0.0, 0
    for col, width in enumerate(points):
        if col in starts:
            last_start = col
        if used + width > room and col > first:
            cut = last_start if last_start > first else col
            breaks.append(cut)
            first = cut
            used = again + sum(points[cut:col])
        used += width
    return breaks


def print_setup(
    ws: Worksheet,
    *,
    landscape: bool = True,
    repeat_rows: tuple[int, int] | None = None,
    widths: Sequence[float] | None = None,
    starts: Collection[int] = (),
    repeat_columns: int = 0,
) -> list[int]:
    """Print *ws* on A4, landscape or portrait, the rows
    *repeat_rows* (first, last) on every page, a footer of the sheet's name and the page
    number. One page wide; or, when the print area's column *widths* are given and do not
    fit one page at :data:`PRINT_SCALE`, at that scale in bands cut at *starts*
    (:func:`page_bands`), the first *repeat_columns* columns on every page, across then
    down. Returns the first column of each band after the first."""
    if landscape:
        ws.set_landscape()
    else:
        ws.set_portrait()
    ws.set_paper(9)  # A4
    ws.set_margins(left=MARGIN_INCHES, right=MARGIN_INCHES, top=0.5, bottom=0.5)
    if repeat_rows is not None:
        ws.repeat_rows(*repeat_rows)
    ws.set_footer("&L&8xlfuncs&C&8&A&R&8Page &P of &N")
    breaks = []
    if widths is not None:
        breaks = page_bands(widths, starts=starts, repeated=repeat_columns, landscape=landscape)
    if not breaks:
        ws.fit_to_pages(1, 0)
        return []
    ws.set_print_scale(PRINT_SCALE)
    if repeat_columns:
        ws.repeat_columns(0, repeat_columns - 1)
    ws.set_v_pagebreaks(breaks)
    ws.print_across()
    return breaks
