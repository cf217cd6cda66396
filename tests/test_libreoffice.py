"""The functions and the workbooks in a real LibreOffice Calc, with the add-in
``xlfuncs libreoffice`` writes installed with ``unopkg`` into a private profile
(``tests/calc_office.py``; one office for the whole file, in each LibreOffice the machine has).

**The functions.** Every call is typed into a new sheet as a person types it (numbers,
texts, ``TRUE()``, error values, blank cells, arguments left out), recalculated in full, and
the answers read back. The cases are the Excel routes' own (``tests/test_xlwings_routes.py``:
their expected values come from FIDE's tables and hand calculation) and each function's
valid call of ``tests/cell_calls.py``, whose answer must be the one the Excel routes'
function gives. Calc differs from Excel in two ways the add-in cannot undo
(``docs/libreoffice.md``): it reads a blank single cell as 0 before the add-in sees it, and
answers ``Err:504`` for a call whose range holds an error value; the cases that meet them
say what Calc answers instead, worked out by hand below.

**The workbooks**, in the form Calc binds:

- every blank template (``xlfuncs libreoffice --templates``) and the crosstables of real
  files (``xlfuncs crosstable --for libreoffice``: a Swiss wall chart and a round robin)
  are opened, read, recalculated in full (``calculateAll()``) and read again: every stored
  value is kept, as in Excel;
- the same workbooks in the classic form (plain names: the committed templates,
  ``crosstable --for classic``) recalculated in full: where the release binds the plain
  names through their compatibility names (25.2) every stored value is kept but for the
  figures that read a blank single cell (Calc's 0); where it does not (7.4) the workbook
  says its functions are not loaded;
- independently of any value we store: a real event's results are typed into the blank
  Swiss template as a person types them (the players, their data and every round's
  opponent, colour and result, as the crosstable of the event holds them), the sheet
  recalculated, and its standings, points, tie-breaks and rating figures must be those
  ``xlfuncs report`` gives on the event's TRF.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import shutil
import time
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from calc_office import Office, needs_office
from openpyxl.utils import column_index_from_string, get_column_letter, range_boundaries
from openpyxl.worksheet.formula import ArrayFormula

from tests import cell_calls
from tests.test_xlwings_routes import CASES, ERROR_TYPES, TEXT_CASES
from xlfuncs import udfs
from xlfuncs.cli import main as cli
from xlfuncs.libreoffice.form import workbook_in_calc_form
from xlfuncs.libreoffice.functions import addin_functions
from xlfuncs.templates.registry import TEMPLATES

pytestmark = [needs_office, pytest.mark.slow]

ERROR_NAMES = {kind: code for code, kind in ERROR_TYPES.items()}
EXCEL_EPOCH = dt.datetime(1899, 12, 30)


def _cell(value: Any) -> Any:
    """A cell of an Excel-route argument as the client types it."""
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, dict):
        return {"error": value["basicValue"]}
    if isinstance(value, (dt.datetime, dt.date)):
        day = value if isinstance(value, dt.datetime) else dt.datetime(*value.timetuple()[:3])
        return (day - EXCEL_EPOCH).total_seconds() / 86400
    return value


def _argument(value: Any) -> Any:
    if value is None:
        return None
    if not isinstance(value, list):
        value = [[value]]
    return [[_cell(c) for c in row] for row in value]


def _expected(value: Any) -> Any:
    """An Excel route's answer as the client reads Calc's: an error as ``{"error": ...}``."""
    if isinstance(value, dict):
        return {"error": ERROR_NAMES[value["errorType"]]}
    if isinstance(value, list):
        return [_expected(v) for v in value]
    return value


def _case(name: str, args: list[Any], rows: int, cols: int) -> dict[str, Any]:
    return {"name": name, "args": [_argument(a) for a in args], "rows": rows, "cols": cols}


def _same(got: Any, expected: Any) -> bool:
    if isinstance(expected, list):
        return (
            isinstance(got, list)
            and len(got) == len(expected)
            and all(_same(g, e) for g, e in zip(got, expected))
        )
    if isinstance(expected, float) and isinstance(got, float):
        return math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9)
    return bool(got == expected)


BLANK_IS_ZERO: dict[str, Any] = {
    # p = 0 -> dp -800 (table 8.1(a)), where Excel has nothing to compute (#N/A)
    "DP_LOOKUP": [[-800]],
    # an own rating of 0 is unrated, as a blank is: #N/A either way
    "EXPECTED_SCORE": [[{"error": "#N/A"}]],
}
"""What Calc answers to the cases with a blank single cell, which it reads as 0, worked out
by hand from the same FIDE tables as the Excel routes' expected values."""


def _one_cell(arg: Any) -> bool:
    return isinstance(arg, list) and len(arg) == 1 and len(arg[0]) == 1


def _calc_answer(name: str, args: list[Any], expected: Any) -> Any:
    """What Calc answers to a case of the Excel routes: theirs, but ``Err:504`` in every
    cell where a range of two or more cells holds an error value (Calc does not call the
    function), and :data:`BLANK_IS_ZERO`'s answer where a single cell is blank."""
    if any(
        isinstance(a, list) and not _one_cell(a) and any(isinstance(c, dict) for r in a for c in r)
        for a in args
    ):
        return [[{"error": "Err:504"}] * len(expected[0])] * len(expected)
    if any(_one_cell(a) and a[0][0] is None for a in args):
        assert name in BLANK_IS_ZERO, f"{name}: work out by hand what Calc answers to a 0"
        return BLANK_IS_ZERO[name]
    return _expected(expected)


@pytest.fixture(scope="module")
def answers(office: Office) -> dict[str, Any]:
    """Every case's answer in Calc, from one sheet recalculated once, and the time taken."""
    cases = [_case(n, a, len(e), len(e[0])) for n, a, e in CASES]
    cases += [_case(n, a, 1, 1) for n, a, _ in TEXT_CASES]
    valid = []
    for name, args in cell_calls.CALLS:
        excel = udfs.FUNCTIONS[name](*args)
        shape = excel if isinstance(excel, list) else [[excel]]
        valid.append((name, args, shape))
        cases.append(_case(name, args, len(shape), len(shape[0])))
    started = time.perf_counter()
    got = office.cases(cases)
    seconds = time.perf_counter() - started
    print(f"\n{office.version()}: {len(cases)} calls in {seconds:.1f} s")
    return {"got": got, "valid": valid, "seconds": seconds}


def test_every_function_is_an_addin_function() -> None:
    names = [f.name for f in addin_functions()]
    assert set(names) == set(udfs.FUNCTIONS) | {"EXPLAIN_ERROR"}
    assert {n for n, _ in cell_calls.CALLS} == set(udfs.FUNCTIONS)


@pytest.mark.parametrize(
    "index", range(len(CASES)), ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_calc_call(answers: dict[str, Any], index: int) -> None:
    name, args, expected = CASES[index]
    want = _calc_answer(name, args, expected)
    got = answers["got"][index]
    assert _same(got, want), (name, args, got, want)


def test_calc_text_answers(answers: dict[str, Any]) -> None:
    for (name, _, words), got in zip(TEXT_CASES, answers["got"][len(CASES) :]):
        text = got[0][0]
        assert isinstance(text, str) and all(w in text for w in words), (name, text)


def test_calc_valid_calls_give_the_excel_routes_answers(answers: dict[str, Any]) -> None:
    """Each function's valid call: the answer Calc shows is the one the Excel routes'
    function gives (an error value's text as Calc's error)."""
    start = len(CASES) + len(TEXT_CASES)
    differing = []
    cells = 0
    for (name, _, excel), got in zip(answers["valid"], answers["got"][start:]):
        want = [
            [{"error": c} if isinstance(c, str) and c.startswith("#") else c for c in row]
            for row in excel
        ]
        want = [["" if c is None else c for c in row] for row in want]
        cells += sum(map(len, want))
        if not _same(got, want):
            differing.append((name, got, want))
    assert cells > 100
    assert differing == []


# ------------------------------------------------------------------------- workbooks

REAL = Path(__file__).parent / "data" / "real"
SHIPPED = Path(__file__).parents[1] / "workbook_templates"
SWISS_EVENT = REAL / "irish-junior-champs-2011.trf"
ROUND_ROBIN_EVENT = REAL / "armstrong-cup-2012-with-bom.trf"


@pytest.fixture(scope="module")
def workbooks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The blank templates and the two real events' crosstables, in Calc's form (as
    ``xlfuncs libreoffice --templates`` writes the templates:
    ``tests/test_libreoffice_addin.py``)."""
    folder = tmp_path_factory.mktemp("calc_workbooks")
    books = {}
    for name in TEMPLATES:  # the committed templates (templates --check), in Calc's form
        books[name] = folder / name
        shutil.copyfile(SHIPPED / name, books[name])
        assert workbook_in_calc_form(books[name]) > 0
    for event in (SWISS_EVENT, ROUND_ROBIN_EVENT):
        out = folder / f"{event.stem}_crosstable.xlsx"
        assert cli(["crosstable", str(event), "-o", str(out), "--for", "libreoffice"]) == 0
        books[out.name] = out
    return books


@pytest.fixture(scope="module")
def recalculated(office: Office, workbooks: dict[str, Path]) -> dict[str, Any]:
    """Each workbook opened, recalculated in full and compared with what it stored."""
    started = time.perf_counter()
    out = {
        name: office.ask({"op": "recalc", "path": str(path)}) for name, path in workbooks.items()
    }
    cells = sum(r["cells"] for r in out.values())
    formulas = sum(r["formulas"] for r in out.values())
    changed = sum(len(r["changed"]) for r in out.values())
    print(
        f"\n{office.version()}: {len(out)} workbooks, {cells} cells ({formulas} formulas) "
        f"compared, {changed} differing, in {time.perf_counter() - started:.1f} s"
    )
    return out


@pytest.mark.parametrize(
    "name",
    [
        *TEMPLATES,
        f"{SWISS_EVENT.stem}_crosstable.xlsx",
        f"{ROUND_ROBIN_EVENT.stem}_crosstable.xlsx",
    ],
)
def test_a_full_recalculation_keeps_every_stored_value(
    recalculated: dict[str, Any], name: str
) -> None:
    result = recalculated[name]
    assert result["formulas"] > 50
    assert result["changed"] == [], result["changed"][:10]


# ------------------------------------------------------------------------- classic form

MINUTES = "Minutes"
"""The round robin's header cell of the time for 60 moves, blank where the file gives no
time control (``armstrong-cup-2012-with-bom.trf``): the classic form passes it as it is."""

CELL_REFERENCE = re.compile(
    r"(?:'?([A-Za-z][A-Za-z ]*)'?!)?"
    r"(?<![A-Za-z0-9_.])\$?([A-Z]{1,3})\$?([0-9]+)(?::\$?([A-Z]{1,3})\$?([0-9]+))?(?![A-Za-z0-9_(])"
)
"""A reference in a formula's text: its sheet (if named), first column and row, last
column and row (of a range)."""


def _release(office: Office) -> tuple[int, int]:
    """The office's release (``(25, 2)``) from its version line."""
    found = re.search(r"LibreOffice ([0-9]+)\.([0-9]+)", office.version())
    assert found, office.version()
    return int(found[1]), int(found[2])


def _binds_plain_names(office: Office) -> bool:
    """Whether the release binds the plain names of an ``.xlsx`` to the add-in
    (``CompatibilityName`` in ``CalcAddIns.xcu``): 7.4 does not, 25.2 does; a release in
    between has not been tried and is skipped."""
    release = _release(office)
    if release <= (7, 4):
        return False
    if release < (25, 2):
        pytest.skip(f"LibreOffice {release}: the classic form not tried in this release")
    return True


@pytest.fixture(scope="module")
def classic_workbooks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The workbooks in the classic form (plain names): the committed templates as they are,
    and the two real events' crosstables ``--for classic``."""
    folder = tmp_path_factory.mktemp("classic_workbooks")
    books = {name: SHIPPED / name for name in TEMPLATES}
    for event in (SWISS_EVENT, ROUND_ROBIN_EVENT):
        out = folder / f"{event.stem}_crosstable.xlsx"
        assert cli(["crosstable", str(event), "-o", str(out), "--for", "classic"]) == 0
        books[out.name] = out
    return books


def _changed_cells(office: Office, name: str, result: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """The cells the client found changed in the classic workbook *name*, by sheet and
    address, with their new value (their number printed)."""
    changed = {
        (sheet, f"{get_column_letter(col + 1)}{row + 1}"): new
        for sheet, row, col, _, new in result["changed"]
    }
    print(
        f"\n{office.version()}: classic {name}: {result['cells']} cells compared, "
        f"{len(changed)} differing"
    )
    return changed


def _reading(workbook: openpyxl.Workbook, name: str) -> set[tuple[str, str]]:
    """The cells whose formula reads the defined name *name*, directly or through other
    formulas' cells, on any sheet (an array formula: every cell of its range), from the
    formulas' text."""
    formulas = []
    for ws in workbook.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if isinstance(value, ArrayFormula):
                    low, top, high, bottom = range_boundaries(value.ref)
                    covered = [
                        (ws.title, c, r)
                        for c in range(low, high + 1)
                        for r in range(top, bottom + 1)
                    ]
                    formulas.append((ws.title, covered, str(value.text)))
                elif isinstance(value, str) and value.startswith("="):
                    formulas.append((ws.title, [(ws.title, cell.column, cell.row)], value))
    by_name = re.compile(rf"(?<![A-Za-z0-9_.]){re.escape(name)}(?![A-Za-z0-9_(])")
    read = {cell for _, covered, text in formulas if by_name.search(text) for cell in covered}
    grew = True
    while grew:
        grew = False
        for sheet, covered, text in formulas:
            if covered[0] in read:
                continue
            for named, first, top, last, bottom in CELL_REFERENCE.findall(text):
                low, high = column_index_from_string(first), column_index_from_string(last or first)
                rows = range(int(top), int(bottom or top) + 1)
                where = named or sheet
                if any((where, c, r) in read for c in range(low, high + 1) for r in rows):
                    read.update(covered)
                    grew = True
                    break
    return {(sheet, f"{get_column_letter(c)}{r}") for sheet, c, r in read}


@pytest.mark.parametrize(
    "name",
    [
        *TEMPLATES,
        f"{SWISS_EVENT.stem}_crosstable.xlsx",
        f"{ROUND_ROBIN_EVENT.stem}_crosstable.xlsx",
    ],
)
def test_the_classic_form_keeps_its_values_where_calc_binds_plain_names(
    office: Office, classic_workbooks: dict[str, Path], name: str
) -> None:
    """Where the release binds the plain names, a classic workbook recalculated in full keeps
    every stored value, but for what Calc reads differently: the round robin's blank
    ``Minutes`` reaches the functions as 0 (the classic form passes the cell itself), no
    rate of play (``#VALUE!``), so that every figure that reads it, directly or through
    another cell, is blank through ``IFERROR``. The Swiss event's file gives its time
    control, and the templates hold no event."""
    if not _binds_plain_names(office):
        pytest.skip("this release does not bind the plain names (the next test)")
    path = classic_workbooks[name]
    result = office.ask({"op": "recalc", "path": str(path)})
    changed = _changed_cells(office, name, result)
    assert result["formulas"] > 50
    if name != f"{ROUND_ROBIN_EVENT.stem}_crosstable.xlsx":
        assert changed == {}, list(changed.items())[:10]
        return
    workbook = openpyxl.load_workbook(path)
    sheet, where = next(iter(workbook.defined_names[MINUTES].destinations))
    assert workbook[sheet][where.replace("$", "")].value is None
    reading = _reading(workbook, MINUTES)
    assert changed, "the blank Minutes read as 0 changes the rating figures"
    assert set(changed) <= reading, sorted(set(changed) - reading)[:10]
    assert set(changed.values()) == {""}


def test_the_classic_form_shows_its_calls_unbound_where_calc_does_not_bind_plain_names(
    office: Office, classic_workbooks: dict[str, Path]
) -> None:
    """Where the release does not bind the plain names (7.4), the classic round robin
    crosstable recalculated in full says so in its title row (its probe call is
    ``#NAME?``), and every other value it changes becomes blank (the calls shown through
    ``IFERROR``)."""
    if _binds_plain_names(office):
        pytest.skip("this release binds the plain names (the previous test)")
    name = f"{ROUND_ROBIN_EVENT.stem}_crosstable.xlsx"
    result = office.ask({"op": "recalc", "path": str(classic_workbooks[name])})
    changed = _changed_cells(office, name, result)
    notes = {where: value for where, value in changed.items() if value != ""}
    assert [str(v) for v in notes.values()] == [
        "The xlfuncs functions are NOT LOADED: see the 'How to use' sheet "
        "(xlwings add-in, UDF module xlfuncs.udfs)."
    ]
    assert len(changed) > 50


# ------------------------------------------------------------------------- typed in

SHEET = "Wall chart"
FIRST_ROW = 9
COLUMNS = {
    "Pts": "points",
    "Rank": "rank",
    "K": "k",
    "Rated games": "rated_games",
    "Ra": "ra",
    "Rp FIDE": "rp_fide",
    "Rp exact": "rp_exact",
    "Rating change": "rating_change",
    "New rating": "new_rating",
    "First rating": "initial_rating",
}
"""The chart's headings (row 8) and the figures of ``xlfuncs report --format json`` they
show; the tie-break columns are headed by the tie-breaks' names."""


def _typed_value(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return (value - EXCEL_EPOCH).total_seconds() / 86400
    return value


def _inputs(filled: Path, blank: Path) -> list[list[Any]]:
    """The cells a person fills: those of the filled chart holding a value (not a formula)
    that the blank template does not hold."""
    filled_sheet = openpyxl.load_workbook(filled)[SHEET]
    blank_sheet = openpyxl.load_workbook(blank)[SHEET]
    cells = []
    for row in filled_sheet.iter_rows():
        for cell in row:
            value = cell.value
            if value is None or (isinstance(value, str) and value.startswith("=")):
                continue
            if not isinstance(value, (int, float, str, dt.datetime)):
                continue  # an array formula
            if blank_sheet[cell.coordinate].value != value:
                cells.append([cell.coordinate, _typed_value(value)])
    return cells


def _report(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    capsys.readouterr()
    assert cli(["report", str(path), "--format", "json"]) == 0
    players: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return players


TEXT = object()
"""Stands for a reason shown as text where report gives no figure."""


def _reported(player: dict[str, Any], heading: str) -> Any:
    """What the chart's column *heading* shows for *player*, from report's figures: an
    infinite exact performance (a full or zero score) as the chart writes it (report gives
    none, and says why); a rated player's first-rating column ``rated``, an unrated one's
    rating change and new rating ``unrated``; a first rating report does not publish, its
    reason as text (:data:`TEXT`)."""
    if heading in player["tiebreaks"]:
        return player["tiebreaks"][heading]
    value = player[COLUMNS[heading]]
    rated = bool(player["rating"])
    if heading == "Rp exact" and value is None and player["rp_exact_note"]:
        return {"+inf": "∞", "-inf": "-∞"}.get(player["rp_exact_note"][:4], value)
    if heading == "First rating":
        if rated:
            return "rated"
        return value if player["initial_rating_published"] else TEXT
    if heading in ("Rating change", "New rating") and not rated:
        return "unrated"
    return value


def _same_figure(shown: Any, reported: Any) -> bool:
    """Whether the chart shows the figure report gives (``Ra`` report rounds to hundredths)."""
    if reported is TEXT:
        return isinstance(shown, str) and shown != ""
    if reported is None:
        return shown == ""
    if isinstance(reported, (int, float)) and isinstance(shown, float):
        return abs(shown - reported) <= 0.005
    return bool(shown == reported)


def test_results_typed_into_the_template_give_reports_figures(
    office: Office,
    workbooks: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    blank = workbooks["swiss.xlsx"]
    cells = _inputs(workbooks[f"{SWISS_EVENT.stem}_crosstable.xlsx"], blank)
    players = _report(SWISS_EVENT, capsys)
    assert len(cells) > 10 * len(players)
    last_row = FIRST_ROW + len(players) - 1
    started = time.perf_counter()
    shown = office.ask(
        {
            "op": "typed",
            "path": str(blank),
            "sheet": SHEET,
            "cells": cells,
            "read": f"A8:BL{last_row}",
        }
    )
    seconds = time.perf_counter() - started
    headings = [str(h) for h in shown[0]]
    tiebreaks = list(players[0]["tiebreaks"])
    columns = {h: headings.index(h) for h in [*COLUMNS, *tiebreaks]}
    compared = 0
    differing = []
    for row, player in zip(shown[1:], players, strict=True):
        assert row[0] == player["start_no"]
        for heading, column in columns.items():
            reported = _reported(player, heading)
            compared += 1
            if not _same_figure(row[column], reported):
                differing.append((player["start_no"], heading, row[column], reported))
    with capsys.disabled():
        print(
            f"\n{office.version()}: {len(cells)} cells typed, {compared} figures compared with "
            f"report's, {len(differing)} differing, in {seconds:.1f} s"
        )
    assert compared >= 12 * len(players)
    assert differing == [], differing[:20]
