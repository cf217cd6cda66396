"""The workbooks in the form LibreOffice Calc binds, recalculated in a real Calc with the
add-in (``tests/calc_office.py``).

- Every blank template (``xlfuncs libreoffice --templates``) and the crosstables of real
  files (``xlfuncs crosstable --for libreoffice``: a Swiss wall chart and a round robin)
  are opened, read, recalculated in full (``calculateAll()``) and read again: every stored
  value is kept, as in Excel.
- Independently of any value we store: a real event's results are typed into the blank
  Swiss template as a person types them (the players, their data and every round's
  opponent, colour and result, as the crosstable of the event holds them), the sheet
  recalculated, and its standings, points, tie-breaks and rating figures must be those
  ``xlfuncs report`` gives on the event's TRF.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from calc_office import Office, needs_office, office_version

from xlfuncs.cli import main as cli
from xlfuncs.templates.registry import TEMPLATES

pytestmark = needs_office

REAL = Path(__file__).parent / "data" / "real"
SWISS_EVENT = REAL / "irish-junior-champs-2011.trf"
ROUND_ROBIN_EVENT = REAL / "armstrong-cup-2012-with-bom.trf"
EXCEL_EPOCH = dt.datetime(1899, 12, 30)


@pytest.fixture(scope="module")
def workbooks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The blank templates and the two real events' crosstables, in Calc's form."""
    folder = tmp_path_factory.mktemp("calc_workbooks")
    assert cli(["libreoffice", "-o", str(folder), "--templates"]) == 0
    books = {name: folder / name for name in TEMPLATES}
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
        f"\n{office_version()}: {len(out)} workbooks, {cells} cells ({formulas} formulas) "
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


def _same(shown: Any, reported: Any) -> bool:
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
    classic = tmp_path / "classic.xlsx"
    assert cli(["crosstable", str(SWISS_EVENT), "-o", str(classic), "--for", "classic"]) == 0
    blank = workbooks["swiss.xlsx"]
    cells = _inputs(classic, blank)
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
            if not _same(row[column], reported):
                differing.append((player["start_no"], heading, row[column], reported))
    with capsys.disabled():
        print(
            f"\n{office_version()}: {len(cells)} cells typed, {compared} figures compared with "
            f"report's, {len(differing)} differing, in {seconds:.1f} s"
        )
    assert compared >= 12 * len(players)
    assert differing == [], differing[:20]
