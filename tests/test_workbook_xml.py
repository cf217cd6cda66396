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

import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from xlfuncs.cli import main as cli
from xlfuncs.templates import TEMPLATES
from xlfuncs.templates.common import EXCEL_CALC_ID

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "workbook_templates"
DATA = REPO / "xlfuncs" / "data"
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def calc_properties(book: Path) -> dict[str, str]:
    with zipfile.ZipFile(book) as z:
        root = ET.fromstring(z.read("xl/workbook.xml"))
    found = root.find(f"{MAIN}calcPr")
    assert found is not None, book
    return dict(found.attrib)


def formula_cells(book: Path) -> list[tuple[str, str, ET.Element]]:
    """(sheet part, cell reference, the ``<c>`` element) of every cell holding a formula."""
    out = []
    with zipfile.ZipFile(book) as z:
        for name in z.namelist():
            if not re.fullmatch(r"xl/worksheets/[^/]+\.xml", name):
                continue
            for c in ET.fromstring(z.read(name)).iter(f"{MAIN}c"):
                if c.find(f"{MAIN}f") is not None:
                    out.append((name, str(c.get("r")), c))
    return out


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
    """The demo's round robin and Swiss, filled by ``xlfuncs crosstable``."""
    out = tmp_path_factory.mktemp("filled")
    books = []
    for trf in ("demo_round_robin.trf", "demo_swiss.trf"):
        target = out / trf.replace(".trf", ".xlsx")
        assert cli(["crosstable", str(DATA / trf), "-o", str(target)]) == 0
        books.append(target)
    return books


def _books(filled: list[Path]) -> list[Path]:
    return [SHIPPED / name for name in sorted(TEMPLATES)] + filled


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
