"""The tie-break functions (issue 10): ``TIEBREAK_ALL``, ``TIEBREAK`` and ``RANK_ALL``, called
as Excel calls them (numbers as floats, ranges as lists of rows, blanks as ``None``).

The expected values are the published answers to IA Mario Held's *Exercises in
Tie-Breaking* (Rev. 2403220900, C.07-2023, pp. 10-50), as the TieBreakServer repository
(``OttoMilvang/TieBreakServer``, MIT) lists them in
``tests/test_fide_held_individual_exercises.py``, with its answers under the 2026 text of
Article 16.4 beside them; the two events are that repository's
``tests/fixtures/held_swiss_5.trf`` and ``held_round_robin.trf``, written below as the charts
hold them. Where a value is worked by hand, the working is shown beside it.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import held_round_robin as held_rr
from xlfuncs import excel
from xlfuncs.udfs import EXPLAIN_ERROR, POINTS_ALL, RANK_ALL, TIEBREAK, TIEBREAK_ALL


def col(*values: object) -> list[list[object]]:
    """A column range as xlwings passes it with ndim=2."""
    return [[v] for v in values]


def flat(rows: Any) -> list[Any]:
    """A whole-column result as a list, one value per player."""
    assert isinstance(rows, list), rows
    return [r[0] for r in rows]


def reason(name: str) -> str:
    return excel.last_errors()[name]


# --- Held's Swiss (16 players, 5 rounds; the file's date 2024-08-01: the 2023 text) --------
# Each player: rating, then each round "opponent colour result" ("-" and a bye letter where
# there was no opponent: H half-point, U pairing-allocated, Z zero-point bye).
HELD_SWISS = {
    1: (2200, "9 w 1|13 b =|2 w =|15 b 1|4 w ="),
    2: (2150, "10 b 1|7 w 1|1 b =|16 w 1|3 b ="),
    3: (2100, "11 w =|6 b 1|8 w 1|4 b =|2 w ="),
    4: (2050, "12 b 1|- H|13 w 1|3 w =|1 b ="),
    5: (2000, "13 w 0|15 b 0|11 w 1|7 b =|10 w 1"),
    6: (1950, "14 b 0|3 w 0|- U|10 w 1|8 b 1"),
    7: (1900, "15 w 1|2 b 0|16 b 0|5 w =|11 b 0"),
    8: (1850, "16 b =|14 w 1|3 b 0|13 w 1|6 w 0"),
    9: (1800, "1 b 0|10 w 0|- H|11 b -|- U"),
    10: (1750, "2 w 0|9 b 1|15 w 0|6 b 0|5 b 0"),
    11: (1700, "3 b =|16 w 0|5 b 0|9 w +|7 w 1"),
    12: (1650, "4 w 0|- U|14 w +|- Z|- Z"),
    13: (1600, "5 b 1|1 w =|4 b 0|8 b 0|14 w 0"),
    14: (1550, "6 w 1|8 b 0|12 b -|- Z|13 b 1"),
    15: (1500, "7 b 0|5 w 1|10 b 1|1 w 0|16 b 0"),
    16: (1450, "8 w =|11 b 1|7 w 1|2 b 0|15 w 1"),
}


def _cell(result: str) -> object:
    """A result as a cell holds it: a number for 1 and 0, text for the rest (½ for =)."""
    return {"1": 1.0, "0": 0.0, "=": "\u00bd"}.get(result, result)


def swiss_blocks(
    players: dict[int, tuple[int, str]],
) -> tuple[list[list[object]], list[list[object]], list[list[object]], list[list[object]]]:
    """Ratings, results, opponents and colours of a Swiss, as the chart's blocks hold them."""
    ratings, results, opponents, colours = [], [], [], []
    for number in sorted(players):
        rating, rounds = players[number]
        ratings.append([float(rating)])
        res, opp, shade = [], [], []
        for entry in rounds.split("|"):
            parts = entry.split()
            if parts[0] == "-":
                res.append(parts[1])
                opp.append(None)
                shade.append(None)
            else:
                res.append(_cell(parts[2]))
                opp.append(float(parts[0]))
                shade.append(parts[1])
        results.append(res)
        opponents.append(opp)
        colours.append(shade)
    return ratings, results, opponents, colours


S_RATINGS, S_RESULTS, S_OPPONENTS, S_COLOURS = swiss_blocks(HELD_SWISS)
IN_2024 = "2024-08-01"  # the file's date: the 2023 text
IN_2026 = "2026-03-01"  # the 2026 text (Article 16.4's cap)


def swiss(descriptor: str, rules: object = IN_2024) -> list[Any]:
    return flat(TIEBREAK_ALL(descriptor, S_RATINGS, S_RESULTS, S_OPPONENTS, rules, S_COLOURS))


def by_player(values: dict[int, str]) -> list[Any]:
    """Held's answers (text, one per player 1..16) as numbers."""
    return [float(values[p]) if values[p] != "None" else "" for p in sorted(values)]


# Held's answers, players 1..16 (TieBreakServer's lists)
BH = "12.5 13.0 15.5 15.0 8.5 12.0 14.5 13.5 9.0 13.0 13.5 11.5 14.0 11.0 12.0 12.5"
BH_C1 = "11.0 12.0 13.0 11.5 7.5 11.0 12.5 12.0 7.5 11.5 12.0 9.5 12.0 9.0 11.0 11.0"
FB = "13.5 13.5 15.0 15.5 10.0 12.0 13.5 12.5 9.5 12.5 12.5 11.5 13.5 10.5 12.0 13.5"
SB = "8.00 9.50 10.50 9.75 4.25 6.50 3.25 5.25 2.25 1.50 5.75 4.00 4.25 4.50 3.50 7.25"
SB_C1 = "7.25 8.50 9.25 8.00 3.25 5.50 1.25 3.75 2.25 0.00 4.25 4.00 4.25 3.00 2.50 5.75"
ARO = "1820 1880 1940 1888 1690 1813 1760 1730 1975 1880 1863 2050 1930 1800 1860 1820"
ARO_C1 = "1900 1988 2000 1983 1738 1900 1838 1800 2200 1975 2000 None 2025 1900 1963 1900"
TPR = "1969 2120 2089 2081 1690 1813 1611 1730 1175 1640 1776 1250 1781 1925 1788 1969"
WIN = "2 3 2 2 2 3 1 2 1 1 2 2 1 2 2 3"
WON = "2 3 2 2 2 2 1 2 0 1 1 0 1 2 2 3"
BPG = "2 3 2 2 2 2 3 2 1 3 2 0 3 2 3 2"
BWG = "1 1 1 1 0 1 0 0 0 1 0 0 1 1 1 1"
GE = "5 5 5 4 5 5 5 5 3 5 5 3 5 3 5 5"
PS = "11.0 13.0 11.0 11.5 5.0 6.0 6.0 8.5 2.5 4.0 5.5 7.0 7.0 6.0 7.0 10.5"
PS_C1 = "10.0 12.0 10.5 10.5 5.0 6.0 5.0 8.0 2.5 4.0 5.0 7.0 6.0 5.0 7.0 10.0"
AOB = (
    "12.60 13.60 13.40 13.38 13.40 13.25 11.90 13.00 12.75 10.90 12.75 15.00 12.10 13.17 "
    "12.20 13.30"
)


def answers(text: str, **changed: str) -> list[Any]:
    values = dict(enumerate(text.split(), start=1))
    values.update({int(p.lstrip("p")): v for p, v in changed.items()})
    return by_player(values)


@pytest.mark.parametrize(
    ("descriptor", "expected"),
    [
        ("BH", answers(BH)),  # exercises 1-4
        ("BH/C1", answers(BH_C1)),  # 5-8
        ("FB", answers(FB)),  # 10
        ("SB", answers(SB)),  # 11, 12
        ("SB/C1", answers(SB_C1)),  # 13
        ("ARO", answers(ARO)),  # 17
        ("ARO/C1", answers(ARO_C1)),  # 18: player 12 has one game, none left after the cut
        ("TPR", answers(TPR)),  # 19, 20
        ("WIN", answers(WIN)),  # 27
        ("WON", answers(WON)),  # 28
        ("BPG", answers(BPG)),  # 29
        ("BWG", answers(BWG)),  # 30
        ("GE", answers(GE)),  # 31
        ("PS", answers(PS)),  # 32
        ("PS/C1", answers(PS_C1)),  # 33
    ],
)
def test_held_swiss_2023_text(descriptor: str, expected: list[Any]) -> None:
    assert swiss(descriptor) == expected


def test_held_swiss_averages_of_opponents() -> None:
    # exercise 9: AOB, printed to two decimals (13.38 for player 4: 13.375)
    assert swiss("AOB") == [pytest.approx(v, abs=0.0051) for v in answers(AOB)]
    # exercise 21: APRO of players 1, 3, 4, 16; exercise 22: PTP of player 3
    apro = swiss("APRO")
    assert [apro[p - 1] for p in (1, 3, 4, 16)] == [1789, 1904, 1772, 1805]
    assert swiss("PTP")[3 - 1] == 2112


def test_held_swiss_2026_text() -> None:
    # Article 16.4 (2026) caps the dummy opponent of an own unplayed round: the answers
    # that change (TieBreakServer's POST_2026 list)
    assert swiss("SB", IN_2026) == answers(SB, p4="9.25", p6="6.00", p11="4.75")
    assert swiss("SB/C1", IN_2026) == answers(SB_C1, p4="7.75", p6="5.00", p11="3.25")
    assert swiss("FB", IN_2026) == answers(FB, p4="14.5", p11="12.0", p12="11.0")
    bh = swiss("BH", IN_2026)
    changed = answers(BH, p11="12.5", p4="14.0")
    assert [bh[p - 1] for p in (1, 3, 4, 5, 8, 11, 16)] == [
        changed[p - 1] for p in (1, 3, 4, 5, 8, 11, 16)
    ]
    # the edition by id, and a rating edition's id (2025: the C.07 text in force on its
    # first day, the 2023 text), as the charts' Rules cell holds it
    assert swiss("SB", "2026") == swiss("SB", 2026.0) == swiss("SB", IN_2026)
    assert swiss("SB", "2023") == swiss("SB", "2025") == swiss("SB", 2025.0) == answers(SB)
    # a rapid or blitz edition too (C.07 serves every rate of play): 1 Dec 2024, the 2023 text
    assert swiss("SB", "2024-12 blitz") == swiss("SB", "2025 rapid") == answers(SB)
    assert swiss("SB", "rapid 2026-03-01") == swiss("SB", IN_2026)
    assert TIEBREAK_ALL("SB", S_RATINGS, S_RESULTS, S_OPPONENTS, "2024-02-30") == "#VALUE!"
    assert "2024-02-30" in reason("TIEBREAK_ALL")


def test_held_swiss_ranks_by_direct_encounter() -> None:
    # exercises 23, 24: points then DE; 1, 3, 4 and 16 (3½) did not all meet: DE does not
    # separate them, all second; 5, 8 and 11 (2½) all seventh
    points = POINTS_ALL(S_RESULTS)
    de = TIEBREAK_ALL("DE", S_RATINGS, S_RESULTS, S_OPPONENTS, IN_2024)
    ranks = flat(RANK_ALL(points, de))
    assert [ranks[p - 1] for p in (1, 3, 4, 16)] == [2, 2, 2, 2]
    assert [ranks[p - 1] for p in (5, 8, 11)] == [7, 7, 7]
    assert ranks[2 - 1] == 1  # 4 points, alone


# --- Held's round robin (6 players, 5 rounds) as a grid -------------------------------------
# row player's result and colour against the column player (TRF: each player's rounds)
RR_RATINGS, RR_GRID = held_rr.as_floats(held_rr.RATINGS), held_rr.as_floats(held_rr.GRID)
RR_COLOURS = held_rr.COLOURS


def test_held_round_robin() -> None:
    # exercises 14 (SB), 15 (SB/C1), 16 (KS)
    assert flat(TIEBREAK_ALL("SB", RR_RATINGS, RR_GRID)) == [9.25, 6.25, 6.25, 4.25, 3.25, 2.25]
    assert flat(TIEBREAK_ALL("SB/C1", RR_RATINGS, RR_GRID)) == [
        9.25,
        4.75,
        4.75,
        4.25,
        3.25,
        1.5,
    ]
    assert flat(TIEBREAK_ALL("KS", RR_RATINGS, RR_GRID)) == [2, 0.5, 0.5, 1, 0.5, 0]
    # by hand: games played with black: 1 v 3, 6; 2 v 1, 4; 3 v 2, 6; 4 v 1, 3, 5; 5 v 1, 2,
    # 3; 6 v 2, 4 and the forfeit 6 won with black against 5 (a round robin's forfeit win is
    # a regular game, C.07 15.2; the 2026 text, today's) -> 2 2 2 3 3 3; won with black: 1
    # beat 3 and 6, 2 beat 4, 3 beat 6, 4 beat 1, 6 won against 5 -> 2 1 1 1 0 1
    bpg = TIEBREAK_ALL("BPG", RR_RATINGS, RR_GRID, None, None, RR_COLOURS)
    assert flat(bpg) == [2, 2, 2, 3, 3, 3]
    bwg = TIEBREAK_ALL("BWG", RR_RATINGS, RR_GRID, None, None, RR_COLOURS)
    assert flat(bwg) == [2, 1, 1, 1, 0, 1]


def test_held_round_robin_ranks() -> None:
    # exercise 26: points then DE: 1 2 2 6 5 4
    points = POINTS_ALL(RR_GRID)
    assert flat(points) == [3.5, 3.5, 3.5, 1.5, 1.5, 1.5]
    de = TIEBREAK_ALL("DE", RR_RATINGS, RR_GRID)
    assert flat(RANK_ALL(points, de)) == [1, 2, 2, 6, 5, 4]


HELD_RR_ROUNDS = {
    1: (2200, "5 w =|2 w 1|3 b 1|4 w 0|6 b 1"),
    2: (2150, "6 w 1|1 b 0|5 w 1|3 w =|4 b 1"),
    3: (2100, "4 w 1|6 b 1|1 w 0|2 b =|5 w 1"),
    4: (2050, "3 b 0|5 b 0|6 w =|1 b 1|2 w 0"),
    5: (1950, "1 b =|4 w 1|2 b 0|6 w -|3 b 0"),
    6: (2000, "2 b 0|3 w 0|4 b =|5 b +|1 w 0"),
}


def test_a_round_robin_by_rounds_is_one() -> None:
    # the same round robin in the per-round layout (the file's own rounds): every two
    # players met, so the round-robin rules apply, as for the grid and the TRF. DE shows it:
    # in a round robin the forfeit 5-6 counts (6 won it: 6 ahead of 5 ahead of 4, exercise
    # 26); as a Swiss it would be no game, and 4, 5, 6 not separated
    ratings, results, opponents, colours = swiss_blocks(HELD_RR_ROUNDS)
    for descriptor in ("SB", "SB/C1", "KS", "DE", "WIN", "BPG", "BWG"):
        by_rounds = TIEBREAK_ALL(descriptor, ratings, results, opponents, None, colours)
        grid = TIEBREAK_ALL(descriptor, RR_RATINGS, RR_GRID, None, None, RR_COLOURS)
        assert by_rounds == grid, descriptor
    de = TIEBREAK_ALL("DE", ratings, results, opponents)
    assert flat(RANK_ALL(POINTS_ALL(results), de)) == [1, 2, 2, 6, 5, 4]


def test_a_double_round_robin_grid() -> None:
    # the charts' double round robin: two result cells per pair (N x 2N), read as rounds
    # beside the opponents' number of each column (the player's own two columns blank, no
    # round). Held's round robin played twice over, the same results: by hand, every count
    # doubles (WIN 6 6 6 2 2 2; KS: the points against the 5+ of 10 players 1, 2, 3, twice
    # over), and SB four times (the opponents' points and the points scored both double)
    results = [[c for c in row for _ in (1, 2)] for row in RR_GRID]
    opponents = [[float(j // 2 + 1) for j in range(12)] for _ in range(6)]
    got = TIEBREAK_ALL("WIN, KS, SB", RR_RATINGS, results, opponents)
    assert got == [
        [6, 4, 37],
        [6, 1, 25],
        [6, 1, 25],
        [2, 2, 17],
        [2, 1, 13],
        [2, 0, 9],
    ]


def test_several_tie_breaks_in_one_call() -> None:
    # the round robin's usual list, DE, WIN, SB, KS, as a row of header cells or as text:
    # one column each. DE (higher is better): how many of those tied on points it places
    # below: 1 beat 2 and 3 (2), who drew (0); among 4, 5, 6: 6 (1½ of 2: a draw with 4,
    # 5's forfeit) is ahead of 5 (1: beat 4), ahead of 4 (½) -> 2, 1, 0. WIN: rounds won,
    # 6's forfeit win too (5's forfeit loss is none): 3 3 3 1 1 1. SB and KS as above.
    expected = [
        [2, 3, 9.25, 2],
        [0, 3, 6.25, 0.5],
        [0, 3, 6.25, 0.5],
        [0, 1, 4.25, 1],
        [1, 1, 3.25, 0.5],
        [2, 1, 2.25, 0],
    ]
    assert TIEBREAK_ALL([["DE", "WIN", None, "SB", "KS"]], RR_RATINGS, RR_GRID) == expected
    assert TIEBREAK_ALL("de, win, sb, ks", RR_RATINGS, RR_GRID) == expected
    # RANK_ALL takes the block as it comes, one key per column: exercise 26's standing
    points = POINTS_ALL(RR_GRID)
    assert flat(RANK_ALL(points, expected)) == [1, 2, 2, 6, 5, 4]
    # DE in its place: after SB, only players tied on points and SB are compared: 2 and 3
    # (drawn: not separated); the others are not tied: 0 everywhere
    assert [r[1] for r in TIEBREAK_ALL("SB, DE", RR_RATINGS, RR_GRID)] == [0] * 6


def test_what_a_grid_or_missing_colours_cannot_give() -> None:
    # a grid has no rounds: no progressive score, no Fore Buchholz (its last round)
    assert TIEBREAK_ALL("PS", RR_RATINGS, RR_GRID) == "#N/A"
    assert "order of the rounds" in reason("TIEBREAK_ALL")
    # without colours there are no games with black to count
    assert TIEBREAK_ALL("BPG", RR_RATINGS, RR_GRID) == "#N/A"
    assert "colours" in reason("TIEBREAK_ALL")
    # the same Swiss without colours: every other tie-break still computes
    assert flat(TIEBREAK_ALL("WIN", S_RATINGS, S_RESULTS, S_OPPONENTS)) == answers(WIN)


# --- the single-player form ------------------------------------------------------------------
def test_tiebreak_is_the_players_row() -> None:
    assert TIEBREAK("SB", 1.0, RR_RATINGS, RR_GRID) == 9.25
    assert TIEBREAK("BH/C1", 4.0, S_RATINGS, S_RESULTS, S_OPPONENTS, IN_2024) == 11.5
    # ARO/C1 of player 12: no game left after the cut: #N/A, with the reason
    assert TIEBREAK("ARO/C1", 12.0, S_RATINGS, S_RESULTS, S_OPPONENTS, IN_2024) == "#N/A"
    assert "player 12" in reason("TIEBREAK")
    assert TIEBREAK("SB", 7.0, RR_RATINGS, RR_GRID) == "#NUM!"  # six players
    assert reason("TIEBREAK") == "TIEBREAK: player: 7 is not a player number (1..6)"
    # one value: the first error among the arguments, wherever it is
    grid = [list(r) for r in RR_GRID]
    grid[5][4] = "#DIV/0!"
    assert TIEBREAK("SB", 1.0, RR_RATINGS, grid) == "#DIV/0!"


# --- errors ----------------------------------------------------------------------------------
def test_an_unknown_descriptor_is_named() -> None:
    assert TIEBREAK_ALL("BHX", RR_RATINGS, RR_GRID) == "#VALUE!"
    assert "BHX" in reason("TIEBREAK_ALL")
    assert "BHX" in EXPLAIN_ERROR("TIEBREAK_ALL", "BHX", RR_RATINGS, RR_GRID)
    assert TIEBREAK_ALL(None, RR_RATINGS, RR_GRID) == "#N/A"  # a blank descriptor
    assert reason("TIEBREAK_ALL").startswith("TIEBREAK_ALL: descriptor: the cell is blank")


def test_ranges_of_different_sizes() -> None:
    assert TIEBREAK_ALL("SB", RR_RATINGS[:5], RR_GRID) == "#VALUE!"
    assert TIEBREAK_ALL("BPG", RR_RATINGS, RR_GRID, None, None, RR_COLOURS[:5]) == "#VALUE!"
    assert "colours" in reason("TIEBREAK_ALL")
    assert RANK_ALL(col(1.0, 2.0), col(1.0)) == "#VALUE!"
    assert reason("RANK_ALL") == (
        "RANK_ALL: tiebreak1 has 1 row but points has 2; one row per player"
    )


def test_a_bad_colour_shows_in_its_row() -> None:
    colours = [list(r) for r in RR_COLOURS]
    colours[3][0] = "green"
    got = flat(TIEBREAK_ALL("BPG", RR_RATINGS, RR_GRID, None, None, colours))
    assert got[3] == "#VALUE!"
    assert "colours (row 4, column 1)" in EXPLAIN_ERROR(
        "TIEBREAK_ALL", "BPG", RR_RATINGS, RR_GRID, None, None, colours
    )


def test_an_error_in_a_row_reaches_the_rows_that_use_it() -> None:
    # the rating of player 12 in Held's Swiss is #N/A: ARO of those who met 12 (4 and 14)
    # shows it; everyone else's ARO stands
    ratings = [list(r) for r in S_RATINGS]
    ratings[11][0] = "#N/A"
    got = flat(TIEBREAK_ALL("ARO", ratings, S_RESULTS, S_OPPONENTS, IN_2024))
    assert got[11] == "#N/A"
    expected = answers(ARO)
    for p in range(1, 17):
        if got[p - 1] != "#N/A":
            assert got[p - 1] == expected[p - 1], p
    assert got[4 - 1] == "#N/A"


def test_rank_all_passes_an_error_to_every_row() -> None:
    assert RANK_ALL(col(1.0, "#N/A", 2.0), col(1.0, 2.0, 3.0)) == "#N/A"
    assert RANK_ALL(col(1.0, 2.0), col("x", 1.0)) == "#VALUE!"
    assert reason("RANK_ALL").startswith("RANK_ALL: tiebreak1 (row 1)")


# --- RANK_ALL: hand-worked and its laws -------------------------------------------------------
def test_rank_all_by_hand() -> None:
    # points 2, 1, 2, 1, blank; tie-break 3, 1, 3, 2: 1 and 3 equal on both (both first),
    # 4 ahead of 2 on the tie-break; 5 is an empty row
    assert flat(RANK_ALL(col(2.0, 1.0, 2.0, 1.0, None), col(3.0, 1.0, 3.0, 2.0, None))) == [
        1,
        4,
        1,
        3,
        "",
    ]
    # only points: standard competition ranking
    assert flat(RANK_ALL(col(1.0, 3.0, 3.0, 0.5))) == [3, 1, 1, 4]
    # a second tie-break decides where the first is equal; a blank tie-break (no value) is
    # below every number: 2 has no first tie-break
    assert flat(
        RANK_ALL(col(1.0, 1.0, 1.0, 1.0), col(5.0, None, 5.0, 5.0), col(2.0, 9.0, 1.0, "2"))
    ) == [1, 4, 3, 1]
    # text holding numbers, and the results of TIEBREAK_ALL ("" where no value) as they come
    assert flat(RANK_ALL(col("2½", 2.5, "2,5"))) == [1, 1, 1]
    assert flat(RANK_ALL(col(1.0, 1.0), col("", 1800.0))) == [2, 1]


keys = st.one_of(
    st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, 2.5]),
    st.none(),
)


@st.composite
def standings(draw: st.DrawFn) -> list[list[Any]]:
    """Points (never blank) and up to three tie-break columns for 1..12 players."""
    n = draw(st.integers(min_value=1, max_value=12))
    k = draw(st.integers(min_value=0, max_value=3))
    points = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0]), min_size=n, max_size=n))
    columns = [points] + [draw(st.lists(keys, min_size=n, max_size=n)) for _ in range(k)]
    return columns


def _rank(columns: list[list[Any]]) -> list[Any]:
    return flat(RANK_ALL(*[col(*c) for c in columns]))


def _key(columns: list[list[Any]], i: int) -> tuple[float, ...]:
    return tuple(-1.0 if c[i] is None else c[i] for c in columns)  # blank: below every value


@settings(max_examples=examples(150), deadline=None)
@given(columns=standings(), data=st.data())
def test_rank_all_laws(columns: list[list[Any]], data: Any) -> None:
    ranks = _rank(columns)
    n = len(columns[0])
    assert 1 in ranks
    assert all(isinstance(r, int) and 1 <= r <= n for r in ranks)
    for i, j in itertools.product(range(n), repeat=2):
        if _key(columns, i) == _key(columns, j):
            assert ranks[i] == ranks[j]  # equal keys, equal ranks
        elif _key(columns, i) > _key(columns, j):
            assert ranks[i] < ranks[j]  # better keys, better rank
    for i in range(n):  # standard competition ranking: 1 + those strictly ahead
        assert ranks[i] == 1 + sum(_key(columns, j) > _key(columns, i) for j in range(n))
    # invariant under permuting the players
    order = data.draw(st.permutations(range(n)))
    permuted = _rank([[c[i] for i in order] for c in columns])
    assert permuted == [ranks[i] for i in order]


# --- the 2026 text's tie-breaks and a rating for unrated players -------------------------


def test_the_2026_tiebreaks_in_cells() -> None:
    """Held's Swiss ranked by the 2026 text: STD is the points (1-1/2-0 scoring); TPN the
    pairing number, shown negated (lower first, so that higher is better for RANK_ALL);
    RTNG the rating; RTNG/R negated; AOB/F the opponents' Fore Buchholz, averaged."""
    ratings = [r[0] for r in S_RATINGS]
    values = TIEBREAK_ALL(
        "STD, TPN, TPN/R, RTNG, RTNG/R", S_RATINGS, S_RESULTS, S_OPPONENTS, IN_2026, S_COLOURS
    )
    assert [row[0] for row in values] == flat(POINTS_ALL(S_RESULTS))
    assert [row[1] for row in values] == [-n for n in range(1, 17)]
    assert [row[2] for row in values] == list(range(1, 17))
    assert [row[3] for row in values] == ratings
    assert [row[4] for row in values] == [-r for r in ratings]
    # no. 1 met 9, 13, 2, 15, 4: their FB (2026) 9.5, 13.5, 13.5, 12.0, 14.5 -> 12.6
    fb = swiss("FB", IN_2026)
    aob_f = swiss("AOB/F", IN_2026)
    assert aob_f[0] == pytest.approx(sum(fb[o - 1] for o in (9, 13, 2, 15, 4)) / 5)
    points = POINTS_ALL(S_RESULTS)
    tpn = TIEBREAK_ALL("TPN", S_RATINGS, S_RESULTS, S_OPPONENTS, IN_2026)
    ranks = flat(RANK_ALL(points, tpn))
    assert sorted(ranks) == list(range(1, 17))  # TPN breaks every tie
    assert ranks[0] < ranks[2]  # nos. 1 and 3 tie on 3.5: no. 1 first


def test_the_2026_tiebreaks_refused_under_the_2023_text() -> None:
    found = TIEBREAK_ALL("STD", S_RATINGS, S_RESULTS, S_OPPONENTS, IN_2024, S_COLOURS)
    assert found == "#VALUE!"  # the descriptor is every row's: the whole result
    assert "not in the 2023 text of C.07" in reason("TIEBREAK_ALL")
    assert "rules 2023" in reason("TIEBREAK_ALL")
    assert swiss("KS/L-1") != ["#VALUE!"] * 16  # 14.5: in both texts


def test_a_rating_for_unrated_players() -> None:
    """Held's round robin with no. 6 unrated: without a rating for unrated players ARO and
    RTNG are blank for everyone (C.07 10); with unrated 1800 no. 6 counts at 1800 (no. 1
    met 5 (1950), 2 (2150), 3 (2100), 4 (2050) and 6: ARO (1950 + 2150 + 2100 + 2050 +
    1800) / 5 = 2010); /U1700 in the descriptor wins over the argument: 1990."""
    ratings = [row[:] for row in held_rr.RATINGS]
    ratings[5] = [None]
    grid = held_rr.GRID
    assert flat(TIEBREAK_ALL("ARO", ratings, grid)) == [""] * 6
    assert flat(TIEBREAK_ALL("RTNG", ratings, grid)) == [""] * 6
    given = TIEBREAK_ALL("ARO, ARO/U1700, RTNG", ratings, grid, None, None, None, 1800)
    assert [row[0] for row in given][0] == 2010
    assert [row[1] for row in given][0] == 1990
    assert [row[2] for row in given] == [2200, 2150, 2100, 2050, 1950, 1800]
    assert TIEBREAK("ARO", 1, ratings, grid, None, None, None, 1800) == 2010
    assert TIEBREAK_ALL("ARO", ratings, grid, None, None, None, "x") == "#VALUE!"
