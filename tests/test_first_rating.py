"""First rating of an unrated player (the seed's "bloque", Ru), in every edition.

Rules from docs/fide-rules.md ("First rating", "Editions") and the Spanish
seed 002 (Swiss vs round robin, n/(n+1)); dp from table 8.1(a). Every figure is worked by
hand in the comment next to it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlfuncs.core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError
from xlfuncs.core.first_rating import first_rating, round_robin_variant
from xlfuncs.udfs import BLOQUE, BLOQUE_ALL, EXPLAIN_ERROR

F = Fraction
HALF = 0.5

# 5 games against opponents averaging 2000, 3 points (the reference's worked figures)
FIVE_AVG_2000 = [(1800, 1), (1900, 1), (2000, 0), (2100, HALF), (2200, HALF)]


# ---------------------------------------------------------------------------------------
# Reference worked figures.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["2017", "2022"])
def test_reference_2022_rule_2020(rules: str) -> None:
    # Ra 2000, 3/5 = 60 %: half points above 50 % = 2 x 3 - 5 = 1 -> 2000 + 20 = 2020
    fr = first_rating(FIVE_AVG_2000, rules=rules)
    assert fr.ra == 2000
    assert fr.score == 3
    assert fr.games == 5
    assert fr.rated_games == 5
    assert fr.rating == 2020
    assert fr.unrounded == 2020
    assert fr.dp is None  # the 20-per-half-point rule, not dp
    assert fr.published is True
    assert fr.reasons == ()


@pytest.mark.parametrize("rules", ["2024", "2025"])
def test_reference_2024_rule_1993(rules: str) -> None:
    # two hypothetical 1800s, both drawn: Ra = (5 x 2000 + 2 x 1800)/7 = 13600/7 = 1942.86
    # score 3 + 1 = 4 of 7: p = .5714 -> .57 -> dp 50; Ru = 1992.86 -> 1993
    fr = first_rating(FIVE_AVG_2000, rules=rules)
    assert fr.ra == F(13600, 7)
    assert round(float(fr.ra), 2) == 1942.86
    assert fr.score == 4
    assert fr.games == 7
    assert fr.rated_games == 5
    assert fr.dp == 50
    assert fr.unrounded == F(13600, 7) + 50
    assert fr.rating == 1993
    assert fr.published is True


def test_default_rules_are_2025() -> None:
    assert first_rating(FIVE_AVG_2000).rating == 1993
    assert first_rating(FIVE_AVG_2000).edition.id == "2025"


# ---------------------------------------------------------------------------------------
# 2017: Swiss vs round robin below 50 %.
# ---------------------------------------------------------------------------------------
# rated opponents 2000..2400 (Ra 2200) scoring 1, 1/2, 1/2, 0, 0 = 2, plus one unrated game
RATED_2_OF_5 = [(2000, 1), (2100, HALF), (2200, HALF), (2300, 0), (2400, 0)]


def test_2017_swiss_below_half_ignores_unrated() -> None:
    # Swiss: the unrated game does not count. p = 2/5 = .40 -> -dp(.60) = -72 -> 2128
    games = RATED_2_OF_5 + [(None, 0)]
    fr = first_rating(games, system="swiss", rules="2017")
    assert fr.ra == 2200
    assert fr.score == 2
    assert fr.games == 5
    assert fr.rated_games == 5
    assert fr.dp == -72
    assert fr.rating == 2128
    # a win against the unrated player changes nothing in a Swiss
    assert first_rating(RATED_2_OF_5 + [(None, 1)], rules="2017").rating == 2128


def test_2017_round_robin_below_half_counts_unrated_and_factor() -> None:
    # round robin: all results count. score 2 of n = 6: p = .3333 -> .33 -> -dp(.67) = -125;
    # Ru = 2200 - 125 x 6/7 = 2200 - 107.14 = 2092.86 -> 2093
    games = RATED_2_OF_5 + [(None, 0)]
    fr = first_rating(games, system="rr", rules="2017")
    assert fr.ra == 2200  # Ra: rated opponents only
    assert fr.score == 2
    assert fr.games == 6
    assert fr.rated_games == 5
    assert fr.dp == -125
    assert fr.unrounded == 2200 - F(125 * 6, 7)
    assert fr.rating == 2093


def test_2017_round_robin_unrated_win_reaches_half() -> None:
    # round robin, win against the unrated player: 3/6 = 50 % -> Ru = Ra = 2200
    # (in a Swiss the same games give 2/5 -> 2128, above)
    fr = first_rating(RATED_2_OF_5 + [(None, 1)], system="rr", rules="2017")
    assert fr.rating == 2200


def test_2017_round_robin_factor_without_unrated() -> None:
    # 2/5 in a round robin: -72 x 5/6 = -60 -> 2140
    fr = first_rating(RATED_2_OF_5, system="rr", rules="2017")
    assert fr.unrounded == 2140
    assert fr.rating == 2140


def test_2022_round_robin_has_no_factor() -> None:
    # 2022: "as 2017 without the round-robin factor": 2/5 -> -72 -> 2128
    assert first_rating(RATED_2_OF_5, system="rr", rules="2022").rating == 2128
    assert first_rating(RATED_2_OF_5, system="swiss", rules="2022").rating == 2128


def test_2017_above_half_20_per_half_point() -> None:
    # Ra = (1900+1950+2000+2000+2000+2050+2100)/7 = 14000/7 = 2000; score 5 of 7;
    # half points above 50 %: 2 x 5 - 7 = 3 -> 2000 + 60 = 2060
    games = [(1900, 1), (1950, 1), (2000, 1), (2000, 1), (2000, HALF), (2050, HALF), (2100, 0)]
    for rules in ("2017", "2022"):
        assert first_rating(games, rules=rules).rating == 2060


# ---------------------------------------------------------------------------------------
# Exactly 50 %.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["2017", "2022"])
def test_exactly_half_gives_ra(rules: str) -> None:
    # Ra = (2000+2100+2150+2150+2200+2300)/6 = 12900/6 = 2150; 3/6 -> Ru = Ra = 2150
    games = [(2000, 0), (2100, HALF), (2150, 1), (2150, 0), (2200, HALF), (2300, 1)]
    assert first_rating(games, rules=rules).rating == 2150
    assert first_rating(games, system="rr", rules=rules).rating == 2150


@pytest.mark.parametrize("rules", ["2017", "2022"])
def test_exactly_half_ra_rounded_half_up(rules: str) -> None:
    # Ra = (3 x 2000 + 3 x 2001)/6 = 12003/6 = 2000.5; 3/6 -> 2000.5 -> 2001
    games = [(2000, 1), (2000, 0), (2000, HALF), (2001, HALF), (2001, 1), (2001, 0)]
    fr = first_rating(games, rules=rules)
    assert fr.unrounded == F(4001, 2)
    assert fr.rating == 2001


# ---------------------------------------------------------------------------------------
# 2024: maximum 2200.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["2024", "2025"])
def test_2024_maximum_2200(rules: str) -> None:
    # 5 wins against 2400: Ra = (5 x 2400 + 2 x 1800)/7 = 15600/7 = 2228.57;
    # score 5 + 1 = 6/7 = .857 -> .86 -> dp 309; Ru = 2537.57 -> 2538 -> at most 2200
    games = [(2400, 1)] * 5
    fr = first_rating(games, rules=rules)
    assert fr.dp == 309
    assert fr.unrounded == F(15600, 7) + 309
    assert fr.rating == 2200
    assert fr.published is True


def test_2017_has_no_maximum() -> None:
    # 5 wins against 2400 in 2017: 2 x 5 - 5 = 5 half points above 50 % -> 2400 + 100 = 2500
    assert first_rating([(2400, 1)] * 5, rules="2017").rating == 2500


# ---------------------------------------------------------------------------------------
# Publication.
# ---------------------------------------------------------------------------------------
LOW_FIELD = [(1300, 1), (1300, HALF), (1300, 0), (1300, 0), (1300, 0)]


@pytest.mark.parametrize("rules", ["2017", "2022"])
def test_floor_1000_publishes_1151(rules: str) -> None:
    # p = 1.5/5 = .30 -> -dp(.70) = -149 -> 1300 - 149 = 1151 >= 1000: published
    fr = first_rating(LOW_FIELD, rules=rules)
    assert fr.rating == 1151
    assert fr.published is True
    assert fr.reasons == ()


@pytest.mark.parametrize("rules", ["2024", "2025"])
def test_floor_1400_blocks_1341(rules: str) -> None:
    # Ra = (6500 + 3600)/7 = 1442.86; score 2.5/7 = .357 -> .36 -> -dp(.64) = -102;
    # Ru = 1340.86 -> 1341 < 1400: not published, one reason (the floor)
    fr = first_rating(LOW_FIELD, rules=rules)
    assert fr.rating == 1341
    assert fr.published is False
    assert len(fr.reasons) == 1
    assert "floor" in fr.reasons[0]
    assert "1400" in fr.reasons[0]


def test_floor_1000_blocks_734() -> None:
    # 2017: 0.5/5 against 1100 -> p .10 -> -dp(.90) = -366 -> 734 < 1000
    games = [(1100, HALF)] + [(1100, 0)] * 4
    fr = first_rating(games, rules="2017")
    assert fr.rating == 734
    assert fr.published is False
    assert len(fr.reasons) == 1
    assert "floor" in fr.reasons[0]
    assert "1000" in fr.reasons[0]


def test_fewer_than_five_rated_games() -> None:
    # 2017: 4 rated games, 2/4 against 2000 -> 2000, but only 4 games against rated players;
    # a game against an unrated player does not make up the fifth in a Swiss
    games = [(2000, 1), (2000, 0), (2000, HALF), (2000, HALF), (None, 1)]
    fr = first_rating(games, rules="2017")
    assert fr.rating == 2000
    assert fr.rated_games == 4
    assert fr.published is False
    assert len(fr.reasons) == 1
    assert "fewer than 5" in fr.reasons[0]
    assert "4" in fr.reasons[0]
    # 2024: Ra = (8000 + 3600)/6 = 1933.33, 3/6 -> 1933; still 4 rated games
    fr = first_rating(games, rules="2024")
    assert fr.rating == 1933
    assert fr.published is False
    assert len(fr.reasons) == 1
    assert "fewer than 5" in fr.reasons[0]


def test_both_reasons() -> None:
    # 2024, 4 games against 1300 with 1/2 point: Ra = (5200 + 3600)/6 = 1466.67;
    # score 1.5/6 = .25 -> -dp(.75) = -193 -> 1273.67 -> 1274: below 1400 and 4 games
    games = [(1300, HALF), (1300, 0), (1300, 0), (1300, 0)]
    fr = first_rating(games, rules="2024")
    assert fr.rating == 1274
    assert fr.published is False
    assert len(fr.reasons) == 2
    assert any("floor" in r for r in fr.reasons)
    assert any("fewer than 5" in r for r in fr.reasons)


# ---------------------------------------------------------------------------------------
# Zero score.
# ---------------------------------------------------------------------------------------
ZERO = [(1900, 0), (2000, 0), (2100, 0), (2000, 0), (2000, 0)]  # Ra 2000


@pytest.mark.parametrize("rules", ["2017", "2022", "2024", "2025"])
def test_zero_score_disregarded_in_every_edition(rules: str) -> None:
    # Issue 9, case 2: "If an unrated player scores zero in their first event this score is
    # disregarded" -- in 2017 too (the rule predates 2022: the 2003 text, B.02 6.1,
    # disregarded zero and half a point; docs/fide-rules.md, First rating).
    with pytest.raises(NothingToComputeError):
        first_rating(ZERO, rules=rules)
    with pytest.raises(NothingToComputeError):
        first_rating(ZERO, system="rr", rules=rules)


def test_zero_score_2017_issue_cases() -> None:
    # Issue 9, case 2: 0/3 against 2276, 2431, 2682 (Swiss, 2017) gave 1663 (Ra 2463 - 800);
    # 0/1 against 2243 (round robin, 2017) gave 1843 (2243 - 800 x 1/2): both disregarded now
    with pytest.raises(NothingToComputeError, match="zero score"):
        first_rating([(2276, 0), (2431, 0), (2682, 0)], rules="2017")
    with pytest.raises(NothingToComputeError, match="zero score"):
        first_rating([(2243, 0)], system="rr", rules="2017")


def test_zero_score_figures_2017_round_robin() -> None:
    # the figures on request (as the first-rating template shows them), marked disregarded:
    # p = 0 -> dp -800; -800 x 5/6 = -666.67 -> 1333.33 -> 1333
    fr = first_rating(ZERO, system="rr", rules="2017", zero_score_figures=True)
    assert fr.unrounded == 2000 - F(4000, 6)
    assert fr.rating == 1333
    assert fr.disregarded and not fr.published
    # with a lost game against an unrated player too: n = 6, -800 x 6/7 = -685.71
    # -> 1314.29 -> 1314
    fr = first_rating(ZERO + [(None, 0)], system="rr", rules="2017", zero_score_figures=True)
    assert fr.games == 6
    assert fr.rating == 1314
    assert fr.disregarded


# ---------------------------------------------------------------------------------------
# Nothing to compute, bad input.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["2017", "2022", "2024", "2025"])
def test_no_rated_opponent(rules: str) -> None:
    with pytest.raises(NothingToComputeError):
        first_rating([], rules=rules)
    with pytest.raises(NothingToComputeError):
        first_rating([(None, 1), (None, 0)], rules=rules)
    with pytest.raises(NothingToComputeError):
        first_rating([(None, 1), (None, 0)], system="rr", rules=rules)


def test_bad_inputs() -> None:
    with pytest.raises(OutOfRangeError):
        first_rating([(2000, 0.3)] * 5, rules="2017")
    with pytest.raises(InvalidInputError):
        first_rating(FIVE_AVG_2000, system="knockout", rules="2017")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        first_rating(FIVE_AVG_2000, rules="2020")


# ---------------------------------------------------------------------------------------
# The figures the first-rating template shows (p, the bonus, the variant, the reasons).
# ---------------------------------------------------------------------------------------
def test_percent_and_bonus_2022() -> None:
    # 3/5 = .60 -> 60 hundredths; 2 x 3 - 5 = 1 half point above 50 % x 20 = 20 added
    fr = first_rating(FIVE_AVG_2000, rules="2022")
    assert (fr.percent, fr.bonus, fr.dp, fr.round_robin) == (60, 20, None, False)


def test_percent_and_dp_2024() -> None:
    # 4/7 = .5714 -> 57 hundredths; Ra + dp, dp(.57) = 50, no bonus
    fr = first_rating(FIVE_AVG_2000, rules="2024")
    assert (fr.percent, fr.bonus, fr.dp) == (57, None, 50)


def test_round_robin_variant_flag() -> None:
    # only the 2017 rules have the round-robin variant, and only in a round robin
    assert first_rating(RATED_2_OF_5 + [(None, 0)], system="rr", rules="2017").round_robin
    assert not first_rating(RATED_2_OF_5, system="swiss", rules="2017").round_robin
    assert not first_rating(RATED_2_OF_5, system="rr", rules="2022").round_robin
    assert [round_robin_variant("rr", r) for r in ("2017", "2022", "2024", "2025")] == [
        True,
        False,
        False,
        False,
    ]
    assert not round_robin_variant("swiss", "2017")


def test_reasons_as_flags() -> None:
    # the two reasons of test_both_reasons: 1274 < 1400 and 4 < 5 rated games
    games = [(1300, HALF), (1300, 0), (1300, 0), (1300, 0)]
    fr = first_rating(games, rules="2024")
    assert (fr.below_floor, fr.too_few_rated_games) == (True, True)
    fr = first_rating(FIVE_AVG_2000, rules="2024")
    assert (fr.below_floor, fr.too_few_rated_games) == (False, False)


def test_zero_score_figures_on_request() -> None:
    # 2025, 0/5 against an average of 2000: Ra = (10000 + 3600)/7 = 1942.86; score 0 + 1 = 1
    # of 7 = .1429 -> 14 hundredths -> -dp(.86) = -309; Ru = 1633.86 -> 1634, but the zero
    # score is disregarded: not published, and the reason says so
    fr = first_rating(ZERO, rules="2025", zero_score_figures=True)
    assert (fr.percent, fr.dp, fr.rating) == (14, -309, 1634)
    assert fr.unrounded == F(13600, 7) - 309
    assert fr.disregarded and not fr.published
    assert fr.reasons == ("a zero score in a first event is disregarded (rules 2025)",)
    # 2017 disregards it too (issue 9, case 2): p = 0 -> dp -800 -> 2000 - 800 = 1200, shown
    fr = first_rating(ZERO, rules="2017", zero_score_figures=True)
    assert (fr.dp, fr.rating) == (-800, 1200)
    assert fr.disregarded and not fr.published


# ---------------------------------------------------------------------------------------
# Publication through the Excel functions (issue 9, cases 2 and 7).
# ---------------------------------------------------------------------------------------
def _col(*values: float) -> list[list[float]]:
    return [[v] for v in values]


def test_bloque_zero_score_2017_issue_cases() -> None:
    # Issue 9, case 2: BLOQUE({2276;2431;2682}, 0, "swiss", 2017) was 1663 (Ra 7389/3 =
    # 2463 - 800); BLOQUE({2243}, 0, "rr", 2017) was 1843 (2243 - 800 x 1/2): both #N/A now
    assert BLOQUE(_col(2276, 2431, 2682), 0.0, "swiss", 2017) == "#N/A"
    assert BLOQUE(_col(2243), 0.0, "rr", 2017) == "#N/A"
    assert "zero score" in EXPLAIN_ERROR("BLOQUE", _col(2243), 0.0, "rr", 2017)


def test_bloque_not_published_is_na() -> None:
    # Issue 9, case 7: 7.1.4 (2024 text): a first rating is published only from 5 games
    # against rated opponents (pooled over at most 26 months) and at or above 1400.
    # BLOQUE({1300;1400;1400}, 0.5, "swiss", 2024): Ra (1300 + 1400 + 1400 + 2 x 1800)/5 =
    # 7700/5 = 1540; p (0.5 + 1)/5 = .30 -> -dp(.70) = -149 -> 1391: was 1391, is #N/A
    three = _col(1300, 1400, 1400)
    assert BLOQUE(three, 0.5, "swiss", 2024) == "#N/A"
    why = EXPLAIN_ERROR("BLOQUE", three, 0.5, "swiss", 2024)
    assert "below the rating floor 1400" in why
    assert "3 games against rated opponents, fewer than 5" in why
    # provisional TRUE asks for the figure anyway
    assert BLOQUE(three, 0.5, "swiss", 2024, True) == 1391
    # 5 games, 3 points against an average of 2000 (the reference's figures): published
    five = _col(1900, 1950, 2000, 2050, 2100)
    assert BLOQUE(five, 3.0, "swiss", 2024) == 1993
    # 2017, 0.5/5 against 1100: p .10 -> -366 -> 734 < 1000: #N/A; provisional 734
    low = _col(1100, 1100, 1100, 1100, 1100)
    assert BLOQUE(low, 0.5, "swiss", 2017) == "#N/A"
    assert BLOQUE(low, 0.5, "swiss", 2017, True) == 734


def test_bloque_all_blank_where_not_published() -> None:
    # a round robin of 4, player 3 unrated: 2000 (draw), 2100 (lost), 1900 (won). 2025: Ra
    # (6000 + 3600)/5 = 1920, p 2.5/5 = .50 -> 1920, but only 3 games against rated
    # opponents: blank (the chart shows no figure the list would not carry); provisional: 1920
    ratings = _col(2000, 2100, 0, 1900)
    grid = [
        [None, 1, "½", 0],
        [0, None, 1, "½"],
        ["½", 0, None, 1],
        [1, "½", 0, None],
    ]
    assert BLOQUE_ALL(ratings, grid, None, None, 2025) == [[""], [""], [""], [""]]
    assert BLOQUE_ALL(ratings, grid, None, None, 2025, True) == [[""], [""], [1920], [""]]
