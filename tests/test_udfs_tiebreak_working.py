"""``TIEBREAK_WORKING``: one player's working of one tie-break as a block, the players named
by their rows (an empty row between them), and its errors."""

from __future__ import annotations

from xlfuncs.udfs import EXPLAIN_ERROR, TIEBREAK_WORKING

# Two Swiss rounds, row 3 empty: 1-2 1-0, 4-5 1-0; then 1-4 1/2-1/2, 2-5 1-0.
RATINGS = [[2000], [2100], [None], [2050], [1900]]
OPPONENTS = [[2, 4], [1, 5], [None, None], [5, 1], [4, 2]]
RESULTS = [[1, "½"], [0, 1], [None, None], [1, "½"], [0, 0]]


def test_the_block_names_the_rows() -> None:
    # by hand: row 1 met row 2 (1 point) and row 4 (1.5 points): BH 2.5
    got = TIEBREAK_WORKING("BH", 1, RATINGS, RESULTS, OPPONENTS, "2026")
    assert got[0][:3] == ["BH", "C.07 2026", 2.5]
    assert [row[:3] for row in got[1:-1]] == [[1, 2, 1], [2, 4, 1.5]]
    assert "no. 4's adjusted score 1.5" in got[2][3] and got[2][4] == ""
    assert got[-1][:3] == ["=", "", 2.5] and len({len(r) for r in got}) == 1


def test_errors() -> None:
    assert TIEBREAK_WORKING("BH", 3, RATINGS, RESULTS, OPPONENTS) == "#N/A"
    assert "player 3: an empty row" in EXPLAIN_ERROR(
        "TIEBREAK_WORKING", "BH", 3, RATINGS, RESULTS, OPPONENTS
    )
    assert TIEBREAK_WORKING("BH", 6, RATINGS, RESULTS, OPPONENTS) == "#NUM!"
    assert TIEBREAK_WORKING("BH, SB", 1, RATINGS, RESULTS, OPPONENTS) == "#VALUE!"
