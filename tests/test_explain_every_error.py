"""Every error value a cell function answers has its reason, and no argument exhausts Excel.

The classes the cell fuzzer found (``tests/test_cell_fuzz.py`` finds them all again), each
on the smallest call: a function answering a cell of another's answer (``TIEBREAK``, one
player's row of every player's tie-breaks) answers its reason too; ``EXPLAIN_ERROR`` takes
as many arguments as the widest function and one more; what no cell holds (a whole number
beyond the floats, a numpy array) is refused, named by its argument; an answer or a block
past Excel's grid (1,048,576 rows, 16,384 columns) is ``#NUM!`` with its reason; a reason
names the argument at fault. The event: four players over two Swiss rounds (1-2 1-0, 3-4
1-0; then 1-3 ½-½, 2-4 1-0), as in ``tests/cell_calls.py``.
"""

from __future__ import annotations

import inspect
import time
from typing import Any

import numpy as np
import pytest
from cell_calls import COLOURS_SW, OPPONENTS_SW, RATED4, RATINGS4, RESULTS_SW, col

from xlfuncs import excel, udfs
from xlfuncs.excel import EXCEL_COLUMNS, EXCEL_ROWS, calls, errors
from xlfuncs.udfs import EXPLAIN_ERROR, RATING_WORKING, TIEBREAK, TIEBREAK_ALL, TIEBREAK_WORKING

BAD_OPPONENT = [[2.0, 3.0], [1.0, "abc"], [4.0, 1.0], [3.0, 2.0]]
"""Player 2's round-2 opponent is the text "abc"."""

TOO_HIGH = col(5000.0, 2100.0, 1950.0, 1900.0)
"""Player 1 rated 5000: no rating (1..4000)."""


# --- a cell of another function's answer keeps its reason --------------------------------
def test_tiebreak_with_a_bad_opponent_cell_is_explained() -> None:
    # the fuzz's finding: #VALUE! and EXPLAIN_ERROR "OK"
    assert TIEBREAK("SB", 2, RATED4, RESULTS_SW, BAD_OPPONENT) == "#VALUE!"
    assert EXPLAIN_ERROR("TIEBREAK", "SB", 2, RATED4, RESULTS_SW, BAD_OPPONENT) == (
        "TIEBREAK: row 2: opponents (row 2, round 2): expected a number, got the text 'abc'"
    )
    assert excel.last_errors()["TIEBREAK"] == EXPLAIN_ERROR(
        "TIEBREAK", "SB", 2, RATED4, RESULTS_SW, BAD_OPPONENT
    )


def test_tiebreak_with_a_rating_of_5000_is_explained() -> None:
    # the fuzz's finding: #NUM! and EXPLAIN_ERROR "OK"
    assert TIEBREAK("ARO", 1, TOO_HIGH, RESULTS_SW, OPPONENTS_SW) == "#NUM!"
    assert EXPLAIN_ERROR("TIEBREAK", "ARO", 1, TOO_HIGH, RESULTS_SW, OPPONENTS_SW) == (
        "TIEBREAK: row 1: ratings (row 1): 5000 is not a rating (expected 1..4000, 0 = unrated)"
    )


def test_another_players_tiebreak_names_the_row_in_error_and_why() -> None:
    # a tie-break uses every row: player 1's SB shows row 2's error, and says what it is
    assert TIEBREAK("SB", 1, RATED4, RESULTS_SW, BAD_OPPONENT) == "#VALUE!"
    why = EXPLAIN_ERROR("TIEBREAK", "SB", 1, RATED4, RESULTS_SW, BAD_OPPONENT)
    assert why == (
        "TIEBREAK: row 1: a tie-break uses every player's row; row 2 shows #VALUE! "
        "(opponents (row 2, round 2): expected a number, got the text 'abc')"
    )
    assert TIEBREAK_WORKING("SB", 1, RATED4, RESULTS_SW, BAD_OPPONENT) == "#VALUE!"
    assert EXPLAIN_ERROR("TIEBREAK_WORKING", "SB", 1, RATED4, RESULTS_SW, BAD_OPPONENT) == (
        why.replace("TIEBREAK:", "TIEBREAK_WORKING:")
    )
    # the whole table lists each row once
    assert TIEBREAK_ALL("SB", RATED4, RESULTS_SW, BAD_OPPONENT) == [["#VALUE!"]] * 4
    assert EXPLAIN_ERROR("TIEBREAK_ALL", "SB", RATED4, RESULTS_SW, BAD_OPPONENT).startswith(
        "TIEBREAK_ALL: row 1: a tie-break uses every player's row; row 2 shows #VALUE!; "
        "row 2: opponents (row 2, round 2): expected a number"
    )


def test_rating_working_names_the_opponents_row_in_error_and_why() -> None:
    # player 1 met player 2 in round 1, whose row cannot be read
    args = (1, RATINGS4, col(20.0, 20.0, None, 40.0), RESULTS_SW, BAD_OPPONENT)
    assert RATING_WORKING(*args) == "#VALUE!"
    assert EXPLAIN_ERROR("RATING_WORKING", *args) == (
        "RATING_WORKING: row 1: met the player of row 2, whose row shows #VALUE! "
        "(opponents (row 2, round 2): expected a number, got the text 'abc')"
    )


def test_an_error_value_without_its_reason_is_an_internal_error() -> None:
    # the guard every function passes through: EXPLAIN_ERROR never says OK of an error
    # value, and one that lost its reason is reported as the bug it is
    @calls.excel_function
    def _lost(x: Any) -> Any:
        return [[1.0], ["#N/A"]]

    @calls.excel_function
    def _kept(x: Any) -> Any:
        return errors.ErrorValue("#N/A", "x: nothing to compute")

    assert _lost(1.0) == [[1.0], ["#N/A"]]
    assert calls.explain(_lost, 1.0) == (
        "_LOST: internal error (the answer (cell 2) shows #N/A without its reason); "
        "please report it"
    )
    assert _kept(1.0) == "#N/A" and type(_kept(1.0)) is str
    assert calls.explain(_kept, 1.0) == "_KEPT: x: nothing to compute"
    assert excel.last_errors()["_KEPT"] == "_KEPT: x: nothing to compute"


def test_a_one_answer_function_answers_its_arguments_first_error_before_it_runs() -> None:
    # answers_first_error: the first error value in argument order (a range in reading
    # order, a keyword argument in its parameter's place) is the answer, and the function
    # does not run; without one, it runs as it is
    ran: list[tuple[Any, ...]] = []

    @calls.excel_function
    @calls.answers_first_error
    def _one(a: Any, b: Any = None, c: Any = None) -> Any:
        ran.append((a, b, c))
        return 1.0

    assert _one(1.0, [[2.0, "#NUM!"]], "#N/A") == "#NUM!"
    assert _one(1.0, c="#DIV/0!", b=[["#N/A"]]) == "#N/A"
    assert _one(1.0, c="#DIV/0!") == "#DIV/0!"
    assert ran == []
    reason = calls.explain(_one, 1.0, [[2.0, "#NUM!"]], "#N/A")
    assert reason.startswith("_ONE: b") and reason.endswith("the cell holds the error #NUM!")
    assert _one(1.0, [[2.0]]) == 1.0 and ran == [(1.0, [[2.0]], None)]
    assert _one(1.0, 2.0, 3.0, 4.0) == "#VALUE!"  # one argument too many: as it is
    assert calls.explain(_one, 1.0, 2.0, 3.0, 4.0).startswith("_ONE: 4 arguments given")


# --- EXPLAIN_ERROR takes every function's arguments --------------------------------------
def test_explain_error_takes_every_argument_of_every_function_and_one_more() -> None:
    slots = len(inspect.signature(EXPLAIN_ERROR).parameters) - 1  # after function_name
    widest = max(len(inspect.signature(f).parameters) for f in udfs.FUNCTIONS.values())
    assert widest == 12  # TIEBREAK_WORKING
    assert slots == widest + 1
    # the 10th argument of TIEBREAK_WORKING, rows (was: EXPLAIN_ERROR took 7)
    args = ("SB", 2, RATED4, RESULTS_SW, OPPONENTS_SW, None, COLOURS_SW, None, None, -1)
    assert TIEBREAK_WORKING(*args) == "#NUM!"
    assert EXPLAIN_ERROR("TIEBREAK_WORKING", *args) == (
        "TIEBREAK_WORKING: rows: -1 is not a height (1 or more)"
    )
    assert EXPLAIN_ERROR("TIEBREAK_WORKING", *args, "3-1-0", "x", "y") == (
        "TIEBREAK_WORKING: 13 arguments given, but it takes 4 to 12 arguments: "
        "TIEBREAK_WORKING(descriptor, player, ratings, results, [opponents], [rules], "
        "[colours], [unrated], [system], [rows], [ptp_full_score], [scoring])"
    )


def test_explain_error_of_a_name_that_is_no_text() -> None:
    # was: ValueError (the truth value of an array is ambiguous) out of EXPLAIN_ERROR
    why = EXPLAIN_ERROR(np.array([1.0, 2.0]), 1.0)
    assert why.startswith("EXPLAIN_ERROR: unknown function array([1., 2.]); one of DP_LOOKUP")
    assert EXPLAIN_ERROR(10**5000).startswith(
        "EXPLAIN_ERROR: unknown function a whole number of about 5,001 digits"
    )


# --- what no cell holds -------------------------------------------------------------------
BIG = 10**400
"""A Python int beyond the floats: no cell holds it (Excel's numbers are floats)."""


@pytest.mark.parametrize(
    ("name", "args", "named"),
    [
        # was: "internal error (OverflowError: int too large to convert to float)"
        ("EXPECTED_SCORE", [2000.0, col(1900.0, 2100.0), BIG], "rules"),
        ("RP_FIDE", [col(2400.0, 2500.0), col(1.0, BIG)], "score (cell 2)"),
        ("K_FACTOR", [2250.0, 80.0, 2008.0, False, BIG], "period_date"),
        ("POINTS_ALL", [[[None, BIG], [0.0, None]]], "results (row 1, column 2)"),
        ("RANK_ALL", [col(1.5, BIG)], "points (cell 2)"),
        ("TIEBREAK_ALL", ["SB", RATED4, RESULTS_SW, OPPONENTS_SW, BIG], "rules"),
        # was: "internal error (ValueError: Exceeds the limit (4300 digits) ...)"
        ("TIEBREAK", ["ARO", 2, RATED4, RESULTS_SW, OPPONENTS_SW] + [None] * 4 + [10**5000], ""),
        (
            "ELO_CHANGE",
            [2000.0, col(2400.0, 2500.0), col(1.0, 0.0), 20.0, None, None, col("a", 10**5000)],
            "tournaments (cell 2)",
        ),
        # was: "internal error (OverflowError: integer division result too large for a float)"
        ("RP_EXACT", [col(2400.0, 2500.0), BIG], "score"),
    ],
)
def test_a_whole_number_beyond_floats_is_num_naming_its_argument(
    name: str, args: list[Any], named: str
) -> None:
    assert udfs.FUNCTIONS[name](*args) == "#NUM!"
    why = EXPLAIN_ERROR(name, *args)
    assert "internal error" not in why
    assert "is too large a number (beyond 1.8E+308, the largest a cell holds)" in why
    assert why.startswith(f"{name}: {named or 'ptp_full_score'}: ")


@pytest.mark.parametrize(
    ("name", "args", "named"),
    [
        # was: "internal error (ValueError: The truth value of an array ... is ambiguous)"
        ("RP_EXACT", [np.array([[2400.0], [2500.0]]), 1.0], "opponent_ratings"),
        ("RP_LINEAR", [np.array([]), 1.0], "opponent_ratings"),
        ("RP_PTP", [np.array([2400.0, 2500.0]), 1.0], "opponent_ratings"),
        ("TIEBREAK_ALL", ["SB", RATED4, np.array(RESULTS_SW, dtype=object)], "results"),
        ("RP_FIDE", [[[2400.0], [np.array([2500.0])]], 1.0], "opponent_ratings (cell 2)"),
    ],
)
def test_a_numpy_array_is_value_naming_its_argument(name: str, args: list[Any], named: str) -> None:
    assert udfs.FUNCTIONS[name](*args) == "#VALUE!"
    why = EXPLAIN_ERROR(name, *args)
    assert why.startswith(f"{name}: {named}: a numpy.ndarray of shape ("), why
    assert "not a cell or a range" in why


def test_an_error_value_still_wins_over_what_no_cell_holds() -> None:
    # as in Excel, the first error value among the arguments is the answer
    assert udfs.RP_FIDE(col(2400.0, BIG), "#N/A") == "#N/A"
    assert EXPLAIN_ERROR("RP_FIDE", col(2400.0, BIG), "#N/A") == (
        "RP_FIDE: score: the cell holds the error #N/A"
    )


def test_an_empty_range_is_refused_naming_its_argument() -> None:
    # was: the answer [] (nothing a cell can show), EXPLAIN_ERROR "OK"
    assert udfs.POINTS_ALL([]) == "#VALUE!"
    assert EXPLAIN_ERROR("POINTS_ALL", []) == "POINTS_ALL: results: a range of no cells"


# --- Excel's grid ---------------------------------------------------------------------------
@pytest.mark.parametrize("rows", [1e7, 1e308, 1_048_577.0])
def test_a_working_block_past_excels_rows_is_num(rows: float) -> None:
    # was: a 10-million-row array (1E+7), the memory exhausted (1E+308)
    start = time.perf_counter()
    tb = ("SB", 2, RATED4, RESULTS_SW, OPPONENTS_SW, None, None, None, None, rows)
    rw = (1, RATINGS4, col(20.0, 20.0, None, 40.0), RESULTS_SW, OPPONENTS_SW, None, None, rows)
    assert TIEBREAK_WORKING(*tb) == "#NUM!"
    assert RATING_WORKING(*rw) == "#NUM!"
    height = "1e+308" if rows == 1e308 else f"{int(rows):,}"
    for name, args in (("TIEBREAK_WORKING", tb), ("RATING_WORKING", rw)):
        assert EXPLAIN_ERROR(name, *args) == (
            f"{name}: rows: {height} is past Excel's grid (1,048,576 rows); give the height "
            "of the range the block fills"
        )
    assert time.perf_counter() - start < 2


def test_a_working_block_as_tall_as_a_sheet_can_hold_is_given() -> None:
    # 20 rows: the working's own rows, then blank ones
    block = TIEBREAK_WORKING("SB", 2, RATED4, RESULTS_SW, OPPONENTS_SW, None, None, None, None, 20)
    assert len(block) == 20 and block[-1] == [""] * 5


def test_an_answer_past_the_grid_is_num() -> None:
    assert (EXCEL_ROWS, EXCEL_COLUMNS) == (1_048_576, 16_384)

    @calls.excel_function
    def _tall() -> Any:
        return [[0.0]] * (EXCEL_ROWS + 1)

    @calls.excel_function
    def _wide() -> Any:
        return [[0.0] * (EXCEL_COLUMNS + 1)]

    assert _tall() == "#NUM!" and _wide() == "#NUM!"
    assert calls.explain(_tall) == (
        "_TALL: the answer has 1,048,577 rows, past Excel's grid (1,048,576 rows)"
    )
    assert calls.explain(_wide) == (
        "_WIDE: the answer has 16,385 columns, past Excel's grid (16,384 columns)"
    )


def test_norm_plan_with_a_huge_number_of_rounds_answers_at_once() -> None:
    # was: 1E+7 rounds 47 s, 1E+15 a MemoryError, 1E+308 an OverflowError (internal errors):
    # the plan made a list a round; every player is present in every round, so every round
    # has the first's 1.4.3d figures. Four players meet at most 3 opponents: every norm is
    # blocked by the players ("fewer opponents than rounds", 1.4.1)
    ratings = col(2000.0, 2100.0, None, 1900.0)
    titles, feds = col("GM", "IM", None, None), col("ESP", "FRA", None, "GER")
    start = time.perf_counter()
    for rounds in (9.0, 1e7, 1e15, 1e308):
        found = udfs.NORM_PLAN(ratings, titles, feds, col("m", "w", None, "f"), rounds, "ESP")
        assert found[3] == ["no: players"] * 4, (rounds, found)
    assert time.perf_counter() - start < 2


# --- a reason names the argument at fault ------------------------------------------------
@pytest.mark.parametrize(
    ("name", "args", "reason"),
    [
        # was: "every column must have 4 rows, one per player"
        (
            "ELO_CHANGE_ALL",
            [RATINGS4, col(20.0, 20.0, None), RESULTS_SW, OPPONENTS_SW],
            "k: 3 rows, but ratings has 4; every column must have one row per player",
        ),
        (
            "K_FACTOR_ALL",
            [RATINGS4, col(10.0, 40.0)],
            "rated_games: 2 rows, but ratings has 4; every column must have one row per player",
        ),
        # was: "expected one column, got 2 columns"
        (
            "UNRATED_AGAIN",
            [[[1500.0, 1410.0], [1.0, 2.0]], col(-20.0, -30.0)],
            "ratings: expected one column, got 2 columns",
        ),
        (
            "RATING_WORKING",
            [1, [[2000.0, 1.0], [2100.0, 1.0]], col(20.0, 20.0), [[None, 1.0], [0.0, None]]],
            "ratings: expected one column, got 2 columns",
        ),
        # was: "score: -1 points is not possible in 5 games" (BLOQUE has no argument score)
        (
            "BLOQUE",
            [col(1900.0, 1950.0, 2000.0, 2050.0, 2100.0), -1.0],
            "results_or_score: -1 points is not possible in 5 games",
        ),
        # was: "results (cell 2): ..." (NORM_FIGURES has no argument results)
        (
            "NORM_FIGURES",
            [col(2600.0, 2550.0, 2500.0), col(1.0, "abc", 1.0), "GM"],
            "score (cell 2): expected a result",
        ),
        # was: "row 2: K_FACTOR: rating: ..." (K_FACTOR's argument, not K_FACTOR_ALL's)
        (
            "K_FACTOR_ALL",
            [col(2000.0, "abc"), col(10.0, 40.0)],
            "row 2: ratings (row 2): expected a number, got the text 'abc'",
        ),
    ],
)
def test_the_reason_names_the_argument(name: str, args: list[Any], reason: str) -> None:
    answer = udfs.FUNCTIONS[name](*args)
    assert excel.error_in(answer, name) is not None, answer
    assert EXPLAIN_ERROR(name, *args).startswith(f"{name}: {reason}")
