"""``RATING_WORKING``: one player's rating working as a block (a rated player's change game
by game, an unrated player's first rating), the players named by their rows; the figures
of the lines sum to the value, as the tie-break working's test checks its own.

Expected values: the chesschat.org example of ``core.rating_change.rating_change`` (2022
rules: 2000 scores 5.5/7 with K 20, the 400-point rule upgrades one opponent, 1063 to 1600;
the change -12.2, rounded once -12), and the first rating of docs/fide-rules.md (2024
text, 8.2: two hypothetical 1800s drawn; 5 games against an average of 2000 with 3 points:
Ru 1993), worked by hand beside them.
"""

from __future__ import annotations

from typing import Any

import pytest

from xlfuncs.excel.rating_working import RATING_COLUMNS
from xlfuncs.udfs import EXPLAIN_ERROR, RATING_WORKING


def _event(
    own: float | None, k: float | None, games: list[tuple[float | None, Any]]
) -> tuple[list[list[Any]], list[list[Any]], list[list[Any]], list[list[Any]]]:
    """Ranges of a Swiss: row 1 meets row j + 2 in round j + 1 (rating given, ``None``
    unrated) with the result given; the others play no other game."""
    back = {1.0: 0.0, 0.0: 1.0, "½": "½"}
    n, rounds = len(games) + 1, len(games)
    ratings = [[own], *[[r] for r, _ in games]]
    ks = [[k]] + [[None]] * (n - 1)
    results: list[list[Any]] = [[w for _, w in games]]
    opponents: list[list[Any]] = [[float(j + 2) for j in range(rounds)]]
    for j, (_, w) in enumerate(games):
        results.append([back[w] if r == j else None for r in range(rounds)])
        opponents.append([1.0 if r == j else None for r in range(rounds)])
    return ratings, ks, results, opponents


CHESSCHAT = [(1063.0, 1.0), (1299.0, 1.0), (1413.0, 1.0), (1872.0, "½"), (1851.0, 0.0)]
CHESSCHAT += [(1427.0, 1.0), (1682.0, 1.0)]


def test_the_rating_change_block_sums_to_the_change() -> None:
    # 2022: one upgrade a tournament, the largest difference: 1063 counts as 1600 (PD
    # 0.92); sum of K x (W - PD) = -12.2, rounded once -12; new rating 1988
    ratings, ks, results, opponents = _event(2000.0, 20.0, CHESSCHAT)
    block = RATING_WORKING(1, ratings, ks, results, opponents, "2022")
    assert isinstance(block, list) and all(len(row) == RATING_COLUMNS for row in block)
    head, header, *lines, last = block
    assert head[:3] == ["rating change", "2022", -12]
    assert head[8] == "Rating Regulations 2022: own rating 2000; K 20 (K x n = 140 <= 700)"
    assert header[0] == "round" and header[7] == "K x (W - PD)"
    assert [row[0] for row in lines] == [1, 2, 3, 4, 5, 6, 7]
    assert [row[1] for row in lines] == [2, 3, 4, 5, 6, 7, 8]
    assert lines[0][2:6] == [1063, 1600, 1.0, pytest.approx(0.92)]
    assert lines[0][8].startswith("400-point rule")
    assert sum(row[7] for row in lines) == pytest.approx(last[7]) == pytest.approx(-12.2)
    assert sum(row[4] for row in lines) == last[4] == 5.5
    assert last[8].endswith("-12; new rating 1988")


def test_the_first_rating_block_sums_to_ra_and_the_score() -> None:
    # 2024: Ra = (1800 + 1900 + 2000 + 2100 + 2200 + 1800 + 1800) / 7 = 13600 / 7 = 1942.86;
    # 3 + 1/2 + 1/2 = 4 of 7: p .57, dp 50; Ru = 1992.86 -> 1993, published
    games = [(1800.0, 1.0), (1900.0, 1.0), (2000.0, 0.0), (2100.0, "½"), (2200.0, "½")]
    ratings, ks, results, opponents = _event(None, None, games)
    block = RATING_WORKING(1, ratings, ks, results, opponents, "2024")
    assert isinstance(block, list) and all(len(row) == RATING_COLUMNS for row in block)
    assert block[0][:3] == ["first rating", "2024", 1993]
    assert block[0][8] == "Rating Regulations 2024: Ru = Ra + dp"
    lines = block[2:9]
    assert [row[0] for row in lines] == [1, 2, 3, 4, 5, "", ""]  # two hypothetical 1800s
    in_ra = [row[2] for row in lines if row[3] is True]
    in_score = [row[4] for row in lines if row[5] is True]
    ra, p, ru, value, published, rule = block[9:]
    assert (ra[0], ra[2], ra[3]) == ("Ra", sum(in_ra), len(in_ra)) == ("Ra", 13600, 7)
    assert ra[7] == pytest.approx(13600 / 7)
    assert (p[4], p[5], p[7]) == (sum(in_score), len(in_score), 0.57) == (4, 7, 0.57)
    assert ru[7] == pytest.approx(13600 / 7 + 50)
    assert (value[7], published[7]) == (1993, True)
    assert "hypothetical" in rule[8]


def test_errors() -> None:
    ratings, ks, results, opponents = _event(2000.0, None, CHESSCHAT)
    assert RATING_WORKING(1, ratings, ks, results, opponents, "2022") == "#N/A"  # no K
    assert "K is not known" in EXPLAIN_ERROR(
        "RATING_WORKING", 1, ratings, ks, results, opponents, "2022"
    )
    assert RATING_WORKING(9, ratings, ks, results, opponents) == "#NUM!"
    unrated_only = _event(None, None, [(None, 1.0)])
    assert RATING_WORKING(1, *unrated_only) == "#N/A"  # no game against a rated opponent
    bad = [row[:] for row in results]
    bad[3][2] = "x"
    assert RATING_WORKING(1, ratings, ks, bad, opponents, "2022") == "#VALUE!"


def test_rows_pad_the_block_to_a_fixed_height() -> None:
    # the Working sheet's ranges are fixed: blank rows make the block that high
    ratings, ks, results, opponents = _event(2000.0, 20.0, CHESSCHAT)
    block = RATING_WORKING(1, ratings, ks, results, opponents, "2022", None, 20.0)
    assert isinstance(block, list) and len(block) == 20
    assert block[10:] == [[""] * RATING_COLUMNS] * 10  # 2 + 7 games + 1 = 10 rows of working
    assert RATING_WORKING(1, ratings, ks, results, opponents, "2022", None, 0.0) == "#NUM!"


def test_a_round_without_a_game_keeps_the_rounds_after_it_in_their_places() -> None:
    # The chesschat event with round 3 blank for player 1 (absent: no opponent, no result),
    # the 1413 game played in round 4 instead, and so on: the games are those of the first
    # test but one (the 1413 win moved a round later), so the lines name rounds 1, 2, 4 ... 8
    # (as the report names a TRF's rounds), not 1 ... 7.
    ratings, ks, results, opponents = _event(2000.0, 20.0, CHESSCHAT)
    for row in (*results, *opponents):
        row.insert(2, None)  # round 3: nobody's game
    block = RATING_WORKING(1, ratings, ks, results, opponents, "2022")
    assert isinstance(block, list)
    _, _, *lines, _ = block
    assert [row[0] for row in lines] == [1, 2, 4, 5, 6, 7, 8]
    assert [row[1] for row in lines] == [2, 3, 4, 5, 6, 7, 8]
    assert sum(row[7] for row in lines) == pytest.approx(-12.2)  # the same games: the same sum


def test_a_first_ratings_lines_keep_their_rounds_too() -> None:
    # An unrated player (row 1) meets 2000, 2000, 2000 in rounds 1, 3, 4 (round 2 blank):
    # the lines name rounds 1, 3 and 4; the hypothetical opponents have none.
    ratings = [[None], [2000.0], [2000.0], [2000.0]]
    ks: list[list[Any]] = [[None]] * 4
    results = [
        [1.0, None, "½", 0.0],
        [0.0, None, None, None],
        [None, None, "½", None],
        [None, None, None, 1.0],
    ]
    opponents = [
        [2.0, None, 3.0, 4.0],
        [1.0, None, None, None],
        [None, None, 1.0, None],
        [None, None, None, 1.0],
    ]
    block = RATING_WORKING(1, ratings, ks, results, opponents, "2024")
    assert isinstance(block, list)
    rounds = [row[0] for row in block[2:] if row[1] in (2, 3, 4)]
    assert rounds == [1, 3, 4]
