"""The round-robin crosstable template: blank and filled with a ten-player example, evaluated
with the ``formulas`` engine and our functions plugged in."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from chart_examples import double_round_robin_6, round_robin_10
from engine import evaluate
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.formula import ArrayFormula
from template_checks import (
    cached_mismatches,
    core_table,
    core_tiebreaks,
    errors_in,
    figure_mismatches,
    shown,
    stored_values,
    tiebreak_mismatches,
)

from xlfuncs import udfs
from xlfuncs.core.tiebreaks import DEFAULT_ROUND_ROBIN_TIEBREAKS
from xlfuncs.templates import round_robin
from xlfuncs.templates.chart import (
    ARRAYS,
    FIRST_ROW,
    GROUP_ROW,
    HEAD_ROW,
    NAME,
    band_starts,
)
from xlfuncs.templates.common import RESULT_CHOICES, UDF_MODULE
from xlfuncs.templates.event import ChartPlayer, Event

SHEET = "Crosstable"
LAYOUT = round_robin.LAYOUT


@pytest.fixture
def filled(
    round_robin_evaluated: tuple[Path, Any, dict[str, int]],
) -> tuple[Path, Any, dict[str, int]]:
    """The ten-player example, recalculated once per test run (``conftest.py``)."""
    return round_robin_evaluated


@pytest.fixture
def blank(templates_dir: Path) -> Path:
    """The blank template, generated once per test run (``conftest.py``)."""
    return templates_dir / "round_robin.xlsx"


def column(values: Any, name: str, players: int = 10) -> list[Any]:
    return [shown(values, SHEET, LAYOUT, name, n) for n in range(1, players + 1)]


def test_example_has_an_unrated_player_and_a_forfeit() -> None:
    event = round_robin_10()
    assert len(event.players) >= 10
    assert any(p.rating is None for p in event.players)
    assert any("+" in p.results for p in event.players)
    assert any("-" in p.results for p in event.players)


def test_no_error_anywhere(filled: tuple[Path, Any, dict[str, int]]) -> None:
    _, values, _ = filled
    assert errors_in(values) == []


def test_points_tiebreaks_and_ranks_by_hand(
    filled: tuple[Path, Any, dict[str, int]],
) -> None:
    """Worked out by hand from the table in ``chart_examples._RR_TABLE`` (row = player's results).

    Points: P1 ½+1+½+1+½+1+1+½+1 = 7; P2 ½+½+1+½+0+1+½+1+1 = 6; P3 0+½+0+½+1+½+1+½+1 = 5;
    P4 ½+0+1+½+½+0+1+½+½ = 4½; P5 0+½+½+½+1+½+½+0+1 = 4½; P6 ½+1+0+½+0+½+1+½+1(+) = 5;
    P7 0+0+½+1+½+½+0+1+½ = 4; P8 0+½+0+0+½+0+1+½+1 = 3½; P9 ½+0+½+½+1+½+0+½+0 = 3½;
    P10 0+0+0+½+0+0(-)+½+0+1 = 2. Total 45 = the 45 games.

    Sonneborn-Berger (points of opponents beaten + half of those drawn; the forfeit counts
    as a win for P6 and nothing for P10):
    P3: ½·6 + ½·4½ + 5 + ½·4 + 3½ + ½·3½ + 2 = 19.5; P6: ½·7 + 6 + ½·4½ + ½·4 + 3½ + ½·3½
    + 2 = 21, so P6 ranks above P3 on 5 points. P4: ½·7 + 5 + ½·4½ + ½·5 + 3½ + ½·3½ + ½·2
    = 19.5 and P5: ½·6 + ½·5 + ½·4½ + 5 + ½·4 + ½·3½ + 2 = 18.5 on 4½. P8: ½·6 + ½·4½ + 4
    + ½·3½ + 2 = 13 and P9: ½·7 + ½·5 + ½·4½ + 4½ + ½·5 + ½·3½ = 17 on 3½.
    P1: ½·6 + 5 + ½·4½ + 4½ + ½·5 + 4 + 3½ + ½·3½ + 2 = 28.5; P2: ½·7 + ½·5 + 4½ + ½·4½
    + 4 + ½·3½ + 3½ + 2 = 24; P7: ½·5 + 4½ + ½·4½ + ½·5 + 3½ + ½·2 = 16.25;
    P10: ½·4½ + ½·4 + 3½ = 7.75.

    The rank (issue 10): points, then the round robin's usual tie-breaks DE, WIN, SB, KS
    (C.07). On 5 points P3 beat P6 (direct encounter): P3 3rd, P6 4th. On 4½ P4 and P5
    drew; wins: P4 2 (P3, P8), P5 2 (P6, P10); SB 19.5 against 18.5: P4 5th, P5 6th. On
    3½ P8 and P9 drew; wins: P8 2 (P7, P10), P9 1 (P5): P8 8th, P9 9th. Wins (WIN counts a
    forfeit win): P1 5, P2 4, P6 3 (P2, P8, P10 by forfeit), P10 1 (P9).
    Koya (points against the players with at least half the points, 4½ of 9: P1-P6):
    P1 (P2 ½, P3 1, P4 ½, P5 1, P6 ½) = 3.5; P3 (P1 0, P2 ½, P4 0, P5 ½, P6 1) = 2;
    P10 (P1 0, P2 0, P3 0, P4 ½, P5 0, P6 forfeit 0) = 0.5.
    """
    _, values, _ = filled
    headers = [
        values[(SHEET, f"{get_column_letter(LAYOUT.col(f'tb{k}') + 1)}8")] for k in (1, 2, 3, 4)
    ]
    assert headers == ["DE", "WIN", "SB", "KS"]
    assert column(values, "points") == [7, 6, 5, 4.5, 4.5, 5, 4, 3.5, 3.5, 2]
    assert column(values, "tb3") == [28.5, 24, 19.5, 19.5, 18.5, 21, 16.25, 13, 17, 7.75]
    wins = column(values, "tb2")
    assert (wins[0], wins[1], wins[3], wins[4], wins[5], wins[7], wins[8], wins[9]) == (
        5,
        4,
        2,
        2,
        3,
        2,
        1,
        1,
    )
    koya = column(values, "tb4")
    assert (koya[0], koya[2], koya[9]) == (3.5, 2, 0.5)
    assert column(values, "rank") == [1, 2, 3, 5, 6, 4, 7, 8, 9, 10]


def test_tiebreaks_and_ranks_equal_the_core(filled: tuple[Path, Any, dict[str, int]]) -> None:
    _, values, _ = filled
    table = core_tiebreaks(round_robin_10(), DEFAULT_ROUND_ROBIN_TIEBREAKS, round_robin=True)
    assert tiebreak_mismatches(values, SHEET, LAYOUT, table) == []


@pytest.mark.slow
def test_changing_a_tiebreak_header_recomputes_its_column(
    round_robin_filled: Path, tmp_path: Path
) -> None:
    """Issue 10: each tie-break header is a drop-down that the column's formula reads.
    Choosing other descriptors (here WON, ARO, BH, PTP) and recalculating gives the core's
    values of those, and the ranks they make."""
    wb = openpyxl.load_workbook(round_robin_filled)
    ws = wb[SHEET]
    chosen = ("WON", "ARO", "BH", "PTP")
    for k, descriptor in enumerate(chosen, start=1):
        ws.cell(HEAD_ROW + 1, LAYOUT.col(f"tb{k}") + 1).value = descriptor
    changed = tmp_path / "changed.xlsx"
    wb.save(changed)
    values = evaluate(changed, udfs.FUNCTIONS)
    table = core_tiebreaks(round_robin_10(), chosen, round_robin=True)
    assert tiebreak_mismatches(values, SHEET, LAYOUT, table) == []
    # games won: P1 beat 3, 5, 7, 8, 10; P2 4, 7, 9, 10; P6 2 and 8, and its forfeit win
    # over P10, a regular game in a round robin (C.07 15.2; docs/tiebreaks.md)
    won = column(values, "tb1")
    assert (won[0], won[1], won[5]) == (5, 4, 3)
    # P10 is unrated and the event gives unrated players no rating: C.07 leaves the rating
    # tie-breaks (ARO, PTP) undefined for everyone, as FIDE's engine does
    assert set(column(values, "tb2")) == {""}


def test_every_rating_figure_equals_the_core(filled: tuple[Path, Any, dict[str, int]]) -> None:
    _, values, _ = filled
    table = core_table(round_robin_10(), round_robin=True)
    assert figure_mismatches(values, SHEET, LAYOUT, table) == []
    # the figures are really there (not blank everywhere)
    # P10 is unrated: a first rating, no rating change (the cells say why, never blank)
    assert isinstance(column(values, "first")[9], float) and column(values, "new")[9] == "unrated"
    # Norm figures: the FMs of rows 4 and 7 (women) make WIM figures; the GM of row 1 makes
    # IM figures and the IM of row 2 WGM figures, which their titles outrank: not shown.
    norms = column(values, "norm")
    assert norms[3] == norms[6] == "WIM"
    assert norms[0] == norms[1] == "none"
    assert column(values, "k")[:9] == [10, 10, 10, 20, 20, 10, 40, 20, 40]


def test_one_call_per_computed_column(filled: tuple[Path, Any, dict[str, int]]) -> None:
    _, _, calls = filled
    assert calls == {
        name: 1
        for name in (
            "K_FACTOR_ALL",
            "POINTS_ALL",
            "TIEBREAK_ALL",  # one call for the four tie-break columns
            "RANK_ALL",
            "RATED_GAMES_ALL",
            "RA_ALL",
            "RP_FIDE_ALL",
            "RP_EXACT_ALL",
            "ELO_CHANGE_ALL",
            "BLOQUE_ALL",
            "NORM_ALL",
            "UNRATED_AGAIN",  # the mark of a new rating below the floor (issue 9, case 9)
        )
    }
    assert sum(calls.values()) == len(ARRAYS) + 1


def test_stored_values_equal_the_evaluated_ones(filled: tuple[Path, Any, dict[str, int]]) -> None:
    path, values, _ = filled
    assert cached_mismatches(path, values, SHEET) == []


@pytest.mark.slow
def test_blank_template_evaluates_to_blanks(blank: Path) -> None:
    values = evaluate(blank, udfs.FUNCTIONS)
    assert errors_in(values) == []
    for name in ("k", "points", "rank", "tb1", "tb3", "ra", "change", "new", "first", "norm"):
        assert set(column(values, name, LAYOUT.capacity)) <= {"", None}, name


@pytest.mark.slow
def test_equal_on_everything_is_an_equal_rank(tmp_path: Path) -> None:
    """Four players, every game drawn: equal on points and on every tie-break, so equal
    ranks (issue 10: RANK_ALL, 1, 1, 1, 1; the chart used to break the tie by number)."""
    draws = tuple(
        ChartPlayer(
            i,
            f"Player {i}",
            rating=2000 + i,
            results=tuple(None if j == i else "=" for j in range(1, 5)),
        )
        for i in range(1, 5)
    )
    path = tmp_path / "ties.xlsx"
    round_robin.build(path, Event(players=draws))
    values = evaluate(path, udfs.FUNCTIONS)
    assert column(values, "points", 4) == [1.5] * 4
    assert column(values, "rank", 4) == [1, 1, 1, 1]


def test_layout_protection_and_validation(blank: Path) -> None:
    wb = openpyxl.load_workbook(blank)
    assert wb.sheetnames == [SHEET, "How to use", "FIDE tables", "xlwings.conf"]
    conf = wb["xlwings.conf"]
    assert conf.sheet_state == "hidden"
    assert (conf["A1"].value, conf["B1"].value) == ("UDF Modules", UDF_MODULE)
    ws = wb[SHEET]
    assert ws.freeze_panes == f"D{FIRST_ROW + 1}"
    assert ws.protection.sheet and not ws.protection.password
    assert wb["FIDE tables"].protection.sheet
    assert {"Rules", "RatingPeriod"} <= set(wb.defined_names)
    # input cells unlocked, formula cells locked
    first = FIRST_ROW + 1
    assert not ws[f"C{first}"].protection.locked  # name
    assert not ws[f"H{first}"].protection.locked  # rating
    assert not ws[f"N{first}"].protection.locked  # result against player 2
    assert ws[f"M{first}"].protection.locked  # the diagonal
    assert ws[f"L{first}"].protection.locked  # K used
    assert ws[f"A{first}"].protection.locked  # No.
    # results validated from the list
    lists = [dv for dv in ws.data_validations.dataValidation if dv.type == "list"]
    results = next(dv for dv in lists if "M9:AJ32" in str(dv.sqref))  # 24 players
    assert results.formula1 == '"' + ",".join(RESULT_CHOICES) + '"'
    # print: landscape A4 at 70 % in bands cut where a column group begins, No., Title and
    # Name and the two header rows on every page
    assert ws.page_setup.orientation == "landscape"
    assert ws.page_setup.paperSize == 9  # A4
    assert ws.page_setup.scale == 70 and not ws.sheet_properties.pageSetUpPr.fitToPage
    cuts = [b.id for b in ws.col_breaks.brk]
    assert cuts and set(cuts) <= set(band_starts(LAYOUT))
    assert ws.print_title_rows == f"${GROUP_ROW + 1}:${HEAD_ROW + 1}"
    assert ws.print_title_cols == "$A:$C"
    # formulas call our functions by their plain names, one array call per column
    arrays = [
        c.value.text for row in ws.iter_rows() for c in row if isinstance(c.value, ArrayFormula)
    ]
    calls = [t for t in arrays if "_ALL(" in t]
    assert len(calls) == len(ARRAYS)
    assert any(t.startswith("=RP_FIDE_ALL(") for t in calls)
    assert not any("xlwings" in t.lower() or "_xludf" in t.lower() for t in arrays)
    assert "How to use" in [c.value for c in wb["How to use"]["A"] if c.value][0]


def test_user_text_is_never_a_formula(tmp_path: Path) -> None:
    event = round_robin_10()
    tricky = dataclasses.replace(event.players[0], name='=HYPERLINK("x")', federation="+1")
    event = dataclasses.replace(
        event, name="=1+1", place="@home", players=(tricky, *event.players[1:])
    )
    path = tmp_path / "tricky.xlsx"
    round_robin.build(path, event)
    ws = openpyxl.load_workbook(path)[SHEET]
    first = FIRST_ROW + 1
    assert ws.cell(first, NAME + 1).data_type == "s"
    assert ws.cell(first, NAME + 1).value == '=HYPERLINK("x")'
    assert ws[f"C{first}"].data_type == "s" and ws["C2"].data_type == "s"
    assert ws["C2"].value == "=1+1"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"number": 3}, "expected 1"),
        ({"results": ("1",)}, "against themself"),
        ({"results": (None, "7")}, "unknown result"),
        ({"sex": "x"}, "sex"),
    ],
)
def test_event_check_names_the_problem(change: dict[str, Any], message: str) -> None:
    event = round_robin_10()
    bad = dataclasses.replace(event.players[0], **change)
    with pytest.raises(ValueError, match=message):
        round_robin.build(
            Path("/nonexistent/never.xlsx"),
            dataclasses.replace(event, players=(bad, *event.players[1:])),
        )


def test_too_many_players_is_refused() -> None:
    players = tuple(ChartPlayer(i, f"P{i}") for i in range(1, 26))
    with pytest.raises(ValueError, match="holds 24"):
        round_robin.build(Path("/nonexistent/never.xlsx"), Event(players=players))


def test_double_round_robin_by_hand(tmp_path: Path) -> None:
    """Issue 10: a double round robin, two result cells per pair (the first game, then the
    second), read by the functions as rounds beside a block of opponents' numbers.

    Worked by hand from ``chart_examples._DRR_TABLES`` (first games + second games):
    P1 4 + 3 = 7; P2 2 + 3½ = 5½; P3 3 + 3 = 6; P4 2 + 2 = 4; P5 3 + 2½ = 5½; P6 1 + 1 = 2
    (30 points, 30 games). Sonneborn-Berger, opponent by opponent (both games' points times
    the opponent's score): P1 1½·5½ + ½·6 + 2·4 + 1·5½ + 2·2 = 28.75; P2 ½·7 + 1½·6 +
    1½·4 + 1·5½ + 1·2 = 26; P3 1½·7 + ½·5½ + ½·4 + 1½·5½ + 2·2 = 27.5; P4 ½·5½ + 1½·6 +
    ½·5½ + 1½·2 = 17.5; P5 1·7 + 1·5½ + ½·6 + 1½·4 + 1½·2 = 24.5; P6 1·5½ + ½·4 + ½·5½ =
    10.25.

    Tie-breaks DE, WIN, SB, KS: P2 and P5 are level on 5½; they met twice (P2 0 then 1):
    equal direct encounter; wins: P2 3 (P4; P3, P5), P5 3 (P2, P6; P4); SB 26 against
    24.5: P2 3rd, P5 4th. Wins: P1 5 (P2, P4, P6; P4, P6), P3 4 (P5, P6; P1, P6), P4 2,
    P6 0. Koya (against the players with at least 5 of 10: P1, P2, P3, P5): P1 1½ + ½ + 1
    = 3; P2 ½ + 1½ + 1 = 3; P3 1½ + ½ + 1½ = 3.5; P4 0 + ½ + 1½ + ½ = 2.5; P5 1 + 1 + ½ =
    2.5; P6 0 + 1 + 0 + ½ = 1.5."""
    event = double_round_robin_6()
    path = tmp_path / "double.xlsx"
    round_robin.build(path, event)
    double = dataclasses.replace(LAYOUT, cycles=2)
    ws = openpyxl.load_workbook(path, data_only=True)[SHEET]
    stored = stored_values(path, SHEET)
    points = [shown(stored, SHEET, double, "points", n) for n in range(1, 7)]
    assert points == [7, 5.5, 6, 4, 5.5, 2]

    def col(name: str) -> list[Any]:
        return [shown(stored, SHEET, double, name, n) for n in range(1, 7)]

    assert col("tb3") == [28.75, 26, 27.5, 17.5, 24.5, 10.25]  # SB
    assert col("tb2") == [5, 3, 4, 2, 3, 0]  # WIN
    assert col("tb4") == [3, 3, 3.5, 2.5, 2.5, 1.5]  # KS
    assert col("rank") == [1, 3, 2, 5, 4, 6]
    assert (
        tiebreak_mismatches(
            stored,
            SHEET,
            double,
            core_tiebreaks(event, DEFAULT_ROUND_ROBIN_TIEBREAKS, round_robin=True),
        )
        == []
    )
    table = core_table(event, round_robin=True)
    assert figure_mismatches(stored, SHEET, double, table) == []
    # player 1's row: against 2, the first game (1) then the second (½)
    row = FIRST_ROW + 1
    assert ws.cell(row, double.grid_col(2, 1) + 1).value == 1
    assert ws.cell(row, double.grid_col(2, 2) + 1).value == "\u00bd"
    assert ws.cell(HEAD_ROW + 1, double.grid_col(2, 1) + 1).value == 2  # merged over both
    with pytest.raises(ValueError, match="cycles"):
        round_robin.build(tmp_path / "never.xlsx", dataclasses.replace(event, cycles=3))
