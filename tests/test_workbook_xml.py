"""What Excel reads when it opens our workbooks, checked in the XML itself (unzipped and
parsed): the calculation properties that keep the stored values on open, and a stored value
beside every formula.

Excel recalculates a workbook on open when ``<calcPr>`` asks for it (``fullCalcOnLoad``)
or when its ``calcId`` is older than Excel's own engine; every cell calling a function that
is not loaded then shows ``#NAME?``. Without either, it shows the values stored in ``<v>``
beside each formula until a cell they depend on changes (docs/lite.md, "What a user without
the add-in sees"). An empty ``<v>`` is a value only when the cell says it is text
(``t="str"``, as Excel writes an empty text result); untyped, it is no value at all.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from xlfuncs.cli import main as cli
from xlfuncs.lite import function_names
from xlfuncs.lite_form import to_lite
from xlfuncs.templates.common import EXCEL_CALC_ID
from xlfuncs.templates.registry import LITE_TEMPLATES, TEMPLATES

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "workbook_templates"
DATA = REPO / "xlfuncs" / "data"
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
WE = "{http://schemas.microsoft.com/office/webextensions/webextension/2010/11}"
XDA = "{http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray}"


@functools.cache
def _names() -> tuple[str, ...]:
    """The bundled functions' names (read when a test first asks, not at collection: under
    ``pytest -n`` only the worker running this file reads the bundle)."""
    return tuple(function_names())


@functools.cache
def _plain_call() -> re.Pattern[str]:
    """A call of one of our functions without Excel's ``_xldudf_`` prefix."""
    return re.compile(r"(?<![A-Za-z0-9_.])(" + "|".join(_names()) + r")\(")


def calc_properties(book: Path) -> dict[str, str]:
    with zipfile.ZipFile(book) as z:
        root = ET.fromstring(z.read("xl/workbook.xml"))
    found = root.find(f"{MAIN}calcPr")
    assert found is not None, book
    return dict(found.attrib)


def formula_cells(book: Path) -> list[tuple[str, str, ET.Element]]:
    """(sheet part, cell reference, the ``<c>`` element) of every cell holding a formula
    (each workbook parsed once while it is unchanged: several tests read the same books)."""
    stat = book.stat()
    return list(_formula_cells(book, stat.st_size, stat.st_mtime_ns))


@functools.cache
def _formula_cells(book: Path, size: int, mtime_ns: int) -> tuple[tuple[str, str, ET.Element], ...]:
    """:func:`formula_cells` of *book* as it is at *size* and *mtime_ns*."""
    out = []
    with zipfile.ZipFile(book) as z:
        for name in z.namelist():
            if not re.fullmatch(r"xl/worksheets/[^/]+\.xml", name):
                continue
            for c in ET.fromstring(z.read(name)).iter(f"{MAIN}c"):
                if c.find(f"{MAIN}f") is not None:
                    out.append((name, str(c.get("r")), c))
    return tuple(out)


def without_value(book: Path) -> list[str]:
    """The formula cells of *book* that store no value beside the formula."""
    missing = []
    for name, ref, c in formula_cells(book):
        v = c.find(f"{MAIN}v")
        if v is None or (not v.text and c.get("t") != "str"):
            missing.append(f"{name}!{ref}")
    return missing


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The demo's round robin and Swiss, filled by ``xlfuncs crosstable --for both``: the
    Lite workbooks first, then the classic ones."""
    out = tmp_path_factory.mktemp("filled")
    books = []
    for trf in ("demo_round_robin.trf", "demo_swiss.trf"):
        target = out / trf.replace(".trf", ".xlsx")
        assert cli(["crosstable", str(DATA / trf), "-o", str(target), "--for", "both"]) == 0
        books += [target, target.with_name(target.stem + "_classic.xlsx")]
    return books[0::2] + books[1::2]


def _books(filled: list[Path]) -> list[Path]:
    shipped = sorted(TEMPLATES) + sorted(LITE_TEMPLATES)
    return [SHIPPED / name for name in shipped] + filled


def _lite_books(filled: list[Path]) -> list[Path]:
    return [SHIPPED / name for name in sorted(LITE_TEMPLATES)] + filled[:2]


def _classic_books(filled: list[Path]) -> list[Path]:
    return [SHIPPED / name for name in sorted(TEMPLATES)] + filled[2:]


def test_calc_properties_keep_the_stored_values(filled: list[Path]) -> None:
    for book in _books(filled):
        props = calc_properties(book)
        assert "fullCalcOnLoad" not in props, book.name
        assert props.get("calcId") == str(EXCEL_CALC_ID), book.name
        assert props.get("calcMode", "auto") == "auto", book.name


def test_every_formula_cell_stores_a_value(filled: list[Path]) -> None:
    for book in _books(filled):
        assert formula_cells(book), book.name
        assert without_value(book) == [], book.name


def test_a_filled_chart_stores_its_figures(filled: list[Path]) -> None:
    """Not only a value: the figures themselves (a number in most computed cells)."""
    swiss = filled[1]
    numbers = [
        c
        for _, _, c in formula_cells(swiss)
        if c.get("t") is None and (v := c.find(f"{MAIN}v")) is not None and v.text
    ]
    assert len(numbers) > 100


# ------------------------------------------------------------------------ the Lite form


def _dynamic_cm(book: Path) -> int:
    """The ``cm`` value that marks a dynamic-array formula in *book*'s ``xl/metadata.xml``
    (its ``cellMetadata`` entry pointing to ``XLDAPR`` with ``fDynamic="1"``)."""
    with zipfile.ZipFile(book) as z:
        root = ET.fromstring(z.read("xl/metadata.xml"))
    types = [t.get("name") for t in root.iter(f"{MAIN}metadataType")]
    future = next(f for f in root.iter(f"{MAIN}futureMetadata") if f.get("name") == "XLDAPR")
    dynamic = [
        k
        for k, bk in enumerate(future.iter(f"{MAIN}bk"))
        if any(p.get("fDynamic") == "1" for p in bk.iter(f"{XDA}dynamicArrayProperties"))
    ]
    cells = root.find(f"{MAIN}cellMetadata")
    assert cells is not None
    for index, bk in enumerate(cells.iter(f"{MAIN}bk"), start=1):
        rc = bk.find(f"{MAIN}rc")
        assert rc is not None
        if types[int(str(rc.get("t"))) - 1] == "XLDAPR" and int(str(rc.get("v"))) in dynamic:
            return index
    raise AssertionError(f"{book.name}: no dynamic-array cell metadata")


def _listed(book: Path) -> tuple[list[str], list[str]]:
    """The add-in part's custom function ids and its containsCustomFunctions values."""
    with zipfile.ZipFile(book) as z:
        root = ET.fromstring(z.read("xl/webextensions/webextension1.xml"))
    ids = [str(e.text) for e in root.iter(f"{WE}customFunctionIds")]
    contains = [str(e.get("val")) for e in root.iter(f"{WE}containsCustomFunctions")]
    return ids, contains


def test_lite_workbooks_store_every_call_as_excel_binds_it(filled: list[Path]) -> None:
    for book in _lite_books(filled):
        cm = str(_dynamic_cm(book))
        calls = 0
        for name, ref, c in formula_cells(book):
            f = c.find(f"{MAIN}f")
            assert f is not None
            text = f.text or ""
            assert _plain_call().search(text) is None, (book.name, name, ref, text)
            if "_xldudf_" not in text:
                continue
            calls += 1
            assert re.search(r"_xldudf_(" + "|".join(_names()) + r")\(", text), (ref, text)
            assert f.get("t") == "array", (book.name, ref)
            assert str(f.get("ref")).split(":")[0] == ref, (book.name, ref)
            assert c.get("cm") == cm, (book.name, ref)
        assert calls > 0, book.name


def test_lite_workbooks_list_every_function(filled: list[Path]) -> None:
    for book in _lite_books(filled):
        ids, contains = _listed(book)
        assert ids == sorted(f"_xldudf_{n}" for n in _names()), book.name
        assert contains == ["1"], book.name


def test_classic_workbooks_keep_plain_names(filled: list[Path]) -> None:
    for book in _classic_books(filled):
        texts = [str(c.find(f"{MAIN}f").text) for _, _, c in formula_cells(book)]  # type: ignore[union-attr]
        assert not any("_xldudf_" in t for t in texts), book.name
        assert any(_plain_call().search(t) for t in texts), book.name
        assert not any(c.get("cm") for _, _, c in formula_cells(book)), book.name


@pytest.mark.parametrize(
    ("formula", "lite"),
    [
        ("RP_FIDE(C5:C13,D5)", "_xldudf_RP_FIDE(C5:C13,D5)"),
        ('IFERROR(rp_fide(A1:A3, 2.5),"")', 'IFERROR(_xldudf_RP_FIDE(A1:A3, 2.5),"")'),
        ('"RP_FIDE(A1)"&RP_FIDE(A1,1)', '"RP_FIDE(A1)"&_xldudf_RP_FIDE(A1,1)'),
        ("'RP_FIDE(x'!A1+RP_FIDE(B1:B2,1)", "'RP_FIDE(x'!A1+_xldudf_RP_FIDE(B1:B2,1)"),
        ("_xldudf_RP_FIDE(A1,1)", "_xldudf_RP_FIDE(A1,1)"),
        ("MY.RP_FIDE(A1)+XRP_FIDE(A1)+RP_FIDE", "MY.RP_FIDE(A1)+XRP_FIDE(A1)+RP_FIDE"),
        ("SUM(A1:A3)", "SUM(A1:A3)"),
    ],
)
def test_to_lite(formula: str, lite: str) -> None:
    assert to_lite(formula, ["RP_FIDE"]) == lite


def test_lite_parts_rewrite_only_the_formulas_calling_ours() -> None:
    """Hand-written parts: a call in lower case with a space before its parenthesis is
    rewritten; cells without a formula, a formula calling only Excel's functions and a name
    of ours inside a longer name are left byte for byte."""
    from xlfuncs.lite_form import lite_parts

    sheet = (
        '<worksheet><sheetData><row r="1"><c r="A1" s="1"/><c r="B1"><v>3</v></c>'
        '<c r="C1" s="2"><f>rp_fide (A1:A3,2)</f><v>1</v></c>'
        '<c r="D1" t="str"><f>IFERROR(A1,"")</f><v></v></c>'
        '<c r="E1"><f>XRP_FIDE(A1)</f><v>2</v></c></row></sheetData></worksheet>'
    )
    parts = {
        "[Content_Types].xml": b"<Types></Types>",
        "xl/_rels/workbook.xml.rels": b"<Relationships></Relationships>",
        "xl/worksheets/sheet1.xml": sheet.encode(),
    }
    changed, added = lite_parts(parts, ["RP_FIDE"])
    assert (changed, added) == (1, ["xl/metadata.xml"])
    assert parts["xl/worksheets/sheet1.xml"].decode() == sheet.replace(
        '<c r="C1" s="2"><f>rp_fide (A1:A3,2)</f>',
        '<c r="C1" s="2" cm="1"><f t="array" ref="C1">_xldudf_RP_FIDE (A1:A3,2)</f>',
    )


def test_lite_parts_and_typed_blanks_find_cells_far_into_a_large_sheet() -> None:
    """A hand-written sheet of 60,000 rows (some 4 MB, text beyond ASCII in its values):
    a call of ours in mixed case near the end and one in lower case in the middle are
    rewritten; a blank formula value near the end is typed as
    text; every other byte is kept."""
    from xlfuncs.lite_form import lite_parts, typed_blanks

    rows = [
        f'<row r="{n}"><c r="A{n}" t="str"><f>IFERROR(B{n},"")</f><v>Żółw {n}</v></c></row>'
        for n in range(1, 60001)
    ]
    far = '<row r="59990"><c r="A59990" s="3"><f>Rp_Fide(B1:B9,2)</f><v>7</v></c></row>'
    middle = '<row r="30000"><c r="A30000"><f>1+rp_fide (B1)</f><v>1</v></c></row>'
    blank = '<row r="59999"><c r="A59999" s="4"><f>IF(B1,"x","")</f><v></v></c></row>'
    rows[59989], rows[29999], rows[59998] = far, middle, blank
    sheet = "<worksheet><sheetData>" + "".join(rows) + "</sheetData></worksheet>"
    parts = {
        "[Content_Types].xml": b"<Types></Types>",
        "xl/_rels/workbook.xml.rels": b"<Relationships></Relationships>",
        "xl/worksheets/sheet1.xml": sheet.encode(),
    }
    assert len(parts["xl/worksheets/sheet1.xml"]) > 4_000_000
    assert lite_parts(parts, ["RP_FIDE"]) == (2, ["xl/metadata.xml"])
    assert typed_blanks(parts) == 1
    expected = (
        sheet.replace(
            '<c r="A59990" s="3"><f>Rp_Fide(B1:B9,2)</f>',
            '<c r="A59990" s="3" cm="1"><f t="array" ref="A59990">_xldudf_RP_FIDE(B1:B9,2)</f>',
        )
        .replace(
            '<c r="A30000"><f>1+rp_fide (B1)</f>',
            '<c r="A30000" cm="1"><f t="array" ref="A30000">1+_xldudf_RP_FIDE (B1)</f>',
        )
        .replace('<c r="A59999" s="4"><f>', '<c r="A59999" s="4" t="str"><f>')
    )
    assert parts["xl/worksheets/sheet1.xml"].decode() == expected
