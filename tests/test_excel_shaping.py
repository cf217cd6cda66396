"""The cells' shaping that the Excel functions' bodies call, through :mod:`xlfuncs.excel`:
tournaments grouped by label (ELO_CHANGE, ELO_DETAIL), a norm's opponents and score, the
opponents of the mix checks, every row's points, a function's value and reason as a cell
shows them. The figures are worked by hand in each test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlfuncs import excel
from xlfuncs.core.errors import InvalidInputError, OutOfRangeError
from xlfuncs.core.norms import NormOpponent
from xlfuncs.excel import columns, norms, rating_change


@pytest.mark.parametrize(
    ("cell", "label"),
    [(None, ""), ("", ""), (1.0, "1"), ("1", "1"), ("  Open A ", "open a"), ("OPEN A", "open a")],
)
def test_a_tournament_label_is_compared_as_written_in_any_case(cell: object, label: str) -> None:
    assert rating_change.tournament_label(cell) == label


def test_games_are_grouped_by_label_in_the_order_labels_first_appear() -> None:
    # Rows: 1500 won (A), 1600 drawn (B), a blank row (no game), 1700 lost (A), an unrated
    # opponent (0) won (B): rated games A: (1500, 1), (1700, 0); B: (1600, ½). Their places
    # among the rated games in reading order: 0 and 2 (A), 1 (B).
    ratings = [[1500.0], [1600.0], [None], [1700.0], [0.0]]
    results = [[1.0], [0.5], [None], [0.0], [1.0]]
    labels = [["A"], ["B"], [None], ["a"], ["B"]]
    groups, places = rating_change.tournaments(ratings, results, labels)
    assert groups == [[(1500, Fraction(1)), (1700, Fraction(0))], [(1600, Fraction(1, 2))]]
    assert places == [[0, 2], [1]]


def test_without_labels_every_game_is_one_tournament() -> None:
    groups, places = rating_change.tournaments([[1500.0], [1600.0]], [[1.0], [0.0]], None)
    assert groups == [[(1500, Fraction(1)), (1600, Fraction(0))]]
    assert places == [[0, 1]]


def test_labels_and_results_must_be_the_same_size() -> None:
    with pytest.raises(InvalidInputError, match="tournaments has 1 cell but results has 2"):
        rating_change.tournaments([[1500.0], [1600.0]], [[1.0], [0.0]], [["A"]])


def test_a_norm_reads_a_bare_score_or_the_results_beside_the_ratings() -> None:
    # A bare score: every non-blank rating cell is an opponent (0: unrated), 1.5 points.
    assert norms.norm_games([[2400.0], [0.0], [None]], 1.5) == ([2400, None], Fraction(3, 2))
    # Results: the forfeit (+) is no game; a blank rating beside a result is an unrated
    # opponent: opponents 2400 (1) and unrated (½), 1½ points.
    found = norms.norm_games([[2400.0], [None], [2500.0]], [[1.0], [0.5], ["+"]])
    assert found == ([2400, None], Fraction(3, 2))


def test_the_mix_checks_see_the_opponents_of_the_games_played() -> None:
    # The second game is a forfeit (-): no opponent for the mix checks.
    found = norms.mix_opponents(
        [[2500.0], [2450.0], [0.0]],
        [[1.0], ["-"], [0.5]],
        [["GM"], ["IM"], [None]],
        [["ESP"], ["GER"], ["FRA"]],
    )
    assert found == [NormOpponent(2500, "GM", "ESP"), NormOpponent(None, "", "FRA")]


def test_every_rows_points_with_its_error_in_its_row() -> None:
    # Row 1: 1 + ½ + a forfeit win (+) = 2½; row 2: no game (blank); row 3: "q" is no
    # result; row 4, a crosstable's diagonal (x) is no game: 1 + 0 = 1.
    found = columns.points_all_cells(
        [[1.0, "½", "+"], [None, None, None], [1.0, "q", 0.0], [1.0, "x", 0.0]]
    )
    assert found[:2] == [[2.5], [""]]
    assert found[2:] == [["#VALUE!"], [1]]
    assert excel.last_errors()["POINTS_ALL"].startswith("POINTS_ALL: row 3: results (row 3,")


def test_a_value_as_a_cell_shows_it_and_its_reason() -> None:
    # K of a 2000 player with 10 games before: 40 (fewer than 30 games, 8.3.3).
    assert excel.cell_result(rating_change.k_factor_cells, (2000.0, 10.0), "K_FACTOR") == (40, None)
    code, reason = excel.cell_result(rating_change.k_factor_cells, ("#N/A", 10.0), "K_FACTOR")
    assert code == "#N/A"
    assert reason == "K_FACTOR: rating: the cell holds the error #N/A"


@pytest.mark.parametrize(
    ("answer", "shown"),
    [
        ([[1, 2.5, None, "x", True]], [[1, 2.5, None, "x", True]]),  # rows as they are
        ([[Fraction(5, 2)], [Fraction(4)], [""]], [[2.5], [4], [""]]),
        ([[1], 2], [[1], 2]),  # not all rows: cell by cell
    ],
)
def test_to_excel_gives_rows_of_cells(answer: list[object], shown: list[object]) -> None:
    found = excel.to_excel(answer)
    assert found == shown and [type(c) for c in found] == [type(c) for c in shown]


@pytest.mark.parametrize("infinite", [float("inf"), float("-inf"), float("nan")])
def test_to_excel_refuses_an_infinite_cell_among_rows(infinite: float) -> None:
    with pytest.raises(OutOfRangeError, match="infinite"):
        excel.to_excel([[1.5], [infinite]])
