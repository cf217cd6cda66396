"""The one-player templates: ``rating_calculator.xlsx``, ``initial_rating.xlsx`` and
``norms.xlsx``.

Each is filled with a realistic example, recalculated with ``formulas`` (our functions
plugged in, see :mod:`engine`), and its figures are checked three ways: against the core,
against values worked out by hand (in the comments), and against the values the generator
stored in the file (what a viewer without our functions shows). Then each is printed with
LibreOffice (once per test run, with the other templates: the ``printed`` fixture of
``conftest.py``).
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from engine import evaluate
from render import Printed, needs_render, print_once
from template_checks import cached_mismatches

from xlfuncs import udfs
from xlfuncs.core import first_rating, norm_performance, norm_points, rating_change
from xlfuncs.excel import EXCEL_ERRORS
from xlfuncs.templates import initial_rating as ir
from xlfuncs.templates import norms as nm
from xlfuncs.templates import rating_calculator as rc
from xlfuncs.templates.common import cell as a1
from xlfuncs.templates.player_sheets import Game, TournamentGames

pytestmark = pytest.mark.slow  # each test recalculates a workbook or prints one

FUNCTIONS = {**udfs.FUNCTIONS, "EXPLAIN_ERROR": udfs.EXPLAIN_ERROR}
Values = dict[tuple[str, str], Any]


def _formula_cells(path: Path) -> Iterator[tuple[str, str, Any]]:
    """(sheet, cell, cached value) of every formula cell, array ranges included."""
    formulas_book = openpyxl.load_workbook(path)
    cached_book = openpyxl.load_workbook(path, data_only=True)
    for ws in formulas_book.worksheets:
        arrays: list[str] = []
        for row in ws.iter_rows():
            for c in row:
                if type(c.value).__name__ == "ArrayFormula":
                    arrays.append(c.value.ref)
                elif isinstance(c.value, str) and c.value.startswith("="):
                    yield ws.title, c.coordinate, cached_book[ws.title][c.coordinate].value
        for ref in arrays:
            for row in ws[ref]:
                for c in row:
                    yield ws.title, c.coordinate, cached_book[ws.title][c.coordinate].value


def _same(cached: Any, computed: Any) -> bool:
    if cached in (None, "") and computed in (None, ""):
        return True
    if isinstance(cached, bool) or isinstance(computed, bool):
        return bool(cached == computed)
    if isinstance(cached, (int, float)) and isinstance(computed, (int, float)):
        return abs(cached - computed) < 1e-9
    return bool(cached == computed)


def _evaluate(path: Path) -> Values:
    """The engine's values, after checking that every cached value equals them."""
    values = evaluate(path, FUNCTIONS)
    wrong = [
        (sheet, ref, cached, values.get((sheet, ref)))
        for sheet, ref, cached in _formula_cells(path)
        if not _same(cached, values.get((sheet, ref)))
    ]
    assert not wrong, f"cached values differ from the engine's: {wrong[:10]}"
    return values


def _errors(values: Values, sheet: str, cells: Sequence[str]) -> list[tuple[str, Any]]:
    return [(c, values.get((sheet, c))) for c in cells if values.get((sheet, c)) in EXCEL_ERRORS]


def _visible_cells(sheet: str, last_row: int, last_col: int) -> list[str]:
    return [a1(r, c) for r in range(last_row + 1) for c in range(last_col + 1)]


# ------------------------------------------------------------------ rating calculator

RC = rc.SHEET

# chesschat.org thread "FIDE rating uplift change" (2022 rules): a 2000 player, K 20, scores
# 5½/7 against 1063, 1299, 1413, 1872, 1851, 1427, 1682. Only one 400-point upgrade per
# tournament in 2022: the 1063 counts as 1600 (PD .92), the 1299 as itself (diff 701, .99);
# PD .98 (587), .67 (128), .70 (149), .98 (573), .87 (318): sum 6.11, W - PD = 5.5 - 6.11 =
# -0.61; K x sum = -12.2, rounded once: -12; new rating 1988.
CHESSCHAT = [
    (1063, "1"),
    (1299, "1"),
    (1413, "1"),
    (1872, "\u00bd"),
    (1851, "0"),
    (1427, "1"),
    (1682, 1.0),
]


def _rc_cell(values: Values, row: int, col: int) -> Any:
    return values.get((RC, a1(row, col)))


def _block_rows(i: int) -> range:
    top = rc._block_row(i)
    return range(top + 2, top + 2 + rc.MAX_GAMES)


def _chesschat_period() -> rc.RatingPeriod:
    games = [Game(r, w, f"Opponent {i + 1}", "", "AUS") for i, (r, w) in enumerate(CHESSCHAT)]
    # a forfeit and a game against an unrated opponent, between the rated games
    games.insert(1, Game(1900, "+", "Forfeiting, F.", "", "AUS"))
    games.insert(4, Game(None, "1", "Newcomer, N.", "", "AUS"))
    return rc.RatingPeriod(
        rating=2000,
        name="Example, Player",
        fide_id="3200000",
        federation="AUS",
        rated_games_before=150,
        birth_year=1975,
        period_date=_dt.date(2022, 6, 1),
        rules="2022",
        tournaments=[TournamentGames("Club championship", games, _dt.date(2022, 5, 28))],
    )


def test_rating_calculator_a_game_of_less_than_one_move(tmp_path: Path) -> None:
    """A game of less than one move (``W<1``, as a cell writes TRF's ``W``) scores and is not
    rated, as the forfeit it replaces: the status column says so, the figures are the
    forfeit's (chesschat.org's 2022 example: -12.2, -12), and no error shows."""
    period = _chesschat_period()
    games = list(period.tournaments[0].games)
    games[1] = Game(1900, "W<1", "Short, S.", "", "AUS")
    first = dataclasses.replace(period.tournaments[0], games=games)
    short = dataclasses.replace(period, tournaments=[first])
    path = tmp_path / "rc.xlsx"
    rc.build(path, short)
    values = _evaluate(path)
    assert not _errors(
        values, RC, _visible_cells(RC, rc._block_row(5) + rc.MAX_GAMES + 2, rc.LAST_COL)
    )
    statuses = [_rc_cell(values, r, rc.C_STATUS) for r in list(_block_rows(0))[:3]]
    assert statuses == ["yes", "under 1 move", "yes"]
    assert _rc_cell(values, rc.R_SUM, rc.C_KDIFF) == pytest.approx(-12.2)
    assert _rc_cell(values, rc.R_CHANGE, rc.LAST_COL) == -12


def test_rating_calculator_chesschat_2022(tmp_path: Path) -> None:
    path = tmp_path / "rc.xlsx"
    rc.build(path, _chesschat_period())
    values = _evaluate(path)
    assert not _errors(
        values, RC, _visible_cells(RC, rc._block_row(5) + rc.MAX_GAMES + 2, rc.LAST_COL)
    )

    assert _rc_cell(values, rc.R_KDATA, rc.M_VALUE) == 20  # K_FACTOR: 150 games, adult, < 2400
    assert _rc_cell(values, rc.R_SUM, rc.C_STATUS) == 7
    assert _rc_cell(values, rc.R_SUM, rc.C_USED) == 20
    assert _rc_cell(values, rc.R_SUM, rc.C_W) == 5.5
    assert _rc_cell(values, rc.R_SUM, rc.C_PD) == pytest.approx(6.11)
    assert _rc_cell(values, rc.R_SUM, rc.C_DIFF) == pytest.approx(-0.61)
    assert _rc_cell(values, rc.R_SUM, rc.C_KDIFF) == pytest.approx(-12.2)
    assert _rc_cell(values, rc.R_CHANGE, rc.LAST_COL) == -12
    assert _rc_cell(values, rc.R_NEW, rc.LAST_COL) == 1988
    assert "new rating 1988 (-12)" in values[(RC, "A2")]

    # the detail lines up with the input rows; forfeit and unrated rows stay blank
    rows = list(_block_rows(0))
    statuses = [_rc_cell(values, r, rc.C_STATUS) for r in rows[:9]]
    assert statuses == ["yes", "forfeit", "yes", "yes", "unrated", "yes", "yes", "yes", "yes"]
    core = rating_change(
        2000,
        [[(r, Fraction(1, 2) if w == "\u00bd" else float(w)) for r, w in CHESSCHAT]],
        20,
        rules="2022",
    )
    assert (core.change, float(core.unrounded), core.new_rating) == (-12, -12.2, 1988)
    rated_rows = [r for r, s in zip(rows, statuses) if s == "yes"]
    for row, game in zip(rated_rows, core.games, strict=True):
        assert _rc_cell(values, row, rc.C_RATING) == game.opponent_rating
        assert _rc_cell(values, row, rc.C_USED) == game.rating_used
        assert _rc_cell(values, row, rc.C_PD) == pytest.approx(float(game.expected))
        assert _rc_cell(values, row, rc.C_DIFF) == pytest.approx(float(game.difference))
        assert _rc_cell(values, row, rc.C_KDIFF) == pytest.approx(float(game.change))
    assert _rc_cell(values, rated_rows[0], rc.C_USED) == 1600  # the one 2022 upgrade
    for row in (rows[1], rows[4]):
        assert [_rc_cell(values, row, c) for c in range(rc.C_USED, rc.LAST_COL + 1)] == [""] * 5
    total = rc._block_row(0) + rc.MAX_GAMES + 2
    assert _rc_cell(values, total, rc.C_DIFF) == pytest.approx(-0.61)
    assert _rc_cell(values, total, rc.C_KDIFF) == pytest.approx(-12.2)
    assert _rc_cell(values, rc._block_row(0), rc.C_PD) == "7 rated games, 5.5 points"


def _long_period(k: int | None = None) -> rc.RatingPeriod:
    """39 rated games in three tournaments of 13 (each with two unrated rows), 2025 rules."""
    tournaments = []
    for t in range(3):
        games = [
            Game(
                1750 + 37 * ((5 * t + 3 * j) % 13),
                ("1", "\u00bd", "0")[(t + j) % 3],
                f"Player {t}-{j}",
            )
            for j in range(13)
        ]
        games.insert(3, Game(None, "0", "Unrated"))
        games.append(Game(None, "H"))
        tournaments.append(TournamentGames(f"Open {t + 1}", games))
    return rc.RatingPeriod(
        rating=1985,
        name="Busy, Bee",
        rated_games_before=400,
        birth_year=1990,
        period_date=_dt.date(2025, 11, 1),
        k=k,
        rules="2025",
        tournaments=tournaments,
    )


@pytest.mark.parametrize(("k", "k_used"), [(None, 17), (40, 17), (10, 10)])
def test_rating_calculator_k_times_n(tmp_path: Path, k: int | None, k_used: int) -> None:
    # K x n <= 700 over the whole period: 39 games, K 20 -> 700 // 39 = 17 (17 x 39 = 663,
    # 18 x 39 = 702). An entered K 40 also becomes 17; K 10 stays (390 <= 700).
    data = _long_period(k)
    path = tmp_path / "rc.xlsx"
    rc.build(path, data)
    values = _evaluate(path)
    assert _rc_cell(values, rc.R_KDATA, rc.M_VALUE) == 20
    assert _rc_cell(values, rc.R_SUM, rc.C_STATUS) == 39
    assert _rc_cell(values, rc.R_SUM, rc.C_USED) == k_used
    tournaments = [
        [
            (g.rating, {"1": 1, "\u00bd": Fraction(1, 2), "0": 0}[str(g.result)])
            for g in t.games
            if g.rating is not None
        ]
        for t in data.tournaments
    ]
    core = rating_change(1985, tournaments, k or 20, rules="2025")
    assert core.k == k_used
    assert _rc_cell(values, rc.R_SUM, rc.C_KDIFF) == pytest.approx(float(core.unrounded))
    assert _rc_cell(values, rc.R_CHANGE, rc.LAST_COL) == core.change
    assert _rc_cell(values, rc.R_NEW, rc.LAST_COL) == core.new_rating
    for i, games in enumerate(tournaments):
        total = rc._block_row(i) + rc.MAX_GAMES + 2
        detail = [g for g in core.games if g.tournament == i]
        assert _rc_cell(values, total, rc.C_STATUS) == len(games) == 13
        assert _rc_cell(values, total, rc.C_KDIFF) == pytest.approx(
            float(sum(g.change for g in detail))
        )
        kdiffs = [_rc_cell(values, r, rc.C_KDIFF) for r in _block_rows(i)]
        assert [v for v in kdiffs if v != ""] == pytest.approx([float(g.change) for g in detail])
        assert kdiffs[3] == "" and kdiffs[14] == ""  # the unrated opponent and the bye
    assert f"lowered to {k_used}" in values[(RC, "A12")] or k_used == 10


@pytest.mark.parametrize(("rules", "mark"), [("2025", "below 1400: unrated again"), ("2022", "")])
def test_rating_calculator_marks_a_rating_below_the_floor(
    tmp_path: Path, rules: str, mark: str
) -> None:
    # Issue 9, case 9: from 1 March 2024 a rating below 1400 leaves the list (1000 before).
    # Ro 1405, K 20, two losses to 1600: D 195 -> PD .25 (band 189-197) each; 2 x (0 - .25)
    # = -.50 x 20 = -10 -> 1395: below 1400 under the 2025 rules, rated under the 2022 rules
    games = [Game(1600, "0", "Strong, S.", "", "ENG"), Game(1600, "0", "Strong, T.", "", "ENG")]
    data = rc.RatingPeriod(
        rating=1405,
        name="Low, L.",
        rated_games_before=150,
        birth_year=1975,
        period_date=_dt.date(2023, 11, 1) if rules == "2022" else _dt.date(2025, 11, 1),
        rules=rules,
        tournaments=[TournamentGames("Club", games)],
    )
    path = tmp_path / "rc.xlsx"
    rc.build(path, data)
    values = _evaluate(path)
    assert _rc_cell(values, rc.R_CHANGE, rc.LAST_COL) == -10
    assert _rc_cell(values, rc.R_NEW, rc.LAST_COL) == 1395
    assert _rc_cell(values, rc.R_FLOOR, rc.C_STATUS) == mark


def test_rating_calculator_explains_an_error(tmp_path: Path) -> None:
    # a bye with a rating entered: ELO_DETAIL refuses the tournament, and says why
    period = _chesschat_period()
    games = [*period.tournaments[0].games, Game(1800, "H")]
    data = dataclasses.replace(period, tournaments=[TournamentGames("Club", games)])
    path = tmp_path / "rc.xlsx"
    rc.build(path, data)
    values = _evaluate(path)
    total = rc._block_row(0) + rc.MAX_GAMES + 2
    message = _rc_cell(values, total, 0)
    assert message.startswith("ELO_DETAIL: results (cell 10): a bye (H) has no opponent")
    # the rated rows, the sums and the new rating show an error, never a wrong figure
    assert _rc_cell(values, total, rc.C_KDIFF) == "#VALUE!"
    assert _rc_cell(values, rc.R_NEW, rc.LAST_COL) == "#VALUE!"
    assert values[(RC, "A2")] == "Example, Player  ·  FIDE ID 3200000  ·  Ro 2000"


def test_rating_calculator_blank(tmp_path: Path) -> None:
    path = tmp_path / "rc.xlsx"
    rc.build(path)
    values = _evaluate(path)
    assert not _errors(
        values, RC, _visible_cells(RC, rc._block_row(5) + rc.MAX_GAMES + 2, rc.LAST_COL)
    )
    assert values[(RC, "A2")] == "Enter the player's data in the yellow cells."
    assert _rc_cell(values, rc.R_NEW, rc.LAST_COL) in ("", None)


def test_rating_calculator_counts_each_block_as_a_tournament(tmp_path: Path) -> None:
    # The rating calculator's period change is one ELO_CHANGE over every block, labelled by
    # block: a 2000 player, K 20, 2022 rules, beats a 1000 in tournament 1 and another in
    # tournament 2: 20 x (.08 + .08) = 3.2, rounded once: 3; new rating 2003.
    data = rc.RatingPeriod(
        rating=2000,
        k=20,
        rules="2022",
        tournaments=[
            TournamentGames("A", [Game(1000, "1")]),
            TournamentGames("B", [Game(1000, "1")]),
        ],
    )
    path = tmp_path / "rc.xlsx"
    rc.build(path, data)
    values = evaluate(path, FUNCTIONS)

    def cell(row: int, col: int) -> object:
        return values.get((rc.SHEET, a1(row, col)))

    assert cell(rc.R_SUM, rc.C_KDIFF) == pytest.approx(3.2)
    assert cell(rc.R_CHANGE, rc.LAST_COL) == 3
    assert cell(rc.R_NEW, rc.LAST_COL) == 2003
    for i in (0, 1):  # each block's own detail: its one upgrade, 1600
        assert cell(rc._block_row(i) + 2, rc.C_USED) == 1600


def test_rating_calculator_limits() -> None:
    with pytest.raises(ValueError, match="at most 6"):
        rc.build(Path("unused.xlsx"), rc.RatingPeriod(tournaments=[TournamentGames()] * 7))
    with pytest.raises(ValueError, match="at most 15"):
        rc.build(
            Path("unused.xlsx"),
            rc.RatingPeriod(tournaments=[TournamentGames("Long", [Game(2000, "1")] * 16)]),
        )


# ---------------------------------------------------------------------- first rating

IR = ir.SHEET

# Five games against opponents averaging 2000, 3 points (project reference):
# 2017/2022: p .60 >= 50 %: Ra + 20 per half point above 50 % = 2000 + 20 x (6 - 5) = 2020.
# 2024/2025: two hypothetical 1800 draws: Ra = (10000 + 3600) / 7 = 1942.86, p = 4/7 = .57,
# dp 50: Ru = 1992.86 -> 1993.
FIVE = [(1900, "1"), (1950, "1"), (2000, "1"), (2050, "0"), (2100, "0")]


def _ir_value(values: Values, row: int) -> Any:
    return values.get((IR, a1(row, ir.C_VALUE)))


def _first_data(
    games: Sequence[tuple[int | None, str]], rules: str, system: str = "swiss"
) -> ir.FirstRatingData:
    first = [Game(r, w, f"Opponent {i + 1}") for i, (r, w) in enumerate(games)]
    # rows that do not count: an unrated opponent (Swiss), a forfeit, a bye
    extra = [Game(None, "\u00bd", "Unrated, U."), Game(1700, "+", "Absent, A."), Game(None, "H")]
    return ir.FirstRatingData(
        name="Newcomer, Nina",
        fide_id="25000000",
        federation="ESP",
        system=system,
        rules=rules,
        events=[TournamentGames("Spring Open", first), TournamentGames("Club league", extra)],
    )


def _points(result: str) -> Fraction:
    return {"1": Fraction(1), "\u00bd": Fraction(1, 2), "0": Fraction(0)}[result]


@pytest.mark.parametrize(
    ("rules", "expected", "ra", "p", "dp"),
    [
        ("2017", 2020, 2000, 0.60, 20),
        ("2022", 2020, 2000, 0.60, 20),
        ("2024", 1993, 1942.857142857143, 0.57, 50),
        ("2025", 1993, 1942.857142857143, 0.57, 50),
    ],
)
def test_initial_rating_reference(
    tmp_path: Path, rules: str, expected: int, ra: float, p: float, dp: int
) -> None:
    path = tmp_path / "ir.xlsx"
    ir.build(path, _first_data(FIVE, rules))
    values = _evaluate(path)
    assert not _errors(values, IR, _visible_cells(IR, ir.R_LAST, ir.LAST_COL))
    core = first_rating([(r, _points(w)) for r, w in FIVE], rules=rules)
    assert core.rating == expected
    assert _ir_value(values, ir.P_FIRST) == expected
    assert _ir_value(values, ir.P_NR) == 5
    assert _ir_value(values, ir.P_NU) == 1  # listed, not counted
    assert _ir_value(values, ir.P_RA) == pytest.approx(ra)
    assert _ir_value(values, ir.P_RA) == pytest.approx(float(core.ra))
    assert _ir_value(values, ir.P_P) == pytest.approx(p)
    assert _ir_value(values, ir.P_DP) == dp
    assert round(_ir_value(values, ir.P_RU)) == expected
    assert _ir_value(values, ir.P_PUBLISHED) == "yes"
    hypothetical = _ir_value(values, ir.P_HYP)
    if rules in ("2024", "2025"):
        assert hypothetical == "2 rated 1800, counted as draws"
        assert _ir_value(values, ir.P_MAX) == 2200
        assert _ir_value(values, ir.P_RULE) == "Ra + dp"
    else:
        assert hypothetical == "none"
        assert _ir_value(values, ir.P_RULE) == "Ra + 20 × half points above 50 %"
    statuses = [values.get((IR, a1(r, ir.C_STATUS))) for r in range(ir.R_FIRST, ir.R_FIRST + 8)]
    assert statuses == ["yes"] * 5 + ["unrated", "forfeit", "bye"]
    assert f"first rating {expected} (rules {rules})" in values[(IR, "A2")]


@pytest.mark.parametrize(
    ("games", "rules", "published", "reason"),
    [
        # four games: not published, whatever the rating
        (FIVE[:4], "2022", "no", "Only 4 game(s) against rated opponents; 5 are needed."),
        # 1 point out of 5 against 1300s in 2025: Ra (6500 + 3600) / 7 = 1442.86, p 2/7 = .29,
        # dp -158: 1284.86 -> 1285, below the floor 1400
        (
            [(1300, "1"), (1300, "0"), (1300, "0"), (1300, "0"), (1300, "0")],
            "2025",
            "no",
            "1285 is below the rating floor 1400.",
        ),
        # a zero score in the first event is disregarded from 2022 on: BLOQUE says why
        ([(1800, "0")] * 5, "2025", "no", "BLOQUE: a zero score in a first event is disregarded"),
        # five wins against 2300s in 2025: Ra 2157.14, p 6/7 = .86, dp 309: 2466 -> at most 2200
        ([(2300, "1")] * 5, "2025", "yes", "Published"),
    ],
)
def test_initial_rating_published(
    tmp_path: Path, games: list[tuple[int, str]], rules: str, published: str, reason: str
) -> None:
    path = tmp_path / "ir.xlsx"
    ir.build(path, _first_data(games, rules))
    values = _evaluate(path)
    assert _ir_value(values, ir.P_PUBLISHED) == published
    assert reason in values[(IR, a1(ir.P_WHY, ir.C_LABEL))]
    first = _ir_value(values, ir.P_FIRST)
    if reason.startswith("BLOQUE"):
        assert first == "#N/A"
        return
    core = first_rating([(r, _points(w)) for r, w in games], rules=rules)
    assert first == core.rating
    assert core.published == (published == "yes")
    ru = _ir_value(values, ir.P_RU)
    assert ru == pytest.approx(float(core.unrounded))
    if games[0][0] == 2300:
        assert ru == pytest.approx(2466.14, abs=0.01) and first == 2200


def test_initial_rating_round_robin_2017(tmp_path: Path) -> None:
    # 2017 round robin below 50 %: Ru = Ra + dp x n/(n+1), the unrated opponent's game counted:
    # 5 rated (average 2000) and one unrated, 1½ + ½ = 2 / 6 = .33: dp -125;
    # 2000 - 125 x 6/7 = 1892.86 -> 1893
    games = [(1900, "1"), (1950, "\u00bd"), (2000, "0"), (2050, "0"), (2100, "0")]
    data = _first_data(games, "2017", system="rr")
    path = tmp_path / "ir.xlsx"
    ir.build(path, data)
    values = _evaluate(path)
    core = first_rating(
        [*[(r, _points(w)) for r, w in games], (None, Fraction(1, 2))], system="rr", rules="2017"
    )
    assert core.rating == 1893
    assert _ir_value(values, ir.P_FIRST) == 1893
    assert _ir_value(values, ir.P_N) == 6
    assert _ir_value(values, ir.P_DP) == -125
    assert _ir_value(values, ir.P_RU) == pytest.approx(2000 - 125 * 6 / 7)
    assert _ir_value(values, ir.P_RULE) == "Ra + dp × n/(n+1)"


def test_initial_rating_blank(tmp_path: Path) -> None:
    path = tmp_path / "ir.xlsx"
    ir.build(path)
    values = _evaluate(path)
    assert not _errors(values, IR, _visible_cells(IR, ir.R_LAST, ir.LAST_COL))
    assert _ir_value(values, ir.P_FLOOR) == 1400  # the default edition's specifics
    assert _ir_value(values, ir.P_FIRST) in ("", None)


# ------------------------------------------------------------------------ title norm

NM = nm.SHEET

# A GM norm (2025 rules), the player from ESP: nine opponents; the lowest (2150) is raised to
# the GM floor 2200, Ra = 21800 / 9 = 2422.2 -> 2422; 7/9 = .78: dp 220, Rp 2642 >= 2600.
# 6½ would give .72: dp 166, Rp 2588 < 2600, so the norm needs 7 points.
# Mix: 9 games; federations other than ESP: GER FRA ENG NED ITA (5 >= 2); ESP 4 <= 3/5 x 9
# (5); most from one federation ESP 4 <= 2/3 x 9 (6); titled 8 >= 4.5; GMs 3 >= 1/3 x 9.
GM_EVENT = [
    (2600, "GM", "GER", "1"),
    (2550, "GM", "FRA", "\u00bd"),
    (2500, "GM", "ESP", "1"),
    (2450, "IM", "ENG", "\u00bd"),
    (2450, "IM", "ESP", "1"),
    (2400, "IM", "NED", "1"),
    (2350, "FM", "ESP", "\u00bd"),
    (2300, "FM", "ITA", "1"),
    (2150, "", "ESP", "\u00bd"),
]


def _nm_checks(values: Values) -> list[tuple[Any, Any, Any]]:
    return [
        tuple(values.get((NM, a1(r, c))) for c in (nm.C_TITLED, nm.C_HIGHER, nm.C_MET))
        for r in nm.K_ROWS
    ]


def _perf(values: Values, row: int) -> Any:
    return values.get((NM, a1(row, nm.C_TITLE)))


def test_norm_gm(tmp_path: Path) -> None:
    games = [Game(r, w, f"Opponent {i + 1}", t, f) for i, (r, t, f, w) in enumerate(GM_EVENT)]
    path = tmp_path / "nm.xlsx"
    nm.build(
        path,
        nm.NormSheetData(
            federation="ESP",
            title="GM",
            name="Seeker, Sol",
            event="Open 2025",
            rules="2025",
            games=games,
        ),
    )
    values = _evaluate(path)
    assert not _errors(values, NM, _visible_cells(NM, nm.P_TABLE + 5, nm.LAST_COL))
    ratings = [r for r, *_ in GM_EVENT]
    core = norm_performance(ratings, Fraction(7), "GM", rules="2025")
    assert (core.ra, core.percent, core.dp, core.rp) == (2422, 78, 220, 2642)
    assert norm_points(ratings, "GM", rules="2025") == 7
    assert _perf(values, nm.P_GAMES) == 9
    assert _perf(values, nm.P_POINTS) == 7
    assert _perf(values, nm.P_FLOOR) == "Rd 9: 2150 raised to 2200"
    assert _perf(values, nm.P_RA) == 2422
    assert _perf(values, nm.P_P) == pytest.approx(0.78)
    assert _perf(values, nm.P_DP) == 220
    assert _perf(values, nm.P_RP) == 2642
    assert _perf(values, nm.P_NEEDED) == 7
    last = nm.R_FIRST + 8
    assert values[(NM, a1(last, nm.C_COUNTED))] == 2200
    assert values[(NM, a1(last, nm.C_NOTE))] == "raised to the floor 2200"
    assert _nm_checks(values) == [
        (9, 9, "yes"),
        (5, 2, "yes"),
        (4, 5, "yes"),
        (4, 6, "yes"),
        (8, 5, "yes"),
        (3, 3, "yes"),
        (2422, 2380, "yes"),
        (pytest.approx(0.78), 0.35, "yes"),
        (2642, 2600, "yes"),
    ]
    assert (
        values[(NM, a1(nm.K_ROWS[3], nm.C_STATUS))] == "At most 2/3 from one federation (most: ESP)"
    )
    assert values[(NM, a1(nm.P_VERDICT, nm.C_MET))] == "yes"
    assert values[(NM, "A2")].endswith("GM norm: yes")


def test_norm_im_fails_the_mix(tmp_path: Path) -> None:
    # IM norm (2025), player from ENG; a forfeit row (not counted) and an unrated opponent
    # (counts 1400, the lowest, raised to the IM floor 2050). Nine games counted.
    rows = [
        (2420, "IM", "ENG", "\u00bd"),
        (2390, "IM", "ENG", "1"),
        (2300, "FM", "ENG", "0"),
        (2350, "GM", "SCO", "\u00bd"),
        (2280, "FM", "ENG", "1"),
        (2500, "GM", "ENG", "+"),
        (2250, "CM", "ENG", "1"),
        (2200, "WCM", "WLS", "\u00bd"),
        (None, "", "ENG", "1"),
        (2310, "WIM", "SCO", "\u00bd"),
    ]
    games = [Game(r, w, f"Opponent {i + 1}", t, f) for i, (r, t, f, w) in enumerate(rows)]
    path = tmp_path / "nm.xlsx"
    nm.build(path, nm.NormSheetData(federation="ENG", title="IM", rules="2025", games=games))
    values = _evaluate(path)
    counted = [(r, w) for r, _, _, w in rows if w != "+"]
    score = sum((_points(w) for _, w in counted), Fraction(0))
    core = norm_performance([r for r, _ in counted], score, "IM", rules="2025")
    # ratings counted: 2420 2390 2300 2350 2280 2250 2200 2050 2310 = 20550 / 9 = 2283.3
    assert core.ratings_used[7] == 2050 and core.ra == 2283
    assert _perf(values, nm.P_RA) == core.ra
    assert _perf(values, nm.P_RP) == core.rp
    assert _perf(values, nm.P_FLOOR) == "Rd 9: 1400 raised to 2050"
    assert values[(NM, a1(nm.R_FIRST + 8, nm.C_NOTE))] == "raised to the floor 2050"
    assert values[(NM, a1(nm.R_FIRST + 5, nm.C_STATUS))] == "forfeit"
    checks = _nm_checks(values)
    # ENG: 6 of 9 > 3/5 (5): fails; one federation 6 <= 2/3 (6): met; foreign SCO, WLS: 2;
    # titled IM IM FM GM FM WIM = 6 >= 5 (CM, WCM and the untitled do not count);
    # IM or higher: IM IM GM = 3 >= 3.
    assert checks[:6] == [
        (9, 9, "yes"),
        (2, 2, "yes"),
        (6, 5, "no"),
        (6, 6, "yes"),
        (6, 5, "yes"),
        (3, 3, "yes"),
    ]
    assert values[(NM, a1(nm.P_VERDICT, nm.C_MET))] == "no"
    needed = norm_points([r for r, _ in counted], "IM", rules="2025")
    assert _perf(values, nm.P_NEEDED) == float(needed)


def test_norm_wim_title_or_higher(tmp_path: Path) -> None:
    # For a WIM norm, GM, IM, WGM and WIM opponents hold the norm's title or higher; FM and
    # WFM are titled but not "WIM or higher".
    titles = ["GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM", ""]
    games = [Game(2200, "\u00bd", f"Opponent {i}", t, "FRA") for i, t in enumerate(titles)]
    path = tmp_path / "nm.xlsx"
    nm.build(path, nm.NormSheetData(federation="ESP", title="WIM", rules="2025", games=games))
    values = _evaluate(path)
    higher = [values[(NM, a1(nm.R_FIRST + i, nm.C_HIGHER))] for i in range(9)]
    titled = [values[(NM, a1(nm.R_FIRST + i, nm.C_TITLED))] for i in range(9)]
    assert higher == ["yes"] * 4 + ["no"] * 5
    assert titled == ["yes"] * 6 + ["no"] * 3
    # nine games all from FRA: 9 > 2/3 x 9 and only one foreign federation
    assert _nm_checks(values)[1] == (1, 2, "no")
    assert _nm_checks(values)[3] == (9, 6, "no")


def test_norm_blank(tmp_path: Path) -> None:
    path = tmp_path / "nm.xlsx"
    nm.build(path)
    values = _evaluate(path)
    assert not _errors(values, NM, _visible_cells(NM, nm.P_TABLE + 5, nm.LAST_COL))
    assert values[(NM, a1(nm.R_UNRATED, nm.C_HIGHER))] == 1400
    assert (
        values[(NM, a1(nm.R_FIGURES, nm.C_COUNTED))] == "GM norm: Ra ≥ 2380, Rp ≥ 2600; floor 2200"
    )
    with pytest.raises(ValueError, match="title"):
        nm.build(path, nm.NormSheetData(title="FM"))


# ------------------------------------------------------------------------- printing


PRINTS: list[tuple[str, Any, Any, list[str]]] = [
    (
        "rating_calculator",
        rc,
        _chesschat_period(),
        ["Example, Player", "-12.20", "1988", "Tournament 6"],
    ),
    ("rating_calculator_blank", rc, None, ["Rating period (all tournaments)", "Tournament 6"]),
    (
        "initial_rating",
        ir,
        _first_data(FIVE, "2024"),
        ["Newcomer, Nina", "1993", "1942.86", "0.57"],
    ),
    ("initial_rating_blank", ir, None, ["Would it be published?"]),
    (
        "norms",
        nm,
        nm.NormSheetData(
            federation="ESP",
            title="GM",
            name="Seeker, Sol",
            rules="2025",
            games=[Game(r, w, "", t, f) for r, t, f, w in GM_EVENT],
        ),
        ["Seeker, Sol", "2642", "Rd 9: 2150 raised to 2200", "(most: ESP)"],
    ),
    ("norms_blank", nm, None, ["Title Regulations checks"]),
]
"""Printed examples: id, template module, data (``None``: the blank template), text shown."""


def _printed_name(case: str, module: Any, data: Any) -> str:
    """The blank templates are the registry's own files; the filled ones get their own."""
    return f"{module.__name__.rsplit('.', 1)[1]}.xlsx" if data is None else f"{case}_filled.xlsx"


def _builder(module: Any, data: Any) -> Any:
    return lambda path: module.build(path, data)


for _case, _module, _data, _ in PRINTS:
    print_once(_printed_name(_case, _module, _data), _builder(_module, _data))


@needs_render
@pytest.mark.parametrize(
    ("case", "module", "data", "expected"), PRINTS, ids=[case for case, *_ in PRINTS]
)
def test_prints_landscape(
    printed: dict[str, Printed], case: str, module: Any, data: Any, expected: list[str]
) -> None:
    book = printed[_printed_name(case, module, data)]
    assert book.info.landscape and book.info.paper == "A4"
    assert book.pngs
    first_sheet = book.text.split("FIDE Rating Regulations: conversion tables")[0]
    for text in expected:
        assert text in first_sheet
    assert "#N/A" not in first_sheet and "#VALUE!" not in first_sheet


@pytest.mark.parametrize(
    ("round_8", "games", "points", "text"),
    [
        ("", 7, 5.5, "Points needed: 1.5 more in the 2 rounds to come"),
        ("1", 8, 6.5, "Points needed: 0.5 more in the 1 round to come"),
    ],
)
def test_norm_forecast_rounds_to_come(
    tmp_path: Path, round_8: str, games: int, points: float, text: str
) -> None:
    # The GM event above with round 9 paired (the 2150), no result yet, and round 8 (the
    # 2300) either not played yet or won. Played in rounds 1-7: 1 + ½ + 1 + ½ + 1 + 1 + ½ =
    # 5.5. Over all nine opponents (as in test_norm_gm): 21750, the 2150 raised to the GM
    # floor 2200: Ra 21800 / 9 = 2422.2 -> 2422; Rp 2600 needs dp 178 -> p 74 % (73 %: 175;
    # 74 %: 184), 0.735 x 9 = 6.615 -> 7 points: 1.5 more in the 2 rounds to come after 7
    # rounds (as xlfuncs norms --forecast), 0.5 more in the 1 round ("round") after 8.
    played = [Game(r, w, f"Opponent {i + 1}", t, f) for i, (r, t, f, w) in enumerate(GM_EVENT)]
    played[7] = Game(2300, round_8, "Opponent 8", "FM", "ITA")
    played[8] = Game(2150, "", "Opponent 9", "", "ESP")
    path = tmp_path / "nm.xlsx"
    nm.build(path, nm.NormSheetData(federation="ESP", title="GM", rules="2025", games=played))
    values = _evaluate(path)
    assert _perf(values, nm.P_GAMES) == games
    assert _perf(values, nm.P_POINTS) == points
    assert _perf(values, nm.P_NEEDED) == 7
    assert values[(NM, a1(nm.P_NEEDED + 1, nm.C_NAME))] == text
    assert cached_mismatches(path, values, NM) == []
