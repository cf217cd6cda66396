"""Issue 8, item 12: the Excel functions' error values and reasons.

Every reason is the real one (never "internal error"): a wrong number of arguments is named
from the function's signature, a numeric text too large for a number is ``#NUM!``, a ``rules``
cell holding NaN or an infinity is ``#NUM!``. Every Excel error value given in an argument
passes through: for a single value, the first one among the arguments (in argument order,
each range in reading order), as in Excel; for the whole-column forms, an error in a cell of
one player's row shows in that row (and in the rows of those who met that player), an error
in an argument shared by every row (a single cell: ``rules``, ``system``, ``period_date``,
or a range given as one cell) is the whole result.

The calls are the issue's; the ratings and results are the hand-worked ones of
``tests/test_udfs.py`` and ``tests/test_xlwings_routes.py`` (the comments say which).
"""

from __future__ import annotations

import datetime as dt
import inspect
import math
from typing import Any

import pytest

from xlfuncs import excel, udfs
from xlfuncs.udfs import (
    BLOQUE,
    BLOQUE_ALL,
    ELO_CHANGE,
    ELO_CHANGE_ALL,
    EXPECTED_SCORE,
    EXPLAIN_ERROR,
    K_FACTOR,
    K_FACTOR_ALL,
    NORM_ALL,
    NORM_MIX,
    NORM_TITLED,
    POINTS_ALL,
    RA_ALL,
    RP_FIDE,
    RP_FIDE_ALL,
    RP_PTP,
)


def col(*values: object) -> list[list[object]]:
    """A column range as xlwings passes it with ndim=2."""
    return [[v] for v in values]


def reason(name: str) -> str:
    """The reason kept for the last error of the function *name*."""
    return excel.last_errors()[name]


THREE = col(2400.0, 2500.0, 2600.0)
# A 4-player round robin (tests/test_xlwings_routes.py): player 3 unrated; each player one
# win, one draw, one loss. The same players over two Swiss rounds: 1-2 1-0, 3-4 1-0; then
# 1-3 ½-½, 2-4 1-0.
RATINGS4 = col(2000.0, 2100.0, None, 1900.0)
GRID4 = [[None, 1.0, "½", 0.0], [0.0, None, 1.0, "½"], ["½", 0.0, None, 1.0], [1.0, "½", 0.0, None]]
K4 = col(20.0, 20.0, None, 40.0)
OPPONENTS_SW = [[2.0, 3.0], [1.0, 4.0], [4.0, 1.0], [3.0, 2.0]]
RESULTS_SW = [[1.0, "½"], [0.0, 1.0], [1.0, "½"], [0.0, 0.0]]


# --- a wrong number of arguments -------------------------------------------------------
def test_an_argument_omitted_is_named() -> None:
    # was: "RP_FIDE: internal error (TypeError: RP_FIDE() missing 1 required positional
    # argument: 'score'); please report it"
    assert EXPLAIN_ERROR("RP_FIDE", col(2400.0, 2500.0)) == (
        "RP_FIDE: score is missing (omitted, or a blank cell): RP_FIDE(opponent_ratings, score)"
    )
    # the first one missing, with the optional ones in brackets
    assert EXPLAIN_ERROR("ELO_CHANGE", 2000.0, THREE) == (
        "ELO_CHANGE: results is missing (omitted, or a blank cell): "
        "ELO_CHANGE(own_rating, opponent_ratings, results, k, [rules], [rounded], [tournaments])"
    )
    # optional arguments omitted are no error: Ra 2500 + dp(2.5/3 = .83) 273
    assert EXPLAIN_ERROR("RP_FIDE", THREE, 2.5, None, None) == "OK"


def test_one_argument_too_many_says_how_many_it_takes() -> None:
    # was: "RP_PTP: internal error (TypeError: RP_PTP() takes 2 positional arguments but 3
    # were given); please report it"
    expected = (
        "RP_PTP: 3 arguments given, but it takes 2 arguments: RP_PTP(opponent_ratings, score)"
    )
    assert EXPLAIN_ERROR("RP_PTP", THREE, 2.5, 1.0) == expected
    # the function called so gives #VALUE! with the same reason
    assert RP_PTP(THREE, 2.5, 1.0) == "#VALUE!"  # type: ignore[call-arg]
    assert reason("RP_PTP") == expected
    # (BLOQUE takes a fifth, provisional, since issue 9: NORM_RP shows the optional range)
    assert EXPLAIN_ERROR("NORM_RP", THREE, 2.0, "GM", 2025.0, 1.0) == (
        "NORM_RP: 5 arguments given, but it takes 3 to 4 arguments: "
        "NORM_RP(opponent_ratings, score, title, [rules])"
    )


# --- numbers too large, and NaN / infinite rules ----------------------------------------
def test_numeric_text_of_5000_digits_is_out_of_range() -> None:
    # was: #VALUE!, "internal error (ValueError: Exceeds the limit (4300 digits) for integer
    # string conversion ...)"
    assert RP_FIDE(THREE, "9" * 5000) == "#NUM!"
    assert EXPLAIN_ERROR("RP_FIDE", THREE, "9" * 5000) == (
        "RP_FIDE: score: the text '99999999999999999999\u20269999999999' (5,000 characters) is "
        "too large a number (beyond 1.8E+308)"
    )
    assert K_FACTOR(2400.0, "9" * 5000) == "#NUM!"
    assert reason("K_FACTOR").startswith("K_FACTOR: rated_games: the text '9999")


def test_numeric_text_beyond_floats_is_out_of_range() -> None:
    # 1 followed by 400 zeros, 1E+400: was #NUM!, "internal error (OverflowError: integer
    # division result too large for a float)"
    big = "1" + "0" * 400
    assert RP_FIDE(THREE, big) == "#NUM!"
    assert EXPLAIN_ERROR("RP_FIDE", THREE, big) == (
        "RP_FIDE: score: the text '10000000000000000000\u20260000000000' (401 characters) is "
        "too large a number (beyond 1.8E+308)"
    )
    # 2E+308 has 309 digits, as many as the largest float (1.8E+308), and is still beyond it
    assert RP_FIDE(THREE, "2" + "0" * 308) == "#NUM!"
    assert "too large a number" in reason("RP_FIDE")


def test_long_numeric_text_within_range_is_read() -> None:
    # leading zeros and trailing decimals do not make a number large: 2.5 points, so
    # Ra 2500 + dp(.83) 273 = 2773 (FIDE table 8.1(a))
    assert RP_FIDE(THREE, "0" * 5000 + "2.5") == 2773
    assert RP_FIDE(THREE, "2.5" + "0" * 5000) == 2773


def test_long_text_is_shown_shortened() -> None:
    assert RP_FIDE(THREE, "x" * 5000) == "#VALUE!"
    assert reason("RP_FIDE") == (
        "RP_FIDE: score: expected a number, got the text "
        "'xxxxxxxxxxxxxxxxxxxx\u2026xxxxxxxxxx' (5,000 characters)"
    )


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_rules_nan_or_infinite(value: float) -> None:
    # was: "internal error (ValueError: cannot convert float NaN to integer)" (#VALUE!) or
    # "(OverflowError: cannot convert float infinity to integer)" (#NUM!)
    expected = f"rules: expected an edition id or a date, got the number {value}"
    assert EXPECTED_SCORE(2000.0, col(1900.0, 2100.0), value) == "#NUM!"
    assert reason("EXPECTED_SCORE") == f"EXPECTED_SCORE: {expected}"
    assert ELO_CHANGE(2000.0, THREE, col(1.0, 0.0, 0.0), 20.0, value) == "#NUM!"
    assert BLOQUE(col(1900.0, 2000.0), 1.0, None, value) == "#NUM!"
    assert reason("BLOQUE") == f"BLOQUE: {expected}"
    assert ELO_CHANGE_ALL(RATINGS4, K4, GRID4, None, value) == "#NUM!"
    assert reason("ELO_CHANGE_ALL") == f"ELO_CHANGE_ALL: {expected}"


# --- error values pass through ---------------------------------------------------------
@pytest.mark.parametrize("error", ["#N/A", "#DIV/0!", "#REF!"])
def test_an_error_as_opponents_passes_through(error: str) -> None:
    # a single cell shared by every row is the whole result; was #VALUE! ("opponents and
    # results must have the same shape")
    assert ELO_CHANGE_ALL(RATINGS4, K4, RESULTS_SW, error) == error
    assert (
        reason("ELO_CHANGE_ALL") == f"ELO_CHANGE_ALL: opponents: the cell holds the error {error}"
    )
    assert BLOQUE_ALL(RATINGS4, RESULTS_SW, error) == error
    assert NORM_ALL(RATINGS4, RESULTS_SW, [[error]]) == error  # a range of one cell
    assert reason("NORM_ALL") == f"NORM_ALL: opponents: the cell holds the error {error}"


def test_an_error_in_one_players_opponents_shows_in_the_rows_it_reaches() -> None:
    # player 2's round-1 opponent is #N/A: row 2 shows it, and so do players 1 and 4, who
    # met player 2 (was #VALUE! for them); player 3 met 4 and 1: 1900 (1), 2000 (½), so
    # Ra 1950 + dp(.75) 193 = 2143 (tests/test_xlwings_routes.py)
    opponents = [[2.0, 3.0], ["#N/A", 4.0], [4.0, 1.0], [3.0, 2.0]]
    assert RP_FIDE_ALL(RATINGS4, RESULTS_SW, opponents) == col("#N/A", "#N/A", 2143, "#N/A")
    assert EXPLAIN_ERROR("RP_FIDE_ALL", RATINGS4, RESULTS_SW, opponents) == (
        "RP_FIDE_ALL: row 1: met the player of row 2, whose row shows #N/A; "
        "row 2: opponents (row 2, round 1): the cell holds the error #N/A; "
        "row 4: met the player of row 2, whose row shows #N/A"
    )


def test_norm_all_passes_an_error_in_titles_through() -> None:
    # was ignored: every row blank (no norm) and EXPLAIN_ERROR "OK"
    titles = col(None, None, "#N/A", None)
    # player 3 met 4 and 1; player 2 met neither 3 nor an error row: blank, no norm
    assert NORM_ALL(RATINGS4, RESULTS_SW, OPPONENTS_SW, None, None, titles) == col(
        "#N/A", "", "#N/A", "#N/A"
    )
    assert "row 3: titles (row 3): the cell holds the error #N/A" in EXPLAIN_ERROR(
        "NORM_ALL", RATINGS4, RESULTS_SW, OPPONENTS_SW, None, None, titles
    )
    # a single cell for every row (was #VALUE!, "every column must have 4 rows")
    assert NORM_ALL(RATINGS4, GRID4, None, None, None, "#N/A") == "#N/A"
    # an error in sexes shows in that row (was the whole result)
    sexes = col(None, "#DIV/0!", None, None)
    assert NORM_ALL(RATINGS4, RESULTS_SW, OPPONENTS_SW, sexes) == col(
        "#DIV/0!", "#DIV/0!", "", "#DIV/0!"
    )


def test_the_first_error_met_in_argument_order() -> None:
    # K_FACTOR reads birth_year before rating (was #N/A); Excel answers the first argument's
    assert K_FACTOR("#DIV/0!", 30.0, "#N/A") == "#DIV/0!"
    assert reason("K_FACTOR") == "K_FACTOR: rating: the cell holds the error #DIV/0!"
    # BLOQUE reads system first (was #REF!)
    assert BLOQUE(col(1900.0, "#N/A"), 1.0, "#REF!") == "#N/A"
    assert reason("BLOQUE") == "BLOQUE: opponent_ratings (cell 2): the cell holds the error #N/A"
    # an error value wins over a wrong value met before it
    assert RP_FIDE(col(2400.0, "abc", "#NUM!"), 1.0) == "#NUM!"


def test_an_error_in_a_row_wins_over_a_wrong_value_in_it() -> None:
    # was #VALUE! ("got 'abc'"): the row's error value is its answer
    assert POINTS_ALL([[None, "abc", "#N/A"], [1.0, None, 0.0], [1.0, 1.0, None]]) == col(
        "#N/A", 1, 2
    )
    # an error on a grid's diagonal (was #VALUE!, "the diagonal is blank"); in a round
    # robin everyone met player 1
    grid = [["#N/A", 1.0, "½", 0.0], *GRID4[1:]]
    assert RA_ALL(RATINGS4, grid) == col("#N/A", "#N/A", "#N/A", "#N/A")


def test_cells_not_used_still_pass_their_error_through() -> None:
    # an unrated player's row (no K) with an error in it: was blank
    assert K_FACTOR_ALL(col(2000.0, None), col(10.0, None), col(1990.0, "#N/A")) == col(40, "#N/A")
    # a period date shared by every row: the whole result (was #N/A in rated rows only)
    assert K_FACTOR_ALL(col(2000.0, None), col(10.0, None), None, None, "#N/A") == "#N/A"
    # the title of a game not played (was TRUE, TRUE / blank, blank)
    assert NORM_TITLED(col("GM", "#N/A"), col(1.0, None), "GM") == "#N/A"
    assert reason("NORM_TITLED") == "NORM_TITLED: titles (cell 2): the cell holds the error #N/A"
    # the federation of a game not played (was the six checks)
    assert (
        NORM_MIX(
            col(2500.0, 2400.0), col(1.0, None), col("GM", "IM"), col("GER", "#N/A"), "ESP", "GM"
        )
        == "#N/A"
    )


# --- every argument, every cell --------------------------------------------------------
# A valid call of each function (values from tests/test_udfs.py and the README); an error
# value put in any one argument, or any one cell of a range, comes back.
NINE = col(2600.0, 2550.0, 2500.0, 2450.0, 2450.0, 2400.0, 2350.0, 2300.0, 2150.0)
CALLS: list[tuple[str, list[Any]]] = [
    ("DP_LOOKUP", [2.5, 3.0]),
    ("PD_LOOKUP", [400.0]),
    ("EXPECTED_SCORE", [2000.0, col(1900.0, 2100.0), 2025.0]),
    ("RP_EXACT", [THREE, 2.5]),
    ("RP_FIDE", [THREE, col(1.0, "½", 1.0)]),
    ("RP_LINEAR", [THREE, 2.5]),
    ("RP_PTP", [THREE, 2.5]),
    ("ELO_CHANGE", [2000.0, THREE, col(1.0, 0.0, 0.0), 20.0, 2022.0, False]),
    ("ELO_DETAIL", [2000.0, THREE, col(1.0, 0.0, 0.0), 20.0, 2022.0]),
    ("K_FACTOR", [2250.0, 80.0, 2008.0, False, dt.datetime(2026, 11, 30)]),
    ("K_FOR_GAMES", [40.0, 20.0]),
    # 1500 - 20 = 1480: above the 2025 floor, 1400 (docs/editions.md): no mark
    ("UNRATED_AGAIN", [1500.0, -20.0, 2025.0]),
    # 2000 v 2050 at 90 minutes for 60 moves: a player rated 1800 or higher needs 90, rated
    ("GAME_RATED", [2000.0, 2050.0, 90.0, 2025.0]),
    ("BLOQUE", [col(1900.0, 1950.0, 2000.0, 2050.0, 2100.0), 3.0, "swiss", 2022.0]),
    ("NORM_RP", [NINE, 6.5, "GM", 2025.0]),
    ("NORM_POINTS", [NINE, "GM", 2025.0]),
    ("NORM_RATINGS", [col(2600.0, 2400.0, 1500.0), col(1.0, "½", 0.0), "GM", 2025.0]),
    ("NORM_FIGURES", [col(2600.0, 2550.0, 2500.0), col(1.0, "½", 1.0), "GM", 2025.0]),
    ("NORM_TITLED", [col("GM", "IM", None), col(1.0, "½", 0.0), "GM"]),
    (
        "NORM_MIX",
        [col(2600.0, 2550.0), col(1.0, "½"), col("GM", "IM"), col("GER", "FRA"), "ESP", "GM"],
    ),
    ("POINTS_ALL", [GRID4]),
    ("SB_ALL", [RESULTS_SW, OPPONENTS_SW]),
    ("RATED_GAMES_ALL", [RATINGS4, GRID4]),
    ("RA_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW]),
    ("RP_FIDE_ALL", [RATINGS4, GRID4]),
    ("RP_EXACT_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW]),
    ("ELO_CHANGE_ALL", [RATINGS4, K4, RESULTS_SW, OPPONENTS_SW, 2025.0]),
    ("BLOQUE_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW, "swiss", 2025.0]),
    ("NORM_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW, col("m", "w", "f", None), 2025.0, K4]),
    (
        "NORM_PLAN",
        [
            RATINGS4,
            col("GM", "IM", None, None),
            col("ESP", "FRA", None, "GER"),
            col("m", "w", None, "f"),
            9.0,
            "ESP",
            2025.0,
        ],
    ),
    ("K_FACTOR_ALL", [RATINGS4, col(10.0, 40.0, None, 100.0), col(2008.0, None, None, 1980.0)]),
    (
        "TIEBREAK_ALL",
        [
            "BH/C1",
            RATINGS4,
            RESULTS_SW,
            OPPONENTS_SW,
            "2026",
            [["w", "b"], ["b", "w"], ["b", "w"], ["w", "b"]],
        ],
    ),
    ("TIEBREAK_ALL", ["SB", RATINGS4, GRID4]),
    ("TIEBREAK", ["BH", 2.0, RATINGS4, RESULTS_SW, OPPONENTS_SW, "2023"]),
    ("TIEBREAK_WORKING", ["BH", 2.0, RATINGS4, RESULTS_SW, OPPONENTS_SW, "2023"]),
    ("RATING_WORKING", [1.0, RATINGS4, K4, RESULTS_SW, OPPONENTS_SW, 2025.0]),
    ("RANK_ALL", [col(1.5, 1.0, 1.5, 0.0), col(2.5, 1.5, 1.5, 2.5), col(3.0, 2.0, 1.0, 0.0)]),
]


def _injections() -> list[tuple[str, list[Any], int, tuple[int, int] | None]]:
    found: list[tuple[str, list[Any], int, tuple[int, int] | None]] = []
    for name, args in CALLS:
        for a, value in enumerate(args):
            found.append((name, args, a, None))
            if isinstance(value, list):
                for r, row in enumerate(value):
                    for c in range(len(row)):
                        found.append((name, args, a, (r, c)))
    return found


def test_the_valid_calls_are_valid() -> None:
    for name, args in CALLS:
        result = udfs.FUNCTIONS[name](*args)
        assert not excel.error_in(result, name), (name, result)


@pytest.mark.parametrize(("name", "args", "where", "cell"), _injections())
def test_an_error_anywhere_passes_through(
    name: str, args: list[Any], where: int, cell: tuple[int, int] | None
) -> None:
    given = [[list(row) for row in a] if isinstance(a, list) else a for a in args]
    if cell is None:
        given[where] = "#N/A"
    else:
        given[where][cell[0]][cell[1]] = "#N/A"
    result = udfs.FUNCTIONS[name](*given)
    if name.endswith("_ALL") and cell is not None and isinstance(result, list):
        # in the player's row; never a #VALUE! anywhere
        assert result[cell[0]] == ["#N/A"], (result, excel.last_errors().get(name))
        assert "#VALUE!" not in str(result)
    elif result != [["#N/A"]]:  # results as one cell: a crosstable of one player
        assert result == "#N/A", (result, excel.last_errors().get(name))
    assert "internal error" not in EXPLAIN_ERROR(name, *given)


# --- one reader for every rules argument ------------------------------------------------
RULES_FUNCTIONS = sorted(
    name for name, fn in udfs.FUNCTIONS.items() if "rules" in inspect.signature(fn).parameters
)
"""Every function taking a ``rules`` argument, found from the signatures: a new one is
covered by the test below, and needs a valid call in :data:`CALLS`."""


def test_every_function_taking_rules_has_a_valid_call() -> None:
    assert len(RULES_FUNCTIONS) >= 16
    missing = set(RULES_FUNCTIONS) - {name for name, _ in CALLS}
    assert not missing, f"add a valid call of {sorted(missing)} to CALLS"


def _with_rules(name: str, value: object) -> list[Any]:
    """The valid call of *name* from :data:`CALLS` with *value* as its ``rules``."""
    args = list(next(args for called, args in CALLS if called == name))
    where = list(inspect.signature(udfs.FUNCTIONS[name]).parameters).index("rules")
    args += [None] * (where + 1 - len(args))
    args[where] = value
    return args


@pytest.mark.parametrize("name", RULES_FUNCTIONS)
@pytest.mark.parametrize(
    ("value", "code", "why"),
    [
        (math.nan, "#NUM!", "expected an edition id or a date, got the number nan"),
        (math.inf, "#NUM!", "expected an edition id or a date, got the number inf"),
        (-math.inf, "#NUM!", "expected an edition id or a date, got the number -inf"),
        ("no such rules", "#VALUE!", "unknown "),  # an edition (C.07's, or the ratings')
        ("2024-13-45", "#VALUE!", "invalid date '2024-13-45' (no such day)"),
    ],
)
def test_a_bad_rules_is_an_excel_error_with_its_reason(
    name: str, value: object, code: str, why: str
) -> None:
    # was, for NORM_RP, NORM_POINTS, NORM_RATINGS, NORM_FIGURES and NORM_ALL: "internal
    # error (ValueError: cannot convert float NaN to integer)" (#VALUE!) or "(OverflowError:
    # cannot convert float infinity to integer)" (#NUM!): their reader had no finiteness check
    args = _with_rules(name, value)
    # one cell shared by every row: the whole result, also for the whole-column forms
    assert udfs.FUNCTIONS[name](*args) == code, (name, value)
    explained = EXPLAIN_ERROR(name, *args)
    assert explained.startswith(f"{name}: rules: {why}"), explained
    assert "internal error" not in explained
