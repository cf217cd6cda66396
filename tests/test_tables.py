"""Tables 8.1(a) and 8.1(b) and the rounding rules of the rating core.

Every expected value is transcribed by hand from docs/fide-rules.md
(FIDE Rating Regulations, table 8.1(a) / 8.1.1 and table 8.1(b) / 8.1.2), never taken from
the code under test.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from xlfuncs.core import errors
from xlfuncs.core.errors import InvalidInputError, OutOfRangeError
from xlfuncs.core.tables import (
    dp,
    dp_hundredths,
    pd,
    pd_hundredths,
    percent_hundredths,
    round_half_away,
    round_half_up,
)

# ---------------------------------------------------------------------------------------
# Table 8.1(a): p -> dp, typed row by row from the reference file (p in hundredths).
# ---------------------------------------------------------------------------------------
DP_ROWS = {
    # .50 .. .59
    50: 0,
    51: 7,
    52: 14,
    53: 21,
    54: 29,
    55: 36,
    56: 43,
    57: 50,
    58: 57,
    59: 65,
    # .60 .. .69
    60: 72,
    61: 80,
    62: 87,
    63: 95,
    64: 102,
    65: 110,
    66: 117,
    67: 125,
    68: 133,
    69: 141,
    # .70 .. .79
    70: 149,
    71: 158,
    72: 166,
    73: 175,
    74: 184,
    75: 193,
    76: 202,
    77: 211,
    78: 220,
    79: 230,
    # .80 .. .89
    80: 240,
    81: 251,
    82: 262,
    83: 273,
    84: 284,
    85: 296,
    86: 309,
    87: 322,
    88: 336,
    89: 351,
    # .90 .. 1.00
    90: 366,
    91: 383,
    92: 401,
    93: 422,
    94: 444,
    95: 470,
    96: 501,
    97: 538,
    98: 589,
    99: 677,
    100: 800,
}


def test_dp_table_has_51_entries() -> None:
    assert len(DP_ROWS) == 51
    assert sorted(DP_ROWS) == list(range(50, 101))


@pytest.mark.parametrize(("h", "expected"), sorted(DP_ROWS.items()))
def test_dp_every_row(h: int, expected: int) -> None:
    # exact hundredths, as Fraction, as typed decimal text, and as the float the user typed
    assert dp(Fraction(h, 100)) == expected
    assert dp(Decimal(h) / 100) == expected
    assert dp(float(f"{h / 100:.2f}")) == expected
    assert dp_hundredths(h) == expected


@pytest.mark.parametrize(("h", "expected"), sorted(DP_ROWS.items()))
def test_dp_mirror_below_half(h: int, expected: int) -> None:
    # dp(1 - p) = -dp(p); e.g. p = .35 -> -dp(.65) = -110, p = .00 -> -800 (shown notionally)
    low = 100 - h
    assert dp(Fraction(low, 100)) == -expected
    assert dp_hundredths(low) == -expected
    assert dp(Fraction(low, 100)) == -dp(Fraction(h, 100))


def test_dp_notional_ends() -> None:
    assert dp(1) == 800
    assert dp(0) == -800
    assert dp(Fraction(1, 2)) == 0


def test_dp_examples_from_reference() -> None:
    # 2.5/3: p = .8333 -> .83 -> 273 (reference: "p = .83 -> 2500 + 273 = 2773")
    assert dp(Fraction(5, 6)) == 273
    assert dp(2.5 / 3) == 273
    # first-rating example: 4/7 = .5714 -> .57 -> 50
    assert dp(Fraction(4, 7)) == 50
    # seed ("bloque"): p = .15 -> -dp(.85) = -296.  The Spanish seed says "217 points below";
    # the table row .85 -> 296 is what the reference tabulates (.78 -> 220 is the closest to
    # 217), so the table, not the prose, is followed.
    assert dp(0.15) == -296


# ---------------------------------------------------------------------------------------
# p rounding: to the nearest hundredth, half up, exactly on the decimal the user typed.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("p", "hundredths"),
    [
        (0.345, 35),  # 34.5 hundredths -> 35 (binary float 0.345 is 0.34499999..., not used)
        (0.335, 34),  # 33.5 -> 34
        (0.125, 13),  # 12.5 -> 13
        (0.005, 1),  # 0.5 -> 1
        (0.994, 99),
        (0.995, 100),  # 99.5 -> 100
        (2.5 / 3, 83),  # .8333 -> .83
        (Fraction(5, 6), 83),
        (Fraction(1, 6), 17),  # .1667 -> .17
        (Fraction(2, 3), 67),
        (Decimal("0.345"), 35),
        (Fraction(69, 200), 35),
        (0, 0),
        (1, 100),
        (0.5, 50),
    ],
)
def test_percent_half_up(p: object, hundredths: int) -> None:
    assert percent_hundredths(p) == hundredths  # type: ignore[arg-type]


def test_dp_uses_rounded_p() -> None:
    # .345 -> .35 -> -dp(.65) = -110 ; .335 -> .34 -> -dp(.66) = -117 ; .125 -> .13 -> -322
    assert dp(0.345) == -110
    assert dp(0.335) == -117
    assert dp(0.125) == -322
    # .655 -> .66 -> 117 ; .665 -> .67 -> 125
    assert dp(0.655) == 117
    assert dp(0.665) == 125


@pytest.mark.parametrize(
    "p", [-0.01, 1.01, -1, 2, Fraction(101, 100), Decimal("-0.0001"), 1.0000001]
)
def test_p_outside_range_raises(p: object) -> None:
    with pytest.raises(OutOfRangeError):
        dp(p)  # type: ignore[arg-type]
    with pytest.raises(OutOfRangeError):
        percent_hundredths(p)  # type: ignore[arg-type]


@pytest.mark.parametrize("h", [-1, 101])
def test_dp_hundredths_outside_range_raises(h: int) -> None:
    with pytest.raises(OutOfRangeError):
        dp_hundredths(h)


def test_non_numbers_rejected() -> None:
    with pytest.raises(InvalidInputError):
        dp("0.5")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        dp(True)  # type: ignore[arg-type]
    with pytest.raises(OutOfRangeError):
        dp(float("nan"))


# ---------------------------------------------------------------------------------------
# Table 8.1(b): D -> PD of the higher-rated player, bands typed from the reference file.
# ---------------------------------------------------------------------------------------
PD_BANDS = [
    (0, 3, 50),
    (4, 10, 51),
    (11, 17, 52),
    (18, 25, 53),
    (26, 32, 54),
    (33, 39, 55),
    (40, 46, 56),
    (47, 53, 57),
    (54, 61, 58),
    (62, 68, 59),
    (69, 76, 60),
    (77, 83, 61),
    (84, 91, 62),
    (92, 98, 63),
    (99, 106, 64),
    (107, 113, 65),
    (114, 121, 66),
    (122, 129, 67),
    (130, 137, 68),
    (138, 145, 69),
    (146, 153, 70),
    (154, 162, 71),
    (163, 170, 72),
    (171, 179, 73),
    (180, 188, 74),
    (189, 197, 75),
    (198, 206, 76),
    (207, 215, 77),
    (216, 225, 78),
    (226, 235, 79),
    (236, 245, 80),
    (246, 256, 81),
    (257, 267, 82),
    (268, 278, 83),
    (279, 290, 84),
    (291, 302, 85),
    (303, 315, 86),
    (316, 328, 87),
    (329, 344, 88),
    (345, 357, 89),
    (358, 374, 90),
    (375, 391, 91),
    (392, 411, 92),
    (412, 432, 93),
    (433, 456, 94),
    (457, 484, 95),
    (485, 517, 96),
    (518, 559, 97),
    (560, 619, 98),
    (620, 735, 99),
]  # 736+ -> 100


def test_pd_bands_are_contiguous() -> None:
    # a check on the transcription itself: every band starts one after the previous ends
    assert PD_BANDS[0][0] == 0
    for (_, hi, v), (lo, _, w) in zip(PD_BANDS, PD_BANDS[1:]):
        assert lo == hi + 1
        assert w == v + 1
    assert PD_BANDS[-1][1] == 735


@pytest.mark.parametrize(("lo", "hi", "value"), PD_BANDS)
def test_pd_band_edges(lo: int, hi: int, value: int) -> None:
    assert pd_hundredths(lo) == value
    assert pd_hundredths(hi) == value
    assert pd_hundredths((lo + hi) // 2) == value
    # just past the band: the next band's value (736+ gives 1.00)
    assert pd_hundredths(hi + 1) == value + 1
    assert pd(lo) == value / 100
    assert pd(hi) == value / 100


@pytest.mark.parametrize(("lo", "hi", "value"), PD_BANDS)
def test_pd_negative_is_one_minus(lo: int, hi: int, value: int) -> None:
    # the lower-rated player L gets 1 - PD
    assert pd_hundredths(-hi) == 100 - value
    assert pd_hundredths(-lo) == 100 - value
    assert pd_hundredths(-(hi + 1)) == 100 - (value + 1)
    assert pd(-hi) == (100 - value) / 100


def test_pd_narrow_band_345_357() -> None:
    assert pd_hundredths(344) == 88
    assert pd_hundredths(345) == 89
    assert pd_hundredths(357) == 89
    assert pd_hundredths(358) == 90
    assert pd(345) == 0.89
    assert pd(358) == 0.90


def test_pd_top_band_736_plus() -> None:
    assert pd_hundredths(735) == 99
    assert pd_hundredths(736) == 100
    assert pd_hundredths(800) == 100
    assert pd_hundredths(3999) == 100
    assert pd_hundredths(-736) == 0
    assert pd_hundredths(-735) == 1
    assert pd(736) == 1.0
    assert pd(-736) == 0.0


def test_pd_400_no_cap_inside_lookup() -> None:
    # 392-411 -> .92; 401 is in the same band; the lookup itself has no 400-point cap
    assert pd(400) == 0.92
    assert pd(-400) == 0.08
    assert pd_hundredths(450) == 94  # 433-456


def test_pd_zero_difference() -> None:
    assert pd_hundredths(0) == 50
    assert pd(0) == 0.5


# ---------------------------------------------------------------------------------------
# Rounding.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("x", "expected"),
    [
        (-2.50, -3),
        (2.5, 3),
        (-2.49, -2),
        (2.49, 2),
        (0.5, 1),
        (-0.5, -1),
        (0, 0),
        (-12.2, -12),
        (-12.5, -13),
        (12.5, 13),
        (4.8, 5),
        (-4.8, -5),
        (5.55, 6),
        (Fraction(-5, 2), -3),
        (Decimal("-2.50"), -3),
        (Decimal("2.4999"), 2),
        (-0.49, 0),
        (1.5, 2),
        (-1.5, -2),
    ],
)
def test_round_half_away_from_zero(x: object, expected: int) -> None:
    assert round_half_away(x) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("x", "expected"),
    [
        (2.5, 3),
        (1942.857, 1943),
        (1942.5, 1943),
        (1942.4999, 1942),
        (0.5, 1),
        (1.5, 2),
        (2400.5, 2401),
        (Fraction(13600, 7), 1943),  # 1942.857...
        (Fraction(1, 2), 1),
        (Decimal("2422.5"), 2423),
        (2792.2, 2792),
        (0, 0),
        # "half up" means towards +infinity, so a negative half goes up as well
        (-2.5, -2),
        (-0.5, 0),
        (-2.51, -3),
    ],
)
def test_round_half_up(x: object, expected: int) -> None:
    assert round_half_up(x) == expected  # type: ignore[arg-type]


def test_round_half_up_typed_decimal_not_binary() -> None:
    # 0.505 is stored in binary as 0.50499999...; the typed value is 50.5 hundredths -> 51
    assert percent_hundredths(0.505) == 51
    assert percent_hundredths(Decimal("0.505")) == 51
    # 0.015 (binary 0.01499999...) typed -> 1.5 hundredths -> 2
    assert percent_hundredths(0.015) == 2


# ---------------------------------------------------------------------------------------
# Error classes name their Excel values.
# ---------------------------------------------------------------------------------------
def test_error_classes() -> None:
    assert issubclass(errors.XlfuncsError, ValueError)
    assert errors.InvalidInputError.excel_code == "#VALUE!"
    assert errors.OutOfRangeError.excel_code == "#NUM!"
    assert errors.NothingToComputeError.excel_code == "#N/A"
    for cls in (errors.InvalidInputError, errors.OutOfRangeError, errors.NothingToComputeError):
        assert issubclass(cls, errors.XlfuncsError)
