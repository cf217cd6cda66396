"""``norm_plan.xlsx`` and its function ``NORM_PLAN``: the Costa Verde round robin of
``tests/test_norm_plan.py`` (worked by hand there: ten players hosted by ESP, seven of them
Spanish, so each Spaniard meets six Spaniards, one more than 3/5 of 9 allows) typed into the
sheet, with a GM of NED (2500) in the added player's row.

Expected cells, from that working: no. 8 Molina (2330, untitled): IM "no: federations"
(6 ESP opponents > 5), GM "no: federations, titles" (and 2 GMs < 3); with the GM added
(11 players, 10 games, 6 ESP <= 6; Ra (21690 + 2500) / 10 = 2419, dp >= 31: 5.5/10 = 55 %,
dp 36): IM 5.5, GM "no: titles" (3 GMs < 4). No. 9 Castro (WIM, a woman): WGM with the GM
added: opponents 26520 - 2300 = 24220, Ra 2422, Rp 2400 needs dp >= -22: 4.5/10 = 45 %,
dp -36, Rp 2386; 5/10 = 50 %, dp 0, Rp 2422: 5 points. The GMs (nos. 1, 2) seek no norm:
blank.

The workbook's two calls name the field's columns and the event's cells, and each cached
value is what ``NORM_PLAN`` gives on the cells the call names (read back from the saved
workbook): what Excel shows before it recalculates is what it shows after.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlfuncs import udfs
from xlfuncs.core.norm_plan import PlanPlayer
from xlfuncs.templates import norm_plan as npl
from xlfuncs.trf.plan_field import read_plan_field

DATA = Path(__file__).parent / "data" / "plan"
ADDED = PlanPlayer("Added, Grandmaster", 2500, "GM", "NED")


def _col(*values: Any) -> list[list[Any]]:
    return [[v] for v in values]


@pytest.fixture(scope="module")
def field() -> tuple[PlanPlayer, ...]:
    path = DATA / "costa_verde_rr_field.txt"
    return read_plan_field(path.read_bytes(), source=path.name).players


def test_norm_plan_in_cells(field: tuple[PlanPlayer, ...]) -> None:
    ratings = _col(*[float(p.rating or 0) for p in field], None)
    titles = _col(*[p.title or None for p in field], None)
    feds = _col(*[p.federation for p in field], None)
    sexes = _col(*["w" if p.female else "m" for p in field], None)
    rows = udfs.NORM_PLAN(ratings, titles, feds, sexes, "rr", None, "2026-03-02")
    assert rows[0] == ["", "", "", ""] and rows[10] == ["", "", "", ""]  # a GM; a blank row
    assert rows[7] == ["no: federations, titles", "no: federations", "", ""]
    grown = udfs.NORM_PLAN(
        ratings + [[2500.0]], titles + [["GM"]], feds + [["NED"]], sexes + [[None]], "rr"
    )
    assert grown[7][:2] == ["no: titles", 5.5] and grown[8][2] == 5.0
    assert udfs.NORM_PLAN(ratings, titles, feds, sexes, "swiss") == "#VALUE!"
    assert "expected a Swiss's number of rounds" in udfs.EXPLAIN_ERROR(
        "NORM_PLAN", ratings, titles, feds, sexes, "swiss"
    )
    assert udfs.NORM_PLAN(_col(2400.0), _col("XX")) == "#VALUE!"


def _read(ws: Any, first: int, last: int, col: int) -> list[list[Any]]:
    """A column of input cells as Excel hands them to a function (numbers as floats)."""
    out = []
    for row in range(first, last + 1):
        v = ws.cell(row + 1, col + 1).value
        out.append([float(v) if isinstance(v, int) else v])
    return out


def test_the_filled_sheet_stores_what_its_calls_give(
    tmp_path: Path, field: tuple[PlanPlayer, ...]
) -> None:
    # each block's cached values are what NORM_PLAN gives on the cells its formula names
    # (the formulas' text: the test below), read back from the saved workbook
    path = tmp_path / "plan.xlsx"
    npl.build(path, npl.PlanSheetData(field, "rr", host_federation="ESP", added=ADDED))
    ws = openpyxl.load_workbook(path, data_only=True)[npl.SHEET]
    event = ws.cell(npl.R_SYSTEM + 1, npl.C_NAME + 2).value
    host = ws.cell(npl.R_HOST + 1, npl.C_NAME + 2).value
    rules = ws.cell(npl.R_RULES + 1, npl.C_NAME + 2).value
    assert (event, host, rules) == ("rr", "ESP", "2025")
    for last, first_col in ((npl.R_LAST, npl.C_PLAN), (npl.R_ADDED, npl.C_MORE)):
        given = [_read(ws, npl.R_FIRST, last, c) for c in (npl.C_RATING, npl.C_TITLE, npl.C_FED)]
        sexes = _read(ws, npl.R_FIRST, last, npl.C_SEX)
        expected = udfs.NORM_PLAN(*given, sexes, event, host, rules)
        stored = [
            [ws.cell(r + 1, c + 1).value for c in range(first_col, first_col + 4)]
            for r in range(npl.R_FIRST, last + 1)
        ]
        assert [[v if v is not None else "" for v in row] for row in stored] == expected
    assert ws.cell(npl.R_FIRST + 8, npl.C_PLAN + 2).value == "no: federations"  # no. 8, IM
    assert ws.cell(npl.R_FIRST + 8, npl.C_MORE + 2).value == 5.5
    assert ws.cell(npl.R_FIRST + 9, npl.C_MORE + 3).value == 5  # no. 9, WGM


def test_the_blank_sheet_makes_two_calls(tmp_path: Path) -> None:
    # one NORM_PLAN call per block, in hidden columns (P:S, T:W), each visible cell an
    # ordinary formula showing its row (LibreOffice recalculates array formulas on opening)
    path = tmp_path / "blank.xlsx"
    npl.build(path)
    ws = openpyxl.load_workbook(path)[npl.SHEET]
    first = ws.cell(npl.R_FIRST + 1, npl.H_PLAN + 1).value
    more = ws.cell(npl.R_FIRST + 1, npl.H_MORE + 1).value
    assert first.ref == "P11:S50" and more.ref == "T11:W51"
    assert first.text.startswith("=NORM_PLAN($C$11:$C$50,$D$11:$D$50,$E$11:$E$50,$F$11:$F$50,")
    assert 'IF($C$4="swiss",$C$5,$C$4),$C$6,Rules)' in first.text
    assert more.text.startswith("=NORM_PLAN($C$11:$C$51,")
    assert (
        ws.cell(npl.R_FIRST + 1, npl.C_PLAN + 1).value == '=IF(ISERROR(P11),"",IF(P11="","",P11))'
    )
    hidden = ws.column_dimensions["P"]  # P:W, one group
    assert hidden.hidden and (hidden.min, hidden.max) == (16, 23)
    calls = [
        c.value.text
        for row in ws.iter_rows()
        for c in row
        if type(c.value).__name__ == "ArrayFormula" and "NORM_PLAN" in c.value.text
    ]
    assert len(calls) == 2
