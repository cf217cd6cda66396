"""Title norms (Title Regulations, 2024 text, as summarised in docs/fide-rules.md):
rating floor, unrated opponents, Ra and p rounding, 35 % minimum, the four titles' figures,
and the fewest points a norm needs.

Figures: GM Ra >= 2380, Rp >= 2600, floor 2200; IM 2230 / 2450 / 2050; WGM 2180 / 2400 /
2000; WIM 2030 / 2250 / 1850. Unrated opponents: 1400 (2024, 2025), 1000 (2017, 2022).
dp from table 8.1(a). Every expected value is worked by hand in its comment.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlfuncs import udfs
from xlfuncs.core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError
from xlfuncs.core.norm_event import BIG_SWISS_TITLES
from xlfuncs.core.norm_games import figures_out_of_reach
from xlfuncs.core.norms import (
    COUNTING_TITLES,
    NORM_TITLES,
    NormMix,
    NormOpponent,
    is_titled,
    norm_mix,
    norm_percent,
    norm_performance,
    norm_points,
    norm_ra,
    norm_ratings,
    norm_ratings_before_floor,
    title_or_higher,
)
from xlfuncs.core.titles import FIDE_TITLES, trf_title
from xlfuncs.trf.to_crosstable import held_norm_title

F = Fraction


def test_title_figures() -> None:
    expected = {
        "GM": (2380, 2600, 2200),
        "IM": (2230, 2450, 2050),
        "WGM": (2180, 2400, 2000),
        "WIM": (2030, 2250, 1850),
    }
    assert set(NORM_TITLES) == set(expected)
    for title, (min_ra, min_rp, floor) in expected.items():
        t = NORM_TITLES[title]
        assert (t.min_ra, t.min_rp, t.floor) == (min_ra, min_rp, floor)


# ---------------------------------------------------------------------------------------
# Rating floor.
# ---------------------------------------------------------------------------------------
def test_floor_raises_only_the_lowest() -> None:
    # GM floor 2200: 2100 (lowest) -> 2200; 2150 is also below but stays
    assert norm_ratings([2500, 2100, 2150, 2300], "GM") == [2500, 2200, 2150, 2300]


@pytest.mark.parametrize("title", ["GM", "gm", " GM "])
def test_floor_only_when_below(title: str) -> None:
    assert norm_ratings([2500, 2250, 2300], title) == [2500, 2250, 2300]
    assert norm_ratings([2500, 2200, 2300], title) == [2500, 2200, 2300]  # at the floor
    assert norm_ratings([2500, 2199, 2300], title) == [2500, 2200, 2300]


@pytest.mark.parametrize(
    ("title", "low", "raised"),
    [("IM", 2000, 2050), ("WGM", 1900, 2000), ("WIM", 1700, 1850), ("GM", 1500, 2200)],
)
def test_floor_per_title(title: str, low: int, raised: int) -> None:
    assert norm_ratings([2300, low, 2250], title) == [2300, raised, 2250]


def test_ratings_before_the_floor() -> None:
    # Unrated opponents (None) count as 1400 from the 2024 Title Regulations, 1000 before
    # (docs/fide-rules.md); rated ones as they are, none raised (2100 stays below a floor).
    assert norm_ratings_before_floor([2500, None, 2100], rules="2025") == [2500, 1400, 2100]
    assert norm_ratings_before_floor([2500, None, 2100], rules="2024") == [2500, 1400, 2100]
    assert norm_ratings_before_floor([2500, None, 2100], rules="2022") == [2500, 1000, 2100]
    assert norm_ratings_before_floor([], rules="2025") == []
    with pytest.raises(OutOfRangeError):
        norm_ratings_before_floor([5000])


def test_floor_one_of_two_equal_lowest() -> None:
    assert sorted(norm_ratings([2100, 2100, 2500], "GM")) == [2100, 2200, 2500]


# ---------------------------------------------------------------------------------------
# Unrated opponents.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "unrated"), [("2024", 1400), ("2025", 1400), ("2017", 1000), ("2022", 1000)]
)
def test_unrated_opponents(rules: str, unrated: int) -> None:
    # two unrated: one (the lowest) is raised to the floor 2200, the other keeps its value
    assert sorted(norm_ratings([None, None, 2500], "GM", rules=rules)) == [unrated, 2200, 2500]


def test_unrated_value_decides_who_is_lowest() -> None:
    # WIM floor 1850. 2025: unrated = 1400, so 1300 is the lowest and is raised;
    # 2017: unrated = 1000 is the lowest and is raised, 1300 stays
    assert sorted(norm_ratings([None, 1300, 2500], "WIM", rules="2025")) == [1400, 1850, 2500]
    assert sorted(norm_ratings([None, 1300, 2500], "WIM", rules="2017")) == [1300, 1850, 2500]


def test_default_rules_unrated_1400() -> None:
    assert sorted(norm_ratings([None, None, 2500], "GM")) == [1400, 2200, 2500]


# ---------------------------------------------------------------------------------------
# Ra and p rounding.
# ---------------------------------------------------------------------------------------
def test_ra_rounded_half_up() -> None:
    # Ra = (9 x 2400 + 2405)/10 = 24005/10 = 2400.5 -> 2401; 7/10 = .70 -> 149 -> 2550
    perf = norm_performance([2400] * 9 + [2405], 7, "IM")
    assert perf.ra == 2401
    assert perf.percent == 70
    assert perf.dp == 149
    assert perf.rp == 2550
    # 2400.4 -> 2400 -> 2549
    perf = norm_performance([2400] * 9 + [2404], 7, "IM")
    assert perf.ra == 2400
    assert perf.rp == 2549


@pytest.mark.parametrize(
    ("n", "score", "percent"),
    [
        (9, 6.5, 72),  # 72.2 %
        (9, 5, 56),  # 55.6 %
        (9, 3, 33),  # 33.3 %
        (10, 3.5, 35),
        (100, 34.5, 35),  # 34.5 % -> 35 (0.5 % up)
        (100, 34, 34),
        (20, 6.5, 33),  # 32.5 % -> 33
    ],
)
def test_p_to_whole_percent(n: int, score: float, percent: int) -> None:
    assert norm_performance([2500] * n, score, "GM").percent == percent


def test_35_percent_minimum() -> None:
    # Ra 2800 (100 games). 34.5/100 -> 35 % -> -dp(.65) = -110 -> 2690: a GM norm
    perf = norm_performance([2800] * 100, 34.5, "GM")
    assert (perf.percent, perf.dp, perf.rp) == (35, -110, 2690)
    assert perf.reached is True
    assert perf.reasons == ()
    # 34/100 -> 34 % -> -dp(.66) = -117 -> 2683 >= 2600, but below 35 %: no norm
    perf = norm_performance([2800] * 100, 34, "GM")
    assert (perf.percent, perf.dp, perf.rp) == (34, -117, 2683)
    assert perf.reached is False
    assert len(perf.reasons) == 1
    assert "35" in perf.reasons[0]


@given(st.integers(0, 10**7), st.integers(1, 400))
def test_ra_is_the_average_rounded_half_up(total: int, games: int) -> None:
    # Ra to a whole number, 0.5 up (B.01 1.4.7): the whole number r with r - 1/2 <= mean < r + 1/2
    ra = norm_ra(total, games)
    assert ra - F(1, 2) <= F(total, games) < ra + F(1, 2)


@given(st.data(), st.integers(1, 400))
def test_p_is_the_score_rounded_half_up_to_a_percent(data: st.DataObject, games: int) -> None:
    # p to a whole percent, 0.5 % up (B.01 1.4.8)
    halves = data.draw(st.integers(0, 2 * games))
    percent = norm_percent(halves, games)
    assert percent - F(1, 2) <= F(100 * halves, 2 * games) < percent + F(1, 2)


@given(
    st.lists(st.integers(1000, 2800), min_size=9, max_size=13),
    st.sampled_from(sorted(NORM_TITLES)),
    st.data(),
)
def test_the_game_search_reads_the_figures_as_the_norm_performance(
    ratings: list[int], title: str, data: st.DataObject
) -> None:
    # Over all the games (the fewest allowed: every one), the search's bound says "out of
    # reach" exactly when the norm performance of those games misses Ra, 35 % or Rp.
    halves = data.draw(st.integers(0, 2 * len(ratings)))
    perf = norm_performance(ratings, F(halves, 2), title)
    made = perf.ra_met and perf.percent_met and perf.rp_met
    assert figures_out_of_reach(ratings, halves, NORM_TITLES[title], len(ratings)) is not made


# ---------------------------------------------------------------------------------------
# Thresholds at the edge: 10 games at 7.5 = 75 % -> dp 193.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("title", "ra_made", "rp_made"),
    [
        ("GM", 2407, 2600),  # 2407 + 193 = 2600; 2406 + 193 = 2599
        ("IM", 2257, 2450),  # 2257 + 193 = 2450
        ("WGM", 2207, 2400),  # 2207 + 193 = 2400
        ("WIM", 2057, 2250),  # 2057 + 193 = 2250
    ],
)
def test_rp_threshold_edge(title: str, ra_made: int, rp_made: int) -> None:
    made = norm_performance([ra_made] * 10, 7.5, title)
    assert (made.ra, made.percent, made.dp, made.rp) == (ra_made, 75, 193, rp_made)
    assert made.reached is True
    missed = norm_performance([ra_made - 1] * 10, 7.5, title)
    assert missed.rp == rp_made - 1
    assert missed.reached is False
    assert len(missed.reasons) == 1
    assert str(rp_made - 1) in missed.reasons[0]


def test_gm_minimum_ra_edge() -> None:
    # 8/9 = .889 -> .89 -> 351. Ra 2380 -> 2731: a norm; Ra 2379 -> 2730 but Ra < 2380
    made = norm_performance([2380] * 9, 8, "GM")
    assert (made.ra, made.rp, made.reached) == (2380, 2731, True)
    missed = norm_performance([2379] * 9, 8, "GM")
    assert (missed.ra, missed.rp, missed.reached) == (2379, 2730, False)
    assert len(missed.reasons) == 1
    assert "2379" in missed.reasons[0]


def test_fewer_than_nine_games_is_no_norm() -> None:
    # 7/8 = .875 -> .88 -> 336 -> 2836, but only 8 games
    perf = norm_performance([2500] * 8, 7, "GM")
    assert perf.rp == 2836
    assert perf.reached is False
    assert len(perf.reasons) == 1
    assert "8" in perf.reasons[0]


def test_full_worked_norm_with_floor_and_unrated() -> None:
    # 2025, GM: unrated -> 1400, the lowest -> raised to 2200; 2150 stays.
    # sum = 2600+2580+2550+2500+2500+2450+2400+2200+2150 = 21930; /9 = 2436.67 -> 2437
    # 6.5/9 = .7222 -> 72 % -> 166 -> 2603 >= 2600: a norm
    opps = [2600, 2580, 2550, 2500, 2500, 2450, 2400, None, 2150]
    perf = norm_performance(opps, 6.5, "GM", rules="2025")
    assert sorted(perf.ratings_used) == sorted(
        [2600, 2580, 2550, 2500, 2500, 2450, 2400, 2200, 2150]
    )
    assert (perf.ra, perf.percent, perf.dp, perf.rp) == (2437, 72, 166, 2603)
    assert perf.reached is True
    # 6/9 = .6667 -> 67 % -> 125 -> 2562: no norm
    perf = norm_performance(opps, 6, "GM", rules="2025")
    assert (perf.percent, perf.dp, perf.rp, perf.reached) == (67, 125, 2562, False)


# ---------------------------------------------------------------------------------------
# norm_points.
# ---------------------------------------------------------------------------------------
def test_norm_points_wgm_needs_half_point() -> None:
    # WGM, 10 x 2250: Ra 2250 >= 2180. 7/10 = .70 -> 149 -> 2399 < 2400;
    # 7.5/10 = .75 -> 193 -> 2443 >= 2400 => 7.5
    assert norm_points([2250] * 10, "WGM") == F(15, 2)


def test_norm_points_gm_with_floor_and_unrated() -> None:
    # as in test_full_worked_norm_with_floor_and_unrated: Ra 2437, need dp >= 163 -> p .72
    # (.71 -> 158 -> 2595); s/9 >= .715 -> s >= 6.435 -> 6.5 (6 -> 67 % -> 2562)
    opps = [2600, 2580, 2550, 2500, 2500, 2450, 2400, None, 2150]
    assert norm_points(opps, "GM", rules="2025") == F(13, 2)
    # 2017: unrated 1000, still the lowest and raised to 2200: same figures
    assert norm_points(opps, "GM", rules="2017") == F(13, 2)


def test_norm_points_two_unrated_by_edition() -> None:
    # 7 x 2600 + two unrated. 2025: one -> 2200, the other 1400:
    # (18200 + 2200 + 1400)/9 = 21800/9 = 2422.2 -> 2422; need dp >= 178 -> p .74 (184);
    # s >= .735 x 9 = 6.615 -> 7 (7/9 -> 78 % -> 220 -> 2642; 6.5 -> 72 % -> 2588)
    opps = [2600] * 7 + [None, None]
    assert norm_points(opps, "GM", rules="2025") == 7
    # 2017: (18200 + 2200 + 1000)/9 = 21400/9 = 2377.8 -> 2378 < 2380: no score makes it
    with pytest.raises(NothingToComputeError):
        norm_points(opps, "GM", rules="2017")


def test_norm_points_35_percent_binds() -> None:
    # WIM against 20 x 2700: Rp >= 2250 needs only dp >= -450 (p .06), but 35 % is needed:
    # 6.5/20 = 32.5 % -> 33 %: no; 7/20 = 35 % -> -dp(.65) = -110 -> 2590 => 7
    assert norm_points([2700] * 20, "WIM") == 7


def test_norm_points_ra_too_low() -> None:
    # GM, 9 x 2300: Ra 2300 < 2380
    with pytest.raises(NothingToComputeError):
        norm_points([2300] * 9, "GM")
    # IM, 9 x 2229: Ra 2229 < 2230. 9 x 2230 is enough: need dp >= 220 -> p .78;
    # s/9 >= .775 -> s >= 6.975 -> 7 (7/9 = .7778 -> 78 % -> 2230 + 220 = 2450)
    with pytest.raises(NothingToComputeError):
        norm_points([2229] * 9, "IM")
    assert norm_points([2230] * 9, "IM") == 7


def test_norm_points_fewer_than_nine_games() -> None:
    with pytest.raises(NothingToComputeError):
        norm_points([2500] * 8, "GM")


def test_bad_inputs() -> None:
    with pytest.raises(InvalidInputError):
        norm_ratings([2500] * 9, "FM")
    with pytest.raises(OutOfRangeError):
        norm_performance([2500] * 9, 9.5, "GM")
    with pytest.raises(NothingToComputeError):
        norm_ratings([], "GM")


# ---------------------------------------------------------------------------------------
# Where the floor falls (the figures the norms template shows).
# ---------------------------------------------------------------------------------------
def test_performance_names_the_lowest_and_whether_raised() -> None:
    # 2025: the unrated opponent counts 1400 and is the lowest (index 2); the GM floor
    # raises it to 2200. With 2250 instead it is not below the floor: not raised.
    opps = [2500, 2450, None, 2400, 2400, 2350, 2300, 2300, 2250]
    perf = norm_performance(opps, 6, "GM", rules="2025")
    assert perf.ratings_before_floor == (2500, 2450, 1400, 2400, 2400, 2350, 2300, 2300, 2250)
    assert perf.ratings_used[2] == 2200 and perf.lowest == 2 and perf.raised
    perf = norm_performance([2500, 2450, 2250, 2400], 2, "GM")
    assert perf.lowest == 2 and not perf.raised and perf.ratings_used[2] == 2250


def test_performance_checks_one_by_one() -> None:
    # 9 x 2380, 6/9 = .67 (p to the whole percent: 67): dp 125, Rp 2505 < 2600
    perf = norm_performance([2380] * 9, 6, "GM")
    assert (perf.games_met, perf.ra_met, perf.percent_met, perf.rp_met) == (
        True,
        True,
        True,
        False,
    )


# ---------------------------------------------------------------------------------------
# The opponents' mix (B.01 2024: 2 other federations; at most 3/5 own and 2/3 one
# federation; 50 % titled, CM and WCM excluded; 1/3 the norm's title or higher; minimums
# rounded up, maximums down; FID counts as no federation).
# ---------------------------------------------------------------------------------------
def _opps(*rows: tuple[str, str]) -> list[NormOpponent]:
    return [NormOpponent(2400, title, fed) for title, fed in rows]


def _figures(mix: NormMix) -> list[tuple[int | None, int, bool | None]]:
    return [(c.figure, c.threshold, c.met) for c in mix.checks]


def test_mix_worked_gm_event() -> None:
    # Player ESP, nine opponents: GM GER, GM FRA, GM ESP, IM ENG, IM ESP, IM NED, FM ESP,
    # FM ITA, untitled ESP.
    # games 9 >= 9; other federations GER FRA ENG NED ITA = 5 >= 2;
    # own ESP 4 <= 3/5 x 9 = 5.4 -> 5; most from one federation ESP 4 <= 2/3 x 9 = 6;
    # titled 8 >= 1/2 x 9 = 4.5 -> 5; GM (the norm's title or higher) 3 >= 1/3 x 9 = 3.
    opps = _opps(
        ("GM", "GER"),
        ("GM", "FRA"),
        ("GM", "ESP"),
        ("IM", "ENG"),
        ("IM", "ESP"),
        ("IM", "NED"),
        ("FM", "ESP"),
        ("FM", "ITA"),
        ("", "ESP"),
    )
    mix = norm_mix(opps, "ESP", "GM")
    assert _figures(mix) == [
        (9, 9, True),
        (5, 2, True),
        (4, 5, True),
        (4, 6, True),
        (8, 5, True),
        (3, 3, True),
    ]
    assert mix.other_federations.federations == ("GER", "FRA", "ENG", "NED", "ITA")
    assert mix.one_federation.federations == ("ESP",)
    assert mix.own_federation.at_most and mix.one_federation.at_most
    assert not mix.titled.at_most
    assert mix.met


@pytest.mark.parametrize(
    ("n", "own_max", "one_max", "titled_min", "higher_min"),
    [
        (9, 5, 6, 5, 3),  # 5.4 -> 5, 6, 4.5 -> 5, 3
        (10, 6, 6, 5, 4),  # 6, 6.67 -> 6, 5, 3.33 -> 4
        (11, 6, 7, 6, 4),  # 6.6 -> 6, 7.33 -> 7, 5.5 -> 6, 3.67 -> 4
        (13, 7, 8, 7, 5),  # 7.8 -> 7, 8.67 -> 8, 6.5 -> 7, 4.33 -> 5
    ],
)
def test_mix_thresholds_round_minimums_up_maximums_down(
    n: int, own_max: int, one_max: int, titled_min: int, higher_min: int
) -> None:
    mix = norm_mix(_opps(*[("GM", "GER")] * n), "ESP", "IM")
    assert mix.games.threshold == 9 and mix.other_federations.threshold == 2
    assert mix.own_federation.threshold == own_max
    assert mix.one_federation.threshold == one_max
    assert mix.titled.threshold == titled_min
    assert mix.title_or_higher.threshold == higher_min


def test_mix_at_the_limits() -> None:
    # n = 10: 6 from ESP is 3/5 exactly (met), 7 is not; 6 from one federation is at most
    # 2/3 x 10 = 6.67 -> 6 (met). 5 titled of 10 is 50 % (met), 4 is not.
    six = _opps(*[("GM", "ESP")] * 6, ("", "GER"), ("", "GER"), ("", "FRA"), ("", "FRA"))
    mix = norm_mix(six, "ESP", "GM")
    assert (mix.own_federation.figure, mix.own_federation.met) == (6, True)
    assert (mix.one_federation.figure, mix.one_federation.met) == (6, True)
    assert (mix.titled.figure, mix.titled.met) == (6, True)
    seven = _opps(*[("IM", "ESP")] * 7, ("", "GER"), ("", "FRA"), ("", "ITA"))
    mix = norm_mix(seven, "ESP", "GM")
    assert (mix.own_federation.figure, mix.own_federation.met) == (7, False)
    assert (mix.one_federation.figure, mix.one_federation.met) == (7, False)
    assert (mix.title_or_higher.figure, mix.title_or_higher.met) == (0, False)  # IMs: no GM
    four = _opps(*[("FM", "GER")] * 4, *[("CM", "FRA")] * 3, *[("WCM", "ITA")] * 3)
    assert (norm_mix(four, "ESP", "GM").titled.figure, norm_mix(four, "ESP", "GM").met) == (
        4,
        False,
    )


def test_mix_titled_excludes_cm_and_wcm() -> None:
    titles = ["GM", "IM", "FM", "WGM", "WIM", "WFM", "CM", "WCM", "", "gm "]
    assert [is_titled(t) for t in titles] == [True] * 6 + [False] * 3 + [True]


@pytest.mark.parametrize(
    ("norm", "holders"),
    [
        ("GM", ["GM"]),
        ("IM", ["GM", "IM"]),
        ("WGM", ["GM", "IM", "WGM"]),
        ("WIM", ["GM", "IM", "WGM", "WIM"]),
    ],
)
def test_mix_title_or_higher(norm: str, holders: list[str]) -> None:
    titles = ["GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM", ""]
    assert [t for t in titles if title_or_higher(t, norm)] == holders
    mix = norm_mix(_opps(*[(t, "GER") for t in titles]), "ESP", norm)
    # nine opponents: at least 1/3 x 9 = 3
    assert (mix.title_or_higher.figure, mix.title_or_higher.met) == (
        len(holders),
        len(holders) >= 3,
    )


def test_mix_fid_is_no_federation() -> None:
    # Player ESP; seven FID opponents, one GER, one ESP. FID is no federation: one other
    # federation only (GER: 1 < 2), and no federation holds more than one opponent
    # (7 FID would exceed 2/3 x 9 = 6 if FID counted). The most frequent: GER (first met).
    opps = _opps(*[("GM", "FID")] * 7, ("GM", "GER"), ("GM", "esp"))
    mix = norm_mix(opps, "esp", "GM")
    assert (mix.other_federations.figure, mix.other_federations.met) == (1, False)
    assert (mix.own_federation.figure, mix.own_federation.met) == (1, True)
    assert (mix.one_federation.figure, mix.one_federation.met) == (1, True)
    assert mix.one_federation.federations == ("GER",)
    # a FID player has no federation of their own: every federation is another one
    mix = norm_mix(_opps(("GM", "GER"), ("GM", "FRA"), ("GM", "FID")), "FID", "GM")
    assert (mix.other_federations.figure, mix.own_federation.figure) == (2, 0)
    assert mix.own_federation.met


def test_mix_player_federation_unknown() -> None:
    # the checks that need the player's federation cannot be made: no figure, not met
    mix = norm_mix(_opps(*[("GM", "GER")] * 9), "", "GM")
    assert (mix.other_federations.figure, mix.other_federations.met) == (None, None)
    assert (mix.own_federation.figure, mix.own_federation.met) == (None, None)
    assert (mix.one_federation.figure, mix.one_federation.met) == (9, False)  # 9 > 6
    assert not mix.met


def test_mix_bad_inputs() -> None:
    with pytest.raises(NothingToComputeError):
        norm_mix([], "ESP", "GM")
    with pytest.raises(InvalidInputError):
        norm_mix(_opps(("GM", "GER")), "ESP", "FM")


def test_norm_mix_excel_function() -> None:
    # the GM event above as Excel passes it, with a forfeit (not counted) and an unrated
    # opponent (blank rating, counted); one row per check: count, needed, met, federations
    ratings = [[2600.0], [2550.0], [2500.0], [2450.0], [2450.0], [2400.0], [2350.0], [None]]
    ratings += [[2150.0], [2500.0]]
    results = [["1"], ["\u00bd"], ["1"], ["\u00bd"], [1.0], ["1"], ["\u00bd"], ["1"], ["="]]
    results += [["+"]]
    titles = [["GM"], ["GM"], ["GM"], ["IM"], ["IM"], ["IM"], ["FM"], ["FM"], [None], ["GM"]]
    feds = [["GER"], ["FRA"], ["ESP"], ["ENG"], ["ESP"], ["NED"], ["ESP"], ["ITA"], ["ESP"]]
    feds += [["RUS"]]
    assert udfs.NORM_MIX(ratings, results, titles, feds, "ESP", "GM") == [
        [9, 9, True, ""],
        [5, 2, True, "GER, FRA, ENG, NED, ITA"],
        [4, 5, True, ""],
        [4, 6, True, "ESP"],
        [8, 5, True, ""],
        [3, 3, True, ""],
    ]
    unknown = udfs.NORM_MIX(ratings, results, titles, feds, None, "GM")
    assert unknown[1][0] == "" and unknown[1][2] == "" and unknown[2][:3] == ["", 5, ""]
    assert udfs.NORM_MIX(ratings, results, titles, feds[:9], "ESP", "GM") == "#VALUE!"
    assert udfs.EXPLAIN_ERROR("NORM_MIX", ratings, results, titles, feds, "ESP", "FM") == (
        "NORM_MIX: title: expected one of GM, IM, WGM, WIM, got 'FM'"
    )


def test_the_titles_are_fides_eight_and_the_norms_count_all_but_candidate_masters() -> None:
    # B.01 0.31: GM, IM, FM, CM and the women's WGM, WIM, WFM, WCM; 1.4.5a: titled opponents
    # are all of them but CM and WCM; the four titles gained by norms are GM, IM, WGM, WIM.
    assert set(FIDE_TITLES) == {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"}
    assert set(COUNTING_TITLES) == {"GM", "IM", "FM", "WGM", "WIM", "WFM"}
    assert tuple(NORM_TITLES) == BIG_SWISS_TITLES == ("GM", "IM", "WGM", "WIM")
    assert [is_titled(t) for t in FIDE_TITLES] == [t not in ("CM", "WCM") for t in FIDE_TITLES]


@pytest.mark.parametrize(
    ("field", "title"),
    [
        # TRF16's title field: GM g, IM m, WGM wg, FM f, WIM wm, CM c, WFM wf, WCM wc
        ("g", "GM"),
        ("m", "IM"),
        ("wg", "WGM"),
        ("f", "FM"),
        ("wm", "WIM"),
        ("c", "CM"),
        ("wf", "WFM"),
        ("wc", "WCM"),
        (" IM", "IM"),  # right-aligned in its three columns
        ("WCM", "WCM"),
        ("", None),
        ("IA", None),  # an arbiter's title is not a player's
    ],
)
def test_a_trf_title_field_names_a_fide_title(field: str, title: str | None) -> None:
    assert trf_title(field) == title
    assert held_norm_title(field) == (title if title in NORM_TITLES else None)
