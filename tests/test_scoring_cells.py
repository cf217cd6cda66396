"""The scoring system (TRF-2026 record 162) in cells: ``read_scoring`` (the text the charts'
``Scoring`` cell holds), and the ``scoring`` argument of ``POINTS_ALL`` and
``TIEBREAK_ALL``. Hand calculations in each test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlfuncs.core.errors import InvalidInputError
from xlfuncs.core.results import Outcome
from xlfuncs.core.scoring import DEFAULT_SCORING, ScoringSystem, read_scoring
from xlfuncs.udfs import EXPLAIN_ERROR, POINTS_ALL, TIEBREAK_ALL

# a three-player grid: 1 beats 2 and draws 3; 2 beats 3
GRID = [[None, "1", "="], ["0", None, "1"], ["=", "0", None]]
RATINGS = [[2000], [1900], [1800]]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("3-1-0", ScoringSystem(Fraction(3), Fraction(1))),
        ("1-½-0", DEFAULT_SCORING),
        ("2-1-0, absence 0", ScoringSystem(Fraction(2), Fraction(1))),
        ("1-0.5-0, pairing-allocated bye ½", ScoringSystem(pairing_bye=Fraction(1, 2))),
        ("3-1½-0, absence 1", ScoringSystem(Fraction(3), Fraction(3, 2), absence=Fraction(1))),
        ("", DEFAULT_SCORING),
    ],
)
def test_read_scoring(text: str, want: ScoringSystem) -> None:
    assert read_scoring(text) == want
    assert read_scoring(want.text) == want  # the text the chart writes reads back


@pytest.mark.parametrize("text", ["3-1", "3-x-0", "3-1-0, bonus 2", "-1-0-0"])
def test_read_scoring_refuses(text: str) -> None:
    with pytest.raises(InvalidInputError, match="scoring: "):
        read_scoring(text)


def test_points_all_follows_the_scoring_system() -> None:
    # 1-½-0: 1.5, 1, 0.5; 3-1-0: no. 1 3 + 1 = 4, no. 2 3, no. 3 1
    assert POINTS_ALL(GRID) == [[1.5], [1], [0.5]]
    assert POINTS_ALL(GRID, "3-1-0") == [[4], [3], [1]]
    # byes: a half-point bye is a draw's points, a zero-point bye an absence's
    rounds = [["H", "Z", "F"]]
    assert POINTS_ALL(rounds, "3-1-0, absence 1") == [[1 + 1 + 3]]
    assert ScoringSystem(Fraction(3), Fraction(1)).points(Outcome.HALF_BYE) == 1


def test_a_bad_scoring_cell_is_the_whole_result() -> None:
    assert POINTS_ALL(GRID, "three") == "#VALUE!"
    assert "scoring: expected the points of a win" in EXPLAIN_ERROR("POINTS_ALL", GRID, "three")
    assert TIEBREAK_ALL("SB", RATINGS, GRID, None, "2026", None, None, None, None, 3.0) == (
        "#VALUE!"
    )


def test_tiebreak_all_follows_the_scoring_system() -> None:
    # SB, 3-1-0 (the opponent's points times the points scored against them): no. 1 scored
    # 3 against no. 2 (3 points) and 1 against no. 3 (1 point): 9 + 1 = 10; no. 2 scored 3
    # against no. 3: 3; no. 3 scored 1 against no. 1 (4 points): 4. 1-½-0: 1 x 1 + ½ x ½ =
    # 1.25, 1 x ½ = 0.5, ½ x 1.5 = 0.75.
    assert TIEBREAK_ALL("SB", RATINGS, GRID) == [[1.25], [0.5], [0.75]]
    sb = TIEBREAK_ALL("SB", RATINGS, GRID, None, None, None, None, None, None, "3-1-0")
    assert sb == [[10], [3], [4]]
