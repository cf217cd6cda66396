"""Rapid and blitz in the core: editions, the 400-point rule without the 2650 exemption, the
600-point exclusion, K, the standard rating of a player unrated at the rate, no norms.

The rules are those of the FIDE Rapid and Blitz Rating Regulations applied from 1 March 2024
(handbook chapter B02RBRegulations2024; docs/editions.md, "Rapid and blitz"): 7.3.1 caps a
difference at 400 points with no 2650 exemption and, "Effective from 1 December 2024",
leaves unrated "Games played between players with a rating difference of 600 points or more
... if at least one of the players is rated above 2600"; 7.2.1 rates a player unrated at the
rate with their standard rating; K follows the standard rule since 1 October 2022 and was 20
for every player before. Expected values: tables 8.1(a) and 8.1(b), by hand beside each.
"""

from __future__ import annotations

import datetime as dt

import pytest

from xlfuncs.core.editions import (
    EDITIONS,
    RAPID_BLITZ_EDITIONS,
    RateOfPlay,
    get_edition,
    rapid_blitz_edition_on,
    read_rules_and_rate,
)
from xlfuncs.core.errors import InvalidInputError, OutOfRangeError
from xlfuncs.core.first_rating import first_rating
from xlfuncs.core.norm_field import CrosstableNorms
from xlfuncs.core.rating_change import (
    KRule,
    excluded_game,
    expected_score,
    k_rule,
    k_values,
    rating_at_rate,
    rating_change,
)
from xlfuncs.core.results import Outcome
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing

D = dt.date
RAPID, BLITZ, STANDARD = RateOfPlay.RAPID, RateOfPlay.BLITZ, RateOfPlay.STANDARD


def test_rate_is_text() -> None:
    assert RAPID == "rapid" and str(BLITZ) == "blitz"
    assert RateOfPlay.parse(" Rapid ") is RAPID
    with pytest.raises(InvalidInputError, match="unknown rate of play 'bullet'"):
        RateOfPlay.parse("bullet")


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ("2025 rapid", "2024-12 rapid"),  # in force on 1 Oct 2025, the 2025 edition's first day
        ("rapid 2025", "2024-12 rapid"),
        ("2024 blitz", "2024 blitz"),  # 1 Mar 2024
        ("2024-11-30 blitz", "2024 blitz"),
        ("2024-12-01 BLITZ", "2024-12 blitz"),
        ("2022 rapid", "2022 rapid"),
        ("2022-10-01 rapid", "2022-10 rapid"),
        ("2024-02-29 rapid", "2022-10 rapid"),
        ("2017 blitz", "2017 blitz"),
        ("rapid", "2024-12 rapid"),  # in force today
        ("2024-12 rapid", "2024-12 rapid"),  # a rapid and blitz id after the rate
        ("standard 2024", "2024"),
        ("2025", "2025"),
    ],
)
def test_rules_with_a_rate(rules: str, expected: str) -> None:
    edition = get_edition(rules)
    assert edition.id == expected
    assert get_edition(edition.id) == edition  # the id reads back
    assert get_edition(edition) is edition


def test_rate_beside_the_rules() -> None:
    assert get_edition("2025", rate=BLITZ).id == "2024-12 blitz"
    assert get_edition(D(2023, 1, 1), rate="rapid").id == "2022-10 rapid"
    assert get_edition(None, rate=STANDARD).id == "2025"
    assert get_edition(EDITIONS["2024"], rate=RAPID).id == "2024 rapid"
    with pytest.raises(InvalidInputError, match="name the rate of play rapid, but blitz"):
        get_edition("2025 rapid", rate=BLITZ)
    with pytest.raises(InvalidInputError, match="name the rate of play rapid, but standard"):
        get_edition(get_edition("rapid"), rate=STANDARD)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("2025 bullet", "unknown edition '2025 bullet'"),
        ("rapid blitz", "names 2 rates of play"),
        ("2023 rapid", "after the rate of play"),
        ("2024-12", "unknown edition '2024-12'"),  # a rapid and blitz id needs its rate
        ("2024-02-30 rapid", "no such day"),
    ],
)
def test_bad_rules_with_rates(rules: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        get_edition(rules)


def test_before_the_oldest_edition() -> None:
    with pytest.raises(OutOfRangeError, match="rapid and blitz rules"):
        get_edition("2017-06-30 rapid")


def test_read_rules_and_rate() -> None:
    assert read_rules_and_rate("2025 rapid") == (EDITIONS["2025"], RAPID)
    assert read_rules_and_rate(None) == (None, None)
    assert read_rules_and_rate("blitz") == (None, BLITZ)
    assert read_rules_and_rate("2024-03-01") == (D(2024, 3, 1), None)


def test_table_of_rapid_and_blitz_editions() -> None:
    assert list(RAPID_BLITZ_EDITIONS) == ["2017", "2022", "2022-10", "2024", "2024-12"]
    for row in RAPID_BLITZ_EDITIONS.values():
        assert not row.title_norms and row.unrated_uses_standard
        assert row.cap_difference == 400 and row.cap_exempt_from is None  # no 2650 exemption
    # the days follow one another without a gap
    rows = list(RAPID_BLITZ_EDITIONS.values())
    for before, after in zip(rows, rows[1:]):
        assert before.in_force_until is not None
        assert before.in_force_until + dt.timedelta(days=1) == after.in_force_from
    assert rapid_blitz_edition_on(D(2022, 9, 30)).k_fixed == 20
    assert rapid_blitz_edition_on(D(2022, 10, 1)).k_fixed is None
    # the first rating: as the standard rules of the same dates (two 1800 draws from 2024)
    assert get_edition("2025 rapid").first_rating_hypothetical_draws == 2
    assert get_edition("2025 rapid").rating_floor == 1400
    for edition in EDITIONS.values():  # standard play is as it was
        assert edition.rate is STANDARD and edition.title_norms and edition.k_fixed is None


def test_no_2650_exemption_in_rapid_and_blitz() -> None:
    # 2700 beats 2200: D 500. Standard 2025 (2650+): no cap, PD(500) = .96, 10 x .04 = 0.4.
    # Rapid: capped at 400, PD .92, 10 x .08 = 0.8 -> 1.
    standard = rating_change(2700, [[(2200, 1)]], 10, rules="2025")
    rapid = rating_change(2700, [[(2200, 1)]], 10, rules="2025 rapid")
    assert (float(standard.unrounded), standard.change) == (0.4, 0)
    assert (float(rapid.unrounded), rapid.change) == (0.8, 1)
    assert rapid.games[0].rating_used == 2300


@pytest.mark.parametrize(
    ("own", "other", "excluded"),
    [
        (2650, 2050, True),  # 600 points, 2650 above 2600
        (2650, 2051, False),  # 599 points
        (2050, 2650, True),  # either player may be the one above 2600
        (2600, 2000, False),  # 2600 is not above 2600
        (2601, 2001, True),
        (2601, 1200, True),
    ],
)
def test_600_point_exclusion(own: int, other: int, excluded: bool) -> None:
    assert excluded_game(own, other, rules="2025 blitz") is excluded
    assert excluded_game(own, other, rules="2024-12-01 rapid") is excluded
    assert excluded_game(own, other, rules="2024-11-30 rapid") is False  # not yet
    assert excluded_game(own, other, rules="2025") is False  # never in standard play


def test_excluded_games_are_not_rated() -> None:
    # 2650 beats 2050 (excluded) and 2100 (D 550 -> 400, PD .92): 10 x .08 = 0.8 -> 1, n = 1.
    # On 30 Nov 2024 both count, each capped at 2250: 10 x (.08 + .08) = 1.6 -> 2.
    games = [(2050, 1), (2100, 1)]
    after = rating_change(2650, [games], 10, rules="2025 blitz")
    before = rating_change(2650, [games], 10, rules="2024-11-30 blitz")
    assert (after.n, float(after.unrounded), after.change) == (1, 0.8, 1)
    assert (before.n, float(before.unrounded), before.change) == (2, 1.6, 2)
    assert float(expected_score(2650, [2050, 2100], rules="2025 blitz")) == 0.92
    assert float(expected_score(2650, [2050, 2100], rules="2024 blitz")) == 1.84


def test_k_for_rapid_and_blitz() -> None:
    # a junior (born 2008) rated 2250 with 80 games: K 40 by 8.3.3; K 20 for all in rapid and
    # blitz until 30 September 2022
    day = D(2022, 5, 1)
    assert k_rule(2250, 80, 2008, False, day).k == 40
    assert k_rule(2250, 80, 2008, False, day, rules="2022-05-01 rapid") is KRule.FIXED
    assert k_rule(2450, 80, 2008, False, day, rules="2022 blitz").k == 20  # even above 2400
    assert k_rule(2250, 80, 2008, False, D(2022, 10, 1), rules="2022-10-01 rapid").k == 40
    assert k_values("2017 rapid") == {20}
    assert k_values("2025 rapid") == k_values("2025") == {40, 20, 10}


def test_standard_rating_of_a_player_unrated_at_the_rate() -> None:
    assert rating_at_rate(None, 1850, rules="2025 rapid") == 1850
    assert rating_at_rate(1790, 1850, rules="2025 blitz") == 1790
    assert rating_at_rate(None, None, rules="2025 blitz") is None
    assert rating_at_rate(None, 1850, rules="2025") is None  # standard: unrated is unrated


def test_first_rating_as_in_standard() -> None:
    # 5 games averaging 2000, 3 points: with the two 1800 draws Ra 13600/7 = 1942.86,
    # p 4/7 = .57 -> dp 50 -> 1993, as the standard 2024 rules (project reference)
    games = [(1900, 1), (1950, 1), (2000, 1), (2050, 0), (2100, 0)]
    assert first_rating(games, rules="2025 rapid").rating == 1993
    assert first_rating(games, rules="2022 blitz").rating == 2020  # 2000 + 20 x 1


def _nine_rounds(rules: str) -> str | None:
    """Player 1's best norm in a 10-player round robin of 2500s that they win 9/9; the
    opponents are GMs of nine federations, the player's not among them (the mix of B.01
    1.4.3-1.4.5 made)."""
    n = 10
    feds = ["ESP", "GER", "FRA", "NED", "ITA", "ENG", "NOR", "SWE", "POL", "CZE"]
    entrants = [
        Entrant(
            rating=2500,
            pairings=tuple(
                Pairing(j, Outcome.WIN if i == 1 else Outcome.LOSS if j == 1 else Outcome.DRAW)
                for j in range(1, n + 1)
                if j != i
            ),
            fide_title="" if i == 1 else "GM",
            federation=feds[i - 1],
        )
        for i in range(1, n + 1)
    ]
    return CrosstableNorms(Crosstable.build(entrants, round_robin=True, rules=rules)).best(1)


def test_no_norm_in_rapid_or_blitz() -> None:
    # player 1 scores 9/9 against nine 2500s: Ra 2500, p 100 % -> a GM norm in standard play
    assert _nine_rounds("2025") == "GM"
    assert _nine_rounds("2025 rapid") is None
    assert _nine_rounds("2025 blitz") is None
