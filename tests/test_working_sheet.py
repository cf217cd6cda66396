"""The "Working" sheet of ``xlfuncs crosstable``'s workbooks
(:mod:`xlfuncs.templates.working_sheet`): one player's working of each tie-break
(``TIEBREAK_WORKING``) and of the rating change or first rating (``RATING_WORKING``), the
player chosen from a drop-down of the chart's numbers.

Checked with the formula engine on a six-player round robin's workbook (classic names): the
stored values are what the formulas compute (player 1), no cell of the fixed ranges is an
error, the lines of each block sum to its value; on the XML of a Swiss's (the Lite form's
``_xldudf_`` dynamic arrays): the formulas read the chart's own columns, as its
``TIEBREAK_ALL`` and ``ELO_CHANGE_ALL`` do. Another player (an unrated one) is checked by
calling the function on the chart's cells, as the formula reads them; the values stored from
the event as read are those the functions give on the chart's cells.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from xlfuncs import udfs
from xlfuncs.filled_chart import event_from_trf, write_chart
from xlfuncs.templates import swiss, working_sheet
from xlfuncs.templates.chart import figures, formulas, inputs, tiebreaks_of
from xlfuncs.templates.working_sheet import HIDDEN, SHEET, default_blocks
from xlfuncs.trf import read_trf

DATA = Path(__file__).parent / "data"
Evaluated = tuple[Path, dict[tuple[str, str], Any], dict[str, int]]


_NS = {
    "m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
}


@functools.cache
def _sheet_xml(path: Path, name: str) -> ET.Element:
    """The XML of the sheet *name* of the workbook at *path*, read once (the rest of the
    workbook is not parsed)."""
    with zipfile.ZipFile(path) as z:
        book = ET.fromstring(z.read("xl/workbook.xml"))
        rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
        rid = next(
            s.get(f"{{{_NS['r']}}}id")
            for s in book.iter(f"{{{_NS['m']}}}sheet")
            if s.get("name") == name
        )
        target = next(r.get("Target") for r in rels if r.get("Id") == rid)
        return ET.fromstring(z.read("xl/" + str(target).removeprefix("/xl/")))


@functools.cache
def _strings(path: Path) -> tuple[str, ...]:
    with zipfile.ZipFile(path) as z:
        root = ET.fromstring(z.read("xl/sharedStrings.xml"))
    return tuple("".join(t.text or "" for t in si.iter(f"{{{_NS['m']}}}t")) for si in root)


def _cells(path: Path, name: str = SHEET) -> dict[str, Any]:
    """Each cell's stored value (numbers as float, text, booleans)."""
    out: dict[str, Any] = {}
    for c in _sheet_xml(path, name).iter(f"{{{_NS['m']}}}c"):
        v = c.find("m:v", _NS)
        kind = c.get("t")
        if v is None or v.text is None:
            out[c.get("r", "")] = "" if kind == "str" else None
        elif kind == "s":
            out[c.get("r", "")] = _strings(path)[int(v.text)]
        elif kind in ("str", "e"):
            out[c.get("r", "")] = v.text
        elif kind == "b":
            out[c.get("r", "")] = v.text == "1"
        else:
            out[c.get("r", "")] = float(v.text)
    return out


def _arrays(path: Path, name: str = SHEET) -> dict[str, tuple[str, str]]:
    """The sheet's array formulas: top-left cell -> (formula, range)."""
    out = {}
    for c in _sheet_xml(path, name).iter(f"{{{_NS['m']}}}c"):
        f = c.find("m:f", _NS)
        if f is not None and f.get("t") == "array":
            out[c.get("r", "")] = (f.text or "", f.get("ref", ""))
    return out


def _refs(ref: str) -> list[str]:
    from openpyxl.utils import get_column_letter
    from openpyxl.utils.cell import range_boundaries

    c1, r1, c2, r2 = range_boundaries(ref)
    return [f"{get_column_letter(c)}{r}" for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]


def _rows(get: Any, ref: str) -> list[list[Any]]:
    from openpyxl.utils.cell import range_boundaries

    c1, _, c2, _ = range_boundaries(ref)
    cells = [get(a) for a in _refs(ref)]
    width = c2 - c1 + 1
    return [cells[i : i + width] for i in range(0, len(cells), width)]


def _block(values: dict[tuple[str, str], Any], ref: str) -> list[list[Any]]:
    """The engine's values of a range of the Working sheet, rows of cells (``None`` blank)."""
    return _rows(lambda a: values.get((SHEET, a)), ref)


def _stored(path: Path, ref: str) -> list[list[Any]]:
    cells = _cells(path)
    return _rows(lambda a: cells.get(a), ref)


def _answer(block: list[list[Any]]) -> list[list[Any]]:
    """The rows of a block before the blank ones its ``rows`` added (none is blank within a
    working); no #N/A: the answer fills its range."""
    assert all(v != "#N/A" for row in block for v in row)
    rows = list(block)
    while rows and all(v in ("", None) for v in rows[-1]):
        rows.pop()
    return rows


def _same(got: list[list[Any]], stored: list[list[Any]]) -> bool:
    """Cell by cell equal, numbers to within a rounding of the file's 17 digits."""
    if [len(r) for r in got] != [len(r) for r in stored]:
        return False
    for a, b in zip((v for r in got for v in r), (v for r in stored for v in r)):
        number = isinstance(a, (int, float)) and not isinstance(a, bool)
        if number and isinstance(b, (int, float)) and not isinstance(b, bool):
            if a != pytest.approx(b):
                return False
        elif a != b:
            return False
    return True


def _rules(wb: Any) -> Any:
    """The value of the workbook's ``Rules`` cell."""
    sheet, ref = next(iter(wb.defined_names["Rules"].destinations))
    return wb[sheet][ref.replace("$", "")].value


def _shown(ref: str) -> str:
    """The visible range that shows the hidden array over *ref*."""
    from openpyxl.utils import get_column_letter
    from openpyxl.utils.cell import range_boundaries

    c1, r1, c2, r2 = range_boundaries(ref)
    left, right = get_column_letter(c1 - HIDDEN), get_column_letter(c2 - HIDDEN)
    return f"{left}{r1}:{right}{r2}"


def _blanks(rows: list[list[Any]]) -> list[list[Any]]:
    return [["" if v is None else v for v in row] for row in rows]


@pytest.fixture(scope="module")
def round_robin_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """``xlfuncs crosstable`` of the six-player round robin, classic names, recalculated."""
    from engine import evaluate

    path = tmp_path_factory.mktemp("working") / "rr.xlsx"
    write_chart(event_from_trf(read_trf(DATA / "trf" / "round_robin_6.trf")), path, form="classic")
    return path, evaluate(path, udfs.FUNCTIONS)


@pytest.mark.slow  # recalculates a workbook
def test_the_formulas_compute_the_stored_values_and_sum(round_robin_book: tuple[Path, Any]) -> None:
    path, values = round_robin_book
    assert not [k for k, v in values.items() if k[0] == SHEET and str(v).startswith("#")]
    arrays = _arrays(path)
    tiebreaks = [v for v in arrays.values() if v[0].startswith("TIEBREAK_WORKING(")]
    rating = [v for v in arrays.values() if v[0].startswith("RATING_WORKING(")]
    assert len(tiebreaks) == 4 and len(rating) == 1  # DE, WIN, SB, KS
    assert "_xldudf_" not in "".join(f for f, _ in arrays.values())  # classic: plain names
    for formula, ref in [*tiebreaks, *rating]:
        got = _answer(_block(values, ref))
        stored = _blanks(_stored(path, ref)[: len(got)])
        assert _same(_blanks(got), stored), (formula, got, stored)
        # the visible cells show the answer, blank past it, as stored
        shown = _blanks(_block(values, _shown(ref)))
        assert _same(shown, _blanks(_stored(path, _shown(ref)))), formula
        assert _same(shown[: len(got)], _blanks(got)), formula
        assert all(v == "" for row in shown[len(got) :] for v in row), formula
        if formula.startswith("TIEBREAK_WORKING("):
            head, *lines, last = got
            assert last[0] == "=" and last[2] == head[2]  # the total is the value
            if head[0] != "DE" and last[3].startswith("the sum"):
                counted = [x[2] for x in lines if not x[4]]
                assert sum(counted) == pytest.approx(head[2]), formula
        else:  # no. 1 (2415, K 20, 4.0 of 5): the change, game by game
            head, header, *lines, last = got
            assert head[0] == "rating change" and last[0] == "="
            assert [x[1] for x in lines] == [2, 3, 4, 5, 6]  # the grid's columns in order
            assert sum(x[7] for x in lines) == pytest.approx(last[7])
            assert round(last[7]) == head[2]


@pytest.fixture(scope="module")
def swiss_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any, Any, Any, Any]:
    """``xlfuncs crosstable`` of the twelve-player Swiss (the Lite form), and its event,
    layout, input cells and computed columns as the chart writes them."""
    filled = event_from_trf(read_trf(DATA / "trf" / "swiss_12.trf"))
    path = tmp_path_factory.mktemp("working") / "swiss.xlsx"
    write_chart(filled, path)
    event = filled.event
    layout = swiss.layout_of(event)
    layout = replace(layout, tiebreaks=len(tiebreaks_of(layout, event)))
    data = inputs(layout, event)
    return path, event, layout, data, figures(layout, data)


def _args(formula: str) -> list[str]:
    """A call's arguments (the references hold no comma)."""
    return formula[formula.index("(") + 1 : -1].split(",")


def test_the_sheet_reads_the_chart_and_its_drop_down(swiss_book: tuple[Any, ...]) -> None:
    path, _, layout, _, _ = swiss_book
    root = _sheet_xml(path, SHEET)
    (dv,) = root.iter(f"{{{_NS['m']}}}dataValidation")
    assert dv.get("type") == "list" and dv.get("sqref") == "B4"
    assert dv.findtext("m:formula1", namespaces=_NS) == "'Wall chart'!$A$9:$A$20"  # 12 players
    assert root.find("m:sheetProtection", _NS) is not None
    assert _cells(path)["B4"] == 1
    arrays = {k: (f.removeprefix("_xldudf_"), ref) for k, (f, ref) in _arrays(path).items()}
    with zipfile.ZipFile(path) as z:
        xml = z.read("xl/worksheets/sheet2.xml").decode()
    assert xml.count('cm="1"') == len(arrays) == 4  # Lite: dynamic arrays, _xldudf_ names
    assert all(f"_xldudf_{f}" in xml for f, _ in arrays.values())
    on = "'Wall chart'!"
    chart = {name: _args(f) for name, f in formulas(layout).items()}
    rating = next(f for f, _ in arrays.values() if f.startswith("RATING_WORKING("))
    ratings, k, results, opponents, rules, minutes, reasons = chart["change"]
    want = [on + ratings, on + k, on + results, on + opponents, rules, '"swiss"', "23", minutes]
    assert _args(rating) == ["$B$4", *want, reasons] and reasons == "TRUE"  # as
    # ELO_CHANGE_ALL's, BLOQUE_ALL's system, 13 + 10 rows, the chart's minutes, and where
    # there is no figure, why
    descriptors, *rest = chart["tiebreaks"]
    first, last = descriptors.split(":")
    headers = [f for f, _ in arrays.values() if f.startswith("TIEBREAK_WORKING(")]
    assert [_args(f)[0] for f in headers] == [on + first, on + "$BC$8", on + last]
    *rest, ptp, scoring = rest  # the chart's last two (PtpFullScore, Scoring): after rows
    want = [a if a.startswith(("Tie", "Unr", '"')) else on + a for a in rest]
    want += ["15", ptp, scoring]
    assert all(_args(f)[1] == "$B$4" and _args(f)[2:] == want for f in headers)
    # a fixed size: a line a round of the chart's 13, whatever the players
    refs = sorted(_shown(ref) for _, ref in arrays.values())
    assert refs == ["A25:E39", "A42:E56", "A8:E22", "G8:O30"]


def test_another_player_is_what_the_functions_give(swiss_book: tuple[Any, ...]) -> None:
    """No. 12 (unrated) chosen: the rating block the formula gives, from the chart's cells
    as the formula reads them: the first rating, whose lines make Ra and the score (2024:
    2198, 2245, 2050, 2150 and two 1800s, 12243 / 6; 2.0 of 6), not published (4 rated
    games), as the chart's first-rating column (BLOQUE_ALL) says: fewer than 5 games."""
    _, _, _, data, values = swiss_book
    k = [[None if v == "" else v] for v in values["k"]]
    ratings = [[r] for r in data.ratings]
    block = udfs.RATING_WORKING(12.0, ratings, k, data.results, data.opponents, data.rules)
    assert isinstance(block, list) and block[0][:3] == ["first rating", "2024", 1916]
    steps = {r[0]: r for r in block if r[0] in ("Ra", "p", "=", "published")}
    lines = block[2 : block.index(steps["Ra"])]
    assert sum(r[2] for r in lines if r[3] is True) == steps["Ra"][2] == 12243
    assert sum(1 for r in lines if r[3] is True) == steps["Ra"][3] == 6
    assert sum(r[4] for r in lines if r[5] is True) == steps["p"][4] == 2
    assert steps["published"][7] is False and values["first"][11] == "< 5 games"


def test_the_stored_values_from_the_event_are_the_functions(swiss_book: tuple[Any, ...]) -> None:
    """The values stored, taken from the event as read where it is the chart's, are those
    the functions give on the chart's cells."""
    _, event, layout, data, values = swiss_book
    assert event.tiebreak_table is not None and event.crosstable is not None
    count = len(event.players)
    assert working_sheet._same_tiebreaks(event.tiebreak_table, data, values, count, 3)
    assert working_sheet._core_rating_block(layout, data, values, event) is not None
    from_event = default_blocks(layout, data, values, event)
    from_cells = default_blocks(
        layout, data, values, replace(event, tiebreak_table=None, crosstable=None)
    )
    assert from_event == from_cells
