"""How a score-or-results argument is read: a one-cell result symbol, and scores no games make.

The rule (FIDE Rating Regulations B.02, 8.1, in every edition; ``docs/fide-rules.md``,
"Rating change"): a game scores W = 1, ½ or 0. So a one-cell ``"="`` is a result (a draw),
read as in a longer range, and a bare score is a whole or half number of points: 1.3 points
is no set of games, and is refused (``#NUM!``) with a reason naming the argument and value.

Figures by hand, from the tables in ``docs/fide-rules.md`` (8.1(a) p -> dp; 8.1(b) D -> PD).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlfuncs import excel, udfs
from xlfuncs.core.errors import OutOfRangeError
from xlfuncs.core.norms import norm_performance
from xlfuncs.core.performance import rp_exact, rp_fide
from xlfuncs.core.validate import half_points, score

ONE = [[2443.0]]
"""One opponent rated 2443, as Excel passes a one-cell range (ndim=2)."""

# ------------------------------------------------------------ a one-cell result symbol


def test_one_cell_draw_is_a_result_in_every_performance() -> None:
    # 1 game, a draw: p = 0.5.
    # FIDE: Ra + dp(.50) = 2443 + 0 = 2443. Linear: 2443 + 800 x 0.5 - 400 = 2443.
    # Exact: 1 / (1 + 10^((2443 - R)/400)) = 0.5 at R = 2443.
    # PTP (C.07): the lowest R whose table expected score reaches 0.5: R = 2440 (2443 - R =
    # 3, band 0-3: the lower player expects 1 - .50 = .50); R = 2439 (D 4: 1 - .51 = .49) not.
    # Norm (GM): the only opponent, 2443, is above the floor 2200: Ra 2443, p 50 %, dp 0.
    # Old answer: #VALUE! for each (the cell was read as a bare number).
    assert udfs.RP_FIDE(ONE, [["="]]) == 2443
    assert udfs.RP_LINEAR(ONE, [["="]]) == 2443
    assert udfs.RP_EXACT(ONE, [["="]]) == 2443
    assert udfs.RP_PTP(ONE, [["="]]) == 2440
    assert udfs.NORM_RP(ONE, [["="]], "GM") == 2443


@pytest.mark.parametrize("rules", ["2017", "2022", "2024", "2025"])
def test_one_cell_draw_in_bloque_is_read_as_in_a_longer_range(rules: str) -> None:
    # BLOQUE's answer depends on the edition (and on whether the rules publish it); the
    # point here is the reading: a one-cell "=" is the same game as "=" in a two-cell range
    # whose second row is empty (no game), which was already read as a result.
    longer = udfs.BLOQUE([[2443.0], [None]], [["="], [None]], "swiss", rules)
    assert udfs.BLOQUE(ONE, [["="]], "swiss", rules) == longer
    assert udfs.BLOQUE(ONE, "=", "swiss", rules) == longer  # a value, not a range


@pytest.mark.parametrize(
    "symbol", ["=", "+", "-", "W<1", "D<1", "L<1", "H", "F", "U", "Z", " = ", "W", "d", "L"]
)
def test_every_symbol_reads_as_in_a_longer_range(symbol: str) -> None:
    # a one-cell symbol gives what the same symbol gives in a range with an empty second row
    # (a draw 2443; the unrated ones, forfeits, under one move and byes: #N/A, no rated game)
    # (a bare W, D, L: #VALUE!, refused for its two meanings, in one cell as in a range)
    rating = None if symbol.strip() in ("H", "F", "U", "Z") else 2443.0  # byes: no opponent
    one = udfs.RP_FIDE([[rating]], [[symbol]])
    assert one == udfs.RP_FIDE([[rating], [None]], [[symbol], [None]])
    bare = symbol.upper() in ("W", "D", "L")
    assert one == (2443 if symbol.strip() == "=" else "#VALUE!" if bare else "#N/A")
    if bare:
        assert "has two meanings" in excel.last_errors()["RP_FIDE"]


def test_one_cell_forfeit_is_not_a_rated_game() -> None:
    # "+" is a forfeit win: not rated (B.02: unplayed games are not rated), so there is no
    # rated game to compute a performance from: #N/A, not #VALUE!.
    assert udfs.RP_FIDE(ONE, [["+"]]) == "#N/A"
    assert "no rated game" in excel.last_errors()["RP_FIDE"]


def test_one_cell_number_is_still_a_bare_score() -> None:
    # 1 point against two rated opponents, 2400 and 2500: Ra 2450, p .50, dp 0 -> 2450.
    assert udfs.RP_FIDE([[2400.0], [2500.0]], [[1.0]]) == 2450
    # and text holding a number is a number too: "1½" points -> p .75, dp 193 -> 2643
    assert udfs.RP_FIDE([[2400.0], [2500.0]], [["1½"]]) == 2643


def test_one_cell_one_against_one_opponent_is_the_same_either_way() -> None:
    # The ambiguous case: one rating and a 1x1 cell holding 1. Read as a bare score (what a
    # number always is), it is 1 point from 1 game; read as a result, 1 is a win: the same
    # game. FIDE: p 1.00, dp 800 (notional): 2443 + 800 = 3243, both ways.
    assert udfs.RP_FIDE(ONE, [[1.0]]) == 3243
    assert udfs.RP_FIDE([[2443.0], [None]], [[1.0], [None]]) == 3243
    assert udfs.RP_FIDE(ONE, [[0.5]]) == udfs.RP_FIDE(ONE, [["="]]) == 2443


def test_one_cell_symbol_beside_two_ratings_is_a_size_mismatch() -> None:
    # a result belongs beside one rating: "=" beside two cells is a shape error
    assert udfs.RP_FIDE([[2400.0], [2500.0]], [["="]]) == "#VALUE!"
    assert "must be the same size" in excel.last_errors()["RP_FIDE"]


def test_is_results() -> None:
    assert excel.is_results([["="]]) and excel.is_results("=") and excel.is_results([["h"]])
    assert not excel.is_results([[1.0]]) and not excel.is_results("1") and not excel.is_results(2)
    assert not excel.is_results("½") and not excel.is_results("1/2")  # numbers: bare scores
    assert not excel.is_results("#N/A")  # an error passes on as the score's error
    assert excel.is_results([[1.0], [0.0]])


# ------------------------------------------------------------- scores no games make

TWO = [[2000.0], [2100.0]]


@pytest.mark.parametrize(
    "function",
    [udfs.RP_FIDE, udfs.RP_LINEAR, udfs.RP_EXACT, udfs.RP_PTP],
)
def test_a_score_no_games_make_is_num(function: object) -> None:
    # Old answer of RP_FIDE: 2160 (Ra 2050, p = 1.3/2 = .65, dp 110). 1.3 points cannot be
    # scored in games of 1, ½ or 0: #NUM!, the reason naming the argument and the value.
    assert function(TWO, 1.3) == "#NUM!"  # type: ignore[operator]
    reason = excel.last_errors()[function.__name__]  # type: ignore[attr-defined]
    assert "score: 1.3 points is not a score" in reason
    assert function(TWO, [[1.3]]) == "#NUM!"  # type: ignore[operator]
    assert function(TWO, [["1,3"]]) == "#NUM!"  # type: ignore[operator]


def test_a_half_point_score_still_computes() -> None:
    # 1½ of 2 against 2000 and 2100: Ra 2050, p .75, dp 193 -> 2243
    assert udfs.RP_FIDE(TWO, 1.5) == 2243
    assert udfs.RP_FIDE(TWO, "1½") == 2243


def test_norm_rp_and_bloque_refuse_it_too() -> None:
    nine = [[2500.0]] * 9
    assert udfs.NORM_RP(nine, 6.3, "GM") == "#NUM!"
    assert "score: 6.3 points is not a score" in excel.last_errors()["NORM_RP"]
    assert udfs.BLOQUE(TWO, 1.3) == "#NUM!"
    assert "results_or_score: 1.3 points is not a score" in excel.last_errors()["BLOQUE"]
    assert udfs.EXPLAIN_ERROR("BLOQUE", TWO, 1.3).startswith("BLOQUE: results_or_score: 1.3")


def test_core_checks_half_points_in_one_place() -> None:
    assert half_points(2.5) == Fraction(5, 2) and half_points(Fraction(3)) == 3
    with pytest.raises(OutOfRangeError, match=r"^points: 0\.25 points is not a score"):
        half_points(0.25, name="points")
    with pytest.raises(OutOfRangeError, match="1.3 points is not a score"):
        score(1.3, 2)
    with pytest.raises(OutOfRangeError, match="1.3 points is not a score"):
        rp_fide([2000, 2100], 1.3)
    with pytest.raises(OutOfRangeError, match="6.3 points is not a score"):
        norm_performance([2500] * 9, 6.3, "GM")
    # out of range is still out of range, named as before
    with pytest.raises(OutOfRangeError, match="2.5 points is not possible in 2 games"):
        score(2.5, 2)


def test_core_exact_performance_stays_a_function_of_any_score() -> None:
    # The exact performance is the inverse of the logistic expected score, defined for any
    # score between 0 and n (docs/exact-performance.md); the Excel functions take only
    # scores games make. Against 2000 and 2000, a score of 1.3 is reached where
    # 2 / (1 + 10^((2000 - R)/400)) = 1.3: R = 2000 + 400 log10(1.3/0.7) = 2107.5...
    assert rp_exact([2000, 2000], 1.3) == pytest.approx(2107.54, abs=0.01)
