"""The Excel functions, called as Excel (through xlwings) calls them: numbers as floats,
ranges as lists of lists, blanks as None, text as str, errors as their text.

Expected values come from FIDE's tables, the seed brief, the project's reference file and
hand calculation shown beside each assertion.
"""

from __future__ import annotations

import datetime as dt
import functools
import inspect

import pytest

from xlfuncs import udfs
from xlfuncs.udfs import (
    BLOQUE,
    BLOQUE_ALL,
    DP_LOOKUP,
    ELO_CHANGE,
    ELO_DETAIL,
    EXPECTED_SCORE,
    EXPLAIN_ERROR,
    K_FACTOR,
    K_FOR_GAMES,
    NORM_FIGURES,
    NORM_POINTS,
    NORM_RATINGS,
    NORM_RP,
    NORM_TITLED,
    PD_LOOKUP,
    RP_EXACT,
    RP_FIDE,
    RP_LINEAR,
    RP_PTP,
)


def col(*values: object) -> list[list[object]]:
    """A column range as xlwings passes it with ndim=2."""
    return [[v] for v in values]


THREE = col(2400.0, 2500.0, 2600.0)
SEED = col(1851.0, 2457.0, 1989.0, 2379.0, 2407.0)
# chesschat.org, "FIDE rating uplift change" (2022 rules): a 2000 player's 5.5/7
UPLIFT = col(1063.0, 1299.0, 1413.0, 1872.0, 1851.0, 1427.0, 1682.0)
UPLIFT_RESULTS = col(1.0, 1.0, 1.0, 0.5, 0.0, 1.0, 1.0)


# --- performance ------------------------------------------------------------------------
def test_seed_examples() -> None:
    # The seed's program prints 2551 for these five opponents and 4 points.
    assert RP_EXACT(SEED, 4.0) == 2551
    # 2.5/3 against 2400/2500/2600: the logistic definition gives 2792.2 (the seed's text
    # says 2785, which does not satisfy its own equation); FIDE: Ra 2500 + dp(.83) 273;
    # linear: 2500 + 800 x .8333 - 400 = 2766.7.
    assert RP_EXACT(THREE, 2.5) == 2792
    assert RP_FIDE(THREE, 2.5) == 2773
    assert RP_LINEAR(THREE, 2.5) == 2767


def test_ranges_in_rows_columns_and_flat_lists() -> None:
    assert RP_FIDE([[2400.0, 2500.0, 2600.0]], 2.5) == 2773
    assert RP_FIDE([2400.0, 2500.0, 2600.0], 2.5) == 2773
    assert RP_FIDE([[2400.0, 2500.0], [2600.0, None]], 2.5) == 2773  # blank left out


def test_score_as_text_and_results_range() -> None:
    assert RP_FIDE(THREE, "2½") == 2773
    assert RP_FIDE(THREE, "2,5") == 2773
    # results beside the ratings: 1, ½ (as text), 1 -> 2.5 points
    assert RP_FIDE(THREE, col(1.0, "½", "1")) == 2773
    # a forfeit is not rated: only 2400 and 2600 count: Ra 2500, p = 1.5/2 = .75 -> 193
    assert RP_FIDE(THREE, col(1.0, "+", "=")) == 2693


def test_unrated_opponents_left_out() -> None:
    # 0 and blank are unrated: Ra over 2400, 2600 = 2500, 1/2 -> 2500
    assert RP_FIDE(col(2400.0, 0.0, None, 2600.0), 1.0) == 2500


def test_infinite_exact_performance_is_num() -> None:
    assert RP_EXACT(THREE, 3.0) == "#NUM!"
    assert RP_EXACT(THREE, 0.0) == "#NUM!"
    assert "infinite" in EXPLAIN_ERROR("RP_EXACT", THREE, 3.0)
    # FIDE and linear give finite numbers: 2500 + 800 and 2500 + 400
    assert RP_FIDE(THREE, 3.0) == 3300
    assert RP_LINEAR(THREE, 3.0) == 2900


def test_ptp_edges() -> None:
    # C.07: 0 points -> lowest - 800, full score -> highest + 800
    assert RP_PTP(THREE, 0.0) == 1600
    assert RP_PTP(THREE, 3.0) == 3400


def test_bad_inputs_give_error_values() -> None:
    assert RP_FIDE(THREE, 4.0) == "#NUM!"  # more points than games
    assert RP_FIDE(THREE, "abc") == "#VALUE!"  # text where a number belongs
    assert RP_FIDE(col(None, None), 1.0) == "#N/A"  # no rated opponent
    assert RP_FIDE(col(2400.0, "x"), 1.0) == "#VALUE!"
    assert RP_FIDE(THREE, col(1.0, 0.0)) == "#VALUE!"  # ranges of different sizes
    assert RP_FIDE(col(2400.5, 2500.0), 1.0) == "#VALUE!"  # not a whole number
    assert RP_FIDE(col(-5.0, 2500.0), 1.0) == "#NUM!"


def test_excel_errors_pass_through() -> None:
    assert RP_FIDE(col(2400.0, "#N/A"), 1.0) == "#N/A"
    assert RP_FIDE(THREE, "#DIV/0!") == "#DIV/0!"
    assert ELO_CHANGE(2000.0, THREE, col(1.0, 0.0, 0.0), "#REF!") == "#REF!"


# --- tables ---------------------------------------------------------------------------------
def test_dp_lookup() -> None:
    assert DP_LOOKUP(0.83) == 273
    assert DP_LOOKUP(0.345) == -110  # .345 -> .35 (half up) -> -dp(.65) = -110
    assert DP_LOOKUP(2.5, 3.0) == 273  # 2.5/3 = .8333 -> .83
    assert DP_LOOKUP(1.5) == "#NUM!"
    assert DP_LOOKUP(4.0, 3.0) == "#NUM!"
    assert DP_LOOKUP(1.0, 0.0) == "#VALUE!"


def test_pd_lookup() -> None:
    assert PD_LOOKUP(0.0) == 0.5
    assert PD_LOOKUP(400.0) == 0.92
    assert PD_LOOKUP(-400.0) == 0.08
    assert PD_LOOKUP(736.0) == 1.0  # no cap in the lookup itself
    assert PD_LOOKUP(357.0) == 0.89  # the narrow 345-357 band


def test_expected_score_with_cap_per_edition() -> None:
    # 2000 against 1063: capped to 1600 -> .92; 2022 allows this one upgrade only, so 1299
    # counts as 701 below -> .99 and 1413 (587 below) -> .98
    assert EXPECTED_SCORE(2000.0, col(1063.0, 1299.0, 1413.0), "2022") == pytest.approx(2.89)
    # 2024/2025: every game capped: 3 x .92
    assert EXPECTED_SCORE(2000.0, col(1063.0, 1299.0, 1413.0), 2025.0) == pytest.approx(2.76)


# --- rating change --------------------------------------------------------------------------
def test_elo_change_worked_example_2022() -> None:
    # Sum of W - PD = -0.61 (see the thread's table); x 20 = -12.2 -> -12
    assert ELO_CHANGE(2000.0, UPLIFT, UPLIFT_RESULTS, 20.0, "2022", False) == pytest.approx(-12.2)
    assert ELO_CHANGE(2000.0, UPLIFT, UPLIFT_RESULTS, 20.0, "2022") == -12
    # 2025: 1063, 1299, 1413 and 1427 all capped at 1600 (W - PD .08 each): -0.42 x 20 = -8.4
    assert ELO_CHANGE(2000.0, UPLIFT, UPLIFT_RESULTS, 20.0) == -8


def test_elo_change_rules_by_date() -> None:
    # 1 Feb 2024 -> edition 2022; 1 Mar 2024 -> 2024
    assert ELO_CHANGE(2000.0, UPLIFT, UPLIFT_RESULTS, 20.0, dt.datetime(2024, 2, 1)) == -12
    assert ELO_CHANGE(2000.0, UPLIFT, UPLIFT_RESULTS, 20.0, dt.datetime(2024, 3, 1)) == -8
    # a date serial as Lite passes it: 45352 = 2024-03-01
    assert ELO_CHANGE(2000.0, UPLIFT, UPLIFT_RESULTS, 20.0, 45352.0) == -8


def test_elo_change_forfeits_and_unrated_are_not_rated() -> None:
    # Only the game against 2000 counts: win, PD .50 -> +0.5 x 20 = 10
    assert ELO_CHANGE(2000.0, col(2000.0, 2100.0, None), col(1.0, "+", 0.0), 20.0) == 10


def test_elo_change_k_times_n_700() -> None:
    # 39 games, K 20 -> K 17: 39 draws against equal opponents change nothing, so win them
    # all: 39 x (1 - .5) x 17 = 331.5 -> 332 (half away from zero)
    opponents = col(*([2000.0] * 39))
    results = col(*([1.0] * 39))
    assert ELO_CHANGE(2000.0, opponents, results, 20.0, None, False) == pytest.approx(331.5)
    assert ELO_CHANGE(2000.0, opponents, results, 20.0) == 332


def test_elo_change_rounds_half_away_from_zero() -> None:
    # K 10, one loss against an equal (-0.5) -> -5; K 5 would be -2.5 -> -3
    assert ELO_CHANGE(2000.0, col(2000.0), col(0.0), 5.0) == -3
    assert ELO_CHANGE(2000.0, col(2000.0), col(1.0), 5.0) == 3


def test_elo_change_no_rated_game_is_zero() -> None:
    assert ELO_CHANGE(2000.0, col(2100.0), col("-"), 20.0) == 0


def test_elo_change_unrated_player() -> None:
    assert ELO_CHANGE(None, THREE, col(1.0, 0.0, 0.0), 20.0) == "#N/A"


def test_elo_detail_rows() -> None:
    rows = ELO_DETAIL(2000.0, col(1063.0, 1872.0, 2500.0), col(1.0, "½", 0.0), 20.0, "2025")
    # 1063 -> 1600 (cap): PD .92, W-PD .08, x20 1.6; 1872: D 128 -> .67, -.17, -3.4;
    # 2500 -> 2400 (cap): PD .08, -.08, -1.6
    assert rows == [
        [1600, pytest.approx(0.92), pytest.approx(0.08), pytest.approx(1.6)],
        [1872, pytest.approx(0.67), pytest.approx(-0.17), pytest.approx(-3.4)],
        [2400, pytest.approx(0.08), pytest.approx(-0.08), pytest.approx(-1.6)],
    ]


def test_2650_exemption_2025() -> None:
    # 2700 beats 2200: 2025 no cap (D 500 -> .96, +0.04 x 10 = 0.4 -> 0);
    # 2024 capped (D 400 -> .92, +0.08 x 10 = 0.8 -> 1)
    assert ELO_CHANGE(2700.0, col(2200.0), col(1.0), 10.0, "2025", False) == pytest.approx(0.4)
    assert ELO_CHANGE(2700.0, col(2200.0), col(1.0), 10.0, "2024", False) == pytest.approx(0.8)


# --- K, first rating, norms -------------------------------------------------------------
def test_k_factor() -> None:
    day = dt.datetime(2026, 11, 30)
    assert K_FACTOR(1800.0, 12.0, None, False, day) == 40  # fewer than 30 games
    assert K_FACTOR(2250.0, 80.0, 2008.0, False, day) == 40  # 18 in 2026, under 2300
    assert K_FACTOR(2250.0, 80.0, 2007.0, False, day) == 20  # 19 in 2026
    assert K_FACTOR(2350.0, 80.0, 1990.0, True, day) == 10  # reached 2400 before
    assert K_FACTOR(2350.0, 80.0, 1990.0, "no", day) == 20
    assert K_FACTOR(2350.0, 80.0, 1990.0, "maybe", day) == "#VALUE!"


def test_k_for_games() -> None:
    # K x n <= 700 over one rating period (docs/fide-rules.md, 8.3.3): K becomes the largest
    # whole number with K x n <= 700.
    assert K_FOR_GAMES(40.0, 20.0) == 35  # 40 x 20 = 800 > 700: 700 / 20 = 35
    assert K_FOR_GAMES(20.0, 39.0) == 17  # 20 x 39 = 780: 700 / 39 = 17.9 -> 17 (17 x 39 = 663)
    assert K_FOR_GAMES(20.0, 35.0) == 20  # 20 x 35 = 700: not above 700, unchanged
    assert K_FOR_GAMES(10.0, 71.0) == 9  # 10 x 71 = 710: 700 / 71 = 9.86 -> 9
    assert K_FOR_GAMES(40.0, 0.0) == 40  # no game yet
    assert K_FOR_GAMES(20.0, None) == 20  # blank games: K unchanged
    assert K_FOR_GAMES(20.0, "39") == 17  # text holding a number, as typed in a cell
    assert K_FOR_GAMES(None, 20.0) == "#N/A"  # no K: nothing to compute
    assert K_FOR_GAMES(20.0, -1.0) == "#NUM!"
    assert K_FOR_GAMES(20.0, 2.5) == "#VALUE!"
    assert K_FOR_GAMES(0.0, 20.0) == "#NUM!"
    assert K_FOR_GAMES("#REF!", 20.0) == "#REF!"
    assert EXPLAIN_ERROR("K_FOR_GAMES", 20.0, -1.0) == (
        "K_FOR_GAMES: games: expected at least 0, got -1"
    )


def test_bloque_editions() -> None:
    five = col(1900.0, 1950.0, 2000.0, 2050.0, 2100.0)
    # reference: 5 games, average 2000, 3 points: 2022 -> 2000 + 20 x 1 = 2020;
    # 2024 -> Ra 13600/7 = 1942.86, p 4/7 = .57 -> dp 50 -> 1992.86 -> 1993
    assert BLOQUE(five, 3.0, "swiss", "2022") == 2020
    assert BLOQUE(five, 3.0, None, "2024") == 1993
    assert BLOQUE(five, col(1.0, 1.0, 1.0, 0.0, 0.0), None, "2025") == 1993
    assert BLOQUE(five, 0.0, None, "2022") == "#N/A"  # a zero score is disregarded


def test_bloque_system_and_round_robin_rule_2017() -> None:
    # 2017, 2 of 5 against an average of 2000: p = 0.40, dp = -72 (table 8.1(a)).
    # Swiss: Ru = 2000 - 72 = 1928. Round robin: Ra + dp x n/(n + 1) = 2000 - 72 x 5/6 = 1940.
    five = col(1900.0, 1950.0, 2000.0, 2050.0, 2100.0)
    lost = col(1.0, 1.0, 0.0, 0.0, 0.0)
    for system in (None, "swiss", "Suizo", " SWISS "):
        assert BLOQUE(five, 2.0, system, "2017") == 1928
        assert BLOQUE(five, lost, system, "2017") == 1928
    for system in ("rr", "RR", "round robin", "round-robin", "roundrobin", "todos contra todos"):
        assert BLOQUE(five, 2.0, system, "2017") == 1940
        assert BLOQUE(five, lost, system, "2017") == 1940
    # 2017 round robin: results against an unrated opponent count too (score 3 of 6, the
    # sixth game a win against an unrated player): p = 0.5 -> Ru = Ra + 20 x 0 = 2000.
    six = col(1900.0, 1950.0, 2000.0, 2050.0, 2100.0, None)
    assert BLOQUE(six, col(1.0, 1.0, 0.0, 0.0, 0.0, 1.0), "rr", "2017") == 2000
    assert BLOQUE(six, col(1.0, 1.0, 0.0, 0.0, 0.0, 1.0), "swiss", "2017") == 1928
    assert BLOQUE(five, 2.0, "knockout", "2017") == "#VALUE!"
    reason = EXPLAIN_ERROR("BLOQUE", five, 2.0, "knockout", "2017")
    assert reason == (
        'BLOQUE: system: expected "swiss" (or "suizo") or "rr" (or "round robin", '
        "\"todos contra todos\"), got 'knockout'"
    )


def _first_ratings(system: object, rules: object = "2017") -> list[list[object]]:
    """Player 1, unrated, meets players 2-6 (rated 2000) in rounds 1-5 and scores 1 1 0 0 0;
    the others play no other game."""
    ratings = col(None, 2000.0, 2000.0, 2000.0, 2000.0, 2000.0)
    mine = ["1", "1", "0", "0", "0"]
    theirs = {"1": "0", "0": "1"}
    results = [mine] + [
        [theirs[mine[i - 1]] if r == i else None for r in range(1, 6)] for i in range(1, 6)
    ]
    opponents = [[2.0, 3.0, 4.0, 5.0, 6.0]] + [
        [1.0 if r == i else None for r in range(1, 6)] for i in range(1, 6)
    ]
    return BLOQUE_ALL(ratings, results, opponents, system, rules)  # type: ignore[no-any-return]


def test_bloque_all_accepts_the_same_systems_as_bloque() -> None:
    # 2017, 2 of 5 against 2000: Swiss 2000 - 72 = 1928, round robin 2000 - 60 = 1940 (as
    # above); the rated players get no first rating (blank).
    blanks = [[""]] * 5
    for system in (None, "swiss", "suizo", "Suizo"):  # with opponents, blank is a Swiss
        assert _first_ratings(system) == [[1928]] + blanks
    for system in ("rr", "round robin", "todos contra todos"):
        assert _first_ratings(system) == [[1940]] + blanks
    # 2022, 2 of 5: p = 0.40, dp = -72 -> 1928 whatever the system (no round-robin rule)
    assert _first_ratings("suizo", "2022") == _first_ratings("rr", "2022") == [[1928]] + blanks
    assert _first_ratings("knockout") == "#VALUE!"
    assert "suizo" in EXPLAIN_ERROR("BLOQUE_ALL", *_ARGS_FOR_KNOCKOUT)


_ARGS_FOR_KNOCKOUT = (col(None, 2000.0), [[None, "1"], ["0", None]], None, "knockout")


def test_system_help_in_the_wizard() -> None:
    from xlfuncs.lite import build_main_py

    main_py = build_main_py()  # the wrappers carry the decorators' values, evaluated
    for name in ("BLOQUE", "BLOQUE_ALL"):
        at = main_py.rfind(f"def {name}(")
        decorators = main_py[main_py.rfind("@xw.func", 0, at) : at]
        assert (
            """@xw.arg('system', doc='"swiss" (or "suizo") or "rr" (or "round robin", """
            """"todos contra todos");"""
        ) in decorators


def test_norm_functions() -> None:
    opponents = col(2600.0, 2550.0, 2500.0, 2450.0, 2450.0, 2400.0, 2350.0, 2300.0, 2150.0)
    # floor: 2150 -> 2200; Ra 21800/9 = 2422.2 -> 2422; 6.5/9 = .72 -> 166 -> 2588;
    # 7/9 = .78 -> 220 -> 2642 >= 2600
    assert NORM_RP(opponents, 6.5, "GM") == 2588
    assert NORM_POINTS(opponents, "gm") == 7
    assert NORM_POINTS(opponents, "XX") == "#VALUE!"


def test_norm_ratings_row_by_row() -> None:
    # One row per input row. 2025: an unrated opponent counts as 1400 (docs/fide-rules.md);
    # 1400 is the lowest, so it alone is raised to the GM floor 2200; 2150 stays 2150.
    # Rows with no game counted are blank: the forfeit (row 2) and the unplayed row 5.
    ratings = col(2600.0, 2500.0, None, 2150.0, None, 2450.0)
    results = col(1.0, "+", "\u00bd", 0.0, None, "=")
    assert NORM_RATINGS(ratings, results, "GM", "2025") == [
        [2600, 2600],
        ["", ""],
        [1400, 2200],
        [2150, 2150],
        ["", ""],
        [2450, 2450],
    ]
    # 2022: unrated opponents count as 1000, still the lowest: raised to the IM floor 2050
    assert NORM_RATINGS(ratings, results, "im", "2022")[2] == [1000, 2050]
    # without an unrated opponent the lowest is 2150: raised to 2200 (GM), kept for WIM (1850)
    rated = col(2600.0, 2150.0, 2450.0)
    three = col(1.0, 0.0, 0.5)
    assert NORM_RATINGS(rated, three, "GM", "2025") == [[2600, 2600], [2150, 2200], [2450, 2450]]
    assert NORM_RATINGS(rated, three, "WIM", "2025") == [[2600, 2600], [2150, 2150], [2450, 2450]]
    assert NORM_RATINGS(rated, col(None, None, None), "GM") == "#N/A"  # no game
    assert NORM_RATINGS(rated, col(1.0, 0.0), "GM") == "#VALUE!"  # sizes differ
    assert NORM_RATINGS(rated, three, "FM") == "#VALUE!"
    assert NORM_RATINGS(col(2600.0, 5000.0), col(1.0, 0.0), "GM") == "#NUM!"


def test_norm_figures() -> None:
    opponents = col(2600.0, 2550.0, 2500.0, 2450.0, 2450.0, 2400.0, 2350.0, 2300.0, 2150.0)
    # floor: 2150 -> 2200; Ra 21800/9 = 2422.2 -> 2422 >= 2380; 7/9 = .78 -> dp 220:
    # Rp 2642 >= 2600
    assert NORM_FIGURES(opponents, 7.0, "GM", "2025") == [
        [2422, 2380, True],
        [pytest.approx(0.78), pytest.approx(0.35), True],
        [2642, 2600, True],
    ]
    # 6.5/9 = .72 -> 166: Rp 2588 < 2600
    assert NORM_FIGURES(opponents, 6.5, "GM")[2] == [2588, 2600, False]
    # 3/9 = .33 (33 % < 35 %) -> dp -dp(.67) = -125: Rp 2297 < 2600
    assert NORM_FIGURES(opponents, 3.0, "GM") == [
        [2422, 2380, True],
        [pytest.approx(0.33), pytest.approx(0.35), False],
        [2297, 2600, False],
    ]
    # IM norm on the same games: the floor 2050 leaves 2150; Ra 21750/9 = 2416.7 -> 2417
    # >= 2230; 7/9 -> 220: Rp 2637 >= 2450
    assert NORM_FIGURES(opponents, 7.0, "IM") == [
        [2417, 2230, True],
        [pytest.approx(0.78), pytest.approx(0.35), True],
        [2637, 2450, True],
    ]
    # results beside the ratings, as NORM_RP takes them: a forfeit does not count
    two = col(2400.0, 2500.0)
    assert NORM_FIGURES(two, col(1.0, "+"), "GM")[0] == [2400, 2380, True]
    assert NORM_FIGURES(opponents, 10.0, "GM") == "#NUM!"  # 10 points in 9 games
    assert NORM_FIGURES(opponents, 7.0, "XX") == "#VALUE!"


def test_norm_titled_row_by_row() -> None:
    # Titled (the 50 % rule): GM, IM, FM, WGM, WIM, WFM; CM and WCM are not (Title
    # Regulations, docs/fide-rules.md). The IM norm's title or higher: GM or IM.
    titles = col("GM", "IM", "FM", "CM", "WCM", "wfm", None, "WGM", "GM", "IM")
    results = col(1.0, "\u00bd", 0.0, 1.0, 0.0, "=", 1.0, 0.0, "+", None)
    assert NORM_TITLED(titles, results, "IM") == [
        [True, True],  # GM
        [True, True],  # IM
        [True, False],  # FM
        [False, False],  # CM
        [False, False],  # WCM
        [True, False],  # WFM (any case)
        [False, False],  # no title
        [True, False],  # WGM: below IM
        ["", ""],  # a forfeit does not count
        ["", ""],  # no result: no game
    ]
    # the WGM norm's title or higher: GM, IM, WGM (not FM, WFM)
    higher = [row[1] for row in NORM_TITLED(titles, results, "WGM")[:8]]
    assert higher == [True, True, False, False, False, False, False, True]
    assert NORM_TITLED(col("GM"), col(None), "GM") == "#N/A"  # no game played
    assert NORM_TITLED(col("GM", "IM"), col(1.0), "GM") == "#VALUE!"  # sizes differ
    assert NORM_TITLED(col("GM"), col(1.0), "FM") == "#VALUE!"  # not a norm title


def test_explain_error_unknown_function() -> None:
    assert "unknown function" in EXPLAIN_ERROR("NOPE")
    assert EXPLAIN_ERROR("RP_FIDE", THREE, 2.5) == "OK"


def test_every_function_has_wizard_help() -> None:
    for name, fn in {**udfs.FUNCTIONS, "EXPLAIN_ERROR": EXPLAIN_ERROR}.items():
        doc = (fn.__doc__ or "").strip()
        assert doc, name
        assert len(doc.splitlines()[0]) <= 255, name


@pytest.mark.parametrize("name", [*udfs.FUNCTIONS, "EXPLAIN_ERROR"])
def test_wizard_description_is_one_line_of_plain_text(name: str) -> None:
    # xlwings registers the whole docstring as the function wizard's description (classic
    # and Lite alike); Excel shows a line break and indent as they are, and cuts at 255.
    doc = getattr(udfs, name).__doc__
    assert doc and doc == doc.strip()
    assert "\n" not in doc and "  " not in doc
    assert len(doc) <= 255


@functools.cache
def _argument_help() -> dict[str, dict[str, str | None]]:
    """Each function's argument help as xlwings registers it (the ``@xw.arg`` docs), read
    the way ``xlfuncs lite`` reads them for the bundle."""
    from xlfuncs import lite

    return {e.name: {n: a.doc for n, a in e.arguments.items()} for e in lite._exports()}


def test_explain_error_names_its_arguments() -> None:
    # Without a doc xlwings shows "Positional argument 3" and so on in the wizard.
    helps = _argument_help()["EXPLAIN_ERROR"]
    params = list(inspect.signature(udfs.EXPLAIN_ERROR).parameters)
    assert list(helps) == params
    for i, name in enumerate(params[1:], start=1):
        text = helps[name]
        assert text is not None and "explained function's" in text
        assert text.split("explained function's ")[1].startswith(
            {1: "1st", 2: "2nd", 3: "3rd"}.get(i, f"{i}th")
        )


@pytest.mark.parametrize("name", [*udfs.FUNCTIONS, "EXPLAIN_ERROR"])
def test_every_argument_has_one_line_help(name: str) -> None:
    helps = _argument_help()[name]
    assert list(helps) == list(inspect.signature(getattr(udfs, name)).parameters)
    for text in helps.values():
        assert text and "\n" not in text and "  " not in text and len(text) <= 255


def test_both_rating_changes_say_their_argument_order() -> None:
    # ELO_CHANGE(own, opponents, results, k) and ELO_CHANGE_ALL(ratings, k, results) keep
    # their orders (existing workbooks); the wizard's help of K says which one it is.
    helps = _argument_help()
    assert list(inspect.signature(udfs.ELO_CHANGE).parameters)[2:4] == ["results", "k"]
    assert list(inspect.signature(udfs.ELO_CHANGE_ALL).parameters)[1:3] == ["k", "results"]
    assert "after the results" in (helps["ELO_CHANGE"]["k"] or "")
    assert "before the results" in (helps["ELO_CHANGE_ALL"]["k"] or "")
