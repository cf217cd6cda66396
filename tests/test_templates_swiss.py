"""The Swiss wall chart template: blank and filled with 60 players and 9 rounds, evaluated
with the ``formulas`` engine and our functions plugged in."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from chart_examples import swiss_event
from engine import evaluate
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.formula import ArrayFormula
from template_checks import (
    cached_mismatches,
    core_table,
    core_tiebreaks,
    errors_in,
    figure_mismatches,
    sheet_values,
    shown,
    tiebreak_mismatches,
)

from xlfuncs import udfs
from xlfuncs.core.tiebreaks import DEFAULT_SWISS_TIEBREAKS
from xlfuncs.progress import no_progress
from xlfuncs.templates import swiss
from xlfuncs.templates.chart import (
    ARRAYS,
    FIRST_ROW,
    GROUP_ROW,
    HEAD_ROW,
    MIDDLE,
    band_starts,
    build_chart,
)
from xlfuncs.templates.common import RESULT_CHOICES
from xlfuncs.templates.event import ChartPlayer, Event, Round

SHEET = "Wall chart"
LAYOUT = swiss.LAYOUT


@pytest.fixture
def event(swiss_event: Event) -> Event:
    """The 60-player example (``conftest.py``)."""
    return swiss_event


@pytest.fixture
def filled(swiss_evaluated: tuple[Path, Any, dict[str, int]]) -> tuple[Path, Any, dict[str, int]]:
    """The 60-player example, recalculated once per test run (``conftest.py``)."""
    return swiss_evaluated


def column(values: Any, name: str, players: int) -> list[Any]:
    return [shown(values, SHEET, LAYOUT, name, n) for n in range(1, players + 1)]


def test_example_is_realistic(event: Event) -> None:
    assert len(event.players) == 60 and event.rounds == 9
    results = [rd.result for p in event.players for rd in p.rounds]
    assert any(p.rating is None for p in event.players)
    assert "+" in results and "-" in results  # a forfeit
    assert {"H", "U", "Z"} <= set(results)  # byes
    for p in event.players:  # every game is entered from both sides
        for rnd, rd in enumerate(p.rounds):
            if rd.opponent is not None:
                back = event.players[rd.opponent - 1].rounds[rnd]
                assert back.opponent == p.number and back.colour != rd.colour


def test_no_error_anywhere(filled: tuple[Path, Any, dict[str, int]]) -> None:
    _, values, _ = filled
    assert errors_in(values) == []


def test_every_figure_equals_the_core(
    filled: tuple[Path, Any, dict[str, int]], event: Event
) -> None:
    _, values, _ = filled
    table = core_table(event, round_robin=False)
    assert figure_mismatches(values, SHEET, LAYOUT, table) == []
    assert column(values, "first", 60)[59] != ""  # the unrated player's first rating
    # player 17's half-point bye and player 16's forfeit loss count for points only
    assert column(values, "games", 60)[16] == 8 and column(values, "games", 60)[15] == 8


def test_points_tiebreaks_and_ranks_equal_the_core(
    filled: tuple[Path, Any, dict[str, int]], event: Event
) -> None:
    """Issue 10: the Swiss's usual tie-breaks (BH/C1, BH, SB) and the rank by points then
    those, as the core computes them from the event (C.07 2026 text: the event starts on
    24 April 2026)."""
    _, values, _ = filled
    points = column(values, "points", 60)
    assert sum(points) == 270 - 0.5 - 2 * 1 + 3  # 9 x 30 games, less H's half, plus byes
    table = core_tiebreaks(event, DEFAULT_SWISS_TIEBREAKS, round_robin=False)
    assert table.edition.id == "2026"
    assert tiebreak_mismatches(values, SHEET, LAYOUT, table) == []
    ranks = column(values, "rank", 60)
    order = sorted(range(60), key=lambda i: ranks[i])
    assert all(points[i] >= points[j] for i, j in zip(order, order[1:]))


def test_one_call_per_computed_column(filled: tuple[Path, Any, dict[str, int]]) -> None:
    _, _, calls = filled
    assert calls == dict.fromkeys(
        (
            "K_FACTOR_ALL",
            "POINTS_ALL",
            "TIEBREAK_ALL",  # one call for the three tie-break columns
            "RANK_ALL",
            "RATED_GAMES_ALL",
            "RA_ALL",
            "RP_FIDE_ALL",
            "RP_EXACT_ALL",
            "ELO_CHANGE_ALL",
            "BLOQUE_ALL",
            "NORM_ALL",
            "UNRATED_AGAIN",  # the mark of a new rating below the floor (issue 9, case 9)
        ),
        1,
    )
    assert sum(calls.values()) == len(ARRAYS) + 1


def test_stored_values_equal_the_evaluated_ones(filled: tuple[Path, Any, dict[str, int]]) -> None:
    path, values, _ = filled
    assert cached_mismatches(path, values, SHEET) == []


def test_helper_blocks_gather_each_round(
    filled: tuple[Path, Any, dict[str, int]], event: Event
) -> None:
    _, values, _ = filled
    for p in (event.players[0], event.players[16], event.players[59]):
        row = FIRST_ROW + p.number
        for rnd, rd in enumerate(p.rounds, start=1):
            opp = values[(SHEET, f"{get_column_letter(LAYOUT.opp_helper(rnd) + 1)}{row}")]
            res = values[(SHEET, f"{get_column_letter(LAYOUT.res_helper(rnd) + 1)}{row}")]
            assert opp == ("" if rd.opponent is None else rd.opponent)
            assert res in ({"1": 1.0, "0": 0.0, "=": "\u00bd"}.get(rd.result or "", rd.result),)


@pytest.mark.slow
def test_a_game_entered_later_is_picked_up(tmp_path: Path) -> None:
    """Half-filled chart: round 2 paired but not played yet; the empty rows stay blank. The
    chart is the template's layout with 12 rows and 3 rounds (the same formulas in every row
    and round, built by the same code: the 60-player tests above recalculate 64 rows x 13
    rounds, and this one costs a second)."""
    players = (
        ChartPlayer(1, "A", rating=2000, rounds=(Round(2, "w", "1"), Round(3, "b", None))),
        ChartPlayer(2, "B", rating=1900, rounds=(Round(1, "b", "0"), Round(None, None, "U"))),
        ChartPlayer(3, "C", rating=1800, rounds=(Round(None, None, "U"), Round(1, "w", None))),
    )
    path = tmp_path / "partial.xlsx"
    small = dataclasses.replace(LAYOUT, capacity=12, rounds=3)
    build_chart(path, small, swiss.TEXTS, Event(players=players), no_progress)
    values = evaluate(path, udfs.FUNCTIONS)
    assert errors_in(values) == []

    def of(name: str, numbers: range) -> list[Any]:
        return [shown(values, SHEET, small, name, n) for n in numbers]

    assert of("points", range(1, 4)) == [1, 1, 1]
    assert set(of("rank", range(1, 4))) <= {1, 2, 3}  # all on 1 point
    assert of("games", range(1, 4)) == [1, 1, 0]
    for name in ("k", "points", "rank", "tb1", "tb3", "change", "new", "first", "norm"):
        assert set(of(name, range(4, 13))) <= {"", None}, name  # the empty rows


def _ptp_chart(tmp_path: Path, reading: str) -> Path:
    """``test_ptp_full_score.py``'s event (two rounds) in the layout of
    :func:`test_a_game_entered_later_is_picked_up` (12 rows, 3 rounds: its formulas, compiled
    once), the tie-breaks PTP and APPO."""

    def player(no: int, rating: int, *rounds: tuple[int, str, str]) -> ChartPlayer:
        return ChartPlayer(no, f"P{no}", rating=rating, rounds=tuple(Round(*r) for r in rounds))

    players = (
        player(1, 2000, (2, "w", "1"), (3, "b", "1")),
        player(2, 1900, (1, "b", "0"), (4, "w", "1")),
        player(3, 2100, (4, "b", "1"), (1, "w", "0")),
        player(4, 1800, (3, "w", "0"), (2, "b", "0")),
    )
    event = Event(players=players, tiebreaks=("PTP", "APPO"), ptp_full_score=reading)  # type: ignore[arg-type]
    path = tmp_path / f"{reading}.xlsx"
    small = dataclasses.replace(LAYOUT, capacity=12, rounds=3)
    build_chart(path, small, swiss.TEXTS, event, no_progress)
    return path


@pytest.mark.slow  # recalculates a small workbook
def test_the_chart_s_live_formulas_read_its_ptp_cell(tmp_path: Path) -> None:
    """C.07 10.3's PTP of a full score, both readings (``test_ptp_full_score.py`` works the
    values out by hand: no. 1's 2 / 2 against 1900 and 2100 is 2900 or 2836, no. 4's 0 / 2
    1100; APPO of nos. 2 and 3 2000 or 1968). The same formulas in both charts; the
    ``PtpFullScore`` cell holds the reading and the stored values are those; the chart with
    ``definition`` (the reading other than the blank template's) recalculated by the
    formula engine gives them too."""
    sheet = SHEET
    want = {"highest+800": (2900, 2000), "definition": (2836, 1968)}
    formulas = {}
    for reading, (ptp, appo) in want.items():
        path = _ptp_chart(tmp_path, reading)
        book = openpyxl.load_workbook(path)
        ref = book.defined_names["PtpFullScore"].attr_text.split("!")[1].replace("$", "")
        ws = book[sheet]
        assert ws[ref].value == reading
        formulas[reading] = [
            getattr(c.value, "text", c.value)
            for row in ws.iter_rows()
            for c in row
            if isinstance(getattr(c.value, "text", c.value), str)
            and str(getattr(c.value, "text", c.value)).startswith("=")
        ]
        assert any(",PtpFullScore,Scoring)" in f for f in formulas[reading] if "TIEBREAK_ALL(" in f)
        stored = openpyxl.load_workbook(path, data_only=True)[sheet]
        values = {(sheet, c.coordinate): c.value for row in stored.iter_rows() for c in row}
        if reading == "definition":
            values = evaluate(path, udfs.FUNCTIONS)
            assert cached_mismatches(path, values, sheet) == []
        head = next(c for row in ws.iter_rows() for c in row if c.value == "PTP")

        at = [
            [values[(sheet, ws.cell(head.row + n, head.column + k).coordinate)] for k in (0, 1)]
            for n in range(1, 5)
        ]
        assert (at[0][0], at[3][0]) == (ptp, 1100)
        assert (at[1][1], at[2][1]) == (appo, appo)
    assert formulas["highest+800"] == formulas["definition"]


@pytest.mark.slow  # recalculates a small workbook
def test_the_live_points_and_tie_breaks_follow_record_162(tmp_path: Path) -> None:
    """TRF-2026 record 162 scoring 3-1-0 (``test_ptp_full_score.py``'s event, the same
    layout as above). By hand: no. 1 won two games, 3 + 3 = 6 points; nos. 2 and 3 won one,
    3; no. 4 none, 0. BH: no. 1's opponents (nos. 2, 3) 3 + 3 = 6, no. 2's (nos. 1, 4) 6 +
    0 = 6, no. 3's (nos. 4, 1) 6, no. 4's (nos. 3, 2) 6. SB: no. 1 scored 3 against each
    opponent of 3 points, 3 x 3 + 3 x 3 = 18 (the points times the opponent's score, as
    FIDE's engine counts 3-1-0: ``docs/tiebreaks.md``); nos. 2 and 3 beat no. 4 (0 points):
    0; no. 4 0. The ``Scoring`` cell holds 3-1-0; the formulas are those of a 1-½-0 chart;
    the stored values and the formula engine's are these."""
    import dataclasses as dc

    from test_ptp_full_score import TRF

    from xlfuncs.filled_chart import event_from_trf
    from xlfuncs.trf import parse_trf

    record = "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0\n"
    text = TRF.replace("XXR 2\n", "XXR 2\n" + record)
    for old, new in (
        (" 2.0    1", " 6.0    1"),
        (" 1.0    2", " 3.0    2"),
        (" 1.0    3", " 3.0    3"),
    ):
        text = text.replace(old, new)
    small = dataclasses.replace(LAYOUT, capacity=12, rounds=3)
    books = {}
    for name, source in (("3-1-0", text), ("1-½-0", TRF)):
        filled = event_from_trf(parse_trf(source, source="s.trf"), tiebreaks=("BH", "SB"))
        books[name] = tmp_path / f"{len(books)}.xlsx"
        event = dc.replace(filled.event, working=False, teams=None)
        build_chart(books[name], small, swiss.TEXTS, event, no_progress)
    book = openpyxl.load_workbook(books["3-1-0"])
    ref = book.defined_names["Scoring"].attr_text.split("!")[1].replace("$", "")
    ws = book[SHEET]
    assert ws[ref].value == "3-1-0"
    other = openpyxl.load_workbook(books["1-½-0"])[SHEET]
    assert other[ref].value == "1-½-0"

    def formulas(sheet: Any) -> list[str]:
        texts = (getattr(c.value, "text", c.value) for row in sheet.iter_rows() for c in row)
        return [t for t in texts if isinstance(t, str) and t.startswith("=")]

    assert formulas(ws) == formulas(other)
    calls = [f for f in formulas(ws) if f.startswith(("=POINTS_ALL(", "=TIEBREAK_ALL("))]
    assert len(calls) == 2 and all(f.endswith(",Scoring)") for f in calls), calls
    values = evaluate(books["3-1-0"], udfs.FUNCTIONS)
    assert cached_mismatches(books["3-1-0"], values, SHEET) == []
    names = ("points", "tb1", "tb2", "rank")
    got = {name: [shown(values, SHEET, small, name, n) for n in range(1, 5)] for name in names}
    assert got == {
        "points": [6, 3, 3, 0],
        "tb1": [6, 6, 6, 6],
        "tb2": [18, 0, 0, 0],
        "rank": [1, 2, 2, 4],
    }


@pytest.mark.slow  # recalculates a small workbook
def test_mid_event_the_live_points_are_those_of_the_rounds_played(tmp_path: Path) -> None:
    """``test_ptp_full_score.py``'s event written after round 2 of 3 (``XXR 3``), no. 4 with
    a half-point bye entered for round 3 (the file's points 0.5). The standing counts rounds
    1-2: points 2, 1, 1, 0. The chart (the layout above) leaves the bye out of round 3's
    cell, with a note naming it; its live points (the formula engine's) and stored ones are
    those of rounds 1-2, and the points cell of no. 4 shows the file's 0.5 beside them."""
    import dataclasses as dc

    from test_ptp_full_score import TRF

    from xlfuncs.filled_chart import event_from_trf
    from xlfuncs.trf import parse_trf

    text = TRF.replace("XXR 2", "XXR 3")
    four = next(line for line in text.splitlines() if line.startswith("001    4"))
    text = text.replace(four, four.replace(" 0.0    4", " 0.5    4") + "  0000 - H")
    filled = event_from_trf(parse_trf(text, source="mid.trf"), tiebreaks=("BH",))
    assert filled.event.players[3].later_byes == ((3, "H (0.5)"),)
    small = dataclasses.replace(LAYOUT, capacity=12, rounds=3)
    path = tmp_path / "mid.xlsx"
    build_chart(path, small, swiss.TEXTS, dc.replace(filled.event, working=False), no_progress)
    values = evaluate(path, udfs.FUNCTIONS)
    assert cached_mismatches(path, values, SHEET) == []
    assert [shown(values, SHEET, small, "points", n) for n in range(1, 5)] == [2, 1, 1, 0]
    ws = openpyxl.load_workbook(path)[SHEET]
    cell = ws.cell(FIRST_ROW + 4, MIDDLE + 3 * 2 + 2 + 1)  # round 3's result (opp, col, res)
    assert cell.value is None
    assert cell.comment is not None and "H (0.5) for round 3" in cell.comment.text
    points = ws.cell(FIRST_ROW + 4, small.col("points") + 1)
    assert points.comment is not None and "The file gives 0.5 points" in points.comment.text


def test_blank_template(templates_dir: Path) -> None:
    wb = openpyxl.load_workbook(templates_dir / "swiss.xlsx")
    ws = wb[SHEET]
    assert wb.sheetnames == [SHEET, "How to use", "FIDE tables", "xlwings.conf"]
    assert wb["xlwings.conf"].sheet_state == "hidden"
    assert ws.freeze_panes == f"D{FIRST_ROW + 1}"
    assert ws.print_title_rows == f"${GROUP_ROW + 1}:${HEAD_ROW + 1}"
    assert ws.page_setup.orientation == "landscape" and ws.page_setup.scale == 70
    assert ws.print_title_cols == "$A:$C" and ws.page_setup.pageOrder == "overThenDown"
    cuts = [b.id for b in ws.col_breaks.brk]  # a page begins where a round does ...
    assert len(cuts) >= 2 and set(cuts) <= set(band_starts(LAYOUT))
    assert ws.protection.sheet
    last = FIRST_ROW + LAYOUT.capacity
    assert ws.cell(last, 1).value == 400 and ws.cell(last + 1, 1).value is None
    o, c, r = (get_column_letter(x + 1) for x in LAYOUT.round_cols(13))
    for col in (o, c, r):
        assert not ws[f"{col}{last}"].protection.locked
    # one validation per kind of round column, over the 13 rounds' columns
    checks = {str(dv.sqref).split()[0]: dv for dv in ws.data_validations.dataValidation}
    o1, c1, r1 = (get_column_letter(x + 1) for x in LAYOUT.round_cols(1))
    first = FIRST_ROW + 1
    results = checks[f"{r1}{first}:{r1}{last}"]
    assert results.formula1 == '"' + ",".join(RESULT_CHOICES) + '"'
    assert f"{r}{first}:{r}{last}" in str(results.sqref)
    assert checks[f"{c1}{first}:{c1}{last}"].formula1 == '"w,b"'
    assert checks[f"{o1}{first}:{o1}{last}"].type == "whole"
    arrays = [
        x.value.text for row in ws.iter_rows() for x in row if isinstance(x.value, ArrayFormula)
    ]
    assert sum("_ALL(" in t for t in arrays) == len(ARRAYS)
    # 39 gathers of the round columns (opponents, results, colours)
    assert sum(t.startswith("=IF(ISBLANK(") for t in arrays) == 3 * LAYOUT.rounds
    # the tie-break headers: drop-downs, unlocked, read by the one TIEBREAK_ALL call
    heads = [ws.cell(HEAD_ROW + 1, LAYOUT.col(f"tb{k}") + 1) for k in (1, 2, 3)]
    assert [h.value for h in heads] == list(DEFAULT_SWISS_TIEBREAKS)
    assert not any(h.protection.locked for h in heads)
    first_head = heads[0].coordinate
    drop = next(dv for dv in ws.data_validations.dataValidation if first_head in str(dv.sqref))
    assert drop.type == "list" and drop.formula1.startswith('"BH/C1,BH,SB,')
    call = next(t for t in arrays if t.startswith("=TIEBREAK_ALL("))
    assert call.startswith(
        f"=TIEBREAK_ALL(${heads[0].column_letter}$8:${heads[2].column_letter}$8,"
    )
    assert "TiebreakRules" in call and "TiebreakRules" in wb.defined_names


def test_more_rounds_grow_the_chart(tmp_path: Path) -> None:
    """Issue 10: an event of more than 13 rounds gets three columns per round (it was
    refused); its stored values are the core's figures, as in the 13-round chart."""
    event = swiss_event(45, 20)
    assert event.rounds == 20
    path = tmp_path / "twenty.xlsx"
    swiss.build(path, event)
    wide = dataclasses.replace(LAYOUT, capacity=LAYOUT.capacity, rounds=20)
    ws = openpyxl.load_workbook(path, data_only=True)[SHEET]
    o, c, _ = (get_column_letter(x + 1) for x in wide.round_cols(20))
    assert ws.cell(GROUP_ROW + 1, wide.round_cols(20)[0] + 1).value == "Round 20"
    for number in (1, 17, 45):  # each round's three cells, as the event gives them
        rd = event.players[number - 1].rounds[19]
        row = FIRST_ROW + number
        assert ws[f"{o}{row}"].value == rd.opponent
        assert ws[f"{c}{row}"].value == rd.colour
    stored = sheet_values(ws)
    table = core_table(event, round_robin=False)
    assert figure_mismatches(stored, SHEET, wide, table) == []
    assert ws.page_setup.paperSize == 9  # A4, in bands of whole rounds
    # four pages across: the player columns and rounds 1-4, rounds 5-12 and 13-20 (eight of
    # 11.2 characters each a page, beside the 33.5 of No., Title and Name), the standing and
    # the rating figures
    cuts = [b.id for b in ws.col_breaks.brk]
    assert cuts == [wide.round_cols(5)[0], wide.round_cols(13)[0], wide.col("points")]


def test_unknown_opponent_is_refused(event: Event) -> None:
    bad = dataclasses.replace(event.players[0], rounds=(Round(61, "w", "1"),))
    with pytest.raises(ValueError, match="not another player"):
        swiss.build(
            Path("/nonexistent/never.xlsx"),
            dataclasses.replace(event, players=(bad, *event.players[1:])),
        )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tiebreaks": ("BH", "XY")}, "tiebreaks: tie-break 'XY'"),
        ({"tiebreak_rules": "2019"}, "C.07"),
    ],
)
def test_a_bad_tiebreak_list_or_edition_is_refused(
    event: Event, change: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        swiss.build(Path("/nonexistent/never.xlsx"), dataclasses.replace(event, **change))
