"""The templates' workbooks are written with XlsxWriter's public API only, then finished
with the standard library's ``zipfile`` (``xlfuncs/templates/common.py``,
:func:`~xlfuncs.templates.common.finish_package`).

No class of ``xlfuncs`` that derives from a dependency's class defines a method of that
class's private names (an override of a private method), nor sets a private attribute of a
dependency's object. The finished file has ``<calcPr calcId="191029"/>`` (Excel opens it
with the stored values), each blank value beside a formula typed as text as Excel writes an
empty text result, the other cells as xlsxwriter wrote them, and, with the xlwings Lite
code, the add-in's parts added after xlsxwriter's, dated as ``[Content_Types].xml``.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import zipfile
from pathlib import Path

import pytest
import xlsxwriter.format

from xlfuncs.templates import common
from xlfuncs.templates.common import LitePackage, new_workbook, write_formula, write_value

ROOT = Path(__file__).resolve().parents[1] / "xlfuncs"


def _dependency_classes() -> list[tuple[str, type, type]]:
    """Every class of ``xlfuncs`` whose bases include a class of a package outside the
    standard library, with the
    module it is in and that base."""
    import importlib
    import pkgutil

    import xlfuncs

    found = []
    for info in pkgutil.walk_packages(xlfuncs.__path__, "xlfuncs."):
        if info.name.endswith(("udfs", "__main__")) or ".lite" in info.name:
            continue  # xlwings and Pyodide are not installed everywhere the tests run
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != info.name:
                continue
            for base in cls.__mro__[1:]:
                root = base.__module__.split(".")[0]
                if root != "xlfuncs" and root not in sys.stdlib_module_names:
                    found.append((info.name, cls, base))
    return found


def test_no_private_method_of_a_dependency_is_overridden() -> None:
    overridden = [
        f"{module}.{cls.__name__}.{name} (over {base.__module__}.{base.__name__})"
        for module, cls, base in _dependency_classes()
        for name in vars(cls)
        if name.startswith("_") and not name.startswith("__") and name in vars(base)
    ]
    # and the test finds a private method where one is defined
    assert "_get_xf_index" in vars(xlsxwriter.format.Format)
    assert not overridden
    # the workbook class is among those looked at
    assert any(cls is common._Workbook for _, cls, _ in _dependency_classes())


def test_no_private_attribute_of_an_xlsxwriter_object_is_used() -> None:
    """No ``x._name`` (read, set or called) in the modules that use xlsxwriter, where *x*
    is not ``self`` or ``cls`` (our own objects' private names are written ``self._...``)."""
    used = []
    for path in sorted(ROOT.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "xlsxwriter" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"})
            ):
                used.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
    assert not used


def _parts(path: Path) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(path) as z:
        return [(info, z.read(info)) for info in z.infolist()]


def _written(path: Path, lite: LitePackage | None = None) -> None:
    wb, fmt = new_workbook(path, title="t", lite=lite)
    ws = wb.add_worksheet("Sheet")
    write_value(ws, 0, 0, 1.5, fmt.input_number)
    write_value(ws, 0, 1, "=text", fmt.input_text)
    write_formula(ws, 1, 0, '=IFERROR(A1*2,"")', fmt.computed, 3.0)
    write_formula(ws, 1, 1, '=IF(A1>9,A1,"")', fmt.computed)  # a blank value
    write_formula(ws, 1, 2, "=RP_FIDE(A1:A2,A1)", fmt.computed, "#N/A")
    wb.close()


def test_a_finished_workbook(tmp_path: Path) -> None:
    path = tmp_path / "book.xlsx"
    _written(path)
    parts = dict((info.filename, data) for info, data in _parts(path))
    assert b'<calcPr calcId="191029"/>' in parts["xl/workbook.xml"]
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    assert '<c r="B2" s="' in sheet
    assert 't="str"><f>IF(A1&gt;9,A1,"")</f><v></v></c>' in sheet  # typed as text
    assert '<f>IFERROR(A1*2,"")</f><v>3.0</v></c>' in sheet  # a number: untyped
    assert 't="e"><f>RP_FIDE(A1:A2,A1)</f><v>#N/A</v></c>' in sheet
    assert 't="s"><v>' in sheet  # "=text" stayed text


def test_the_same_as_xlsxwriter_wrote_but_what_is_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every part but the two finished ones as xlsxwriter wrote it, in the same order, with
    the same dates and compression."""
    ours = tmp_path / "ours.xlsx"
    _written(ours)
    theirs = tmp_path / "theirs.xlsx"
    monkeypatch.setattr(common, "finish_package", lambda path, lite, **_: None)
    _written(theirs)
    finished, written = _parts(ours), _parts(theirs)
    assert [i.filename for i, _ in finished] == [i.filename for i, _ in written]
    changed = set()
    for (a, x), (b, y) in zip(finished, written, strict=True):
        assert (a.date_time, a.compress_type) == (b.date_time, b.compress_type)
        if x != y:
            changed.add(a.filename)
    assert changed == {"xl/workbook.xml", "xl/worksheets/sheet1.xml"}


def test_the_lite_code_is_added_last(tmp_path: Path) -> None:
    path = tmp_path / "lite.xlsx"
    lite = LitePackage({"main.py": "print('hi')\n", "requirements.txt": "xlfuncs\n"}, ("RP_FIDE",))
    _written(path, lite)
    plain = tmp_path / "plain.xlsx"
    _written(plain)
    names = [info.filename for info, _ in _parts(path)]
    before = [info.filename for info, _ in _parts(plain)]
    assert names[: len(before)] == before
    added = names[len(before) :]
    assert "xl/webextensions/webextension1.xml" in added
    stamps = {info.filename: info.date_time for info, _ in _parts(path)}
    assert {stamps[n] for n in added} == {stamps["[Content_Types].xml"]}
    parts = dict((info.filename, data) for info, data in _parts(path))
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    assert "_xldudf_RP_FIDE(A1:A2,A1)" in sheet  # the call in the form Excel binds
    assert b"print(&apos;hi&apos;)" in parts["xl/webextensions/webextension1.xml"] or (
        b"print('hi')" in parts["xl/webextensions/webextension1.xml"]
    )


def _typed_by_pattern(xml: str) -> str:
    """The blank formula values typed by trying the pattern at every cell (the reference
    for :func:`~xlfuncs.lite_form.typed_blanks`, which looks only where a blank ends)."""
    from xlfuncs import lite_form

    def blank(match: re.Match[str]) -> str:
        attrs = match.group("attrs")
        if re.search(r'\st="', attrs):
            return match.group(0)
        return f'<c{attrs} t="str">{match.group("f")}<v></v></c>'

    return lite_form._BLANK.sub(blank, xml)


def test_typed_blanks_types_the_cells_the_pattern_finds() -> None:
    from xlfuncs.lite_form import typed_blanks

    cells = [
        '<c r="A1" s="1"><f>IF(B1,"",1)</f><v></v></c>',  # typed
        '<c r="A2" t="e"><f>X()</f><v></v></c>',  # typed already: kept
        '<c r="A3"><f>Y()</f><v>3</v></c>',  # a value
        '<c r="A4"><f t="shared" si="0"/><v></v></c>',  # a shared formula's follower
        '<c r="A5" s="2"><f t="array" ref="A5:A9">Z()</f><v></v></c><c r="B5"><v>1</v></c>',
        '<c r="A6"><v></v></c><c r="B6"><f>1/2</f><v></v></c>',  # after a plain cell
        '<c r="A7"><is><t>&lt;f&gt;</t></is></c>',
    ]
    xml = f"<worksheet><sheetData><row>{''.join(cells)}</row></sheetData></worksheet>"
    parts = {"xl/worksheets/sheet1.xml": xml.encode(), "xl/styles.xml": b"<x/>"}
    assert typed_blanks(parts) == 3
    assert parts["xl/worksheets/sheet1.xml"].decode() == _typed_by_pattern(xml)
    assert '<c r="B6" t="str"><f>1/2</f><v></v></c>' in _typed_by_pattern(xml)


def test_closed_twice_finished_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    finished: list[Path] = []
    monkeypatch.setattr(common, "finish_package", lambda path, lite, **_: finished.append(path))
    wb, _ = new_workbook(tmp_path / "twice.xlsx", title="t")
    wb.add_worksheet("Sheet")
    wb.close()
    wb.close()
    assert finished == [tmp_path / "twice.xlsx"]


_FORMULAS = (
    ('=IFERROR(A1*2,"")', 3.0),
    ('=IFERROR(A1*2,"")', 7),
    ('=IF(ISBLANK(A1),"",A1)', None),  # a blank value: typed as text
    ('=IF(A1<>"x","a<b & c>d","")', "a<b & c>d"),  # escaped
    ('=IFERROR(A1,"")', "#N/A"),  # an error value
    ('=IF(A1>0,TRUE,"")', True),
    ("=A1+A2", 4.5),  # no function
    ('=IFERROR(SWITCH(A1,1,"a"),"")', "a"),  # a newer function: xlsxwriter prefixes it
    ('=IF(A1,"SORT(",0)', 0),  # a name and a parenthesis in a string
    ("=_xlfn.STDEV.S(A1:A3)", 1.0),  # prefixed by hand
    ("{=IF(A1,1,0)}", 1),  # an array formula
)


def _formulas_written(path: Path, by_xlsxwriter: bool) -> tuple[bytes, bytes]:
    """The two worksheets of a workbook whose formulas are written by ``write_formula`` or
    by xlsxwriter's own ``write_formula``."""
    wb, fmt = new_workbook(path, title="t")
    ws = wb.add_worksheet("Sheet")
    other = wb.add_worksheet("Other")
    write_value(ws, 0, 0, 1.5, fmt.input_number)
    for row, (formula, value) in enumerate(_FORMULAS, start=1):
        for sheet in (ws, other):
            if by_xlsxwriter:
                sheet.write_formula(row, 1, formula, fmt.computed, "" if value is None else value)
            else:
                write_formula(sheet, row, 1, formula, fmt.computed, value)
    write_formula(ws, 1, 2, '=IF(A1,"",1)')  # no format: xlsxwriter's own
    wb.close()
    parts = dict((info.filename, data) for info, data in _parts(path))
    return parts["xl/worksheets/sheet1.xml"], parts["xl/worksheets/sheet2.xml"]


def test_plain_formulas_written_into_the_finished_sheet_as_xlsxwriter_writes_them(
    tmp_path: Path,
) -> None:
    """The formulas that call only IF, IFERROR and ISBLANK are stored as formatted blanks
    and written into the finished sheet (``common.LaterCells``): the sheet is the one
    xlsxwriter writes when it stores them itself, byte for byte."""
    ours, ours_other = _formulas_written(tmp_path / "ours.xlsx", by_xlsxwriter=False)
    theirs, theirs_other = _formulas_written(tmp_path / "theirs.xlsx", by_xlsxwriter=True)
    assert ours == theirs
    assert ours_other == theirs_other  # each sheet's cells in its own part
    sheet = ours.decode()
    assert '<f>IFERROR(A1*2,"")</f><v>3.0</v></c>' in ours_other.decode()
    # what xlsxwriter writes for them (its documented formula handling)
    assert '<f>IF(A1&lt;&gt;"x","a&lt;b &amp; c&gt;d","")</f><v>a&lt;b &amp; c&gt;d</v>' in sheet
    assert 't="str"><f>IF(ISBLANK(A1),"",A1)</f><v></v></c>' in sheet
    assert 't="e"><f>IFERROR(A1,"")</f><v>#N/A</v></c>' in sheet
    assert 't="b"><f>IF(A1&gt;0,TRUE,"")</f><v>1</v></c>' in sheet
    # a newer function: prefixed, and the cell a dynamic array, as xlsxwriter stores it
    assert 'cm="1" t="str"><f t="array" ref="B9">IFERROR(_xlfn.SWITCH(A1,1,' in sheet


def test_plain_formulas_are_those_of_the_plain_functions_only() -> None:
    plain = [formula for formula, _ in _FORMULAS if common._is_plain(formula)]
    assert plain == [
        '=IFERROR(A1*2,"")',
        '=IFERROR(A1*2,"")',
        '=IF(ISBLANK(A1),"",A1)',
        '=IF(A1<>"x","a<b & c>d","")',
        '=IFERROR(A1,"")',
        '=IF(A1>0,TRUE,"")',
        "=A1+A2",
    ]


_ROW_VALUES = (7, 2.5, "", None, "w", "b", "w", True, "_x", " lead", "a&b>c", "w", 1e-7, 2**40)
"""A row of values of every kind: numbers, blanks, texts (repeated, and ones xlsxwriter
escapes or keeps the white space of), a boolean."""


def _cells_written(path: Path, by_xlsxwriter: bool) -> dict[str, bytes]:
    """The parts of a workbook whose rows, arrays and array blocks are written by
    ``write_values``, ``write_array`` and ``write_array_block``, or cell by cell through
    xlsxwriter's own calls (an array by ``write_array_formula`` over its range, then each
    other cell's value)."""
    from xlfuncs.templates.common import write_array, write_array_block, write_values

    wb, fmt = new_workbook(path, title="t")
    sheets = (wb.add_worksheet("Sheet"), wb.add_worksheet("Other"))
    formats = [fmt.input_number, fmt.input_text, None] * 5
    column = ["a", 3, None, "w", "", 4.25, "x"]
    block = [[1, "w", None], ["b", 2.5, ""]]
    for ws in sheets:
        ws.merge_range(0, 0, 0, 3, "", fmt.title)
        write_formula(ws, 0, 0, '=IF(B9="","",B9)', fmt.title, "t")  # over a merged cell
        if by_xlsxwriter:
            for col, (value, style) in enumerate(zip(_ROW_VALUES, formats, strict=False)):
                write_value(ws, 2, 5 + col, value, style)
            ws.write_array_formula(3, 1, 9, 1, "{=IF(A4:A10,1,0)}", fmt.computed, "a")
            for row, value in enumerate(column[1:], start=4):
                write_value(ws, row, 1, value, fmt.computed)
            ws.write_array_formula(4, 3, 5, 5, "{=A1:C2}", fmt.computed_text, 1)
            for i, row in enumerate(block):
                for j, value in enumerate(row):
                    if i or j:
                        write_value(ws, 4 + i, 3 + j, value, fmt.computed_text)
        else:
            write_values(ws, 2, 5, _ROW_VALUES, formats[: len(_ROW_VALUES)])
            write_array(ws, 3, 1, 9, "{=IF(A4:A10,1,0)}", fmt.computed, column)
            write_array_block(ws, 4, 3, 5, 5, "{=A1:C2}", fmt.computed_text, block)
        ws.write_string(3, 0, "w", fmt.body)  # a row of xlsxwriter's cells and kept ones
        # formats first met in a row: a kept cell's, xlsxwriter's, a kept cell's
        ws.write_string(2, 30, "z", fmt.note)
        write_values(ws, 2, 40, [5], [fmt.hint])
    wb.close()
    return {info.filename: data for info, data in _parts(path)}


def test_kept_cells_written_as_xlsxwriter_writes_them(tmp_path: Path) -> None:
    """Numbers, blanks and texts of a row, an array or an array block are written into the
    finished sheet (``common.LaterCells``, ``common.KeptTexts``): every part is the one
    xlsxwriter writes when it stores each cell itself, byte for byte."""
    ours = _cells_written(tmp_path / "ours.xlsx", by_xlsxwriter=False)
    theirs = _cells_written(tmp_path / "theirs.xlsx", by_xlsxwriter=True)
    assert ours.keys() == theirs.keys()
    for name in ours:
        assert ours[name] == theirs[name], name
    sheet = ours["xl/worksheets/sheet1.xml"].decode()
    # the XML xlsxwriter writes for them (each cell's reference, format, type and value)
    assert re.search(r'<c r="F3" s="\d+"><v>7</v></c><c r="G3" s="\d+"><v>2.5</v></c>', sheet)
    assert '<c r="H3"' not in sheet  # a blank without a format: no cell
    assert re.search(r'<c r="I3" s="\d+"/>', sheet)  # a formatted blank
    assert re.search(r'<c r="J3" s="\d+" t="s"><v>\d+</v></c>', sheet)
    assert re.search(r'<c r="B4" s="\d+" t="str"><f t="array" ref="B4:B10">', sheet)
    assert re.search(r'<c r="D5" s="\d+"><f t="array" ref="D5:F6">A1:C2</f><v>1</v>', sheet)
    strings = ours["xl/sharedStrings.xml"].decode()
    # a sheet's texts: the row's w, b, w, _x, " lead", a&b>c, w; the array's w, x (its
    # first value is the formula's); the block's w, b; w and z more: 13 a sheet, 7 different
    assert 'count="26" uniqueCount="7"' in strings
    assert '<si><t xml:space="preserve"> lead</t></si>' in strings
    assert "<si><t>a&amp;b&gt;c</t></si>" in strings


def test_a_kept_cell_written_again_through_xlsxwriter_is_refused(tmp_path: Path) -> None:
    from xlfuncs.templates.common import write_values

    wb, fmt = new_workbook(tmp_path / "twice.xlsx", title="t")
    ws = wb.add_worksheet("Sheet")
    write_values(ws, 0, 0, [1, 2, 3], [fmt.input_number] * 3)
    ws.write_number(0, 1, 5, fmt.input_number)  # over a kept cell: which is meant?
    with pytest.raises(RuntimeError, match="written twice"):
        wb.close()
