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

from xlfuncs.core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError
from xlfuncs.core.norms import NORM_TITLES, norm_performance, norm_points, norm_ratings

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
