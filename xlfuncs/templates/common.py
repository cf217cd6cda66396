"""What every template workbook shares: formats, the settings block with the rules edition,
FIDE's two tables on a read-only sheet, the ``xlwings.conf`` sheet, result validation,
protection, print setup and cached values.

Workbooks are written with XlsxWriter, which stores a formula's computed value beside it:
a blank template stores blanks, a filled workbook (``xlfuncs crosstable``) stores the values
our functions give, so it reads correctly where the functions are not installed.

Text from users or imported files is always written with ``write_string``: a name starting
with ``=`` stays text, never becomes a formula.
"""

from __future__ import annotations

import datetime as _dt
import functools
import os
import re
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from io import BytesIO, StringIO
from math import isfinite
from pathlib import Path
from typing import Any, Final, cast

import xlsxwriter
from xlsxwriter.format import Format
from xlsxwriter.utility import xl_col_to_name, xl_rowcol_to_cell, xl_rowcol_to_cell_fast
from xlsxwriter.workbook import Workbook
from xlsxwriter.worksheet import (
    CellArrayFormulaTuple,
    CellBlankTuple,
    CellDatetimeTuple,
    CellFormulaTuple,
    CellNumberTuple,
    CellStringTuple,
    Worksheet,
    re_dynamic_function,
)

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
    "new_workbook",
    "PlainFormulaSheet",
    "TemplateSheet",
    "write_text",
    "write_value",
    "write_formula",
    "write_array",
    "write_block",
    "settings_block",
    "add_tables_sheet",
    "add_xlwings_conf_sheet",
    "validate_results",
    "results_formatting",
    "protect",
    "print_setup",
    "cell",
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
"""What a result cell accepts from its drop-down list: win, draw (½ or =), loss, forfeit
win and loss, byes (half point, full point, pairing-allocated, zero point), and win, draw
and loss in a game of less than one move (``W<1``, ``D<1``, ``L<1``: scored, not rated; a
cell refuses a bare ``W``, which may mean a win: :func:`xlfuncs.core.results.read_cell`)."""

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
    header_vertical: Format
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
    """A bold heading, left-aligned."""
    body: Format
    """Plain text."""


EXCEL_CALC_ID = 191029
"""The calculation engine id written in ``<calcPr calcId=...>``: the one Excel 2019, 2021 and
365 write (an Excel-saved workbook of xlwings-server, ``tests/e2e_custom_functions.xlsx``,
carries ``<calcPr calcId="191029"/>``; docs/lite.md). Excel recalculates on open a workbook
whose id is older than its own engine's (xlsxwriter's default, 124519, is Excel 2010's) or
that asks for it (``fullCalcOnLoad``, which the workbooks do not write), and then every
cell calling a function that is not loaded turns into ``#NAME?``; with this id and without
that flag it opens with the values stored beside the formulas."""


_ERROR_VALUES: Final = frozenset(
    ("#DIV/0!", "#N/A", "#NAME?", "#NULL!", "#NUM!", "#REF!", "#VALUE!")
)
"""The values xlsxwriter stores as an error (``t="e"``) beside a formula."""

_QUICK_CELLS: Final = frozenset(("Number", "Datetime", "String", "Blank", "Formula"))
_QUICK_TYPES: Final = frozenset(
    (CellNumberTuple, CellDatetimeTuple, CellStringTuple, CellBlankTuple, CellFormulaTuple)
)
_FORMULA_CELLS: Final = frozenset(("Formula", "ArrayFormula"))

SPLIT_ROWS = 2048
"""From this many rows on, a sheet's rows are written in two halves at once
(:meth:`TemplateSheet._write_rows`)."""
"""The kinds of xlsxwriter's cells :meth:`TemplateSheet._write_cell` writes itself."""


@dataclass(frozen=True)
class LitePackage:
    """The xlwings Lite code a workbook is written with (:mod:`xlfuncs.lite_workbook`): the
    add-in's settings (``main.py``, ``requirements.txt``) and, for the Lite form
    (:mod:`xlfuncs.lite_form`), the names of the functions whose calls are stored as Excel
    binds them (``None``: plain names)."""

    settings: Mapping[str, str]
    functions: tuple[str, ...] | None = None


class TemplateSheet(Worksheet):  # type: ignore[misc]  # xlsxwriter is untyped here
    """xlsxwriter's worksheet as every template writes it.

    The blank value beside a formula is stored typed as text (``<c r="A1" t="str"><f>...
    </f><v></v></c>``), as Excel writes an empty text result: untyped, as xlsxwriter leaves
    it, Excel reads it as no value at all (:func:`xlfuncs.lite_form.typed_blanks` types the
    cells of a file; here they are written so).

    The cells with a format that are numbers, dates, shared strings, blanks and formulas
    are written as xlsxwriter writes them, byte for byte, in one step each: xlsxwriter's own
    writer builds a list of attributes per cell and escapes each (its inner loop is most of
    the time a big crosstable takes to save). Any other cell, and every cell in
    ``constant_memory`` mode, goes through xlsxwriter's writer.

    With :attr:`lite_names` set (a workbook written with the Lite form, :class:`LitePackage`),
    each formula cell calling one of them is written in that form as it is written
    (:func:`xlfuncs.lite_form.cells_in_lite_form` on the cell's XML: the very rewriting the
    finished file would get), so that the sheet is not read again to be rewritten."""

    lite_names: frozenset[str] | None = None
    """The functions (upper case) whose calls are written in the Lite form."""
    lite_cells = 0
    """Cells written in the Lite form so far."""
    xml_target: Any = None
    """Where the sheet's XML is written (a temporary file's name, or a text buffer)."""
    _lite_named: re.Pattern[str] | None = None

    def _set_xml_writer(self, filename: Any) -> None:
        self.xml_target = filename
        super()._set_xml_writer(filename)

    def _prepare_formula(self, formula: str, expand_future_functions: bool = False) -> str:
        return _prepared_formula(
            formula, bool(expand_future_functions or self.use_future_functions)
        )

    def _write_cell(self, row: int, col: int, cell: Any) -> None:
        named = self._lite_named
        if (
            named is not None
            and cell.__class__.__name__ in _FORMULA_CELLS
            and named.search(cell.formula.upper())  # else no call to rewrite
        ):
            from ..lite_form import NEW_DYNAMIC_INDEX, cells_in_lite_form

            out = cast(Any, self).fh
            buffer = StringIO()
            self.fh = buffer
            try:
                self._write_plain_cell(row, col, cell)
            finally:
                self.fh = out
            assert self.lite_names is not None
            xml, changed = cells_in_lite_form(buffer.getvalue(), self.lite_names, NEW_DYNAMIC_INDEX)
            self.lite_cells += changed
            out.write(xml)
            return
        self._write_plain_cell(row, col, cell)

    def write_lite_form(self, names: frozenset[str]) -> None:
        """Write the calls of *names* (upper case) in the Lite form (:attr:`lite_names`)."""
        self.lite_names = names
        self._lite_named = re.compile(
            "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        )

    def _write_plain_cell(self, row: int, col: int, cell: Any) -> None:
        fmt = cell.format
        kind = cell.__class__.__name__
        if fmt is None or kind not in _QUICK_CELLS or self.constant_memory:
            super()._write_cell(row, col, cell)
            return
        head = f'<c r="{xl_rowcol_to_cell_fast(row, col)}" s="{fmt._get_xf_index()}"'
        if kind == "Number" or kind == "Datetime":
            self.fh.write(f"{head}><v>{cell.number:.16G}</v></c>")
        elif kind == "String":
            self.fh.write(f'{head} t="s"><v>{cell.string}</v></c>')
        elif kind == "Blank":
            self.fh.write(f"{head}/>")
        else:
            self.fh.write(self._formula_cell(head, cell))

    def _write_rows(self) -> None:
        """The rows of ``<sheetData>``, as xlsxwriter writes them, each row's cells built as
        one text: the cells :meth:`_write_plain_cell` writes itself are rendered here (their
        column's letters and each format's index found once), any other through
        :meth:`_write_cell`. A sheet of :data:`SPLIT_ROWS` rows or more is written in two
        halves at once, the second by a forked child (:mod:`.forked`): the same text."""
        if self.constant_memory or self.dim_rowmin is None:
            super()._write_rows()
            return
        self._calculate_spans()
        first, last = self.dim_rowmin, self.dim_rowmax
        middle = (first + last + 1) // 2 // 16 * 16  # a block of 16 rows shares its span
        formats = self.workbook_formats
        if last - first + 1 < SPLIT_ROWS or middle <= first or formats is None:
            self._write_row_range(first, last)
            return
        from .forked import in_child

        # A format's index is given where it is first used: those of the first half first
        self._index_formats(first, middle - 1)
        second = in_child(lambda: self._rows_text(middle, last, formats))
        self._write_row_range(first, middle - 1)
        text, converted, indexed = second()
        for at, index in indexed:  # the formats first used in the second half, in order
            if formats[at]._get_xf_index() != index:
                raise RuntimeError("a format's index differs between the halves")
        self.fh.write(text)
        self.lite_cells += converted

    def _calculate_spans(self) -> None:
        """xlsxwriter's ``spans`` of each block of 16 rows (the first and last column, from
        1, that holds a cell or a note in any of its rows, within the sheet's dimensions),
        found from the columns each row holds rather than by trying every column."""
        spans: dict[int, str] = {}
        low: int | None = None
        high = 0
        first_col, last_col = self.dim_colmin, self.dim_colmax
        table, comments = self.table, self.comments
        for row_num in range(self.dim_rowmin, self.dim_rowmax + 1):
            for held in (table.get(row_num), comments.get(row_num)):
                if not held:
                    continue
                cols = held.keys()
                lo, hi = min(cols), max(cols)
                if lo < first_col or hi > last_col:  # a cell beyond the dimensions: left out
                    inside = [c for c in cols if first_col <= c <= last_col]
                    if not inside:
                        continue
                    lo, hi = min(inside), max(inside)
                if low is None:
                    low, high = lo, hi
                else:
                    low, high = min(low, lo), max(high, hi)
            block_ends = (row_num + 1) % 16 == 0 or row_num == self.dim_rowmax
            if block_ends and low is not None:
                spans[row_num // 16] = f"{low + 1}:{high + 1}"
                low = None
        self.row_spans = spans

    workbook_formats: list[Format] | None = None
    """The workbook's formats (:meth:`_write_rows` splits only a sheet that knows them)."""

    def _rows_text(
        self, first: int, last: int, formats: list[Format]
    ) -> tuple[str, int, list[tuple[int, int]]]:
        """The XML of rows *first* to *last* (:meth:`_write_row_range`), how many of their
        cells were written in the Lite form, and the formats (place in *formats*, index)
        first indexed there, in order; the sheet left as it was (not the formats)."""
        out, converted = cast(Any, self).fh, self.lite_cells
        before = [f.xf_index is None for f in formats]
        buffer = StringIO()
        self.fh = buffer
        try:
            self._write_row_range(first, last)
            indexed = sorted(
                ((at, f.xf_index) for at, f in enumerate(formats) if before[at] and f.xf_index),
                key=lambda found: found[1],
            )
            return buffer.getvalue(), self.lite_cells - converted, indexed
        finally:
            self.fh, self.lite_cells = out, converted

    def _index_formats(self, first: int, last: int) -> None:
        """Give the formats of rows *first* to *last* their index in the order writing them
        would (each row's format, then each cell's, or its column's)."""
        table, row_info, comments, col_info = (
            self.table,
            self.row_info,
            self.comments,
            self.col_info,
        )
        for row_num in range(first, last + 1):
            cells = table[row_num]
            if not (row_num in row_info or row_num in comments or cells):
                continue
            info = row_info.get(row_num)
            row_format = None if info is None else info.row_format
            if row_format:
                row_format._get_xf_index()
            for col_num in sorted(cells):
                fmt = cells[col_num].format
                if fmt:
                    if fmt.xf_index is None:
                        fmt._get_xf_index()
                elif not row_format and col_num in col_info:
                    column_format = col_info[col_num].column_format
                    if column_format is not None:
                        column_format._get_xf_index()

    def _write_row_range(self, first: int, last: int) -> None:
        """Rows *first* to *last* of ``<sheetData>`` (see :meth:`_write_rows`)."""
        table, row_info, comments, spans = self.table, self.row_info, self.comments, self.row_spans
        first_col, last_col = self.dim_colmin, self.dim_colmax
        letters = {c: f'<c r="{xl_col_to_name(c)}' for c in range(first_col, last_col + 1)}
        styles: dict[int, str] = {}  # a format's id: its ' s="..."' (indexed when first used)
        named = self._lite_named
        write = self.fh.write
        for row_num in range(first, last + 1):
            cells = table[row_num]
            if not (row_num in row_info or row_num in comments or cells):
                continue
            span = spans.get(row_num // 16)
            if not cells:
                self._write_empty_row(row_num, span, row_info.get(row_num))
                continue
            if row_num in row_info:
                self._write_row(row_num, span, row_info[row_num])
            else:
                self._write_row(row_num, span)
            number = str(row_num + 1)
            text: list[str] = []
            for col_num in sorted(cells):
                cell = cells[col_num]
                fmt = cell.format
                kind = cell.__class__
                if (
                    fmt is None
                    or kind not in _QUICK_TYPES
                    or (
                        named is not None
                        and kind is CellFormulaTuple
                        and named.search(cell.formula.upper())
                    )
                ):
                    write("".join(text))
                    text.clear()
                    self._write_cell(row_num, col_num, cell)
                    continue
                style = styles.get(id(fmt))
                if style is None:
                    style = styles[id(fmt)] = f'" s="{fmt._get_xf_index()}"'
                if kind is CellBlankTuple:
                    text.append(f"{letters[col_num]}{number}{style}/>")
                elif kind is CellStringTuple:
                    text.append(f'{letters[col_num]}{number}{style} t="s"><v>{cell.string}</v></c>')
                elif kind is CellFormulaTuple:
                    text.append(self._formula_cell(f"{letters[col_num]}{number}{style}", cell))
                else:
                    text.append(f"{letters[col_num]}{number}{style}><v>{cell.number:.16G}</v></c>")
            write("".join(text))
            self._xml_end_tag("row")

    def _formula_cell(self, head: str, cell: Any) -> str:
        """A formula cell with a format, from its start (``<c r=".." s=".."``), as
        xlsxwriter writes it (its value typed)."""
        value = cell.value
        if isinstance(value, bool):
            typed, value = ' t="b"', int(value)
        elif isinstance(value, str):
            typed = ' t="e"' if value in _ERROR_VALUES else ' t="str"'
        else:
            typed = ""
        formula, result = self._escape_data(cell.formula), self._escape_data(value)
        return f"{head}{typed}><f>{formula}</f><v>{result}</v></c>"

    def row_cells(
        self, row: int, col: int, values: Sequence[Any], formats: Sequence[Format]
    ) -> None:
        """Store *values* in *row* from column *col* on, each with its format of *formats*,
        as :func:`write_value` on each cell in turn stores it (text as text, ``None`` and
        ``""`` a formatted blank), in one step: xlsxwriter's per-cell checks are done once
        for the row."""
        last = col + len(values) - 1
        if (
            self.constant_memory
            or len(formats) != len(values)
            or any(f is None for f in formats)
            or self._check_dimensions(row, col)
            or self._check_dimensions(row, last)
        ):
            for offset, (value, fmt) in enumerate(zip(values, formats, strict=True)):
                write_value(self, row, col + offset, value, fmt)
            return
        cells = self.table[row]
        shared = self.str_table._get_shared_string_index
        longest = self.xls_strmax // 2
        for at, value, fmt in zip(range(col, last + 1), values, formats):
            kind = value.__class__
            if value is None or (kind is str and not value):
                cells[at] = CellBlankTuple(fmt)
            elif (kind is float or kind is int) and isfinite(value):
                cells[at] = CellNumberTuple(value, fmt)
            elif kind is str and len(value) <= longest:
                cells[at] = CellStringTuple(shared(value), fmt)
            else:
                write_value(self, row, at, value, fmt)

    def formula_cells(
        self,
        row: int,
        cols: Sequence[int],
        formulas: Sequence[str],
        formats: Sequence[Format],
        values: Sequence[Any],
    ) -> None:
        """Store formula *formulas[i]* in column *cols[i]* of *row* with its format and
        cached value (a blank one for ``None``), as :func:`write_formula` on each cell in
        turn stores it, in one step: the row's bounds checked once. An array or dynamic-array
        formula, and every cell in ``constant_memory`` mode, is written by
        :func:`write_formula`."""
        if (
            self.constant_memory
            or not cols
            or self._check_dimensions(row, min(cols))
            or self._check_dimensions(row, max(cols))
        ):
            for col, formula, fmt, value in zip(cols, formulas, formats, values, strict=True):
                write_formula(self, row, col, formula, fmt, value)
            return
        cells = self.table[row]
        prepare, dynamic = self._prepare_formula, re_dynamic_function.search
        for col, formula, fmt, value in zip(cols, formulas, formats, values, strict=True):
            if not formula or dynamic(formula) or (formula[0] == "{" and formula[-1] == "}"):
                write_formula(self, row, col, formula, fmt, value)
                continue
            cells[col] = CellFormulaTuple(prepare(formula), fmt, "" if value is None else value)

    def array_column(
        self, first_row: int, col: int, formula: str, fmt: Format, values: Sequence[Any]
    ) -> bool:
        """Store one array formula over rows *first_row* onwards of column *col* with each
        cell's value (*values*, the first the formula's), as ``write_array_formula`` and
        :func:`write_value` on every other cell store them, but without first filling the
        range with zeros for those values to replace; ``False`` (nothing stored) where that
        is not known to be the same (``constant_memory``, a dynamic-array formula, a range
        outside the sheet): then write it the usual way."""
        last_row = first_row + len(values) - 1
        if (
            self.constant_memory
            or last_row == first_row
            or re_dynamic_function.search(formula)
            or self._check_dimensions(first_row, col)
            or self._check_dimensions(last_row, col)
        ):
            return False
        ref = f"{xl_rowcol_to_cell(first_row, col)}:{xl_rowcol_to_cell(last_row, col)}"
        first = "" if values[0] is None else values[0]
        table = self.table
        table[first_row][col] = CellArrayFormulaTuple(
            self._prepare_formula(formula), fmt, first, ref, "static"
        )
        shared = self.str_table._get_shared_string_index
        longest = self.xls_strmax // 2
        blank = CellBlankTuple(fmt)  # one for every blank cell: a cell is never changed
        for row, value in enumerate(values[1:], start=first_row + 1):
            kind = value.__class__
            if value is None or (kind is str and not value):
                table[row][col] = blank
            elif (kind is float or kind is int) and isfinite(value):
                table[row][col] = CellNumberTuple(value, fmt)
            elif kind is str and len(value) <= longest:
                table[row][col] = CellStringTuple(shared(value), fmt)
            else:
                write_value(self, row, col, value, fmt)
        return True

    def _xml_formula_element(
        self, formula: str, result: Any, attributes: list[tuple[str, Any]] | None = None
    ) -> None:
        attributes = [] if attributes is None else attributes
        if result == "" and all(key != "t" for key, _ in attributes):
            attributes = [*attributes, ("t", "str")]
        super()._xml_formula_element(formula, result, attributes)


class _Workbook(xlsxwriter.Workbook):  # type: ignore[misc]  # xlsxwriter is untyped here
    """xlsxwriter's workbook whose worksheets store blank formula values typed as text
    (:class:`TemplateSheet`); with :attr:`lite`, the xlwings Lite code stored in it as it is
    packaged (:func:`xlfuncs.lite_workbook.store_settings` on the parts before they are
    compressed: the same parts as writing the file and then adding the code, without
    reading and compressing it all again)."""

    worksheet_class = TemplateSheet
    lite: LitePackage | None = None

    def _get_packager(self) -> Any:
        packager = super()._get_packager()
        for sheet in self.worksheets():
            if isinstance(sheet, TemplateSheet):
                sheet.workbook_formats = self.formats
        lite = self.lite
        if lite is None:
            return packager
        if lite.functions is not None:
            names = frozenset(n.upper() for n in lite.functions)
            for sheet in self.worksheets():
                if isinstance(sheet, TemplateSheet) and not sheet.constant_memory:
                    sheet.write_lite_form(names)
        create = packager._create_package

        def package() -> Any:
            return self._with_lite_code(create(), lite)

        packager._create_package = package
        return packager

    def _with_lite_code(self, files: list[Any], lite: LitePackage) -> list[Any]:
        """The packager's *files* (each: where it was written, its part name, binary?) with
        the Lite code stored (parts changed rewritten, parts added at the end)."""
        from ..lite_form import LiteFormError
        from ..lite_workbook import WorkbookError, store_settings

        written = {
            id(sheet.xml_target)
            for sheet in self.worksheets()
            if isinstance(sheet, TemplateSheet) and sheet.lite_cells
        }
        in_form = {name for target, name, _ in files if id(target) in written}
        original = {
            name: _read_part(target, binary)
            for target, name, binary in files
            if name not in in_form
        }
        parts = dict(original)
        try:
            added = store_settings(parts, lite.settings, functions=lite.functions, in_form=in_form)
        except LiteFormError as exc:
            raise WorkbookError(f"{self.filename}: {exc}") from None
        out = []
        for target, name, binary in files:
            if name in in_form or parts[name] == original[name]:
                out.append((target, name, binary))
            else:
                out.append((self._new_part(parts[name], target), name, True))
        self._added = [(name, parts[name]) for name in added]
        return out

    def _new_part(self, data: bytes, target: Any) -> Any:
        """Where the packager finds the part *data*: a buffer in memory, else its temporary
        file *target*, rewritten."""
        if self.in_memory:
            return BytesIO(data)
        Path(target).write_bytes(data)
        return target

    _added: list[tuple[str, bytes]] = []
    """The parts :meth:`_with_lite_code` added, stored after the others."""

    def _store_workbook(self) -> None:
        """Write the file; then the parts the Lite code added, last, dated as
        ``[Content_Types].xml`` (as :func:`xlfuncs.lite_workbook.write_settings` adds them to
        a file). The sheets' cells are let go once the file is written."""
        self._added = []
        super()._store_workbook()
        for sheet in self.worksheets():
            # a sheet holds a method of its workbook, a cycle that only the cycle collector
            # frees, after walking every cell: its cells let go now, freed as they go
            sheet.table.clear()
        if not self._added:
            return
        with zipfile.ZipFile(self.filename, "a") as book:
            stamp = book.getinfo("[Content_Types].xml").date_time
            for name, data in self._added:
                info = zipfile.ZipInfo(name, stamp)
                info.compress_type = zipfile.ZIP_DEFLATED
                book.writestr(info, data)


def _read_part(target: Any, binary: bool) -> bytes:
    """A part as the packager wrote it: a temporary file, or a buffer in memory."""
    if isinstance(target, (str, os.PathLike)):
        return Path(target).read_bytes()
    value = target.getvalue()
    return bytes(value) if binary else str(value).encode("utf-8")


def new_workbook(
    path: str | Path, *, title: str, lite: LitePackage | None = None
) -> tuple[Workbook, Formats]:
    """A new workbook with our formats, with the Lite code *lite* stored in it. Strings are
    never turned into formulas or numbers."""
    wb = _Workbook(
        str(path),
        {"strings_to_formulas": False, "strings_to_numbers": False, "strings_to_urls": False},
    )
    wb.lite = lite
    wb.set_properties(
        {
            "title": title,
            "author": "xlfuncs",
            "company": "xlfuncs",
            "comments": f"Generated by xlfuncs {__version__}",
            "created": _FIXED_TIME,
        }
    )
    wb.set_calc_mode("auto", calc_id=EXCEL_CALC_ID)
    wb.calc_on_load = False  # no fullCalcOnLoad: Excel shows the stored values on open
    font = {"font_name": "Calibri", "font_size": 10}
    border = {"border": 1, "border_color": "#B7B7B7"}
    unlocked = {"locked": False, "bg_color": "#FFFDE7"}
    computed = {"bg_color": "#EEF3FA", **border}

    def fmt(**props: Any) -> Format:
        return wb.add_format({**font, **props})

    formats = Formats(
        title=fmt(bold=True, font_size=14),
        subtitle=fmt(italic=True, font_color="#555555"),
        label=fmt(bold=True, align="right"),
        header=fmt(
            bold=True,
            bg_color="#D9E1F2",
            align="center",
            valign="vcenter",
            text_wrap=True,
            **border,
        ),
        header_vertical=fmt(
            bold=True, bg_color="#D9E1F2", align="center", valign="bottom", rotation=90, **border
        ),
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


_PREPARING: Final = {future: Worksheet() for future in (False, True)}
"""A bare xlsxwriter worksheet without and with ``use_future_functions``: what
:func:`_prepared_formula` asks to rewrite a formula."""
_PREPARING[True].use_future_functions = True


@functools.lru_cache(maxsize=8192)
def _prepared_formula(formula: str, future_functions: bool) -> str:
    """The formula text as xlsxwriter stores it (``=`` and array braces stripped, the
    ``_xlfn.`` prefixes of newer functions added, with *future_functions* those of every
    function since Excel 2010), kept for the next cell with the same text.

    xlsxwriter rewrites each formula by some 160 regular-expression substitutions; the
    sheets of one workbook repeat the same texts (each player's rating sheet of a period
    workbook has the same formulas in the same cells), and the rewriting depends on the text
    and the option only, so each distinct text is rewritten once."""
    return str(_PREPARING[future_functions]._prepare_formula(formula))


def cell(row: int, col: int, *, absolute: bool = False) -> str:
    """A1 reference of a zero-based cell."""
    return str(xl_rowcol_to_cell(row, col, row_abs=absolute, col_abs=absolute))


_NO_PREFIX: Final = frozenset({"IF", "IFERROR", "ISBLANK"})
"""Functions that every Excel has had since 2007: xlsxwriter adds no ``_xlfn.`` prefix to
them (:class:`PlainFormulaSheet`)."""

_CALLED = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\(")
"""A name followed by an opening parenthesis: what could be a function call."""


class PlainFormulaSheet(TemplateSheet):
    """A worksheet that writes a formula calling only :data:`_NO_PREFIX` functions as it
    is, without xlsxwriter's rewriting.

    Before storing each formula, xlsxwriter tries some thirty regular-expression
    substitutions on it, one per newer Excel function that needs the ``_xlfn.`` prefix in
    the file; a chart's tens of thousands of per-row formulas (``IFERROR(...)``) need none,
    and those substitutions are a large share of a big crosstable's time
    (``docs/templates.md``, *Measurements*). The
    result is the same text xlsxwriter would store: any other formula (or one whose text
    merely looks like another call) goes through xlsxwriter's own rewriting."""

    def _prepare_formula(self, formula: str, expand_future_functions: bool = False) -> str:
        called = _CALLED.findall(formula)
        if not called or not _NO_PREFIX.issuperset(called):
            return str(super()._prepare_formula(formula, expand_future_functions))
        if formula.startswith("{"):
            formula = formula[1:]
        if formula.startswith("="):
            formula = formula[1:]
        if formula.endswith("}"):
            formula = formula[:-1]
        return formula


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
    elif isinstance(value, (_dt.date, _dt.datetime)):
        moment = (
            value
            if isinstance(value, _dt.datetime)
            else _dt.datetime(value.year, value.month, value.day)
        )
        ws.write_datetime(row, col, moment, fmt)
    else:
        ws.write_string(row, col, str(value), fmt)


def write_formula(
    ws: Worksheet, row: int, col: int, formula: str, fmt: Format | None = None, value: Any = None
) -> None:
    """A formula with its cached value (blank when *value* is ``None``)."""
    ws.write_formula(row, col, formula, fmt, "" if value is None else value)


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
    if (
        isinstance(ws, TemplateSheet)
        and fmt is not None
        and len(cached) == last_row - first_row + 1
        and ws.array_column(first_row, col, formula, fmt, cached)
    ):
        return
    ws.write_array_formula(
        first_row, col, last_row, col, formula, fmt, "" if cached[0] is None else cached[0]
    )
    number, text, blank = ws.write_number, ws.write_string, ws.write_blank
    for row, value in enumerate(cached[1:], start=first_row + 1):
        # the common cells straight to xlsxwriter, as write_value writes them
        kind = type(value)
        if kind is float:
            number(row, col, value, fmt)
        elif kind is str:
            if value:
                text(row, col, value, fmt)
            else:
                blank(row, col, None, fmt)
        elif value is None:
            blank(row, col, None, fmt)
        else:
            write_value(ws, row, col, value, fmt)


def write_block(
    ws: Worksheet,
    first_row: int,
    first_col: int,
    last_row: int,
    last_col: int,
    formula: str,
    fmt: Format | None = None,
    columns: Sequence[Sequence[Any]] | None = None,
) -> None:
    """One array formula over a block of columns (one call fills them all), with each
    cell's cached value, given column by column (blanks when *columns* is ``None``)."""
    first = "" if columns is None or columns[0][0] is None else columns[0][0]
    ws.write_array_formula(first_row, first_col, last_row, last_col, formula, fmt, first)
    for j in range(last_col - first_col + 1):
        for offset in range(last_row - first_row + 1):
            if j == offset == 0:
                continue
            value = None if columns is None else columns[j][offset]
            write_value(ws, first_row + offset, first_col + j, value, fmt)


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
) -> str:
    """The rules-edition setting: a validated drop-down, named ``Rules`` (returns the name;
    *local*: a name of this sheet only, so that several sheets of a workbook have one).
    *rates*: offer the rapid and blitz editions too (not for norms: none in rapid or blitz).

    The label fills *label_cols* columns from *col* and the value the *value_cols* columns
    after it (merged when more than one). Blank means the edition in force today; the
    template ships with that edition chosen."""
    if label_cols > 1:
        ws.merge_range(row, col, row, col + label_cols - 1, "", fmt.label)
    ws.write_string(row, col, "Rules edition", fmt.label)
    col += label_cols - 1
    if value_cols > 1:
        ws.merge_range(row, col + 1, row, col + value_cols, "", fmt.input_center)
    ws.write_string(row, col + 1, rules or DEFAULT_EDITION.id, fmt.input_center)
    ws.data_validation(
        row,
        col + 1,
        row,
        col + 1,
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
    name = "Rules"
    scope = f"'{ws.get_name()}'!" if local else ""
    wb.define_name(scope + name, f"='{ws.get_name()}'!{cell(row, col + 1, absolute=True)}")
    return name


def add_tables_sheet(wb: Workbook, fmt: Formats) -> Worksheet:
    """A read-only sheet with FIDE's tables 8.1(a) and 8.1(b)."""
    ws = wb.add_worksheet("FIDE tables")
    ws.write_string(
        0, 0, "FIDE Rating Regulations: conversion tables (identical in every edition)", fmt.title
    )
    ws.write_string(2, 0, "Table 8.1(a): score p -> difference dp", fmt.heading)
    ws.write_string(3, 0, "p", fmt.header)
    ws.write_string(3, 1, "dp", fmt.header)
    ws.write_string(3, 2, "p", fmt.header)
    ws.write_string(3, 3, "dp", fmt.header)
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
    return ws


def add_xlwings_conf_sheet(wb: Workbook) -> Worksheet:
    """The ``xlwings.conf`` sheet classic xlwings reads: our functions' module. Hidden."""
    ws = wb.add_worksheet("xlwings.conf")
    ws.write_string(0, 0, "UDF Modules")
    ws.write_string(0, 1, UDF_MODULE)
    ws.set_column(0, 1, 16)
    ws.hide()
    return ws


Area = tuple[int, int, int, int]
"""A rectangle of cells: first row, first column, last row, last column (zero-based)."""


def _multi(areas: Sequence[Area]) -> dict[str, str]:
    if len(areas) < 2:
        return {}
    return {"multi_range": " ".join(f"{cell(a[0], a[1])}:{cell(a[2], a[3])}" for a in areas)}


def validate_results(
    ws: Worksheet,
    first_row: int,
    first_col: int,
    last_row: int,
    last_col: int,
    *,
    more: Sequence[Area] = (),
) -> None:
    """A drop-down of result symbols on a range of result cells (and the *more* areas)."""
    areas = [(first_row, first_col, last_row, last_col), *more]
    ws.data_validation(
        first_row,
        first_col,
        last_row,
        last_col,
        {
            **_multi(areas),
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


def results_formatting(
    wb: Workbook,
    ws: Worksheet,
    first_row: int,
    first_col: int,
    last_row: int,
    last_col: int,
    *,
    more: Sequence[Area] = (),
) -> None:
    """Wins green, losses red, draws yellow, forfeits and byes grey, on result cells (and
    the *more* areas, which must hold results only)."""
    areas = [(first_row, first_col, last_row, last_col), *more]
    styles = (
        ('OR({c}="1",{c}=1,{c}="+")', "#C6EFCE", "#006100"),
        ('AND(LEN({c})>0,OR({c}="0",{c}=0,{c}="-"))', "#FFC7CE", "#9C0006"),
        ('OR({c}="\u00bd",{c}="=",{c}=0.5)', "#FFEB9C", "#9C5700"),
        ("OR(" + ",".join(f'{{c}}="{b}"' for b in BYE_SYMBOLS) + ")", "#EDEDED", "#595959"),
    )
    top_left = cell(first_row, first_col)
    for condition, background, colour in styles:
        ws.conditional_format(
            first_row,
            first_col,
            last_row,
            last_col,
            {
                "type": "formula",
                "criteria": "=" + condition.format(c=top_left),
                **_multi(areas),
                "format": wb.add_format({"bg_color": background, "font_color": colour}),
            },
        )


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
