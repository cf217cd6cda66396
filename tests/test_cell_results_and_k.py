"""Results and K typed in cells: one reading for every function, never a silent figure.

Results. TRF16 lists ``W``, ``D``, ``L`` as the results of games of less than one move (scored,
not rated); a person typing them in a cell means a win, a draw, a loss. The two readings score
the same and differ in what is rated, so a cell takes neither: a bare ``W``, ``D``, ``L`` is
``#VALUE!``, and ``EXPLAIN_ERROR`` gives both meanings and what to type for each (``1``,
``½``, ``0`` rated; ``W<1``, ``D<1``, ``L<1`` less than one move), in every function that
reads results (one reader: :func:`xlfuncs.core.results.read_cell`).

K. One rule in a cell, a K file and a rating list (:func:`xlfuncs.core.rating_change.check_k`):
a whole number from 1 to 40. FIDE's K rule gives 40, 20 or 10 (Rating Regulations 8.3.3),
K x n <= 700 lowers it to any whole number below (K 20 over 39 games: 17); a larger K (1000
for 10) is refused in a cell with its reason and, in a K file, named with its line and not
used (``tests/test_trf_k_file.py``, ``tests/test_cli_report.py``).

Expected figures by hand, from FIDE's table 8.1(b) (rating difference D -> expected score
PD; ``docs/fide-rules.md``): D of 392 to 411 gives PD 0.92 to the higher-rated player and
0.08 to the lower-rated one. Under the rules of 2024 and 2025 a difference of more than 400
counts as 400, so 2000 against 2400, 2500 and 2600 expects 0.08 in each game.
"""

from __future__ import annotations

from typing import Any

import pytest

from xlfuncs import udfs

OPPONENTS = [[2400.0], [2500.0], [2600.0]]


def _reason(letter: str, meant: str, typed: str, where: str = "results (cell 1)") -> str:
    return (
        f"{where}: {letter!r} has two meanings: {meant}, or TRF's {letter.upper()}, {meant} in "
        f"a game of less than one move (scored, not rated); type {typed} for {meant}, "
        f"{letter.upper()}<1 for one of less than one move"
    )


def test_the_issue_s_call_is_an_error_with_its_reason_not_a_silent_zero() -> None:
    call = (2000.0, OPPONENTS, [["W"], ["D"], ["L"]], 20.0)
    assert udfs.ELO_CHANGE(*call) == "#VALUE!"
    assert udfs.EXPLAIN_ERROR("ELO_CHANGE", *call) == "ELO_CHANGE: " + _reason("W", "a win", "1")


def test_win_draw_loss_typed_as_1_half_0() -> None:
    # 2000 against 2400, 2500, 2600 (2025 rules: each difference counts as 400): PD 0.08
    # each, 0.24 in all; W 1 + ½ + 0 = 1.5; 1.5 - 0.24 = 1.26; K 20: 25.2, rounded 25.
    results = [[1.0], ["½"], [0.0]]
    assert udfs.ELO_CHANGE(2000.0, OPPONENTS, results, 20.0, 2025.0) == 25
    assert udfs.ELO_CHANGE(2000.0, OPPONENTS, results, 20.0, 2025.0, False) == 25.2
    assert udfs.ELO_DETAIL(2000.0, OPPONENTS, results, 20.0, 2025.0) == [
        [2400, 0.08, 0.92, 18.4],
        [2400, 0.08, 0.42, 8.4],
        [2400, 0.08, -0.08, -1.6],
    ]
    assert udfs.ELO_CHANGE(2000.0, OPPONENTS, [["1"], ["="], ["0"]], 20.0, 2025.0) == 25


def test_less_than_one_move_typed_as_w_d_l_below_1() -> None:
    # The draw of less than one move is scored, not rated: two rated games remain,
    # (1 - 0.08) + (0 - 0.08) = 0.84; K 20: 16.8, rounded 17.
    results = [[1.0], ["D<1"], [0.0]]
    assert udfs.ELO_CHANGE(2000.0, OPPONENTS, results, 20.0, 2025.0) == 17
    assert udfs.EXPLAIN_ERROR("ELO_CHANGE", 2000.0, OPPONENTS, results, 20.0, 2025.0) == "OK"
    # none rated: no rated game, so no change (a change of 0 by the rules, as for forfeits)
    none_rated = [["w<1"], ["d < 1"], ["L<1"]]
    assert udfs.ELO_CHANGE(2000.0, OPPONENTS, none_rated, 20.0, 2025.0) == 0
    assert udfs.ELO_DETAIL(2000.0, OPPONENTS, none_rated, 20.0, 2025.0) == "#N/A"


@pytest.mark.parametrize(
    ("letter", "meant", "typed"),
    [
        ("W", "a win", "1"),
        ("w", "a win", "1"),
        ("D", "a draw", "\u00bd (or =)"),
        ("d", "a draw", "\u00bd (or =)"),
        ("L", "a loss", "0"),
        ("l", "a loss", "0"),
    ],
)
def test_every_function_that_reads_results_refuses_a_bare_letter(
    letter: str, meant: str, typed: str
) -> None:
    results = [[letter], [1.0], [0.0]]
    reason = _reason(letter, meant, typed)
    calls: list[tuple[str, tuple[Any, ...], str]] = [
        ("ELO_CHANGE", (2000.0, OPPONENTS, results, 20.0), reason),
        ("ELO_DETAIL", (2000.0, OPPONENTS, results, 20.0), reason),
        ("RP_FIDE", (OPPONENTS, results), reason.replace("results", "score", 1)),
        ("RP_EXACT", (OPPONENTS, results), reason.replace("results", "score", 1)),
        ("RP_LINEAR", (OPPONENTS, results), reason.replace("results", "score", 1)),
        ("RP_PTP", (OPPONENTS, results), reason.replace("results", "score", 1)),
        ("BLOQUE", (OPPONENTS, results), reason.replace("results", "results_or_score", 1)),
        ("NORM_RP", (OPPONENTS, results, "GM"), reason.replace("results", "score", 1)),
        ("NORM_RATINGS", (OPPONENTS, results, "GM"), reason),
        ("NORM_FIGURES", (OPPONENTS, results, "GM"), reason.replace("results", "score", 1)),
        ("NORM_TITLED", ([["GM"], ["IM"], [None]], results, "GM"), reason),
        (
            "NORM_MIX",
            (
                OPPONENTS,
                results,
                [["GM"], ["IM"], [None]],
                [["ESP"], ["FRA"], ["GER"]],
                "ENG",
                "GM",
            ),
            reason,
        ),
    ]
    for name, args, expected in calls:
        assert getattr(udfs, name)(*args) == "#VALUE!", name
        assert udfs.EXPLAIN_ERROR(name, *args) == f"{name}: {expected}", name
    # one cell, not a range: read as a result too (not as a score that is no number)
    assert udfs.RP_FIDE([[2400.0]], letter) == "#VALUE!"
    assert udfs.EXPLAIN_ERROR("RP_FIDE", [[2400.0]], letter) == "RP_FIDE: " + _reason(
        letter, meant, typed, "score (cell 1)"
    )


def test_the_whole_column_forms_refuse_a_bare_letter_in_its_row() -> None:
    # A round robin of three: 1-2 a win in less than one move for 1 (W<1 / L<1), 1-3 a loss
    # for 1, 2-3 drawn. Written W and L, rows 1 and 2 are errors with their reasons.
    ratings = [[2000.0], [2100.0], [2200.0]]
    trf_letters = [[None, "W", 0.0], ["L", None, "\u00bd"], [1.0, "\u00bd", None]]
    for name, args in [
        ("POINTS_ALL", (trf_letters,)),
        ("RATED_GAMES_ALL", (ratings, trf_letters)),
        ("RP_FIDE_ALL", (ratings, trf_letters)),
        ("ELO_CHANGE_ALL", (ratings, [[20.0]] * 3, trf_letters)),
        ("TIEBREAK_ALL", ("SB", ratings, trf_letters)),
    ]:
        result = getattr(udfs, name)(*args)
        assert result[0] == ["#VALUE!"] and result[1] == ["#VALUE!"], name
        reason = udfs.EXPLAIN_ERROR(name, *args)
        assert _reason("W", "a win", "1", "results (row 1, column 2)") in reason, name
    # one player's tie-break: the value is the table's, and so is the reason (it said OK)
    assert udfs.TIEBREAK("SB", 1.0, ratings, trf_letters) == "#VALUE!"
    reason = udfs.EXPLAIN_ERROR("TIEBREAK", "SB", 1.0, ratings, trf_letters)
    assert reason.startswith(
        "TIEBREAK: row 1: " + _reason("W", "a win", "1", "results (row 1, column 2)")
    )
    cells = [[None, "W<1", 0.0], ["L<1", None, "\u00bd"], [1.0, "\u00bd", None]]
    # points: 1 + 0 = 1; 0 + ½ = ½; 1 + ½ = 1½ (the game of less than one move scores)
    assert udfs.POINTS_ALL(cells) == [[1], [0.5], [1.5]]
    # rated games: 1 has one (the loss to 3), 2 one (the draw), 3 two
    assert udfs.RATED_GAMES_ALL(ratings, cells) == [[1], [1], [2]]


@pytest.mark.parametrize(
    ("k", "error", "reason"),
    [
        (
            1000.0,
            "#NUM!",
            "k: K is a whole number from 1 to 40 (FIDE's K rule gives 40, 20 or 10; "
            "K x n <= 700 lowers it), got 1000",
        ),
        (
            41.0,
            "#NUM!",
            "k: K is a whole number from 1 to 40 (FIDE's K rule gives 40, 20 or 10; "
            "K x n <= 700 lowers it), got 41",
        ),
        (
            0.0,
            "#NUM!",
            "k: K is a whole number from 1 to 40 (FIDE's K rule gives 40, 20 or 10; "
            "K x n <= 700 lowers it), got 0",
        ),
        (
            -20.0,
            "#NUM!",
            "k: K is a whole number from 1 to 40 (FIDE's K rule gives 40, 20 or 10; "
            "K x n <= 700 lowers it), got -20",
        ),
        (20.5, "#VALUE!", "k: K is a whole number (FIDE's K rule gives 40, 20 or 10), got 20.5"),
        ("twenty", "#VALUE!", "k: expected a number, got the text 'twenty'"),
    ],
)
def test_a_k_no_rule_gives_is_refused_with_its_reason(k: Any, error: str, reason: str) -> None:
    call = (2000.0, OPPONENTS, [[1.0], ["½"], [0.0]], k, 2025.0)
    assert udfs.ELO_CHANGE(*call) == error
    assert udfs.EXPLAIN_ERROR("ELO_CHANGE", *call) == f"ELO_CHANGE: {reason}"
    assert udfs.ELO_DETAIL(*call) == error
    assert udfs.K_FOR_GAMES(k, 3.0) == error
    assert udfs.EXPLAIN_ERROR("K_FOR_GAMES", k, 3.0) == f"K_FOR_GAMES: {reason}"
    # in a column, the row of that K only (and the rows of the players who met it)
    ratings = [[2000.0], [2100.0], [2200.0]]
    grid = [[None, 1.0, None], [0.0, None, None], [None, None, None]]
    found = udfs.ELO_CHANGE_ALL(ratings, [[k], [20.0], [20.0]], grid)
    assert found[0] == [error] and found[2] == [0]  # row 3 played no game: no change
    explained = udfs.EXPLAIN_ERROR("ELO_CHANGE_ALL", ratings, [[k], [20.0], [20.0]], grid)
    assert f"row 1: {reason.replace('k:', 'k (row 1):', 1)}" in explained


@pytest.mark.parametrize("k", [40.0, 20.0, 10.0, 30.0, 15.0, 17.0, 1.0])
def test_a_k_of_1_to_40_is_used_as_given(k: float) -> None:
    # FIDE's 40, 20, 10; 30 and 15 of the rules of July 2011 to June 2014; 17, K 20 lowered
    # for 39 games; a national federation's K. The change is K x 1.26 (above), rounded.
    expected = int(k * 1.26 + 0.5)  # half away from zero; positive here
    assert udfs.ELO_CHANGE(2000.0, OPPONENTS, [[1.0], ["½"], [0.0]], k, 2025.0) == expected
    assert udfs.K_FOR_GAMES(k, 3.0) == int(k)
    # K x n <= 700 lowers it and never raises it: K 40 over 20 games is 35
    assert udfs.K_FOR_GAMES(40.0, 20.0) == 35


def test_a_filled_chart_writes_trf_s_w_d_l_so_that_its_cells_read_them_as_trf_does() -> None:
    """``tests/data/trf/swiss_12.trf`` has games of less than one move: no. 6 round 2 ``W``
    against no. 9 (``L``), no. 7 round 2 ``D`` against no. 10 (``D``). The chart writes them
    ``W<1``, ``L<1``, ``D<1``, and its functions read them as the file's: scored, not rated.
    The points are the file's (column 81-84): no. 6 2.5, no. 7 2.5, no. 9 2.0, no. 10 0.5."""
    from dataclasses import replace
    from pathlib import Path

    from xlfuncs.filled_chart import event_from_trf
    from xlfuncs.templates import chart, swiss
    from xlfuncs.trf import read_trf

    filled = event_from_trf(read_trf(Path(__file__).parent / "data" / "trf" / "swiss_12.trf"))
    layout = swiss.layout_of(filled.event)
    layout = replace(layout, tiebreaks=len(chart.tiebreaks_of(layout, filled.event)))
    data = chart.inputs(layout, filled.event)
    assert data.results[5][1] == "W<1" and data.results[8][1] == "L<1"
    assert data.results[6][1] == "D<1" and data.results[9][1] == "D<1"
    figures = chart.figures(layout, data)
    points = figures["points"]
    assert (points[5], points[6], points[8], points[9]) == (2.5, 2.5, 2, 0.5)
    assert not [v for v in figures["points"] + figures["games"] if str(v).startswith("#")]
