"""What every template workbook shares: formats, the settings block with the rules edition,
FIDE's two tables on a read-only sheet, the ``xlwings.conf`` sheet, result validation,
protection, print setup and cached values (a formula's value stored beside it).

Only XlsxWriter's public API is used; what it cannot write, or writes slowly
(:class:`LaterCells`), is done on the finished file (:func:`finish_package`).

Text from users or imported files is always written with ``write_string``: a name starting
with ``=`` stays text, never becomes a formula.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import re
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import isfinite
from pathlib import Path
from typing import Any, Final
from xml.sax.saxutils import escape

import xlsxwriter
from xlsxwriter.chartsheet import Chartsheet
from xlsxwriter.format import Format
from xlsxwriter.utility import xl_col_to_name, xl_rowcol_to_cell
from xlsxwriter.workbook import Workbook
from xlsxwriter.worksheet import Worksheet

from .. import __version__
from ..core.editions import DEFAULT_EDITION, EDITIONS, RAPID_BLITZ_EDITIONS
from ..core.results import BYE_SYMBOLS, FORFEIT_SYMBOLS, UNDER_ONE_MOVE_CELLS, Outcome
from ..core.tables import DP_TABLE, PD_TABLE
from .printing import print_setup

__all__ = [
    "RESULT_CHOICES",
    "EDITION_CHOICES",
    "UDF_MODULE",
    "EXCEL_CALC_ID",
    "Formats",
    "LitePackage",
    "PartsRewrite",
    "new_workbook",
    "finish_package",
    "write_text",
    "write_value",
    "write_values",
    "write_formula",
    "write_formulas",
    "write_array",
    "write_array_block",
    "settings_block",
    "add_tables_sheet",
    "close_workbook",
    "finish_sheet",
    "add_xlwings_conf_sheet",
    "XlsxOptions",
    "validate_areas",
    "validate_results",
    "results_formatting",
    "strike_below_floor",
    "protect",
    "print_setup",
    "cell",
    "call_text",
    "is_number",
]

RESULT_CHOICES: Final = (
    Outcome.WIN.symbol,
    Outcome.DRAW.shown,
    Outcome.LOSS.symbol,
    Outcome.DRAW.symbol,
    *FORFEIT_SYMBOLS,
    *BYE_SYMBOLS,
    *UNDER_ONE_MOVE_CELLS,
)
"""What a result cell accepts from its drop-down list: win, draw (½ or =), loss, forfeits,
byes, and a game of less than one move (``W<1``, ``D<1``, ``L<1``; a bare ``W`` is refused:
:func:`xlfuncs.core.results.read_cell`)."""

EDITIONS_NEWEST_FIRST: Final = tuple(reversed(EDITIONS))
"""The standard editions, newest first."""

EDITION_CHOICES: Final = EDITIONS_NEWEST_FIRST + tuple(
    f"{key} {rate}" for key in reversed(RAPID_BLITZ_EDITIONS) for rate in ("rapid", "blitz")
)
"""Rules editions offered in the settings drop-down, newest first: the standard ones, then
the rapid and blitz ones (``"2024-12 rapid"``, as ``rules`` reads them and the crosstable
writes them)."""

UDF_MODULE: Final = "xlfuncs.udfs"
"""The module classic xlwings imports the functions from."""

_FIXED_TIME = _dt.datetime(2026, 1, 1)
"""Document timestamps, fixed so that regenerating a template changes nothing."""


@dataclass(frozen=True)
class Formats:
    """The cell formats of a workbook."""

    title: Format
    subtitle: Format
    label: Format
    header: Format
    header_input: Format
    """A column header the user may change (a tie-break's descriptor): unlocked, shaded."""
    input_text: Format
    input_fit: Format
    """A text input shrunk to fit its cells (a name in a narrow header field)."""
    input_center: Format
    input_number: Format
    input_date: Format
    computed: Format
    computed_text: Format
    computed_decimal: Format
    computed_bold: Format
    diagonal: Format
    note: Format
    yes_no: Format
    group: Format
    """A band over a group of column headers."""
    fixed: Format
    """A locked constant the user does not type (start numbers)."""
    computed_signed: Format
    """A computed whole number shown with its sign (rating changes)."""
    hint: Format
    """One line of help above a table."""
    heading: Format
    body: Format


EXCEL_CALC_ID = 191029
"""The calculation engine id written in ``<calcPr calcId=...>``: Excel 2019, 2021 and 365's,
so that Excel opens the workbook with the values stored beside the formulas instead of
recalculating (``docs/lite.md``, *What a user without the add-in sees*)."""


@dataclass(frozen=True)
class LitePackage:
    """The xlwings Lite code a workbook is written with (:mod:`xlfuncs.lite_workbook`): the
    add-in's settings (``main.py``, ``requirements.txt``) and, for the Lite form
    (:mod:`xlfuncs.lite_form`), the names of the functions whose calls are stored as Excel
    binds them (``None``: plain names)."""

    settings: Mapping[str, str]
    functions: tuple[str, ...] | None = None


XlsxOptions = Mapping[str, Any]
"""Options handed as they are to XlsxWriter (a data validation's ``validate``, ``source``
...): their keys and values are XlsxWriter's to define."""

PartsRewrite = Callable[[dict[str, bytes]], object]
"""A last rewrite of a finished workbook's parts (part name -> bytes), in place, before the
package is written: the calls in Calc's form (:func:`xlfuncs.libreoffice.form.calc_parts`)."""


_CALC_PR = re.compile(rb"<calcPr\b[^>]*/>")
"""The ``<calcPr>`` element of ``xl/workbook.xml`` (xlsxwriter's asks Excel 2010's engine,
124519, to recalculate on load)."""


class _Workbook(xlsxwriter.Workbook):  # type: ignore[misc]  # xlsxwriter is untyped here
    """xlsxwriter's workbook, finished when it is closed (:func:`finish_package`)."""

    def __init__(
        self,
        path: str,
        options: XlsxOptions,
        lite: LitePackage | None,
        rewrite: PartsRewrite | None = None,
    ) -> None:
        super().__init__(path, options)
        self.xlfuncs_path = Path(path)
        self.xlfuncs_lite = lite
        self.xlfuncs_rewrite = rewrite
        self.xlfuncs_finished = False
        self.xlfuncs_later: list[LaterCells] = []
        self.xlfuncs_texts = KeptTexts()

    def add_worksheet(self, name: str | None = None, worksheet_class: Any = None) -> Worksheet:
        """xlsxwriter's new worksheet, with its :class:`LaterCells`."""
        ws = super().add_worksheet(name, worksheet_class)
        number = sum(not isinstance(sheet, Chartsheet) for sheet in self.worksheets())
        later = LaterCells(ws, f"xl/worksheets/sheet{number}.xml", self.xlfuncs_texts)
        _LATER[ws] = later
        self.xlfuncs_later.append(later)
        return ws

    def close(self) -> None:
        """Write the file (xlsxwriter), then finish it (:func:`finish_package`); once."""
        if self.xlfuncs_finished:
            return
        for sheet in self.xlfuncs_later:
            sheet.anchor()
        super().close()
        later = {sheet.part: sheet for sheet in self.xlfuncs_later if sheet.rows or sheet.arrays}
        finish_package(
            self.xlfuncs_path,
            self.xlfuncs_lite,
            later=later,
            texts=self.xlfuncs_texts,
            rewrite=self.xlfuncs_rewrite,
        )
        for sheet in self.xlfuncs_later:
            sheet.clear()  # written: let go
        self.xlfuncs_finished = True


_ALL_ROWS: Final = range(1_048_576)
"""A worksheet's rows (xlsxwriter refuses a cell beyond)."""

_ALL_COLUMNS: Final = range(16_384)
"""A worksheet's columns."""


class _Text(str):
    """A text kept in a cell of :class:`LaterCells`: a shared string xlsxwriter holds."""


_PLAIN_TEXT = re.compile(
    r"[^\s<_\x00-\x1f\ufffe\uffff]([^<_\x00-\x1f\ufffe\uffff]*[^\s<_\x00-\x1f\ufffe\uffff])?"
)
"""A text xlsxwriter writes as it is into its shared strings, but escaped: no control
character, ``_`` (of its ``_xHHHH_`` escapes), ``<`` (of a rich string) nor leading or
trailing white space (kept by an attribute)."""


class KeptTexts:
    """The texts of a workbook's :class:`LaterCells`: a text written through xlsxwriter
    once (so that its shared string has its number, in the order texts are first written)
    is then kept like a number; the shared strings' count counts the cells kept."""

    def __init__(self) -> None:
        self.given: dict[str, _Text] = {}
        """The plain texts (:data:`_PLAIN_TEXT`) written through xlsxwriter: their mark."""
        self.kept = 0
        """Text cells kept (each counted as xlsxwriter counts a text it writes)."""

    def give(self, text: str) -> None:
        """*text* has been written through xlsxwriter into a sheet's cell."""
        if len(text) < 8192 and _PLAIN_TEXT.fullmatch(text):
            self.given[text] = _Text(text)

    def finish(self, strings: bytes) -> tuple[bytes, dict[_Text, str]]:
        """The shared strings part *strings* counting the kept cells too, and the XML of a
        kept cell of each text after its reference and format."""
        if not self.kept:
            return strings, {}
        wanted = {f"<t>{escape(text)}</t>".encode(): mark for text, mark in self.given.items()}
        tails: dict[_Text, str] = {}
        for index, entry in enumerate(_SHARED.finditer(strings)):
            mark = wanted.get(entry[1])
            if mark is not None:
                tails[mark] = f' t="s"><v>{index}</v></c>'
        count = _SST_COUNT.search(strings)
        if count is None or len(tails) != len(wanted):
            raise RuntimeError("the shared strings do not hold the texts kept")
        total = str(int(count[1]) + self.kept).encode()
        return strings[: count.start(1)] + total + strings[count.end(1) :], tails


_SHARED = re.compile(rb"<si>(.*?)</si>", re.DOTALL)
"""A shared string as xlsxwriter writes it: its text element."""

_SST_COUNT = re.compile(rb'<sst\b[^>]*? count="([0-9]+)"')
"""The count of text cells in the shared strings' root."""


class LaterCells:
    """The cells of one worksheet written into the finished sheet (:func:`finish_package`)
    as xlsxwriter writes them, byte for byte, without going through xlsxwriter one cell at
    a time (why and how: ``docs/templates.md``, *Measurements*): the numbers, blanks and
    texts of :func:`write_values`, :func:`write_array` and :func:`write_array_block` (a
    text once written through xlsxwriter: :class:`KeptTexts`) and the formulas that call no
    function but :data:`PLAIN_FUNCTIONS`, each kept as the XML after its reference and
    format. :meth:`anchor` gives xlsxwriter a formatted blank on each row's first and last
    of these cells and on each format's first; an array formula goes to xlsxwriter on its
    first cell only. A cell kept here is not written through xlsxwriter too
    (:func:`finish_package` refuses such a sheet), but for the cell of
    :func:`write_formula` (a merged range's first may be xlsxwriter's)."""

    def __init__(self, ws: Worksheet, part: str, texts: KeptTexts) -> None:
        self.ws = ws
        self.texts = texts
        """The workbook's texts kept so far."""
        self.part = part
        """The worksheet's part in the package (``xl/worksheets/sheet1.xml``)."""
        self.rows: dict[int, dict[int, tuple[Format, str]]] = {}
        """Each row's cells (by column): the format and the XML after ``<c r=... s=...``
        (``/>`` for a blank), as xlsxwriter writes it."""
        self.arrays: dict[int, dict[int, tuple[str, str]]] = {}
        """The array formulas written on their first cell only (by row, column): the
        range xlsxwriter writes (that cell) and the formula's range."""
        self.anchors: dict[tuple[int, int], Format] = {}
        """The formatted blanks of :meth:`anchor` (row, column): their format."""

    def formula(
        self, row: int, col: int, formula: str, fmt: Format, value: Any, *, alone: bool
    ) -> None:
        """The plain formula *formula* (``=`` first) with its cached *value* in a cell;
        *alone*: its formatted blank given to xlsxwriter now (the cell may have been
        written through xlsxwriter before: a merged range's first cell)."""
        cells = self.rows.get(row) or self.rows.setdefault(row, {})
        cells[col] = (fmt, _formula_xml(formula[1:], value))
        if alone:
            self.ws.write_blank(row, col, None, fmt)
            self.anchors[row, col] = fmt

    def array(self, first: tuple[int, int], last: tuple[int, int]) -> None:
        """The array formula written on cell *first* (row, column) spans to *last*."""
        start = xl_rowcol_to_cell(*first)
        self.arrays.setdefault(first[0], {})[first[1]] = (
            start,
            f"{start}:{xl_rowcol_to_cell(*last)}",
        )

    def anchor(self) -> None:
        """Give xlsxwriter a formatted blank on each row's first and last cell kept here and
        on the first cell (row by row, left to right) of each format."""
        seen: set[int] = set()
        anchors = self.anchors
        for row in sorted(self.rows):
            cells = self.rows[row]
            if not cells:
                continue
            first: dict[int, int] = {}  # a format not met above: its first column here
            for col, (fmt, _) in cells.items():
                key = id(fmt)
                if key not in seen and (key not in first or col < first[key]):
                    first[key] = col
            seen.update(first)
            for col in {min(cells), max(cells), *first.values()}:
                fmt = cells[col][0]
                anchors[row, col] = fmt
                self.ws.write_blank(row, col, None, fmt)

    def clear(self) -> None:
        """Let go of the cells (written)."""
        self.rows.clear()
        self.arrays.clear()
        self.anchors.clear()


_LATER: weakref.WeakKeyDictionary[Worksheet, LaterCells] = weakref.WeakKeyDictionary()
"""The :class:`LaterCells` of each worksheet of a workbook of :func:`new_workbook`."""

PLAIN_FUNCTIONS: Final = frozenset(("IF", "IFERROR", "ISBLANK"))
"""Functions every Excel since 2007 has: xlsxwriter gives them no ``_xlfn.`` prefix."""

_CALLED = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*(?=\()")
"""A name followed by an opening parenthesis: what could be a function call (in a string
too: such a formula is then not taken as plain)."""

_ERROR_VALUES: Final = frozenset(
    ("#DIV/0!", "#N/A", "#NAME?", "#NULL!", "#NUM!", "#REF!", "#VALUE!")
)
"""The values xlsxwriter stores as an error (``t="e"``) beside a formula."""


def _is_plain(formula: str) -> bool:
    """Whether xlsxwriter stores *formula* as it is but its leading ``=``: an ordinary
    formula (not an array) calling :data:`PLAIN_FUNCTIONS` only."""
    return (
        formula.startswith("=")
        and "{" not in formula
        and "}" not in formula
        and all(name in PLAIN_FUNCTIONS for name in _CALLED.findall(formula))
    )


def _formula_xml(formula: str, value: Any) -> str:
    """A formula cell's XML after its reference and format, as xlsxwriter writes it: the
    value's type (``t="b"``, ``t="e"``, ``t="str"``; a number and a blank untyped), the
    formula and the value, escaped."""
    if isinstance(value, bool):
        typed, value = ' t="b"', int(value)
    elif isinstance(value, str):
        typed = "" if value == "" else ' t="e"' if value in _ERROR_VALUES else ' t="str"'
        value = escape(value)
    else:
        typed = ""
    return f"{typed}><f>{escape(formula)}</f><v>{value}</v></c>"


_ROW = re.compile(rb'<row r="([0-9]+)"[^>/]*>(.*?)</row>', re.DOTALL)
"""A worksheet row with cells as xlsxwriter writes it: its number and its cells."""

_CELL_START = '<c r="'
"""How xlsxwriter starts a cell (its reference follows)."""


class _ColumnNumbers(dict[str, int]):
    """A column's letters (``"BM"``): its number from 0."""

    def __missing__(self, letters: str) -> int:
        number = 0
        for letter in letters:
            number = number * 26 + ord(letter) - 64
        self[letters] = number - 1
        return number - 1


def _letters(text: str) -> str:
    """The column letters a cell's reference (``"BM12..."``) starts with."""
    end = 0
    while text[end].isalpha():
        end += 1
    return text[:end]


def _write_later(data: bytes, later: LaterCells, texts: Mapping[_Text, str]) -> bytes:
    """Worksheet XML *data* with the cells of *later* written in their rows, in column
    order among xlsxwriter's, each over its anchor (:meth:`LaterCells.anchor`), and the
    ranges of its array formulas; a kept text's XML in *texts*."""
    rows, arrays, anchors = later.rows, later.arrays, later.anchors
    numbers = _ColumnNumbers()
    names: dict[int, str] = {}
    styles: dict[int, str] = {}  # a format's id: its number, as its anchor has it

    def written(match: re.Match[bytes]) -> bytes:
        row = int(match[1]) - 1
        ours, ranges = rows.get(row, {}), arrays.get(row, {})
        if not ours and not ranges:
            return match[0]
        cells: dict[int, str] = {}
        for cell in match[2].decode().split(_CELL_START)[1:]:
            col = numbers[_letters(cell)]
            if col in ours:
                fmt = anchors.get((row, col))
                if fmt is None:
                    raise RuntimeError(f"{later.part}: cell {cell[:12]!r} written twice")
                styles[id(fmt)] = cell.split('"', 3)[2]
            elif col in ranges:
                start, span = ranges[col]
                cells[col] = _CELL_START + cell.replace(f'ref="{start}"', f'ref="{span}"', 1)
            else:
                cells[col] = _CELL_START + cell
        number = str(row + 1)
        for col, (fmt, rest) in ours.items():
            name = names.get(col)
            if name is None:
                name = names[col] = xl_col_to_name(col)
            if rest.__class__ is _Text:
                rest = texts[rest]
            cells[col] = f'{_CELL_START}{name}{number}" s="{styles[id(fmt)]}"{rest}'
        body = "".join([cells[col] for col in sorted(cells)]).encode()
        return match[0][: match.start(2) - match.start(0)] + body + b"</row>"

    return _ROW.sub(written, data)


def finish_package(
    path: Path,
    lite: LitePackage | None,
    *,
    later: Mapping[str, LaterCells],
    texts: KeptTexts,
    rewrite: PartsRewrite | None = None,
) -> None:
    """Finish the workbook file xlsxwriter wrote at *path*, its parts rewritten in place
    (:func:`xlfuncs.lite_workbook.rewrite_parts`): the cells of *later* (by worksheet part)
    written in their rows and the shared strings counting the text cells *texts* kept;
    ``<calcPr calcId="191029"/>`` without ``fullCalcOnLoad`` (:data:`EXCEL_CALC_ID`); the
    blank values beside formulas typed as text (:func:`xlfuncs.lite_form.typed_blanks`); with
    *lite*, the xlwings Lite code stored (:func:`xlfuncs.lite_workbook.store_settings`); with
    *rewrite*, the parts then rewritten by it, so that the package is compressed once."""
    from ..lite_form import typed_blanks
    from ..lite_workbook import rewrite_parts, store_settings

    def finish(parts: dict[str, bytes]) -> None:
        shared: dict[_Text, str] = {}
        if texts.kept:
            strings = "xl/sharedStrings.xml"
            parts[strings], shared = texts.finish(parts[strings])
        for part, cells in later.items():
            parts[part] = _write_later(parts[part], cells, shared)
        parts["xl/workbook.xml"] = _CALC_PR.sub(
            f'<calcPr calcId="{EXCEL_CALC_ID}"/>'.encode(), parts["xl/workbook.xml"], count=1
        )
        typed_blanks(parts)
        if lite is not None:
            store_settings(parts, lite.settings, functions=lite.functions)
        if rewrite is not None:
            rewrite(parts)

    rewrite_parts(path, finish)


def new_workbook(
    path: str | Path,
    *,
    title: str,
    lite: LitePackage | None = None,
    rewrite: PartsRewrite | None = None,
) -> tuple[Workbook, Formats]:
    """A new workbook with our formats, with the Lite code *lite* stored in it and its parts
    rewritten by *rewrite* when it is finished (:func:`finish_package`). Strings are never
    turned into formulas or numbers."""
    wb = _Workbook(
        str(path),
        {"strings_to_formulas": False, "strings_to_numbers": False, "strings_to_urls": False},
        lite,
        rewrite,
    )
    wb.set_properties(
        {
            "title": title,
            "author": "xlfuncs",
            "company": "xlfuncs",
            "comments": f"Generated by xlfuncs {__version__}",
            "created": _FIXED_TIME,
        }
    )
    font = {"font_name": "Calibri", "font_size": 10}
    border = {"border": 1, "border_color": "#B7B7B7"}
    unlocked = {"locked": False, "bg_color": "#FFFDE7"}
    computed = {"bg_color": "#EEF3FA", **border}
    column_head = {
        "bold": True,
        "align": "center",
        "valign": "vcenter",
        "text_wrap": True,
        **border,
    }

    def fmt(**props: Any) -> Format:
        return wb.add_format({**font, **props})

    formats = Formats(
        title=fmt(bold=True, font_size=14),
        subtitle=fmt(italic=True, font_color="#555555"),
        label=fmt(bold=True, align="right"),
        header=fmt(bg_color="#D9E1F2", **column_head),
        header_input=fmt(bg_color="#FFF2CC", locked=False, **column_head),
        input_text=fmt(**unlocked, **border),
        input_fit=fmt(shrink=True, **unlocked, **border),
        input_center=fmt(align="center", **unlocked, **border),
        input_number=fmt(align="center", num_format="0", **unlocked, **border),
        input_date=fmt(align="center", num_format="yyyy-mm-dd", **unlocked, **border),
        computed=fmt(align="center", num_format="0", **computed),
        computed_text=fmt(align="center", **computed),
        computed_decimal=fmt(align="center", num_format="0.00", **computed),
        computed_bold=fmt(align="center", num_format="0.0", bold=True, **computed),
        diagonal=fmt(bg_color="#808080", **border),
        note=fmt(italic=True, font_color="#555555", text_wrap=True, valign="top"),
        yes_no=fmt(align="center", bold=True, **computed),
        group=fmt(bold=True, bg_color="#B4C6E7", align="center", valign="vcenter", **border),
        fixed=fmt(bold=True, align="center", bg_color="#F2F2F2", **border),
        computed_signed=fmt(align="center", num_format="+0;-0;0", **computed),
        hint=fmt(italic=True, font_color="#555555", valign="vcenter"),
        heading=fmt(bold=True),
        body=fmt(),
    )
    return wb, formats


def cell(row: int, col: int, *, absolute: bool = False) -> str:
    """A1 reference of a zero-based cell."""
    return str(xl_rowcol_to_cell(row, col, row_abs=absolute, col_abs=absolute))


def call_text(name: str, *args: str) -> str:
    """The formula ``=NAME(a,b,...)``, the trailing arguments left out when empty."""
    while args and not args[-1]:
        args = args[:-1]
    return f"={name}({','.join(args)})"


def is_number(value: Any) -> bool:
    """Whether a cell's value is a number (``True`` and ``False`` are not)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def write_text(
    ws: Worksheet, row: int, col: int, text: str | None, fmt: Format | None = None
) -> None:
    """Text as text, whatever it starts with (``=``, ``+``, ``-``, ``@``)."""
    if text is None or text == "":
        ws.write_blank(row, col, None, fmt)
    else:
        ws.write_string(row, col, text, fmt)


def write_value(ws: Worksheet, row: int, col: int, value: Any, fmt: Format | None = None) -> None:
    """A number, a date, text (as text) or a blank."""
    if value is None or value == "":
        ws.write_blank(row, col, None, fmt)
    elif isinstance(value, bool):
        ws.write_boolean(row, col, value, fmt)
    elif isinstance(value, (int, float)):
        ws.write_number(row, col, value, fmt)
    elif isinstance(value, _dt.date):  # a datetime too
        ws.write_datetime(row, col, value, fmt)
    else:
        ws.write_string(row, col, str(value), fmt)


def write_values(
    ws: Worksheet, row: int, col: int, values: Sequence[Any], formats: Sequence[Format | None]
) -> None:
    """:func:`write_value` on each cell of *row* from column *col* on, each value with its
    format."""
    if len(values) != len(formats):
        raise ValueError(f"{len(values)} values, {len(formats)} formats")
    cols = range(col, col + len(values))
    _write_cells(ws, (range(row, row + 1), cols), (itertools.repeat(row), cols), values, formats)


def _kept(ws: Worksheet, rows: range, cols: range) -> LaterCells | None:
    """The :class:`LaterCells` of *ws* when it can keep cells in *rows* and *cols*."""
    later = _LATER.get(ws)
    if later is None or not rows or not cols:
        return None
    inside = rows[0] in _ALL_ROWS and rows[-1] in _ALL_ROWS
    return later if inside and cols[0] in _ALL_COLUMNS and cols[-1] in _ALL_COLUMNS else None


def _write_cells(
    ws: Worksheet,
    area: tuple[range, range],
    places: tuple[Iterable[int], Iterable[int]],
    values: Iterable[Any],
    formats: Iterable[Format | None],
) -> None:
    """:func:`write_value` on each cell of *places* (rows and columns, all within *area*),
    with its value and format; a number, a blank or a text written once (:class:`KeptTexts`)
    with a format kept for the finished sheet (:class:`LaterCells`)."""
    later = _kept(ws, *area)
    if later is None:
        for row, col, value, fmt in zip(*places, values, formats):
            write_value(ws, row, col, value, fmt)
        return
    kept, texts = later.rows, later.texts
    given = texts.given
    cells: dict[int, tuple[Format, str]] = {}
    at = -1
    for row, col, value, fmt in zip(*places, values, formats):
        if fmt is None:
            write_value(ws, row, col, value, fmt)
            continue
        if row != at:
            at, cells = row, kept.get(row) or kept.setdefault(row, {})
        kind = type(value)
        if kind is str and value:
            mark = given.get(value)
            if mark is None:
                ws.write_string(row, col, value, fmt)
                texts.give(value)
            else:
                cells[col] = (fmt, mark)
                texts.kept += 1
        elif kind is int or (kind is float and isfinite(value)):
            cells[col] = (fmt, f"><v>{value:.16G}</v></c>")
        elif value is None or kind is str:
            cells[col] = (fmt, "/>")
        else:
            write_value(ws, row, col, value, fmt)


def write_formula(
    ws: Worksheet,
    row: int,
    col: int,
    formula: str,
    fmt: Format | None = None,
    value: Any = None,
    *,
    alone: bool = True,
) -> None:
    """A formula with its cached value (blank when *value* is ``None``); in a workbook of
    :func:`new_workbook`, a formatted formula calling :data:`PLAIN_FUNCTIONS` only is
    written in its cell as the file is finished (:class:`LaterCells`; *alone*: see
    :meth:`LaterCells.formula`)."""
    later = _LATER.get(ws) if fmt is not None else None
    cached = "" if value is None else value
    if later is not None and row in _ALL_ROWS and col in _ALL_COLUMNS and _is_plain(formula):
        later.formula(row, col, formula, fmt, cached, alone=alone)
    else:
        ws.write_formula(row, col, formula, fmt, cached)


def write_formulas(
    ws: Worksheet,
    row: int,
    cols: Sequence[int],
    formulas: Sequence[str],
    formats: Sequence[Format | None],
    values: Sequence[Any],
) -> None:
    """:func:`write_formula` on each cell of *row* in *cols*, each with its formula, format
    and cached value, in cells not written otherwise (as :func:`write_values`'s)."""
    for col, formula, fmt, value in zip(cols, formulas, formats, values, strict=True):
        write_formula(ws, row, col, formula, fmt, value, alone=False)


def write_array(
    ws: Worksheet,
    first_row: int,
    col: int,
    last_row: int,
    formula: str,
    fmt: Format | None = None,
    values: Sequence[Any] | None = None,
) -> None:
    """One array formula over a column range (one call fills the column), with each cell's
    cached value (blanks when *values* is ``None``)."""
    cached = list(values) if values is not None else [None] * (last_row - first_row + 1)
    area = (first_row, col, last_row, col)
    first = "" if cached[0] is None else cached[0]
    _array_formula(ws, area, formula, fmt, first, every=len(cached) > last_row - first_row)
    rows = range(first_row + 1, last_row + 1)
    places = (rows, itertools.repeat(col))
    _write_cells(ws, (rows, range(col, col + 1)), places, cached[1:], itertools.repeat(fmt))


def write_array_block(
    ws: Worksheet,
    first_row: int,
    first_col: int,
    last_row: int,
    last_col: int,
    formula: str,
    fmt: Format | None,
    values: Sequence[Sequence[Any]],
) -> None:
    """One legacy array formula over a block of rows and columns (one call fills it), with
    each cell's cached value (``values`` row by row; ``None`` is a blank)."""
    first = values[0][0] if values and values[0] else None
    if isinstance(first, bool):
        first = int(first)  # xlsxwriter stores an array formula's value as a number or text only
    height, width = last_row - first_row + 1, last_col - first_col + 1
    rows = [row[:width] for row in values[:height]]
    every = len(rows) == height and all(len(row) == width for row in rows)
    area = (first_row, first_col, last_row, last_col)
    _array_formula(ws, area, formula, fmt, "" if first is None else first, every=every)
    for i, row in enumerate(rows):
        skip = 0 if i else 1  # the first cell: the formula's
        cols = range(first_col + skip, first_col + len(row))
        at = (range(first_row + i, first_row + i + 1), cols)
        places = (itertools.repeat(first_row + i), cols)
        _write_cells(ws, at, places, row[skip:], itertools.repeat(fmt))


def _array_formula(
    ws: Worksheet, area: Area, formula: str, fmt: Format | None, cached: Any, *, every: bool
) -> None:
    """The legacy array formula *formula* over *area* with the value *cached* (its first
    cell's), the other cells' values left to write (*every*: all of them will be); given to
    xlsxwriter on its first cell only where :class:`LaterCells` writes its range."""
    first_row, first_col, last_row, last_col = area
    later = _kept(ws, range(first_row, last_row + 1), range(first_col, last_col + 1))
    if later is not None and fmt is not None and every and area[:2] != area[2:]:
        ws.write_array_formula(first_row, first_col, first_row, first_col, formula, fmt, cached)
        later.array((first_row, first_col), (last_row, last_col))
    else:
        ws.write_array_formula(first_row, first_col, last_row, last_col, formula, fmt, cached)


def settings_block(
    wb: Workbook,
    ws: Worksheet,
    fmt: Formats,
    row: int,
    col: int,
    *,
    rules: str | None = None,
    label_cols: int = 1,
    value_cols: int = 1,
    local: bool = False,
    rates: bool = True,
) -> None:
    """The rules-edition setting: a validated drop-down, named ``Rules`` (*local*: a name of
    this sheet only), the label *label_cols* columns from *col*, the value the *value_cols*
    after it; *rates*: the rapid and blitz editions offered too. Blank: the edition in force."""
    if label_cols > 1:
        ws.merge_range(row, col, row, col + label_cols - 1, "", fmt.label)
    ws.write_string(row, col, "Rules edition", fmt.label)
    col += label_cols - 1
    if value_cols > 1:
        ws.merge_range(row, col + 1, row, col + value_cols, "", fmt.input_center)
    ws.write_string(row, col + 1, rules or DEFAULT_EDITION.id, fmt.input_center)
    ws.data_validation(
        cell(row, col + 1),
        {
            "validate": "list",
            "source": list(EDITION_CHOICES if rates else EDITIONS_NEWEST_FIRST),
            "input_title": "FIDE rules edition",
            "input_message": "2025: in force since 1 Oct 2025. 2024: Mar 2024-Sep 2025. "
            "2022: 2022-Feb 2024. 2017: Jul 2017-2021."
            + (" Rapid and blitz: their own rules (2024-12: since 1 Dec 2024)." if rates else ""),
            "error_title": "Rules edition",
            "error_message": "Choose an edition from the list.",
        },
    )
    scope = f"'{ws.get_name()}'!" if local else ""
    wb.define_name(scope + "Rules", f"='{ws.get_name()}'!{cell(row, col + 1, absolute=True)}")


def add_tables_sheet(wb: Workbook, fmt: Formats) -> None:
    """A read-only sheet with FIDE's tables 8.1(a) and 8.1(b)."""
    ws = wb.add_worksheet("FIDE tables")
    ws.write_string(
        0, 0, "FIDE Rating Regulations: conversion tables (identical in every edition)", fmt.title
    )
    ws.write_string(2, 0, "Table 8.1(a): score p -> difference dp", fmt.heading)
    for j, text in enumerate(("p", "dp", "p", "dp")):
        ws.write_string(3, j, text, fmt.header)
    for i, (h, d) in enumerate(sorted(DP_TABLE.items(), reverse=True)):
        ws.write_number(4 + i, 0, h / 100, fmt.computed_decimal)
        ws.write_number(4 + i, 1, d, fmt.computed)
        ws.write_number(4 + i, 2, (100 - h) / 100, fmt.computed_decimal)
        ws.write_number(4 + i, 3, -d, fmt.computed)
    ws.write_string(2, 5, "Table 8.1(b): rating difference D -> expected score PD", fmt.heading)
    for j, text in enumerate(("D from", "D to", "PD higher", "PD lower")):
        ws.write_string(3, 5 + j, text, fmt.header)
    low = 0
    for i, (upper, hundredths) in enumerate(PD_TABLE):
        ws.write_number(4 + i, 5, low, fmt.computed)
        ws.write_number(4 + i, 6, upper, fmt.computed)
        ws.write_number(4 + i, 7, hundredths / 100, fmt.computed_decimal)
        ws.write_number(4 + i, 8, (100 - hundredths) / 100, fmt.computed_decimal)
        low = upper + 1
    last = 4 + len(PD_TABLE)
    ws.write_number(last, 5, low, fmt.computed)
    ws.write_string(last, 6, "and more", fmt.computed_text)
    ws.write_number(last, 7, 1, fmt.computed_decimal)
    ws.write_number(last, 8, 0, fmt.computed_decimal)
    ws.write_string(
        last + 3,
        0,
        "The 400-point rule: a rating difference above 400 counts as "
        "400 (2022 edition: in one game",
        fmt.hint,
    )
    ws.write_string(
        last + 4, 0, "per event only; 2025 edition: not for a player rated 2650 or more).", fmt.hint
    )
    ws.set_column(0, 3, 8)
    ws.set_column(4, 4, 3)
    ws.set_column(5, 8, 10)
    protect(ws)
    print_setup(ws, landscape=False, repeat_rows=(3, 3))
    ws.fit_to_pages(1, 1)


def close_workbook(wb: Workbook, fmt: Formats) -> None:
    """Add the workbook's last sheets (:func:`add_tables_sheet`,
    :func:`add_xlwings_conf_sheet`), then write it."""
    add_tables_sheet(wb, fmt)
    add_xlwings_conf_sheet(wb)
    wb.close()


def add_xlwings_conf_sheet(wb: Workbook) -> None:
    """The ``xlwings.conf`` sheet classic xlwings reads: our functions' module. Hidden."""
    ws = wb.add_worksheet("xlwings.conf")
    ws.write_string(0, 0, "UDF Modules")
    ws.write_string(0, 1, UDF_MODULE)
    ws.set_column(0, 1, 16)
    ws.hide()


Area = tuple[int, int, int, int]
"""A rectangle of cells: first row, first column, last row, last column (zero-based)."""


def _multi(areas: Sequence[Area]) -> dict[str, str]:
    if len(areas) < 2:
        return {}
    return {"multi_range": " ".join(f"{cell(a[0], a[1])}:{cell(a[2], a[3])}" for a in areas)}


def validate_areas(ws: Worksheet, areas: Sequence[Area], rule: XlsxOptions) -> None:
    """The data validation *rule* on the cells of *areas* (one rule, standing on the
    first)."""
    ws.data_validation(*areas[0], {**_multi(areas), **rule})


def validate_results(ws: Worksheet, areas: Sequence[Area]) -> None:
    """A drop-down of result symbols on the result cells of *areas*."""
    validate_areas(
        ws,
        areas,
        {
            "validate": "list",
            "source": list(RESULT_CHOICES),
            "input_title": "Result",
            "input_message": "1 win, ½ or = draw, 0 loss, + / - forfeit, H half-point bye, "
            "F full-point bye, U pairing bye, Z zero bye, W<1 D<1 L<1 win, draw, loss in "
            "less than one move (not rated)",
            "error_title": "Result",
            "error_message": "Use 1, ½, =, 0, +, -, H, F, U, Z, W<1, D<1 or L<1.",
        },
    )


def results_formatting(wb: Workbook, ws: Worksheet, areas: Sequence[Area]) -> None:
    """Wins green, losses red, draws yellow, forfeits and byes grey, on the cells of *areas*
    (which must hold results only; the rules stand on the first)."""
    styles = (
        ('OR({c}="1",{c}=1,{c}="+")', "#C6EFCE", "#006100"),
        ('AND(LEN({c})>0,OR({c}="0",{c}=0,{c}="-"))', "#FFC7CE", "#9C0006"),
        ('OR({c}="\u00bd",{c}="=",{c}=0.5)', "#FFEB9C", "#9C5700"),
        ("OR(" + ",".join(f'{{c}}="{b}"' for b in BYE_SYMBOLS) + ")", "#EDEDED", "#595959"),
    )
    top_left = cell(areas[0][0], areas[0][1])
    for condition, background, colour in styles:
        ws.conditional_format(
            *areas[0],
            {
                "type": "formula",
                "criteria": "=" + condition.format(c=top_left),
                **_multi(areas),
                "format": wb.add_format({"bg_color": background, "font_color": colour}),
            },
        )


def strike_below_floor(wb: Workbook, ws: Worksheet, area: Area, mark: str) -> None:
    """The new ratings in *area* struck out in red where the cell *mark* (``UNRATED_AGAIN``'s:
    below the edition's floor) is not blank."""
    ws.conditional_format(
        *area,
        {
            "type": "formula",
            "criteria": f'={mark}<>""',
            "format": wb.add_format({"font_strikeout": True, "font_color": "#9C0006"}),
        },
    )


def finish_sheet(
    ws: Worksheet, frozen: int, last_row: int, last_col: int, *, active: bool = True
) -> None:
    """Freeze the rows above *frozen*; print columns 0..*last_col* of rows 0..*last_row*
    (:func:`print_setup`: landscape, the first two rows, title and line, on every page);
    protect the sheet (:func:`protect`); open the workbook on it when *active*."""
    ws.freeze_panes(frozen, 0)
    ws.print_area(0, 0, last_row, last_col)
    print_setup(ws, landscape=True, repeat_rows=(0, 1))
    protect(ws)
    if active:
        ws.activate()


def protect(ws: Worksheet) -> None:
    """Protect the sheet without a password: formula cells locked, input cells (formats
    with ``locked: False``) editable; formatting and sorting left to the user."""
    ws.protect(
        "",
        {
            "format_cells": True,
            "format_columns": True,
            "format_rows": True,
            "sort": True,
            "autofilter": True,
            "select_locked_cells": True,
            "select_unlocked_cells": True,
        },
    )
