"""core/period.py: one player's rating period over several events, worked by hand.

PD values from table 8.1(b) (docs/fide-rules.md): D 0-3 .50; D 84-91 .62 (the lower-rated
player .38); D 400 (the capped difference) .92; D 433-456 .94; D 485-517 .96. The rules:
K x n <= 700 over the period's games, the change rounded once for the period (half away
from zero), the 2022 limit of one 400-point upgrade per tournament, first ratings pooled.
"""

from __future__ import annotations

from fractions import Fraction

from xlfuncs.core.period import EventGames, period_rating
from xlfuncs.core.tables import round_half_away

F = Fraction


def _event(*games: tuple[int | None, float]) -> EventGames:
    return EventGames(tuple(games))


def test_k_times_n_bites_only_across_the_events() -> None:
    # K 40, three events of 6 games against 2000-rated opponents (D 0: PD .50):
    # event 1: 4 wins, 2 losses: sum(W - PD) = 4 - 3 = +1; events 2 and 3: sum 0.
    # One event: 40 x 6 = 240 <= 700, K stays 40. The period: n = 18, 40 x 18 = 720 > 700,
    # K = 700 // 18 = 38 (38 x 18 = 684). Change: 38 x 1 = +38 (an event alone: +40).
    one = _event(*[(2000, 1)] * 4, *[(2000, 0)] * 2)
    two = _event(*[(2000, 0.5)] * 6)
    three = _event(*[(2000, 1)] * 3, *[(2000, 0)] * 3)
    alone = period_rating(2000, [one], 40, rules="2025")
    assert alone.change is not None and (alone.change.k, alone.change.change) == (40, 40)
    p = period_rating(2000, [one, two, three], 40, rules="2025")
    assert p.change is not None
    assert (p.games, p.change.k_requested, p.change.k) == (18, 40, 38)
    assert p.event_changes == (F(38), F(0), F(0))
    assert (p.change.unrounded, p.change.change, p.change.new_rating) == (38, 38, 2038)


def test_rounding_once_for_the_period_differs_from_rounding_per_event() -> None:
    # 2000 draws with 2085 in each of two events: D 85 -> PD .38 for the lower-rated player,
    # W - PD = .50 - .38 = .12, K 20: +2.40 per event. Rounded per event: 2 + 2 = 4.
    # Rounded once for the period: 2.40 + 2.40 = 4.80 -> 5.
    e = _event((2085, 0.5))
    p = period_rating(2000, [e, e], 20, rules="2025")
    assert p.change is not None
    assert p.event_changes == (F(12, 5), F(12, 5))
    per_event = sum(round_half_away(c) for c in p.event_changes)
    assert per_event == 4
    assert (p.change.unrounded, p.change.change) == (F(24, 5), 5)


def test_the_2022_limit_applies_per_tournament() -> None:
    # 2022 rules, 2000 at K 40. Event 1: wins against 1500 and 1550 (both more than 400
    # below): only the largest difference is upgraded, 1500 -> 1600 (D 400: .92, +.08);
    # 1550 stays (D 450: .94, +.06). Event 2: a win against 1500, its own tournament, so
    # upgraded too: 1600, +.08. Sum .22, x 40 = +8.80 -> +9.
    # Had the period been one tournament, the second 1500 would stay (D 500: .96, +.04):
    # .18 x 40 = 7.20 -> 7.
    p = period_rating(2000, [_event((1500, 1), (1550, 1)), _event((1500, 1))], 40, rules="2022")
    assert p.change is not None
    assert [(g.tournament, g.rating_used) for g in p.change.games] == [
        (0, 1600),
        (0, 1550),
        (1, 1600),
    ]
    assert p.event_changes == (F(28, 5), F(16, 5))  # 40 x .14 = 5.60, 40 x .08 = 3.20
    assert (p.change.unrounded, p.change.change) == (F(44, 5), 9)


def test_a_first_rating_pooled_from_two_events() -> None:
    # 2022 rules (no hypothetical opponents). Event 1: wins against 1900, 1950, 2000;
    # event 2: losses against 2050 and 2100. Pooled: Ra = 10000 / 5 = 2000, 3 of 5 points,
    # 1 half point above 50 %: Ru = 2000 + 20 = 2020, on 5 games: published.
    # Event 1 alone: Ra 1950, 3/3, 3 half points above 1.5: 2010 on 3 games, not published.
    one = _event((1900, 1), (1950, 1), (2000, 1))
    two = _event((2050, 0), (2100, 0))
    alone = period_rating(None, [one], None, rules="2022")
    assert alone.first is not None and (alone.first.rating, alone.first.published) == (2010, False)
    p = period_rating(None, [one, two], None, rules="2022")
    assert p.change is None and p.first is not None
    assert (p.first.ra, p.first.score, p.first.rated_games) == (2000, 3, 5)
    assert (p.first.rating, p.first.published, p.pooled) == (2020, True, (0, 1))


def test_a_zero_score_in_the_first_event_is_left_out_of_the_pool() -> None:
    # Event 1: 0/2 against 2050 and 2100, the player's first event: disregarded (every
    # edition). Events 2 and 3 pool: 1900, 1950, 2000, 1800, 1850 with 3 points (2022):
    # Ra = 9500 / 5 = 1900, 1 half point above 50 %: 1920.
    zero = _event((2050, 0), (2100, 0))
    two = _event((1900, 1), (1950, 1), (2000, 1))
    three = _event((1800, 0), (1850, 0))
    p = period_rating(None, [zero, two, three], None, rules="2022")
    assert p.first is not None and p.pooled == (1, 2)
    assert (p.first.rating, p.first.rated_games) == (1920, 5)
    # Only zero scores. The text (8.2.1, 2022, 2024 and 2025: "If an unrated player scores
    # zero in their first event this score is disregarded. Otherwise, their rating is
    # calculated using all their results") names the first event only: the second counts,
    # 0/2 against 2050 and 2100, Ru = 2075 - 800 = 1275 (2022), on 2 games: not published.
    q = period_rating(None, [zero, zero], None, rules="2022")
    assert q.first is not None and (q.first.rating, q.first.published, q.pooled) == (
        1275,
        False,
        (1,),
    )
    assert q.scoreless_differs
    # The other reading, every scoreless event in a row disregarded: nothing to pool.
    q = period_rating(None, [zero, zero], None, rules="2022", scoreless="leading")
    assert q.first is None and q.first_error is not None and "zero score" in q.first_error


def test_a_second_scoreless_event_counts_unless_the_other_reading_is_asked() -> None:
    # 2024 rules. Event 1: 0/2 (the first event: disregarded); event 2: 0/5 against 2000
    # (not the first event: counted, the text's reading); event 3: 3/3 against 1900, 1950,
    # 2000. Pooled 2 and 3 with the two hypothetical 1800 draws: Ra = (10000 + 5850 + 3600)
    # / 10 = 1945, 4/10 = .40, dp -72: 1873 on 8 games, published.
    zero = _event((2050, 0), (2100, 0))
    five = _event(*[(2000, 0)] * 5)
    three = _event((1900, 1), (1950, 1), (2000, 1))
    p = period_rating(None, [zero, five, three], None, rules="2024")
    assert p.first is not None and p.pooled == (1, 2) and p.scoreless == "first"
    assert (p.first.ra, p.first.rating, p.first.published) == (1945, 1873, True)
    assert p.scoreless_differs
    # "leading": event 2 disregarded too; event 3 alone: Ra (5850 + 3600) / 5 = 1890, 4/5 =
    # .80, dp 240: 2130 on 3 games, not published.
    q = period_rating(None, [zero, five, three], None, rules="2024", scoreless="leading")
    assert q.first is not None and q.pooled == (2,)
    assert (q.first.ra, q.first.rating, q.first.published) == (1890, 2130, False)
    # Where only the first event is scoreless, the readings agree and nothing is said.
    r = period_rating(None, [zero, three, five], None, rules="2024")
    assert r.pooled == (1, 2) and not r.scoreless_differs


def test_a_player_with_no_rated_game_keeps_the_rating() -> None:
    p = period_rating(1800, [_event((None, 1))], 20, rules="2025")
    assert p.change is not None and (p.games, p.change.change, p.event_changes) == (0, 0, (0,))
