"""Reading a chart's results block once for all its stored values (issue 8, item 14).

:func:`xlfuncs.excel.shared_results` lets the eight ``_ALL`` calls of a chart's stored
values (:func:`xlfuncs.templates.chart.figures`) share one reading of the results and
opponents; each function must answer exactly as it does alone, as Excel calls it.
:class:`xlfuncs.templates.common.PlainFormulaSheet` stores a formula that calls only
functions without the ``_xlfn.`` prefix as xlsxwriter would, without its rewriting.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import xlsxwriter
from xlsxwriter.worksheet import Worksheet

from xlfuncs import excel, udfs
from xlfuncs.excel import columns
from xlfuncs.templates.common import PlainFormulaSheet

# Four players, two rounds: 1-2 1-0 and 3-4 drawn, then 3-1 1-0 and 2-4 1-0. Player 4's
# second result is "x", not a result: row 4 is an error, and player 2, who met player 4,
# passes that error on; row 5 is an empty row.
RATINGS: list[list[Any]] = [[2400.0], [2300.0], [2200.0], [2100.0], [None]]
RESULTS: list[list[Any]] = [["1", "0"], ["0", "1"], ["=", "1"], ["=", "x"], [None, None]]
OPPONENTS: list[list[Any]] = [[2.0, 3.0], [1.0, 4.0], [4.0, 1.0], [3.0, 2.0], [None, None]]
K: list[list[Any]] = [[10.0], [20.0], [20.0], [40.0], [None]]

CALLS: dict[str, tuple[Any, ...]] = {
    "SB_ALL": (RESULTS, OPPONENTS),
    "RATED_GAMES_ALL": (RATINGS, RESULTS, OPPONENTS),
    "RA_ALL": (RATINGS, RESULTS, OPPONENTS),
    "RP_FIDE_ALL": (RATINGS, RESULTS, OPPONENTS),
    "RP_EXACT_ALL": (RATINGS, RESULTS, OPPONENTS),
    "ELO_CHANGE_ALL": (RATINGS, K, RESULTS, OPPONENTS, "2025"),
    "BLOQUE_ALL": (RATINGS, RESULTS, OPPONENTS, "swiss", "2025"),
    "NORM_ALL": (RATINGS, RESULTS, OPPONENTS, None, "2025", None),
}
"""The eight functions that read the results block, with their arguments."""


def _call(name: str) -> Any:
    function: Callable[..., Any] = getattr(udfs, name)
    return function(*CALLS[name])


def _count_readings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    readings: list[int] = []
    read = columns._read_games

    def counted(*args: Any) -> Any:
        readings.append(1)
        return read(*args)

    monkeypatch.setattr(columns, "_read_games", counted)
    return readings


def test_shared_reading_gives_each_function_its_own_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alone = {name: _call(name) for name in CALLS}
    alone_reasons = {name: udfs.EXPLAIN_ERROR(name, *CALLS[name]) for name in CALLS}
    readings = _count_readings(monkeypatch)
    with excel.shared_results():
        shared = {name: _call(name) for name in CALLS}
        shared_reasons = {name: udfs.EXPLAIN_ERROR(name, *CALLS[name]) for name in CALLS}
    assert readings == [1]  # one reading for the eight calls
    assert shared == alone
    assert shared_reasons == alone_reasons
    assert "row 4: results (row 4, round 2)" in shared_reasons["SB_ALL"]
    # The rows as the example says: 4 is an error, 2 passes it on, 5 is empty.
    sb = [row[0] for row in shared["SB_ALL"]]
    assert sb[1] == sb[3] == "#VALUE!"
    assert sb[4] == ""
    # Player 1 beat player 2 (1 point) and lost to 3: SB 1; player 3 drew with 4 (½ point,
    # its row an error, so player 3 passes it on).
    assert sb[0] == 1
    assert sb[2] == "#VALUE!"


def test_outside_the_block_every_call_reads_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = _count_readings(monkeypatch)
    udfs.SB_ALL(RESULTS, OPPONENTS)
    udfs.RA_ALL(RATINGS, RESULTS, OPPONENTS)
    with excel.shared_results():
        udfs.SB_ALL(RESULTS, OPPONENTS)
    udfs.SB_ALL(RESULTS, OPPONENTS)
    assert len(readings) == 4


def test_a_different_block_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = _count_readings(monkeypatch)
    other = [list(row) for row in RESULTS]
    with excel.shared_results():
        udfs.SB_ALL(RESULTS, OPPONENTS)
        udfs.SB_ALL(other, OPPONENTS)
        udfs.SB_ALL(RESULTS, OPPONENTS)
    assert len(readings) == 2


@pytest.mark.parametrize(
    ("formula", "stored"),
    [
        ('=IFERROR(AB9,"")', 'IFERROR(AB9,"")'),
        ('=IF(ISBLANK(K9),IFERROR(X9,""),K9)', 'IF(ISBLANK(K9),IFERROR(X9,""),K9)'),
        ('{=IF(ISBLANK($M$9:$M$20),"",$M$9:$M$20)}', 'IF(ISBLANK($M$9:$M$20),"",$M$9:$M$20)'),
        # Other functions go through xlsxwriter's rewriting (FILTER needs its prefixes).
        ("=FILTER(A1:A3,B1:B3)", "_xlfn._xlws.FILTER(A1:A3,B1:B3)"),
        # xlsxwriter rewrites what looks like a call even in a string; so does the sheet.
        ('=IF(A1,"UNIQUE(",1)', 'IF(A1,"_xlfn.UNIQUE(",1)'),
        ("=POINTS_ALL($A$1:$B$3)", "POINTS_ALL($A$1:$B$3)"),
    ],
)
def test_plain_formula_sheet_stores_what_xlsxwriter_would(
    tmp_path: Path, formula: str, stored: str
) -> None:
    wb = xlsxwriter.Workbook(str(tmp_path / "x.xlsx"))
    plain = wb.add_worksheet("plain", worksheet_class=PlainFormulaSheet)
    usual: Worksheet = wb.add_worksheet("usual")
    assert plain._prepare_formula(formula) == stored
    assert usual._prepare_formula(formula) == stored
    wb.close()
