"""Performance ratings: exact (the seed's logistic definition), FIDE, linear, and the
Perfect Tournament Performance of Tie-Break Regulations C.07 (as in the reference file).

Expected values come from the seed and the reference file (docs/fide-rules.md), or hand
calculation shown next to each case. Where an exact value is checked, it is checked by
plugging it back into the definition sum 1 / (1 + 10^((Ri - R)/400)) = score, computed here
in the test, not by the code under test.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from xlfuncs.core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError
from xlfuncs.core.performance import (
    average,
    rp_exact,
    rp_exact_rounded,
    rp_fide,
    rp_linear,
    rp_ptp,
)
from xlfuncs.core.results import Outcome
from xlfuncs.core.tables import round_half_up
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing
from xlfuncs.core.validate import MAX_RATING, are_ratings, rating_stats
from xlfuncs.udfs import RP_EXACT, RP_EXACT_ALL


def logistic_sum(r: float, opponents: list[int]) -> float:
    """The seed's definition, written out independently of the code under test."""
    return math.fsum(1.0 / (1.0 + 10.0 ** ((ri - r) / 400.0)) for ri in opponents)


# Table 8.1(b) typed from the reference: upper end of each band -> PD in hundredths.
_PD_UPPER = [
    3,
    10,
    17,
    25,
    32,
    39,
    46,
    53,
    61,
    68,
    76,
    83,
    91,
    98,
    106,
    113,
    121,
    129,
    137,
    145,
    153,
    162,
    170,
    179,
    188,
    197,
    206,
    215,
    225,
    235,
    245,
    256,
    267,
    278,
    290,
    302,
    315,
    328,
    344,
    357,
    374,
    391,
    411,
    432,
    456,
    484,
    517,
    559,
    619,
    735,
]


def table_pd(diff: int) -> int:
    """PD in hundredths for a player `diff` points above the opponent (no cap)."""
    m = abs(diff)
    value = 100
    for i, upper in enumerate(_PD_UPPER):
        if m <= upper:
            value = 50 + i
            break
    return value if diff >= 0 else 100 - value


def table_expected(r: int, opponents: list[int]) -> int:
    return sum(table_pd(r - ri) for ri in opponents)


# ---------------------------------------------------------------------------------------
# Exact performance.
# ---------------------------------------------------------------------------------------
SEED_OPPONENTS = [1851, 2457, 1989, 2379, 2407]


def test_seed_example_2551() -> None:
    # the seed's program: print(rendimiento_rating([1851, 2457, 1989, 2379, 2407], 4)) -> 2551
    assert rp_exact_rounded(SEED_OPPONENTS, 4) == 2551
    # and 2551 follows the definition: the root lies between 2550.5 and 2551.5
    assert logistic_sum(2550.5, SEED_OPPONENTS) < 4 < logistic_sum(2551.5, SEED_OPPONENTS)
    r = rp_exact(SEED_OPPONENTS, 4)
    assert abs(logistic_sum(r, SEED_OPPONENTS) - 4) < 1e-9


def test_two_and_a_half_of_three_exact_is_2792_not_2785() -> None:
    # The seed ("Comparación entre métodos") claims 2785 for 2.5/3 against 2400/2500/2600.
    # Its own definition does not give 2785: f(2785) = 2.483 < 2.5. The root of
    # f(R) = 2.5 lies between 2792.2 (f = 2.49994) and 2792.25 (f = 2.50006), i.e. 2792.2,
    # rounded 2792. The definition is followed (reference: "follow the definition").
    opps = [2400, 2500, 2600]
    assert logistic_sum(2785, opps) < 2.5 - 0.01  # the seed's 2785 is not a root
    assert logistic_sum(2792.2, opps) < 2.5 < logistic_sum(2792.25, opps)
    r = rp_exact(opps, 2.5)
    assert 2792.2 < r < 2792.25
    assert abs(logistic_sum(r, opps) - 2.5) < 1e-9
    assert rp_exact_rounded(opps, 2.5) == 2792
    assert rp_exact_rounded(opps, Fraction(5, 2)) == 2792


def test_two_and_a_half_of_three_fide_and_linear() -> None:
    opps = [2400, 2500, 2600]
    # FIDE: Ra = (2400+2500+2600)/3 = 2500; p = 2.5/3 = .8333 -> .83 -> dp 273 -> 2773
    assert rp_fide(opps, 2.5) == 2773
    # linear: 2500 + 800 x .8333 - 400 = 2766.67 -> 2767
    assert rp_linear(opps, 2.5) == 2767


def test_exact_equal_opponents_closed_form() -> None:
    # all opponents rated Rc: n/(1 + 10^((Rc - R)/400)) = s  =>  R = Rc + 400 log10(s/(n-s))
    # 3/4 against 2000 x4: R = 2000 + 400 log10(3) = 2000 + 190.85 = 2190.85
    r = rp_exact([2000] * 4, 3)
    assert abs(r - (2000 + 400 * math.log10(3))) < 1e-6
    # half the points against equal opponents -> their rating
    assert abs(rp_exact([2100, 2100], 1) - 2100) < 1e-9
    assert rp_exact_rounded([2100, 2100], 1) == 2100


def test_exact_symmetric_field_half_score() -> None:
    # opponents symmetric about 2500 and half the points: R = 2500 by symmetry
    assert abs(rp_exact([2300, 2500, 2700], 1.5) - 2500) < 1e-6


def test_exact_infinite_ends() -> None:
    assert rp_exact([2000, 2100], 0) == -math.inf
    assert rp_exact([2000, 2100], 2) == math.inf
    assert rp_exact([2000], 1) == math.inf
    with pytest.raises(OutOfRangeError):
        rp_exact_rounded([2000, 2100], 0)
    with pytest.raises(OutOfRangeError):
        rp_exact_rounded([2000, 2100], 2)


def test_inputs_checked() -> None:
    with pytest.raises(OutOfRangeError):
        rp_exact([2000, 2100], 2.5)  # more points than games
    with pytest.raises(OutOfRangeError):
        rp_fide([2000, 2100], -0.5)
    with pytest.raises(NothingToComputeError):
        rp_exact([], 0)
    with pytest.raises(NothingToComputeError):
        rp_fide([], 0)
    with pytest.raises(OutOfRangeError):
        rp_linear([0, 2000], 1)  # 0 is not a rating


def test_average() -> None:
    assert average([2400, 2500, 2600]) == 2500
    assert average([2400, 2500, 2601]) == Fraction(7501, 3)


def reference_rounded(opponents: list[int], score: Fraction) -> int:
    """The whole number nearest the exact root, halves up, written independently of the code
    under test: the largest m with f(m - 1/2) <= score (f rises, so the root is at least
    m - 1/2 and below m + 1/2), f evaluated with Decimal powers of 10 to 70 digits, found by
    bisection on whole m. A sum within 1e-50 of the score is the score itself: only an exact
    tie (the root a half-integer, as for two opponents an odd number of points apart and half
    the points) comes that close; its true difference is 0, and 70 digits put the computed
    one below 1e-60."""
    with localcontext() as ctx:
        ctx.prec = 70
        target = Decimal(score.numerator) / Decimal(score.denominator)

        def at_most(m: int) -> bool:  # f(m - 1/2) <= score
            r = Decimal(2 * m - 1) / 2
            f = sum(
                (1 / (1 + Decimal(10) ** ((Decimal(x) - r) / 400)) for x in opponents), Decimal(0)
            )
            return bool(f - target < Decimal("1e-50"))

        lo, hi = min(opponents) - 1000, max(opponents) + 1000  # at_most(lo), not at_most(hi)
        assert at_most(lo) and not at_most(hi)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if at_most(mid):
                lo = mid
            else:
                hi = mid
        return lo


def test_exact_half_two_opponents_every_path() -> None:
    # Issue 9 case 6. 1 point of 2 against 1522 and 2209: at R = (1522 + 2209) / 2 = 1865.5
    # the two differences are -343.5 and +343.5, and 1/(1 + 10^(d/400)) + 1/(1 + 10^(-d/400))
    # = 1 for every d, so the expected score is exactly 1: the root is 1865.5, rounded half
    # up 1866. Every route to a whole number must give 1866, also the ones that round the
    # unrounded figure (RP_EXACT_ALL, the report, the filled charts).
    opps = [1522, 2209]
    assert Fraction(sum(opps), 2) == Fraction(3731, 2)  # 1865.5
    assert reference_rounded(opps, Fraction(1)) == 1866
    assert rp_exact_rounded(opps, 1) == 1866
    assert rp_exact_rounded([1522.0, 2209.0], 1.0) == 1866
    assert rp_exact_rounded(opps, Fraction(1)) == 1866
    assert round_half_up(rp_exact(opps, 1)) == 1866
    assert abs(rp_exact(opps, 1) - 1865.5) < 3e-7
    assert RP_EXACT([[1522.0], [2209.0]], 1.0) == 1866  # classic xlwings: floats
    assert RP_EXACT([[1522], [2209]], [[1]]) == 1866  # xlwings Lite: ints, 2-D
    # a round robin of three: the player rated 2000 beats 1522 and loses to 2209
    win, loss, draw = Outcome.WIN, Outcome.LOSS, Outcome.DRAW
    assert RP_EXACT_ALL(
        [[2000.0], [1522.0], [2209.0]],
        [[None, 1.0, 0.0], [0.0, None, 0.5], [1.0, 0.5, None]],
    )[0] == [1866]
    table = Crosstable.build(
        [
            Entrant(2000, (Pairing(2, win), Pairing(3, loss))),
            Entrant(1522, (Pairing(1, loss), Pairing(3, draw))),
            Entrant(2209, (Pairing(1, win), Pairing(2, draw))),
        ]
    )
    figure = table.figures(1).rp_exact
    assert figure is not None and round_half_up(figure) == 1866


@pytest.mark.parametrize(
    ("opps", "score", "expected"),
    [
        # two opponents an odd number of points apart, half the points: their average
        ([2000, 2001], 1, 2001),  # 2000.5
        ([1000, 2999], 1, 2000),  # 1999.5
        ([2399, 2400], Fraction(1), 2400),  # 2399.5
        # four opponents symmetric about 2050.5 (1900 + 2201 = 2000 + 2101 = 4101), 2 of 4
        ([1900, 2000, 2101, 2201], 2, 2051),
        # three opponents symmetric about 2500 with the middle one at 2500: 1.5 of 3 -> 2500
        ([2300, 2500, 2700], 1.5, 2500),
    ],
)
def test_exact_symmetric_fields_round_half_up(
    opps: list[int], score: float | Fraction, expected: int
) -> None:
    # by symmetry (e(d) + e(-d) = 1 pairwise) the root is the centre of the field
    assert rp_exact_rounded(opps, score) == expected
    assert rp_exact_rounded([float(r) for r in opps], float(score)) == expected
    assert round_half_up(rp_exact(opps, score)) == expected


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(1000, 2800), st.integers(0, 500))
def test_exact_pair_with_odd_sum_rounds_up(low: int, gap: int) -> None:
    # 1 point of 2 against low and low + 2 gap + 1: the root is the average, a half
    opps = [low, low + 2 * gap + 1]
    expected = low + gap + 1  # (2 low + 2 gap + 1) / 2 = low + gap + 1/2, rounded up
    assert rp_exact_rounded(opps, 1) == expected
    assert rp_exact_rounded([float(r) for r in opps], 1.0) == expected
    assert round_half_up(rp_exact(opps, 1)) == expected


def test_exact_int_inputs_checked() -> None:
    assert rp_exact_rounded([1, 2], 1) == 2  # rating 1 is a rating (1.5, rounded half up)
    with pytest.raises(InvalidInputError):
        rp_exact_rounded([True, 2000], 1)  # a bool is not a rating
    with pytest.raises(OutOfRangeError):
        rp_exact_rounded([0, 2000], 1)
    with pytest.raises(OutOfRangeError):
        rp_exact_rounded([2000, 4001], 1)
    with pytest.raises(OutOfRangeError):
        rp_exact_rounded([2000, 2100.0, 2200], 3)  # full score: infinite
    with pytest.raises(InvalidInputError):
        rp_exact([2000, 2100.5], 1)


def test_exact_wide_fields_and_extreme_scores() -> None:
    # far from the root the solver brackets and bisects; the answers still follow the
    # definition (checked by the independent reference)
    for opps, s in [
        ([1, 4000], Fraction(1, 2)),
        ([1, 4000], Fraction(3, 2)),
        ([1, 1, 1, 4000], Fraction(1, 2)),
        ([4000] * 11 + [1], Fraction(23, 2)),
    ]:
        assert rp_exact_rounded(opps, s) == reference_rounded(opps, s)
        assert round_half_up(rp_exact(opps, s)) == reference_rounded(opps, s)


# ---------------------------------------------------------------------------------------
# FIDE and linear methods.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("opps", "score", "expected"),
    [
        # Ra 2000, 4.5/9 = .50 -> 0 -> 2000
        ([2000] * 9, 4.5, 2000),
        # Ra 2422.22 (see norms), 6.5/9 = .7222 -> .72 -> 166 -> 2588.22 -> 2588
        ([2600, 2550, 2500, 2450, 2450, 2400, 2350, 2300, 2200], 6.5, 2588),
        # Ra 2050, 1/4 = .25 -> -dp(.75) = -193 -> 1857
        ([2000, 2100, 2000, 2100], 1, 1857),
        # zero score: Ra - 800; full score: Ra + 800
        ([1900, 2100], 0, 1200),
        ([1900, 2100], 2, 2800),
        # Ra = (2400+2401)/2 = 2400.5; 1/2 -> 0 -> 2400.5 -> 2401 (half up)
        ([2400, 2401], 1, 2401),
    ],
)
def test_fide_hand_cases(opps: list[int], score: float, expected: int) -> None:
    assert rp_fide(opps, score) == expected


@pytest.mark.parametrize(
    ("opps", "score", "expected"),
    [
        ([2000] * 9, 4.5, 2000),  # 2000 + 400 - 400
        ([1900, 2100], 0, 1600),  # 2000 - 400
        ([1900, 2100], 2, 2400),  # 2000 + 400
        ([2000, 2100, 2000, 2100], 1, 1850),  # 2050 + 200 - 400
        # Ra = 6002/3 = 2000.667; 800 x 2/3 = 533.333; 2000.667 + 533.333 - 400 = 2134.0
        ([2000, 2001, 2001], 2, 2134),
        # Ra = 2000.5; 800 x 1/2 - 400 = 0 -> 2000.5 -> 2001 (half up)
        ([2000, 2001], 1, 2001),
    ],
)
def test_linear_hand_cases(opps: list[int], score: float, expected: int) -> None:
    assert rp_linear(opps, score) == expected


# ---------------------------------------------------------------------------------------
# Perfect Tournament Performance (C.07 as in the reference): lowest whole R whose table
# expected score (no 400 cap) reaches the score; 0 -> lowest - 800; full -> highest + 800.
# ---------------------------------------------------------------------------------------
def test_ptp_three_opponents_uses_narrow_band() -> None:
    # 2/3 against 1800, 2000, 2200:
    # R = 2145: D 345 -> .89, 145 -> .69, -55 -> 1-.58 = .42; sum 2.00 >= 2
    # R = 2144: D 344 -> .88, 144 -> .69, -56 -> .42; sum 1.99 < 2   => PTP 2145
    opps = [1800, 2000, 2200]
    assert table_expected(2145, opps) == 200
    assert table_expected(2144, opps) == 199
    assert rp_ptp(opps, 2) == 2145


def test_ptp_four_opponents() -> None:
    # 3/4 against 2100, 2200, 2300, 2400:
    # R = 2457: 357 -> .89, 257 -> .82, 157 -> .71, 57 -> .58; sum 3.00
    # R = 2456: 356 -> .89, 256 -> .81, 156 -> .71, 56 -> .58; sum 2.99  => PTP 2457
    opps = [2100, 2200, 2300, 2400]
    assert table_expected(2457, opps) == 300
    assert table_expected(2456, opps) == 299
    assert rp_ptp(opps, 3) == 2457


def test_ptp_half_of_two() -> None:
    # 1/2 against 2000, 2000: each game needs 1 - PD >= .25, i.e. PD <= .75, D <= 197
    # R = 1803: D -197 -> .25 each, sum .50 ; R = 1802: D -198 -> .24 each, .48 => 1803
    assert rp_ptp([2000, 2000], 0.5) == 1803


def test_ptp_even_score_against_equal_opponents() -> None:
    # 1.5/3 against 2000 x3: D -3 gives .50 each (band 0-3), D -4 gives .49 => 1997
    assert rp_ptp([2000, 2000, 2000], 1.5) == 1997


def test_ptp_zero_and_full() -> None:
    # zero: lowest opponent - 800 ; full: highest opponent + 800
    assert rp_ptp([1900, 2100, 2300], 0) == 1100
    assert rp_ptp([1900, 2100, 2300], 3) == 3100
    assert rp_ptp([2500], 0) == 1700
    assert rp_ptp([2500], 1) == 3300


# ---------------------------------------------------------------------------------------
# Properties.
# ---------------------------------------------------------------------------------------
opponent_lists = st.lists(st.integers(min_value=1000, max_value=2900), min_size=1, max_size=12)


@st.composite
def field_and_inner_score(draw: st.DrawFn) -> tuple[list[int], Fraction]:
    opps = draw(opponent_lists)
    half_points = (
        draw(st.integers(min_value=1, max_value=2 * len(opps) - 1)) if len(opps) > 1 else 1
    )
    return opps, Fraction(half_points, 2)


@settings(max_examples=examples(300), deadline=None)
@given(field_and_inner_score())
def test_exact_plugged_back_reproduces_score(case: tuple[list[int], Fraction]) -> None:
    opps, s = case
    r = rp_exact(opps, s)
    assert math.isfinite(r)
    assert abs(logistic_sum(r, opps) - float(s)) <= 1e-9 * len(opps)


@settings(max_examples=examples(200), deadline=None)
@given(opponent_lists, st.floats(min_value=0.01, max_value=0.99))
def test_exact_plugged_back_fractional_scores(opps: list[int], fraction: float) -> None:
    s = round(fraction * len(opps), 3)
    if not 0 < s < len(opps):
        return
    r = rp_exact(opps, s)
    assert abs(logistic_sum(r, opps) - s) <= 1e-9 * len(opps)


@settings(max_examples=examples(200), deadline=None)
@given(opponent_lists.filter(lambda o: len(o) >= 2), st.data())
def test_exact_strictly_increasing_in_score(opps: list[int], data: st.DataObject) -> None:
    n = len(opps)
    a = data.draw(st.integers(min_value=0, max_value=2 * n - 1))
    b = data.draw(st.integers(min_value=a + 1, max_value=2 * n))
    assert rp_exact(opps, Fraction(a, 2)) < rp_exact(opps, Fraction(b, 2))


@settings(max_examples=examples(200), deadline=None)
@given(field_and_inner_score(), st.integers(min_value=-900, max_value=1000))
def test_exact_shift_invariance(case: tuple[list[int], Fraction], c: int) -> None:
    opps, s = case
    shifted = [r + c for r in opps]
    assert abs(rp_exact(shifted, s) - (rp_exact(opps, s) + c)) < 1e-6


@settings(max_examples=examples(200), deadline=None)
@given(opponent_lists, st.data())
def test_fide_and_linear_monotone_in_score(opps: list[int], data: st.DataObject) -> None:
    n = len(opps)
    a = data.draw(st.integers(min_value=0, max_value=2 * n))
    b = data.draw(st.integers(min_value=a, max_value=2 * n))
    sa, sb = Fraction(a, 2), Fraction(b, 2)
    assert rp_fide(opps, sa) <= rp_fide(opps, sb)
    assert rp_linear(opps, sa) <= rp_linear(opps, sb)
    if a < b:
        # each half point adds 400/n >= 400/12 > 1 rating point, so the rounded value rises
        assert rp_linear(opps, sa) < rp_linear(opps, sb)


@settings(max_examples=examples(300), deadline=None)
@given(field_and_inner_score())
def test_ptp_is_lowest_rating_reaching_score(case: tuple[list[int], Fraction]) -> None:
    opps, s = case
    r = rp_ptp(opps, s)
    target = int(100 * s)
    assert table_expected(r, opps) >= target
    assert table_expected(r - 1, opps) < target


@settings(max_examples=examples(100), deadline=None)
@given(opponent_lists)
def test_ptp_zero_and_full_property(opps: list[int]) -> None:
    assert rp_ptp(opps, 0) == min(opps) - 800
    assert rp_ptp(opps, len(opps)) == max(opps) + 800


@settings(max_examples=examples(150), deadline=None)
@given(field_and_inner_score())
def test_exact_rounded_is_the_true_root_rounded(case: tuple[list[int], Fraction]) -> None:
    opps, s = case
    expected = reference_rounded(opps, s)
    assert rp_exact_rounded(opps, s) == expected
    assert rp_exact_rounded([float(r) for r in opps], float(s)) == expected
    assert round_half_up(rp_exact(opps, s)) == expected


@settings(max_examples=examples(150), deadline=None)
@given(field_and_inner_score())
def test_exact_ints_and_floats_agree(case: tuple[list[int], Fraction]) -> None:
    # xlwings Lite sends whole numbers as int, classic xlwings as float: the same answer,
    # to the last bit
    opps, s = case
    floats = [float(r) for r in opps]
    assert rp_exact(opps, float(s)) == rp_exact(floats, float(s))
    if s.denominator == 1:
        assert rp_exact(opps, int(s)) == rp_exact(floats, float(s))
    assert rp_exact_rounded(opps, float(s)) == rp_exact_rounded(floats, float(s))


rating_like = st.one_of(
    st.integers(-2, MAX_RATING + 2),
    st.sampled_from([1, 2, MAX_RATING - 1, MAX_RATING, MAX_RATING + 1, 0, True, False]),
    st.integers(-2, MAX_RATING + 2).map(float),
    st.sampled_from([0.5, 1.5, 2000.5, float("inf"), float("nan"), 1e300, "2000", None]),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.lists(rating_like, max_size=8), st.lists(st.integers(1, 4000), max_size=8)))
def test_rating_stats_follows_are_ratings(values: list[object]) -> None:
    # the solver's check (read from the sums it needs) accepts exactly what the rule accepts,
    # and gives the mean and the sum of squared deviations
    stats = rating_stats(values)
    assert (stats is not None) == are_ratings(values)
    if stats is not None:
        nums = [Fraction(int(v)) for v in values]  # type: ignore[call-overload]
        mean = sum(nums, Fraction(0)) / len(nums)
        assert abs(Fraction(stats[0]) - mean) <= Fraction(1, 10**6)
        spread = sum(((x - mean) ** 2 for x in nums), Fraction(0))
        assert abs(Fraction(stats[1]) - spread) <= Fraction(1, 10**3) * (1 + spread)
